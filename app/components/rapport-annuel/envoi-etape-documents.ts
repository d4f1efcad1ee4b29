/**
 * Progressive enhancement of the report's step 3 (DESIGN §6
 * "with JS, a progress bar"): with JavaScript the step's multipart form goes
 * with XMLHttpRequest (televerser), whose upload events give the progress, to the very
 * action Remix's own submission reaches (`{page}.data`, single fetch; the
 * page's body limits of server/limites-corps.ts apply). Without JavaScript
 * the plain form posts as before.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
// Remix's own decoder of single-fetch answers (a dependency of @remix-run/react, already in the bundle).
import { decode } from "turbo-stream";
import { televerser } from "~/components/demande/televerser";

/** How a sending ended. */
export type IssueEnvoi =
  /** Saved (and deposited): the page to load next. */
  | { type: "redirection"; url: string }
  /** Refused by the action: conform's result, shown by the form. */
  | { type: "refus"; lastResult: SubmissionResult<string[]> }
  /** No usable answer (network, thrown error page): the message to show. */
  | { type: "erreur"; message: string };

const MESSAGE_RESEAU =
  "Les documents n'ont pas pu être envoyés : vérifiez votre connexion et réessayez.";

/** The single-fetch data URL of the action at `action` ("/a/b" → "/a/b.data"). */
export function urlDonneesAction(action: string): string {
  const url = new URL(action, window.location.href);
  url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
  return url.pathname + url.search;
}

/** The action's data in a single-fetch answer (`{ data }`), or undefined. */
async function donneesAction(corps: Blob): Promise<unknown> {
  try {
    const { value } = await decode(corps.stream());
    return value && typeof value === "object" && "data" in value ? value.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Posts `donnees` to the action at `action` with {@link televerser},
 * reporting the upload's progress (0–100, whole percents) to
 * `progression`. A redirect comes back as single fetch's 202 with its
 * target in `Location` (the session cookie, flashed notification included,
 * comes with that answer: nothing consumes the notification before the
 * next page load); a refusal is the action's data with conform's `lastResult`.
 */
export async function envoyerAvecProgression(
  action: string,
  donnees: FormData,
  progression: (pourcentage: number) => void,
): Promise<IssueEnvoi> {
  const xhr = await televerser(urlDonneesAction(action), donnees, {
    progression,
    typeReponse: "blob",
  });
  if (!xhr) return { type: "erreur", message: MESSAGE_RESEAU };
  const cible = xhr.getResponseHeader("Location");
  if (xhr.status === 202 && cible) return { type: "redirection", url: cible };
  const resultat = (await donneesAction(xhr.response as Blob)) as
    { lastResult?: SubmissionResult<string[]> } | undefined;
  if (resultat?.lastResult) return { type: "refus", lastResult: resultat.lastResult };
  return { type: "erreur", message: "Les documents n'ont pas pu être enregistrés. Réessayez." };
}

/**
 * State of a form sent by {@link envoyerAvecProgression}: `envoyer(action,
 * donnees)` sends and shows the progress (`progression`, null when idle),
 * then loads the next page (a full load, so that it shows the flashed
 * notification), or gives the refusal (`lastResult`) or the error
 * (`erreur`) to show.
 */
export function useEnvoiAvecProgression() {
  const [progression, setProgression] = useState<number | null>(null);
  const [erreur, setErreur] = useState<string | null>(null);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);

  async function envoyer(action: string, donnees: FormData) {
    setErreur(null);
    setProgression(0);
    const issue = await envoyerAvecProgression(action, donnees, setProgression);
    if (issue.type === "redirection") {
      window.location.assign(issue.url);
      return;
    }
    setProgression(null);
    if (issue.type === "refus") setLastResult(issue.lastResult);
    else setErreur(issue.message);
  }

  return { progression, erreur, lastResult, envoyer };
}
