/**
 * Account settings (ADR 0025; spec §7 Accounts and users): change of e-mail
 * (link to the new address, check, confirmation), change of password,
 * supervision perimeter. Rules in api/domain/parametres-compte/.
 */
import express, { Router } from "express";
import {
  changerMotDePasse,
  confirmerChangementEmail,
  demanderChangementEmail,
  enregistrerPerimetreSupervision,
  verifierLienChangementEmail,
} from "../../../contract/api/utilisateur.ts";
import * as changementEmail from "../../domain/parametres-compte/changement-email.ts";
import { changerMotDePasse as changerMotDePasseDuCompte } from "../../domain/parametres-compte/mot-de-passe.ts";
import { enregistrerPerimetreSupervision as enregistrerPerimetre } from "../../domain/parametres-compte/perimetre-supervision.ts";
import { limitesReauthentification } from "../../domain/parametres-compte/reauthentification.ts";
import { EnvoiCourrielErreur } from "../../domain/creation-compte.ts";
import { creerLimiteur, pseudonymiserAdresse, sujetIp } from "../../domain/limites-publiques.ts";
import type { ApiDeps } from "../deps.ts";
import { journaliserRefus } from "../refus-journalises.ts";
import { endpoints } from "../endpoint.ts";
import { HttpError, unauthorized } from "../errors.ts";

/** 503 when the link to the new address could not be sent. */
const MESSAGE_ENVOI_IMPOSSIBLE =
  "Le courriel de confirmation n'a pas pu être envoyé : votre adresse n'a pas changé. Veuillez réessayer plus tard.";

/** Router of the account settings endpoints (contract/api/utilisateur.ts). */
export function compteParametresRoutes(deps: ApiDeps): Router {
  const { config, database, logger, horloge, mailer, authenticate } = deps;
  const formulaire = { parsers: [express.urlencoded({ extended: false, limit: "16kb" })] };
  const router = Router();
  const points = endpoints(router, authenticate);
  const reauthentification = {
    limiteur: creerLimiteur(database, horloge),
    limites: limitesReauthentification(config.loginRateLimit),
  };
  const heure = 3600;
  const { mailsPerAddressHour, signupsPerIpHour } = config.publicRateLimit;
  const pseudonyme = (email: string) => pseudonymiserAdresse(config.sessionSecret, email);
  // The per-address and per-IP counters are the sign-up's (same names): they count mails.
  const envois = {
    parCompte: {
      nom: "changements-email-compte",
      max: mailsPerAddressHour,
      fenetreSecondes: heure,
    },
    parAdresse: { nom: "courriels-adresse", max: mailsPerAddressHour, fenetreSecondes: heure },
    parIp: { nom: "envois-ip", max: signupsPerIpHour, fenetreSecondes: heure },
  };

  /**
   * POST /api/user/token-mail/changement (signed in): `{ email,
   * motDePasseActuel }` → 202 `{ email }` once the mail went to the new
   * address (a link, or a notice to its owner when another account has it:
   * same answer); 422 on `email` (invalid, his own) or `motDePasseActuel`
   * (wrong); 429 past the limits; 409 with an external provider; 503 when
   * the mail could not be sent (nothing kept).
   */
  points.register(
    demanderChangementEmail,
    async ({ utilisateur, body }, req, res) => {
      try {
        const resultat = await journaliserRefus(deps, req, utilisateur.row.email, () =>
          changementEmail.demanderChangementEmail(
            {
              database,
              horloge,
              mailer,
              publicUrl: config.publicUrl,
              reauthentification,
              envois,
              pseudonyme,
            },
            utilisateur,
            body,
            sujetIp(req.ip),
          ),
        );
        res.status(202).json(resultat);
      } catch (error) {
        if (error instanceof EnvoiCourrielErreur) {
          logger.error({ err: error.cause }, "Courriel de changement d'adresse non envoyé");
          throw new HttpError(503, { message: MESSAGE_ENVOI_IMPOSSIBLE });
        }
        throw error;
      }
    },
    formulaire,
  );

  /** GET /api/user/token-mail/changement?token= (public): `{ isEmailTokenValid, email }`, nothing consumed. */
  points.register(verifierLienChangementEmail, async ({ query }, _req, res) => {
    res
      .set("Cache-Control", "no-store")
      .json(
        await changementEmail.verifierLienChangementEmail(database, horloge, query.token ?? ""),
      );
  });

  /**
   * POST /api/user/token-mail/confirmation (public, the link is the proof):
   * `{ token }` → 200 `{ email }`, the account's address changed and every
   * session ended; 422 with the spec's message for an unknown, used or
   * expired link.
   */
  points.register(
    confirmerChangementEmail,
    async ({ body }, _req, res) => {
      res
        .set("Cache-Control", "no-store")
        .json(await changementEmail.confirmerChangementEmail(database, horloge, body.token));
    },
    formulaire,
  );

  /**
   * POST /api/user/mot-de-passe (signed in): `{ motDePasseActuel,
   * motDePasse, confirmation }` → 204, every session but the caller's ended
   * and pending e-mail change links dead; 422 by field (spec §5 rules, wrong
   * current password, same as the old); 429 past the sign-in's limits.
   */
  points.register(
    changerMotDePasse,
    async ({ utilisateur, body }, req, res) => {
      const jeton = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
      if (!jeton) throw unauthorized();
      await journaliserRefus(deps, req, utilisateur.row.email, () =>
        changerMotDePasseDuCompte({ database, horloge, reauthentification }, utilisateur, body, {
          jetonAcces: jeton,
          ip: sujetIp(req.ip),
        }),
      );
      res.status(204).end();
    },
    formulaire,
  );

  /**
   * POST /api/user/perimetre-supervision (superviseur only, else 403):
   * `regions[]`, `departements[]` (at least one), `motDePasseActuel` → 204;
   * 422 on an empty choice, a missing or wrong password, an unknown code or
   * one outside the account's bound (ADR 0041); 429 past the limits.
   */
  points.register(
    enregistrerPerimetreSupervision,
    async ({ utilisateur, body }, req, res) => {
      await journaliserRefus(deps, req, utilisateur.row.email, () =>
        enregistrerPerimetre({ database, horloge, reauthentification }, utilisateur, body, {
          ip: sujetIp(req.ip),
        }),
      );
      res.status(204).end();
    },
    formulaire,
  );

  return router;
}
