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
import {
  adresseClient,
  limiteurFormulaire,
  posteFormulaire,
  pseudonyme,
  sendErreurTechnique,
  sendPage,
  type Limiteur,
} from "./formulaires.ts";
import { cspNonce } from "./pages/layout.ts";
import { CHEMINS_MOT_DE_PASSE } from "./mot-de-passe-oublie.ts";
import { loginPage } from "./pages/login.ts";
import { errorPage } from "./pages/messages.ts";
import { API_SCOPES, CLIENT_SCOPES, REALM_PATH } from "./provider.ts";
import { tooManyAttemptsMessage } from "./rate-limit.ts";

/** Same message for an unknown address and a wrong password: no account enumeration. */
export const WRONG_CREDENTIALS = "Adresse électronique ou mot de passe incorrect.";

/**
 * Right password of an account whose e-mail is not confirmed yet (spec §9):
 * shown only after the password was checked, so it reveals nothing to others.
 */
export const PENDING_ACCOUNT =
  "Votre compte n'est pas encore activé : confirmez votre adresse électronique en suivant le lien du courriel reçu lors de la création du compte. Si vous ne l'avez pas reçu ou s'il n'est plus valable, demandez un nouveau lien.";

const EXPIRED = "Votre demande de connexion a expiré ou n'est plus valide. Veuillez recommencer.";

/**
 * What the sign-in's handlers share, built once by createInteractionRouter.
 */
interface LoginDeps {
  config: IdpConfig;
  database: Database;
  logger: Logger;
  provider: Provider;
  limiter: Limiteur;
  now: () => Date;
}

/** What the sign-in page puts back after a refused attempt. */
type RetourConnexion = Pick<Parameters<typeof loginPage>[0], "email" | "error" | "errorLink">;

/**
 * The sign-in page of interaction `uid` with `status`: the form posts to the
 * interaction, links to account creation and "Mot de passe oublié ?";
 * `retour` holds the address and the message of a refused attempt.
 */
function sendLoginPage(
  config: IdpConfig,
  res: Response,
  status: number,
  uid: string,
  retour: RetourConnexion = {},
) {
  const page = loginPage({
    action: `${REALM_PATH}/interaction/${uid}/login`,
    ...retour,
    signUpUrl: `${config.publicUrl}/creation-compte`,
    forgotUrl: `${REALM_PATH}${CHEMINS_MOT_DE_PASSE.demande}`,
    nonce: cspNonce(res),
  });
  sendPage(res, status, page);
}

/** An expired or unknown interaction: 400; anything else: logged, 500. */
function sendFailure(deps: LoginDeps, res: Response, error: unknown) {
  const loginUrl = `${deps.config.publicUrl}/account/login`;
  if (error instanceof errors.SessionNotFound || error instanceof errors.InvalidRequest) {
    sendPage(
      res,
      400,
      errorPage({ title: "Connexion expirée", message: EXPIRED, loginUrl, nonce: cspNonce(res) }),
    );
    return;
  }
  deps.logger.error({ err: error }, "Erreur pendant la connexion");
  sendErreurTechnique(res, "Erreur de connexion", loginUrl);
}

