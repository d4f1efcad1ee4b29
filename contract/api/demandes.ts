/**
 * Approval requests (spec §7 Requests; §5 rules; DESIGN §3, §4): the
 * applicant's creation and draft steps, completeness and deposit
 * procedure, detail, history, and the actions of the transition table.
 * Every `/{kind}/{id}` route answers 404 for a request the caller may not
 * see, as for an unknown id.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { schemaCorpsAction, schemaEtape2 } from "../schemas/demande.ts";
import { schemaContenuExtension } from "../schemas/changement-notable.ts";
import type {
  DemandeDetail as DemandeDetailContrat,
  DemandeResume as DemandeResumeContrat,
} from "../schemas/demande.ts";
import { ACTIONS_DEMANDE, ETATS_DEMANDE } from "../etats.ts";
import {
  ETAPES_INSTRUCTION,
  ETATS_NORMALISES_SUPPLEMENTAIRES,
  STATUTS_SIMPLIFIES,
} from "../statuts.ts";
import { Agrement, champsPieceJointe } from "./agrements.ts";
import {
  ErreurEntree,
  ErreurValidation,
  Manquant,
  MessageErreur,
  ParametresId,
  ParametresKind,
  dossierIntrouvable,
  json,
} from "./composants.ts";
import { defineEndpoint, defineReads, wireCheckbox, wireValues } from "./endpoint.ts";
import type { PjAdditionnelles } from "../schemas/complements.ts";

const tags = ["Demandes"] as const;

const texte = (description?: string) =>
  z
    .string()
    .optional()
    .openapi(description ? { description } : {});
/** A number as a form types it ("7,5") or as JSON sends it (7.5). */
const nombre = (description: string) =>
  z.union([z.string(), z.number()]).optional().openapi({ description });
/** Spec §5 checks each field with its French message (422): absent fields are theirs to refuse. */
const regles = "Règles du formulaire (spec §5), par champ";

/** Step 1 as sent (JSON, form or multipart without files); its rules depend on today's date. */
const corpsEtape1 = z
  .object({
    signataireNom: texte(),
    signatairePrenom: texte(),
    signataireQualite: texte(),
    structureQualite: texte("Code de qualité de la structure"),
    formeJuridique: texte("Code de forme juridique"),
    dateCreationStructure: texte("JJ/MM/AAAA ou AAAA-MM-JJ, avant aujourd'hui"),
    telephone: texte(),
    email: texte(),
    adresse: texte(),
    complementAdresse: texte(),
    codePostal: texte(),
    commune: texte("Code INSEE d'une commune du code postal"),
    siren: texte("Ignoré : celui du compte (spec §5)"),
    raisonSociale: texte("Ignorée : celle du compte (spec §5)"),
  })
  .strict();

/** Step 2 as sent: perimeter codes as lists (`regions[]`), ETP figures the French way. */
const corpsEtape2 = z
  .object({
    regions: wireValues().optional().openapi({ description: "Codes de régions" }),
    departements: wireValues().optional().openapi({ description: "Codes de départements" }),
    epcis: wireValues().optional().openapi({ description: "SIREN d'EPCI" }),
    communes: wireValues().optional().openapi({ description: "Codes INSEE de communes" }),
    precisions: texte("Précisions sur les communes"),
    nb_etp_struct: nombre("ETP de la structure"),
    nb_etp_accomp: nombre("ETP dédiés à l'accompagnement"),
    nb_etp_accomp_prev: nombre("ETP prévisionnels d'accompagnement"),
    nb_etp_accomp_renf_prev: nombre("ETP prévisionnels d'accompagnement renforcé"),
    part_activite_previsionnelle: nombre("Part prévisionnelle de l'activité, en %"),
    missionsFacultatives: z
      .union([z.string(), z.boolean()])
      .optional()
      .openapi({ description: "oui ou non" }),
  })
  .strict();

