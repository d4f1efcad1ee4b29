/**
 * OpenAPI 3.1 description of the API, generated from the zod schemas of
 * contract/schemas (served at GET /api/openapi.json). Lists are documented as
 * repeated `key[]` query parameters (spec §7).
 */
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  extendZodWithOpenApi,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { compteDemandeurSchema, pageSchema } from "./schemas/comptes.ts";
import { erreurValidationSchema, messageErreurSchema } from "./schemas/erreurs.ts";
import {
  communeSchema,
  departementSchema,
  epciSchema,
  regionSchema,
} from "./schemas/geographie.ts";
import {
  arreteSchema,
  bandeauInformatifSchema,
  featureFlagsSchema,
  formeJuridiqueSchema,
  qualiteSchema,
  versionSchema,
} from "./schemas/reference.ts";
import {
  intervenantSchema,
  serviceInstructeurSchema,
  utilisateurCourantSchema,
} from "./schemas/utilisateur.ts";

extendZodWithOpenApi(z);

type Responses = RouteConfig["responses"];

const json = (schema: z.ZodTypeAny, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** Builds the document; `serverUrl` is the API's base URL (…/api). */
export function buildOpenApiDocument(options: { version: string; serverUrl: string }) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "Jeton d'accès OpenID Connect du royaume mar_users (audience de l'API).",
  });
  const secured = [{ [bearer.name]: [] }];

  const Message = registry.register("MessageErreur", messageErreurSchema);
  const Validation = registry.register("ErreurValidation", erreurValidationSchema);
  const Region = registry.register("Region", regionSchema);
  const Departement = registry.register("Departement", departementSchema);
  const Commune = registry.register("Commune", communeSchema);
  const Epci = registry.register("Epci", epciSchema);
  const Arrete = registry.register("Arrete", arreteSchema);
  const Qualite = registry.register("Qualite", qualiteSchema);
  const FormeJuridique = registry.register("FormeJuridique", formeJuridiqueSchema);
  const Bandeau = registry.register("BandeauInformatif", bandeauInformatifSchema);
  const UtilisateurCourant = registry.register("UtilisateurCourant", utilisateurCourantSchema);
  const Intervenant = registry.register("Intervenant", intervenantSchema);
  const ServiceInstructeur = registry.register("ServiceInstructeur", serviceInstructeurSchema);

  const unauthorized: Responses = {
    401: json(Message, "Jeton absent, expiré ou invalide (« Authentification requise »)"),
  };
  const forbidden: Responses = { 403: json(Message, "Rôle insuffisant (« Forbidden »)") };
  const invalid: Responses = {
    422: json(Validation, "Paramètres invalides (message en français)"),
  };

  const get = (
    path: string,
    summary: string,
    ok: Responses[string],
    extra: { secured?: boolean; responses?: Responses; query?: z.AnyZodObject; tags: string[] },
  ) =>
    registry.registerPath({
      method: "get",
      path,
      summary,
      tags: extra.tags,
      security: extra.secured ? secured : [],
      request: extra.query ? { query: extra.query } : undefined,
      responses: { 200: ok, ...(extra.secured ? unauthorized : {}), ...extra.responses },
    });

  const listParam = (description: string) =>
    z.array(z.string()).optional().openapi({ description });

  get("/version", "Version du portail (« 0.1.0@abc1234 »)", json(versionSchema, "Version"), {
    tags: ["Configuration"],
  });
  get(
    "/openapi.json",
    "Ce document",
    { description: "Document OpenAPI 3.1" },
    { tags: ["Configuration"] },
  );
  get(
    "/feature-flipping/list",
    "Fonctionnalités activées",
    json(featureFlagsSchema, "Nom → activée"),
    {
      tags: ["Configuration"],
    },
  );
  get("/arrete/current", "Arrêté en vigueur", json(Arrete, "Arrêté courant"), {
    tags: ["Configuration"],
    responses: { 404: json(Message, "Aucun arrêté en vigueur") },
  });
  get("/regions", "Régions, par code", json(z.array(Region), "Régions"), { tags: ["Géographie"] });
  get("/departements", "Départements, par code", json(z.array(Departement), "Départements"), {
    tags: ["Géographie"],
  });
  get(
    "/company/qualities",
    "Qualités d'une structure candidate",
    json(z.array(Qualite), "Qualités"),
    {
      tags: ["Configuration"],
    },
  );
  get(
    "/company/forme_juridiques",
    "Formes juridiques (catégories juridiques INSEE)",
    json(z.array(FormeJuridique), "Formes juridiques"),
    { tags: ["Configuration"] },
  );
  get("/communes/filter", "Recherche de communes", json(z.array(Commune), "Au plus 50 communes"), {
    tags: ["Géographie"],
    responses: invalid,
    query: z.object({
      query: z.string().openapi({
        description:
          "Début du nom (accents et casse ignorés) ou du code postal ; 1 caractère au moins",
      }),
      codePostal: z.string().optional().openapi({ description: "Code postal exact (5 chiffres)" }),
      "departements[]": listParam("Codes de départements"),
      limit: z.number().int().min(1).max(50).optional().openapi({ description: "20 par défaut" }),
    }),
  });
  get("/epcis/filter", "Recherche d'EPCI", json(z.array(Epci), "Au plus 50 EPCI"), {
    tags: ["Géographie"],
    responses: invalid,
    query: z.object({
      query: z
        .string()
        .openapi({ description: "Partie du nom (3 caractères au moins) ou SIREN de l'EPCI" }),
      limit: z.number().int().min(1).max(50).optional(),
    }),
  });
  get(
    "/bandeaux-informatifs",
    "Bandeaux d'information en cours",
    json(z.array(Bandeau), "Bandeaux"),
    {
      tags: ["Configuration"],
      secured: true,
      responses: invalid,
      query: z.object({
        demandeType: z.enum(["demande", "changement-notable"]).optional(),
        demande: z
          .string()
          .optional()
          .openapi({ description: "Identifiant de la demande affichée" }),
      }),
    },
  );
  get("/user/account", "Utilisateur connecté", json(UtilisateurCourant, "Utilisateur"), {
    tags: ["Comptes"],
    secured: true,
  });
  get("/intervenants", "Agents instructeurs", json(z.array(Intervenant), "Agents"), {
    tags: ["Intervenants"],
    secured: true,
    responses: { ...forbidden, ...invalid },
    query: z.object({
      "servicesInstructeur[]": listParam("Identifiants de services instructeurs"),
    }),
  });
  get(
    "/intervenants/services-instructeur",
    "Services instructeurs et leurs départements",
    json(z.array(ServiceInstructeur), "Services"),
    { tags: ["Intervenants"], secured: true, responses: forbidden },
  );

  const CompteDemandeur = registry.register("CompteDemandeur", compteDemandeurSchema);
  get(
    "/user/accounts",
    "Comptes des structures demandeuses (20 par page)",
    json(pageSchema(CompteDemandeur), "Page de comptes"),
    {
      tags: ["Comptes"],
      secured: true,
      responses: { ...forbidden, ...invalid },
      query: z.object({
        page: z.number().int().min(1).optional().openapi({ description: "1 par défaut" }),
        query: z
          .string()
          .optional()
          .openapi({ description: "Raison sociale, SIREN, e-mail ou nom" }),
        "order[dateCreation]": z
          .enum(["asc", "desc"])
          .optional()
          .openapi({ description: "Aussi order[raisonSociale], order[email], order[siren]" }),
      }),
    },
  );

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "API du portail des agréments Mon Accompagnateur Rénov'",
      version: options.version,
      description:
        "API REST du portail (Anah). Les listes se passent en paramètres répétés `clé[]`. " +
        "Erreurs : 422 `{ detail }`, 401/403/404/409/500 `{ message }`.",
    },
    servers: [{ url: options.serverUrl }],
  });
}
