/**
 * Supervision perimeter of a superviseur (spec §3 Current user
 * `perimetreSupervision`, §6 blocking perimeter modal, §7 POST
 * /api/user/perimetre-supervision; issue 16 items 2 and 3). "Mes dossiers"
 * and "Tous les dossiers" read it (api/domain/listes/visibilite.ts, ADR 0015).
 */
import { eq, inArray } from "drizzle-orm";
import type { SaisiePerimetreSupervision } from "../../../contract/schemas/compte-parametres.ts";
import type { Database } from "../../db/client.ts";
import { departements, regions, utilisateurs } from "../../db/schema.ts";
import { invalide } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";

/** A code that no région (or département) has. */
export const MESSAGE_CODE_INCONNU = "Ce code n'existe pas";

/**
 * Replaces the perimeter of superviseur `utilisateur` (the role is checked
 * by the endpoint) with `saisie` (at least one code, checked by the
 * contract): duplicates removed, codes sorted; an unknown région or
 * département → 422 on its list, nothing saved.
 */
export async function enregistrerPerimetreSupervision(
  deps: { database: Database; horloge: Horloge },
  utilisateur: UtilisateurConnecte,
  saisie: SaisiePerimetreSupervision,
): Promise<void> {
  const { db } = deps.database;
  const codesRegions = [...new Set(saisie.regions)].sort();
  const codesDepartements = [...new Set(saisie.departements)].sort();
  const connuesRegions = codesRegions.length
    ? await db
        .select({ code: regions.code })
        .from(regions)
        .where(inArray(regions.code, codesRegions))
    : [];
  const connusDepartements = codesDepartements.length
    ? await db
        .select({ code: departements.code })
        .from(departements)
        .where(inArray(departements.code, codesDepartements))
    : [];
  const champs: Record<string, string[]> = {};
  if (connuesRegions.length !== codesRegions.length) champs.regions = [MESSAGE_CODE_INCONNU];
  if (connusDepartements.length !== codesDepartements.length)
    champs.departements = [MESSAGE_CODE_INCONNU];
  if (Object.keys(champs).length) throw invalide(MESSAGE_CODE_INCONNU, { champs });
  await db
    .update(utilisateurs)
    .set({
      perimetreSupervision: { regions: codesRegions, departements: codesDepartements },
      dateModification: deps.horloge.now(),
    })
    .where(eq(utilisateurs.id, utilisateur.row.id));
}
