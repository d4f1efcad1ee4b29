/**
 * The API's refusals as an action's answer, written once (spec §8 error
 * records): which refusals an action answers itself — everything else goes
 * on to the error boundary — and conform's reply with the API's field
 * errors or its message.
 */
import { data } from "@remix-run/node";
import { refusEnErreurs } from "~/components/forms/api-errors";
import { ApiError } from "./api.server";

/** The statuses a caller answers itself: a list, or a test of the status. */
export type StatutsRefus = readonly number[] | ((status: number) => boolean);

/** Every refusal below 500 (a 5xx stays the error page's). */
export const refusClient = (status: number): boolean => status < 500;

/**
 * `error` itself when it is an `ApiError` whose status is one of `statuts`;
 * anything else (another status, a network failure, a thrown redirect or
 * Response) is thrown again unchanged. Use in a `catch` before answering
 * the refusal.
 */
export function refusApi(error: unknown, statuts: StatutsRefus): ApiError {
  if (!(error instanceof ApiError)) throw error;
  const attendu =
    typeof statuts === "function" ? statuts(error.status) : statuts.includes(error.status);
  if (!attendu) throw error;
  return error;
}

/** What `refusDuFormulaire` passes to `reply`: conform's reply options. */
export type ErreursRefus = ReturnType<typeof refusEnErreurs> & { hideFields?: string[] };

/** Options of {@link refusDuFormulaire}. */
export interface OptionsRefus<Donnees extends object> {
  /** The refusals answered in the form; 422 by default. */
  statuts?: StatutsRefus;
  /** The form error when the API names no field and says nothing. */
  message?: string;
  /** Fields conform must not send back (passwords). */
  hideFields?: string[];
  /** Other keys of the answer, beside `lastResult` (`redirectTo`…). */
  donnees?: Donnees;
}

/**
 * A refused call as the form's answer: `data({ lastResult, ...donnees },
 * { status })` with the refusal's own status, `lastResult` being
 * `submission.reply()` with the API's field errors, else its message (or
 * `message` when it has none) as the form's error, so everything typed is
 * kept. Throws `error` again unless it is an `ApiError` of `statuts`
 * (see {@link refusApi}). `submission` is conform's, or anything with its
 * `reply`.
 */
export function refusDuFormulaire<Reponse, Donnees extends object = Record<never, never>>(
  error: unknown,
  submission: { reply(options: ErreursRefus): Reponse },
  { statuts = [422], message, hideFields, donnees }: OptionsRefus<Donnees> = {},
) {
  const refus = refusApi(error, statuts);
  const erreurs = refusEnErreurs(refus.body, refus.message || (message ?? ""));
  const lastResult = submission.reply(hideFields ? { ...erreurs, hideFields } : erreurs);
  return data({ lastResult, ...(donnees as Donnees) }, { status: refus.status });
}
