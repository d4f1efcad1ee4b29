/**
 * Public account creation and e-mail confirmation of applicants (spec §3
 * "Applicant account", §5 Accounts, §7 Accounts and users, §8, §9), plus the
 * terms acceptance of a signed-in applicant. Mounted before the
 * authenticated routes: only accept-cgu carries `authenticate`.
 */
import express, { Router } from "express";
import {
  CHAMPS_VERIFIABLES,
  MESSAGE_LIEN_INVALIDE,
  schemaAcceptationCgu,
  schemaCreationCompte,
  schemaNouveauLien,
  type ChampVerifiable,
  type CompteExistant,
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
} from "../../domain/comptes-candidats.ts";
import { currentUser, requireGate } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { HttpError, notFound, parseOrThrow } from "../errors.ts";
import { queryValue } from "../query.ts";

const SUPPORT = "mar-agrement@anah.gouv.fr";

/** 409 texts of spec §8 "Existing account": sign in, or contact support. */
export const MESSAGES_COMPTE_EXISTANT: Record<ChampVerifiable, string> = {
  siren: `Un compte existe déjà pour ce SIREN : une seule structure candidate peut être inscrite par SIREN. Connectez-vous avec ce compte ou contactez le support (${SUPPORT}).`,
  raisonSociale: `Un compte existe déjà pour cette raison sociale. Connectez-vous avec ce compte ou contactez le support (${SUPPORT}).`,
  email: `Un compte existe déjà avec cette adresse électronique. Connectez-vous avec ce compte ou contactez le support (${SUPPORT}).`,
};

/** 503 text when the confirmation mail cannot be sent (spec §8: the user retries). */
export const MESSAGE_ENVOI_IMPOSSIBLE =
  "Le courriel de confirmation n'a pas pu être envoyé et votre compte n'a pas été créé. Veuillez réessayer plus tard.";

/** 202 text of POST /api/user/token-mail, the same whether the account exists or not. */
export const MESSAGE_NOUVEAU_LIEN =
  "Si un compte en attente de confirmation correspond à cette adresse, un nouveau lien de confirmation vient de lui être envoyé. Il est valable 72 heures.";

/** Form bodies post lists as repeated `key[]` (spec §7): keep them under `key`. */
function corpsFormulaire(body: unknown): Record<string, unknown> {
  const corps: Record<string, unknown> = {};
  for (const [cle, valeur] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    const nom = cle.endsWith("[]") ? cle.slice(0, -2) : cle;
    const precedent = corps[nom];
    corps[nom] = precedent === undefined ? valeur : [precedent, valeur].flat();
  }
  return corps;
}

/** Router of the applicant account routes. */
export function candidatRoutes(deps: ApiDeps): Router {
  const { config, database, logger, horloge, mailer, authenticate } = deps;
  const comptes = { database, horloge, mailer, publicUrl: config.publicUrl };
  const formulaire = express.urlencoded({ extended: false, limit: "16kb" });
  const router = Router();

  /**
   * GET /api/user/check/{field}/{value} (public): `{ exists }` for `field`
   * email (case-insensitive), siren (spaces ignored) or raisonSociale
   * (accents and case ignored); 404 for any other field.
   */
  router.get("/user/check/:field/:value", async (req, res) => {
    const champ = req.params.field as ChampVerifiable;
    if (!CHAMPS_VERIFIABLES.includes(champ)) throw notFound();
    const answer: VerificationChamp = {
      exists: await valeurExiste(database.db, champ, req.params.value),
    };
    res.set("Cache-Control", "no-store").json(answer);
  });

  /**
   * POST /api/candidate/create (public; JSON or form data): the account form
   * of contract/schemas/candidat.ts. 201 `{ email }` once the confirmation
   * mail is sent; 422 `{ detail, errors }` for spec §5 rules; 409
   * `CompteExistant` when the SIREN, company name or e-mail is taken; 503
   * `{ message }` when the mail cannot be sent (nothing is created).
   */
  router.post("/candidate/create", formulaire, async (req, res) => {
    const donnees = parseOrThrow(schemaCreationCompte, corpsFormulaire(req.body));
    try {
      const cree = await creerCompteCandidat(comptes, donnees);
      res.status(201).json(cree);
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
  });

  /**
   * GET /api/user/token-mail-check?token= (public): confirms the account of
   * a valid link, 200 `{ email }`; an unknown, used or expired link (or none)
   * answers 422 `{ detail: MESSAGE_LIEN_INVALIDE }` (spec §8).
   */
  router.get("/user/token-mail-check", async (req, res) => {
    const jeton = queryValue(req, "token");
    const confirme = jeton ? await confirmerCompte(database, horloge, jeton) : undefined;
    res.set("Cache-Control", "no-store");
    if (!confirme) throw new HttpError(422, { detail: MESSAGE_LIEN_INVALIDE });
    res.json(confirme);
  });

  /**
   * POST /api/user/token-mail (public; `{ email }`, JSON or form data): a
   * new confirmation link for a pending account. Always 202 `{ message }`,
   * so that nobody learns whether the account exists (a failed mail is
   * logged); 422 for an invalid e-mail.
   */
  router.post("/user/token-mail", formulaire, async (req, res) => {
    const { email } = parseOrThrow(schemaNouveauLien, corpsFormulaire(req.body));
    try {
      await renouvelerLienConfirmation(comptes, email);
    } catch (error) {
      logger.error({ err: error }, "Nouveau lien de confirmation non envoyé");
    }
    res.status(202).json({ message: MESSAGE_NOUVEAU_LIEN });
  });

  /**
   * POST /api/user/accept-cgu (demandeur only, else 403): `{ consentCgu,
   * consentMail }` as JSON or form data, both ticked (422 otherwise); records
   * the terms version in force and the consent date. 204.
   */
  router.post(
    "/user/accept-cgu",
    authenticate,
    requireGate("demandeur"),
    formulaire,
    async (req, res) => {
      parseOrThrow(schemaAcceptationCgu, corpsFormulaire(req.body));
      await accepterCgu(database, horloge, currentUser(req).row.id);
      res.status(204).end();
    },
  );

  return router;
}
