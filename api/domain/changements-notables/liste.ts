/**
 * GET /api/changement-notables/mes-changements-notables (spec §2
 * /mes-demandes-changement-notable, §7 Requests; ADR 0020): the notable
 * changes of the caller's company, as `GET /api/demandes/mes-demandes`
 * returns the approval requests.
 */
import { and, desc, eq } from "drizzle-orm";
import type { EtatDemande } from "../../../contract/etats.ts";
import type { DemandeResume } from "../../../contract/schemas/demande.ts";
import type { Database } from "../../db/client.ts";
import { demandes } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { versResumes } from "../demandes/dto.ts";
import { ETATS_AVANT_DECISION } from "../workflow.ts";

/**
 * `DemandeResume[]` of the notable changes of `utilisateur`'s company at
 * `maintenant`: the one in progress (draft or deposited, not decided)
 * first, then the newest first (spec §9). Empty without a company.
 */
export async function mesChangementsNotables(
  database: Database,
  utilisateur: UtilisateurConnecte,
  maintenant: Date,
): Promise<DemandeResume[]> {
  const societeId = utilisateur.row.societeId;
  if (!societeId) return [];
  const rows = await database.db
    .select()
    .from(demandes)
    .where(and(eq(demandes.societeId, societeId), eq(demandes.kind, "changement-notable")))
    .orderBy(desc(demandes.dateCreation), desc(demandes.id));
  const termine = (etat: string) => (ETATS_AVANT_DECISION.includes(etat as EtatDemande) ? 0 : 1);
  const triees = [...rows].sort((a, b) => termine(a.etat) - termine(b.etat));
  return versResumes(database, utilisateur, triees, maintenant);
}
