/**
 * History rows of the functional administrator's settings, one per
 * change. The `historique` table hangs rows on a
 * resource by uuid; banners have serial ids and flags names, so each gets a
 * deterministic uuid (RFC 9562 version 8, from a SHA-256 of its kind and
 * key): the same banner or flag always has the same `ressource_id`, and its
 * rows are found with it.
 */
import { createHash } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { historique } from "../../db/schema.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";

/** Resource kinds of these rows (TYPES_RESSOURCE of api/db/schema.ts). */
export type RessourceAdministration = "bandeau-informatif" | "fonctionnalite";

/**
 * The uuid standing for `cle` (a banner's id, a flag's name) of kind
 * `type`: SHA-256 of "type:cle", cut to 128 bits, version 8 and RFC variant bits set.
 */
export function identifiantRessource(type: RessourceAdministration, cle: string | number): string {
  const octets = createHash("sha256").update(`${type}:${cle}`).digest().subarray(0, 16);
  octets[6] = (octets[6] & 0x0f) | 0x80;
  octets[8] = (octets[8] & 0x3f) | 0x80;
  const hex = octets.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A transaction or the database: both insert. */
type Executeur = Pick<Database["db"], "insert">;

/**
 * Writes one history row for a change of the administrator `acteur`:
 * `action` (CREER_BANDEAU, RETIRER_BANDEAU, MODIFIER_FONCTIONNALITE), the
 * resource's key, states before and after when they make sense, and
 * `donnees` (what changed), at `date`.
 */
export async function ecrireHistoriqueAdministration(
  executeur: Executeur,
  entree: {
    type: RessourceAdministration;
    cle: string | number;
    action: string;
    acteur: UtilisateurConnecte;
    date: Date;
    etatAvant?: string | null;
    etatApres?: string | null;
    donnees: Record<string, unknown>;
  },
): Promise<void> {
  await executeur.insert(historique).values({
    ressourceType: entree.type,
    ressourceId: identifiantRessource(entree.type, entree.cle),
    action: entree.action,
    etatAvant: entree.etatAvant ?? null,
    etatApres: entree.etatApres ?? null,
    acteurId: entree.acteur.row.id,
    acteurRole: "admin_fonctionnel",
    donnees: { cle: entree.cle, ...entree.donnees },
    date: entree.date,
  });
}
