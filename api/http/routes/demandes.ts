/**
 * Approval requests (spec §7 Requests; DESIGN §3, §4): creation and draft
 * steps, completeness and deposit procedure, detail, the applicant's list,
 * history, and the actions of the transition table. Every route carries
 * `authenticate`; every /{kind}/{id} route loads the request through
 * `chargerDemandeAccessible` (404 for a foreign or unknown id).
 */
import { and, desc, eq } from "drizzle-orm";
import express, { Router, type Request, type Response } from "express";
import multer from "multer";
import type { EtatDemande } from "../../../contract/etats.ts";
import {
  schemaCorpsAction,
  schemaEtape1,
  schemaEtape2,
  type PeutEtreDepose,
} from "../../../contract/schemas/demande.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import { demandes, societes } from "../../db/schema.ts";
import { chargerDemandeAccessible, lireKind, type DemandeRow } from "../../domain/acces.ts";
import { HANDLERS_ACTION } from "../../domain/demandes/actions.ts";
import { executerTravauxDe } from "../../jobs/travaux-apres-validation.ts";
import { ressourceDemande } from "../../jobs/travaux.ts";
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
import { procedureDemande, procedureEtp } from "../../domain/demandes/procedure.ts";
import { MESSAGE_VERSION_PERIMEE } from "../../domain/demandes/transition.ts";
import {
  actionsDisponibles,
  estModifiableParDemandeur,
  rolesActeur,
  transitionPour,
} from "../../domain/workflow.ts";
import { currentUser, requireGate } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { CHAMPS_MAX, TAILLE_CHAMP_MAX, lireMultipart } from "../multipart.ts";
import { seulementDemandes } from "../segments.ts";
import { HttpError, conflict, notFound, parseOrThrow } from "../errors.ts";

/** 403 of an action the table does not offer this user now, or that this route does not run. */
export const MESSAGE_ACTION_INDISPONIBLE = "Cette action n'est pas disponible pour ce dossier.";
const actionIndisponible = () => new HttpError(403, { message: MESSAGE_ACTION_INDISPONIBLE });

/**
 * Form fields as one object: spec §7 posts lists as repeated `key[]`; both
 * `key[]` and `key` are read as the list `key`.
 */
