/** History of a request (DESIGN §3 "every transition writes one history row"; spec §7 historique). */
import { and, desc, eq } from "drizzle-orm";
import type { EntreeHistorique } from "../../../contract/schemas/demande.ts";
import type { Database } from "../../db/client.ts";
import { historique, utilisateurs } from "../../db/schema.ts";
import type { DemandeRow } from "../acces.ts";

/**
 * GET /api/{type}/{id}/historique: the rows of `demande`, newest first
 * (ties by insertion order), with the actor's name and the role he acted
 * in; `acteur` is null for deadline jobs and deleted accounts.
 */
export async function historiqueDe(
  database: Database,
  demande: Pick<DemandeRow, "id" | "kind">,
): Promise<EntreeHistorique[]> {
  const rows = await database.db
    .select({ entree: historique, prenom: utilisateurs.prenom, nom: utilisateurs.nom })
    .from(historique)
    .leftJoin(utilisateurs, eq(utilisateurs.id, historique.acteurId))
    .where(and(eq(historique.ressourceType, demande.kind), eq(historique.ressourceId, demande.id)))
    .orderBy(desc(historique.date), desc(historique.id));
  return rows.map(({ entree, prenom, nom }) => ({
    id: entree.id,
    action: entree.action,
    etatAvant: entree.etatAvant,
    etatApres: entree.etatApres,
    date: entree.date.toISOString(),
    commentaire: entree.commentaire,
    acteur:
      entree.acteurId && prenom !== null && nom !== null
        ? { prenom, nom, role: entree.acteurRole }
        : null,
  }));
}
