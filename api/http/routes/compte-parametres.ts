/**
 * Account settings (issue 16 item 2, ADR 0025; spec §7 Accounts and users):
 * change of e-mail (link to the new address, check, confirmation), change
 * of password, supervision perimeter. Rules in api/domain/compte/.
 */
import express, { Router } from "express";
import {
  changerMotDePasse,
  confirmerChangementEmail,
  demanderChangementEmail,
  enregistrerPerimetreSupervision,
  verifierLienChangementEmail,
} from "../../../contract/api/utilisateur.ts";
import * as changementEmail from "../../domain/compte/changement-email.ts";
import { changerMotDePasse as changerMotDePasseDuCompte } from "../../domain/compte/mot-de-passe.ts";
import { enregistrerPerimetreSupervision as enregistrerPerimetre } from "../../domain/compte/perimetre-supervision.ts";
import { EnvoiCourrielErreur } from "../../domain/comptes-candidats.ts";
import type { ApiDeps } from "../deps.ts";
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

  /**
   * POST /api/user/token-mail/changement (signed in): `{ email }` → 202
   * `{ email }` once the link went to the new address; 422 on `email`
   * (invalid, his own, another account's); 409 with an external provider;
   * 503 when the mail could not be sent (nothing kept).
   */
  points.register(
    demanderChangementEmail,
    async ({ utilisateur, body }, _req, res) => {
      try {
        const resultat = await changementEmail.demanderChangementEmail(
          { database, horloge, mailer, publicUrl: config.publicUrl },
          utilisateur,
          body.email,
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
   * motDePasse, confirmation }` → 204, every session but the caller's ended;
   * 422 by field (spec §5 rules, wrong current password, same as the old).
   */
  points.register(
    changerMotDePasse,
    async ({ utilisateur, body }, req, res) => {
      const jeton = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
      if (!jeton) throw unauthorized();
      await changerMotDePasseDuCompte({ database, horloge }, utilisateur, body, jeton);
      res.status(204).end();
    },
    formulaire,
  );

  /**
   * POST /api/user/perimetre-supervision (superviseur only, else 403):
   * `regions[]`, `departements[]` (at least one) → 204; 422 on an empty
   * choice or an unknown code.
   */
  points.register(
    enregistrerPerimetreSupervision,
    async ({ utilisateur, body }, _req, res) => {
      await enregistrerPerimetre({ database, horloge }, utilisateur, body);
      res.status(204).end();
    },
    formulaire,
  );

  return router;
}
