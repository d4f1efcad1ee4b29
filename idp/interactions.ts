import { createHmac } from "node:crypto";
import express, { type Request, type RequestHandler, type Response } from "express";
import type Provider from "oidc-provider";
import { errors } from "oidc-provider";
import type { Database } from "../api/db/client.ts";
import type { IdpConfig } from "./config.ts";
import type { Logger } from "pino";
import { recordLogin, verifyCredentials } from "./accounts.ts";
import {
  cookieValue,
  DEVICE_COOKIE,
  issueDeviceCookie,
  readDeviceCookie,
} from "./device-cookie.ts";
import { cspNonce } from "./pages/layout.ts";
import { CHEMINS_MOT_DE_PASSE } from "./mot-de-passe-oublie.ts";
import { loginPage } from "./pages/login.ts";
import { errorPage } from "./pages/messages.ts";
import { API_SCOPES, CLIENT_SCOPES, REALM_PATH } from "./provider.ts";
import { createLoginLimiter, tooManyAttemptsMessage } from "./rate-limit.ts";

/** Same message for an unknown address and a wrong password: no account enumeration. */
export const WRONG_CREDENTIALS = "Adresse électronique ou mot de passe incorrect.";

/**
 * Right password of an account whose e-mail is not confirmed yet (spec §9):
 * shown only after the password was checked, so it reveals nothing to others.
 */
export const PENDING_ACCOUNT =
  "Votre compte n'est pas encore activé : confirmez votre adresse électronique en suivant le lien du courriel reçu lors de la création du compte. Si vous ne l'avez pas reçu ou s'il n'est plus valable, demandez un nouveau lien.";

const EXPIRED = "Votre demande de connexion a expiré ou n'est plus valide. Veuillez recommencer.";

function sendPage(res: Response, status: number, body: string) {
  res.status(status).set("Cache-Control", "no-store").type("html").send(body);
}

/**
 * Express routes of the sign-in interaction (mounted under /realms/mar_users,
 * before the provider itself):
 * - GET /interaction/:uid: the DSFR login page, or, once signed in, the
 *   automatic consent of the portal's own client;
 * - POST /interaction/:uid/login (urlencoded `email`, `password`; same-origin
 *   only, else 403): 401 + message on bad credentials, 403 + PENDING_ACCOUNT
 *   and a new-link link for the right password of an unconfirmed account,
 *   429 with Retry-After past the limits of config.loginRateLimit (counted
 *   before the password is checked, ADR 0010), else 303 back to the provider
 *   with a fresh device cookie. The page links to account creation
 *   (/creation-compte) and to "Mot de passe oublié ?" (mot-de-passe-oublie.ts).
 * An expired or unknown interaction answers a French page with status 400.
 * `now` is the clock of the limits and device cookies (tests move it);
 * `sameOriginGuard` the portal's same-origin check of the form's POST.
 */
