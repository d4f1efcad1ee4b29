/**
 * Public account creation and e-mail confirmation of applicants (spec §3
 * "Applicant account", §5 Accounts, §7 Accounts and users, §8, §9), plus the
 * terms acceptance of a signed-in applicant. Mounted before the
 * authenticated routes: only accept-cgu carries `authenticate`.
 */
import express, { Router, type Request, type Response } from "express";
import {
  accepterCgu as accepterCguPoint,
  confirmerCompte as confirmerComptePoint,
  creerCompteCandidat as creerComptePoint,
  demanderNouveauLien,
  verifierChamp,
} from "../../../contract/api/candidat.ts";
import {
  MESSAGE_LIEN_INVALIDE,
  messageTropDeDemandes,
  type ChampCompteExistant,
  type CompteExistant,
  type TropDeDemandes,
  type VerificationChamp,
} from "../../../contract/schemas/candidat.ts";
import {
  CompteExistantErreur,
  EnvoiCourrielErreur,
  accepterCgu,
  confirmerCompte,
  creerCompteCandidat,
  renouvelerLienConfirmation,
  valeurExiste,
} from "../../domain/creation-compte.ts";
import {
  creerLimiteur,
  pseudonymiserAdresse,
  sujetIp,
  type Comptage,
  type Limite,
} from "../../domain/limites-publiques.ts";
import { ADRESSE_SUPPORT } from "../../mail/courriel-compte-existant.ts";
import type { ApiConfig as Config } from "../../config.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { HttpError } from "../errors.ts";

/**
 * 409 texts of spec §8 "Existing account": sign in, or contact support. An
 * e-mail already used gets no 409: its owner is mailed.
 */
export const MESSAGES_COMPTE_EXISTANT: Record<ChampCompteExistant, string> = {
  siren: `Un compte existe déjà pour ce SIREN : une seule structure candidate peut être inscrite par SIREN. Connectez-vous avec ce compte ou contactez le support (${ADRESSE_SUPPORT}).`,
  raisonSociale: `Un compte existe déjà pour cette raison sociale. Connectez-vous avec ce compte ou contactez le support (${ADRESSE_SUPPORT}).`,
};

/** 503 text when the confirmation mail cannot be sent (spec §8: the user retries). */
export const MESSAGE_ENVOI_IMPOSSIBLE =
  "Le courriel de confirmation n'a pas pu être envoyé et votre compte n'a pas été créé. Veuillez réessayer plus tard.";

/** 202 text of POST /api/user/token-mail, the same whether the account exists or not. */
export const MESSAGE_NOUVEAU_LIEN =
  "Si un compte en attente de confirmation correspond à cette adresse, un nouveau lien de confirmation vient de lui être envoyé. Il est valable 72 heures.";

