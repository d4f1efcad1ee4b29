import { describe, expect, it } from "vitest";
import { loginUrlFor, safeRedirectPath } from "../../app/.server/redirect-url.server.ts";

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
