/**
 * Establishments on the staff and central side (spec §7 Establishments),
 * declared in contract/api/etablissements-staff.ts: the
 * list and its CSV export (staff, scoped as DESIGN §4), the central ZIP
 * download with its export history, the company-name autocomplete, and the
 * establishments of one approval for the staff file page.
 */
import express, { Router } from "express";
import {
  commenterHistoriqueExport,
  exporterEtablissements,
  listerEtablissements,
  listerEtablissementsAgrementStaff,
  listerHistoriqueExports,
  listerNomsSocietes,
  telechargerEtablissements,
} from "../../../contract/api/etablissements-staff.ts";
import { fichierExportEtablissements } from "../../domain/etablissements/export.ts";
import {
  commenterExport,
  pageHistoriqueExports,
} from "../../domain/etablissements/historique-export.ts";
import {
  etablissementsAgrementStaff,
  nomsSocietes,
  pageEtablissements,
} from "../../domain/etablissements/liste.ts";
import { fichierTelechargementEtablissements } from "../../domain/etablissements/telechargement.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";
import { lirePage } from "../../../contract/schemas/listes.ts";

/** Routes of this resource, each behind `authenticate` and its role gate. */
export function etablissementsStaffRoutes(deps: ApiDeps): Router {
  const { database, horloge, logger, authenticate } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);

  /** GET /api/etablissements → Page<EtablissementListe> (filters of contract/schemas/etablissements-liste.ts). */
  points.register(listerEtablissements, async ({ query: filtres, utilisateur }, _req, res) => {
    res.json(await pageEtablissements(database, utilisateur, filtres));
  });

  /** GET /api/etablissements/export → EtablissementsReferences.csv for the same filters, streamed. */
  points.register(exporterEtablissements, async ({ query: filtres, utilisateur }, req, res) => {
    const fichier = await fichierExportEtablissements({ database, utilisateur, filtres });
    await envoyerFichier(res, req.log ?? logger, fichier);
  });

  /** GET /api/etablissements/telechargement → etablissements.zip; history row first; 422 as declared. */
  points.register(telechargerEtablissements, async ({ query: filtres, utilisateur }, req, res) => {
    const fichier = await fichierTelechargementEtablissements({
      database,
      utilisateur,
      filtres,
      maintenant: horloge.now(),
    });
    await envoyerFichier(res, req.log ?? logger, fichier);
  });

  /** GET /api/historique-export-etablissements?page= → Page<HistoriqueExportEtablissements>. */
  points.register(listerHistoriqueExports, async ({ query }, _req, res) => {
    res.json(await pageHistoriqueExports(database, lirePage(query.page ?? null)));
  });

  /** PATCH /api/historique-export-etablissement/:id (commentaire) → the entry; 404 when unknown. */
  points.register(
    commenterHistoriqueExport,
    async ({ params, body }, _req, res) => {
      res.json(await commenterExport(database, params.id, body.commentaire));
    },
    // A comment is short: 16 KiB is ample for 1000 characters percent-encoded.
    { parsers: [express.urlencoded({ extended: false, limit: "16kb" })] },
  );

  /** GET /api/company/names?name= → at most 20 company names. */
  points.register(listerNomsSocietes, async ({ query }, _req, res) => {
    res.json(await nomsSocietes(database, query.name ?? ""));
  });

  /** GET /api/agrement/:id/etablissements-staff → the approval's establishments; 404 when not visible. */
  points.register(listerEtablissementsAgrementStaff, async ({ params, utilisateur }, _req, res) => {
    res.json(await etablissementsAgrementStaff(database, utilisateur, params.id));
  });

  return router;
}
