/**
 * Server side of the applicant's annual activity report pages
 * (`/rapport-annuel-activite/…`, spec §2; ADR 0017): reading the
 * report of a year, and saving a step or depositing it through
 * POST /api/agrement/{id}/action (CREER_, MODIFIER_, DEPOSER_RAPPORT_ANNUEL).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { aujourdhuiParis } from "#contract/delais";
import type { Agrement } from "#contract/schemas/agrement";
import {
  CODES_PJ_RAPPORT_ANNUEL,
  type NumeroEtapeRapport,
  type ProcedureRapportAnnuel,
  type RapportAnnuel,
} from "#contract/schemas/rapport-annuel";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  executerActionAgrement,
  lireProcedureRaa,
  lireRapportAnnuel,
} from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import { erreursDeApi, pageNonTrouvee } from "~/components/demande/formulaire/formulaire.server";
import { t } from "~/i18n";
import { schemaEtapeRapport } from "./etapes";
import { URL_CONFIRMATION, urlEtapeRapport, urlSynthese } from "./urls";

/**
 * The year whose report is due now (ADR 0017: the current Europe/Paris
 * year − 1), as the API tells it: the newest year of the approval's
 * `rapportAnnuelActivites` (the API always lists it), so that the page
 * follows the API's clock; the portal's own calendar before 2025, when
 * the list is empty.
 */
export function anneeDueMaintenant(agrement: Pick<Agrement, "rapportAnnuelActivites">): number {
  const annees = agrement.rapportAnnuelActivites.map((rapport) => rapport.annee);
  return annees.length ? Math.max(...annees) : Number(aujourdhuiParis().slice(0, 4)) - 1;
}

/** A year in a URL: four digits, else a 404. */
export function lireAnnee(valeur: string | undefined): number {
  if (!valeur || !/^\d{4}$/.test(valeur)) throw pageNonTrouvee();
  return Number(valeur);
}

/** A step in a URL: 1, 2 or 3, else a 404. */
export function lireEtapeRapport(valeur: string | undefined): NumeroEtapeRapport {
  if (valeur === "1" || valeur === "2" || valeur === "3") return Number(valeur) as 1 | 2 | 3;
  throw pageNonTrouvee();
}

/** The annual report's pages are those of approved applicants (as `/mon-agrement`). */
export { chargerAgrementDuDemandeur } from "~/components/agrement/mon-agrement.server";

/** GET /api/agrement/{id}/rapport-annuel/{annee}: the report in full (404 thrown when unknown). */
export async function chargerRapport(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
  annee: number,
): Promise<RapportAnnuel> {
  return (await callEndpoint(request, context, lireRapportAnnuel, {
    params: { id: agrementId, annee: String(annee) },
  })) as RapportAnnuel;
}

/** GET /api/agrement/procedure-raa: the attachment groups of step 3 and the upload limits. */
export async function chargerProcedureRaa(
  request: Request,
  context: AppLoadContext,
): Promise<ProcedureRapportAnnuel> {
  return (await callEndpoint(request, context, lireProcedureRaa)) as ProcedureRapportAnnuel;
}

/** The report may be edited now: CREER or MODIFIER is among its actions. */
export function rapportModifiable(rapport: RapportAnnuel): boolean {
  return (
    rapport.actionsDisponibles.includes("CREER_RAPPORT_ANNUEL") ||
    rapport.actionsDisponibles.includes("MODIFIER_RAPPORT_ANNUEL")
  );
}

/**
 * Where `/rapport-annuel-activite/` leads (spec §2 menu rule): the report of
 * the year due now while it may be created, filled or deposited (its first
 * step not saved); else the synthesis of the latest deposited report
 * (latest = highest year, spec §9); null when there is neither.
 */
export function destinationRapport(agrement: Agrement, premiereEtapeNonEnregistree: number | null) {
  const annee = anneeDueMaintenant(agrement);
  const ouvert =
    agrement.actionsDisponibles.includes("CREER_RAPPORT_ANNUEL") ||
    agrement.actionsDisponibles.includes("DEPOSER_RAPPORT_ANNUEL") ||
    (agrement.actionsDisponibles.includes("MODIFIER_RAPPORT_ANNUEL") &&
      agrement.rapportAnnuelActivites.find((r) => r.annee === annee)?.etat !== "depose");
  if (ouvert) return urlEtapeRapport(annee, (premiereEtapeNonEnregistree ?? 1) as 1 | 2 | 3);
  const deposes = agrement.rapportAnnuelActivites
    .filter((rapport) => rapport.etat === "depose")
    .map((rapport) => rapport.annee);
  return deposes.length ? urlSynthese(Math.max(...deposes)) : null;
}

