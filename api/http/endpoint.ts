/**
 * Registers the handler of an endpoint declaration (contract/api) on an
 * Express router. In this order, before the handler:
 * 1. path parameters against `params` (a value that does not fit: the route
 *    does not match, so that `/:kind/…` leaves other kinds to later routes,
 *    and the API answers 404 when none matches);
 * 2. `authenticate` unless the endpoint is public (401), then the declared
 *    roles (403 "Forbidden");
 * 3. the route's body parsers (JSON is parsed for the whole API);
 * 4. the query string against `query` (always strict), the body against
 *    `body.schema`: 400 `{ detail, message }` in French (`badInput`), then
 *    the declared `rules`: 422 `{ detail, errors }` as `parseOrThrow`.
 * The handler gets `{ params, query, body, utilisateur }` typed from the
 * declaration and writes the answer with `res` as any Express handler.
 *
 * Multipart bodies are read by the handler itself when it calls
 * `readBody()` (registerMultipart): after its access checks, streamed as
 * before (api/http/multipart.ts), then validated the same way before it
 * returns. On such a route a JSON or form body, already parsed, is checked
 * against `body.schema` before the handler (400), and its `rules` when
 * the handler calls `readBody()` (422 after the handler's 404/403/409).
 */
import type { Request, RequestHandler, Response, Router } from "express";
import { z, type ZodError, type ZodIssue, type ZodTypeAny } from "zod";
import { pathParamNames, type EndpointDeclaration } from "../../contract/api/endpoint.ts";
import { MESSAGES_ERREURS, MESSAGES_VALIDATION, formater } from "../../contract/messages/index.ts";
import { hasAnyRole } from "../../contract/roles.ts";
import { currentUser, type UtilisateurConnecte } from "./auth.ts";
import {
  MESSAGE_CARACTERE_NUL,
  badInput,
  contientNul,
  forbidden,
  issueMessage,
  parseOrThrow,
  type HttpError,
} from "./errors.ts";
import { readQuery } from "./query.ts";

// ── Typed inputs ─────────────────────────────────────────────────────────────

/** Path parameters of declaration `D`. */
export type ParamsOf<D> = D extends { params: infer P extends ZodTypeAny }
  ? z.output<P>
  : Record<string, never>;
/** Query of `D`: the output of its rules, else of its declared query. */
export type QueryOf<D> = D extends { rules: { query: infer R extends ZodTypeAny } }
  ? z.output<R>
  : D extends { query: infer Q extends ZodTypeAny }
    ? z.output<Q>
    : Record<string, never>;
/** Body of `D`: the output of its rules, else of its declared body. */
export type BodyOf<D> = D extends { rules: { body: infer R extends ZodTypeAny } }
  ? z.output<R>
  : D extends { body: { schema: infer S extends ZodTypeAny } }
    ? z.output<S>
    : undefined;
/** The signed-in user, except on public endpoints. */
export type UtilisateurOf<D> = D extends { access: "public" } ? undefined : UtilisateurConnecte;

/** What a handler receives, already checked. */
export interface EndpointInput<D> {
  params: ParamsOf<D>;
  query: QueryOf<D>;
  body: BodyOf<D>;
  utilisateur: UtilisateurOf<D>;
}

/** What a multipart handler receives: the body comes when it asks for it. */
export interface MultipartInput<D> extends Omit<EndpointInput<D>, "body"> {
  /**
   * Reads the body with the route's reader (multipart, or the JSON or form
   * body already parsed), then checks it as `register` does (400, 422).
   * `files` are the file parts received.
   */
  readBody(): Promise<{ body: BodyOf<D>; files: Express.Multer.File[] }>;
}

export type EndpointHandler<D> = (
  input: EndpointInput<D>,
  req: Request,
  res: Response,
) => void | Promise<void>;

export type MultipartHandler<D> = (
  input: MultipartInput<D>,
  req: Request,
  res: Response,
) => void | Promise<void>;

