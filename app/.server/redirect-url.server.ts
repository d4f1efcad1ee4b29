import { createCookie } from "@remix-run/node";

/** Where to go after the sign-in callback; only ever read back through safeRedirectPath. */
export const redirectCookie = createCookie("redirect_to", {
  path: "/account",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 3600,
});

/**
 * Keeps a redirect target only when it is a path of the portal itself
 * (spec §2 "Login redirect passes the current URL as query parameter
 * redirectUrl"; issue "Bad input"): `https://…`, `//host`, `/\host`,
 * `javascript:` and anything that resolves to another origin give `fallback`.
 * Returns a path with its query and hash, e.g. `/tous-les-dossiers?page=2`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) {
    return fallback;
  }
  // Browsers read a backslash as "/" and drop tabs and newlines, so "/\\host" would leave the site.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(value)) return fallback;
  const base = "http://portail.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/account/login?redirectUrl=<path of request>`: where guards send signed-out users. */
export function loginUrlFor(request: Request): string {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return target === "/"
    ? "/account/login"
    : `/account/login?redirectUrl=${encodeURIComponent(target)}`;
}
