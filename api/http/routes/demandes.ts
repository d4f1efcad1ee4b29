/**
 * Approval requests (spec §7 Requests; DESIGN §3, §4), declared in
 * contract/api/demandes.ts: creation and draft steps, completeness and
 * deposit procedure, detail, the applicant's list, history, and the
 * actions of the transition table. Every /{kind}/{id} route loads the
 * request through `chargerDemandeAccessible` (404 for a foreign or unknown id).
 */
import { and, desc, eq } from "drizzle-orm";
import express, { Router } from "express";
import multer from "multer";
import {
  creerDemande as creerDemandePoint,
  enregistrerEtape1,
  enregistrerEtape2,
  executerAction,
  lireDemande,
  lireHistorique,
  lireProcedure,
  lireProcedureEtp,
  listerMesDemandes,
  verifierDepot,
  verifierDepotChangementNotable,
  verifierNouveauChangementNotable,
  verifierNouvelleDemande,
  compterDemandes,
  compterMesDossiers,
  listerPiecesJointesAdditionnelles,
} from "../../../contract/api/demandes.ts";
import { peutCreerChangementNotable } from "../../domain/demandes/creation-changement.ts";
import type { EtatDemande } from "../../../contract/etats.ts";
import { schemaEtape1, type PeutEtreDepose } from "../../../contract/schemas/demande.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import { demandes, societes } from "../../db/schema.ts";
import { chargerDemandeAccessible, type DemandeRow } from "../../domain/acces.ts";
import { HANDLERS_ACTION } from "../../domain/demandes/actions.ts";
import { handlerExtension } from "../../domain/changements-notables/actions.ts";
import { manquantsAuDepot } from "../../domain/changements-notables/procedure.ts";
import { executerTravauxDe } from "../../domain/travaux-apres-validation.ts";
import { ressourceDemande } from "../../domain/travaux.ts";
import {
  ETATS_SANS_DEMANDE_ACTIVE,
  creerDemande,
  peutCreerDemande,
} from "../../domain/demandes/creation.ts";
import { estReputeRejete } from "../../domain/demandes/delais.ts";
import { versDetail, versResumes } from "../../domain/demandes/dto.ts";
import {
  MESSAGES_ETAPES,
  enregistrerEtape,
  verifierEtape1,
  verifierEtape2,
} from "../../domain/demandes/etapes.ts";
import { historiqueDe } from "../../domain/demandes/historique.ts";
import { complementsRecus } from "../../domain/agrements-liste/lectures.ts";
import { comptesDemandes } from "../../domain/listes/comptes.ts";
import { procedureDemande, procedureEtp } from "../../domain/demandes/procedure.ts";
import { MESSAGE_VERSION_PERIMEE } from "../../domain/demandes/transition.ts";
import {
  actionsDisponibles,
  estModifiableParDemandeur,
  rolesActeur,
  transitionPour,
} from "../../domain/workflow.ts";
import type { UtilisateurConnecte } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints, type MultipartReader, type RouteOptions } from "../endpoint.ts";
import { CHAMPS_MAX, TAILLE_CHAMP_MAX, lireMultipart } from "../multipart.ts";
import { HttpError, conflict, notFound, parseOrThrow } from "../errors.ts";

/** 403 of an action the table does not offer this user now, or that this route does not run. */
export const MESSAGE_ACTION_INDISPONIBLE = "Cette action n'est pas disponible pour ce dossier.";
const actionIndisponible = () => new HttpError(403, { message: MESSAGE_ACTION_INDISPONIBLE });

/** Active requests first, then newest first (spec §9). */
function trierMesDemandes(rows: DemandeRow[]): DemandeRow[] {
  const active = (row: DemandeRow) =>
    ETATS_SANS_DEMANDE_ACTIVE.includes(row.etat as EtatDemande) ? 1 : 0;
  return [...rows].sort(
    (a, b) => active(a) - active(b) || b.dateCreation.getTime() - a.dateCreation.getTime(),
  );
}

/** Routes of spec §7 Requests for approval requests. */
export function demandesRoutes(deps: ApiDeps): Router {
  const router = Router();
  const lecteurs = lecteursCorps(deps.config);
  routesMesDemandes(router, deps);
  routesBrouillon(router, deps, lecteurs);
  routesProcedureDepot(router, deps);
  routesHistoriqueEtActions(router, deps, lecteurs);
  routesLecture(router, deps);
  routesChangementNotable(router, deps);
  return router;
}

