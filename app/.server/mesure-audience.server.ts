/**
 * Whether and how a page is measured (spec §1, §9; ADR
 * 0023): only when the visitor accepted (`gdpr-cookies-consent=all=true`)
 * and Matomo is configured (MATOMO_URL and MATOMO_SITE_ID).
 */
import { createHash } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { readConsent } from "~/utils/cookie-consent";
import type { ReglagesMesureAudience } from "~/utils/mesure-audience";
import type { SessionUser } from "./context";

/**
 * The user identifier Matomo receives: SHA-256 (hexadecimal) of the salt,
 * a colon and the identity provider's subject (`idIdp`). Never the
 * identifier itself: without the salt (MATOMO_SEL, server-side only) the
 * hash cannot be matched to a known identifier.
 */
export function identifiantHache(sel: string, idIdp: string): string {
  return createHash("sha256").update(`${sel}:${idIdp}`).digest("hex");
}

/**
 * The measurement settings of this page, or null (no consent, refused, or
 * Matomo off): read by the root loader on every page (no API call).
 */
export function reglagesMesureAudience(
  request: Request,
  context: AppLoadContext,
  user: SessionUser | null,
): ReglagesMesureAudience | null {
  const matomo = context.settings.matomo;
  if (!matomo || readConsent(request.headers.get("Cookie")) !== true) return null;
  const url = new URL(request.url);
  return {
    url: matomo.url,
    siteId: matomo.siteId,
    utilisateur: user ? identifiantHache(matomo.sel, user.idIdp) : null,
    // Without the query: a search (a list filtered by e-mail address) never leaves the portal.
    urlPage: `${context.settings.publicUrl}${url.pathname}`,
  };
}
