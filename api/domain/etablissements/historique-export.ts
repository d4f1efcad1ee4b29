/**
 * The export history of the referenced establishments (spec §3 Etablissement
 * "export history entry: last name, first name, export date, filters,
 * commentaire"; §7 `GET /api/historique-export-etablissements`,
 * `PATCH /api/historique-export-etablissement/{id}`): one
 * row per central download, written before the file leaves, listed newest
 * first and commentable afterwards.
 */
import { count, desc, eq } from "drizzle-orm";
import {
  TAILLE_PAGE_ETABLISSEMENTS,
  type FiltresTelechargement,
  type HistoriqueExportEtablissements,
} from "../../../contract/schemas/etablissements-liste.ts";
import type { Page } from "../../../contract/schemas/listes.ts";
import type { Database } from "../../db/client.ts";
import { historiqueExportsEtablissements } from "../../db/schema.ts";
import { introuvable } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";

type LigneHistorique = typeof historiqueExportsEtablissements.$inferSelect;

/** The contract form of a row. */
function versHistorique(ligne: LigneHistorique): HistoriqueExportEtablissements {
  return {
    id: ligne.id,
    nom: ligne.nom,
    prenom: ligne.prenom,
    dateExport: ligne.dateExport.toISOString(),
    filtres: ligne.filtres,
    commentaire: ligne.commentaire,
  };
}

/**
 * Writes the history row of a download by `utilisateur` at `maintenant`:
 * his names are copied (the row outlives the account), `filtres` are
 * `{ startDate, endDate }` (AAAA-MM-JJ) or `{ raisonSociale }`.
 */
export async function inscrireExport(
  database: Database,
  utilisateur: UtilisateurConnecte,
  filtres: FiltresTelechargement,
  maintenant: Date,
): Promise<HistoriqueExportEtablissements> {
  const [ligne] = await database.db
    .insert(historiqueExportsEtablissements)
    .values({
      utilisateurId: utilisateur.row.id,
      nom: utilisateur.row.nom,
      prenom: utilisateur.row.prenom,
      dateExport: maintenant,
      filtres:
        filtres.raisonSociale !== undefined
          ? { raisonSociale: filtres.raisonSociale }
          : { startDate: filtres.startDate, endDate: filtres.endDate },
    })
    .returning();
  return versHistorique(ligne);
}

/** Page `page` (first = 1, 20 rows) of the history, newest download first (ties by id). */
export async function pageHistoriqueExports(
  database: Database,
  page: number,
): Promise<Page<HistoriqueExportEtablissements>> {
  const [{ total }] = await database.db
    .select({ total: count() })
    .from(historiqueExportsEtablissements);
  const nbElements = Number(total);
  const nbPages = Math.ceil(nbElements / TAILLE_PAGE_ETABLISSEMENTS);
  const lignes =
    page > nbPages
      ? []
      : await database.db
          .select()
          .from(historiqueExportsEtablissements)
          .orderBy(
            desc(historiqueExportsEtablissements.dateExport),
            desc(historiqueExportsEtablissements.id),
          )
          .limit(TAILLE_PAGE_ETABLISSEMENTS)
          .offset((page - 1) * TAILLE_PAGE_ETABLISSEMENTS);
  return { page, nb_elements: nbElements, nb_pages: nbPages, result: lignes.map(versHistorique) };
}

/**
 * Sets (or, with null, clears) the comment of entry `id` (its number as
 * the path gives it); 404 when there is no such entry or `id` is not a number.
 */
export async function commenterExport(
  database: Database,
  id: string,
  commentaire: string | null,
): Promise<HistoriqueExportEtablissements> {
  if (!/^\d{1,9}$/.test(id)) throw introuvable();
  const [ligne] = await database.db
    .update(historiqueExportsEtablissements)
    .set({ commentaire })
    .where(eq(historiqueExportsEtablissements.id, Number(id)))
    .returning();
  if (!ligne) throw introuvable();
  return versHistorique(ligne);
}
