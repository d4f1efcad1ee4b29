/**
 * The household directory's open data (contract/api/annuaire.ts):
 * GET /public/etablissements (JSON page) and GET /public/etablissements.csv.
 * Public, mounted with the reference data before the authenticated routes;
 * counted per IP before any work (ADR 0013). The answer holds nothing of
 * the caller, so shared caches may keep it five minutes.
 */
import { Router, type Request, type Response } from "express";
import {
  exporterAccompagnateurs,
  rechercherAccompagnateurs,
} from "../../../contract/api/annuaire.ts";
import { ANNUAIRE_PAR_PAGE, MESSAGES_ANNUAIRE } from "../../../contract/schemas/annuaire.ts";
import { messageTropDeDemandes, type TropDeDemandes } from "../../../contract/schemas/candidat.ts";
import type { Logger } from "pino";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  communeAnnuaire,
  fichierAnnuaire,
  limitesAnnuaire,
  pageAnnuaire,
  type CommuneAnnuaire,
} from "../../domain/etablissements/annuaire.ts";
import type { Horloge } from "../../domain/horloge.ts";
import { creerLimiteur, sujetIp } from "../../domain/limites-publiques.ts";
import { endpoints } from "../endpoint.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";
import { HttpError } from "../errors.ts";

/** Cache of the directory's answers: public data, five minutes. */
const CACHE_PUBLIC = "public, max-age=300";

/** Routes of contract/api/annuaire.ts. */
export function annuaireRoutes(deps: {
  config: ApiConfig;
  database: Database;
  horloge: Horloge;
  logger: Logger;
}): Router {
  const { config, database, horloge, logger } = deps;
  const limites = limitesAnnuaire(config.publicRateLimit);
  const router = Router();
  const points = endpoints(router);
  const limiteur = creerLimiteur(database, horloge);

  /**
   * Counts the call of `req` against the directory's limits (per IP); beyond,
   * logs at warn and throws 429 `TropDeDemandes` with `Retry-After`.
   */
  async function limiter(req: Request, res: Response): Promise<void> {
    const sujet = sujetIp(req.ip);
    const depassement = await limiteur.compter(limites.map((limite) => ({ limite, sujet })));
    if (!depassement) return;
    logger.warn(
      { event: "limite_publique_atteinte", limite: depassement.limite.nom, route: req.route?.path },
      "Trop de demandes : requête refusée",
    );
    const retryAfter = depassement.retryAfterSecondes;
    res.set("Retry-After", String(retryAfter));
    const body: TropDeDemandes = { message: messageTropDeDemandes(retryAfter), retryAfter };
    throw new HttpError(429, { ...body });
  }

  /** The commune of `code`; 422 on `codeCommune` when no commune has it. */
  async function commune(code: string): Promise<CommuneAnnuaire> {
    const trouvee = await communeAnnuaire(database, code);
    if (!trouvee)
      throw new HttpError(422, {
        detail: MESSAGES_ANNUAIRE.communeInconnue(code),
        errors: { codeCommune: [MESSAGES_ANNUAIRE.communeInconnue(code)] },
      });
    return trouvee;
  }

  /**
   * `codeCommune` (INSEE code) and `page`: `ResultatAnnuaire`, 20
   * establishments a page by name. 422 when the code is malformed or
   * unknown; 429 beyond the per-IP limits.
   */
  points.register(rechercherAccompagnateurs, async ({ query }, req, res) => {
    await limiter(req, res);
    const resultat = await pageAnnuaire(
      database,
      await commune(query.codeCommune),
      query.page,
      ANNUAIRE_PAR_PAGE,
    );
    res.set("Cache-Control", CACHE_PUBLIC).json(resultat);
  });

  /**
   * `codeCommune`: every establishment serving it, as
   * `accompagnateurs-<code>.csv` (`;`, UTF-8 BOM, CRLF). 422 and 429 as the JSON.
   */
  points.register(exporterAccompagnateurs, async ({ query }, req, res) => {
    await limiter(req, res);
    const fichier = await fichierAnnuaire(database, await commune(query.codeCommune));
    await envoyerFichier(res, req.log ?? logger, fichier, CACHE_PUBLIC);
  });

  return router;
}
