/**
 * Endpoint declarations (DESIGN §2 "every endpoint is
 * declared once in contract/"): method, path, path and query parameters,
 * body, answers by status, who may call, summary, all in zod. From one
 * declaration, api/http/endpoint.ts registers the Express handler with its
 * inputs validated and typed, and contract/openapi.ts writes the OpenAPI
 * operation; contract/api/index.ts lists them all.
 *
 * Two levels of input checks, both before the handler:
 * - `params`, `query`, `body.schema` describe the request as sent (spec §7:
 *   query values are strings, lists repeated `key[]`; form bodies post
 *   strings, `key[]` read as the list `key`). A request that does not fit
 *   (unknown parameter or field, wrong type, missing field) is refused with
 *   400 `{ detail, message }`; a path parameter that
 *   does not fit makes the route not match (404 when no other does).
 * - `rules` (optional) are the schemas of contract/schemas applied to what
 *   passed: their refusals keep the French 422 `{ detail, errors }` of
 *   DESIGN §7, and their output is what the handler gets.
 */
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z, type AnyZodObject, type ZodTypeAny } from "zod";
import type { Role } from "../roles.ts";

// `.openapi(name)` names the components of the document (contract/api/composants.ts).
extendZodWithOpenApi(z);

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call (spec §6): `public` (no token), `authenticated` (any valid
 * bearer token, 401 otherwise), or the business roles listed (401 without
 * a token, 403 "Forbidden" for another role).
 */
export type Access = "public" | "authenticated" | readonly Role[];

/** Encodings a body may come in: JSON, urlencoded form (spec §7 "bodies of actions are form data"), multipart. */
export type BodyFormat = "json" | "form" | "multipart";

export const MEDIA_TYPES: Record<BodyFormat, string> = {
  json: "application/json",
  form: "application/x-www-form-urlencoded",
  multipart: "multipart/form-data",
};

/** A file part of a multipart body. */
export interface DeclaredFile {
  /** Field name (`fichier`); with `multiple`, several parts may share it. */
  name: string;
  description: string;
  multiple?: boolean;
  required?: boolean;
}

/** The body of a request. */
export interface DeclaredBody {
  /**
   * The fields as sent (files aside): a `.strict()` object refuses unknown
   * fields with 400; a plain one ignores them. Form fields `key[]` arrive
   * as the list `key`.
   */
  schema: AnyZodObject;
  formats: readonly BodyFormat[];
  /** File parts (multipart only). */
  files?: readonly DeclaredFile[];
  description?: string;
}

/** One answer of an endpoint. */
export interface DeclaredResponse {
  description: string;
  /** JSON body (`contentType` application/json unless told otherwise). */
  schema?: ZodTypeAny;
  /** Media type of a body that is not JSON (CSV, ZIP, PDF…): documented as binary. */
  contentType?: string;
  /** Response headers worth knowing (name → description). */
  headers?: Readonly<Record<string, string>>;
}

export interface EndpointDeclaration {
  method: HttpMethod;
  /** Express form under /api: `/agrement/:id` (OpenAPI `/agrement/{id}`). */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  access: Access;
  /** One string per `:name` of the path. A value that does not fit: the route does not match. */
  params?: AnyZodObject;
  /**
   * The query string (always strict: an unknown parameter is refused). Each
   * value is a string; an array field is a list, sent as repeated `key[]`
   * (`key` and `key[0]` are read too, as api/http/query.ts did); empty values
   * are absent, as spec §7 skips nulls.
   */
  query?: AnyZodObject;
  body?: DeclaredBody;
  /** Rules of contract/schemas on what passed `query` / `body.schema`: 422 when broken. */
  rules?: { query?: ZodTypeAny; body?: ZodTypeAny };
  /** Answers by HTTP status; 400 (bad input), 401 and 403 are added from `access`. */
  responses: Readonly<Record<number, DeclaredResponse>>;
}

/** Declares an endpoint; the literal types are kept so that the handler's inputs are typed. */
export function defineEndpoint<const D extends EndpointDeclaration>(declaration: D): D {
  return declaration;
}

/** What a group of reads shares: tags, who may call, the path parameters and the query if any. */
type Readers = Pick<EndpointDeclaration, "tags" | "access" | "params" | "query" | "rules">;

/**
 * The GETs of one group (no body): `readers` gives what they share once;
 * the function returned declares one from its path, summary and answers
 * (and a description when the summary is not enough).
 */
export function defineReads<const R extends Readers>(readers: R) {
  return <const P extends string, const A extends EndpointDeclaration["responses"]>(
    path: P,
    summary: string,
    responses: A,
    description?: string,
  ) => defineEndpoint({ method: "get", path, summary, description, ...readers, responses });
}

/** `/agrement/:id` → `/agrement/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}

/** Names of the `:params` of an Express path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** The schema under optional, nullable, default and effects wrappers. */
export function unwrap(schema: ZodTypeAny): ZodTypeAny {
  let current = schema;
  for (;;) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault
    )
      current = current._def.innerType;
    else if (current instanceof z.ZodEffects) current = current._def.schema;
    else return current;
  }
}

/** Whether query field `schema` is a list (sent as repeated `key[]`). */
export function isList(schema: ZodTypeAny): boolean {
  return unwrap(schema) instanceof z.ZodArray;
}

/** Whether a field must be present (not optional, no default). */
export function isRequired(schema: ZodTypeAny): boolean {
  return !schema.isOptional();
}

// ── Wire types shared by the declarations ───────────────────────────────────

/** A checkbox as a form posts it ("on", "true") or JSON sends it (true): absent means unticked. */
export const wireCheckbox = () => z.union([z.boolean(), z.string()]).optional();

/** A form field that may come once or repeated (checkbox group, multi-select). */
export const wireValues = () => z.union([z.string(), z.array(z.string())]);
