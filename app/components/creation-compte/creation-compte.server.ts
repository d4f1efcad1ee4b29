/**
 * Server side of `/creation-compte` (spec §3 Applicant account, §5
 * Accounts, §7 POST /api/candidate/create, §8 "Existing account").
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import {
  schemaCreationCompte,
  type ChampCompteExistant,
  type CompteExistant,
  type TropDeDemandes,
} from "#contract/schemas/candidat";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, creerCompteCandidat } from "~/.server/api-client.server";
import { fieldErrorsOf } from "~/components/forms";
import { t } from "~/i18n";

/** Message of a 503 without body: the confirmation mail could not leave. */
const MESSAGE_ENVOI_IMPOSSIBLE =
  "Le courriel de confirmation n'a pas pu être envoyé. Votre saisie est conservée : veuillez réessayer dans quelques instants.";

/** Short message next to the field an existing account already holds (the section says the rest). */
const DEJA_PRIS: Record<ChampCompteExistant, string> = {
  siren: "Un compte existe déjà pour ce SIREN.",
  raisonSociale: "Un compte existe déjà pour cette raison sociale.",
};

/** What the page shows after a refused post: conform's result, and the 409 body if any. */
export interface ResultatCreation {
  lastResult: SubmissionResult<string[]>;
  compteExistant: CompteExistant | null;
}

/**
 * Creates the applicant account from the posted form: validates with the
 * shared `schemaCreationCompte`, posts it as JSON, then on 201 redirects to
 * `/creation-compte/succes`, also when the e-mail already has an account
 * (the API mails its owner instead). A refusal answers the
 * page again with every value typed (passwords included, hence
 * `no-store`): 400 field errors, 409 "Un compte existe déjà" section (spec
 * §8, SIREN or company name) with the conflicting field marked, 422 the
 * API's field errors, 429 (too many requests, with `Retry-After`) and 503
 * a form-level error. Any other API error is rethrown (the error page).
 */
export async function creerCompte(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: schemaCreationCompte });
  const headers = { "Cache-Control": "no-store" };
  const answer = (result: ResultatCreation, status: number) => data(result, { status, headers });
  if (submission.status !== "success") {
    return answer({ lastResult: submission.reply(), compteExistant: null }, 400);
  }
  try {
    await callEndpoint(request, context, creerCompteCandidat, { body: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) {
      const compteExistant = error.body as CompteExistant;
      return answer(
        {
          lastResult: submission.reply({
            fieldErrors: {
              [compteExistant.champ]: [DEJA_PRIS[compteExistant.champ] ?? compteExistant.message],
            },
          }),
          compteExistant,
        },
        409,
      );
    }
    if (error.status === 422) {
      const errors = fieldErrorsOf(error.body);
      return answer(
        {
          lastResult: submission.reply(
            Object.keys(errors).length
              ? { fieldErrors: errors }
              : { formErrors: [error.message || t("erreur.autre.sousTitre")] },
          ),
          compteExistant: null,
        },
        422,
      );
    }
    if (error.status === 429) {
      const { message, retryAfter } = error.body as TropDeDemandes;
      return data(
        {
          lastResult: submission.reply({ formErrors: [message] }),
          compteExistant: null,
        } satisfies ResultatCreation,
        { status: 429, headers: { ...headers, "Retry-After": String(retryAfter) } },
      );
    }
    if (error.status === 503) {
      return answer(
        {
          lastResult: submission.reply({ formErrors: [error.message || MESSAGE_ENVOI_IMPOSSIBLE] }),
          compteExistant: null,
        },
        503,
      );
    }
    throw error;
  }
  return redirect("/creation-compte/succes");
}