export function createInteractionRouter(deps: {
  config: IdpConfig;
  database: Database;
  logger: Logger;
  provider: Provider;
  sameOriginGuard: RequestHandler;
  now?: () => Date;
}): express.Router {
  const { config, database, logger, provider, sameOriginGuard } = deps;
  const now = deps.now ?? (() => new Date());
  const router = express.Router();
  const limiter = createLoginLimiter({
    database,
    limits: config.loginRateLimit,
    now,
    onPurgeError: (error) =>
      logger.error({ err: error }, "Purge des compteurs de connexion impossible"),
  });
  const secureCookies = config.publicUrl.startsWith("https:");
  const loginUrl = `${config.publicUrl}/account/login`;
  const action = (uid: string) => `${REALM_PATH}/interaction/${uid}/login`;
  const signUpUrl = `${config.publicUrl}/creation-compte`;
  const newLinkUrl = `${config.publicUrl}/creation-compte/nouveau-lien`;
  const forgotUrl = `${REALM_PATH}${CHEMINS_MOT_DE_PASSE.demande}`;
  // Failed attempts are logged under a keyed hash: correlatable, but no address in clear.
  const pseudonym = (email: string) =>
    createHmac("sha256", config.sessionSecret).update(email).digest("hex").slice(0, 16);

  function sendFailure(res: Response, error: unknown) {
    if (error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest) {
      sendPage(
        res,
        400,
        errorPage({ title: "Connexion expirée", message: EXPIRED, loginUrl, nonce: cspNonce(res) }),
      );
      return;
    }
    logger.error({ err: error }, "Erreur pendant la connexion");
    sendPage(
      res,
      500,
      errorPage({
        title: "Erreur de connexion",
        message: "Une erreur technique est survenue. Veuillez réessayer plus tard.",
        loginUrl,
        nonce: cspNonce(res),
      }),
    );
  }

  async function grantConsent(req: Request, res: Response) {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const accountId = details.session?.accountId;
    if (clientId !== config.oidcClientId || !accountId) {
      await provider.interactionFinished(req, res, {
        error: "access_denied",
        error_description: "Client non autorisé",
      });
      return;
    }
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    // The portal is the agency's own client: its scopes are granted without asking.
    grant.addOIDCScope(CLIENT_SCOPES);
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    grant.addResourceScope(config.oidcAudience, API_SCOPES);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(" "));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  router.get("/interaction/:uid", async (req, res) => {
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== req.params.uid) throw new errors.SessionNotFound("interaction");
      if (details.prompt.name === "consent") {
        await grantConsent(req, res);
        return;
      }
      if (details.prompt.name !== "login") throw new errors.InvalidRequest("prompt");
      sendPage(
        res,
        200,
        loginPage({ action: action(details.uid), signUpUrl, forgotUrl, nonce: cspNonce(res) }),
      );
    } catch (error) {
      sendFailure(res, error);
    }
  });

  router.post(
    "/interaction/:uid/login",
    sameOriginGuard,
    express.urlencoded({ extended: false, limit: "8kb" }),
    async (req, res) => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.uid !== req.params.uid || details.prompt.name !== "login") {
          throw new errors.SessionNotFound("interaction");
        }
        const body = (req.body ?? {}) as Record<string, unknown>;
        const email = typeof body.email === "string" ? body.email.trim() : "";
        const password = typeof body.password === "string" ? body.password : "";
        const compte = pseudonym(email.toLowerCase());
        const ip = req.ip ?? req.socket.remoteAddress ?? "inconnue";

        // Counted before the password is checked: concurrent attempts cannot overtake the limits.
        const deviceId = readDeviceCookie(
          config.sessionSecret,
          cookieValue(req.headers.cookie, DEVICE_COOKIE),
          compte,
          now(),
        );
        const attempt = await limiter.attempt({ ip, account: compte, deviceId });
        if (!attempt.allowed) {
          const wait = attempt.waitMs;
          logger.warn(
            { event: "connexion_bloquee", compte, limite: attempt.limit, attente: wait },
            "Trop de tentatives de connexion",
          );
          res.set("Retry-After", String(Math.ceil(wait / 1000)));
          sendPage(
            res,
            429,
            loginPage({
              action: action(details.uid),
              email,
              error: tooManyAttemptsMessage(wait),
              signUpUrl,
              forgotUrl,
              nonce: cspNonce(res),
            }),
          );
          return;
        }

        const check =
          email && password
            ? await verifyCredentials(database, email, password)
            : ({ status: "invalid" } as const);
        if (check.status === "pending") {
          await limiter.succeeded(attempt.ticket);
          logger.info(
            { event: "connexion_compte_en_attente", compte },
            "Connexion refusée : compte non confirmé",
          );
          sendPage(
            res,
            403,
            loginPage({
              action: action(details.uid),
              email,
              error: PENDING_ACCOUNT,
              errorLink: { href: newLinkUrl, label: "Recevoir un nouveau lien de confirmation" },
              signUpUrl,
              forgotUrl,
              nonce: cspNonce(res),
            }),
          );
          return;
        }
        if (check.status === "invalid") {
          logger.info(
            { event: "connexion_echec", compte, appareilConnu: attempt.device },
            "Échec de connexion",
          );
          sendPage(
            res,
            401,
            loginPage({
              action: action(details.uid),
              email,
              error: WRONG_CREDENTIALS,
              signUpUrl,
              forgotUrl,
              nonce: cspNonce(res),
            }),
          );
          return;
        }

        const user = check.account;
        await limiter.succeeded(attempt.ticket);
        const device = issueDeviceCookie(config.sessionSecret, compte, now());
        res.cookie(DEVICE_COOKIE, device.value, {
          httpOnly: true,
          secure: secureCookies,
          sameSite: "lax",
          path: REALM_PATH,
          maxAge: device.maxAgeMs,
        });
        await recordLogin(database, user.id);
        logger.info({ event: "connexion", utilisateurId: user.id }, "Connexion réussie");
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: user.idIdp } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        sendFailure(res, error);
      }
    },
  );

  return router;
}
