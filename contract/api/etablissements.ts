/**
 * Establishments of an approved company, applicant side (spec §7
 * Establishments; §4 suspended approval blocks referencing; §5 SIRET,
 * Perimeter): list and detail under an approval, the
 * registry's establishments that may be referenced, referencing, perimeter
 * update, SIRET check, "has an establishment", and the EPCI / communes
 * inside an approval's perimeter (spec §7 Geography). Every `/agrement/{id}`
 * route answers 404 for an approval the caller may not see, as for an
 * unknown id.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import {
  etablissementDetailSchema,
  etablissementRegistreSchema,
  etablissementSchema,
  schemaPerimetreEtablissement,
  schemaVerificationEtablissement,
} from "../schemas/etablissement.ts";
import {
  ErreurValidation,
  MessageErreur,
  ParametresId,
  agrementIntrouvable,
  identifiant,
  json,
} from "./composants.ts";
import { defineEndpoint, wireValues } from "./endpoint.ts";
import { reponsesCommunes, reponsesEpcis, requeteCommunes, requeteEpcis } from "./geographie.ts";

const tags = ["Établissements"] as const;

export const Etablissement = etablissementSchema.openapi("Etablissement");
export const EtablissementDetail = etablissementDetailSchema.openapi("EtablissementDetail");
export const EtablissementRegistre = etablissementRegistreSchema.openapi("EtablissementRegistre");

/** The applicant and the staff who may see the approval (the domain checks which approval). */
const lecteurs = [...ROLE_GATES.demandeur, ...ROLE_GATES.staff] as const;

const texte = (description?: string) =>
  z
    .string()
    .optional()
    .openapi(description ? { description } : {});

const champsPerimetre = {
  regions: wireValues().optional().openapi({ description: "Codes de régions" }),
  departements: wireValues().optional().openapi({ description: "Codes de départements" }),
  epcis: wireValues().optional().openapi({ description: "SIREN d'EPCI" }),
  communes: wireValues().optional().openapi({ description: "Codes INSEE de communes" }),
};

/** The referencing form as sent (urlencoded or JSON); lists as `key[]`. */
const corpsReferencement = z
  .object({
    siret: texte("14 chiffres (espaces acceptés), un établissement du registre de la société"),
    nom: texte("Nom de l'établissement"),
    nomMar: texte("Nom affiché dans l'annuaire Mon Accompagnateur Rénov'"),
    adresse1: texte(),
    adresse2: texte(),
    codePostal: texte(),
    codeCommune: texte("Code INSEE d'une commune du code postal"),
    tel: texte(),
    email: texte(),
    siteInternet: texte(),
    ...champsPerimetre,
    etp: z
      .union([z.string(), z.number()])
      .optional()
      .openapi({ description: "ETP, « 7,5 » ; requis quand etpRequired" }),
    referentCivilite: texte("« M. » ou « Mme » ; requis quand etpRequired"),
    referentNom: texte(),
    referentPrenom: texte(),
    referentEmail: texte(),
    referentTel: texte(),
  })
  .strict();

const corpsPerimetre = z.object(champsPerimetre).strict();

const regles = "Règles du formulaire (spec §5), par champ";

/**
 * A search within an approval's perimeter answers as the open search, or 404
 * for the approval. Built here: spread inside a declaration, the statuses
 * would become string keys and the app's client would lose the 200's type.
 */
const epcisDansAgrement = { ...reponsesEpcis, 404: agrementIntrouvable };
const communesDansAgrement = { ...reponsesCommunes, 404: agrementIntrouvable };

export const listerEtablissementsAgrement = defineEndpoint({
  method: "get",
  path: "/agrement/:id/etablissements",
  summary: "Les établissements référencés au titre d'un agrément",
  description:
    "Les référencés d'abord, puis les déréférencés ; chacun par date de référencement. " +
    "À la société titulaire, ou au personnel qui voit l'agrément.",
  tags,
  access: lecteurs,
  params: ParametresId,
  responses: { 200: json(z.array(Etablissement), "Établissements"), 404: agrementIntrouvable },
});

export const lireEtablissementAgrement = defineEndpoint({
  method: "get",
  path: "/agrement/:id/etablissement/:etablissementId",
  summary: "Un établissement d'un agrément, avec son historique",
  description:
    "`etablissementId` est l'identifiant de l'établissement ou son SIRET (14 chiffres ; " +
    "le référencé d'abord, sinon le dernier référencé). À la société titulaire, ou au " +
    "personnel qui voit l'agrément ; 404 pour tout autre.",
  tags,
  access: lecteurs,
  params: z.object({
    id: identifiant(),
    etablissementId: z.string().openapi({ description: "Identifiant (UUID) ou SIRET" }),
  }),
  responses: {
    200: json(
      EtablissementDetail,
      "L'établissement et son historique, du plus ancien au plus récent",
    ),
    404: json(MessageErreur, "Agrément ou établissement inconnu ou non visible"),
  },
});

export const listerEtablissementsAReferencer = defineEndpoint({
  method: "get",
  path: "/agrement/:id/etablissements-a-referencer",
  summary: "Les établissements du registre des entreprises que la société peut référencer",
  description:
    "Les établissements actifs du SIREN de la société (registre des entreprises : INSEE " +
    "Sirene, ou le registre embarqué), moins ceux déjà référencés ; le siège d'abord, puis par SIRET.",
  tags,
  access: ROLE_GATES.demandeur,
  params: ParametresId,
  responses: {
    200: json(z.array(EtablissementRegistre), "Établissements à référencer"),
    404: agrementIntrouvable,
    503: json(MessageErreur, "Le registre des entreprises ne répond pas"),
  },
});

