/**
 * Expiry of approvals (spec §4 approval status `perime`; DESIGN §5 five-year
 * validity): the job `agrements-perimes` of
 * api/jobs/taches.ts. Idempotent: a second run finds nothing left, and two
 * instances at once expire each approval once (the guarded UPDATE lets
 * one win).
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { agrements, historique, proceduresAgrement } from "../../db/schema.ts";
import type { Horloge } from "../horloge.ts";

/** History action of an approval's expiry (on the approval, actor `systeme`). */
export const ACTION_PEREMPTION = "PEREMPTION_AGREMENT";

/** Approval states that expire when their validity ends (withdrawn ones stay withdrawn). */
const ETATS_PERIMABLES = ["en_cours", "suspendu"] as const;

/**
 * Every approval en_cours or suspendu whose last day of validity
 * (`dateFin`, Europe/Paris) is before today by `horloge` becomes `perime`,
 * each in its own transaction with: a new version, its withdrawal
 * procedure still en_cours set to `perime` (spec §4 procedure states),
 * and one history row on the approval (action PEREMPTION_AGREMENT, state
 * before and after, actor `systeme`, `donnees` { dateFin, procedureIds }).
 * Returns how many approvals it expired.
 */
export async function perimerAgrements(deps: {
  database: Database;
  horloge: Horloge;
}): Promise<number> {
  const { database, horloge } = deps;
  const maintenant = horloge.now();
  const echus = await database.db
    .select({ id: agrements.id, etat: agrements.etat, dateFin: agrements.dateFin })
    .from(agrements)
    .where(
      and(
        inArray(agrements.etat, [...ETATS_PERIMABLES]),
        lt(agrements.dateFin, aujourdhuiParis(maintenant)),
      ),
    );
  let perimes = 0;
  for (const agrement of echus) {
    const fait = await database.db.transaction(async (tx) => {
      const [maj] = await tx
        .update(agrements)
        .set({
          etat: "perime",
          version: sql`${agrements.version} + 1`,
          dateModification: maintenant,
        })
        .where(and(eq(agrements.id, agrement.id), eq(agrements.etat, agrement.etat)))
        .returning({ id: agrements.id });
      // Changed meanwhile (withdrawn, or expired by another instance): nothing to do.
      if (!maj) return false;
      const procedures = await tx
        .update(proceduresAgrement)
        .set({ etat: "perime" })
        .where(
          and(
            eq(proceduresAgrement.agrementId, agrement.id),
            eq(proceduresAgrement.etat, "en_cours"),
          ),
        )
        .returning({ id: proceduresAgrement.id });
      await tx.insert(historique).values({
        ressourceType: "agrement",
        ressourceId: agrement.id,
        action: ACTION_PEREMPTION,
        etatAvant: agrement.etat,
        etatApres: "perime",
        acteurId: null,
        acteurRole: "systeme",
        donnees: { dateFin: agrement.dateFin, procedureIds: procedures.map((p) => p.id) },
        date: maintenant,
      });
      return true;
    });
    if (fait) perimes += 1;
  }
  return perimes;
}