/** Reads a multipart body into `req.body` and `req.file(s)` (e.g. `lireMultipart` with a multer instance). */
export type MultipartReader = (req: Request, res: Response) => Promise<void>;

export interface RouteOptions {
  /** Body parsers of the route (e.g. `express.urlencoded` with its limits), run after the role check. */
  parsers?: readonly RequestHandler[];
}

// ── Messages of bad input (400) ──────────────────────────────────────────────

// The texts live in the catalogue (contract/messages/erreurs.ts).

/** 400 of a query parameter the endpoint does not declare. */
export const messageParametreInconnu = (nom: string) =>
  formater(MESSAGES_ERREURS.parametreInconnu, { nom });
/** 400 of a body field a strict body does not declare. */
export const messageChampInconnu = (nom: string) =>
  formater(MESSAGES_ERREURS.champInconnu, { nom });
/** 400 of a value of the wrong kind (a list for a single value, an object for a text…): §5 `pattern`. */
export const MESSAGE_FORMAT = MESSAGES_VALIDATION.pattern;

function message(issue: ZodIssue, lieu: "query" | "body"): string[] {
  if (issue.code === "unrecognized_keys")
    return issue.keys.map(lieu === "query" ? messageParametreInconnu : messageChampInconnu);
  if (issue.code === "invalid_type") return [issueMessage(issue)];
  const champ = issue.path.filter((part) => typeof part === "string").join(".");
  return [champ ? `${champ} : ${MESSAGE_FORMAT}` : MESSAGE_FORMAT];
}

/** The 400 `{ detail, message }` of a request that does not fit its declaration. */
function entreeInvalide(error: ZodError, lieu: "query" | "body"): HttpError {
  return badInput([...new Set(error.issues.flatMap((issue) => message(issue, lieu)))].join("\n"));
}

// ── Reading the body as sent ─────────────────────────────────────────────────

/**
 * A body as one object: form fields `key[]` (spec §7 lists) are read as the
 * list `key`, a repeated `key` stays a list. Anything but an object (a JSON
 * array or string) is returned as is, for the schema to refuse; no body is
 * an empty object.
 */
function bodyFields(body: unknown): unknown {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) return body;
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(body)) {
    const list = key.endsWith("[]");
    const name = list ? key.slice(0, -2) : key;
    const before = fields.get(name);
    if (list || Array.isArray(before)) {
      const items = Array.isArray(value) ? value : [value];
      fields.set(name, [
        ...(before === undefined ? [] : Array.isArray(before) ? before : [before]),
        ...items,
      ]);
    } else fields.set(name, value);
  }
  // fromEntries defines own properties: a field named "__proto__" stays a field.
  return Object.fromEntries(fields);
}

/** The file parts multer left on `req`. */
function filesOf(req: Request): Express.Multer.File[] {
  const { file, files } = req;
  return [
    ...(file ? [file] : []),
    ...(Array.isArray(files) ? files : Object.values(files ?? {}).flat()),
  ];
}

// ── Checks ───────────────────────────────────────────────────────────────────

const EMPTY = z.object({}).strict();

/** Parses `raw` with `wire` (400 on failure). */
function checkSent(raw: unknown, wire: ZodTypeAny, lieu: "query" | "body"): unknown {
  if (contientNul(raw)) throw badInput(MESSAGE_CARACTERE_NUL);
  const sent = wire.safeParse(raw);
  if (!sent.success) throw entreeInvalide(sent.error, lieu);
  return sent.data;
}

/** Parses `raw` with `wire` (400 on failure) then `rules` (422 on failure). */
function check(
  raw: unknown,
  wire: ZodTypeAny,
  rules: ZodTypeAny | undefined,
  lieu: "query" | "body",
): unknown {
  const sent = checkSent(raw, wire, lieu);
  return rules ? parseOrThrow(rules, sent) : sent;
}

function checkQuery(declaration: EndpointDeclaration, req: Request): unknown {
  const wire = declaration.query ? declaration.query.strict() : EMPTY;
  return check(readQuery(req.originalUrl, wire), wire, declaration.rules?.query, "query");
}

