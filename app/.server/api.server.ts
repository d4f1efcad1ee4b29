import { redirect, type AppLoadContext } from "@remix-run/node";
import { getSessionData, refusAcces } from "./auth.server";
import { loginUrlFor } from "./redirect-url.server";
import { lireReference, politiqueReference } from "./references.server";

type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue =
  | QueryScalar
  | readonly (string | number)[]
  | Readonly<Record<string, QueryScalar | readonly (string | number)[]>>;

/**
 * Builds a query string the way spec §7 wants it: lists as repeated `key[]`,
 * maps as `key[name]=value` (`order[dateDepot]=desc`), null and undefined
 * values skipped.
 */
export function toQueryString(query: Readonly<Record<string, QueryValue>> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(`${key}[]`, String(item));
    } else if (typeof value === "object") {
      for (const [name, items] of Object.entries(value))
        for (const item of [items].flat())
          if (item !== null && item !== undefined) params.append(`${key}[${name}]`, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A non-2xx answer of the API other than 401 (spec §8 error record). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly origin: string,
  ) {
    super(apiErrorMessage(status, body));
  }
}

/**
 * Spec §8 message rules: 422 → the `detail` field (or the messages of an
 * array, one per line); otherwise the body's `message`; 418 → "Aucun résultat".
 */
export function apiErrorMessage(status: number, body: unknown): string {
  if (status === 418) return "Aucun résultat";
  if (Array.isArray(body)) return body.map(String).join("\n");
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (status === 422 && record.detail !== undefined) {
      return Array.isArray(record.detail)
        ? record.detail.map(String).join("\n")
        : String(record.detail);
    }
    if (typeof record.message === "string") return record.message;
  }
  return "";
}

/** Options of `apiFetch` beyond `fetch`'s own. */
export type ApiInit = RequestInit & {
  query?: Record<string, QueryValue>;
  /** The caller streams the answer (downloads, exports): never buffered in memory. */
  stream?: boolean;
};

/**
 * GET answers already read by the loaders of a request (its load context
 * is new for every HTTP request): the root and the page loaders asking for
 * the same thing share one call. Actions never use them, and a write
 * through `apiFetch` forgets them, so the loaders that run after an action
 * read fresh data.
 */
const lecturesDeLaRequete = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

/**
 * Calls the portal's API (DESIGN §2: the BFF fetches with the user's access
 * token). `path` starts with `/api/`. In the API's own process the call
 * goes through `context.apiFetch`, without a socket (ADR 0007), unless
 * `stream` is set. A 401 redirects to the login page with `redirectUrl`
 * (spec §6); other errors throw `ApiError`; 404 becomes a 404 response so
 * the page shows "Page non trouvée", and a 403 to a page's GET the portal's
 * 403 page.
 */
export async function apiFetch(
  request: Request,
  context: AppLoadContext,
  path: string,
  init: ApiInit = {},
): Promise<Response> {
  const { query, stream, ...fetchInit } = init;
  if ((fetchInit.method ?? "GET").toUpperCase() !== "GET") lecturesDeLaRequete.delete(context);
  const session = await getSessionData(request, context);
  const headers = new Headers(fetchInit.headers);
  headers.set("Accept", "application/json");
  // Same machine or network: compressing for the BFF only costs CPU on both ends.
  if (!headers.has("Accept-Encoding")) headers.set("Accept-Encoding", "identity");
  if (session) headers.set("Authorization", `Bearer ${session.accessToken}`);
  // Set, never passed through: the browser's own X-Forwarded-For is not trusted here.
  if (context.clientIp) headers.set("X-Forwarded-For", context.clientIp);
  const url = `${context.settings.apiUrl}${path}${toQueryString(query)}`;
  const send = !stream && context.apiFetch ? context.apiFetch : fetch;
  const response = await send(url, { ...fetchInit, headers });
  if (response.status === 401) throw redirect(loginUrlFor(request));
  if (response.status === 404) throw new Response("Page non trouvée", { status: 404 });
  // A page the API refuses to this user is the portal's 403 page, not an
  // error page; an action keeps ApiError to say why in its form.
  if (
    response.status === 403 &&
    request.method === "GET" &&
    (fetchInit.method ?? "GET").toUpperCase() === "GET"
  )
    throw refusAcces();
  if (!response.ok) {
    const body = await response
      .clone()
      .json()
      .catch(() => response.text());
    throw new ApiError(response.status, body, path);
  }
  return response;
}

/**
 * `apiFetch` then JSON. A loader's GET is read once per request (see
 * `lecturesDeLaRequete`), and public or per-user reference lists are reused
 * across requests for a while (references.server.ts): callers must treat
 * the answer as read-only.
 */
export async function apiJson<T>(
  request: Request,
  context: AppLoadContext,
  path: string,
  init?: ApiInit,
): Promise<T> {
  const lire = async () => (await (await apiFetch(request, context, path, init)).json()) as T;
  // Only a page's loaders share reads (Remix gives them GET requests, even after an
  // action): an action reads to decide what to write, and may read again after a race.
  if (
    request.method !== "GET" ||
    (init?.method ?? "GET").toUpperCase() !== "GET" ||
    init?.body !== undefined
  )
    return lire();
  const chemin = `${path}${toQueryString(init?.query)}`;
  let lectures = lecturesDeLaRequete.get(context);
  if (!lectures) {
    lectures = new Map();
    lecturesDeLaRequete.set(context, lectures);
  }
  const dejaLue = lectures.get(chemin);
  if (dejaLue) return dejaLue as Promise<T>;
  const lecture = (async () => {
    const politique = politiqueReference(
      chemin,
      (await getSessionData(request, context))?.user.idIdp ?? null,
    );
    return politique ? lireReference(politique, lire) : lire();
  })();
  lectures.set(chemin, lecture);
  return lecture;
}