/** An attachment as a request's answers carry it (contract/schemas/piece-jointe.ts). */
const PieceJointeDemande = z.object(champsPieceJointe);
const instant = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ description: `${description} (instant ISO 8601)` });
const jour = (description: string) =>
  z
    .string()
    .nullable()
    .openapi({ description: `${description} (AAAA-MM-JJ)` });

/**
 * contract/schemas/demande.ts `DemandeResume` as zod (kept equal to it by
 * the type check below): a request as every list and detail returns it
 * (spec §3 Demande).
 */
export const DemandeResume = z
  .object({
    id: z.string(),
    kind: z.enum(["demande", "changement-notable"]),
    numeroDossier: z.string().nullable().openapi({ description: "MAR-AAAA-NNNNNN, au dépôt" }),
    numeroDemande: z.string().nullable().openapi({
      description: "Numéro reçu par la demande à son dépôt : le même que numeroDossier",
    }),
    etat: z.enum(ETATS_DEMANDE),
    etatNormalise: z.enum([...ETATS_DEMANDE, ...ETATS_NORMALISES_SUPPLEMENTAIRES]),
    statutSimplifie: z.enum(STATUTS_SIMPLIFIES),
    version: z.number().int(),
    raisonSociale: z.string().nullable(),
    dateCreation: z.string(),
    dateModification: z.string(),
    dateDepot: instant("Dépôt"),
    dateAgrement: instant("Décision d'agrément"),
    dateOctroi: instant("Octroi de l'agrément sur cette demande"),
    dateNotificationSuspension: jour(
      "Notification de la dernière procédure de retrait avec suspension ouverte sur cette demande",
    ),
    dateDecisionRetrait: jour("Décision de la procédure qui a retiré l'agrément"),
    impactChangement: z
      .object({ pjSupprimees: z.array(PieceJointeDemande) })
      .nullable()
      .openapi({
        description:
          "Changement notable : pièces de l'agrément que le changement supprime (aucune pour " +
          "une extension de périmètre) ; null pour une demande d'agrément",
      }),
    dateEcheance: jour("Échéance du complément demandé"),
    motifAnnulation: z.string().nullable(),
    actionsDisponibles: z.array(z.object({ action: z.enum(ACTIONS_DEMANDE) })),
    nouveauMessage: z.boolean(),
    messagerie: z.object({ closed: z.boolean() }),
    unreadNotifications: z.object({ note: z.number().int() }),
    demandeur: z.object({ id: z.string().nullable() }),
    decision: PieceJointeDemande.nullable(),
    etapeInstruction: z.enum(ETAPES_INSTRUCTION),
    dateLimiteInstruction: jour("Fin du délai d'instruction"),
    delaiSuspendu: z.boolean(),
    expireBientot: z.boolean(),
    reputeRejete: z.boolean(),
    siren: z.string().nullable(),
    qualite: z.string().nullable(),
    codeDepartement: z.string().nullable(),
    codeRegion: z.string().nullable(),
    serviceInstructeur: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
    instructeur: z.object({ id: z.string(), prenom: z.string(), nom: z.string() }).nullable(),
    typeChangement: z.string().nullable(),
    dateAvisDecideur: instant("Décision"),
  })
  .openapi("DemandeResume");

// The zod schema and the interface the API and the pages use must not drift apart.
type EgauxDemande<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const demandeResumeConforme: EgauxDemande<
  z.infer<typeof DemandeResume>,
  DemandeResumeContrat
> = true;
void demandeResumeConforme;

const codeNomDemande = z.object({ code: z.string(), nom: z.string() });

/**
 * `DemandeDetail`: the summary's fields in full, plus the form's content,
 * opinions, complementary information and additional files documented as
 * objects whose own fields are those of contract/schemas (not detailed
 * here yet); typed as the interface for the app's client.
 */
