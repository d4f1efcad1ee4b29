/**
 * OpenAPI 3.1 description of the API (GET /api/openapi.json), generated
 * from the endpoint declarations of contract/api: every
 * declared endpoint is documented, by construction. Lists are documented as
 * repeated `key[]` query parameters (spec §7); the answers 400 (bad input),
 * 401 and 403 follow from each declaration's inputs and access.
 */
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
  type ZodContentObject,
} from "@asteasolutions/zod-to-openapi";
import { z, type AnyZodObject, type ZodTypeAny } from "zod";
import { ErreurEntree, MessageErreur } from "./api/composants.ts";
import {
  MEDIA_TYPES,
  isList,
  openApiPath,
  type DeclaredBody,
  type DeclaredResponse,
  type EndpointDeclaration,
} from "./api/endpoint.ts";
import { POINTS_API } from "./api/index.ts";

const binary = z.string().openapi({ format: "binary" });

/** The query object as sent: a list field `key` is the parameter `key[]`. */
function queryAsSent(query: AnyZodObject): AnyZodObject {
  const shape: Record<string, ZodTypeAny> = query.shape;
  return z.object(
    Object.fromEntries(
      Object.entries(shape).map(([name, field]) => [isList(field) ? `${name}[]` : name, field]),
    ),
  );
}

/** The content of a body, one media type per declared format; files as binary parts. */
function bodyContent(body: DeclaredBody): ZodContentObject {
  const content: ZodContentObject = {};
  for (const format of body.formats) {
    const files = format === "multipart" ? (body.files ?? []) : [];
    const schema = files.length
      ? body.schema.extend(
          Object.fromEntries(
            files.map((file) => {
              const part = (file.multiple ? z.array(binary) : binary).openapi({
                description: file.description,
              });
              return [file.name, file.required ? part : part.optional()];
            }),
          ),
        )
      : body.schema;
    content[MEDIA_TYPES[format]] = { schema };
  }
  return content;
}

function response(declared: DeclaredResponse): ResponseConfig {
  const headers = declared.headers
    ? Object.fromEntries(
        Object.entries(declared.headers).map(([name, description]) => [
          name,
          { description, schema: { type: "string" as const } },
        ]),
      )
    : undefined;
  const content: ZodContentObject | undefined = declared.contentType
    ? { [declared.contentType]: { schema: declared.schema ?? binary } }
    : declared.schema
      ? { "application/json": { schema: declared.schema } }
      : undefined;
  return { description: declared.description, headers, content };
}

/** The operation of one declaration, with the answers its inputs and access imply. */
function operation(declaration: EndpointDeclaration, bearer: string): RouteConfig {
  const { access } = declaration;
  const roles = typeof access === "string" ? undefined : access;
  const responses: Record<string, ResponseConfig> = {
    400: response({
      description: "Requête hors de sa déclaration (paramètre ou champ inconnu, mal typé, absent)",
      schema: ErreurEntree,
    }),
  };
  if (access !== "public")
    responses[401] = response({
      description: "Jeton absent, expiré ou invalide (« Authentification requise »)",
      schema: MessageErreur,
    });
  if (roles)
    responses[403] = response({
      description: "Rôle insuffisant (« Forbidden »)",
      schema: MessageErreur,
    });
  for (const [status, declared] of Object.entries(declaration.responses))
    responses[status] = response(declared);
  const rolesText = roles ? `Rôles : ${roles.join(", ")}.` : undefined;
  return {
    method: declaration.method,
    path: openApiPath(declaration.path),
    summary: declaration.summary,
    description: [declaration.description, rolesText].filter(Boolean).join("\n\n") || undefined,
    tags: [...declaration.tags],
    security: access === "public" ? [] : [{ [bearer]: [] }],
    ...(roles ? { "x-roles": [...roles] } : {}),
    request: {
      params: declaration.params,
      query: declaration.query ? queryAsSent(declaration.query) : undefined,
      body: declaration.body
        ? {
            description: declaration.body.description,
            required: true,
            content: bodyContent(declaration.body),
          }
        : undefined,
    },
    responses,
  };
}

/** Builds the document of `endpoints` (all of contract/api by default); `serverUrl` is the API's base URL (…/api). */
export function buildOpenApiDocument(options: {
  version: string;
  serverUrl: string;
  endpoints?: readonly EndpointDeclaration[];
}) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "Jeton d'accès OpenID Connect du royaume mar_users (audience de l'API).",
  });
  for (const declaration of options.endpoints ?? POINTS_API)
    registry.registerPath(operation(declaration, bearer.name));

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "API du portail des agréments Mon Accompagnateur Rénov'",
      version: options.version,
      description:
        "API REST du portail (Anah). Les listes se passent en paramètres répétés `clé[]`. " +
        "Erreurs : 400 `{ detail, message }` pour une requête hors de sa déclaration, " +
        "422 `{ detail }` pour une règle du formulaire, 401/403/404/409/500 `{ message }`.",
    },
    servers: [{ url: options.serverUrl }],
  });
}