/** What a refused post of a step gives back to the page. */
export interface ResultatEtapeRapport {
  /** A new key per answer: the form remounts from the posted values. */
  cle: string;
  etape: NumeroEtapeRapport;
  lastResult: SubmissionResult<string[]>;
}

/** The body sent to the API: the posted fields (files only when chosen), plus the action's own. */
function corpsApi(
  formData: FormData,
  champs: Record<string, string>,
  avecFichiers: boolean,
): URLSearchParams | FormData {
  const corps = avecFichiers ? new FormData() : new URLSearchParams();
  for (const [nom, valeur] of formData) {
    if (nom === "intent" || nom in champs) continue;
    if (typeof valeur === "string") corps.append(nom, valeur);
    else if (avecFichiers && valeur.size > 0) (corps as FormData).append(nom, valeur, valeur.name);
  }
  for (const [nom, valeur] of Object.entries(champs)) corps.append(nom, valeur);
  return corps;
}

/** One POST /api/agrement/{id}/action. */
function agir(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
  corps: URLSearchParams | FormData,
) {
  return callEndpoint(request, context, executerActionAgrement, {
    params: { id: agrementId },
    encodedBody: corps,
  });
}

/**
 * A post of step `etape` (intent `enregistrer`, `suivant`, or `soumettre`
 * on step 3): checked with the contract's step schema, then the report is
 * created if it has no row yet (CREER_RAPPORT_ANNUEL), the step saved
 * (MODIFIER_RAPPORT_ANNUEL, multipart with the chosen files on step 3),
 * and with `soumettre` deposited (DEPOSER_RAPPORT_ANNUEL) → the
 * confirmation page with the spec's notification. `enregistrer` stays on
 * the step with a notification, `suivant` goes to the next step. A refusal
 * (schema, API 422 by field, 403 deadline passed, 409 stale) answers 422
 * with every typed value kept.
 */
export async function enregistrerEtapeRapport(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
  rapport: RapportAnnuel,
  etape: NumeroEtapeRapport,
) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "enregistrer");
  const submission = parseWithZod(formData, {
    schema: schemaEtapeRapport(etape, rapport, formData, CODES_PJ_RAPPORT_ANNUEL),
  });
  const refus = (lastResult: SubmissionResult<string[]>) =>
    data({ cle: crypto.randomUUID(), etape, lastResult } satisfies ResultatEtapeRapport, {
      status: 422,
    });
  if (submission.status !== "success") return refus(submission.reply());

  const annee = String(rapport.annee);
  try {
    let version = rapport.version;
    if (rapport.id === null) {
      const cree = (await agir(
        request,
        context,
        agrementId,
        new URLSearchParams({ action: "CREER_RAPPORT_ANNUEL", annee }),
      )) as RapportAnnuel;
      version = cree.version;
    }
    await agir(
      request,
      context,
      agrementId,
      corpsApi(
        formData,
        {
          action: "MODIFIER_RAPPORT_ANNUEL",
          annee,
          etape: String(etape),
          version: String(version),
        },
        etape === 3,
      ),
    );
    if (etape === 3 && intent === "soumettre")
      await agir(
        request,
        context,
        agrementId,
        new URLSearchParams({ action: "DEPOSER_RAPPORT_ANNUEL", annee }),
      );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw pageNonTrouvee();
    return refus(submission.reply(erreursDeApi(error)));
  }

  if (etape === 3 && intent === "soumettre")
    return redirectWithToast(
      `${URL_CONFIRMATION}?annee=${annee}`,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description: t("notification.action.success.agrement.DEPOSER_RAPPORT_ANNUEL"),
      },
      { request, context },
    );
  if (intent === "suivant" && etape < 3)
    return redirect(urlEtapeRapport(rapport.annee, (etape + 1) as 2 | 3));
  return redirectWithToast(
    urlEtapeRapport(rapport.annee, etape),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.action.success.agrement.MODIFIER_RAPPORT_ANNUEL"),
    },
    { request, context },
  );
}
