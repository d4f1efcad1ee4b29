/**
 * Archives of a file (spec §7), declared in contract/api/archives.ts:
 * GET /api/{kind}/{id}/download-all-pj (ZIP of its attachments) and GET
 * /api/{kind}/{id}/dossier (the whole file: its attachments,
 * historique.csv and its recap PDF). Whoever may see the request may
 * download them (DESIGN §4); any other id answers 404.
 */
import { Router } from "express";
import { telechargerDossier, telechargerPiecesJointes } from "../../../contract/api/archives.ts";
import { chargerDemandeAccessible } from "../../domain/acces.ts";
import { archiveDossier, archivePiecesJointes } from "../../domain/demandes/archives.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";

/** Routes of this resource, each behind `authenticate`. */
export function archivesRoutes(deps: ApiDeps): Router {
  const { database, fichiers, horloge, logger, authenticate } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * GET /api/{kind}/{id}/download-all-pj → "dossier.zip"
   * ("brouillon" for a draft): every attachment the user may see, one
   * folder per rubric, names made unique. 404 unseen or unknown.
   */
  points.register(telechargerPiecesJointes, async ({ params, utilisateur }, req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, params.kind, params.id);
    const archive = await archivePiecesJointes({ database, fichiers }, utilisateur, demande);
    await envoyerFichier(res, req.log ?? logger, archive);
  });

  /**
   * GET /api/{kind}/{id}/dossier → "<numeroDossier>_<AAAA-MM-JJ>.zip"
   * (Europe/Paris date of today; "brouillon" for a draft): historique.csv,
   * recapitulatif.pdf and the attachments as in download-all-pj. 404 unseen.
   */
  points.register(telechargerDossier, async ({ params, utilisateur }, req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, params.kind, params.id);
    const maintenant = horloge.now();
    const archive = await archiveDossier({ database, fichiers }, utilisateur, demande, maintenant);
    await envoyerFichier(res, req.log ?? logger, archive);
  });

  return router;
}
