import { createCookie } from "@remix-run/node";

/** Where to go after the sign-in callback; only ever read back through safeRedirectPath. */
export const redirectCookie = createCookie("redirect_to", {
  path: "/account",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 3600,
});

const BASE = "http://portail.invalid";

/**
 * A path a browser reads as another host: `//host` (scheme-relative) or
 * `/\host` (browsers read a backslash as "/").
 */
function leavesTheSite(path: string): boolean {
  return path.startsWith("//") || path.startsWith("/\\");
}

/**
 * Keeps a redirect target only when it is a path of the portal itself
 * (spec §2 "Login redirect passes the current URL as query parameter
 * redirectUrl"): `https://…`, `//host`, `/\host`,
 * `javascript:`, `data:` and anything that resolves to another origin give
 * `fallback`. The URL parser resolves dot segments (`/.//host`,
 * `/%2e%2e//host` become `//host`), so the normalised result is checked
 * again, as a browser would read it in a `Location` header.
 * Returns a path with its query and hash, e.g. `/tous-les-dossiers?page=2`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || leavesTheSite(value)) {
    return fallback;
  }
  // Browsers read a backslash as "/" and drop tabs and newlines, so "/\\host" would leave the site.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The result, read again as a Location header, must still be a path of the portal.
  if (!path.startsWith("/") || leavesTheSite(path) || new URL(path, BASE).origin !== BASE) {
    return fallback;
  }
  return path;
}

/** `/account/login?redirectUrl=<path of request>`: where guards send signed-out users. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return target === "/"
    ? "/account/login"
    : `/account/login?redirectUrl=${encodeURIComponent(target)}`;
}
