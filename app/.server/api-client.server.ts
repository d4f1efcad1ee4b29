/**
 * The BFF's typed client of the portal's API, typed from the same
 * declarations as the API. A call names the
 * endpoint's declaration (contract/api) instead of a path string: the path
 * parameters, the query and the body are typed from its zod schemas as sent
 * (`z.input`), the result from its success answer's schema (`z.output`; for
 * the answers still described in words, the contract's interface listed in
 * `ReponsesDecrites`). Types only: answers are not validated at run time
 * (they come from our own API, and parsing every page's data would cost
 * for nothing).
 *
 * Built on `apiFetch` / `apiJson` (api.server.ts), so a call keeps all
 * their behaviour: 401 → login, 404 → "Page non trouvée", other refusals
 * `ApiError`, GETs shared by the loaders of one request, reference lists
 * cached, streaming on demand.
 *
 * Server only: contract/api extends zod for OpenAPI and must stay out of
 * the browser's bundles, so route modules reach the declarations through
 * this module's re-exports (bottom of the file), never from contract/api.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import type { BodyFormat, EndpointDeclaration } from "../../contract/api/endpoint.ts";
import type {
  DemandeDetail,
  DemandeResume,
  EntreeHistorique,
  PieceJointe,
  ProcedureDemande,
  ProcedureEtp,
} from "#contract/schemas/demande";
import type { Page } from "#contract/schemas/listes";
import type { Note } from "#contract/schemas/notes";
import type { ProcedureRapportAnnuel, RapportAnnuel } from "#contract/schemas/rapport-annuel";
import { apiFetch, apiJson, type ApiInit, type QueryValue } from "./api.server";

// ── Types from a declaration ─────────────────────────────────────────────────

/** `{ key: T }`, or `{ key?: T }` when every field of `T` may be left out. */
type Champ<K extends string, T> = object extends T ? { [P in K]?: T } : { [P in K]: T };

/** Fields of `T` whose lists may be read-only: the client only reads what it sends. */
type EnLecture<T> = { [K in keyof T]: Liste<T[K]> };
type Liste<V> = V extends readonly (infer U)[] ? readonly U[] : V;

/** Path parameters as the caller gives them (`{ id: "12" }`). */
export type ParamsIn<D> = D extends { params: infer P extends ZodTypeAny } ? z.input<P> : never;
/** Query as sent: values are strings, lists are arrays (sent as repeated `key[]`). */
export type QueryIn<D> = D extends { query: infer Q extends ZodTypeAny }
  ? EnLecture<z.input<Q>>
  : never;
/** Body fields as sent (files aside). */
export type BodyIn<D> = D extends { body: { schema: infer S extends ZodTypeAny } }
  ? EnLecture<z.input<S>>
  : never;

/**
 * Success answers some declarations still describe in words only (their
 * types are interfaces of contract/schemas, not zod schemas), by
 * `method path`. A schema declared later takes precedence.
 */
interface ReponsesDecrites {
  "get /demandes/mes-demandes": DemandeResume[];
  "post /demande": DemandeDetail;
  "put /demande/:id/step/1": DemandeDetail;
  "put /demande/:id/step/2": DemandeDetail;
  "get /demande/:id/procedure": ProcedureDemande;
  "get /demande/:id/procedure-etp": ProcedureEtp;
  "get /:kind/:id/historique": EntreeHistorique[];
  "post /:kind/:id/action": DemandeDetail;
  "get /:kind/:id": DemandeDetail;
  "get /demandes": Page<DemandeResume>;
  "get /changement-notables": Page<DemandeResume>;
  "get /:type/:id/notes": Note[];
  "post /:type/:id/note": Note;
  "post /:kind/:id/pj": PieceJointe[];
  "get /agrement/procedure-raa": ProcedureRapportAnnuel;
  "get /agrement/:id/rapport-annuel/:annee": RapportAnnuel;
  "post /agrement/:id/action": RapportAnnuel;
}

/** The answer `callEndpoint` reads: the first of 200, 201, 202, 204 that is declared. */
type Succes<R> = 200 extends keyof R
  ? R[200]
  : 201 extends keyof R
    ? R[201]
    : 202 extends keyof R
      ? R[202]
      : 204 extends keyof R
        ? R[204]
        : undefined;