/** Router of the applicant account routes (contract/api/candidat.ts). */
export function candidatRoutes(deps: ApiDeps): Router {
  const { config, database, logger, horloge, mailer, authenticate } = deps;
  const comptes = { database, horloge, mailer, publicUrl: config.publicUrl };
  const formulaire = { parsers: [express.urlencoded({ extended: false, limit: "16kb" })] };
  const router = Router();
  const points = endpoints(router, authenticate);
  const { limiter, envoi, limites } = limitationPublique(deps);

  /**
   * GET /api/user/check/{field}/{value} (public): `{ exists }` for `field`
   * siren (spaces ignored) or raisonSociale (accents and case ignored); 404
   * for any other field, e-mail included (nobody learns
   * which addresses have an account). 429 beyond CHECK_RATE_LIMIT_IP_MINUTE
   * or CHECK_RATE_LIMIT_IP_HOUR checks per IP.
   */
  points.register(verifierChamp, async ({ params }, req, res) => {
    const ip = sujetIp(req.ip);
    await limiter(req, res, [
      { limite: limites.verificationsParIpMinute, sujet: ip },
      { limite: limites.verificationsParIpHeure, sujet: ip },
    ]);
    const answer: VerificationChamp = {
      exists: await valeurExiste(database.db, params.field, params.value),
    };
    res.set("Cache-Control", "no-store").json(answer);
  });

  /**
   * POST /api/candidate/create (public; JSON or form data): the account form
   * of contract/schemas/candidat.ts. 201 `{ email }` once the confirmation
   * mail is sent, and the same 201 when the e-mail already has an account,
   * whose owner is mailed instead; 422 `{ detail, errors }`
   * for spec §5 rules; 409 `CompteExistant` when the SIREN or company name is
   * taken; 503 `{ message }` when the mail cannot be sent (nothing is
   * created); 429 beyond SIGNUP_RATE_LIMIT_IP requests per IP or
   * MAIL_RATE_LIMIT_ADDRESS per e-mail address and per hour.
   */
  points.register(
    creerComptePoint,
    async ({ body: donnees }, req, res) => {
      await limiter(req, res, envoi(req, donnees.email), donnees.email);
      try {
        const { email, compteCree } = await creerCompteCandidat(comptes, donnees);
        if (!compteCree)
          logger.info(
            {
              event: "creation_compte_adresse_existante",
              compte: pseudonymiserAdresse(config.sessionSecret, email),
            },
            "Création de compte avec une adresse déjà inscrite : son titulaire est prévenu",
          );
        res.status(201).json({ email });
      } catch (error) {
        if (error instanceof CompteExistantErreur) {
          const body: CompteExistant = {
            message: MESSAGES_COMPTE_EXISTANT[error.champ],
            champ: error.champ,
          };
          throw new HttpError(409, { ...body });
        }
        if (error instanceof EnvoiCourrielErreur) {
          logger.error({ err: error.cause }, "Courriel de confirmation de compte non envoyé");
          throw new HttpError(503, { message: MESSAGE_ENVOI_IMPOSSIBLE });
        }
        throw error;
      }
    },
    formulaire,
  );

  /**
   * GET /api/user/token-mail-check?token= (public): confirms the account of
   * a valid link, 200 `{ email }`; an unknown, used or expired link (or none)
   * answers 422 `{ detail: MESSAGE_LIEN_INVALIDE }` (spec §8).
   */
  points.register(confirmerComptePoint, async ({ query: { token: jeton } }, _req, res) => {
    const confirme = jeton ? await confirmerCompte(database, horloge, jeton) : undefined;
    res.set("Cache-Control", "no-store");
    if (!confirme) throw new HttpError(422, { detail: MESSAGE_LIEN_INVALIDE });
    res.json(confirme);
  });

  /**
   * POST /api/user/token-mail (public; `{ email }`, JSON or form data): a
   * new confirmation link for a pending account. Always 202 `{ message }`,
   * so that nobody learns whether the account exists (a failed mail is
   * logged); 422 for an invalid e-mail; 429 beyond SIGNUP_RATE_LIMIT_IP
   * requests per IP or MAIL_RATE_LIMIT_ADDRESS per address and per hour,
   * counted whether the account exists or not.
   */
  points.register(
    demanderNouveauLien,
    async ({ body: { email } }, req, res) => {
      await limiter(req, res, envoi(req, email), email);
      try {
        await renouvelerLienConfirmation(comptes, email);
      } catch (error) {
        logger.error({ err: error }, "Nouveau lien de confirmation non envoyé");
      }
      res.status(202).json({ message: MESSAGE_NOUVEAU_LIEN });
    },
    formulaire,
  );

  /**
   * POST /api/user/accept-cgu (demandeur only, else 403): `{ consentCgu,
   * consentMail }` as JSON or form data, both ticked (422 otherwise); records
   * the terms version in force and the consent date. 204.
   */
  points.register(
    accepterCguPoint,
    async ({ utilisateur }, _req, res) => {
      await accepterCgu(database, horloge, utilisateur.row.id);
      res.status(204).end();
    },
    formulaire,
  );

  return router;
}

/**
 * The rate limiting of the public routes (spec §8), counted in the
 * database of `deps`: `limites` (see {@link limitesPubliques}), `limiter`,
 * which counts an attempt before any work, and `envoi`, the counters of a
 * request that may send a mail.
 */
function limitationPublique(deps: Pick<ApiDeps, "config" | "database" | "horloge" | "logger">) {
  const { config, database, horloge, logger } = deps;
  const limiteur = creerLimiteur(database, horloge);
  const limites = limitesPubliques(config.publicRateLimit);

  /**
   * Counts the attempt of `req` against `comptages` before any work; when a
   * limit is exceeded, logs the refusal at warn (the e-mail pseudonymised)
   * and throws 429 `TropDeDemandes` with `Retry-After` in seconds.
   */
  async function limiter(req: Request, res: Response, comptages: Comptage[], email?: string) {
    const depassement = await limiteur.compter(comptages);
    if (!depassement) return;
    logger.warn(
      {
        event: "limite_publique_atteinte",
        limite: depassement.limite.nom,
        route: req.route?.path,
        ...(email ? { compte: pseudonymiserAdresse(config.sessionSecret, email) } : {}),
      },
      "Trop de demandes : requête refusée",
    );
    const retryAfter = depassement.retryAfterSecondes;
    res.set("Retry-After", String(retryAfter));
    const body: TropDeDemandes = { message: messageTropDeDemandes(retryAfter), retryAfter };
    throw new HttpError(429, { ...body });
  }

  /** The counters of a request that may send a mail to `email`: per IP and per address. */
  const envoi = (req: Request, email: string): Comptage[] => [
    { limite: limites.envoisParIp, sujet: sujetIp(req.ip) },
    {
      limite: limites.courrielsParAdresse,
      sujet: pseudonymiserAdresse(config.sessionSecret, email),
    },
  ];

  return { limiter, envoi, limites };
}

/**
 * The limits of config.publicRateLimit (README "Paramètres"): mails per
 * address per hour, account requests per IP per hour, checks per IP per
 * minute and per hour.
 */
function limitesPubliques(reglages: Config["publicRateLimit"]) {
  const limite = (nom: string, max: number, fenetreSecondes: number): Limite => ({
    nom,
    max,
    fenetreSecondes,
  });
  return {
    courrielsParAdresse: limite("courriels-adresse", reglages.mailsPerAddressHour, 3600),
    envoisParIp: limite("envois-ip", reglages.signupsPerIpHour, 3600),
    verificationsParIpMinute: limite("verifications-ip-minute", reglages.checksPerIpMinute, 60),
    verificationsParIpHeure: limite("verifications-ip-heure", reglages.checksPerIpHour, 3600),
  };
}
