/**
 * The BFF's session tokens (spec §7, §8, §9): the access token is
 * refreshed with the refresh token when it expires within 5 seconds
 * (app/.server/auth.server.ts), a refresh the identity provider refuses
 * (HTTP 400) signs the user out, an API 401 during a page load sends the
 * browser to the sign-in with `redirectUrl`, and the sign-in state cookie
 * lives one hour (app/.server/oidc.server.ts).
 *
 * The clock is vitest's fake `Date`; the identity provider's token endpoint
 * is a small local HTTP server that records what it receives and answers
 * as Keycloak does (tokens, or 400 `invalid_grant`).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemorySessionStorage, type AppLoadContext } from "@remix-run/node";
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FlashData, SessionData } from "../../app/.server/context.ts";
import { getSessionData, requireUser } from "../../app/.server/auth.server.ts";
import { loader as pageParametres } from "../../app/routes/account.params.tsx";
import { loader as pageConnexion } from "../../app/routes/account.login.tsx";

/** The fake clock's "now": 2 March 2026, 09:00:00 UTC. */
const MAINTENANT = Date.parse("2026-03-02T09:00:00.000Z");
const CLE = new TextEncoder().encode("cle-de-signature-des-jetons-essai");

/** What the fake token endpoint received, one form body per request. */
const demandesDeJeton: Record<string, string>[] = [];
/** How the fake token endpoint answers the next requests. */
let reponseDuFournisseur: "jetons" | "refus" = "jetons";
let fournisseur: Server;
let emetteur: string;

/** A signed access token of the demo applicant, as the identity provider issues it. */
function jetonDAcces(marque: string): Promise<string> {
  return new SignJWT({
    email: "demandeur@demo.anah.gouv.fr",
    given_name: "Camille",
    family_name: "Martin",
    realm_access: { roles: ["demandeur", "offline_access"] },
    marque,
  })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("demo-demandeur")
    .sign(CLE);
}