/**
 * What `callEndpoint` resolves to: the success answer's JSON typed by its
 * schema (or by `ReponsesDecrites`), nothing for a 204 or a file, `unknown`
 * for a JSON answer of unknown shape.
 */
export type ResultOf<D> = D extends {
  method: infer M extends string;
  path: infer P extends string;
  responses: infer R;
}
  ? Succes<R> extends { schema: infer S extends ZodTypeAny }
    ? z.output<S>
    : Succes<R> extends { contentType: string } | undefined
      ? void
      : (200 | 201 | 202) & keyof R extends never
        ? void
        : `${M} ${P}` extends keyof ReponsesDecrites
          ? ReponsesDecrites[`${M} ${P}`]
          : unknown
  : never;

/** A streamed multipart body passed through as received (uploads: never buffered by the BFF). */
export interface ForwardedBody {
  body: ReadableStream<Uint8Array> | null;
  /** The browser's `Content-Type`, boundary included. */
  contentType: string;
}

type ParamsOption<D> = D extends { params: ZodTypeAny }
  ? { params: ParamsIn<D> }
  : { params?: undefined };
/**
 * The query: typed values, or one already written by a writer of contract/
 * (`versParamsDemandes` of the lists) as `encodedQuery`.
 */
type QueryOption<D> = D extends { query: ZodTypeAny }
  ? | (Champ<"query", QueryIn<D>> & { encodedQuery?: undefined })
    | { query?: undefined; encodedQuery: URLSearchParams }
  : { query?: undefined; encodedQuery?: undefined };
/** No other way to send a body. */
type SansAutre = { forward?: undefined; encodedBody?: undefined };
/**
 * The body: typed fields (encoded as `format`), or for a form endpoint a
 * body already encoded as a browser sends it (`encodedBody`, files included),
 * or for a multipart endpoint the browser's own body streamed (`forward`).
 */
type BodyOption<D> = D extends { body: { formats: readonly (infer F)[] } }
  ? | (Champ<"body", BodyIn<D>> & { format?: F } & SansAutre)
    | (Extract<F, "form" | "multipart"> extends never
        ? never
        : {
            body?: undefined;
            format?: undefined;
            forward?: undefined;
            encodedBody: URLSearchParams | FormData;
          })
    | ("multipart" extends F
        ? { body?: undefined; format?: undefined; encodedBody?: undefined; forward: ForwardedBody }
        : never)
  : { body?: undefined; format?: undefined } & SansAutre;

/** The inputs of a call of endpoint `D`, and the few `fetch` options a caller may add. */
export type EndpointOptions<D> = ParamsOption<D> &
  QueryOption<D> &
  BodyOption<D> & {
    headers?: HeadersInit;
    signal?: AbortSignal;
  };

/** The options argument (with `Extra` options), optional when nothing is required. */
type OptionsArgs<D, Extra = unknown> =
  object extends EndpointOptions<D>
    ? [options?: EndpointOptions<D> & Extra]
    : [options: EndpointOptions<D> & Extra];

