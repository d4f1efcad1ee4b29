/**
 * The annual activity report over HTTP (spec §7 Approvals; ADR
 * 0017), declared in contract/api/rapports-annuels.ts: the approval-level
 * actions, the attachment groups, one report, its synthesis PDF, its ZIP,
 * and the staff's CSV export of a year. Mounted before agrementsRoutes so
 * that /agrement/procedure-raa is not read as an approval id.
 */
import express, { Router } from "express";
import multer from "multer";
import {
  executerActionAgrement,
  exporterRapportsAnnuels,
  lireProcedureRaa,
  lireRapportAnnuel,
  telechargerRapportAnnuel,
  telechargerSyntheseRapportAnnuel,
} from "../../../contract/api/rapports-annuels.ts";
import {
  GROUPES_PJ_RAPPORT_ANNUEL,
  type ProcedureRapportAnnuel,
} from "../../../contract/schemas/rapport-annuel.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import { chargerAgrementAccessible } from "../../domain/agrements.ts";
import { creerExtensionPerimetre } from "../../domain/changements-notables/creation.ts";
import { ErreurDomaine } from "../../domain/erreurs.ts";
import { executerActionRapport } from "../../domain/rapports-annuels/actions.ts";
import { fichierExportRapportsAnnuels } from "../../domain/rapports-annuels/export.ts";
import {
  anneeDuRapport,
  limiteModificationDe,
  versRapportAnnuel,
} from "../../domain/rapports-annuels/lecture.ts";
import { anneeDuRapportEnCours } from "../../domain/rapports-annuels/regles.ts";
import { archiveRapportAnnuel } from "../../domain/rapports-annuels/telechargement.ts";
import { LIBELLES_TYPES_ACCEPTES } from "../../domain/pieces-jointes.ts";
import { genererSyntheseRapportAnnuel } from "../../pdf/synthese-rapport-annuel.ts";
import type { UtilisateurConnecte } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";
import { HttpError } from "../errors.ts";
import { CHAMPS_MAX, TAILLE_CHAMP_MAX, lireMultipart } from "../multipart.ts";
import { abandonnerRecus, fichierRecu, stockageFlux } from "../reception-multer.ts";

/** Routes of this resource, each behind `authenticate`. */
export function rapportsAnnuelsRoutes(deps: ApiDeps): Router {
  const router = Router();
  routesProcedureEtActions(router, deps);
  routesLectureRapport(router, deps);
  routeExportRapports(router, deps);
  return router;
}

/**
 * Mounts on `router` what writes a report: the attachment groups of step 3
 * and the approval-level actions that take them.
 */
function routesProcedureEtActions(router: Router, deps: ApiDeps): void {
  const { database, fichiers, config, horloge, authenticate } = deps;
  const points = endpoints(router, authenticate);
  const tailleMaxOctets = config.uploadMaxMo * 1024 * 1024;
  // Step 1 of a perimeter of a hundred départements has two hundred fields: urlencoded or JSON.
  const urlencoded = express.urlencoded({ extended: false, limit: "1mb", parameterLimit: 2_000 });
  // Step 3 comes as multipart (its documents), bounded as every multipart body.
  const upload = multer({
    storage: stockageFlux(fichiers),
    defParamCharset: "utf8",
    limits: {
      fileSize: tailleMaxOctets,
      files: config.uploadMaxFichiers * GROUPES_PJ_RAPPORT_ANNUEL.length,
      fields: CHAMPS_MAX,
      fieldSize: TAILLE_CHAMP_MAX,
    },
  }).any();

  /** GET /api/agrement/procedure-raa → ProcedureRapportAnnuel (groups with code and values, limits). */
  points.register(lireProcedureRaa, (_input, _req, res) => {
    const procedure: ProcedureRapportAnnuel = {
      groupes: GROUPES_PJ_RAPPORT_ANNUEL.map((groupe) => ({
        code: groupe.code,
        libelle: groupe.libelle,
        question: groupe.question,
        values: groupe.values.map((valeur) => ({ code: valeur.code, libelle: valeur.libelle })),
      })),
      tailleMaxOctets,
      maxFichiers: config.uploadMaxFichiers,
      typesAcceptes: LIBELLES_TYPES_ACCEPTES,
    };
    res.json(procedure);
  });

  /**
   * POST /api/agrement/{id}/action (form data, multipart with step 3's
   * documents, or JSON): CREER_RAPPORT_ANNUEL, MODIFIER_RAPPORT_ANNUEL
   * (`etape` and its fields), DEPOSER_RAPPORT_ANNUEL, for `annee` → the
   * report as it stands after (RapportAnnuel). 404 unseen (before the
   * body is read), 403 with the rule's French message, 409 stale version,
   * 422 by field (api/domain/rapports-annuels/actions.ts). A refusal
   * keeps none of the files received.
   */
  points.registerMultipart(
    executerActionAgrement,
    (req, res) => lireMultipart(upload, req, res, tailleMaxOctets),
    async ({ params, utilisateur, readBody }, req, res) => {
      const agrement = await chargerAgrementAccessible(database, utilisateur, params.id);
      try {
        const { body, files } = await readBody();
        if (body.action === "CREER_EXTENSION_PERIMETRE") {
          // A perimeter extension of this approval (ADR 0020): 201 { id }, 403 with the reason.
          const creee = await creerExtensionPerimetre(
            database,
            utilisateur,
            agrement,
            horloge.now(),
          ).catch((error: unknown) => {
            if (error instanceof ErreurDomaine && error.nature === "interdit")
              throw new HttpError(403, { message: error.message, detail: error.message });
            throw error;
          });
          await abandonnerRecus(req);
          res.status(201).json({ id: creee.id });
          return;
        }
        const resultat = await executerActionRapport(
          { database, fichiers, config, horloge },
          utilisateur,
          agrement,
          body,
          files.map((fichier) => ({
            champ: fichier.fieldname,
            nom: fichier.originalname,
            recu: fichierRecu(fichier),
          })),
        );
        res.json(resultat);
      } catch (error) {
        await abandonnerRecus(req);
        throw error;
      }
    },
    { parsers: [urlencoded] },
  );
}