beforeAll(async () => {
  fournisseur = createServer((req, res) => {
    let corps = "";
    req.on("data", (morceau: Buffer) => (corps += morceau.toString()));
    req.on("end", async () => {
      demandesDeJeton.push({
        chemin: req.url ?? "",
        ...Object.fromEntries(new URLSearchParams(corps)),
      });
      res.setHeader("Content-Type", "application/json");
      if (reponseDuFournisseur === "refus") {
        res.statusCode = 400;
        res.end(
          JSON.stringify({ error: "invalid_grant", error_description: "Token is not active" }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          access_token: await jetonDAcces("rafraichi"),
          refresh_token: "jeton-de-rafraichissement-2",
          token_type: "Bearer",
          expires_in: 300,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fournisseur.listen(0, "127.0.0.1", resolve));
  emetteur = `http://127.0.0.1:${(fournisseur.address() as AddressInfo).port}/realms/mar_users`;
});

afterAll(async () => {
  fournisseur.closeAllConnections();
  await new Promise<void>((resolve) => fournisseur.close(() => resolve()));
});

afterEach(() => {
  vi.useRealTimers();
  demandesDeJeton.length = 0;
  reponseDuFournisseur = "jetons";
});

const sessions = createMemorySessionStorage<SessionData, FlashData>({
  cookie: { name: "__session", secrets: ["essai"] },
});

/**
 * A new load context (as the portal makes one per HTTP request) sharing the
 * session store; its in-process API answers `reponseApi`.
 */
function contexte(reponseApi: () => Response = () => Response.json({})): AppLoadContext {
  return {
    cspNonce: "n",
    sessionStorage: sessions,
    settings: {
      publicUrl: "http://portail.test",
      apiUrl: "http://api.test",
      oidcIssuer: emetteur,
      oidcClientId: "mar_frontend",
      production: false,
    },
    apiFetch: async () => reponseApi(),
  } as unknown as AppLoadContext;
}

/** Opens a session of the demo applicant whose access token expires at `expiresAt`; returns its `Cookie` header. */
async function ouvrirSession(expiresAt: number): Promise<string> {
  const session = await sessions.getSession();
  session.set("accessToken", await jetonDAcces("initial"));
  session.set("refreshToken", "jeton-de-rafraichissement-1");
  session.set("idToken", "jeton-d-identite-1");
  session.set("expiresAt", expiresAt);
  session.set("user", {
    idIdp: "demo-demandeur",
    email: "demandeur@demo.anah.gouv.fr",
    firstName: "Camille",
    lastName: "Martin",
    roles: ["demandeur"],
  });
  return (await sessions.commitSession(session)).split(";")[0];
}

/** What the session store keeps for `cookie` now (an empty object once destroyed). */
async function sessionEnregistree(cookie: string): Promise<Partial<SessionData>> {
  return (await sessions.getSession(cookie)).data as Partial<SessionData>;
}

/** `url` of the portal requested with the session `cookie`. */
function requete(url: string, cookie: string): Request {
  return new Request(url, { headers: { Cookie: cookie } });
}

/** The `Response` a loader or guard throws (Remix's redirects and error answers). */
async function reponseLevee(promesse: Promise<unknown>): Promise<Response> {
  const levee = await promesse.then(
    () => undefined,
    (erreur: unknown) => erreur,
  );
  expect(levee).toBeInstanceOf(Response);
  return levee as Response;
}

describe("rafraîchissement du jeton d'accès (spec §9 : 5 secondes avant l'expiration)", () => {
  it("garde le jeton d'accès quand il expire dans 6 s, sans appeler le fournisseur d'identité", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: MAINTENANT });
    const cookie = await ouvrirSession(MAINTENANT + 6_000);
    const avant = await sessionEnregistree(cookie);

    const donnees = await getSessionData(
      requete("http://portail.test/mes-dossiers", cookie),
      contexte(),
    );

    expect(demandesDeJeton).toEqual([]);
    expect(donnees?.accessToken).toBe(avant.accessToken);
    expect(donnees?.refreshToken).toBe("jeton-de-rafraichissement-1");
    expect(donnees?.expiresAt).toBe(Date.parse("2026-03-02T09:00:06.000Z"));
    expect(await sessionEnregistree(cookie)).toEqual(avant);
  });

  it("rafraîchit le jeton quand il expire dans 4 s et enregistre les nouveaux jetons dans la session", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: MAINTENANT });
    const cookie = await ouvrirSession(MAINTENANT + 4_000);
    const nouveauJeton = await jetonDAcces("rafraichi");

    const donnees = await getSessionData(
      requete("http://portail.test/mes-dossiers", cookie),
      contexte(),
    );

    // One refresh-token grant of the public client mar_frontend (spec §9).
    expect(demandesDeJeton).toEqual([
      {
        chemin: "/realms/mar_users/protocol/openid-connect/token",
        grant_type: "refresh_token",
        refresh_token: "jeton-de-rafraichissement-1",
        client_id: "mar_frontend",
        scope: "openid email profile",
      },
    ]);
    const attendu: SessionData = {
      accessToken: nouveauJeton,
      refreshToken: "jeton-de-rafraichissement-2",
      // The refresh answer has no ID token: the session keeps its own.
      idToken: "jeton-d-identite-1",
      // expires_in 300 counted from the refresh: 09:05:00.
      expiresAt: Date.parse("2026-03-02T09:05:00.000Z"),
      user: {
        idIdp: "demo-demandeur",
        email: "demandeur@demo.anah.gouv.fr",
        firstName: "Camille",
        lastName: "Martin",
        roles: ["demandeur"],
      },
    };
    expect(donnees).toEqual(attendu);
    // Saved: the next request reads the new tokens without refreshing again.
    expect(await sessionEnregistree(cookie)).toEqual(attendu);
    const suivante = await getSessionData(
      requete("http://portail.test/mes-dossiers", cookie),
      contexte(),
    );
    expect(suivante?.accessToken).toBe(nouveauJeton);
    expect(demandesDeJeton).toHaveLength(1);
  });
});

