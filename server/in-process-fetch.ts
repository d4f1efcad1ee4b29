import type { RequestListener } from "node:http";
import express from "express";
import { inject } from "light-my-request";

/** The `fetch` shape the BFF calls the API with (app/.server/api.server.ts). */
export type ApiFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Statuses whose response must not carry a body (Fetch standard). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that hands each request to `handler` (the API's Express app) in
 * this very process, through `light-my-request`'s fake sockets, instead of a
 * loopback TCP connection (ADR 0007). Same contract as `fetch` for the
 * BFF: an absolute URL, method, headers and any body `Request` accepts
 * (string, URLSearchParams, FormData); a standard `Response` back. The
 * answer is buffered whole, so callers that stream large bodies (downloads,
 * exports) keep using the network `fetch`.
 */
function inProcessFetch(handler: RequestListener): ApiFetch {
  return async (url, init) => {
    const request = new Request(url, init);
    const { pathname, search } = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const injected = await inject(handler, {
      method: request.method as "GET",
      url: `${pathname}${search}`,
      headers: Object.fromEntries(request.headers),
      payload,
      remoteAddress: "127.0.0.1",
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(injected.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const { rawPayload } = injected;
    const body = NULL_BODY_STATUSES.has(injected.statusCode)
      ? null
      : new Uint8Array(
          rawPayload.buffer as ArrayBuffer,
          rawPayload.byteOffset,
          rawPayload.byteLength,
        );
    return new Response(body, { status: injected.statusCode, headers });
  };
}

/**
 * The `fetch` of the BFF towards `apiRouter` (mounted at /api) in this
 * process (ADR 0007): the same router and request log (`requestLog`) as on
 * the network, without compression, security headers and static files,
 * which only matter to browsers.
 */
export function inProcessApiFetch(
  apiRouter: express.Router,
  requestLog: express.RequestHandler,
): ApiFetch {
  const api = express();
  // light-my-request slips its fake request and response classes under the
  // prototypes of an Express app's `request` and `response`; by default those
  // are Express's own objects, shared by every app of the process, the
  // portal's included. This app gets private copies, so only it is touched.
  Object.setPrototypeOf(api.request, privateCopy(express.request));
  Object.setPrototypeOf(api.response, privateCopy(express.response));
  api.disable("x-powered-by");
  // Its only client is the BFF, one trusted hop: `req.ip` is the browser's
  // address the BFF puts in X-Forwarded-For (api.server.ts), for the per-IP
  // limits of the public account routes (ADR 0013).
  api.set("trust proxy", 1);
  api.use(requestLog);
  api.use("/api", apiRouter);
  return inProcessFetch(api);
}

function privateCopy<T extends object>(shared: T): T {
  return Object.defineProperties({}, Object.getOwnPropertyDescriptors(shared)) as T;
}
