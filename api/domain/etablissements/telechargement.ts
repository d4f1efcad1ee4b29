/**
 * The central download of the referenced establishments (spec §7
 * `GET /api/etablissements/telechargement`, §9 `etablissements.zip`): by
 * period of referencing or by company, one CSV inside a ZIP,
 * streamed; the export history row is written in the same request, before
 * the first byte leaves.
 */
import {
  MESSAGE_AUCUN_RESULTAT,
  type FiltresTelechargement,
} from "../../../contract/schemas/etablissements-liste.ts";
import type { Database } from "../../db/client.ts";
import type { FichierZip } from "../../exports/fichier.ts";
import { invalide } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { NOM_CSV_ETABLISSEMENTS, fluxCsvEtablissements } from "./export.ts";
import { inscrireExport } from "./historique-export.ts";
import { conditionTelechargement, societeConnue } from "./liste.ts";

/** Name of the downloaded archive (spec §9). */
export const NOM_ZIP_ETABLISSEMENTS = "etablissements.zip";

/**
 * The download for `utilisateur` (a central role, checked by the route):
 * writes the history row, then gives `etablissements.zip` holding
 * `EtablissementsReferences.csv` (the referenced establishments of the
 * period or company, newest first), its first batch already read so that a
 * database failure rejects here. Throws `invalide` (422 "Aucun résultat" on
 * `raisonSociale`) for a company no establishment belongs to, nothing written.
 */
export async function fichierTelechargementEtablissements(contexte: {
  database: Database;
  utilisateur: UtilisateurConnecte;
  filtres: FiltresTelechargement;
  maintenant: Date;
}): Promise<FichierZip> {
  const { database, utilisateur, filtres, maintenant } = contexte;
  if (
    filtres.raisonSociale !== undefined &&
    !(await societeConnue(database, filtres.raisonSociale))
  )
    throw invalide(MESSAGE_AUCUN_RESULTAT, { champs: { raisonSociale: [MESSAGE_AUCUN_RESULTAT] } });
  await inscrireExport(database, utilisateur, filtres, maintenant);
  const csv = await fluxCsvEtablissements(database, conditionTelechargement(filtres));
  return {
    nomFichier: NOM_ZIP_ETABLISSEMENTS,
    entrees: [{ chemin: NOM_CSV_ETABLISSEMENTS, date: maintenant, contenu: async () => csv }],
  };
}
