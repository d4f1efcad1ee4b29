/**
 * The functional administrator's settings (contract/api/administration.ts):
 * information banners and feature flags, each change
 * written in the history by api/domain/administration/; the superviseurs'
 * bounds (ADR 0041, api/domain/parametres-compte/perimetre-supervision.ts). admin_fonctionnel only.
 */
import express, { Router } from "express";
import {
  basculerFonctionnalite,
  creerBandeau,
  fixerBorneSuperviseur,
  lireSuperviseur,
  listerBandeauxAdministres,
  listerFonctionnalitesAdministrees,
  listerSuperviseurs,
  retirerBandeau,
} from "../../../contract/api/administration.ts";
import * as bandeaux from "../../domain/administration/bandeaux.ts";
import * as fonctionnalites from "../../domain/administration/fonctionnalites.ts";
import * as superviseurs from "../../domain/parametres-compte/perimetre-supervision.ts";
import { limitesReauthentification } from "../../domain/parametres-compte/reauthentification.ts";
import { creerLimiteur, sujetIp } from "../../domain/limites-publiques.ts";
import { endpoints } from "../endpoint.ts";
import type { ApiDeps } from "../deps.ts";
import { journaliserRefus } from "../refus-journalises.ts";

/** Form bodies of these routes: a banner's fields, a flag's state. */
const formulaire = { parsers: [express.urlencoded({ extended: false, limit: "10kb" })] };

/** Routes under /administration. */
export function administrationRoutes(deps: ApiDeps): Router {
  const router = Router();
  const points = endpoints(router, deps.authenticate);

  /** Every banner with its status, newest first. */
  points.register(listerBandeauxAdministres, async (_entree, _req, res) => {
    res.json(await bandeaux.listerBandeauxAdministres(deps));
  });

  /** Creates a banner (body checked by `schemaNouveauBandeau`): 201 `{ id }`. */
  points.register(
    creerBandeau,
    async ({ body, utilisateur }, _req, res) => {
      const id = await bandeaux.creerBandeau(deps, utilisateur, body);
      res.status(201).json({ id });
    },
    formulaire,
  );

  /** Removes a banner: 204; 404 unknown, 409 already removed. */
  points.register(retirerBandeau, async ({ params, utilisateur }, _req, res) => {
    await bandeaux.retirerBandeau(deps, utilisateur, Number(params.bandeauId));
    res.status(204).end();
  });

  /** The flags of spec §6 and their state. */
  points.register(listerFonctionnalitesAdministrees, async (_entree, _req, res) => {
    res.json(await fonctionnalites.listerFonctionnalites(deps));
  });

  /** Switches a flag: 200 with its new state. */
  points.register(
    basculerFonctionnalite,
    async ({ params, body, utilisateur }, _req, res) => {
      res.json(
        await fonctionnalites.basculerFonctionnalite(
          deps,
          utilisateur,
          params.fonctionnalite,
          body.active,
        ),
      );
    },
    formulaire,
  );

  const reauthentification = {
    limiteur: creerLimiteur(deps.database, deps.horloge),
    limites: limitesReauthentification(deps.config.loginRateLimit),
  };

  /** The superviseurs with their service, bound and perimeter (ADR 0041). */
  points.register(listerSuperviseurs, async (_entree, _req, res) => {
    res.json(await superviseurs.listerSuperviseurs(deps.database));
  });

  /** One superviseur and the history of his perimeter and bound; 404 for another id. */
  points.register(lireSuperviseur, async ({ params }, _req, res) => {
    res.json(await superviseurs.lireSuperviseur(deps.database, params.id));
  });

  /** Sets a superviseur's bound: 204; 404, 422 (code, password), 429. */
  points.register(
    fixerBorneSuperviseur,
    async ({ params, body, utilisateur }, req, res) => {
      await journaliserRefus(deps, req, utilisateur.row.email, () =>
        superviseurs.fixerBorneSuperviseur(
          { database: deps.database, horloge: deps.horloge, reauthentification },
          utilisateur,
          params.id,
          body,
          { ip: sujetIp(req.ip) },
        ),
      );
      res.status(204).end();
    },
    formulaire,
  );

  return router;
}