/** What `endpointRequest` reads of the options, whatever the endpoint. */
export interface RequestOptions {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: Readonly<Record<string, unknown>>;
  format?: BodyFormat;
  forward?: ForwardedBody;
  encodedBody?: URLSearchParams | FormData;
  encodedQuery?: URLSearchParams;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

// ── Building the request ─────────────────────────────────────────────────────

/**
 * The API path of `declaration` under `/api`, each `:name` replaced by its
 * parameter, URI-encoded (`/agrement/:id`, `{ id: "a/b" }` →
 * `/api/agrement/a%2Fb`). Throws when a parameter is missing: a
 * programming error, not the user's.
 */
export function endpointPath(
  declaration: Pick<EndpointDeclaration, "path">,
  params: Readonly<Record<string, unknown>> = {},
): string {
  return `/api${declaration.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`Paramètre de chemin manquant : ${name} (${declaration.path})`);
    return encodeURIComponent(String(value));
  })}`;
}

/** A value of a form body as the API reads it: `true` as "true", `false` and empty values left out. */
function appendField(target: URLSearchParams | FormData, key: string, value: unknown): void {
  if (value === undefined || value === null || value === false) return;
  if (typeof Blob !== "undefined" && value instanceof Blob && target instanceof FormData)
    target.append(key, value);
  else target.append(key, String(value));
}

/**
 * The body of a request in `format` (DESIGN §2, spec §7): JSON as is; a
 * form (urlencoded or multipart) with lists as repeated `key[]`, `true` as
 * "true" (a ticked box) and `false`, null or undefined fields left out (an
 * unticked box is absent). `contentType` is only given for JSON: for a form
 * `fetch` writes it (urlencoded with its charset, multipart with its
 * boundary), as when the BFF posted `URLSearchParams` and `FormData` itself.
 */
export function encodeBody(
  body: Readonly<Record<string, unknown>>,
  format: BodyFormat,
): { body: string | URLSearchParams | FormData; contentType?: string } {
  if (format === "json") return { body: JSON.stringify(body), contentType: "application/json" };
  const target = format === "form" ? new URLSearchParams() : new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) appendField(target, `${key}[]`, item);
    else appendField(target, key, value);
  }
  return { body: target };
}

/**
 * Whether the success answer `callEndpoint` reads (the first of 200, 201,
 * 202, 204 declared) has a JSON body: one with a schema, or any but a 204
 * or a file (`contentType`). As `ResultOf` decides at the type level.
 */
function answersJson(declaration: EndpointDeclaration): boolean {
  const status = [200, 201, 202, 204].find((code) => declaration.responses[code] !== undefined);
  const succes = status === undefined ? undefined : declaration.responses[status];
  if (!succes) return false;
  return succes.schema !== undefined || (status !== 204 && succes.contentType === undefined);
}

/** Path and `apiFetch` options of a call (exported for the unit tests). */
export function endpointRequest(
  declaration: EndpointDeclaration,
  options: RequestOptions = {},
): { path: string; init: ApiInit } {
  const headers = new Headers(options.headers);
  const init: ApiInit & { duplex?: "half" } = {
    method: declaration.method.toUpperCase(),
    headers,
    signal: options.signal,
    query: options.query as Record<string, QueryValue> | undefined,
  };
  if (options.forward) {
    init.body = options.forward.body;
    init.duplex = "half";
    headers.set("Content-Type", options.forward.contentType);
  } else if (options.encodedBody) {
    // fetch writes its Content-Type (urlencoded, or multipart with its boundary).
    init.body = options.encodedBody;
  } else if (options.body !== undefined) {
    const formats = declaration.body?.formats ?? ["json"];
    const format = options.format ?? (formats.includes("json") ? "json" : formats[0]);
    const encoded = encodeBody(options.body, format);
    init.body = encoded.body;
    if (encoded.contentType) headers.set("Content-Type", encoded.contentType);
  }
  const path = endpointPath(declaration, options.params);
  const search = options.encodedQuery?.toString();
  return { path: search ? `${path}?${search}` : path, init };
}

// ── Calls ────────────────────────────────────────────────────────────────────

/**
 * Calls `endpoint` with the user's token (DESIGN §2) and returns the JSON
 * of its success answer, typed from the declaration, or nothing when that
 * answer has no JSON body (204). Throws as `apiFetch` does: redirect to the
 * login page on 401 (spec §6), a 404 response ("Page non trouvée"),
 * `ApiError` for any other refusal (spec §8). A loader's GET is shared by
 * the loaders of the request and reference lists are cached (see
 * `apiJson`): treat the answer as read-only.
 */
export async function callEndpoint<const D extends EndpointDeclaration>(
  request: Request,
  context: AppLoadContext,
  endpoint: D,
  ...[options]: OptionsArgs<D>
): Promise<ResultOf<D>> {
  const { path, init } = endpointRequest(endpoint, options as RequestOptions | undefined);
  if (answersJson(endpoint)) return apiJson<ResultOf<D>>(request, context, path, init);
  await apiFetch(request, context, path, init);
  return undefined as ResultOf<D>;
}

