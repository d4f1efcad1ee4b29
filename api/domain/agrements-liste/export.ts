/**
 * CSV export of the approvals list (spec §7 `GET /api/agrements/export`
 * "filters", §9 exports; issue 15 item 4): the rows the list shows for the
 * same filters, all pages, streamed batch by batch with the portal's CSV
 * conventions (api/exports/csv.ts: `;`, BOM, header row).
 */
import type { Response } from "express";
import { Readable } from "node:stream";
import type { Logger } from "pino";
import {
  LIBELLES_ETAT_AGREMENT,
  type AgrementListe,
  type FiltresAgrements,
} from "../../../contract/schemas/agrements-liste.ts";
import { libelleQualite } from "../../../contract/qualites.ts";
import { afficherDate, aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { ecrivainCsvParLots, entetesCsv, type ColonneCsv } from "../../exports/csv.ts";
import { envoyerFlux } from "../../exports/flux.ts";
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
 * Answers `GET /api/agrements/export` for `utilisateur` and `filtres`
 * (page and sort ignored: numeroAgrement ascending). The first batch is
 * read before any header is sent, so that a database failure still
 * answers as JSON; the rest streams with backpressure.
 */
export async function envoyerExportAgrements(
  res: Response,
  contexte: {
    database: Database;
    logger: Logger;
    utilisateur: UtilisateurConnecte;
    filtres: FiltresAgrements;
    maintenant: Date;
  },
): Promise<void> {
  const { database, logger, utilisateur, filtres, maintenant } = contexte;
  const ecrire = ecrivainCsvParLots(COLONNES_AGREMENTS);
  const lots = lotsAgrements(database, utilisateur, filtres, maintenant);
  const premier = await lots.next();
  async function* morceaux() {
    yield ecrire(premier.done ? [] : premier.value);
    for await (const lot of lots) yield ecrire(lot);
  }
  entetesCsv(res, nomExportAgrements(maintenant));
  await envoyerFlux(res, logger, Readable.from(morceaux(), { objectMode: false }));
}
