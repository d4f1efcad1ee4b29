import { createHmac } from "node:crypto";
import express, { type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import type { Database } from "../api/db/client.ts";
import { email as regleEmail } from "../contract/validation.ts";
import type { IdpConfig } from "./config.ts";
import { cspNonce } from "./pages/layout.ts";
import { errorPage } from "./pages/messages.ts";
import {
  demandeEnvoyeePage,
  demandePage,
  lienInvalidePage,
  motDePasseModifiePage,
  nouveauMotDePassePage,
} from "./pages/mot-de-passe.ts";
import {
  demanderReinitialisation,
  LIEN_PLUS_VALABLE,
  lienReinitialisationValable,
  reinitialiserMotDePasse,
  type EnvoiCourriel,
} from "./reinitialisation.ts";
import { createLoginLimiter, tooManyAttemptsMessage } from "./rate-limit.ts";

/** Paths of the flow under the realm (/realms/mar_users). */
export const CHEMINS_MOT_DE_PASSE = {
  demande: "/mot-de-passe-oublie",
  nouveau: "/mot-de-passe-oublie/nouveau",
} as const;

/** Start of the 429 message of the request form. */
const TROP_DE_DEMANDES = "Trop de demandes de réinitialisation du mot de passe";

/**
 * A page of the flow, never cached. The portal's `Referrer-Policy:
 * same-origin` (server/security.ts) keeps the new-password page's address,
 * which holds the link's token, from the other sites the footer links to;
 * `no-referrer` would not do: the browser would then send the form's POST
 * with `Origin: null`, which the same-origin guard refuses.
 */
function sendPage(res: Response, status: number, body: string) {
  res.status(status).set("Cache-Control", "no-store").type("html").send(body);
}

/**
 * Express routes of "Mot de passe oublié ?" (ADR 0014),
 * mounted under `realmPath` by idp/index.ts:
 * - GET /mot-de-passe-oublie: the request form (linked from the sign-in page);
 * - POST /mot-de-passe-oublie (urlencoded `email`; same-origin only, else
 *   403): 400 with the field's message for an empty or malformed address;
 *   429 with Retry-After past the sign-in's limits (config.loginRateLimit,
 *   own counters, every request counted, ADR 0010); otherwise always the
 *   same "Demande envoyée" page, sent before the account is even looked
 *   up, so that neither its text nor its timing tells whether the address
 *   has an account; the link is then stored and mailed (failures logged);
 * - GET /mot-de-passe-oublie/nouveau?token=…: the new-password form, or
 *   LIEN_PLUS_VALABLE (status 410) for an unknown, expired or used link;
 * - POST /mot-de-passe-oublie/nouveau (`token`, `motDePasse`,
 *   `confirmation`; same-origin only): 400 with every broken rule listed,
 *   410 for a link no longer valid, else the "Mot de passe modifié" page
 *   with the way to sign in.
 * `now` is the clock of the links and limits (tests move it); `mailer`
 * sends the mail (the portal's, passed in by server/app.ts).
 */
export function createMotDePasseOublieRouter(deps: {
  config: IdpConfig;
  database: Database;
  logger: Logger;
  mailer: EnvoiCourriel;
  sameOriginGuard: RequestHandler;
  realmPath: string;
  now: () => Date;
}): express.Router {
  const { config, database, logger, mailer, sameOriginGuard, realmPath, now } = deps;
  const router = express.Router();
  const limiter = createLoginLimiter({
    database,
    limits: config.loginRateLimit,
    now,
    keyPrefix: "reinitialisation:",
    onPurgeError: (error) =>
      logger.error({ err: error }, "Purge des compteurs de connexion impossible"),
  });
  const loginUrl = `${config.publicUrl}/account/login`;
  const demandeUrl = `${realmPath}${CHEMINS_MOT_DE_PASSE.demande}`;
  const nouveauUrl = `${realmPath}${CHEMINS_MOT_DE_PASSE.nouveau}`;
  const baseRealm = `${config.publicUrl}${realmPath}`;
  const formulaire = [
    sameOriginGuard,
    express.urlencoded({ extended: false, limit: "8kb" }),
  ] as const;
  const pseudonym = (email: string) =>
    createHmac("sha256", config.sessionSecret).update(email).digest("hex").slice(0, 16);
  const champ = (body: unknown, name: string) => {
    const value = (body as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : "";
  };

  /** An unexpected failure: logged, and a French page with a way back. */
  const echec = (res: Response, error: unknown) => {
    logger.error({ err: error }, "Erreur pendant la réinitialisation du mot de passe");
    const page = errorPage({
      title: "Erreur",
      message: "Une erreur technique est survenue. Veuillez réessayer plus tard.",
      loginUrl,
      nonce: cspNonce(res),
    });
    sendPage(res, 500, page);
  };

  const lienInvalide = (res: Response) =>
    sendPage(
      res,
      410,
      lienInvalidePage({ message: LIEN_PLUS_VALABLE, demandeUrl, loginUrl, nonce: cspNonce(res) }),
    );

  router.get(CHEMINS_MOT_DE_PASSE.demande, (_req, res) => {
    sendPage(res, 200, demandePage({ action: demandeUrl, loginUrl, nonce: cspNonce(res) }));
  });

  router.post(CHEMINS_MOT_DE_PASSE.demande, ...formulaire, async (req, res) => {
    const saisie = champ(req.body, "email").trim();
    const lu = regleEmail().safeParse(saisie);
    if (!lu.success) {
      const page = demandePage({
        action: demandeUrl,
        loginUrl,
        email: saisie,
        erreur: lu.error.issues[0]?.message,
        nonce: cspNonce(res),
      });
      sendPage(res, 400, page);
      return;
    }
    const email = lu.data;
    const compte = pseudonym(email);
    const ip = req.ip ?? req.socket.remoteAddress ?? "inconnue";
    try {
      const attempt = await limiter.attempt({ ip, account: compte });
      if (!attempt.allowed) {
        logger.warn(
          { event: "reinitialisation_bloquee", compte, limite: attempt.limit },
          "Trop de demandes de réinitialisation du mot de passe",
        );
        res.set("Retry-After", String(Math.ceil(attempt.waitMs / 1000)));
        const alerte = tooManyAttemptsMessage(attempt.waitMs, TROP_DE_DEMANDES);
        sendPage(
          res,
          429,
          demandePage({ action: demandeUrl, loginUrl, email, alerte, nonce: cspNonce(res) }),
        );
        return;
      }
    } catch (error) {
      echec(res, error);
      return;
    }
    sendPage(res, 200, demandeEnvoyeePage({ loginUrl, nonce: cspNonce(res) }));
    // After the answer: its timing says nothing of the account.
    demanderReinitialisation({ database, mailer, now, baseRealm }, email).then(
      (envoye) =>
        logger.info(
          { event: "reinitialisation_demandee", compte, courriel: envoye },
          "Demande de réinitialisation du mot de passe",
        ),
      (error: unknown) =>
        logger.error({ err: error, compte }, "Lien de réinitialisation du mot de passe non envoyé"),
    );
  });

  router.get(CHEMINS_MOT_DE_PASSE.nouveau, async (req, res) => {
    try {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      if (!(await lienReinitialisationValable(database, token, now()))) {
        lienInvalide(res);
        return;
      }
      sendPage(
        res,
        200,
        nouveauMotDePassePage({ action: nouveauUrl, token, nonce: cspNonce(res) }),
      );
    } catch (error) {
      echec(res, error);
    }
  });

  router.post(CHEMINS_MOT_DE_PASSE.nouveau, ...formulaire, async (req, res) => {
    try {
      const token = champ(req.body, "token");
      const resultat = await reinitialiserMotDePasse(
        { database, now },
        {
          jeton: token,
          motDePasse: champ(req.body, "motDePasse"),
          confirmation: champ(req.body, "confirmation"),
        },
      );
      if (resultat.statut === "lien_invalide") {
        lienInvalide(res);
        return;
      }
      if (resultat.statut === "refuse") {
        const page = nouveauMotDePassePage({
          action: nouveauUrl,
          token,
          erreurs: resultat.erreurs,
          nonce: cspNonce(res),
        });
        sendPage(res, 400, page);
        return;
      }
      logger.info(
        { event: "mot_de_passe_reinitialise", sub: resultat.idIdp },
        "Mot de passe réinitialisé, sessions du compte fermées",
      );
      sendPage(res, 200, motDePasseModifiePage({ loginUrl, nonce: cspNonce(res) }));
    } catch (error) {
      echec(res, error);
    }
  });

  return router;
}