export const DemandeDetail = DemandeResume.extend({
  etape1: z.object({}).passthrough().nullable().openapi({ description: "Étape 1 (Etape1)" }),
  etape2: z.object({}).passthrough().nullable().openapi({ description: "Étape 2 (Etape2)" }),
  libelles: z.object({
    commune: z.string().nullable(),
    formeJuridique: z.string().nullable(),
    regions: z.array(codeNomDemande),
    departements: z.array(codeNomDemande),
    epcis: z.array(codeNomDemande),
    communes: z.array(codeNomDemande),
  }),
  avis: z.array(z.object({}).passthrough()).openapi({ description: "Avis[]" }),
  infosComplementaires: z
    .array(z.object({}).passthrough())
    .openapi({ description: "InfoComplementaire[]" }),
  pjAdditionnelles: z
    .array(z.object({}).passthrough())
    .openapi({ description: "PjAdditionnelles[]" }),
  agrement: Agrement.nullable(),
  contenu: z.object({ extension: schemaContenuExtension }).optional().openapi({
    description:
      "Changement notable : `extension` = { perimetre, effectifs } (contract/schemas/changement-notable.ts)",
  }),
}).openapi("DemandeDetail") as unknown as z.ZodType<DemandeDetailContrat>;

const formatsEtape = ["json", "form", "multipart"] as const;
const detail = json(DemandeDetail, "Le dossier");
const nonModifiable = json(
  MessageErreur,
  "Le dossier n'est plus modifiable (ou l'étape 1 manque, pour l'étape 2)",
);
const tropGros = json(ErreurEntree, "Formulaire multipart de trop de champs ou trop longs");

/** The answer of the two `canBe/depose` reads: depositable, and what is missing. */
const reponsePeutEtreDepose = json(
  z.object({ depose: z.boolean(), manquants: z.array(Manquant) }),
  "Réponse",
);

/** The answer of the two `can/deposernouvelledemande` reads. */
const reponsePeutCreer = json(
  z.object({ can: z.boolean(), raison: z.string().optional() }),
  "Réponse, et la raison en français quand c'est non",
);

/** The applicant's reads about its own company. */
const lectureDemandeur = defineReads({ tags, access: ROLE_GATES.demandeur });
/** The reads of one request that the caller may see, by `{id}` or `{kind}/{id}`. */
const lectureParId = defineReads({ tags, access: "authenticated", params: ParametresId });
const lectureDossier = defineReads({ tags, access: "authenticated", params: ParametresKind });

export const verifierNouvelleDemande = lectureDemandeur(
  "/demande/can/deposernouvelledemande",
  "La structure peut-elle créer une demande d'agrément ?",
  { 200: reponsePeutCreer },
);

export const listerMesDemandes = lectureDemandeur(
  "/demandes/mes-demandes",
  "Les demandes d'agrément de la structure de l'appelant",
  { 200: json(z.array(DemandeResume), "Les demandes") },
  "Les demandes actives d'abord, puis les plus récentes (spec §9).",
);

export const creerDemande = defineEndpoint({
  method: "post",
  path: "/demande",
  summary: "Création d'une demande d'agrément (étape 1)",
  tags,
  access: ROLE_GATES.demandeur,
  body: { schema: corpsEtape1, formats: formatsEtape },
  responses: {
    201: { description: "Le brouillon créé (DemandeDetail)" },
    409: json(MessageErreur, "La structure ne peut pas créer de demande maintenant (raison)"),
    413: tropGros,
    422: json(ErreurValidation, regles),
  },
});

export const enregistrerEtape1 = defineEndpoint({
  method: "put",
  path: "/demande/:id/step/1",
  summary: "Enregistrement de l'étape 1 d'un brouillon ou d'une demande retournée en édition",
  tags,
  access: ROLE_GATES.demandeur,
  params: ParametresId,
  body: { schema: corpsEtape1, formats: formatsEtape },
  responses: {
    200: detail,
    404: dossierIntrouvable,
    409: nonModifiable,
    413: tropGros,
    422: json(ErreurValidation, regles),
  },
});

