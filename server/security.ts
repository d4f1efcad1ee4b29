import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import type { Config } from "./config.ts";

/** Gives every response a fresh CSP nonce in `res.locals.cspNonce`. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/**
 * Security headers. Scripts run and `<style>` elements apply only from our
 * origin or with the response's nonce (no 'unsafe-inline' at all). Forms
 * may post to the identity provider, which is another origin when it is an
 * external Keycloak.
 */
export function securityHeaders(config: Config) {
  const issuerOrigin = new URL(config.oidcIssuer).origin;
  // Matomo (ADR 0023): its tracker script and hits, only when it is configured.
  const matomo = config.matomo ? [new URL(config.matomo.url).origin] : [];
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", nonce, ...matomo],
        // No inline style (ADR 0012): stylesheets of our
        // origin; a <style> element only with the response's nonce
        // (react-dsfr's color-scheme element, app/entry.client.tsx). Style
        // attributes in the HTML are refused (the portal uses classes);
        // scripts still set styles through the CSSOM, which CSP allows.
        "style-src": ["'self'", nonce],
        "img-src": ["'self'", "data:", ...matomo],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...matomo],
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

/**
 * `Cache-Control: private, no-store` on every answer that does not set its
 * own: pages, API answers, PDFs, exports and attachments
 * depend on the session, so neither a shared cache nor the browser's
 * history may keep them. Static files (their own `max-age`, a year for
 * fingerprinted assets) and a route that sets a cache of its own keep it:
 * the header is only filled in when the answer's headers are written.
 */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction) {
  onHeaders(res, function fillCacheControl() {
    if (!this.getHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
  });
  next();
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