/** Mounts on `router` the reading of one report: as data, its synthesis PDF, its ZIP. */
function routesLectureRapport(router: Router, deps: ApiDeps): void {
  const { database, fichiers, config, horloge, logger, authenticate } = deps;
  const points = endpoints(router, authenticate);
  const limite = limiteModificationDe(config);

  /**
   * The approval `params.id` (404 unseen), the year of the report
   * `params.annee` names (its year or its id) and that report as the
   * signed-in user reads it now.
   */
  async function chargerRapport(
    params: { id: string; annee: string },
    utilisateur: UtilisateurConnecte,
  ) {
    const agrement = await chargerAgrementAccessible(database, utilisateur, params.id);
    const maintenant = horloge.now();
    const annee = await anneeDuRapport(database, agrement.id, params.annee);
    const rapport = await versRapportAnnuel(database, agrement, annee, {
      utilisateur,
      maintenant,
      limite,
    });
    return { agrement, annee, rapport, maintenant };
  }

  /** GET /api/agrement/{id}/rapport-annuel/{annee} → RapportAnnuel (404 unseen approval). */
  points.register(lireRapportAnnuel, async ({ params, utilisateur }, _req, res) => {
    const agrement = await chargerAgrementAccessible(database, utilisateur, params.id);
    res.json(
      await versRapportAnnuel(database, agrement, Number(params.annee), {
        utilisateur,
        maintenant: horloge.now(),
        limite,
      }),
    );
  });

  /** GET /api/agrement/{id}/rapport-annuel/{annee}/synthese → the synthesis PDF, generated now. */
  points.register(telechargerSyntheseRapportAnnuel, async ({ params, utilisateur }, req, res) => {
    const { rapport, maintenant } = await chargerRapport(params, utilisateur);
    await envoyerFichier(res, req.log ?? logger, {
      nomFichier: `synthese-rapport-annuel-${params.annee}.pdf`,
      typeMime: "application/pdf",
      contenu: await genererSyntheseRapportAnnuel(rapport, maintenant),
    });
  });

  /**
   * GET /api/agrement/{id}/telechargement-raa/{year or id} (the report's
   * year, or its id: 404 for another approval's) →
   * "rapport-annuel-<annee>-<numeroAgrement>.zip": the synthesis PDF at the
   * root, then the documents in one folder per type code, streamed.
   */
  points.register(telechargerRapportAnnuel, async ({ params, utilisateur }, req, res) => {
    const { agrement, annee, rapport, maintenant } = await chargerRapport(params, utilisateur);
    const archive = await archiveRapportAnnuel(
      { database, fichiers },
      { numeroAgrement: agrement.numeroAgrement, annee, rapport, maintenant },
    );
    await envoyerFichier(res, req.log ?? logger, archive);
  });
}

/** Mounts on `router` the staff's CSV export of the reports of a year. */
function routeExportRapports(router: Router, deps: ApiDeps): void {
  const { database, horloge, logger, authenticate } = deps;
  const points = endpoints(router, authenticate);

  /**
   * GET /api/rapport-annuels/export?annee=AAAA (staff; default: the year
   * whose report is due now) → rapports-annuels-<annee>.csv, streamed in
   * batches: one row per approval the caller may see that owes the report,
   * nonDepose rows included.
   */
  points.register(exporterRapportsAnnuels, async ({ query, utilisateur }, req, res) => {
    const annee = query.annee ?? anneeDuRapportEnCours(aujourdhuiParis(horloge.now()));
    const fichier = await fichierExportRapportsAnnuels(database, utilisateur, annee);
    await envoyerFichier(res, req.log ?? logger, fichier);
  });
}