/** How the routes of a request read a body sent as a form or as multipart. */
interface LecteursCorps {
  /** The form parser of the routes that take JSON, urlencoded or multipart. */
  formulaire: RouteOptions;
  /** Reads the body of a step, whatever its encoding (JSON, urlencoded, multipart without files). */
  lireEtape: MultipartReader;
  /** Reads the body of an action, files included (in memory). */
  lireAction: MultipartReader;
}

/** The body readers of this file, with the upload limits of `config`. */
function lecteursCorps(config: ApiDeps["config"]): LecteursCorps {
  const tailleMaxOctets = config.uploadMaxMo * 1024 * 1024;
  // A perimeter may list thousands of communes, each a repeated `communes[]`.
  const urlencoded = express.urlencoded({ extended: false, limit: "2mb", parameterLimit: 50_000 });
  // Multipart is bounded: a perimeter of thousands of communes comes as JSON or urlencoded.
  const champsSeuls = multer({
    limits: { fields: CHAMPS_MAX, fieldSize: TAILLE_CHAMP_MAX },
  }).none();
  const champsEtFichiers = multer({
    storage: multer.memoryStorage(),
    defParamCharset: "utf8",
    limits: {
      fileSize: tailleMaxOctets,
      files: config.uploadMaxFichiers,
      fields: CHAMPS_MAX,
      fieldSize: TAILLE_CHAMP_MAX,
    },
  }).any();
  return {
    formulaire: { parsers: [urlencoded] },
    lireEtape: (req, res) => lireMultipart(champsSeuls, req, res, tailleMaxOctets),
    lireAction: (req, res) => lireMultipart(champsEtFichiers, req, res, tailleMaxOctets),
  };
}

/** Mounts on `router` what the applicant sees before a draft: may he create one, his requests. */
function routesMesDemandes(router: Router, deps: ApiDeps): void {
  const { database, horloge, authenticate } = deps;
  const points = endpoints(router, authenticate);

  /** GET /api/demande/can/deposernouvelledemande → PeutCreer (applicants only, 403 otherwise). */
  points.register(verifierNouvelleDemande, async ({ utilisateur }, _req, res) => {
    res.json(await peutCreerDemande(database, utilisateur));
  });

  /**
   * GET /api/demandes/mes-demandes → DemandeResume[] of the applicant's
   * company (approval requests), active ones first, then newest first.
   */
  points.register(listerMesDemandes, async ({ utilisateur }, _req, res) => {
    if (!utilisateur.row.societeId) {
      res.json([]);
      return;
    }
    const rows = await database.db
      .select()
      .from(demandes)
      .where(and(eq(demandes.societeId, utilisateur.row.societeId), eq(demandes.kind, "demande")))
      .orderBy(desc(demandes.dateCreation));
    res.json(await versResumes(database, utilisateur, trierMesDemandes(rows), horloge.now()));
  });
}

/**
 * Mounts on `router` the applicant's draft: its creation (step 1) and its
 * steps 1 and 2, read by `lecteurs`.
 */
