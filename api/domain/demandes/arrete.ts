/**
 * APPLIQUER_ARRETE (DESIGN §3; spec §4 Actions on a request; ADR 0018): a
 * draft started under an arrêté since replaced (`arrete_perime`) is bound
 * by its applicant to the arrêté in force, and becomes a draft again that
 * the rules of that arrêté apply to (ETP figures required, spec §9 new
 * regulation).
 */
import { eq } from "drizzle-orm";
import { arretes } from "../../db/schema.ts";
import { conflit } from "../erreurs.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { acteurDe, etatApres } from "./ecriture-action.ts";
import { ecrireTransition } from "./transition.ts";

/** 409 when no arrêté is in force (the reference data has none marked current). */
export const MESSAGE_AUCUN_ARRETE_EN_VIGUEUR =
  "Aucun arrêté n'est en vigueur : la demande ne peut pas y être rattachée.";

/**
 * Applicant, arrete_perime → brouillon; no input (a posted comment is
 * ignored). In one transaction: `arrete_id` becomes the current arrêté's,
 * with the history row `{ arreteAvant, arreteApres }` (codes; arreteAvant
 * null when the draft had none). 409 when no arrêté is current, or when
 * the request changed meanwhile.
 */
export async function appliquerArrete(contexte: ContexteAction): Promise<void> {
  const { demande, maintenant, deps } = contexte;
  await deps.database.db.transaction(async (tx) => {
    const [enVigueur] = await tx
      .select({ id: arretes.id, code: arretes.code })
      .from(arretes)
      .where(eq(arretes.current, true))
      .limit(1);
    if (!enVigueur) throw conflit(MESSAGE_AUCUN_ARRETE_EN_VIGUEUR);
    const [ancien] =
      demande.arreteId === null
        ? []
        : await tx
            .select({ code: arretes.code })
            .from(arretes)
            .where(eq(arretes.id, demande.arreteId));
    await ecrireTransition(tx, {
      demande,
      action: "APPLIQUER_ARRETE",
      etatApres: etatApres(contexte),
      changements: { arreteId: enVigueur.id },
      acteur: acteurDe(contexte),
      maintenant,
      donnees: { arreteAvant: ancien?.code ?? null, arreteApres: enVigueur.code },
    });
  });
}
