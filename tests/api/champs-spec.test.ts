/**
 * Spec §3 fields of a request and of the account list over HTTP:
 * numeroDemande, dateOctroi, dateNotificationSuspension,
 * dateDecisionRetrait, impactChangement on a suspended approval, a
 * withdrawn one and a notable change, as staff and the applicant read
 * them; the account list's requests (etat, etatNormalise) and
 * actionsDisponibles; and their declaration in /api/openapi.json.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandeDetail, DemandeResume } from "../../contract/schemas/demande.ts";
import type { CompteDemandeur, Page } from "../../contract/schemas/comptes.ts";
import { demandes } from "../../api/db/schema.ts";
import {
  connecterEquipeDemo,
  creerProcedure,
  nouvelleDemandeEnEtat,
  terminerProcedure,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { fabriqueDemandeurs } from "../helpers/demandeur-en-base.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
/** 10 March 2026, 10:00 in Paris: every transition of this file happens then. */
const DEBUT = new Date("2026-03-10T09:00:00Z");
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Champs${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let admin: string;

const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "7",
  motDePasse: PASSWORD,
});

/** A fresh applicant with his own company, signed in; returns his context and company id. */
async function contexte(): Promise<{ ctx: ContexteInstruction; societeId: string }> {
  const { token, societeId } = await nouveauDemandeur();
  return { ctx: { baseUrl: portal.baseUrl, demandeur: token, equipe }, societeId };
}

