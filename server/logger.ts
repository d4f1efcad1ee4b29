import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/** What replaces a secret in the logs. */
export const MASQUE = "[masqué]";

/**
 * Query parameters whose values are secrets or would let someone act in a
 * user's name: OpenID Connect codes, `state`, `nonce`,
 * tokens and their hints, PKCE verifiers, the mail links' `token`, the
 * provider's logout `xsrf`, and login hints (an e-mail).
 */
const SECRET_PARAMS = [
  "code",
  "state",
  "nonce",
  "token",
  "id_token_hint",
  "id_token",
  "access_token",
  "refresh_token",
  "session_state",
  "code_verifier",
  "client_secret",
  "login_hint",
  "logout_hint",
  "xsrf",
  "password",
];

// A separator or "=" may come percent-encoded, once or more, when a URL
// travels inside another one's parameter (`redirectUrl=%2F…%3Ftoken%3D…`).
const SEPARATOR = String.raw`(?:[?&;]|%(?:25)*(?:3F|26|3B))`;
const EQUALS = String.raw`(?:=|%(?:25)*3D)`;
const VALUE = String.raw`(?:(?!%(?:25)*(?:26|3B|23))[^&;#\s"])*`;
const SECRET_VALUES = new RegExp(
  `(${SEPARATOR}(?:${SECRET_PARAMS.join("|")})${EQUALS})${VALUE}`,
  "gi",
);

/**
 * Path segments that are secrets: the embedded provider's interaction id
 * (`/realms/mar_users/interaction/<uid>`, `…/openid-connect/auth/<uid>`) is
 * also the value of its `_interaction` and `_interaction_resume` cookies.
 */
const SECRET_SEGMENTS =
  /(\/realms\/[^/?#]+\/(?:interaction|protocol\/openid-connect\/auth)\/)[^/?#\s"]+/gi;

/**
 * Removes the values of secret query parameters from a URL (absolute or a
 * path), nested URLs included, and the provider's interaction ids:
 * `/account/callback?code=abc&iss=x` gives
 * `/account/callback?code=[masqué]&iss=x`. Everything else is kept as is.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_VALUES, `$1${MASQUE}`).replace(SECRET_SEGMENTS, `$1${MASQUE}`);
}

/**
 * A request as the serializers receive it: pino-http hands them
 * pino-std-serializers' copy (`url` is Express's `originalUrl`,
 * `remoteAddress`, the request itself in `raw`); a direct
 * `logger.info({ req })` hands the request itself.
 */
type LoggedRequest = {
  id?: unknown;
  method?: string;
  url?: string;
  originalUrl?: string;
  remoteAddress?: string;
  socket?: { remoteAddress?: string };
};

/**
 * What the request log keeps of a request: id, method, URL without its
 * secrets, client address. No headers (cookies, bearer tokens, a Referer
 * that may carry a mail link's token) and no parsed query.
 */
function serializeRequest(req: LoggedRequest) {
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url ?? ""),
    remoteAddress: req.remoteAddress ?? req.socket?.remoteAddress,
  };
}

/** An answer as the serializers receive it (pino-std-serializers' copy, or the answer itself). */
type LoggedResponse = {
  statusCode?: number | null;
  headers?: Record<string, unknown>;
  getHeader?: (name: string) => unknown;
};

/**
 * What the request log keeps of an answer: its status and, for a redirect,
 * where it goes without secrets (codes and hints travel in `Location`).
 * No Set-Cookie.
 */
function serializeResponse(res: LoggedResponse) {
  const location = res.headers?.location ?? res.getHeader?.("location");
  return {
    statusCode: res.statusCode ?? null,
    ...(location ? { location: redactUrl(String(location)) } : {}),
  };
}

/**
 * The `req` and `res` serializers of the request log: pino-http wraps these
 * (and ignores the logger's own), so server/app.ts hands them to it.
 */
export const httpLogSerializers = { req: serializeRequest, res: serializeResponse };

/**
 * Structured JSON logs (pino), on standard output or `destination` (tests
 * capture it). Authorization headers, cookies, Location headers and secret
 * query parameters never reach the output, whoever logs a request or a
 * response object.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: "portail-mar" },
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "res.headers.location",
        "*.headers.authorization",
        "*.headers.cookie",
        '*.headers["set-cookie"]',
        "*.password",
        "*.accessToken",
        "*.refreshToken",
        "*.idToken",
      ],
      censor: MASQUE,
    },
    serializers: httpLogSerializers,
  };
  return destination ? pino(options, destination) : pino(options);
}
