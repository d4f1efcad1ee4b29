/**
 * What the routes of the provider's forms share: the sign-in
 * (interactions.ts) and "Mot de passe oublié ?" (mot-de-passe-oublie.ts).
 */
import { createHmac } from "node:crypto";
import express, { type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import type { Database } from "../api/db/client.ts";
import type { IdpConfig } from "./config.ts";
import { cspNonce } from "./pages/layout.ts";
import { errorPage } from "./pages/messages.ts";
import { createLoginLimiter } from "./rate-limit.ts";

/** The limiter of a form (rate-limit.ts). */
export type Limiteur = ReturnType<typeof createLoginLimiter>;

/**
 * Sends a page of the provider, never cached. The portal's
 * `Referrer-Policy: same-origin` (server/security.ts) keeps the
 * new-password page's address, which holds the link's token, from the other
 * sites the footer links to; `no-referrer` would not do: the browser would
 * then send the form's POST with `Origin: null`, which the same-origin
 * guard refuses.
 */
export function sendPage(res: Response, status: number, body: string): void {
  res.status(status).set("Cache-Control", "no-store").type("html").send(body);
}

/**
 * The 500 page of an unexpected failure: `title`, the technical error
 * message and a way back to `loginUrl`. The caller logs the error.
 */
export function sendErreurTechnique(res: Response, title: string, loginUrl: string): void {
  const page = errorPage({
    title,
    message: "Une erreur technique est survenue. Veuillez réessayer plus tard.",
    loginUrl,
    nonce: cspNonce(res),
  });
  sendPage(res, 500, page);
}

/**
 * The middlewares in front of a form's POST: the portal's `sameOriginGuard`
 * (403 otherwise), then the urlencoded body, 8 KB at most.
 */
export function posteFormulaire(sameOriginGuard: RequestHandler) {
  return [sameOriginGuard, express.urlencoded({ extended: false, limit: "8kb" })] as const;
}

/**
 * Keyed hash (first 16 hex digits) under which an address is counted and
 * logged: correlatable, but no address in clear.
 */
export function pseudonyme(sessionSecret: string, email: string): string {
  return createHmac("sha256", sessionSecret).update(email).digest("hex").slice(0, 16);
}

/** The client address a request is counted under. */
export function adresseClient(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "inconnue";
}

/**
 * A form's limiter over the sign-in's limits (`config.loginRateLimit`, ADR
 * 0010) at `now`; `keyPrefix` keeps another form's counters apart (none for
 * the sign-in). A failed purge of the counters is logged.
 */
export function limiteurFormulaire(deps: {
  config: IdpConfig;
  database: Database;
  logger: Logger;
  now: () => Date;
  keyPrefix?: string;
}): Limiteur {
  const { config, database, logger, now, keyPrefix } = deps;
  return createLoginLimiter({
    database,
    limits: config.loginRateLimit,
    now,
    keyPrefix,
    onPurgeError: (error) =>
      logger.error({ err: error }, "Purge des compteurs de connexion impossible"),
  });
}