describe("rafraîchissement refusé (spec §8 : un 400 efface la session)", () => {
  it("efface la session et renvoie vers la connexion avec redirectUrl, sans erreur 500", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: MAINTENANT });
    reponseDuFournisseur = "refus";
    const cookie = await ouvrirSession(MAINTENANT + 4_000);

    const refus = await reponseLevee(
      requireUser(requete("http://portail.test/mes-dossiers?page=2", cookie), contexte()),
    );

    expect(demandesDeJeton).toHaveLength(1);
    expect(demandesDeJeton[0].grant_type).toBe("refresh_token");
    expect(refus.status).toBe(302);
    expect(refus.headers.get("Location")).toBe(
      "/account/login?redirectUrl=%2Fmes-dossiers%3Fpage%3D2",
    );
    // The server-side session is gone: the user is signed out.
    expect(await sessionEnregistree(cookie)).toEqual({});
    expect(
      await getSessionData(requete("http://portail.test/mes-dossiers", cookie), contexte()),
    ).toBeNull();
  });
});

describe("réponse 401 de l'API pendant le chargement d'une page (spec §6, §8)", () => {
  it("renvoie le navigateur vers la connexion avec la page courante dans redirectUrl", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: MAINTENANT });
    // A valid session (expires in an hour) whose token the API no longer accepts.
    const cookie = await ouvrirSession(MAINTENANT + 3_600_000);
    const api401 = () => Response.json({ message: "Authentification requise" }, { status: 401 });
    const request = requete("http://portail.test/account/params?section=mail", cookie);

    const redirection = await reponseLevee(
      pageParametres({ request, context: contexte(api401), params: {} }),
    );

    expect(redirection.status).toBe(302);
    expect(redirection.headers.get("Location")).toBe(
      "/account/login?redirectUrl=%2Faccount%2Fparams%3Fsection%3Dmail",
    );
    expect(demandesDeJeton).toEqual([]);
  });
});

describe("cookie d'état de la connexion (spec §9 : expire après une heure)", () => {
  it("pose le cookie d'état oauth2 pour une heure en commençant la connexion", async () => {
    const reponse = await pageConnexion({
      request: new Request("http://portail.test/account/login?redirectUrl=%2Fmes-dossiers"),
      context: contexte(),
      params: {},
    });

    expect(reponse.status).toBe(302);
    const autorisation = new URL(reponse.headers.get("Location")!);
    expect(`${autorisation.origin}${autorisation.pathname}`).toBe(
      `${emetteur}/protocol/openid-connect/auth`,
    );
    expect(autorisation.searchParams.get("client_id")).toBe("mar_frontend");
    expect(autorisation.searchParams.get("code_challenge_method")).toBe("S256");
    const cookies = reponse.headers.getSetCookie();
    const etat = cookies.filter((ligne) => ligne.startsWith("oauth2:"));
    expect(etat).toHaveLength(1);
    const [nomValeur, ...attributs] = etat[0].split("; ");
    // One cookie per sign-in attempt, named oauth2:<uuid>, holding the state and the PKCE verifier.
    expect(nomValeur).toMatch(
      /^oauth2:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}=/,
    );
    const valeur = new URLSearchParams(nomValeur.slice(nomValeur.indexOf("=") + 1));
    expect(valeur.get("state")).toBe(autorisation.searchParams.get("state"));
    expect(attributs.sort()).toEqual(["HttpOnly", "Max-Age=3600", "Path=/account", "SameSite=Lax"]);
    // The page to come back to after the callback lives as long.
    expect(cookies.filter((ligne) => ligne.startsWith("redirect_to="))).toEqual([
      expect.stringMatching(/; Max-Age=3600; Path=\/account; HttpOnly; SameSite=Lax$/),
    ]);
  });
});
