import express, { type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import type { Database } from "../api/db/client.ts";
import { email as regleEmail } from "../contract/validation.ts";
import type { IdpConfig } from "./config.ts";
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
import { tooManyAttemptsMessage } from "./rate-limit.ts";

/** Paths of the flow under the realm (/realms/mar_users). */
export const CHEMINS_MOT_DE_PASSE = {
  demande: "/mot-de-passe-oublie",
  nouveau: "/mot-de-passe-oublie/nouveau",
} as const;

/** Start of the 429 message of the request form. */
const TROP_DE_DEMANDES = "Trop de demandes de réinitialisation du mot de passe";

/** What the flow's handlers share, built once by createMotDePasseOublieRouter. */
interface Parcours {
  config: IdpConfig;
  database: Database;
  logger: Logger;
  mailer: EnvoiCourriel;
  now: () => Date;
  limiter: Limiteur;
  /** The middlewares in front of the forms' POSTs (formulaires.ts). */
  formulaire: ReturnType<typeof posteFormulaire>;
  /** Sign-in of the portal, the flow's two pages, and the realm's absolute address. */
  liens: { login: string; demande: string; nouveau: string; baseRealm: string };
}

/** A posted text field, empty when missing. */
function champ(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : "";
}

/** An unexpected failure: logged, and a French page with a way back. */
function echec(parcours: Parcours, res: Response, error: unknown) {
  parcours.logger.error({ err: error }, "Erreur pendant la réinitialisation du mot de passe");
  sendErreurTechnique(res, "Erreur", parcours.liens.login);
}

/** 410: an unknown, expired or used link, with the way to ask for another. */
function lienInvalide(parcours: Parcours, res: Response) {
  sendPage(
    res,
    410,
    lienInvalidePage({
      message: LIEN_PLUS_VALABLE,
      demandeUrl: parcours.liens.demande,
      loginUrl: parcours.liens.login,
      nonce: cspNonce(res),
    }),
  );
}

/**
 * GET and POST /mot-de-passe-oublie: the request form, and its answer, the
 * same whatever the address (see createMotDePasseOublieRouter).
 */
function routesDemande(router: express.Router, parcours: Parcours) {
  const { database, logger, mailer, now, limiter } = parcours;
  const { login: loginUrl, demande: demandeUrl, baseRealm } = parcours.liens;

  router.get(CHEMINS_MOT_DE_PASSE.demande, (_req, res) => {
    sendPage(res, 200, demandePage({ action: demandeUrl, loginUrl, nonce: cspNonce(res) }));
  });

  router.post(CHEMINS_MOT_DE_PASSE.demande, ...parcours.formulaire, async (req, res) => {
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
    const compte = pseudonyme(parcours.config.sessionSecret, email);
    const ip = adresseClient(req);
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
      echec(parcours, res, error);
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
}

/**
 * GET and POST /mot-de-passe-oublie/nouveau: the new-password form of a
 * valid link, and its submission (see createMotDePasseOublieRouter).
 */
function routesNouveauMotDePasse(router: express.Router, parcours: Parcours) {
  const { database, logger, now } = parcours;
  const { login: loginUrl, nouveau: nouveauUrl } = parcours.liens;

  router.get(CHEMINS_MOT_DE_PASSE.nouveau, async (req, res) => {
    try {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      if (!(await lienReinitialisationValable(database, token, now()))) {
        lienInvalide(parcours, res);
        return;
      }
      sendPage(
        res,
        200,
        nouveauMotDePassePage({ action: nouveauUrl, token, nonce: cspNonce(res) }),
      );
    } catch (error) {
      echec(parcours, res, error);
    }
  });

  router.post(CHEMINS_MOT_DE_PASSE.nouveau, ...parcours.formulaire, async (req, res) => {
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
        lienInvalide(parcours, res);
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
      echec(parcours, res, error);
    }
  });
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
  const limiter = limiteurFormulaire({
    config,
    database,
    logger,
    now,
    keyPrefix: "reinitialisation:",
  });
  const parcours: Parcours = {
    config,
    database,
    logger,
    mailer,
    now,
    limiter,
    formulaire: posteFormulaire(sameOriginGuard),
    liens: {
      login: `${config.publicUrl}/account/login`,
      demande: `${realmPath}${CHEMINS_MOT_DE_PASSE.demande}`,
      nouveau: `${realmPath}${CHEMINS_MOT_DE_PASSE.nouveau}`,
      baseRealm: `${config.publicUrl}${realmPath}`,
    },
  };
  const router = express.Router();
  routesDemande(router, parcours);
  routesNouveauMotDePasse(router, parcours);
  return router;
}
