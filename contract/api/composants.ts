/**
 * Named components of the OpenAPI document (GET /api/openapi.json): the
 * schemas of contract/schemas under the names clients know them by. The
 * declarations use these instances, so that the document refers to them
 * (`$ref`) instead of repeating them.
 */
import { z } from "zod";
import "./endpoint.ts";
import { TYPES_DOSSIER } from "../etats.ts";
import { compteDemandeurSchema } from "../schemas/comptes.ts";
import { erreurValidationSchema, messageErreurSchema } from "../schemas/erreurs.ts";
import {
  communeSchema,
  departementSchema,
  epciSchema,
  regionSchema,
} from "../schemas/geographie.ts";
import {
  arreteSchema,
  bandeauInformatifSchema,
  formeJuridiqueSchema,
  qualiteSchema,
} from "../schemas/reference.ts";
import {
  intervenantSchema,
  serviceInstructeurSchema,
  utilisateurCourantSchema,
} from "../schemas/utilisateur.ts";

/** 401, 403, 404, 409, 500: `{ message }` ("Forbidden" for a failed role gate). */
export const MessageErreur = messageErreurSchema.openapi("MessageErreur");

/** 422: the French message(s) the UI shows (spec §8), and for forms the messages by field. */
export const ErreurValidation = erreurValidationSchema
  .extend({
    errors: z
      .record(z.array(z.string()))
      .optional()
      .openapi({ description: "Messages par nom de champ (comme conform les nomme)" }),
  })
  .openapi("ErreurValidation");

/**
 * 400 (413 for a body too large) of a request that breaks its declaration
 * or cannot be read: the same
 * French text in both fields.
 */
export const ErreurEntree = z
  .object({ detail: z.string(), message: z.string() })
  .openapi("ErreurEntree");

export const Region = regionSchema.openapi("Region");
export const Departement = departementSchema.openapi("Departement");
export const Commune = communeSchema.openapi("Commune");
export const Epci = epciSchema.openapi("Epci");
export const Arrete = arreteSchema.openapi("Arrete");
export const Qualite = qualiteSchema.openapi("Qualite");
export const FormeJuridique = formeJuridiqueSchema.openapi("FormeJuridique");
export const BandeauInformatif = bandeauInformatifSchema.openapi("BandeauInformatif");
export const UtilisateurCourant = utilisateurCourantSchema.openapi("UtilisateurCourant");
export const Intervenant = intervenantSchema.openapi("Intervenant");
export const ServiceInstructeur = serviceInstructeurSchema.openapi("ServiceInstructeur");
export const CompteDemandeur = compteDemandeurSchema.openapi("CompteDemandeur");

/**
 * A JSON answer of `schema` described by `description`. Generic so that the
 * declaration keeps the schema's type (the app's client types its results from it).
 */
export const json = <S extends z.ZodTypeAny>(schema: S, description: string) => ({
  description,
  schema,
});

/**
 * A file answer (CSV, ZIP, PDF…), documented as binary: its `description`,
 * media type and Content-Disposition header, and any `autresEnTetes`
 * (name → description).
 */
export const fichier = (
  description: string,
  contentType: string,
  disposition = "attachment ; nom du fichier",
  autresEnTetes: Readonly<Record<string, string>> = {},
) => ({
  description,
  contentType,
  headers: { "Content-Disposition": disposition, ...autresEnTetes },
});

/** A ZIP archive streamed as an attachment: a request's files, an annual report. */
export const archiveZip = fichier(
  "Archive, en flux",
  "application/zip",
  "attachment ; nom de l'archive",
);

/** 429 body of an endpoint beyond one of its rate limits. */
export const TropDeDemandes = z
  .object({ message: z.string(), retryAfter: z.number().int() })
  .openapi("TropDeDemandes");

/** The 429 answer of a rate-limited endpoint, with its Retry-After header. */
export const tropDeDemandes = {
  429: {
    ...json(TropDeDemandes, "Trop de demandes : réessayer après le délai donné"),
    headers: { "Retry-After": "Secondes à attendre" },
  },
};

/**
 * `{kind}` / `{type}` of spec §7: `demande` or `changement-notable`. Any
 * other first segment makes the route not match, so that `/agrement/{id}`
 * or `/piece-jointe/{id}` reach their own routes (then the API's 404).
 */
export const typeDossier = () =>
  z.enum(TYPES_DOSSIER).openapi({ description: "demande ou changement-notable" });

/** Identifier of a request or an attachment (UUID); any other value answers 404. */
export const identifiant = () => z.string().openapi({ description: "Identifiant (UUID)" });

/** Path parameter `{id}` alone: a request, an approval, an account… (UUID). */
export const ParametresId = z.object({ id: identifiant() });

/** Path parameters `{kind}` and `{id}` of a request's routes. */
export const ParametresKind = z.object({ kind: typeDossier(), id: identifiant() });

/** Path parameters `{type}` and `{id}` (spec §7 names `{kind}` so on messages and notes). */
export const ParametresType = z.object({ type: typeDossier(), id: identifiant() });

/** 404 of a request the caller may not see, answered as for an unknown id (DESIGN §4). */
export const dossierIntrouvable = json(
  MessageErreur,
  "Dossier inconnu ou que l'appelant ne peut pas voir",
);

/** 404 of an approval the caller may not see, answered as for an unknown id. */
export const agrementIntrouvable = json(
  MessageErreur,
  "Agrément inconnu ou que l'appelant ne peut pas voir",
);

/** What still prevents a deposit, step by step (contract/schemas/demande.ts `Manquant`). */
export const Manquant = z
  .object({ etape: z.union([z.literal(1), z.literal(2), z.literal(3)]), message: z.string() })
  .openapi("Manquant");
