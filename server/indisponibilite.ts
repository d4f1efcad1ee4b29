/**
 * The pages when the database is out of reach (ADR 0032):
 * 503 with `Retry-After` and a French page, never a 500. The API answers
 * its own 503 (api/http/erreurs-base.ts); here:
 *
 * - the load context of the pages ({@link sessionsProtegees},
 *   {@link apiFetchProtege}) turns a session read or write that cannot reach
 *   the database, or the API's 503, into a thrown 503 `Response`, which
 *   Remix renders with the root ErrorBoundary (spec §8 page "Erreur Serveur",
 *   "Erreur 503") instead of a 500;
 * - {@link retryAfterSur503} adds `Retry-After` to every 503 that has none
 *   (Remix keeps no header of a thrown response on a document);
 * - {@link pageIndisponible}, last error handler of the app, answers the
 *   errors of the other routers (the identity provider's) with a French
 *   page, or the API's JSON under /api.
 */
import type { SessionData as DonneesSession, SessionStorage } from "@remix-run/node";
import type { ErrorRequestHandler, NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import {
  MESSAGE_SERVICE_INDISPONIBLE,
  RETRY_AFTER_SECONDES,
  estErreurConnexionBase,
} from "../api/http/erreurs-base.ts";
import { html } from "../idp/pages/html.ts";
import { layout } from "../idp/pages/layout.ts";
import type { ApiFetch } from "./in-process-fetch.ts";

export { MESSAGE_SERVICE_INDISPONIBLE, RETRY_AFTER_SECONDES };

/** Title of the 503 page of {@link pageIndisponible}. */
export const TITRE_SERVICE_INDISPONIBLE = "Service momentanément indisponible";

/** The 503 `Response` a page's loader or action throws when the database is out of reach. */
export function reponseIndisponible(): globalThis.Response {
  return new globalThis.Response(MESSAGE_SERVICE_INDISPONIBLE, {
    status: 503,
    headers: {
      "Retry-After": String(RETRY_AFTER_SECONDES),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

/** Runs `travail`; an error of an unreachable database becomes {@link reponseIndisponible}. */
async function sansBaseEn503<T>(travail: () => Promise<T>): Promise<T> {
  try {
    return await travail();
  } catch (error) {
    if (estErreurConnexionBase(error)) throw reponseIndisponible();
    throw error;
  }
}

/**
 * `stockage` whose reads and writes throw {@link reponseIndisponible} when
 * the database (where sessions live, server/session-storage.ts) is out of
 * reach; other errors pass unchanged.
 */
export function sessionsProtegees<D = DonneesSession, F = D>(
  stockage: SessionStorage<D, F>,
): SessionStorage<D, F> {
  return {
    getSession: (...args) => sansBaseEn503(() => stockage.getSession(...args)),
    commitSession: (...args) => sansBaseEn503(() => stockage.commitSession(...args)),
    destroySession: (...args) => sansBaseEn503(() => stockage.destroySession(...args)),
  };
}

/**
 * The BFF's in-process `fetch` (server/in-process-fetch.ts) whose API 503
 * becomes a thrown {@link reponseIndisponible}: the page answers 503 too,
 * where the API client would have made a 500 of it.
 */
export function apiFetchProtege(apiFetch: ApiFetch): ApiFetch {
  return async (url, init) => {
    const reponse = await sansBaseEn503(() => apiFetch(url, init));
    if (reponse.status === 503) {
      await reponse.body?.cancel().catch(() => undefined);
      throw reponseIndisponible();
    }
    return reponse;
  };
}

/** Express middleware: a 503 answer without `Retry-After` gets {@link RETRY_AFTER_SECONDES}. */
export function retryAfterSur503(_req: Request, res: Response, next: NextFunction) {
  onHeaders(res, function ajouterRetryAfter() {
    if (res.statusCode === 503 && !res.getHeader("Retry-After"))
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDES));
  });
  next();
}

/**
 * Last error handler of the app: an error of an unreachable database that
 * a router let through answers 503 with `Retry-After`, `{ message }` under
 * /api, otherwise the DSFR page "Service momentanément indisponible";
 * logged at warn. Anything else goes on to Express's handler.
 */
export const pageIndisponible: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent || !estErreurConnexionBase(error)) return next(error);
  req.log?.warn({ err: error }, "Base de données injoignable : réponse 503");
  res.status(503);
  res.set("Retry-After", String(RETRY_AFTER_SECONDES));
  res.set("Cache-Control", "no-store");
  if (req.originalUrl.startsWith("/api/") || req.originalUrl === "/api") {
    res.json({ message: MESSAGE_SERVICE_INDISPONIBLE });
    return;
  }
  res.type("html").send(
    layout({
      title: TITRE_SERVICE_INDISPONIBLE,
      nonce: res.locals.cspNonce as string | undefined,
      main: html`<div class="fr-container">
        <div
          class="fr-my-7w fr-mt-md-12w fr-mb-md-10w fr-grid-row fr-grid-row--gutters fr-grid-row--middle fr-grid-row--center"
        >
          <div class="fr-py-0 fr-col-12 fr-col-md-6">
            <h1>${TITRE_SERVICE_INDISPONIBLE}</h1>
            <p class="fr-text--sm fr-mb-3w">Erreur 503</p>
            <p class="fr-text--lead fr-mb-3w">${MESSAGE_SERVICE_INDISPONIBLE}</p>
            <ul class="fr-btns-group fr-btns-group--inline-md">
              <li><a class="fr-btn" href="/">Page d'accueil</a></li>
            </ul>
          </div>
        </div>
      </div>`,
    }),
  );
};
