/**
 * The national activity figures without filter, kept by a job (ADR 0038).
 * Central staff open `/activite` without filter far more
 * than any other view, and it is the dearest: at scale 10 its six
 * computations cost PostgreSQL ≈ 0.4 s of processor however they are
 * indexed (ADR 0037), since they aggregate every deposited request of the
 * nation. The job `activite-resume-national` (api/jobs/taches.ts) computes
 * them every minute into `resume_activite`; `/api/activities` and its
 * details serve that row to a central reader without filter while it is
 * fresh (same Europe/Paris day, computed less than
 * {@link FRAICHEUR_RESUME_MINUTES} minutes ago) and compute live otherwise.
 * Every other view (a filter, a manager's scope) is always computed live.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { FILTRES_ACTIVITE_VIDES, activiteFiltree } from "../../../contract/schemas/activites.ts";
import { CENTRAL_ROLES, hasAnyRole } from "../../../contract/roles.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { resumesActivite } from "../../db/schema.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte, UtilisateurRow } from "../utilisateur-connecte.ts";
import {
  detailsAgrementsAccordes,
  detailsChargeInstructeurs,
  detailsDelaiMoyen,
  detailsDeposee,
  detailsReputesRejetes,
  indicateursActivite,
  type ContexteActivite,
} from "./indicateurs.ts";

/** The computations of `/activite`, by the name of their row in `resume_activite`. */
export const CALCULS_ACTIVITE = {
  indicateurs: indicateursActivite,
  deposee: detailsDeposee,
  "delai-moyen": detailsDelaiMoyen,
  "charge-instructeurs": detailsChargeInstructeurs,
  "reputes-rejetes": detailsReputesRejetes,
  "agrements-accordes": detailsAgrementsAccordes,
} as const;

export type NomCalculActivite = keyof typeof CALCULS_ACTIVITE;
type ResultatCalcul<N extends NomCalculActivite> = Awaited<
  ReturnType<(typeof CALCULS_ACTIVITE)[N]>
>;

/**
 * Minutes a summary is served after its computation. The job runs every
 * minute: five minutes leave room for a slow or missed run before the page
 * falls back to live figures.
 */
export const FRAICHEUR_RESUME_MINUTES = 5;

/**
 * The reader the job computes for: central staff see every deposited
 * request of the nation (`conditionVisibilite`) and every applicant
 * account; only the scope fields of the row are ever read for them.
 */
const LECTEUR_NATIONAL: UtilisateurConnecte = {
  roles: ["anah_centrale"],
  row: {
    serviceInstructeurId: null,
    perimetreSupervision: null,
    societeId: null,
  } as Pick<
    UtilisateurRow,
    "serviceInstructeurId" | "perimetreSupervision" | "societeId"
  > as UtilisateurRow,
};

/**
 * Whether `contexte` asks for the national figures without filter: a
 * central reader (who sees the nation whatever his other staff roles)
 * without the applicant role (which would add his company's drafts), and
 * no filter at all.
 */
export function estVueNationale(contexte: ContexteActivite): boolean {
  const { roles } = contexte.utilisateur;
  return (
    hasAnyRole(roles, CENTRAL_ROLES) &&
    !roles.includes("demandeur") &&
    !activiteFiltree(contexte.filtres)
  );
}

/** A figure and when it was computed (undefined: computed for this request). */
export interface ResultatActivite<T> {
  donnees: T;
  calculeLe?: Date;
}

/**
 * `calcul` of `/activite` for `contexte`: the job's summary when the view is
 * national without filter and the summary is fresh at `maintenant`, the live
 * computation otherwise (`compute`: the caller's, e.g. shared in flight).
 */
export async function lireActivite<N extends NomCalculActivite>(
  nom: N,
  contexte: ContexteActivite,
  maintenant: Date,
  compute: (contexte: ContexteActivite) => Promise<ResultatCalcul<N>>,
): Promise<ResultatActivite<ResultatCalcul<N>>> {
  if (estVueNationale(contexte)) {
    const depuis = new Date(maintenant.getTime() - FRAICHEUR_RESUME_MINUTES * 60_000);
    const [resume] = await contexte.database.db
      .select({ donnees: resumesActivite.donnees, calculeLe: resumesActivite.calculeLe })
      .from(resumesActivite)
      .where(
        and(
          eq(resumesActivite.calcul, nom),
          eq(resumesActivite.jour, contexte.aujourdhui),
          gte(resumesActivite.calculeLe, depuis),
        ),
      );
    if (resume)
      return { donnees: resume.donnees as ResultatCalcul<N>, calculeLe: resume.calculeLe };
  }
  return { donnees: await compute(contexte) };
}

/**
 * Job `activite-resume-national`: computes the six national figures without
 * filter for today (Europe/Paris) and replaces their rows, stamped with the
 * instant the computation started (a figure is never said newer than it
 * is). One computation after the other, so that the job never takes more
 * than one connection. Idempotent; returns the number of rows written.
 */
export async function rafraichirResumeNational(deps: {
  database: Database;
  horloge: Horloge;
}): Promise<number> {
  const { database, horloge } = deps;
  const calculeLe = horloge.now();
  const contexte: ContexteActivite = {
    database,
    utilisateur: LECTEUR_NATIONAL,
    filtres: FILTRES_ACTIVITE_VIDES,
    aujourdhui: aujourdhuiParis(calculeLe),
  };
  const lignes: (typeof resumesActivite.$inferInsert)[] = [];
  for (const [calcul, calculer] of Object.entries(CALCULS_ACTIVITE)) {
    const donnees = await calculer(contexte);
    lignes.push({ calcul, jour: contexte.aujourdhui, calculeLe, donnees });
  }
  await database.db
    .insert(resumesActivite)
    .values(lignes)
    .onConflictDoUpdate({
      target: resumesActivite.calcul,
      set: {
        jour: sql`excluded.jour`,
        calculeLe: sql`excluded.calcule_le`,
        donnees: sql`excluded.donnees`,
      },
    });
  return lignes.length;
}
