/** History of a request (DESIGN §3 "every transition writes one history row"; spec §7 historique). */
import { desc, eq } from "drizzle-orm";
import { lireHistorique } from "../../../contract/historique-visibilite.ts";
import type { EntreeHistorique } from "../../../contract/schemas/demande.ts";
import type { Database } from "../../db/client.ts";
import { historique, utilisateurs } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { coteDe, type DemandeRow } from "../acces.ts";
import { deLaRessource, requetePreparee } from "../requetes-preparees.ts";

/** Every history row of a resource with its actor's name, newest first (ADR 0035). */
const historiqueDeRessource = requetePreparee("historique_de_ressource", (db, nom) =>
  db
    .select({ entree: historique, prenom: utilisateurs.prenom, nom: utilisateurs.nom })
    .from(historique)
    .leftJoin(utilisateurs, eq(utilisateurs.id, historique.acteurId))
    .where(deLaRessource(historique))
    .orderBy(desc(historique.date), desc(historique.id))
    .prepare(nom),
);

/**
 * The history of `demande` as `lecteur` may read it, newest first (ties by
 * insertion order), with the actor's name and the role he acted in;
 * `acteur` is null for deadline jobs and deleted accounts. The one read of
 * the history table that answers users (GET /api/{kind}/{id}/historique,
 * historique.csv of the file archive): staff get every row, the applicant
 * only what contract/historique-visibilite.ts gives him.
 * The caller has checked that `lecteur` may see `demande`.
 */
export async function historiqueDe(
  database: Database,
  lecteur: UtilisateurConnecte,
  demande: Pick<DemandeRow, "id" | "kind" | "societeId">,
): Promise<EntreeHistorique[]> {
  const rows = await historiqueDeRessource(database.db).execute({
    kind: demande.kind,
    id: demande.id,
  });
  const entrees = rows.map(({ entree, prenom, nom }): EntreeHistorique => ({
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
  return lireHistorique(coteDe(lecteur, demande), entrees);
}
