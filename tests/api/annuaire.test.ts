/**
 * The household directory's open data over HTTP: GET
 * /api/public/etablissements (JSON) and its CSV. An approved company (driven
 * to agree through the real API) with establishments written in the
 * database covering a commune, an EPCI, a département or a région; approvals
 * suspended, withdrawn or expired and dereferenced establishments must never
 * show; unknown or malformed commune → 422 in French; CSV conventions;
 * public cache; per-IP limit.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResultatAnnuaire } from "../../contract/schemas/annuaire.ts";
import {
  agrements,
  communes,
  etablissements,
  societes,
  utilisateurs,
  type PerimetreEtablissement,
} from "../../api/db/schema.ts";
import {
  connecterEquipeDemo,
  nouvelleDemandeEnEtat,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Annu${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
/** Ids of this run's establishments by role in the tests. */
const ids: Record<string, string> = {};
let numeroAgrement: string;
/** EPCI of Versailles (78646), read from the geography. */
let epciVersailles: string;

const vide: PerimetreEtablissement = { regions: [], departements: [], epcis: [], communes: [] };

/**
 * A client address of its own (a /64 of the documentation range; the portal
 * trusts X-Forwarded-For here), so that the per-IP counters of this file
 * never meet another's on a shared PostgreSQL database.
 */
function adresseUnique(): string {
  const hex = () => randomUUID().slice(0, 4);
  return `2001:db8:${hex()}:${hex()}::1`;
}
const ADRESSE = adresseUnique();

/** GET /api/public/… without a token, from `adresse`. */
function publique(chemin: string, adresse = ADRESSE) {
  return fetch(`${portal.baseUrl}/api/public/${chemin}`, {
    headers: { "X-Forwarded-For": adresse },
  });
}

/** Every page of the directory for `codeCommune`: the establishments of this run, by id. */
async function trouves(codeCommune: string): Promise<string[]> {
  const miens = new Set(Object.values(ids));
  const resultat: string[] = [];
  for (let page = 1; ; page++) {
    const response = await publique(`etablissements?codeCommune=${codeCommune}&page=${page}`);
    expect(response.status).toBe(200);
    const corps = (await response.json()) as ResultatAnnuaire;
    resultat.push(...corps.etablissements.map((e) => e.id).filter((id) => miens.has(id)));
    if (page * corps.parPage >= corps.total) break;
  }
  return resultat.sort();
}

beforeAll(async () => {
  portal = await startTestPortal({ TRUST_PROXY: "true" });
  equipe = await connecterEquipeDemo(portal.baseUrl);
  const { db } = portal.database;
  const [societe] = await db
    .insert(societes)
    .values({
      siren: `7${String(Date.now() % 100_000_000).padStart(8, "0")}`,
      raisonSociale: `${marque} Rénov Conseil`,
      qualites: ["qualityOp"],
    })
    .returning();
  const email = `${marque.toLowerCase()}@exemple.fr`;
  await db.insert(utilisateurs).values({
    idIdp: marque,
    email,
    prenom: "Jeanne",
    nom: "Titulaire",
    roles: ["demandeur"],
    passwordHash: await hash(PASSWORD),
    societeId: societe.id,
  });
  const { accessToken } = await loginAs(portal.baseUrl, email, PASSWORD);
  const demande = await nouvelleDemandeEnEtat(
    { baseUrl: portal.baseUrl, demandeur: accessToken, equipe },
    "agree",
  );
  const [agrement] = await db.select().from(agrements).where(eq(agrements.demandeId, demande.id));
  numeroAgrement = agrement.numeroAgrement;
  [{ codeEpci: epciVersailles }] = (await db
    .select({ codeEpci: communes.codeEpci })
    .from(communes)
    .where(eq(communes.code, "78646"))) as { codeEpci: string }[];
  expect(epciVersailles).toBeTruthy();

  // Approvals of the same company in the other states (written directly: the
  // transitions that lead there are tested in etablissements-regles.test.ts).
  const autre = async (etat: "suspendu" | "retire" | "perime") =>
    (
      await db
        .insert(agrements)
        .values({
          ...agrement,
          id: undefined,
          numeroAgrement: `${agrement.numeroAgrement}-${etat}`,
          etat,
        })
        .returning()
    )[0];
  let rang = 0;
  const etablissement = async (
    cle: string,
    agrementRow: typeof agrement,
    perimetre: Partial<PerimetreEtablissement>,
    champs: Partial<typeof etablissements.$inferInsert> = {},
  ) => {
    rang += 1;
    const [row] = await db
      .insert(etablissements)
      .values({
        agrementId: agrementRow.id,
        societeId: societe.id,
        reference: `ETB-${String(rang).padStart(7, "0")}`,
        raisonSociale: societe.raisonSociale,
        nom: `${marque} ${cle}`,
        siret: `${societe.siren}${String(rang).padStart(5, "0")}`,
        adresse1: `${rang} rue de la Paix`,
        codePostal: "75002",
        ville: "Paris",
        tel: "01 23 45 67 89",
        email: `${cle}@exemple.fr`,
        perimetre: { ...vide, ...perimetre },
        ...champs,
      })
      .returning();
    ids[cle] = row.id;
  };
  await etablissement("commune", agrement, { communes: ["75056"] });
  await etablissement("epci", agrement, { epcis: [epciVersailles] });
  await etablissement("departement", agrement, { departements: ["92"] });
  await etablissement(
    "region",
    agrement,
    { regions: ["11"] },
    {
      nomMar: `${marque} Accompagnement Île-de-France`,
      siteInternet: "https://accompagnement.example",
      adresse2: "Bâtiment B; 2e étage",
    },
  );
  await etablissement(
    "dereference",
    agrement,
    { regions: ["11"] },
    {
      referencee: false,
      dateDereferencement: new Date(),
    },
  );
  await etablissement("suspendu", await autre("suspendu"), { regions: ["11"] });
  await etablissement("retire", await autre("retire"), { regions: ["11"] });
  await etablissement("perime", await autre("perime"), { regions: ["11"] });
}, 180_000);

