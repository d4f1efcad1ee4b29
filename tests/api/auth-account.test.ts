import { SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
let portal: TestPortal;
const tokens: Record<string, Awaited<ReturnType<typeof loginAs>>> = {};

beforeAll(async () => {
  portal = await startTestPortal();
  for (const who of ["demandeur", "instructeur", "superviseur", "sans-role"]) {
    tokens[who] = await loginAs(portal.baseUrl, `${who}@demo.anah.gouv.fr`, PASSWORD);
  }
});

afterAll(async () => {
  vi.useRealTimers();
  await portal?.close();
});

async function call(path: string, token?: string) {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    headers: { Accept: "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

function expectUnauthorized(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ message: "Authentification requise" });
  expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
}

describe("bearer authentication (DESIGN §2)", () => {
  it("refuses a request without token", async () => {
    expectUnauthorized(await call("/api/user/account"));
  });

  it("refuses a token signed with another key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({
      email: "instructeur@demo.anah.gouv.fr",
      realm_access: { roles: ["mar_admin"] },
    })
      .setProtectedHeader({ alg: "RS256", kid: "cle-inconnue" })
      .setIssuer(portal.config.oidcIssuer)
      .setAudience(portal.config.oidcAudience)
      .setSubject("demo-instructeur")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    expectUnauthorized(await call("/api/user/account", forged));
  });

  it("refuses a genuine token whose claims were altered", async () => {
    const [header, payload, signature] = tokens.demandeur.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    claims.realm_access = { roles: ["mar_admin"] };
    const altered = [
      header,
      Buffer.from(JSON.stringify(claims)).toString("base64url"),
      signature,
    ].join(".");
    expectUnauthorized(await call("/api/user/account", altered));
  });

  it("refuses a token meant for another audience (the ID token)", async () => {
    expectUnauthorized(await call("/api/user/account", tokens.demandeur.idToken));
  });

  it("refuses an expired token", async () => {
    const { accessToken, expiresIn } = tokens.instructeur;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (expiresIn + 60) * 1000 });
    try {
      expectUnauthorized(await call("/api/user/account", accessToken));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("verified tokens kept between calls (ADR 0029)", () => {
  it("refuses a token it accepted a moment ago once it has expired", async () => {
    const { accessToken, expiresIn } = tokens.superviseur;
    expect((await call("/api/user/account", accessToken)).status).toBe(200);
    expect((await call("/api/user/account", accessToken)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (expiresIn + 60) * 1000 });
    try {
      expectUnauthorized(await call("/api/user/account", accessToken));
    } finally {
      vi.useRealTimers();
    }
  });

  it("still refuses an altered copy of a token it accepted", async () => {
    const { accessToken } = tokens.demandeur;
    expect((await call("/api/user/account", accessToken)).status).toBe(200);
    const [header, payload, signature] = accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const altered = Buffer.from(JSON.stringify({ ...claims, sub: "demo-superviseur" })).toString(
      "base64url",
    );
    expectUnauthorized(await call("/api/user/account", `${header}.${altered}.${signature}`));
  });
});

describe("GET /api/user/account (spec §3 Current user)", () => {
  it("describes the demandeur with his company, terms accepted", async () => {
    const { status, headers, body } = await call("/api/user/account", tokens.demandeur.accessToken);
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body).toMatchObject({
      idIDP: "demo-demandeur",
      email: "demandeur@demo.anah.gouv.fr",
      firstName: "Camille",
      lastName: "Martin",
      roles: ["demandeur"],
      service: null,
      acceptedCgu: true,
      shallAcceptCgu: false,
      perimetreSupervision: null,
      authenticated: true,
      societe: {
        siren: "832915474",
        raisonSociale: "Rénov'Conseil Île-de-France",
        qualites: ["qualityOp"],
      },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("describes the instructeur with his service and business roles only", async () => {
    const { body } = await call("/api/user/account", tokens.instructeur.accessToken);
    expect(body).toMatchObject({
      firstName: "Thomas",
      lastName: "Leroy",
      roles: ["instructeur"],
      service: { code: "DL-75", nom: "Délégation locale de l'Anah – Paris" },
      region: "11",
      shallAcceptCgu: false,
      perimetreSupervision: null,
      societe: null,
    });
  });

  it("gives the superviseur's supervision perimeter", async () => {
    const { body } = await call("/api/user/account", tokens.superviseur.accessToken);
    expect(body.roles).toEqual(["superviseur"]);
    expect(body.perimetreSupervision).toEqual({ regions: ["11"], departements: [] });
  });

  it("gives no role to a user without business role", async () => {
    const { status, body } = await call("/api/user/account", tokens["sans-role"].accessToken);
    expect(status).toBe(200);
    expect(body.roles).toEqual([]);
    expect(body.shallAcceptCgu).toBe(false);
  });
});

describe("intervenants (staff only)", () => {
  it("answers 403 Forbidden to a demandeur", async () => {
    const { status, body } = await call("/api/intervenants", tokens.demandeur.accessToken);
    expect(status).toBe(403);
    expect(body).toEqual({ message: "Forbidden" });
    expect(
      (await call("/api/intervenants/services-instructeur", tokens.demandeur.accessToken)).status,
    ).toBe(403);
  });

  it("lists the instruction staff of the caller's service", async () => {
    const { status, body } = await call("/api/intervenants", tokens.instructeur.accessToken);
    expect(status).toBe(200);
    const names = body.map(
      (agent: { firstName: string; lastName: string }) => `${agent.firstName} ${agent.lastName}`,
    );
    expect(names).toEqual(
      expect.arrayContaining(["Sophie Lambert", "Thomas Leroy", "Nathalie Garnier"]),
    );
    expect(names).not.toContain("Camille Martin");
    for (const agent of body) expect(agent.service.code).toBe("DL-75");
    expect(body.find((agent: { lastName: string }) => agent.lastName === "Leroy").roles).toEqual([
      "instructeur",
    ]);
  });

  it("lists the services with their départements, and filters staff by service", async () => {
    const { body: services } = await call(
      "/api/intervenants/services-instructeur",
      tokens.superviseur.accessToken,
    );
    expect(services.length).toBeGreaterThanOrEqual(109);
    const paris = services.find((service: { code: string }) => service.code === "DL-75");
    expect(paris.departements).toEqual([{ code: "75", nom: "Paris" }]);
    const lyon = services.find((service: { code: string }) => service.code === "DL-69");
    const { body } = await call(
      `/api/intervenants?servicesInstructeur[]=${lyon.id}`,
      tokens.superviseur.accessToken,
    );
    for (const agent of body) expect(agent.service.code).toBe("DL-69");
    const { body: parisStaff } = await call(
      `/api/intervenants?servicesInstructeur[]=${lyon.id}&servicesInstructeur[]=${paris.id}`,
      tokens.superviseur.accessToken,
    );
    expect(parisStaff.some((agent: { lastName: string }) => agent.lastName === "Garnier")).toBe(
      true,
    );
  });
});

describe("GET /api/bandeaux-informatifs", () => {
  it("adds the info banners of the requested demandeType", async () => {
    const withType = await call(
      "/api/bandeaux-informatifs?demandeType=demande",
      tokens.demandeur.accessToken,
    );
    expect(withType.status).toBe(200);
    expect(withType.body).toContainEqual(
      expect.objectContaining({
        type: "info",
        demandeType: "demande",
        titre: "Préparez les pièces de votre demande d'agrément",
      }),
    );
    const general = await call("/api/bandeaux-informatifs", tokens.demandeur.accessToken);
    for (const bandeau of general.body) expect(bandeau.type).toBe("general");
  });

  it("needs a token", async () => {
    expectUnauthorized(await call("/api/bandeaux-informatifs?demandeType=demande"));
  });
});
