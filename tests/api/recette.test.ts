/**
 * The acceptance-testing clock (setting HORLOGE_RECETTE;
 * contract/api/recette.ts): off, GET and PUT /api/recette/horloge answer
 * 404; on, only the admin_fonctionnel reads and moves it, the API's rules
 * follow the simulated date (an approved operator is offered
 * CREER_RAPPORT_ANNUEL once the date is in February of the next year,
 * ADR 0017), the simulated clock runs on at real speed, sign-ins survive a
 * moved date, and `null` takes the rules back to the real date. Runs on
 * PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import { societes, utilisateurs } from "../../api/db/schema.ts";
import { connecterEquipeDemo, nouvelleDemandeEnEtat } from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const MOT_DE_PASSE = "Anah-Demo-2026!";
const ADMIN = "admin-fonctionnel@demo.anah.gouv.fr";
const INSTRUCTEUR = "instructeur@demo.anah.gouv.fr";

async function appeler(
  portal: TestPortal,
  jeton: string,
  methode: "GET" | "PUT",
  chemin: string,
  corps?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const reponse = await fetch(`${portal.baseUrl}/api${chemin}`, {
    method: methode,
    headers: {
      Authorization: `Bearer ${jeton}`,
      ...(corps === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: corps === undefined ? undefined : JSON.stringify(corps),
  });
  const texte = await reponse.text();
  return { status: reponse.status, body: texte ? JSON.parse(texte) : {} };
}

describe("HORLOGE_RECETTE off (the embedded default)", () => {
  let portal: TestPortal;
  let admin: string;

  beforeAll(async () => {
    portal = await startTestPortal();
    admin = (await loginAs(portal.baseUrl, ADMIN, MOT_DE_PASSE)).accessToken;
  }, 120_000);

  afterAll(async () => {
    await portal?.close();
  });

  it("GET and PUT /api/recette/horloge answer 404, even to the admin", async () => {
    expect((await appeler(portal, admin, "GET", "/recette/horloge")).status).toBe(404);
    const put = await appeler(portal, admin, "PUT", "/recette/horloge", {
      date: "2027-02-15T12:00:00+01:00",
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: "Ressource introuvable" });
  });
});

describe("HORLOGE_RECETTE on", () => {
  let portal: TestPortal;
  let admin: string;
  let instructeur: string;
  let operateur: string;

  /** A signed-in applicant of a new company, created in the database. */
  async function nouveauDemandeur(): Promise<string> {
    const marque = randomUUID().slice(0, 8);
    const [societe] = await portal.database.db
      .insert(societes)
      .values({
        siren: `8${String(Date.now() % 100_000_000).padStart(8, "0")}`,
        raisonSociale: `Recette ${marque}`,
        qualites: ["qualityOp"],
      })
      .returning();
    const email = `recette-${marque}@exemple.fr`;
    await portal.database.db.insert(utilisateurs).values({
      idIdp: `recette-${marque}`,
      email,
      prenom: "Camille",
      nom: "Recette",
      passwordHash: await hash(MOT_DE_PASSE),
      roles: ["demandeur"],
      societeId: societe.id,
    });
    return (await loginAs(portal.baseUrl, email, MOT_DE_PASSE)).accessToken;
  }

  async function actionsDeLOperateur(): Promise<string[]> {
    const { status, body } = await appeler(portal, operateur, "GET", "/agrement/mon-agrement");
    expect(status).toBe(200);
    return (body as unknown as Agrement).actionsDisponibles;
  }

  beforeAll(async () => {
    portal = await startTestPortal({ HORLOGE_RECETTE: "true" });
    admin = (await loginAs(portal.baseUrl, ADMIN, MOT_DE_PASSE)).accessToken;
    instructeur = (await loginAs(portal.baseUrl, INSTRUCTEUR, MOT_DE_PASSE)).accessToken;
    operateur = await nouveauDemandeur();
    // Approved today (the real date): its first report is the one about this year.
    await nouvelleDemandeEnEtat(
      {
        baseUrl: portal.baseUrl,
        demandeur: operateur,
        equipe: await connecterEquipeDemo(portal.baseUrl),
      },
      "agree",
    );
  }, 180_000);

  afterAll(async () => {
    await portal?.close();
  });

  it("starts on the real date: no simulated date", async () => {
    const { status, body } = await appeler(portal, admin, "GET", "/recette/horloge");
    expect(status).toBe(200);
    expect(body.simulee).toBeNull();
    expect(body.reelle).toBe(portal.horloge.now().toISOString());
  });

  it("refuses any other role with 403", async () => {
    for (const jeton of [instructeur, operateur]) {
      expect((await appeler(portal, jeton, "GET", "/recette/horloge")).status).toBe(403);
      const put = await appeler(portal, jeton, "PUT", "/recette/horloge", { date: null });
      expect(put.status).toBe(403);
    }
  });

  it("refuses a date that is not an ISO instant with 422 in French", async () => {
    const { status, body } = await appeler(portal, admin, "PUT", "/recette/horloge", {
      date: "15/02/2027",
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      date: [
        "Saisissez une date et une heure au format ISO 8601, par exemple 2027-02-15T12:00:00+01:00.",
      ],
    });
  });

  it("moves the rules' date: the report about this year can be created in February of the next", async () => {
    expect(await actionsDeLOperateur()).not.toContain("CREER_RAPPORT_ANNUEL");

    const reglee = await appeler(portal, admin, "PUT", "/recette/horloge", {
      date: "2027-02-15T12:00:00+01:00",
    });
    expect(reglee.status).toBe(200);
    expect(reglee.body).toEqual({
      reelle: portal.horloge.now().toISOString(),
      simulee: "2027-02-15T11:00:00.000Z",
    });
    const lue = await appeler(portal, admin, "GET", "/recette/horloge");
    expect(lue.body.simulee).toBe("2027-02-15T11:00:00.000Z");
    // The operator's sign-in of the real date still works: the tokens keep the real clock.
    expect(await actionsDeLOperateur()).toContain("CREER_RAPPORT_ANNUEL");
    // A sign-in now is issued on the real date too (the identity provider keeps the real clock).
    const jeton = (await loginAs(portal.baseUrl, ADMIN, MOT_DE_PASSE)).accessToken;
    const { iat } = JSON.parse(Buffer.from(jeton.split(".")[1], "base64url").toString()) as {
      iat: number;
    };
    // (Not in 2027: within a minute of the machine's time.)
    expect(Math.abs(iat * 1000 - Date.now())).toBeLessThan(60_000);

    // The simulated date runs on with the real time.
    portal.horloge.avancer(90_000);
    const plusTard = await appeler(portal, admin, "GET", "/recette/horloge");
    expect(plusTard.body.simulee).toBe("2027-02-15T11:01:30.000Z");
  });

  it("null takes the rules back to the real date", async () => {
    const { status, body } = await appeler(portal, admin, "PUT", "/recette/horloge", {
      date: null,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ reelle: portal.horloge.now().toISOString(), simulee: null });
    expect(await actionsDeLOperateur()).not.toContain("CREER_RAPPORT_ANNUEL");
  });
});