function routesBrouillon(router: Router, deps: ApiDeps, lecteurs: LecteursCorps): void {
  const { database, horloge, authenticate } = deps;
  const { formulaire, lireEtape } = lecteurs;
  const points = endpoints(router, authenticate);
  /**
   * The applicant's own request `id` while he may edit it
   * (ETATS_MODIFIABLES_DEMANDEUR): 404 unseen, 409 otherwise.
   */
  const chargerBrouillon = async (utilisateur: UtilisateurConnecte, id: string) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, "demande", id);
    if (!estModifiableParDemandeur(demande.etat)) throw conflict(MESSAGES_ETAPES.nonModifiable);
    return demande;
  };
  const societeDe = async (societeId: string) => {
    const [societe] = await database.db.select().from(societes).where(eq(societes.id, societeId));
    if (!societe) throw notFound();
    return societe;
  };

  /**
   * POST /api/demande, body = step 1 (JSON, form or multipart): 201
   * DemandeDetail of the new draft. 403 for non-applicants, 409 with the
   * reason when the company may not create one, 422 `{ detail, errors }` on
   * bad fields (commune not of the postal code included).
   */
  points.registerMultipart(
    creerDemandePoint,
    lireEtape,
    async ({ utilisateur, readBody }, _req, res) => {
      const maintenant = horloge.now();
      const { body } = await readBody();
      // The rules of step 1 compare with today's date of the API clock.
      const etape1 = parseOrThrow(schemaEtape1(aujourdhuiParis(maintenant)), body);
      const creee = await creerDemande(database, utilisateur, etape1, maintenant);
      res.status(201).json(await versDetail(database, utilisateur, creee, maintenant));
    },
    formulaire,
  );

  /**
   * PUT /api/demande/{id}/step/1: saves step 1 of the applicant's draft,
   * or of his request returned to edition (403 staff, 404 unseen, 409
   * "Cette demande ne peut plus être modifiée." in any other state, 422 on
   * bad fields) → DemandeDetail.
   */
  points.registerMultipart(
    enregistrerEtape1,
    lireEtape,
    async ({ params, utilisateur, readBody }, _req, res) => {
      const maintenant = horloge.now();
      const demande = await chargerBrouillon(utilisateur, params.id);
      const { body } = await readBody();
      const etape1 = parseOrThrow(schemaEtape1(aujourdhuiParis(maintenant)), body);
      const siege = await verifierEtape1(database, etape1);
      const apres = await enregistrerEtape(
        database,
        demande,
        { etape: 1, contenu: etape1, siege, societe: await societeDe(demande.societeId) },
        utilisateur.row.id,
        maintenant,
      );
      res.json(await versDetail(database, utilisateur, apres, maintenant));
    },
    formulaire,
  );

  /**
   * PUT /api/demande/{id}/step/2: saves the perimeter and staffing of the
   * applicant's draft. As step 1, plus 409 "Veuillez d'abord enregistrer
   * l'étape 1." before step 1, and 422 on the geography rules (unknown
   * codes, communes outside the chosen régions and départements);
   * départements of a chosen région are dropped → DemandeDetail.
   */
  points.registerMultipart(
    enregistrerEtape2,
    lireEtape,
    async ({ params, utilisateur, readBody }, _req, res) => {
      const maintenant = horloge.now();
      const demande = await chargerBrouillon(utilisateur, params.id);
      if (!demande.etapesEnregistrees.includes(1)) throw conflict(MESSAGES_ETAPES.etape1Absente);
      const etape2 = await verifierEtape2(database, (await readBody()).body);
      const apres = await enregistrerEtape(
        database,
        demande,
        { etape: 2, contenu: etape2 },
        utilisateur.row.id,
        maintenant,
      );
      res.json(await versDetail(database, utilisateur, apres, maintenant));
    },
    formulaire,
  );
}

/** Mounts on `router` the deposit procedure of a request: what it needs, and whether it may be deposited. */
function routesProcedureDepot(router: Router, deps: ApiDeps): void {
  const { database, horloge, authenticate, config } = deps;
  const points = endpoints(router, authenticate);

  /** GET /api/demande/{id}/procedure → ProcedureDemande (rubrics, limits, files, what is missing). */
  points.register(lireProcedure, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, "demande", params.id);
    res.json(await procedureDemande(database, config, demande));
  });

  /** GET /api/demande/{id}/procedure-etp → ProcedureEtp (years from the API clock, Europe/Paris). */
  points.register(lireProcedureEtp, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, "demande", params.id);
    res.json(await procedureEtp(database, demande, horloge.now()));
  });

  /**
   * GET /api/demande/{id}/canBe/depose → PeutEtreDepose: true when the
   * request may be deposited (brouillon: DEPOSER; en_edition:
   * DEPOSER_EN_EDITION) and nothing is missing.
   */
  points.register(verifierDepot, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, "demande", params.id);
    const { manquants } = await procedureDemande(database, config, demande);
    const body: PeutEtreDepose = {
      depose: estModifiableParDemandeur(demande.etat) && manquants.length === 0,
      manquants,
    };
    res.json(body);
  });
}

/**
 * Mounts on `router` the history of a request and the actions of the
 * transition table that write it, their body read by `lecteurs`.
 */