async function lireJson<T>(token: string, chemin: string): Promise<T> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The spec §3 fields of a request that this file checks. */
function champs(demande: DemandeResume) {
  return {
    numeroDemande: demande.numeroDemande,
    dateOctroi: demande.dateOctroi,
    dateNotificationSuspension: demande.dateNotificationSuspension,
    dateDecisionRetrait: demande.dateDecisionRetrait,
    impactChangement: demande.impactChangement,
    etatNormalise: demande.etatNormalise,
  };
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  admin = (await loginAs(portal.baseUrl, "admin-fonctionnel@demo.anah.gouv.fr", PASSWORD))
    .accessToken;
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("an approval suspended by a withdrawal procedure with suspension", () => {
  let ctx: ContexteInstruction;
  let demande: DemandeDetail;

  beforeAll(async () => {
    ({ ctx } = await contexte());
    const agree = await nouvelleDemandeEnEtat(ctx, "agree");
    demande = await creerProcedure(ctx, agree.id, {
      type: "retrait_avec_suspension",
      dateNotification: "2026-03-02",
    });
  }, 120_000);

  it("gives its number, grant and suspension dates to staff and to the applicant", async () => {
    expect(demande.numeroDossier).toMatch(/^MAR-2026-\d{6}$/);
    const attendus = {
      numeroDemande: demande.numeroDossier,
      dateOctroi: "2026-03-10T09:00:00.000Z",
      dateNotificationSuspension: "2026-03-02",
      dateDecisionRetrait: null,
      impactChangement: null,
      etatNormalise: "agrement_suspendu",
    };
    for (const token of [equipe.superviseur, ctx.demandeur])
      expect(champs(await lireJson<DemandeDetail>(token, `/demande/${demande.id}`))).toEqual(
        attendus,
      );
    const [resume] = await lireJson<DemandeResume[]>(ctx.demandeur, "/demandes/mes-demandes");
    expect(champs(resume)).toEqual(attendus);
  });

  it("lists the company's request with etat and etatNormalise on its account", async () => {
    const page = await lireJson<Page<CompteDemandeur>>(
      admin,
      `/user/accounts?query=${encodeURIComponent(`${marque} Structure 01`)}`,
    );
    expect(
      page.result.map(({ demandes, actionsDisponibles }) => ({ demandes, actionsDisponibles })),
    ).toEqual([
      {
        demandes: [
          {
            id: demande.id,
            kind: "demande",
            numeroDossier: demande.numeroDossier,
            etat: "agrement_procedure_en_cours",
            etatNormalise: "agrement_suspendu",
          },
        ],
        // An approved company's account cannot be deleted (ADR 0022), and it
        // has no draft whose company details could change; its representative
        // and quality can.
        actionsDisponibles: [
          { action: "MODIFIER_REFERENT_COMPTE" },
          { action: "MODIFIER_QUALITES_COMPTE" },
        ],
      },
    ]);
  });
});

describe("an approval withdrawn at the end of a procedure without suspension", () => {
  let ctx: ContexteInstruction;
  let id: string;

  beforeAll(async () => {
    ({ ctx } = await contexte());
    id = (await nouvelleDemandeEnEtat(ctx, "agree")).id;
    await creerProcedure(ctx, id, {
      type: "retrait_sans_suspension",
      dateNotification: "2026-02-10",
    });
    await terminerProcedure(ctx, id, "agrement_retire");
  }, 120_000);

  it("gives the withdrawal decision date and no suspension date", async () => {
    for (const token of [equipe.superviseur, ctx.demandeur]) {
      const lue = await lireJson<DemandeDetail>(token, `/demande/${id}`);
      expect(champs(lue)).toEqual({
        numeroDemande: lue.numeroDossier,
        dateOctroi: "2026-03-10T09:00:00.000Z",
        dateNotificationSuspension: null,
        dateDecisionRetrait: "2026-03-10",
        impactChangement: null,
        etatNormalise: "agrement_retire",
      });
    }
  });

  it("shows the withdrawn request on the account", async () => {
    const page = await lireJson<Page<CompteDemandeur>>(
      admin,
      `/user/accounts?query=${encodeURIComponent(`${marque} Structure 02`)}`,
    );
    expect(
      page.result[0].demandes.map(({ etat, etatNormalise }) => ({ etat, etatNormalise })),
    ).toEqual([{ etat: "agrement_retire", etatNormalise: "agrement_retire" }]);
  });
});

describe("a notable change and a fresh draft", () => {
  it("gives a notable change an empty pjSupprimees, a draft nulls", async () => {
    const { ctx, societeId } = await contexte();
    const [changement] = await portal.database.db
      .insert(demandes)
      .values({
        kind: "changement-notable",
        typeChangement: "extension_perimetre",
        societeId,
        etat: "brouillon",
        raisonSociale: `${marque} Structure 03`,
      })
      .returning();
    const lu = await lireJson<DemandeDetail>(ctx.demandeur, `/changement-notable/${changement.id}`);
    expect(champs(lu)).toEqual({
      numeroDemande: null,
      dateOctroi: null,
      dateNotificationSuspension: null,
      dateDecisionRetrait: null,
      impactChangement: { pjSupprimees: [] },
      etatNormalise: "brouillon",
    });
    const page = await lireJson<Page<CompteDemandeur>>(
      admin,
      `/user/accounts?query=${encodeURIComponent(`${marque} Structure 03`)}`,
    );
    expect(page.result[0].demandes).toEqual([
      {
        id: changement.id,
        kind: "changement-notable",
        numeroDossier: null,
        etat: "brouillon",
        etatNormalise: "brouillon",
      },
    ]);
  });
});

describe("GET /api/openapi.json", () => {
  it("declares the fields in the request and account schemas", async () => {
    const document = (await (await fetch(`${portal.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const { schemas } = document.components;
    for (const champ of [
      "numeroDossier",
      "numeroDemande",
      "dateOctroi",
      "dateNotificationSuspension",
      "dateDecisionRetrait",
      "impactChangement",
    ])
      expect(Object.keys(schemas.DemandeResume.properties ?? {})).toContain(champ);
    // The detail is the summary (its fields above) plus its own parts.
    expect(JSON.stringify(schemas.DemandeDetail)).toContain(
      '{"allOf":[{"$ref":"#/components/schemas/DemandeResume"}',
    );
    expect(Object.keys(schemas.CompteDemandeur.properties ?? {})).toEqual(
      expect.arrayContaining(["demandes", "actionsDisponibles"]),
    );
    expect(JSON.stringify(document.paths["/{kind}/{id}"].get.responses["200"])).toContain(
      "#/components/schemas/DemandeDetail",
    );
    expect(JSON.stringify(document.paths["/demandes/mes-demandes"].get.responses["200"])).toContain(
      "#/components/schemas/DemandeResume",
    );
  });
});
