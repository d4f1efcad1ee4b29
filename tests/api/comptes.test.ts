import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { societes, utilisateurs } from "../../api/db/schema.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
let portal: TestPortal;
let admin: string;
let demandeur: string;
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Essai${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  portal = await startTestPortal();
  admin = (await loginAs(portal.baseUrl, "admin-fonctionnel@demo.anah.gouv.fr", PASSWORD))
    .accessToken;
  demandeur = (await loginAs(portal.baseUrl, "demandeur@demo.anah.gouv.fr", PASSWORD)).accessToken;
  const passwordHash = await hash(PASSWORD);
  // 25 applicant accounts of companies named "<marque> 01" … "<marque> 25".
  for (let i = 1; i <= 25; i++) {
    const numero = String(i).padStart(2, "0");
    const [societe] = await portal.database.db
      .insert(societes)
      .values({
        siren: `9${Date.now() % 100000000}`.slice(0, 7) + numero,
        raisonSociale: `${marque} ${numero}`,
      })
      .returning();
    await portal.database.db.insert(utilisateurs).values({
      idIdp: `${marque}-${numero}`,
      email: `${marque.toLowerCase()}-${numero}@exemple.fr`,
      prenom: "Jeanne",
      nom: `Testeuse ${numero}`,
      roles: ["demandeur"],
      passwordHash,
      societeId: societe.id,
    });
  }
});

afterAll(async () => {
  await portal?.close();
});

async function accounts(query: string, token = admin) {
  const response = await fetch(`${portal.baseUrl}/api/user/accounts${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json() };
}

describe("GET /api/user/accounts (spec §7, admin_fonctionnel)", () => {
  it("is refused to other roles with 403 Forbidden", async () => {
    expect(await accounts("", demandeur)).toEqual({ status: 403, body: { message: "Forbidden" } });
  });

  it("pages the search results 20 at a time, first page 1", async () => {
    const first = await accounts(`?query=${marque}&order[raisonSociale]=asc`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, nb_elements: 25, nb_pages: 2 });
    expect(first.body.result).toHaveLength(20);
    expect(first.body.result[0].raisonSociale).toBe(`${marque} 01`);
    const second = await accounts(`?query=${marque}&order[raisonSociale]=asc&page=2`);
    expect(second.body.result.map((c: { raisonSociale: string }) => c.raisonSociale)).toEqual(
      ["21", "22", "23", "24", "25"].map((n) => `${marque} ${n}`),
    );
  });

  it("sorts descending on request", async () => {
    const answer = await accounts(`?query=${marque}&order[raisonSociale]=desc`);
    expect(answer.body.result[0].raisonSociale).toBe(`${marque} 25`);
  });

  it("finds the demo company by SIREN and lists only applicants", async () => {
    const answer = await accounts("?query=832 915 474");
    expect(answer.body.nb_elements).toBe(1);
    expect(answer.body.result[0]).toMatchObject({
      email: "demandeur@demo.anah.gouv.fr",
      raisonSociale: "Rénov'Conseil Île-de-France",
      siren: "832915474",
    });
    const staff = await accounts("?query=instructeur@demo");
    expect(staff.body.nb_elements).toBe(0);
  });

  it("answers 422 in French for a bad page", async () => {
    const answer = await accounts("?page=0");
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe("page : Cette valeur est inférieur à 1");
  });
});
