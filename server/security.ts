import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Config } from "./config.ts";

/** Gives every response a fresh CSP nonce in `res.locals.cspNonce`. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/**
 * Security headers. Scripts run only from our origin or with the response's
 * nonce (no 'unsafe-inline' scripts). Forms may post to the identity provider,
 * which is another origin when it is an external Keycloak.
 */
export function securityHeaders(config: Config) {
  const issuerOrigin = new URL(config.oidcIssuer).origin;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`,
        ],
        // DSFR and react-dsfr set a few style attributes (e.g. progress bars).
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'", issuerOrigin],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests":
          config.production && config.publicUrl.startsWith("https:") ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith("https:"),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "same-origin" },
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests whose Origin (or, failing that, Referer)
 * is not the portal's own origin: every form post of the portal and of the
 * embedded sign-in page comes from our pages. Answers 403 in French.
 */
export function sameOriginGuard(config: Config) {
  const allowed = new URL(config.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin") ?? refererOrigin(req.get("referer"));
    if (origin === allowed) return next();
    res
      .status(403)
      .type("text/plain; charset=utf-8")
      .send("Requête refusée : elle ne provient pas du portail.");
  };
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
