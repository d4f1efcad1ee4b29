/**
 * Activity follow-up (spec §7 `GET /api/activities`, its `/details-*` and
 * `/export`), declared in contract/api/activites.ts:
 * managers and central roles, figures scoped as DESIGN §4 (ADR 0027); the
 * national view without filter from the job's summary while fresh (ADR 0038).
 */
import { Router, type Response } from "express";
import {
  exporterActivite,
  lireDetailsAgrementsAccordes,
  lireDetailsChargeInstructeurs,
  lireDetailsDelaiMoyen,
  lireDetailsDeposee,
  lireDetailsReputesRejetes,
  lireIndicateursActivite,
} from "../../../contract/api/activites.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import { fichierExportActivite } from "../../domain/activites/export.ts";
import { partageEnVol } from "../../domain/activites/en-vol.ts";
import { lireActivite, type NomCalculActivite } from "../../domain/activites/resume.ts";
import * as calculs from "../../domain/activites/indicateurs.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";

// Concurrent identical requests share one computation (ADR 0037).
const indicateursActivite = partageEnVol(calculs.indicateursActivite);
const detailsDeposee = partageEnVol(calculs.detailsDeposee);
const detailsDelaiMoyen = partageEnVol(calculs.detailsDelaiMoyen);
const detailsChargeInstructeurs = partageEnVol(calculs.detailsChargeInstructeurs);
const detailsReputesRejetes = partageEnVol(calculs.detailsReputesRejetes);
const detailsAgrementsAccordes = partageEnVol(calculs.detailsAgrementsAccordes);

/** Routes of the activity follow-up, each behind `authenticate` and its role gate. */
export function activitesRoutes(deps: ApiDeps): Router {
  const { database, horloge, logger, authenticate } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);
  const contexte = (
    entree: {
      query: Parameters<typeof indicateursActivite>[0]["filtres"];
      utilisateur: Parameters<typeof indicateursActivite>[0]["utilisateur"];
    },
    maintenant = horloge.now(),
  ) => ({
    database,
    utilisateur: entree.utilisateur,
    filtres: entree.query,
    aujourdhui: aujourdhuiParis(maintenant),
  });
  /**
   * Figure `nom` for the request: the national summary when it serves
   * (ADR 0038; then `Last-Modified` says when it was computed), else
   * `calculer` live.
   */
  const lire = <N extends NomCalculActivite>(
    nom: N,
    calculer: Parameters<typeof lireActivite<N>>[3],
  ) =>
    async function (entree: Parameters<typeof contexte>[0], res: Response) {
      const maintenant = horloge.now();
      const resultat = await lireActivite(nom, contexte(entree, maintenant), maintenant, calculer);
      if (resultat.calculeLe) res.set("Last-Modified", resultat.calculeLe.toUTCString());
      return resultat;
    };
  const indicateurs = lire("indicateurs", indicateursActivite);
  const deposee = lire("deposee", detailsDeposee);
  const delaiMoyen = lire("delai-moyen", detailsDelaiMoyen);
  const chargeInstructeurs = lire("charge-instructeurs", detailsChargeInstructeurs);
  const reputesRejetes = lire("reputes-rejetes", detailsReputesRejetes);
  const agrementsAccordes = lire("agrements-accordes", detailsAgrementsAccordes);

  /** GET /api/activities → IndicateursActivite (with `calculeLe` when summarised); 422 on a bad period. */
  points.register(lireIndicateursActivite, async (entree, _req, res) => {
    const { donnees, calculeLe } = await indicateurs(entree, res);
    res.json(calculeLe ? { ...donnees, calculeLe: calculeLe.toISOString() } : donnees);
  });
  /** GET /api/activities/details-deposee → MoisDepots[]. */
  points.register(lireDetailsDeposee, async (entree, _req, res) => {
    res.json((await deposee(entree, res)).donnees);
  });
  /** GET /api/activities/details-delai-moyen → DetailsDelaiMoyen. */
  points.register(lireDetailsDelaiMoyen, async (entree, _req, res) => {
    res.json((await delaiMoyen(entree, res)).donnees);
  });
  /** GET /api/activities/details-charge-instructeurs → ChargeInstructeur[]. */
  points.register(lireDetailsChargeInstructeurs, async (entree, _req, res) => {
    res.json((await chargeInstructeurs(entree, res)).donnees);
  });
  /** GET /api/activities/details-reputes-rejetes → ReputesRejetesDepartement[]. */
  points.register(lireDetailsReputesRejetes, async (entree, _req, res) => {
    res.json((await reputesRejetes(entree, res)).donnees);
  });
  /** GET /api/activities/details-agrements-accordes → AgrementsDepartement[]. */
  points.register(lireDetailsAgrementsAccordes, async (entree, _req, res) => {
    res.json((await agrementsAccordes(entree, res)).donnees);
  });
  /** GET /api/activities/export → suiviActivite.csv, streamed. */
  points.register(exporterActivite, async (entree, req, res) => {
    await envoyerFichier(res, req.log ?? logger, await fichierExportActivite(contexte(entree)));
  });

  return router;
}
