/**
 * The reports of one year for the staff's export (spec §7 GET
 * /api/rapport-annuels/export: one row per approval owing
 * a report, nonDepose rows too), read in batches so that the CSV
 * rapports-annuels-<annee>.csv streams and never holds the whole table.
 */
import { and, asc, count, eq, gt, gte, lte, sql } from "drizzle-orm";
import {
  LIBELLES_ETAT_RAPPORT_ANNUEL,
  type ContenuRapportAnnuel,
  type EtatRapportAnnuel,
} from "../../../contract/schemas/rapport-annuel.ts";
import { afficherDecimal } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import {
  agrements,
  demandes,
  piecesJointes,
  rapportsAnnuelsActivite,
  servicesInstructeur,
  societes,
} from "../../db/schema.ts";
import { fluxCsvParLots, ouiNon, TYPE_CSV, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierEnFlux } from "../../exports/fichier.ts";
import { dateHeureParis } from "../../pdf/identite.ts";
import { conditionVisibilite } from "../listes/visibilite.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { etatRapport } from "./regles.ts";

/** One row of the export. */
export interface LigneExportRapport {
  numeroAgrement: string;
  raisonSociale: string;
  siren: string | null;
  etatAgrement: string;
  codeDepartement: string | null;
  serviceInstructeur: string | null;
  annee: number;
  etat: EtatRapportAnnuel;
  dateDepot: Date | null;
  dateModification: Date | null;
  contenu: ContenuRapportAnnuel;
  nbPiecesJointes: number;
}

const nombre = (valeur: number | undefined) => (valeur === undefined ? "" : String(valeur));
const decimal = (valeur: number | undefined) =>
  valeur === undefined ? "" : afficherDecimal(valeur);
const date = (valeur: Date | null) => (valeur ? dateHeureParis(valeur) : "");

/** Columns of rapports-annuels-<annee>.csv (one row per approval owing the report). */
export const COLONNES_EXPORT_RAPPORTS: readonly ColonneCsv<LigneExportRapport>[] = [
  { entete: "Numéro d'agrément", valeur: (ligne) => ligne.numeroAgrement },
  { entete: "Raison sociale", valeur: (ligne) => ligne.raisonSociale },
  { entete: "SIREN", valeur: (ligne) => ligne.siren },
  { entete: "État de l'agrément", valeur: (ligne) => ligne.etatAgrement },
  { entete: "Département du siège", valeur: (ligne) => ligne.codeDepartement },
  { entete: "Service instructeur", valeur: (ligne) => ligne.serviceInstructeur },
  { entete: "Année", valeur: (ligne) => String(ligne.annee) },
  { entete: "État du rapport", valeur: (ligne) => ligne.etat },
  { entete: "Libellé de l'état", valeur: (ligne) => LIBELLES_ETAT_RAPPORT_ANNUEL[ligne.etat] },
  { entete: "Date de dépôt", valeur: (ligne) => date(ligne.dateDepot) },
  { entete: "Date de modification", valeur: (ligne) => date(ligne.dateModification) },
  {
    entete: "ETP de la structure",
    valeur: (ligne) => decimal(ligne.contenu.effectifs?.etpStructure),
  },
  {
    entete: "ETP d'accompagnement",
    valeur: (ligne) => decimal(ligne.contenu.effectifs?.etpAccompagnement),
  },
  {
    entete: "ETP par département (réalisé/prévisionnel)",
    valeur: (ligne) =>
      (ligne.contenu.effectifs?.departements ?? [])
        .map((d) => `${d.code}:${afficherDecimal(d.realise)}/${afficherDecimal(d.previsionnel)}`)
        .join(" "),
  },
  {
    entete: "Contrats signés",
    valeur: (ligne) => nombre(ligne.contenu.activite?.nbContratsSignes),
  },
  {
    entete: "Contrats abandonnés",
    valeur: (ligne) => nombre(ligne.contenu.activite?.nbContratsAbandonnes),
  },
  {
    entete: "Dossiers déposés",
    valeur: (ligne) => nombre(ligne.contenu.activite?.nbDossiersDeposes),
  },
  {
    entete: "Accompagnements prévisionnels",
    valeur: (ligne) => nombre(ligne.contenu.activite?.nbAccompagnementsPrevisionnels),
  },
  {
    entete: "Sous-traitance",
    valeur: (ligne) => (ligne.contenu.activite ? ouiNon(ligne.contenu.activite.sousTraitance) : ""),
  },
  {
    entete: "Audits sous-traités",
    valeur: (ligne) => nombre(ligne.contenu.activite?.nbSousTraitanceAudits),
  },
  {
    entete: "Prestations renforcées sous-traitées",
    valeur: (ligne) => nombre(ligne.contenu.activite?.nbSousTraitancePrestationsRenforcees),
  },
  {
    entete: "Missions complètes sous-traitées",
    valeur: (ligne) => nombre(ligne.contenu.activite?.nbSousTraitanceMissionComplete),
  },
  {
    entete: "Capital modifié",
    valeur: (ligne) =>
      ligne.contenu.changements ? ouiNon(ligne.contenu.changements.capitalModifie) : "",
  },
  {
    entete: "Gouvernance modifiée",
    valeur: (ligne) =>
      ligne.contenu.changements ? ouiNon(ligne.contenu.changements.gouvernanceModifiee) : "",
  },
  { entete: "Documents", valeur: (ligne) => String(ligne.nbPiecesJointes) },
];

