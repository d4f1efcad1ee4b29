/**
 * Who sees which request (DESIGN §4): one rule for every /api/{kind}/{id}
 * route, so that a foreign id answers 404 and never another company's data.
 */
import { and, eq, sql } from "drizzle-orm";
import { estBrouillon, type TypeDossier } from "../../contract/etats.ts";
import { couvre } from "../../contract/perimetre.ts";
import { hasAnyRole, CENTRAL_ROLES } from "../../contract/roles.ts";
import type { Database } from "../db/client.ts";
import { demandes } from "../db/schema.ts";
import type { UtilisateurConnecte } from "./utilisateur-connecte.ts";
import { introuvable } from "./erreurs.ts";
import { requetePreparee } from "./requetes-preparees.ts";

export type DemandeRow = typeof demandes.$inferSelect;

/** Which side of the file a user stands on, for messages and reads. */
export type Cote = "demandeur" | "instruction" | "lecture";

/**
 * Whether `utilisateur` may see `demande` (DESIGN §4):
 * - demandeur: his company's requests, drafts included;
 * - instructeur, crhh: deposited requests of their service instructeur;
 * - superviseur: deposited requests whose head office lies in his
 *   supervision perimeter (région or département), or of his service when he
 *   has no perimeter yet;
 * - mar_admin, anah_centrale: every deposited request, read-only.
 * Drafts (brouillon, arrete_perime) and requests cancelled before their
 * deposit (no dateDepot) are never shown to staff: they were never filed.
 */
export function peutVoir(utilisateur: UtilisateurConnecte, demande: DemandeRow): boolean {
  const { row, roles } = utilisateur;
  if (roles.includes("demandeur") && row.societeId && row.societeId === demande.societeId)
    return true;
  if (estBrouillon(demande.etat) || demande.dateDepot === null) return false;
  if (hasAnyRole(roles, CENTRAL_ROLES)) return true;
  if (
    hasAnyRole(roles, ["instructeur", "crhh"]) &&
    row.serviceInstructeurId !== null &&
    row.serviceInstructeurId === demande.serviceInstructeurId
  )
    return true;
  if (roles.includes("superviseur")) {
    const perimetre = row.perimetreSupervision;
    if (perimetre) {
      const siege = { region: demande.codeRegion, departement: demande.codeDepartement };
      if (couvre(perimetre, siege)) return true;
    } else if (
      row.serviceInstructeurId !== null &&
      row.serviceInstructeurId === demande.serviceInstructeurId
    ) {
      return true;
    }
  }
  return false;
}

/** The side `utilisateur` takes on a file he may see. */
export function coteDe(
  utilisateur: UtilisateurConnecte,
  demande: Pick<DemandeRow, "societeId">,
): Cote {
  if (utilisateur.row.societeId && utilisateur.row.societeId === demande.societeId)
    return "demandeur";
  if (hasAnyRole(utilisateur.roles, ["instructeur", "crhh", "superviseur"])) return "instruction";
  return "lecture";
}

/** The request of id `id` and kind `kind` (read by every /api/{kind}/{id} call, ADR 0035). */
const demandeParId = requetePreparee("acces_demande_par_id", (db, nom) =>
  db
    .select()
    .from(demandes)
    .where(and(eq(demandes.id, sql.placeholder("id")), eq(demandes.kind, sql.placeholder("kind"))))
    .prepare(nom),
);

/**
 * Loads request `id` of `kind` if `utilisateur` may see it; otherwise throws
 * 404 (same answer for a foreign, deleted or malformed id).
 */
export async function chargerDemandeAccessible(
  database: Database,
  utilisateur: UtilisateurConnecte,
  kind: TypeDossier,
  id: string,
): Promise<DemandeRow> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw introuvable();
  const [demande] = await demandeParId(database.db).execute({ id, kind });
  if (!demande || !peutVoir(utilisateur, demande)) throw introuvable();
  return demande;
}

/** `demande` or `changement-notable` from a URL segment; 404 otherwise. */
export function lireKind(segment: string): TypeDossier {
  if (segment === "demande" || segment === "changement-notable") return segment;
  throw introuvable();
}