function routesHistoriqueEtActions(router: Router, deps: ApiDeps, lecteurs: LecteursCorps): void {
  const { database, horloge, authenticate } = deps;
  const { formulaire, lireAction } = lecteurs;
  const points = endpoints(router, authenticate);

  /**
   * GET /api/{kind}/{id}/historique → EntreeHistorique[], newest first, as
   * the reader may read it (the applicant: contract/historique-visibilite.ts).
   */
  points.register(lireHistorique, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, params.kind, params.id);
    res.json(await historiqueDe(database, utilisateur, demande));
  });

  /**
   * POST /api/{kind}/{id}/action, form data (urlencoded or multipart, files
   * for the actions that take some) or JSON: `action`, optional `version`,
   * and what the action needs. 404 unseen, before the body is read; 422
   * without an action; 409 `{ message }` when `version` is not the current
   * one; 403 `{ message }` when the action is not in this user's
   * `actionsDisponibles` or has no handler yet; then the handler's own
   * 422/409. 200 DemandeDetail after.
   */
  points.registerMultipart(
    executerAction,
    lireAction,
    async ({ params, utilisateur, readBody }, _req, res) => {
      const demande = await chargerDemandeAccessible(database, utilisateur, params.kind, params.id);
      const {
        body: { action, version, corps },
        files,
      } = await readBody();
      if (version !== undefined && version !== demande.version)
        throw conflict(MESSAGE_VERSION_PERIMEE);
      const maintenant = horloge.now();
      const disponibles: string[] = actionsDisponibles(demande, utilisateur, {
        reputeRejete: estReputeRejete(demande, maintenant),
        // RECHARGER_MESSAGERIE is allowed without being listed (ADR 0018).
        avecNonListees: true,
      });
      // A perimeter extension's draft actions have their own handlers (ADR 0020).
      const handler =
        handlerExtension(demande.kind, action) ??
        HANDLERS_ACTION[action as keyof typeof HANDLERS_ACTION];
      const roles = rolesActeur(utilisateur, demande);
      const transition = transitionPour(demande.etat as EtatDemande, action, roles, demande.kind);
      if (!disponibles.includes(action) || !handler || !transition) throw actionIndisponible();
      await handler({
        deps,
        demande,
        utilisateur,
        transition,
        role: transition.roles.find((role) => (roles as string[]).includes(role))!,
        corps,
        fichiers: files,
        maintenant,
      });
      // The mails and recap the action wrote as post-commit work (ADR 0011), done now.
      await executerTravauxDe(deps, ressourceDemande(demande.id));
      const [apres] = await database.db.select().from(demandes).where(eq(demandes.id, demande.id));
      res.json(await versDetail(database, utilisateur, apres, maintenant));
    },
    formulaire,
  );
}

/** Mounts on `router` the counts of the lists, then the reading of one request. */
function routesLecture(router: Router, deps: ApiDeps): void {
  const { database, horloge, authenticate } = deps;
  const points = endpoints(router, authenticate);

  // Before GET /api/{kind}/{id}, which would read "nb-demandes" and "count" as ids.
  /** GET /api/demande/nb-demandes → { nbDemandes }: "Mes dossiers" of a manager (ADR 0026). */
  points.register(compterMesDossiers, async ({ utilisateur }, _req, res) => {
    const comptes = await comptesDemandes(database, utilisateur, true, horloge.now());
    res.json({ nbDemandes: comptes.total });
  });

  /** GET /api/demande/count → { demande, changement-notable, total } of the list tabs (ADR 0026). */
  points.register(compterDemandes, async ({ query, utilisateur }, _req, res) => {
    const mesDossiers = ["true", "on", "1"].includes(query.mesDossiers ?? "");
    res.json(await comptesDemandes(database, utilisateur, mesDossiers, horloge.now()));
  });

  /** GET /api/{kind}/{id}/pieces-jointes-additionnelles → PjAdditionnelles[], highest first. */
  points.register(listerPiecesJointesAdditionnelles, async ({ params, utilisateur }, _req, res) => {
    res.json(await complementsRecus(database, utilisateur, params.kind, params.id));
  });

  /** GET /api/{kind}/{id} → DemandeDetail. */
  points.register(lireDemande, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, params.kind, params.id);
    res.json(await versDetail(database, utilisateur, demande, horloge.now()));
  });
}

/** Mounts on `router` the applicant's checks on a notable change: may he create one, deposit it. */
function routesChangementNotable(router: Router, deps: ApiDeps): void {
  const { database, authenticate, config } = deps;
  const points = endpoints(router, authenticate);

  /**
   * GET /api/changement-notable/can/deposernouvelledemande → PeutCreer
   * (applicants only, 403 otherwise): the twin of the approval request's,
   * for a notable change (api/domain/demandes/creation-changement.ts).
   */
  points.register(verifierNouveauChangementNotable, async ({ utilisateur }, _req, res) => {
    res.json(await peutCreerChangementNotable(database, utilisateur));
  });

  /**
   * GET /api/changement-notable/{id}/canBe/depose → PeutEtreDepose, as the
   * approval request's twin answers on a notable change (404 for an id of
   * another kind, another company's, or unknown).
   */
  points.register(verifierDepotChangementNotable, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(
      database,
      utilisateur,
      "changement-notable",
      params.id,
    );
    // The extension's own completeness, step 3 validated included (ADR 0020).
    const manquants = await manquantsAuDepot(database, config, demande);
    const body: PeutEtreDepose = {
      depose: demande.etat === "brouillon" && manquants.length === 0,
      manquants,
    };
    res.json(body);
  });
}
