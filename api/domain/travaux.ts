/**
 * The transactional outbox of post-commit work (ADR 0011):
 * rows of `travail_apres_validation` written in the same transaction as the
 * business write they follow, claimed afterwards by whoever drains them (the
 * request that wrote them, or the `travaux-apres-validation` job), with an
 * attempt count and the instant of the next attempt. Only the table's
 * primitives live here, so that domain code can write work inside its
 * transactions; ./travaux-apres-validation.ts does the work, and the jobs
 * (api/jobs/taches.ts) drain and purge it.
 */
import { addMinutes } from "date-fns";
import { and, asc, eq, gt, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { travauxApresValidation } from "../db/schema.ts";

export type TravailRow = typeof travauxApresValidation.$inferSelect;
export type TypeTravail = TravailRow["type"];

/** What {@link planifierTravail} writes. */
export interface NouveauTravail {
  type: TypeTravail;
  /** What the work needs, as JSON (no Date: ISO strings). */
  donnees: Record<string, unknown>;
  /** Idempotency key: a second write with the same key is a no-op. */
  cle?: string;
  /** What the work is about ({@link ressourceDemande}), for the request's own drain. */
  ressource?: string | null;
  /**
   * Creation instant when not `maintenant`: work planned by other work keeps
   * its parent's, so that the drain doing the parent does it too.
   */
  creeLe?: Date;
}

/**
 * Minutes before attempt n + 1 after attempt n failed (n = 1, 2, …; the
 * last value repeats): about 41 hours from the first failure to the last of
 * {@link TENTATIVES_MAX} attempts, enough for a mail relay's outage.
 */
export const DELAIS_NOUVELLE_TENTATIVE_MINUTES = [1, 5, 15, 60, 240, 720, 1440] as const;

/** Attempts before a work is abandoned (logged as an error, kept for an operator). */
export const TENTATIVES_MAX = 8;

/**
 * Minutes a claimed work stays out of reach of other drains: an attempt cut
 * short by a crash is tried again after this lease (no work takes that long).
 */
export const BAIL_MINUTES = 10;

/**
 * Minutes during which fresh work (never attempted) is left to the request
 * that wrote it: the job only catches up what that request did not do.
 */
export const DELAI_DE_GRACE_MINUTES = 1;

/** Days a done work is kept (inspection), then purged; abandoned ones are kept 30 days. */
export const CONSERVATION_FAITS_JOURS = 7;
export const CONSERVATION_ABANDONNES_JOURS = 30;

/** The `ressource` of a request's work ("demande:<uuid>", both kinds of request). */
export function ressourceDemande(demandeId: string): string {
  return `demande:${demandeId}`;
}

/**
 * Writes `travail` through `handle` (call it with the business write's
 * transaction: the work then exists if and only if the write commits), due at
 * `maintenant` (the API clock). A work whose `cle` exists already is not
 * written again.
 */
export async function planifierTravail(
  handle: Db,
  travail: NouveauTravail,
  maintenant: Date,
): Promise<void> {
  await handle
    .insert(travauxApresValidation)
    .values({
      type: travail.type,
      donnees: travail.donnees,
      cle: travail.cle ?? null,
      ressource: travail.ressource ?? null,
      prochaineTentative: maintenant,
      dateCreation: travail.creeLe ?? maintenant,
    })
    .onConflictDoNothing({ target: travauxApresValidation.cle });
}

/**
 * Claims up to `limite` works due at `maintenant`, oldest first, and counts
 * the attempt: each claimed row gets `tentatives + 1` and is leased for
 * {@link BAIL_MINUTES} (its next attempt moved that far), in one statement
 * whose `FOR UPDATE SKIP LOCKED` lets concurrent drains (instances, the
 * request and the job) share the rows without waiting nor taking one twice.
 * With `ressource`: only that resource's works never attempted (the
 * request's own drain). Without: every due work, except fresh ones still
 * within {@link DELAI_DE_GRACE_MINUTES} of their creation.
 */
export async function reclamerTravaux(
  db: Db,
  options: { maintenant: Date; limite: number; ressource?: string },
): Promise<TravailRow[]> {
  const t = travauxApresValidation;
  const { maintenant } = options;
  const filtre = options.ressource
    ? and(eq(t.ressource, options.ressource), eq(t.tentatives, 0))
    : or(gt(t.tentatives, 0), lte(t.dateCreation, addMinutes(maintenant, -DELAI_DE_GRACE_MINUTES)));
  const dus = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.etat, "a_faire"), lte(t.prochaineTentative, maintenant), filtre))
    .orderBy(asc(t.id))
    .limit(options.limite)
    .for("update", { skipLocked: true });
  return db
    .update(t)
    .set({
      tentatives: sql`${t.tentatives} + 1`,
      prochaineTentative: addMinutes(maintenant, BAIL_MINUTES),
    })
    .where(inArray(t.id, dus))
    .returning();
}

/**
 * Marks `travail` done at `maintenant`. `donnees` replaces what the row
 * kept (a sent mail keeps its subject only: no address nor content at rest).
 */
export async function terminerTravail(
  db: Db,
  travail: Pick<TravailRow, "id">,
  maintenant: Date,
  donnees?: Record<string, unknown>,
): Promise<void> {
  await db
    .update(travauxApresValidation)
    .set({
      etat: "fait",
      dateTraitement: maintenant,
      derniereErreur: null,
      ...(donnees ? { donnees } : {}),
    })
    .where(eq(travauxApresValidation.id, travail.id));
}

/**
 * Records the failure of the attempt just made on `travail` (claimed, so
 * `tentatives` counts it): next attempt after
 * {@link DELAIS_NOUVELLE_TENTATIVE_MINUTES}, or abandoned after
 * {@link TENTATIVES_MAX}. Returns whether it was abandoned.
 */
export async function reporterTravail(
  db: Db,
  travail: Pick<TravailRow, "id" | "tentatives">,
  maintenant: Date,
  erreur: string,
): Promise<{ abandonne: boolean; prochaineTentative: Date | null }> {
  const abandonne = travail.tentatives >= TENTATIVES_MAX;
  const delais = DELAIS_NOUVELLE_TENTATIVE_MINUTES;
  const prochaineTentative = abandonne
    ? null
    : addMinutes(maintenant, delais[Math.min(travail.tentatives, delais.length) - 1]);
  await db
    .update(travauxApresValidation)
    .set({
      derniereErreur: erreur.slice(0, 1000),
      ...(abandonne
        ? { etat: "abandonne" as const, dateTraitement: maintenant }
        : { prochaineTentative: prochaineTentative! }),
    })
    .where(eq(travauxApresValidation.id, travail.id));
  return { abandonne, prochaineTentative };
}

/**
 * Deletes done works older than {@link CONSERVATION_FAITS_JOURS} days and
 * abandoned ones older than {@link CONSERVATION_ABANDONNES_JOURS}; returns
 * how many.
 */
export async function purgerTravauxTermines(db: Db, maintenant: Date): Promise<number> {
  const t = travauxApresValidation;
  const jour = 24 * 60;
  const supprimes = await db
    .delete(t)
    .where(
      or(
        and(
          eq(t.etat, "fait"),
          lt(t.dateTraitement, addMinutes(maintenant, -CONSERVATION_FAITS_JOURS * jour)),
        ),
        and(
          ne(t.etat, "a_faire"),
          lt(t.dateTraitement, addMinutes(maintenant, -CONSERVATION_ABANDONNES_JOURS * jour)),
        ),
      ),
    )
    .returning({ id: t.id });
  return supprimes.length;
}
