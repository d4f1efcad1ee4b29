/** Name of the consent cookie (spec §9). */
export const CONSENT_COOKIE = "gdpr-cookies-consent";

/** Spec §9: the choice is remembered 365 days. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The audience-measurement consent read from a `Cookie` request header:
 * true for `all=true`, false for `all=false`, null when the user has not
 * chosen yet (or the value is not one of the two). Consent is
 * all-or-nothing (spec §4 "Session").
 */
export function readConsent(cookieHeader: string | null | undefined): boolean | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== CONSENT_COOKIE) continue;
    const value = safeDecode(part.slice(separator + 1).trim());
    if (value === "all=true") return true;
    if (value === "all=false") return false;
  }
  return null;
}

/**
 * `Set-Cookie` value that stores the choice for 365 days, on the whole
 * site, SameSite=Lax, Secure when the portal is served over https (spec §9).
 * The value stays readable (`all=true` / `all=false`): RFC 6265 allows "=".
 */
export function consentSetCookie(accepted: boolean, secure: boolean): string {
  const attributes = [
    `${CONSENT_COOKIE}=all=${accepted ? "true" : "false"}`,
    `Max-Age=${CONSENT_MAX_AGE_SECONDS}`,
    `Expires=${new Date(Date.now() + CONSENT_MAX_AGE_SECONDS * 1000).toUTCString()}`,
    "Path=/",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
