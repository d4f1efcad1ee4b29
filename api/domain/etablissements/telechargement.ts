/**
 * The central download of the referenced establishments (spec §7
 * `GET /api/etablissements/telechargement`, §9 `etablissements.zip`; issue
 * 12 item 4): by period of referencing or by company, one CSV inside a ZIP,
 * streamed; the export history row is written in the same request, before
 * the first byte leaves.
 */
import type { Response } from "express";
import type { Logger } from "pino";
import {
  MESSAGE_AUCUN_RESULTAT,
  type FiltresTelechargement,
} from "../../../contract/schemas/etablissements-liste.ts";
import type { Database } from "../../db/client.ts";
import { envoyerZip } from "../../exports/zip.ts";
import { invalide } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { NOM_CSV_ETABLISSEMENTS, fluxCsvEtablissements } from "./export.ts";
import { inscrireExport } from "./historique-export.ts";
import { conditionTelechargement, societeConnue } from "./liste.ts";

/** Name of the downloaded archive (spec §9). */
export const NOM_ZIP_ETABLISSEMENTS = "etablissements.zip";

/**
 * Answers a download for `utilisateur` (a central role, checked by the
 * route): a company no establishment belongs to → 422 "Aucun résultat" on
 * `raisonSociale`, nothing written; otherwise the history row, then
 * `etablissements.zip` holding `EtablissementsReferences.csv` (the
 * referenced establishments of the period or company, newest first).
 */
export async function envoyerTelechargementEtablissements(
  res: Response,
  contexte: {
    database: Database;
    logger: Logger;
    utilisateur: UtilisateurConnecte;
    filtres: FiltresTelechargement;
    maintenant: Date;
  },
): Promise<void> {
  const { database, logger, utilisateur, filtres, maintenant } = contexte;
  if (
    filtres.raisonSociale !== undefined &&
    !(await societeConnue(database, filtres.raisonSociale))
  )
    throw invalide(MESSAGE_AUCUN_RESULTAT, { champs: { raisonSociale: [MESSAGE_AUCUN_RESULTAT] } });
  await inscrireExport(database, utilisateur, filtres, maintenant);
  const csv = await fluxCsvEtablissements(database, conditionTelechargement(filtres));
  await envoyerZip(res, logger, NOM_ZIP_ETABLISSEMENTS, [
    { chemin: NOM_CSV_ETABLISSEMENTS, date: maintenant, contenu: async () => csv },
  ]);
}