export const enregistrerEtape2 = defineEndpoint({
  method: "put",
  path: "/demande/:id/step/2",
  summary: "Enregistrement du périmètre et des effectifs (étape 2)",
  description: "Les départements d'une région cochée sont retirés.",
  tags,
  access: ROLE_GATES.demandeur,
  params: ParametresId,
  body: { schema: corpsEtape2, formats: formatsEtape },
  rules: { body: schemaEtape2 },
  responses: {
    200: detail,
    404: dossierIntrouvable,
    409: nonModifiable,
    413: tropGros,
    422: json(ErreurValidation, `${regles}, et codes géographiques hors du périmètre`),
  },
});

export const lireProcedure = lectureParId(
  "/demande/:id/procedure",
  "Rubriques de pièces jointes, limites, fichiers et ce qui manque au dépôt",
  { 200: { description: "ProcedureDemande" }, 404: dossierIntrouvable },
);

export const lireProcedureEtp = lectureParId(
  "/demande/:id/procedure-etp",
  "Effectifs demandés à l'étape 2 et leurs années (Europe/Paris)",
  { 200: { description: "ProcedureEtp" }, 404: dossierIntrouvable },
);

export const verifierDepot = lectureParId(
  "/demande/:id/canBe/depose",
  "La demande peut-elle être déposée ?",
  { 200: reponsePeutEtreDepose, 404: dossierIntrouvable },
  "Vrai pour un brouillon ou une demande en édition à qui rien ne manque.",
);

export const lireHistorique = lectureDossier(
  "/:kind/:id/historique",
  "Historique du dossier, le plus récent d'abord, tel que l'appelant peut le lire",
  { 200: { description: "EntreeHistorique[]" }, 404: dossierIntrouvable },
);

/**
 * The fields every action reads; each action checks its own others
 * (contract/schemas) with its French 422, so that the body is not strict.
 */
const corpsAction = z
  .object({
    action: texte("Action de la table des transitions"),
    version: nombre("Version du dossier vue par l'utilisateur (409 si elle a changé)"),
    commentaire: texte(),
    confirmation: wireCheckbox(),
  })
  .passthrough();

/**
 * The action and version read by schemaCorpsAction (an absent action
 * reads as empty, so that its message is "Ce champ est requis"), and the
 * fields as posted for the action's own rules.
 */
const regleAction = z.record(z.unknown()).transform((corps, contexte) => {
  const lu = schemaCorpsAction.safeParse({ ...corps, action: corps.action ?? "" });
  if (!lu.success) {
    for (const issue of lu.error.issues) contexte.addIssue(issue);
    return z.NEVER;
  }
  return { action: lu.data.action, version: lu.data.version, corps };
});

export const executerAction = defineEndpoint({
  method: "post",
  path: "/:kind/:id/action",
  summary: "Exécution d'une action du dossier (table des transitions)",
  description:
    "Champs de formulaire (ou JSON) : `action`, `version` facultative, et ce que l'action demande. " +
    "403 quand l'action n'est pas offerte à l'appelant maintenant. " +
    "Brouillon d'une extension de périmètre (`changement-notable`, ADR 0020) : " +
    "`ENREGISTRER_BROUILLON` avec `etape=1` (`regions[]`, `departements[]`, `epcis[]`, `communes[]`, " +
    "`precisions` ; 422 sur le champ pour une région ou un département déjà dans le périmètre de " +
    "l'agrément) ou `etape=2` (`nb_etp_perimetre`, `nb_etp_accomp_perimetre`) ; `VALIDER_DEPOSER` " +
    "(422 `{ detail, manquants }` tant que quelque chose manque, sinon l'étape 3 est validée et l'état " +
    "reste brouillon) ; `DEPOSER` (après VALIDER_DEPOSER : deposee, numéro de dossier, délai de 2 mois).",
  tags,
  access: "authenticated",
  params: ParametresKind,
  body: {
    schema: corpsAction,
    formats: ["form", "multipart", "json"],
    files: [
      {
        name: "fichier",
        description: "Fichiers de l'action (aussi fichier1, fichier2… ou fichier[])",
        multiple: true,
      },
    ],
  },
  rules: { body: regleAction },
  responses: {
    200: detail,
    403: json(MessageErreur, "Action non disponible pour ce dossier"),
    404: dossierIntrouvable,
    409: json(MessageErreur, "Le dossier a changé depuis la version envoyée"),
    413: tropGros,
    422: json(ErreurValidation, "Règles du formulaire de l'action, par champ"),
  },
});