/** Approvals read per query. */
export const TAILLE_LOT_EXPORT_RAPPORTS = 500;

/**
 * The approvals `utilisateur` may see (DESIGN §4, through the request they
 * were granted on) that owe a report about `annee` (regles.ts: in force
 * during the year, not withdrawn unless already deposited, not before
 * 2024), by approval number, with their report of that year if created,
 * in batches of {@link TAILLE_LOT_EXPORT_RAPPORTS}.
 */
export async function* lotsRapportsAnnuels(
  database: Database,
  utilisateur: UtilisateurConnecte,
  annee: number,
): AsyncGenerator<LigneExportRapport[]> {
  const { db } = database;
  let apres = "";
  for (;;) {
    const lignes = await db
      .select({
        agrement: agrements,
        siren: societes.siren,
        service: servicesInstructeur.nom,
        rapport: rapportsAnnuelsActivite,
        nbPiecesJointes: sql<number>`(${db
          .select({ n: count() })
          .from(piecesJointes)
          .where(
            and(
              eq(piecesJointes.ressourceType, "rapport-annuel"),
              eq(piecesJointes.ressourceId, rapportsAnnuelsActivite.id),
            ),
          )})`.mapWith(Number),
      })
      .from(agrements)
      .innerJoin(demandes, eq(demandes.id, agrements.demandeId))
      .innerJoin(societes, eq(societes.id, agrements.societeId))
      .leftJoin(servicesInstructeur, eq(servicesInstructeur.id, agrements.serviceInstructeurId))
      .leftJoin(
        rapportsAnnuelsActivite,
        and(
          eq(rapportsAnnuelsActivite.agrementId, agrements.id),
          eq(rapportsAnnuelsActivite.annee, annee),
        ),
      )
      .where(
        and(
          conditionVisibilite(utilisateur),
          // The SQL side of the exemptions (the rest is etatRapport below).
          lte(agrements.dateDebut, `${annee}-12-31`),
          gte(agrements.dateFin, `${annee}-01-01`),
          gt(agrements.numeroAgrement, apres),
        ),
      )
      .orderBy(asc(agrements.numeroAgrement))
      .limit(TAILLE_LOT_EXPORT_RAPPORTS);
    if (!lignes.length) return;
    apres = lignes[lignes.length - 1]!.agrement.numeroAgrement;
    const lot: LigneExportRapport[] = [];
    for (const { agrement, siren, service, rapport, nbPiecesJointes } of lignes) {
      const etat = etatRapport(agrement, annee, rapport);
      if (etat === "nonApplicable") continue;
      lot.push({
        numeroAgrement: agrement.numeroAgrement,
        raisonSociale: agrement.raisonSociale,
        siren,
        etatAgrement: agrement.etat,
        codeDepartement: agrement.codeDepartement,
        serviceInstructeur: service,
        annee,
        etat,
        dateDepot: rapport?.dateDepot ?? null,
        dateModification: rapport?.dateModification ?? null,
        contenu: rapport?.contenu ?? {},
        nbPiecesJointes: rapport ? nbPiecesJointes : 0,
      });
    }
    if (lot.length) yield lot;
    if (lignes.length < TAILLE_LOT_EXPORT_RAPPORTS) return;
  }
}

/**
 * The file of `GET /api/rapport-annuels/export` for `utilisateur` and
 * `annee`: rapports-annuels-<annee>.csv as a byte stream, its first batch
 * already read so that a database failure rejects here.
 */
export async function fichierExportRapportsAnnuels(
  database: Database,
  utilisateur: UtilisateurConnecte,
  annee: number,
): Promise<FichierEnFlux> {
  return {
    nomFichier: `rapports-annuels-${annee}.csv`,
    typeMime: TYPE_CSV,
    contenu: await fluxCsvParLots(
      COLONNES_EXPORT_RAPPORTS,
      lotsRapportsAnnuels(database, utilisateur, annee),
    ),
  };
}
