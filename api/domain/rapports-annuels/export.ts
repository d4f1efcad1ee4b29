/**
 * The reports of one year for the staff's export (spec §7 GET
 * /api/rapport-annuels/export: one row per approval owing
 * a report, nonDepose rows too), read in batches so that the CSV streams
 * and never holds the whole table.
 */
import { and, asc, count, eq, gt, gte, lte, sql } from "drizzle-orm";
import type {
  ContenuRapportAnnuel,
  EtatRapportAnnuel,
} from "../../../contract/schemas/rapport-annuel.ts";
import type { Database } from "../../db/client.ts";
import {
  agrements,
  demandes,
  piecesJointes,
  rapportsAnnuelsActivite,
  servicesInstructeur,
  societes,
} from "../../db/schema.ts";
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
