import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../api/db/seed/index.ts";
import { createLogger } from "../../server/logger.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});

afterAll(async () => {
  await portal?.close();
});

async function getJson(path: string) {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    headers: { Accept: "application/json" },
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe("public reference data (spec §7 Configuration)", () => {
  it("gives the version as <package>[@<commit>]", async () => {
    const { status, body } = await getJson("/api/version");
    expect(status).toBe(200);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+(@[0-9a-f]{7})?$/);
  });

  it("lists the feature flags, both on after installation", async () => {
    const { body } = await getJson("/api/feature-flipping/list");
    expect(body).toMatchObject({ creation_extension_perimetre: true, creation_demande: true });
  });

  it("gives the current arrêté, in force since 1 April 2024", async () => {
    const { status, body } = await getJson("/api/arrete/current");
    expect(status).toBe(200);
    expect(body.libelle).toContain("Arrêté du 21 décembre 2022");
    expect(body.dateEffet).toBe("2024-04-01");
  });

  it("lists the 26 régions and the 109 départements with their région, by code", async () => {
    const regions = (await getJson("/api/regions")).body as { code: string; nom: string }[];
    expect(regions).toHaveLength(26);
    expect(regions).toContainEqual({ code: "11", nom: "Île-de-France" });
    const departements = (await getJson("/api/departements")).body as {
      code: string;
      codeRegion: string;
    }[];
    expect(departements).toHaveLength(109);
    expect(departements).toContainEqual({ code: "2A", nom: "Corse-du-Sud", codeRegion: "94" });
    expect(departements).toContainEqual({ code: "974", nom: "La Réunion", codeRegion: "04" });
    const codes = departements.map((departement) => departement.code);
    expect(codes).toEqual([...codes].sort());
  });

  it("lists the 8 company qualities with French labels", async () => {
    const { body } = await getJson("/api/company/qualities");
    expect(body.map((qualite: { code: string }) => qualite.code)).toEqual([
      "qualityEcfr",
      "qualityOp",
      "qualityAnah",
      "qualityArchi",
      "qualityAudit",
      "qualityRGE",
      "qualitySTF",
      "qualityEPCI",
    ]);
    expect(body[0].libelle).toBe("Espace Conseil France Rénov'");
  });

  it("lists legal forms with their INSEE codes", async () => {
    const { body } = await getJson("/api/company/forme_juridiques");
    expect(body).toContainEqual({ code: "5710", libelle: "SAS, société par actions simplifiée" });
    expect(body).toContainEqual({ code: "9220", libelle: "Association déclarée" });
  });
});

describe("geography searches (spec §5, §7)", () => {
  it("finds communes ignoring accents, case and punctuation", async () => {
    const { status, body } = await getJson("/api/communes/filter?query=saint-etienne");
    expect(status).toBe(200);
    expect(body[0]).toEqual({
      code: "42218",
      nom: "Saint-Étienne",
      codeDepartement: "42",
      codeRegion: "84",
      codesPostaux: ["42000", "42100", "42230"],
    });
    const upper = await getJson(
      `/api/communes/filter?query=${encodeURIComponent("  SAINT ÉTIENNE ")}`,
    );
    expect(upper.body[0].nom).toBe("Saint-Étienne");
  });

  it("finds Lyon by postal code", async () => {
    const { body } = await getJson("/api/communes/filter?query=69001");
    expect(body.map((commune: { nom: string }) => commune.nom)).toContain("Lyon");
    expect(body.find((commune: { nom: string }) => commune.nom === "Lyon").codesPostaux).toContain(
      "69001",
    );
  });

  it("filters by départements given as repeated departements[]", async () => {
    const { body } = await getJson(
      "/api/communes/filter?query=saint&departements[]=2A&departements[]=2B&limit=50",
    );
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(50);
    for (const commune of body) expect(["2A", "2B"]).toContain(commune.codeDepartement);
  });

  it("refuses an empty commune search with a French 422 detail", async () => {
    const { status, body } = await getJson("/api/communes/filter?query=%20");
    expect(status).toBe(422);
    expect(body.detail).toBe("Saisissez au moins 1 caractère pour rechercher une commune.");
  });

  it("refuses a limit above 50 with the spec's generic max text (§5 'Cette valeur est supérieur à {max}')", async () => {
    const { status, body } = await getJson("/api/communes/filter?query=saint&limit=51");
    expect(status).toBe(422);
    expect(body.detail).toBe("limit : Cette valeur est supérieur à 50");
  });

  it("searches EPCI from 3 characters", async () => {
    const short = await getJson("/api/epcis/filter?query=ly");
    expect(short.status).toBe(422);
    expect(short.body.detail).toBe("Saisissez au moins 3 caractères pour rechercher un EPCI.");
    const { body } = await getJson("/api/epcis/filter?query=metropole%20de%20lyon");
    expect(body).toContainEqual({ code: "200046977", nom: "Métropole de Lyon" });
  });
});

describe("API conventions (DESIGN §7)", () => {
  it("describes itself in OpenAPI 3.1", async () => {
    const { status, body } = await getJson("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    for (const path of [
      "/version",
      "/regions",
      "/departements",
      "/communes/filter",
      "/epcis/filter",
      "/user/account",
      "/intervenants",
      "/intervenants/services-instructeur",
    ]) {
      expect(body.paths).toHaveProperty(path);
    }
    expect(body.components.schemas.UtilisateurCourant.properties).toHaveProperty("shallAcceptCgu");
    expect(body.paths["/user/account"].get.security).toEqual([{ bearer: [] }]);
  });

  it("answers an unknown API path with 404 JSON", async () => {
    const { status, headers, body } = await getJson("/api/nope");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(body).toEqual({ message: "Ressource introuvable" });
  });
});

describe("seedDatabase", () => {
  const tables = [
    "region",
    "departement",
    "epci",
    "commune",
    "commune_code_postal",
    "service_instructeur",
    "service_instructeur_departement",
    "arrete",
    "forme_juridique",
    "feature_flag",
    "bandeau_informatif",
    "societe",
    "utilisateur",
    "meta",
  ];
  async function counts() {
    const result: Record<string, number> = {};
    for (const table of tables) {
      const [row] = await portal.database.query<{ n: number }>(
        `select count(*)::int as n from ${table}`,
      );
      result[table] = row.n;
    }
    return result;
  }

  it("is idempotent: a second run keeps every count", async () => {
    const before = await counts();
    expect(before.commune).toBeGreaterThan(34_000);
    expect(before.service_instructeur_departement).toBe(109);
    await seedDatabase(portal.database, { demo: true, logger: createLogger("silent") });
    expect(await counts()).toEqual(before);
    const [current] = await portal.database.query<{ n: number }>(
      "select count(*)::int as n from arrete where current",
    );
    expect(current.n).toBe(1);
  });
});
