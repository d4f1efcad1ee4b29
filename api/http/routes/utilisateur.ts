/**
 * The signed-in user's account (spec §3 Current user, §7 GET /api/user/account,
 * POST /api/user/parametre-mail).
 */
import { eq } from "drizzle-orm";
import express, { Router, type RequestHandler } from "express";
import {
  enregistrerParametresMail,
  lireUtilisateurCourant,
} from "../../../contract/api/utilisateur.ts";
import { CGU_VERSION } from "../../../contract/cgu.ts";
import {
  parametresMailAvecDefauts,
  type UtilisateurCourant,
} from "../../../contract/schemas/utilisateur.ts";
import type { Database } from "../../db/client.ts";
import { servicesInstructeur, societes, utilisateurs } from "../../db/schema.ts";
import { borneSupervision } from "../../domain/parametres-compte/perimetre-supervision.ts";
import { endpoints } from "../endpoint.ts";

/** Routes under /user (contract/api/utilisateur.ts); every route requires `authenticate`. */
export function utilisateurRoutes(database: Database, authenticate: RequestHandler): Router {
  const { db } = database;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * The current user: identity, business roles, service, CGU status (only a
   * demandeur must accept the version in force), supervision perimeter
   * (null when never defined), for a demandeur his company, and the mail
   * preferences (`parametresMail`, a code never set reads true).
   */
  points.register(lireUtilisateurCourant, async ({ utilisateur }, _req, res) => {
    const { row, roles } = utilisateur;
    const [service] = row.serviceInstructeurId
      ? await db
          .select({
            id: servicesInstructeur.id,
            code: servicesInstructeur.code,
            nom: servicesInstructeur.nom,
          })
          .from(servicesInstructeur)
          .where(eq(servicesInstructeur.id, row.serviceInstructeurId))
      : [];
    const [societe] = row.societeId
      ? await db
          .select({
            siren: societes.siren,
            raisonSociale: societes.raisonSociale,
            qualites: societes.qualites,
          })
          .from(societes)
          .where(eq(societes.id, row.societeId))
      : [];
    const acceptedCgu = row.cguVersionAcceptee === CGU_VERSION;
    const account: UtilisateurCourant = {
      id: row.id,
      idIDP: row.idIdp,
      email: row.email,
      lastName: row.nom,
      firstName: row.prenom,
      roles,
      service: service ?? null,
      region: row.region,
      acceptedCgu,
      cguVersionAcceptee: row.cguVersionAcceptee,
      shallAcceptCgu: roles.includes("demandeur") && !acceptedCgu,
      acceptNotificationActuality: row.acceptNotificationActualite,
      perimetreSupervision: row.perimetreSupervision ?? null,
      borneSupervision: roles.includes("superviseur") ? await borneSupervision(db, row) : null,
      authenticated: true,
      societe: societe ?? null,
      parametresMail: parametresMailAvecDefauts(row.parametresMail),
    };
    res.json(account);
  });

  /**
   * POST /api/user/parametre-mail (spec §7), form or JSON: the current
   * user's mail preferences, one checkbox per code of PARAMETRES_MAIL
   * ("on"/"true" = yes, absent = no; unknown fields ignored). Replaces the
   * stored preferences as a whole → 204. Any signed-in user.
   */
  points.register(
    enregistrerParametresMail,
    async ({ utilisateur, body: parametresMail }, _req, res) => {
      await db
        .update(utilisateurs)
        .set({ parametresMail })
        .where(eq(utilisateurs.id, utilisateur.row.id));
      res.status(204).end();
    },
    { parsers: [express.urlencoded({ extended: false, limit: "10kb" })] },
  );

  return router;
}
