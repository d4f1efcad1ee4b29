import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE, consentSetCookie, readConsent } from "./cookie-consent";

describe("cookie de consentement (spec §9)", () => {
  it("lit all=true et all=false, et null sans choix", () => {
    expect(readConsent(`${CONSENT_COOKIE}=all=true`)).toBe(true);
    expect(readConsent(`__session=abc; ${CONSENT_COOKIE}=all=false; autre=1`)).toBe(false);
    expect(readConsent(`${CONSENT_COOKIE}=all%3Dtrue`)).toBe(true);
    expect(readConsent("__session=abc")).toBeNull();
    expect(readConsent(null)).toBeNull();
    expect(readConsent(`${CONSENT_COOKIE}=peut-etre`)).toBeNull();
  });

  it("écrit le choix pour 365 jours, SameSite=Lax, Secure en https", () => {
    const cookie = consentSetCookie(true, true);
    expect(cookie.startsWith("gdpr-cookies-consent=all=true;")).toBe(true);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
  });

  it("n'ajoute pas Secure en http", () => {
    const cookie = consentSetCookie(false, false);
    expect(cookie.startsWith("gdpr-cookies-consent=all=false;")).toBe(true);
    expect(cookie).not.toContain("Secure");
  });
});
