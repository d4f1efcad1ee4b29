import { describe, expect, it } from "vitest";
import { createLogger, redactUrl } from "../../server/logger.ts";

describe("redactUrl", () => {
  const CAS: [string, string][] = [
    [
      "/account/callback?code=abc123&state=xyz789&iss=http%3A%2F%2Fx",
      "/account/callback?code=[masqué]&state=[masqué]&iss=http%3A%2F%2Fx",
    ],
    [
      "/creation-compte/confirmation?token=jeton-secret",
      "/creation-compte/confirmation?token=[masqué]",
    ],
    [
      "http://x/realms/mar_users/protocol/openid-connect/logout?id_token_hint=eyJa.eyJb.c&post_logout_redirect_uri=http%3A%2F%2Fx%2Faccount%2Flogin",
      "http://x/realms/mar_users/protocol/openid-connect/logout?id_token_hint=[masqué]&post_logout_redirect_uri=http%3A%2F%2Fx%2Faccount%2Flogin",
    ],
    [
      "/auth?nonce=n1&login_hint=a%40b.fr&scope=openid",
      "/auth?nonce=[masqué]&login_hint=[masqué]&scope=openid",
    ],
    [
      "/account/login?redirectUrl=%2Fcreation-compte%2Fconfirmation%3Ftoken%3Dsecret%26x%3D1",
      "/account/login?redirectUrl=%2Fcreation-compte%2Fconfirmation%3Ftoken%3D[masqué]%26x%3D1",
    ],
    [
      "/realms/mar_users/interaction/UidSecret123/login",
      "/realms/mar_users/interaction/[masqué]/login",
    ],
    [
      "/realms/mar_users/protocol/openid-connect/auth/UidSecret123",
      "/realms/mar_users/protocol/openid-connect/auth/[masqué]",
    ],
    [
      "/tous-les-dossiers/demande?page=2&codePostal=75011",
      "/tous-les-dossiers/demande?page=2&codePostal=75011",
    ],
  ];

  it("masque codes, state, nonce, jetons et indices, aussi dans une adresse imbriquée, et les identifiants d'interaction du fournisseur", () => {
    expect(CAS.map(([url]) => redactUrl(url))).toEqual(CAS.map(([, attendu]) => attendu));
  });
});

describe("createLogger", () => {
  it("ne journalise ni en-tête d'autorisation, ni cookie, ni Location en clair", () => {
    const lignes: string[] = [];
    const logger = createLogger("info", { write: (ligne: string) => void lignes.push(ligne) });
    logger.info(
      {
        req: {
          method: "GET",
          url: "/account/callback?code=secret-code",
          headers: { authorization: "Bearer jeton-secret", cookie: "__session=cookie-secret" },
        },
        res: {
          statusCode: 302,
          headers: { location: "/x?code=autre-secret", "set-cookie": "a=b-secret" },
        },
      },
      "requête",
    );
    const texte = lignes.join("");
    expect(texte).toContain("/account/callback?code=[masqué]");
    for (const secret of [
      "secret-code",
      "jeton-secret",
      "cookie-secret",
      "autre-secret",
      "b-secret",
    ]) {
      expect(texte).not.toContain(secret);
    }
  });
});