export const lireEtpRequis = defineEndpoint({
  method: "get",
  path: "/agrement/:id/etablissement-etp-required",
  summary: "Les ETP et le référent sont-ils requis pour référencer un établissement ?",
  description:
    "Oui pour un agrément octroyé à partir du 1er avril 2024 (docs/decisions/0016-registre-des-entreprises.md).",
  tags,
  access: ROLE_GATES.demandeur,
  params: ParametresId,
  responses: {
    200: json(z.object({ etpRequired: z.boolean() }), "Réponse"),
    404: agrementIntrouvable,
  },
});

export const referencerEtablissement = defineEndpoint({
  method: "post",
  path: "/agrement/:id/etablissement",
  summary: "Référencement d'un établissement au titre d'un agrément en cours",
  description:
    "Le SIRET doit être un établissement du registre de la société, non déjà référencé ; " +
    "le périmètre d'intervention, dans celui de l'agrément. Écrit la ligne d'historique " +
    "REFERENCER_ETABLISSEMENT.",
  tags,
  access: ROLE_GATES.demandeur,
  params: ParametresId,
  body: { schema: corpsReferencement, formats: ["form", "json"] },
  responses: {
    201: json(Etablissement, "L'établissement référencé"),
    403: json(MessageErreur, "L'agrément n'est pas en cours (suspendu : message dédié)"),
    404: agrementIntrouvable,
    422: json(ErreurValidation, regles),
    503: json(MessageErreur, "Le registre des entreprises ne répond pas"),
  },
});

export const modifierPerimetreEtablissement = defineEndpoint({
  method: "post",
  path: "/etablissement/:id/update-perimetre",
  summary: "Modification du périmètre d'intervention d'un établissement référencé",
  description:
    "Seule donnée modifiable après le référencement (spec §5) ; dans le périmètre de " +
    "l'agrément, qui doit être en cours. Écrit la ligne d'historique MODIFIER_PERIMETRE_ETABLISSEMENT.",
  tags,
  access: ROLE_GATES.demandeur,
  params: ParametresId,
  body: { schema: corpsPerimetre, formats: ["form", "json"] },
  rules: { body: schemaPerimetreEtablissement },
  responses: {
    200: json(Etablissement, "L'établissement modifié"),
    403: json(MessageErreur, "L'agrément n'est pas en cours"),
    404: json(MessageErreur, "Établissement inconnu ou d'une autre société"),
    409: json(MessageErreur, "L'établissement n'est plus référencé"),
    422: json(ErreurValidation, regles),
  },
});

export const verifierEtablissement = defineEndpoint({
  method: "get",
  path: "/etablissements/check",
  summary: "Un SIRET est-il déjà référencé par la société ?",
  tags,
  access: ROLE_GATES.demandeur,
  query: z
    .object({
      field: z.string().openapi({ description: "siret" }),
      value: z.string().openapi({ description: "14 chiffres (espaces acceptés)" }),
    })
    .strict(),
  rules: { query: schemaVerificationEtablissement },
  responses: {
    200: json(
      z.object({ exists: z.boolean() }),
      "Vrai quand un établissement référencé de la société porte ce SIRET",
    ),
    422: json(ErreurValidation, "Champ inconnu ou SIRET invalide"),
  },
});

export const aUnEtablissement = defineEndpoint({
  method: "get",
  path: "/demandeur/has-etablissement",
  summary: "La société du demandeur a-t-elle un établissement référencé ?",
  tags,
  access: ROLE_GATES.demandeur,
  responses: { 200: json(z.object({ hasEtablissement: z.boolean() }), "Réponse") },
});

export const rechercherEpcisAgrement = defineEndpoint({
  method: "get",
  path: "/epcis/agrement/:id",
  summary: "Recherche d'EPCI dans le périmètre d'un agrément",
  description:
    "Comme /epcis/filter, limité aux EPCI que couvre le périmètre de l'agrément " +
    "(ses EPCI, et ceux dont une commune est dans ses régions ou départements).",
  tags,
  access: lecteurs,
  params: ParametresId,
  ...requeteEpcis("Partie du nom (3 caractères au moins) ou SIREN"),
  responses: epcisDansAgrement,
});

export const rechercherCommunesAgrement = defineEndpoint({
  method: "get",
  path: "/communes/agrement/:id",
  summary: "Recherche de communes dans le périmètre d'un agrément",
  description:
    "Comme /communes/filter, limité aux communes que couvre le périmètre de l'agrément " +
    "(par région, département, EPCI ou commune).",
  tags,
  access: lecteurs,
  params: ParametresId,
  ...requeteCommunes,
  responses: communesDansAgrement,
});

/** Every endpoint of this file. */
export const pointsEtablissements = [
  listerEtablissementsAgrement,
  lireEtablissementAgrement,
  listerEtablissementsAReferencer,
  lireEtpRequis,
  referencerEtablissement,
  modifierPerimetreEtablissement,
  verifierEtablissement,
  aUnEtablissement,
  rechercherEpcisAgrement,
  rechercherCommunesAgrement,
] as const;