function checkBody(declaration: EndpointDeclaration, body: unknown): unknown {
  if (!declaration.body) return undefined;
  return check(bodyFields(body), declaration.body.schema, declaration.rules?.body, "body");
}

/** The route's middlewares before the handler: params, authentication, roles, parsers. */
function before(
  declaration: EndpointDeclaration,
  authenticate: RequestHandler | undefined,
  options: RouteOptions,
): RequestHandler[] {
  const where = `${declaration.method.toUpperCase()} ${declaration.path}`;
  const declared = Object.keys(declaration.params?.shape ?? {}).sort();
  const inPath = pathParamNames(declaration.path).sort();
  if (declared.join() !== inPath.join())
    throw new Error(`${where} : paramètres déclarés ${declared} ≠ paramètres du chemin ${inPath}`);
  const middlewares: RequestHandler[] = [];
  const { params } = declaration;
  if (params)
    middlewares.push((req, _res, next) => {
      next(params.safeParse(req.params).success ? undefined : "route");
    });
  const { access } = declaration;
  if (access !== "public") {
    if (!authenticate) throw new Error(`${where} : point authentifié sans \`authenticate\``);
    middlewares.push(authenticate);
  }
  if (typeof access !== "string")
    middlewares.push((req, _res, next) => {
      if (!hasAnyRole(currentUser(req).roles, access)) throw forbidden();
      next();
    });
  middlewares.push(...(options.parsers ?? []));
  return middlewares;
}

/** The inputs every handler gets (the body aside). */
function inputs(declaration: EndpointDeclaration, req: Request) {
  return {
    params: declaration.params ? declaration.params.parse(req.params) : {},
    query: checkQuery(declaration, req),
    utilisateur: declaration.access === "public" ? undefined : currentUser(req),
  };
}

/**
 * The registrar of `router`: `register` for JSON and form bodies (checked
 * before the handler), `registerMultipart` for routes that read a
 * multipart body themselves. `authenticate` is required by any endpoint
 * that is not public. A declaration whose path parameters differ from its
 * `params`, or whose body formats do not match the method used, throws at
 * start-up.
 */
export function endpoints(router: Router, authenticate?: RequestHandler) {
  return {
    register<D extends EndpointDeclaration>(
      declaration: D,
      handler: EndpointHandler<D>,
      options: RouteOptions = {},
    ): void {
      if (declaration.body?.formats.includes("multipart"))
        throw new Error(`${declaration.path} : un corps multipart se lit par registerMultipart`);
      router[declaration.method](
        declaration.path,
        ...before(declaration, authenticate, options),
        async (req: Request, res: Response) => {
          const entree = { ...inputs(declaration, req), body: checkBody(declaration, req.body) };
          // Checked against the declaration D above: its types are the schemas' outputs.
          await handler(entree as EndpointInput<D>, req, res);
        },
      );
    },

    registerMultipart<D extends EndpointDeclaration>(
      declaration: D,
      reader: MultipartReader,
      handler: MultipartHandler<D>,
      options: RouteOptions = {},
    ): void {
      if (!declaration.body?.formats.includes("multipart"))
        throw new Error(`${declaration.path} : registerMultipart sans corps multipart déclaré`);
      router[declaration.method](
        declaration.path,
        ...before(declaration, authenticate, options),
        async (req: Request, res: Response) => {
          const base = inputs(declaration, req);
          // A body already parsed (JSON, form) breaks its declaration before
          // any handler runs (400); a multipart one is read, then checked, when
          // the handler asks for it, after its own access checks.
          if (declaration.body && !req.is("multipart/form-data"))
            checkSent(bodyFields(req.body), declaration.body.schema, "body");
          const entree = {
            ...base,
            readBody: async () => {
              await reader(req, res);
              return { body: checkBody(declaration, req.body), files: filesOf(req) };
            },
          };
          // Checked against the declaration D above: its types are the schemas' outputs.
          await handler(entree as MultipartInput<D>, req, res);
        },
      );
    },
  };
}
