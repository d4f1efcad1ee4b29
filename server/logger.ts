import { pino, type Logger } from "pino";

export type { Logger };

/** Query parameters whose values are secrets (OIDC codes, tokens, e-mail links). */
const SECRET_PARAMS =
  /([?&](?:code|state|token|id_token_hint|session_state|access_token|refresh_token)=)[^&#]*/gi;

/** Removes secret values from a URL before it reaches the logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[masqué]");
}

/**
 * Structured JSON logs (pino). Authorization headers, cookies and secret query
 * parameters never reach the output.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "portail-mar" },
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.accessToken",
        "*.refreshToken",
        "*.idToken",
      ],
      censor: "[masqué]",
    },
    serializers: {
      req: (req: { method: string; url: string; id?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
    },
  });
}