afterAll(async () => {
  await portal?.close();
});

describe("GET /api/public/etablissements", () => {
  it("finds the establishments covering the commune, its EPCI, its département or its région", async () => {
    expect(await trouves("75056")).toEqual([ids.commune, ids.region].sort());
    expect(await trouves("78646")).toEqual([ids.epci, ids.region].sort());
    expect(await trouves("92012")).toEqual([ids.departement, ids.region].sort());
    expect(await trouves("77288")).toEqual([ids.region]);
  });

  it("never shows an approval suspended, withdrawn or expired, nor a dereferenced establishment", async () => {
    for (const code of ["75056", "78646", "92012", "77288"]) {
      const miens = await trouves(code);
      for (const cle of ["dereference", "suspendu", "retire", "perime"])
        expect(miens).not.toContain(ids[cle]);
    }
  });

  it("answers the public fields, without sign-in, cacheable five minutes", async () => {
    const response = await publique("etablissements?codeCommune=77288");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const corps = (await response.json()) as ResultatAnnuaire;
    expect(corps.commune).toEqual({ code: "77288", nom: "Melun", codeDepartement: "77" });
    expect(corps.page).toBe(1);
    expect(corps.parPage).toBe(20);
    const region = corps.etablissements.find((e) => e.id === ids.region);
    expect(region).toEqual({
      id: ids.region,
      nom: `${marque} Accompagnement Île-de-France`,
      raisonSociale: `${marque} Rénov Conseil`,
      siret: expect.stringMatching(/^\d{14}$/),
      adresse1: "4 rue de la Paix",
      adresse2: "Bâtiment B; 2e étage",
      codePostal: "75002",
      ville: "Paris",
      tel: "01 23 45 67 89",
      email: "region@exemple.fr",
      siteInternet: "https://accompagnement.example",
      numeroAgrement,
    });
  });

  it("refuses an unknown or malformed commune code with a French 422, a missing one with 400", async () => {
    const inconnue = await publique("etablissements?codeCommune=99999");
    expect(inconnue.status).toBe(422);
    expect(await inconnue.json()).toEqual({
      detail: "Aucune commune ne porte le code INSEE 99999.",
      errors: { codeCommune: ["Aucune commune ne porte le code INSEE 99999."] },
    });
    const malformee = await publique("etablissements?codeCommune=Paris");
    expect(malformee.status).toBe(422);
    expect(((await malformee.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      codeCommune: [
        "Le code de commune doit comporter 5 caractères (code INSEE, par exemple 75056).",
      ],
    });
    expect((await publique("etablissements")).status).toBe(400);
    expect((await publique("etablissements.csv?codeCommune=99999")).status).toBe(422);
    // A page past the last possible one is a French 422, not the database's error.
    const tropLoin = await publique("etablissements?codeCommune=75056&page=100000000000000000000");
    expect(tropLoin.status).toBe(422);
    expect(((await tropLoin.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      page: ["La valeur doit être inférieure ou égale à 1000000"],
    });
  });
});

describe("GET /api/public/etablissements.csv", () => {
  it("sends every establishment as CSV: `;`, BOM, CRLF, French headers", async () => {
    const response = await publique("etablissements.csv?codeCommune=77288");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="accompagnateurs-77288.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const octets = Buffer.from(await response.arrayBuffer());
    expect([...octets.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lignes = octets.subarray(3).toString("utf8").split("\r\n");
    expect(lignes[0]).toBe(
      "Nom;Raison sociale;SIRET;Adresse;Complément d'adresse;Code postal;Ville;Téléphone;Courriel;Site internet;Numéro d'agrément",
    );
    const region = lignes.find((ligne) => ligne.startsWith(`${marque} Accompagnement`));
    expect(region).toMatch(
      new RegExp(
        `^${marque} Accompagnement Île-de-France;${marque} Rénov Conseil;\\d{14};4 rue de la Paix;"Bâtiment B; 2e étage";75002;Paris;01 23 45 67 89;region@exemple.fr;https://accompagnement.example;${numeroAgrement}$`,
      ),
    );
    for (const cle of ["dereference", "suspendu", "retire", "perime"])
      expect(lignes.some((ligne) => ligne.startsWith(`${marque} ${cle};`))).toBe(false);
  });
});

describe("per-IP limit (ADR 0013)", () => {
  it("answers 429 in French with Retry-After from the 61st call of a minute from one address", async () => {
    const adresse = adresseUnique();
    for (let i = 0; i < 60; i++)
      expect((await publique("etablissements?codeCommune=77288", adresse)).status).toBe(200);
    const refusee = await publique("etablissements.csv?codeCommune=77288", adresse);
    expect(refusee.status).toBe(429);
    expect(Number(refusee.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refusee.json()) as { message: string }).message).toBe(
      "Trop de demandes ont été faites en peu de temps. Veuillez réessayer dans 1 minute.",
    );
    // Another address is not held back.
    expect((await publique("etablissements?codeCommune=77288")).status).toBe(200);
  });
});