/**
 * Calls `endpoint` and returns the API's `Response` itself, for answers the
 * caller reads another way: files and exports (`stream: true` passes them
 * through without buffering, spec §7 downloads), headers, or a status
 * among several successes. Same errors as `callEndpoint`; never shared
 * nor cached.
 */
export function fetchEndpoint<const D extends EndpointDeclaration>(
  request: Request,
  context: AppLoadContext,
  endpoint: D,
  ...[options]: OptionsArgs<D, { stream?: boolean }>
): Promise<Response> {
  const { path, init } = endpointRequest(endpoint, options as RequestOptions | undefined);
  return apiFetch(request, context, path, { ...init, stream: options?.stream });
}

// ── The declarations the pages call ──────────────────────────────────────────
// Route modules import them from here (a server-only module), never from contract/api.
// Relative paths: the lint pattern that keeps api/ out of app/ takes `#contract/api` for api/.

export { lireAgrement, lireMonAgrement } from "../../contract/api/agrements.ts";
// The approvals list, its export, a withdrawal procedure; counts, complements.
export {
  exporterAgrements,
  lireProcedureAgrement,
  listerAgrements,
} from "../../contract/api/agrements.ts";
export {
  compterDemandes,
  compterMesDossiers,
  listerPiecesJointesAdditionnelles,
} from "../../contract/api/demandes.ts";
export { rechercherAccompagnateurs } from "../../contract/api/annuaire.ts";
export { telechargerDossier, telechargerPiecesJointes } from "../../contract/api/archives.ts";
export {
  accepterCgu,
  confirmerCompte,
  creerCompteCandidat,
  demanderNouveauLien,
} from "../../contract/api/candidat.ts";
export {
  executerActionCompte,
  exporterComptes,
  lireCompte,
  listerComptes,
} from "../../contract/api/comptes.ts";
export {
  commenterHistoriqueExport,
  exporterEtablissements,
  listerEtablissements,
  listerEtablissementsAgrementStaff,
  listerHistoriqueExports,
  listerNomsSocietes,
  telechargerEtablissements,
} from "../../contract/api/etablissements-staff.ts";
export {
  creerDemande,
  enregistrerEtape1,
  enregistrerEtape2,
  executerAction,
  lireDemande,
  lireHistorique,
  lireProcedure,
  lireProcedureEtp,
  listerMesDemandes,
  verifierDepot,
  verifierNouvelleDemande,
} from "../../contract/api/demandes.ts";
export {
  listerDepartements,
  listerRegions,
  rechercherCommunes,
  rechercherEpcis,
} from "../../contract/api/geographie.ts";
export { listerIntervenants, listerServicesInstructeurs } from "../../contract/api/intervenants.ts";
export {
  exporterChangementsNotables,
  exporterDemandes,
  listerChangementsNotables,
  listerDemandes,
} from "../../contract/api/listes.ts";
export {
  confirmerLectureMessages,
  envoyerMessage,
  lireMessagerie,
} from "../../contract/api/messagerie.ts";
export { deposerNote, listerNotes, marquerNotesLues } from "../../contract/api/notes.ts";
export {
  ajouterPiecesJointes,
  supprimerPieceJointe,
  telechargerPieceJointe,
} from "../../contract/api/pieces-jointes.ts";
export {
  listerBandeaux,
  listerFormesJuridiques,
  listerQualites,
} from "../../contract/api/reference.ts";
export {
  enregistrerParametresMail,
  lireUtilisateurCourant,
} from "../../contract/api/utilisateur.ts";
export {
  changerMotDePasse,
  confirmerChangementEmail,
  demanderChangementEmail,
  enregistrerPerimetreSupervision,
  verifierLienChangementEmail,
} from "../../contract/api/utilisateur.ts";
export {
  executerActionAgrement,
  lireProcedureRaa,
  lireRapportAnnuel,
  telechargerSyntheseRapportAnnuel,
} from "../../contract/api/rapports-annuels.ts";
export {
  exporterRapportsAnnuels,
  telechargerRapportAnnuel,
} from "../../contract/api/rapports-annuels.ts";
export { lireHorlogeRecette, reglerHorlogeRecette } from "../../contract/api/recette.ts";
