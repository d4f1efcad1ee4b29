/**
 * One page of an instruction list (spec §7 `GET /api/demandes`,
 * `GET /api/{demandeType}s`; DESIGN §7 `{ page, nb_elements, nb_pages, result }`):
 * one query for the page's rows and the list's count (the columns a
 * summary reads, not the form's JSON), then the summaries built in batch.
 */
import { count, sql } from "drizzle-orm";
import type { TypeDossier } from "../../../contract/etats.ts";
import type { DemandeResume } from "../../../contract/schemas/demande.ts";
import { TAILLE_PAGE, type FiltresDemandes, type Page } from "../../../contract/schemas/listes.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { demandes } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { COLONNES_RESUME, versResumes } from "../demandes/dto.ts";
import { conditionListe } from "./filtres.ts";
import { ordreSql } from "./tri.ts";

/**
 * Page `filtres.page` (first = 1, {@link TAILLE_PAGE} rows) of the requests
 * of `kind` that `utilisateur` sees and `filtres` select, sorted by
 * `filtres.order` then id. A page beyond the last has an empty `result` and
 * the true totals. `maintenant` (the API clock) dates the deadline filters
 * and markers. 403 for `mesDossiers` asked by a non-manager.
 */
export async function pageDemandes(
  database: Database,
  utilisateur: UtilisateurConnecte,
  kind: TypeDossier,
  filtres: FiltresDemandes,
  maintenant: Date,
): Promise<Page<DemandeResume>> {
  const where = conditionListe(utilisateur, kind, filtres, aujourdhuiParis(maintenant));
  const compte = () => database.db.select({ total: count() }).from(demandes).where(where);
  // The count rides along as a scalar subquery (ADR 0036): PostgreSQL computes it once,
  // on the first row, and the page costs one round trip instead of two.
  const lignes = await database.db
    .select({ ...COLONNES_RESUME, total: sql<number>`(${compte()})`.mapWith(Number) })
    .from(demandes)
    .where(where)
    .orderBy(...ordreSql(filtres.order))
    .limit(TAILLE_PAGE)
    // A page past any table (page=1e20) would make an offset PostgreSQL cannot read as an
    // integer: capped, it finds no row all the same.
    .offset(Math.min((filtres.page - 1) * TAILLE_PAGE, Number.MAX_SAFE_INTEGER));
  // No row: an empty list on its first page, or a page beyond the last one, which
  // still answers the true totals.
  const nbElements = lignes.length
    ? lignes[0].total
    : filtres.page === 1
      ? 0
      : Number((await compte())[0].total);
  const nbPages = Math.ceil(nbElements / TAILLE_PAGE);
  return {
    page: filtres.page,
    nb_elements: nbElements,
    nb_pages: nbPages,
    result: await versResumes(database, utilisateur, lignes, maintenant),
  };
}