// ── Counts and complements (ADR 0026) ────────────────────────────────────────

export const compterMesDossiers = defineEndpoint({
  method: "get",
  path: "/demande/nb-demandes",
  summary: "Nombre de dossiers de « Mes dossiers » (tuile de l'accueil du personnel)",
  description:
    "Instructeur et superviseur seulement : les dossiers de « Mes dossiers » (les deux types), " +
    "comptés comme la liste (ADR 0026).",
  tags,
  access: ROLE_GATES.manager,
  responses: {
    200: json(z.object({ nbDemandes: z.number().int() }), "Le nombre"),
    403: json(MessageErreur, "Rôle autre qu'instructeur ou superviseur (« Forbidden »)"),
  },
});

export const compterDemandes = defineEndpoint({
  method: "get",
  path: "/demande/count",
  summary: "Nombre de dossiers de chaque onglet des listes du personnel",
  description:
    "Les dossiers que l'appelant voit dans « Tous les dossiers » (ou « Mes dossiers » avec " +
    "`mesDossiers`), par type, comptés comme les listes (ADR 0026).",
  tags,
  access: ROLE_GATES.staff,
  query: z
    .object({
      mesDossiers: z
        .string()
        .optional()
        .openapi({ description: "Seulement « mes dossiers » : true, on ou 1" }),
    })
    .strict(),
  responses: {
    200: json(
      z.object({
        demande: z.number().int(),
        "changement-notable": z.number().int(),
        total: z.number().int(),
      }),
      "Les nombres",
    ),
    403: json(
      MessageErreur,
      "Rôle insuffisant, ou « mes dossiers » hors instructeur et superviseur",
    ),
  },
});

/** The complements as the page reads them (contract/schemas/complements.ts). */
const complements = z
  .array(z.object({}).passthrough())
  .openapi({ description: "PjAdditionnelles[]" }) as unknown as z.ZodType<PjAdditionnelles[]>;

export const listerPiecesJointesAdditionnelles = lectureDossier(
  "/:kind/:id/pieces-jointes-additionnelles",
  "Compléments reçus du dossier, l'incrément le plus élevé d'abord",
  { 200: json(complements, "Les compléments"), 404: dossierIntrouvable },
  "Seulement ceux qui ont au moins un fichier (spec §9).",
);

export const lireDemande = lectureDossier(
  "/:kind/:id",
  "Un dossier (demande d'agrément ou changement notable)",
  { 200: detail, 404: dossierIntrouvable },
);

export const verifierNouveauChangementNotable = lectureDemandeur(
  "/changement-notable/can/deposernouvelledemande",
  "La structure peut-elle créer une demande de changement notable ?",
  { 200: reponsePeutCreer },
  "Oui quand son agrément est en cours, qu'aucune de ses demandes de changement notable " +
    "n'est en cours et que le drapeau creation_extension_perimetre est actif.",
);

export const verifierDepotChangementNotable = lectureParId(
  "/changement-notable/:id/canBe/depose",
  "La demande de changement notable peut-elle être déposée ?",
  { 200: reponsePeutEtreDepose, 404: dossierIntrouvable },
  "Comme pour une demande d'agrément : vrai pour un brouillon ou une demande en édition " +
    "à qui rien ne manque.",
);

/** Every endpoint of this file, in the order the router registers them. */
export const pointsDemandes = [
  verifierNouvelleDemande,
  listerMesDemandes,
  creerDemande,
  enregistrerEtape1,
  enregistrerEtape2,
  lireProcedure,
  lireProcedureEtp,
  verifierDepot,
  lireHistorique,
  executerAction,
  compterMesDossiers,
  compterDemandes,
  listerPiecesJointesAdditionnelles,
  lireDemande,
  verifierNouveauChangementNotable,
  verifierDepotChangementNotable,
] as const;