/** The consent prompt: granted at once to the portal's own client, refused to any other. */
async function grantConsent(deps: LoginDeps, req: Request, res: Response) {
  const { config, provider } = deps;
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

/** GET /interaction/:uid: the sign-in page, or the consent once signed in. */
async function showInteraction(deps: LoginDeps, req: Request, res: Response) {
  try {
    const details = await deps.provider.interactionDetails(req, res);
    if (details.uid !== req.params.uid) throw new errors.SessionNotFound("interaction");
    if (details.prompt.name === "consent") {
      await grantConsent(deps, req, res);
      return;
    }
    if (details.prompt.name !== "login") throw new errors.InvalidRequest("prompt");
    sendLoginPage(deps.config, res, 200, details.uid);
  } catch (error) {
    sendFailure(deps, res, error);
  }
}

/** A posted sign-in form of interaction `uid`; `compte` is the address's pseudonym. */
interface LoginSubmission {
  uid: string;
  email: string;
  password: string;
  compte: string;
}

/** Reads the posted form of interaction `uid`: missing fields are empty. */
function readSubmission(deps: LoginDeps, req: Request, uid: string): LoginSubmission {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const email = typeof body.email === "string" ? body.email.trim() : "";
  const password = typeof body.password === "string" ? body.password : "";
  return {
    uid,
    email,
    password,
    compte: pseudonyme(deps.config.sessionSecret, email.toLowerCase()),
  };
}

/**
 * Counts the attempt with the device cookie it carries: before the password
 * is checked, so that concurrent attempts cannot overtake the limits.
 */
function countAttempt(deps: LoginDeps, req: Request, submission: LoginSubmission) {
  const ip = adresseClient(req);
  const deviceId = readDeviceCookie(
    deps.config.sessionSecret,
    cookieValue(req.headers.cookie, DEVICE_COOKIE),
    submission.compte,
    deps.now(),
  );
  return deps.limiter.attempt({ ip, account: submission.compte, deviceId });
}

/** 429 with Retry-After: the attempt went past a limit, `waitMs` before the next. */
function refuseTooManyAttempts(
  deps: LoginDeps,
  res: Response,
  submission: LoginSubmission,
  refus: { limit: string; waitMs: number },
) {
  const wait = refus.waitMs;
  deps.logger.warn(
    { event: "connexion_bloquee", compte: submission.compte, limite: refus.limit, attente: wait },
    "Trop de submissions de connexion",
  );
  res.set("Retry-After", String(Math.ceil(wait / 1000)));
  sendLoginPage(deps.config, res, 429, submission.uid, {
    email: submission.email,
    error: tooManyAttemptsMessage(wait),
  });
}

/** 403: the right password of an account whose address is not confirmed yet. */
function refusePendingAccount(deps: LoginDeps, res: Response, submission: LoginSubmission) {
  deps.logger.info(
    { event: "connexion_compte_en_attente", compte: submission.compte },
    "Connexion refusée : compte non confirmé",
  );
  sendLoginPage(deps.config, res, 403, submission.uid, {
    email: submission.email,
    error: PENDING_ACCOUNT,
    errorLink: {
      href: `${deps.config.publicUrl}/creation-compte/nouveau-lien`,
      label: "Recevoir un nouveau lien de confirmation",
    },
  });
}

/** 401: unknown address or wrong password, the same message for both. */
function refuseWrongCredentials(
  deps: LoginDeps,
  res: Response,
  submission: LoginSubmission,
  appareilConnu: boolean,
) {
  deps.logger.info(
    { event: "connexion_echec", compte: submission.compte, appareilConnu },
    "Échec de connexion",
  );
  sendLoginPage(deps.config, res, 401, submission.uid, {
    email: submission.email,
    error: WRONG_CREDENTIALS,
  });
}

/**
 * The account is signed in: a fresh device cookie for its pseudonym
 * `compte`, the sign-in recorded, and back to the provider.
 */
async function finishLogin(
  deps: LoginDeps,
  req: Request,
  res: Response,
  compte: string,
  user: { id: string; idIdp: string },
) {
  const device = issueDeviceCookie(deps.config.sessionSecret, compte, deps.now());
  res.cookie(DEVICE_COOKIE, device.value, {
    httpOnly: true,
    secure: deps.config.publicUrl.startsWith("https:"),
    sameSite: "lax",
    path: REALM_PATH,
    maxAge: device.maxAgeMs,
  });
  await recordLogin(deps.database, user.id);
  deps.logger.info({ event: "connexion", utilisateurId: user.id }, "Connexion réussie");
  await deps.provider.interactionFinished(
    req,
    res,
    { login: { accountId: user.idIdp } },
    { mergeWithLastSubmission: false },
  );
}

/** POST /interaction/:uid/login: the posted form, counted, then checked. */
async function submitLogin(deps: LoginDeps, req: Request, res: Response) {
  try {
    const details = await deps.provider.interactionDetails(req, res);
    if (details.uid !== req.params.uid || details.prompt.name !== "login") {
      throw new errors.SessionNotFound("interaction");
    }
    const submission = readSubmission(deps, req, details.uid);
    const attempt = await countAttempt(deps, req, submission);
    if (!attempt.allowed) {
      refuseTooManyAttempts(deps, res, submission, attempt);
      return;
    }
    const { email, password } = submission;
    const check =
      email && password
        ? await verifyCredentials(deps.database, email, password)
        : ({ status: "invalid" } as const);
    if (check.status === "pending") {
      await deps.limiter.succeeded(attempt.ticket);
      refusePendingAccount(deps, res, submission);
      return;
    }
    if (check.status === "invalid") {
      refuseWrongCredentials(deps, res, submission, attempt.device);
      return;
    }
    await deps.limiter.succeeded(attempt.ticket);
    await finishLogin(deps, req, res, submission.compte, check.account);
  } catch (error) {
    sendFailure(deps, res, error);
  }
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
  const limiter = limiteurFormulaire({ config, database, logger, now });
  const loginDeps: LoginDeps = { config, database, logger, provider, limiter, now };
  const router = express.Router();
  router.get("/interaction/:uid", (req, res) => showInteraction(loginDeps, req, res));
  router.post("/interaction/:uid/login", ...posteFormulaire(sameOriginGuard), (req, res) =>
    submitLogin(loginDeps, req, res),
  );
  return router;
}
