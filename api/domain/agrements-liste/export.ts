/**
 * CSV export of the approvals list (spec §7 `GET /api/agrements/export`
 * "filters", §9 exports): the rows the list shows for the
 * same filters, all pages, streamed batch by batch with the portal's CSV
 * conventions (api/exports/csv.ts: `;`, BOM, header row).
 */
import {
  LIBELLES_ETAT_AGREMENT,
  type AgrementListe,
  type FiltresAgrements,
} from "../../../contract/schemas/agrements-liste.ts";
import { libelleQualite } from "../../../contract/qualites.ts";
import { afficherDate, aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { fluxCsvParLots, TYPE_CSV, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierEnFlux } from "../../exports/fichier.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { lotsAgrements } from "./liste.ts";

/** Columns of the export, in order (those of the list, with full labels). */
export const COLONNES_AGREMENTS: readonly ColonneCsv<AgrementListe>[] = [
  { entete: "Numéro d'agrément", valeur: (a) => a.numeroAgrement },
  { entete: "Raison sociale", valeur: (a) => a.raisonSociale },
  { entete: "SIREN", valeur: (a) => a.siren },
  { entete: "Qualité", valeur: (a) => (a.qualite ? libelleQualite(a.qualite) : "") },
  { entete: "État", valeur: (a) => LIBELLES_ETAT_AGREMENT[a.etat] },
  { entete: "Date de début", valeur: (a) => afficherDate(a.dateDebut) },
  { entete: "Date de fin", valeur: (a) => afficherDate(a.dateFin) },
  { entete: "Département du siège", valeur: (a) => a.codeDepartement },
  { entete: "Service instructeur", valeur: (a) => a.serviceInstructeur },
  { entete: "Établissements référencés", valeur: (a) => String(a.nbEtablissements) },
];

/** File name of the export: "agrements-AAAA-MM-JJ.csv" (Europe/Paris day). */
export function nomExportAgrements(maintenant: Date): string {
  return `agrements-${aujourdhuiParis(maintenant)}.csv`;
}

/**
 * The file of `GET /api/agrements/export` for `utilisateur` and `filtres`
 * (page and sort ignored: numeroAgrement ascending), named after the day
 * of `maintenant`, as a byte stream. The first batch is read before this
 * resolves, so that a database failure rejects here (and still answers as
 * JSON); the rest is read as the stream is, batch by batch.
 */
export async function fichierExportAgrements(contexte: {
  database: Database;
  utilisateur: UtilisateurConnecte;
  filtres: FiltresAgrements;
  maintenant: Date;
}): Promise<FichierEnFlux> {
  const { database, utilisateur, filtres, maintenant } = contexte;
  return {
    nomFichier: nomExportAgrements(maintenant),
    typeMime: TYPE_CSV,
    contenu: await fluxCsvParLots(
      COLONNES_AGREMENTS,
      lotsAgrements(database, utilisateur, filtres, maintenant),
    ),
  };
}
