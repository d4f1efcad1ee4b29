import { describe, expect, it } from "vitest";
import { loginUrlFor, safeRedirectPath } from "../../app/.server/redirect-url.server.ts";
import { OPEN_REDIRECT_PAYLOADS } from "../helpers/redirections-ouvertes.ts";

const PORTAIL = "https://portail.example";

/**
 * How a browser reads `Location: <path>` on a page of the portal (Node's URL
 * is the WHATWG parser browsers implement, tabs and newlines dropped
 * included): the origin it leads to.
 */
function origineLue(path: string): string {
  return new URL(path, `${PORTAIL}/cgu`).origin;
}

describe("safeRedirectPath (redirectUrl du retour de connexion)", () => {
  it("garde un chemin du portail avec sa requête et son ancre", () => {
    expect(safeRedirectPath("/tous-les-dossiers?page=2#liste")).toBe(
      "/tous-les-dossiers?page=2#liste",
    );
  });

  it.each([
    "https://exemple.com/piege",
    "//exemple.com",
    "/\\exemple.com",
    "\\\\exemple.com",
    "javascript:alert(1)",
    "/\t/exemple.com",
    "",
    undefined,
    null,
    42,
  ])("renvoie à l'accueil pour %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("garde les chemins du portail qui ressemblent à des attaques sans en être", () => {
    expect(safeRedirectPath("/a/../mes-dossiers")).toBe("/mes-dossiers");
    expect(safeRedirectPath("/%2F%2Fexemple.com")).toBe("/%2F%2Fexemple.com");
    expect(safeRedirectPath("/?suite=//exemple.com")).toBe("/?suite=//exemple.com");
  });

  it(`ne sort jamais du portail, pour ${OPEN_REDIRECT_PAYLOADS.length} charges connues`, () => {
    expect(OPEN_REDIRECT_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const sorties = OPEN_REDIRECT_PAYLOADS.flatMap((charge) => {
      const resultat = safeRedirectPath(charge, "/repli");
      const chemin =
        resultat.startsWith("/") && !resultat.startsWith("//") && !resultat.startsWith("/\\");
      return chemin && origineLue(resultat) === PORTAIL ? [] : [{ charge, resultat }];
    });
    expect(sorties).toEqual([]);
  });

  it.each([
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/a/..//evil.example",
  ])("renvoie au repli quand la normalisation de %j donne //hôte", (charge) => {
    expect(safeRedirectPath(charge, "/repli")).toBe("/repli");
  });

  it("utilise le repli demandé", () => {
    expect(safeRedirectPath("//exemple.com", "/account/params")).toBe("/account/params");
  });
});

describe("loginUrlFor", () => {
  it("emporte la page demandée dans redirectUrl", () => {
    expect(loginUrlFor(new Request("http://localhost/mes-dossiers?page=3"))).toBe(
      "/account/login?redirectUrl=%2Fmes-dossiers%3Fpage%3D3",
    );
  });

  it("n'ajoute rien pour l'accueil", () => {
    expect(loginUrlFor(new Request("http://localhost/"))).toBe("/account/login");
  });
});
