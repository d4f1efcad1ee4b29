/**
 * Establishments, applicant side, and the geography of an approval (spec §7
 * Establishments and Geography; contract/api/etablissements.ts).
 * Mounted before the generic `/:kind/:id…` routes of the lists. The
 * registry of companies (api/registre) is chosen once from the settings;
 * when it does not answer, 503 `{ message }` in French.
 */
import express, { Router } from "express";
import {
  aUnEtablissement,
  lireEtablissementAgrement,
  lireEtpRequis,
  listerEtablissementsAgrement,
  listerEtablissementsAReferencer,
  modifierPerimetreEtablissement,
  rechercherCommunesAgrement as rechercherCommunesPoint,
  rechercherEpcisAgrement as rechercherEpcisPoint,
  referencerEtablissement as referencerPoint,
  verifierEtablissement,
} from "../../../contract/api/etablissements.ts";
import {
  chargerAgrementDuDemandeur,
  chargerAgrementLisible,
  etpRequis,
} from "../../domain/etablissements/acces.ts";
import {
  rechercherCommunesAgrement,
  rechercherEpcisAgrement,
} from "../../domain/etablissements/geographie-agrement.ts";
import {
  aUnEtablissementReference,
  lireEtablissement,
  listerEtablissements,
  siretDejaReference,
} from "../../domain/etablissements/lecture.ts";
import { modifierPerimetre } from "../../domain/etablissements/modification-perimetre.ts";
import {
  etablissementsAReferencer,
  referencerEtablissement,
} from "../../domain/etablissements/referencement.ts";
import { creerRegistre } from "../../registre/index.ts";
import { ErreurRegistre, type RegistreEntreprises } from "../../registre/types.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { HttpError } from "../errors.ts";

/** Runs `travail`; a registry that does not answer becomes 503 `{ message }`. */
async function avecRegistre<T>(travail: () => Promise<T>): Promise<T> {
  try {
    return await travail();
  } catch (erreur) {
    if (erreur instanceof ErreurRegistre) throw new HttpError(503, { message: erreur.message });
    throw erreur;
  }
}

/**
 * Routes of contract/api/etablissements.ts, each behind `authenticate`.
 * `registre` replaces the registry the settings select (tests).
 */
export function etablissementsRoutes(
  deps: ApiDeps,
  registre: RegistreEntreprises = creerRegistre(deps.config, deps.database),
): Router {
  const { database, horloge, authenticate, logger } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);
  // A perimeter of many communes comes as urlencoded `communes[]`.
  const formulaire = {
    parsers: [express.urlencoded({ extended: false, limit: "2mb", parameterLimit: 50_000 })],
  };
  const journaliser = <T>(travail: () => Promise<T>) =>
    avecRegistre(travail).catch((erreur: unknown) => {
      if (erreur instanceof HttpError && erreur.status === 503)
        logger.warn({ err: erreur }, "Registre des entreprises indisponible");
      throw erreur;
    });

  /**
   * GET /api/agrement/{id}/etablissements → `Etablissement[]`, referenced
   * first; to the company's applicant or staff who see the approval (404 otherwise).
   */
  points.register(listerEtablissementsAgrement, async ({ utilisateur, params }, _req, res) => {
    const agrement = await chargerAgrementLisible(database, utilisateur, params.id);
    res.json(await listerEtablissements(database, agrement));
  });

  /**
   * GET /api/agrement/{id}/etablissement/{etablissementId} (id or SIRET) →
   * `EtablissementDetail` with its history; 404 when unseen or unknown.
   */
  points.register(lireEtablissementAgrement, async ({ utilisateur, params }, _req, res) => {
    const agrement = await chargerAgrementLisible(database, utilisateur, params.id);
    res.json(await lireEtablissement(database, agrement, params.etablissementId));
  });

  /**
   * GET /api/agrement/{id}/etablissements-a-referencer → the company's open
   * registry establishments not referenced yet; 503 when the registry fails.
   */
  points.register(listerEtablissementsAReferencer, async ({ utilisateur, params }, _req, res) => {
    const agrement = await chargerAgrementDuDemandeur(database, utilisateur, params.id);
    res.json(await journaliser(() => etablissementsAReferencer({ database, registre }, agrement)));
  });

  /** GET /api/agrement/{id}/etablissement-etp-required → `{ etpRequired }` (ADR 0016). */
  points.register(lireEtpRequis, async ({ utilisateur, params }, _req, res) => {
    const agrement = await chargerAgrementDuDemandeur(database, utilisateur, params.id);
    res.json({ etpRequired: etpRequis(agrement) });
  });

  /**
   * POST /api/agrement/{id}/etablissement (form or JSON) → 201 `Etablissement`;
   * 403 approval not en_cours, 404 not the company's, 422 by field, 503 registry down.
   */
  points.register(
    referencerPoint,
    async ({ utilisateur, params, body }, _req, res) => {
      const cree = await journaliser(() =>
        referencerEtablissement({ database, horloge, registre }, utilisateur, params.id, body),
      );
      res.status(201).json(cree);
    },
    formulaire,
  );

  /**
   * POST /api/etablissement/{id}/update-perimetre (form or JSON) →
   * `Etablissement`; 403 approval not en_cours, 404, 409 dereferenced, 422.
   */
  points.register(
    modifierPerimetreEtablissement,
    async ({ utilisateur, params, body }, _req, res) => {
      res.json(await modifierPerimetre({ database, horloge }, utilisateur, params.id, body));
    },
    formulaire,
  );

  /** GET /api/etablissements/check?field=siret&value=… → `{ exists }` for the caller's company. */
  points.register(verifierEtablissement, async ({ utilisateur, query }, _req, res) => {
    res.json({ exists: await siretDejaReference(database, utilisateur, query.value) });
  });

  /** GET /api/demandeur/has-etablissement → `{ hasEtablissement }`. */
  points.register(aUnEtablissement, async ({ utilisateur }, _req, res) => {
    res.json({ hasEtablissement: await aUnEtablissementReference(database, utilisateur) });
  });

  /** GET /api/epcis/agrement/{id}?query= → EPCI inside the approval's perimeter. */
  points.register(rechercherEpcisPoint, async ({ utilisateur, params, query }, _req, res) => {
    const agrement = await chargerAgrementLisible(database, utilisateur, params.id);
    res.json(await rechercherEpcisAgrement(database, agrement, query));
  });

  /** GET /api/communes/agrement/{id}?query= → communes inside the approval's perimeter. */
  points.register(rechercherCommunesPoint, async ({ utilisateur, params, query }, _req, res) => {
    const agrement = await chargerAgrementLisible(database, utilisateur, params.id);
    res.json(await rechercherCommunesAgrement(database, agrement, query));
  });

  return router;
}