export function normaliserCorps(body: unknown): Record<string, unknown> {
  const corps: Record<string, unknown> = {};
  if (!body || typeof body !== "object") return corps;
  for (const [cle, valeur] of Object.entries(body as Record<string, unknown>)) {
    if (cle.endsWith("[]")) {
      const nom = cle.slice(0, -2);
      const avant = corps[nom];
      const ajout = Array.isArray(valeur) ? valeur : [valeur];
      corps[nom] = [
        ...(avant === undefined ? [] : Array.isArray(avant) ? avant : [avant]),
        ...ajout,
      ];
    } else if (corps[cle] !== undefined && Array.isArray(corps[cle])) {
      corps[cle] = [...(corps[cle] as unknown[]), ...(Array.isArray(valeur) ? valeur : [valeur])];
    } else {
      corps[cle] = valeur;
    }
  }
  return corps;
}

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
  const { database, horloge, authenticate, config } = deps;
  const router = Router();
  const tailleMaxOctets = config.uploadMaxMo * 1024 * 1024;
  // A perimeter may list thousands of communes, each a repeated `communes[]`.
  const urlencoded = express.urlencoded({ extended: false, limit: "2mb", parameterLimit: 50_000 });
  // Multipart is bounded (issue 20 item 3): a perimeter of thousands of communes comes as JSON or urlencoded.
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
  /** The body of a step as an object, whatever its encoding (JSON, urlencoded, multipart). */
  const lireEtape = async (req: Request, res: Response) => {
    await lireMultipart(champsSeuls, req, res, tailleMaxOctets);
    return normaliserCorps(req.body);
  };
  /**
   * The applicant's own request `id` while he may edit it (brouillon, or
   * en_edition after RETOURNER_EN_EDITION: ETATS_MODIFIABLES_DEMANDEUR):
   * 404 unseen, 409 otherwise.
   */
  const chargerBrouillon = async (req: Request) => {
    const demande = await chargerDemandeAccessible(
      database,
      currentUser(req),
      "demande",
      req.params.id as string,
    );
    if (!estModifiableParDemandeur(demande.etat)) throw conflict(MESSAGES_ETAPES.nonModifiable);
    return demande;
  };
  const societeDe = async (societeId: string) => {
    const [societe] = await database.db.select().from(societes).where(eq(societes.id, societeId));
    if (!societe) throw notFound();
    return societe;
  };

  /** GET /api/demande/can/deposernouvelledemande → PeutCreer (applicants only, 403 otherwise). */
  router.get(
    "/demande/can/deposernouvelledemande",
    authenticate,
    requireGate("demandeur"),
    async (req, res) => {
      res.json(await peutCreerDemande(database, currentUser(req)));
    },
  );

  /**
   * GET /api/demandes/mes-demandes → DemandeResume[] of the applicant's
   * company (approval requests), active ones first, then newest first.
   */
  router.get("/demandes/mes-demandes", authenticate, requireGate("demandeur"), async (req, res) => {
    const utilisateur = currentUser(req);
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

  /**
   * POST /api/demande, body = step 1 (JSON or form): 201 DemandeDetail of
   * the new draft. 403 for non-applicants, 409 with the reason when the
   * company may not create one, 422 `{ detail, errors }` on bad fields
   * (commune not of the postal code included).
   */
  router.post("/demande", authenticate, requireGate("demandeur"), urlencoded, async (req, res) => {
    const utilisateur = currentUser(req);
    const maintenant = horloge.now();
    const corps = await lireEtape(req, res);
    const etape1 = parseOrThrow(schemaEtape1(aujourdhuiParis(maintenant)), corps);
    const creee = await creerDemande(database, utilisateur, etape1, maintenant);
    res.status(201).json(await versDetail(database, utilisateur, creee, maintenant));
  });

  /**
   * PUT /api/demande/{id}/step/1: saves step 1 of the applicant's draft,
   * or of his request returned to edition (403 staff, 404 unseen, 409
   * "Cette demande ne peut plus être modifiée." in any other state, 422 on
   * bad fields) → DemandeDetail.
   */
  router.put(
    "/demande/:id/step/1",
    authenticate,
    requireGate("demandeur"),
    urlencoded,
    async (req, res) => {
      const utilisateur = currentUser(req);
      const maintenant = horloge.now();
      const demande = await chargerBrouillon(req);
      const etape1 = parseOrThrow(
        schemaEtape1(aujourdhuiParis(maintenant)),
        await lireEtape(req, res),
      );
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
  );

  /**
   * PUT /api/demande/{id}/step/2: saves the perimeter and staffing of the
   * applicant's draft. As step 1, plus 409 "Veuillez d'abord enregistrer
   * l'étape 1." before step 1, and 422 on the geography rules (unknown
   * codes, communes outside the chosen régions and départements);
   * départements of a chosen région are dropped → DemandeDetail.
   */
  router.put(
    "/demande/:id/step/2",
    authenticate,
    requireGate("demandeur"),
    urlencoded,
    async (req, res) => {
      const utilisateur = currentUser(req);
      const maintenant = horloge.now();
      const demande = await chargerBrouillon(req);
      if (!demande.etapesEnregistrees.includes(1)) throw conflict(MESSAGES_ETAPES.etape1Absente);
      const etape2 = await verifierEtape2(
        database,
        parseOrThrow(schemaEtape2, await lireEtape(req, res)),
      );
      const apres = await enregistrerEtape(
        database,
        demande,
        { etape: 2, contenu: etape2 },
        utilisateur.row.id,
        maintenant,
      );
      res.json(await versDetail(database, utilisateur, apres, maintenant));
    },
  );

  /** GET /api/demande/{id}/procedure → ProcedureDemande (rubrics, limits, files, what is missing). */
  router.get("/demande/:id/procedure", authenticate, async (req, res) => {
    const demande = await chargerDemandeAccessible(
      database,
      currentUser(req),
      "demande",
      req.params.id as string,
    );
    res.json(await procedureDemande(database, config, demande));
  });

  /** GET /api/demande/{id}/procedure-etp → ProcedureEtp (years from the API clock, Europe/Paris). */
  router.get("/demande/:id/procedure-etp", authenticate, async (req, res) => {
    const demande = await chargerDemandeAccessible(
      database,
      currentUser(req),
      "demande",
      req.params.id as string,
    );
    res.json(await procedureEtp(database, demande, horloge.now()));
  });

  /**
   * GET /api/demande/{id}/canBe/depose → PeutEtreDepose: true when the
   * request may be deposited (brouillon: DEPOSER; en_edition:
   * DEPOSER_EN_EDITION) and nothing is missing.
   */
  router.get("/demande/:id/canBe/depose", authenticate, async (req, res) => {
    const demande = await chargerDemandeAccessible(
      database,
      currentUser(req),
      "demande",
      req.params.id as string,
    );
    const { manquants } = await procedureDemande(database, config, demande);
    const body: PeutEtreDepose = {
      depose: estModifiableParDemandeur(demande.etat) && manquants.length === 0,
      manquants,
    };
    res.json(body);
  });

  /**
   * GET /api/{kind}/{id}/historique → EntreeHistorique[], newest first, as
   * the reader may read it (the applicant: contract/historique-visibilite.ts).
   */
  router.get("/:kind/:id/historique", seulementDemandes("kind"), authenticate, async (req, res) => {
    const utilisateur = currentUser(req);
    const demande = await chargerDemandeAccessible(
      database,
      utilisateur,
      lireKind(req.params.kind as string),
      req.params.id as string,
    );
    res.json(await historiqueDe(database, utilisateur, demande));
  });

  /**
   * POST /api/{kind}/{id}/action, form data (urlencoded or multipart, files
   * for the actions that take some) or JSON: `action`, optional `version`,
   * and what the action needs. 404 unseen; 422 without an action; 409
   * `{ message }` when `version` is not the current one; 403 `{ message }`
   * when the action is not in this user's `actionsDisponibles` or has no
   * handler yet; then the handler's own 422/409. 200 DemandeDetail after.
   */
  router.post(
    "/:kind/:id/action",
    seulementDemandes("kind"),
    authenticate,
    urlencoded,
    async (req: Request, res: Response) => {
      const utilisateur = currentUser(req);
      const kind = lireKind(req.params.kind as string);
      const demande = await chargerDemandeAccessible(
        database,
        utilisateur,
        kind,
        req.params.id as string,
      );
      await lireMultipart(champsEtFichiers, req, res, tailleMaxOctets);
      const corps = normaliserCorps(req.body);
      // An absent action reads as empty, so that zod says "Ce champ est requis", not "Required".
      const { action, version } = parseOrThrow(schemaCorpsAction, {
        ...corps,
        action: corps.action ?? "",
      });
      if (version !== undefined && version !== demande.version)
        throw conflict(MESSAGE_VERSION_PERIMEE);
      const maintenant = horloge.now();
      const disponibles: string[] = actionsDisponibles(demande, utilisateur, {
        reputeRejete: estReputeRejete(demande, maintenant),
      });
      const handler = HANDLERS_ACTION[action as keyof typeof HANDLERS_ACTION];
      const roles = rolesActeur(utilisateur, demande);
      const transition = transitionPour(demande.etat as EtatDemande, action, roles);
      if (!disponibles.includes(action) || !handler || !transition) throw actionIndisponible();
      await handler({
        deps,
        demande,
        utilisateur,
        transition,
        role: transition.roles.find((role) => (roles as string[]).includes(role))!,
        corps,
        fichiers: (req.files as Express.Multer.File[] | undefined) ?? [],
        maintenant,
      });
      // The mails and recap the action wrote as post-commit work (ADR 0011), done now.
      await executerTravauxDe(deps, ressourceDemande(demande.id));
      const [apres] = await database.db.select().from(demandes).where(eq(demandes.id, demande.id));
      res.json(await versDetail(database, utilisateur, apres, maintenant));
    },
  );

  /** GET /api/{kind}/{id} → DemandeDetail. */
  router.get("/:kind/:id", seulementDemandes("kind"), authenticate, async (req, res) => {
    const utilisateur = currentUser(req);
    const demande = await chargerDemandeAccessible(
      database,
      utilisateur,
      lireKind(req.params.kind as string),
      req.params.id as string,
    );
    res.json(await versDetail(database, utilisateur, demande, horloge.now()));
  });

  return router;
}
