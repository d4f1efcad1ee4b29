/**
 * CSV exports of the instruction lists (spec §7 `GET /api/demandes/export`,
 * `GET /api/changement-notable/export`): the rows the list shows for the
 * same filters, all pages, streamed batch by batch from the database.
 */
import { libelleEtat, LIBELLES_ETAPE_INSTRUCTION } from "../../../contract/libelles.ts";
import type { EtatDemande, TypeDossier } from "../../../contract/etats.ts";
import { libelleQualite } from "../../../contract/qualites.ts";
import type { FiltresDemandes } from "../../../contract/schemas/listes.ts";
import { etapeInstruction } from "../../../contract/statuts.ts";
import { afficherDate, aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { fluxCsvParLots, ouiNon, TYPE_CSV, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierEnFlux } from "../../exports/fichier.ts";
import { estReputeRejete } from "../demandes/delais.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { lotsDemandes, type LigneExport } from "./parcours.ts";

/** "Nom (code)", the code alone when the name is unknown, empty without a code. */
const nomEtCode = (nom: string | null, code: string | null) =>
  code ? (nom ? `${nom} (${code})` : code) : "";

/** Columns of the export, in order; `maintenant` dates the deemed-rejected flag. */
export function colonnesDemandes(maintenant: Date): ColonneCsv<LigneExport>[] {
  return [
    { entete: "Numéro de dossier", valeur: ({ demande }) => demande.numeroDossier },
    { entete: "Raison sociale", valeur: ({ demande }) => demande.raisonSociale },
    { entete: "SIREN", valeur: ({ demande }) => demande.siren },
    {
      entete: "Qualité",
      valeur: ({ demande }) => (demande.qualite ? libelleQualite(demande.qualite) : ""),
    },
    { entete: "État", valeur: ({ demande }) => libelleEtat(demande.etat) },
    {
      entete: "Étape d'instruction",
      valeur: ({ demande }) =>
        LIBELLES_ETAPE_INSTRUCTION[etapeInstruction(demande.etat as EtatDemande)],
    },
    {
      entete: "Département",
      valeur: ({ demande, departement }) => nomEtCode(departement, demande.codeDepartement),
    },
    { entete: "Région", valeur: ({ demande, region }) => nomEtCode(region, demande.codeRegion) },
    { entete: "Service instructeur", valeur: ({ service }) => service },
    {
      entete: "Instructeur",
      valeur: ({ instructeur }) =>
        instructeur ? `${instructeur.prenom} ${instructeur.nom}`.trim() : "",
    },
    {
      entete: "Date de dépôt",
      valeur: ({ jourDepot }) => afficherDate(jourDepot),
    },
    {
      entete: "Date limite d'instruction",
      valeur: ({ demande }) => afficherDate(demande.dateLimiteInstruction),
    },
    {
      entete: "Réputé rejeté",
      valeur: ({ demande }) => ouiNon(estReputeRejete(demande, maintenant)),
    },
  ];
}

/** File name of an export: "demandes-AAAA-MM-JJ.csv" / "changements-notables-AAAA-MM-JJ.csv". */
export function nomExport(kind: TypeDossier, maintenant: Date): string {
  const prefixe = kind === "demande" ? "demandes" : "changements-notables";
  return `${prefixe}-${aujourdhuiParis(maintenant)}.csv`;
}

/**
 * The CSV export of `kind` for `utilisateur` and `filtres`, named after the
 * day of `maintenant`, as a byte stream. The first batch is read before
 * this resolves, so that a refusal or a database failure rejects here (and
 * still answers as JSON); the rest is read as the stream is, batch by
 * batch, never the whole list in memory.
 */
export async function fichierExportDemandes(contexte: {
  database: Database;
  utilisateur: UtilisateurConnecte;
  kind: TypeDossier;
  filtres: FiltresDemandes;
  maintenant: Date;
}): Promise<FichierEnFlux> {
  const { database, utilisateur, kind, filtres, maintenant } = contexte;
  return {
    nomFichier: nomExport(kind, maintenant),
    typeMime: TYPE_CSV,
    contenu: await fluxCsvParLots(
      colonnesDemandes(maintenant),
      lotsDemandes(database, utilisateur, kind, filtres, maintenant),
    ),
  };
}
