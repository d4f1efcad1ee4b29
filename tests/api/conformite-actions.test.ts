/**
 * Conformity of the actions to the spec over HTTP, against a real
 * database (PGlite, or PostgreSQL with DATABASE_URL): APPLIQUER_ARRETE and
 * RECHARGER_MESSAGERIE (ADR 0018), the decisions each kind of file is
 * offered, the notable-change twins of `can/deposernouvelledemande` and
 * `canBe/depose`, and an action posted where the table does not allow it
 * (403, nothing written). Expected texts are the spec's and the ADR's,
 * written out.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandeDetail, EntreeHistorique } from "../../contract/schemas/demande.ts";
import { agrements, arretes, demandes, historique } from "../../api/db/schema.ts";
import { creerDemandeDeposable } from "../helpers/demande-api.ts";
import {
  connecterEquipeDemo,
  deposerNouvelleDemande,
  nouvelleDemandeEnEtat,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { fabriqueDemandeurs } from "../helpers/demandeur-en-base.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const INDISPONIBLE = "Cette action n'est pas disponible pour ce dossier.";
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Conf${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let centrale: string;

interface Reponse<T> {
  status: number;
  body: T;
}
type Erreur = { message?: string; detail?: string; errors?: Record<string, string[]> };

async function api<T = DemandeDetail & Erreur>(
  token: string,
  methode: string,
  chemin: string,
  corps?: URLSearchParams,
): Promise<Reponse<T>> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    method: methode,
    headers: { Authorization: `Bearer ${token}` },
    body: corps,
  });
  const texte = await response.text();
  return { status: response.status, body: (texte ? JSON.parse(texte) : null) as T };
}

/** POST /api/{kind}/{id}/action as a browser form. */
function action(
  token: string,
  kind: "demande" | "changement-notable",
  id: string,
  champs: Record<string, string>,
) {
  return api(token, "POST", `/${kind}/${id}/action`, new URLSearchParams(champs));
}

/** A fresh applicant with his own company (created in the database), signed in. */
const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "6",
  motDePasse: PASSWORD,
});

async function contexte(): Promise<ContexteInstruction & { societeId: string }> {
  const { token, societeId } = await nouveauDemandeur();
  return { baseUrl: portal.baseUrl, demandeur: token, equipe, societeId };
}

async function ligne(id: string) {
  const [row] = await portal.database.db.select().from(demandes).where(eq(demandes.id, id));
  return row;
}

async function nombreHistorique(id: string): Promise<number> {
  const [{ n }] = await portal.database.db
    .select({ n: count() })
    .from(historique)
    .where(eq(historique.ressourceId, id));
  return n;
}

/**
 * A notable change of the company of `modele` (a deposited approval
 * request, whose service and head office it takes, so that the demo staff
 * see it), written in `etat`.
 */
async function changementNotable(
  modele: string,
  etat: string,
  valeurs: Partial<typeof demandes.$inferInsert> = {},
): Promise<string> {
  const source = await ligne(modele);
  const [cree] = await portal.database.db
    .insert(demandes)
    .values({
      kind: "changement-notable",
      typeChangement: "extension_perimetre",
      societeId: source.societeId,
      demandeurId: source.demandeurId,
      arreteId: source.arreteId,
      etat,
      raisonSociale: source.raisonSociale,
      siren: source.siren,
      codeDepartement: source.codeDepartement,
      codeRegion: source.codeRegion,
      serviceInstructeurId: source.serviceInstructeurId,
      instructeurId: source.instructeurId,
      dateDepot: etat === "brouillon" ? null : new Date(),
      ...valeurs,
    })
    .returning({ id: demandes.id });
  return cree.id;
}

beforeAll(async () => {
  portal = await startTestPortal();
  equipe = await connecterEquipeDemo(portal.baseUrl);
  centrale = (await loginAs(portal.baseUrl, "centrale@demo.anah.gouv.fr", PASSWORD)).accessToken;
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("APPLIQUER_ARRETE (ADR 0018): a draft of a replaced arrêté bound to the one in force", () => {
  let ctx: ContexteInstruction;
  let id: string;
  let ancienId: number;
  let courantId: number;

  beforeAll(async () => {
    ctx = await contexte();
    const [ancien] = await portal.database.db
      .select({ id: arretes.id })
      .from(arretes)
      .where(eq(arretes.code, "arrete-2022-12-21"));
    const [courant] = await portal.database.db
      .select({ id: arretes.id })
      .from(arretes)
      .where(eq(arretes.code, "arrete-2022-12-21-modifie-2024-04-01"));
    ancienId = ancien.id;
    courantId = courant.id;
    id = (await creerDemandeDeposable(portal.baseUrl, ctx.demandeur)).id;
    // As the scale dataset writes it (ADR 0009): the system marked the draft.
    await portal.database.db
      .update(demandes)
      .set({ etat: "arrete_perime", arreteId: ancienId })
      .where(eq(demandes.id, id));
  }, 60_000);

  it("is offered to the applicant only, with the cancellation", async () => {
    const vue = await api(ctx.demandeur, "GET", `/demande/${id}`);
    expect(vue.status).toBe(200);
    expect(vue.body.actionsDisponibles).toEqual([
      { action: "APPLIQUER_ARRETE" },
      { action: "ANNULER_DEMANDE" },
    ]);
    expect(vue.body.statutSimplifie).toBe("brouillon");
    // Staff never see a draft.
    expect(
      (await action(equipe.superviseur, "demande", id, { action: "APPLIQUER_ARRETE" })).status,
    ).toBe(404);
  });

  it("moves it back to brouillon under the current arrêté, with its history row", async () => {
    const avant = await ligne(id);
    const reponse = await action(ctx.demandeur, "demande", id, {
      action: "APPLIQUER_ARRETE",
      version: String(avant.version),
    });
    expect(reponse.status).toBe(200);
    expect(reponse.body).toMatchObject({ etat: "brouillon", version: avant.version + 1 });
    expect((await ligne(id)).arreteId).toBe(courantId);
    const [entree] = await portal.database.db
      .select()
      .from(historique)
      .where(and(eq(historique.ressourceId, id), eq(historique.action, "APPLIQUER_ARRETE")));
    expect(entree).toMatchObject({
      ressourceType: "demande",
      etatAvant: "arrete_perime",
      etatApres: "brouillon",
      acteurRole: "demandeur",
      donnees: {
        arreteAvant: "arrete-2022-12-21",
        arreteApres: "arrete-2022-12-21-modifie-2024-04-01",
      },
    });
    const lu = await api<EntreeHistorique[]>(ctx.demandeur, "GET", `/demande/${id}/historique`);
    expect(lu.body[0]).toMatchObject({
      action: "APPLIQUER_ARRETE",
      etatAvant: "arrete_perime",
      etatApres: "brouillon",
    });
  });

  it("is refused once the draft is bound to the arrêté in force: 403, nothing written", async () => {
    const avant = await ligne(id);
    const lignes = await nombreHistorique(id);
    const refus = await action(ctx.demandeur, "demande", id, { action: "APPLIQUER_ARRETE" });
    expect(refus).toEqual({ status: 403, body: { message: INDISPONIBLE } });
    expect(await ligne(id)).toMatchObject({ etat: "brouillon", version: avant.version });
    expect(await nombreHistorique(id)).toBe(lignes);
  });
});

describe("RECHARGER_MESSAGERIE (ADR 0018): both sides re-read the thread, nothing is written", () => {
  let ctx: ContexteInstruction;
  let id: string;

  beforeAll(async () => {
    ctx = await contexte();
    id = (await deposerNouvelleDemande(ctx)).id;
  }, 60_000);

  it("answers the file unchanged to the applicant and to the instruction staff", async () => {
    const avant = await ligne(id);
    const lignes = await nombreHistorique(id);
    for (const token of [ctx.demandeur, equipe.instructeur, equipe.superviseur, equipe.crhh]) {
      const reponse = await action(token, "demande", id, { action: "RECHARGER_MESSAGERIE" });
      expect(reponse.status).toBe(200);
      expect(reponse.body).toMatchObject({ id, etat: "deposee", version: avant.version });
    }
    expect(await ligne(id)).toMatchObject({ etat: "deposee", version: avant.version });
    // A read: no history row, however many times.
    expect(await nombreHistorique(id)).toBe(lignes);
  });

  it("is never listed among the actions of the file", async () => {
    const vue = await api(ctx.demandeur, "GET", `/demande/${id}`);
    expect(vue.body.actionsDisponibles).toEqual([{ action: "ANNULER_DEMANDE" }]);
    const staff = await api(equipe.superviseur, "GET", `/demande/${id}`);
    expect(staff.body.actionsDisponibles).toEqual([{ action: "AFFECTER_INSTRUCTEUR" }]);
  });

  it("is refused to central staff, who only read, and on a draft: 403, nothing written", async () => {
    const lignes = await nombreHistorique(id);
    expect(await action(centrale, "demande", id, { action: "RECHARGER_MESSAGERIE" })).toEqual({
      status: 403,
      body: { message: INDISPONIBLE },
    });
    const { token: jeton } = await nouveauDemandeur();
    const brouillon = (await creerDemandeDeposable(portal.baseUrl, jeton)).id;
    expect(await action(jeton, "demande", brouillon, { action: "RECHARGER_MESSAGERIE" })).toEqual({
      status: 403,
      body: { message: INDISPONIBLE },
    });
    expect(await nombreHistorique(id)).toBe(lignes);
  });
});

describe("each kind of file is offered its own decisions only", () => {
  let ctx: ContexteInstruction & { societeId: string };
  let demandeId: string;
  let changementId: string;

  beforeAll(async () => {
    ctx = await contexte();
    demandeId = (await nouvelleDemandeEnEtat(ctx, "instruite_superviseur")).id;
    changementId = await changementNotable(demandeId, "instruite_superviseur");
  }, 120_000);

  it("refuses AGREMENT_VALIDE on a notable change: 422, no approval, nothing written", async () => {
    const vue = await api(equipe.superviseur, "GET", `/changement-notable/${changementId}`);
    expect(vue.status).toBe(200);
    expect(vue.body.actionsDisponibles).toEqual([
      { action: "REAFFECTER_INSTRUCTEUR" },
      { action: "EXPRIMER_AVIS_DECIDEUR" },
    ]);
    const avant = await ligne(changementId);
    const refus = await action(equipe.superviseur, "changement-notable", changementId, {
      action: "EXPRIMER_AVIS_DECIDEUR",
      avis: "AGREMENT_VALIDE",
      commentaire: "Extension accordée.",
    });
    expect(refus.status).toBe(422);
    expect(refus.body.errors).toEqual({ avis: ["Veuillez choisir un avis."] });
    expect(await ligne(changementId)).toMatchObject({
      etat: "instruite_superviseur",
      version: avant.version,
      agrementId: null,
    });
    expect(await nombreHistorique(changementId)).toBe(0);
    const approbations = await portal.database.db
      .select()
      .from(agrements)
      .where(eq(agrements.societeId, ctx.societeId));
    expect(approbations).toEqual([]);
  });

  it("refuses a notable change's decision on an approval request: 422, nothing written", async () => {
    const avant = await ligne(demandeId);
    const lignes = await nombreHistorique(demandeId);
    const refus = await action(equipe.superviseur, "demande", demandeId, {
      action: "EXPRIMER_AVIS_DECIDEUR",
      avis: "EXTENSION_PERIMETRE_VALIDE",
      commentaire: "Extension accordée.",
    });
    expect(refus.status).toBe(422);
    expect(refus.body.errors).toEqual({ avis: ["Veuillez choisir un avis."] });
    expect(await ligne(demandeId)).toMatchObject({
      etat: "instruite_superviseur",
      version: avant.version,
    });
    expect(await nombreHistorique(demandeId)).toBe(lignes);
  });

  it("never runs an approval's procedure on a notable change: 403, nothing written", async () => {
    const agree = await changementNotable(demandeId, "agree");
    const vue = await api(equipe.superviseur, "GET", `/changement-notable/${agree}`);
    expect(vue.body.actionsDisponibles).toEqual([]);
    for (const interdite of ["CREER_PROCEDURE", "MODIFIER_AGREMENT", "APPLIQUER_ARRETE"]) {
      const refus = await action(equipe.superviseur, "changement-notable", agree, {
        action: interdite,
        commentaire: "Essai.",
      });
      expect(refus, interdite).toEqual({ status: 403, body: { message: INDISPONIBLE } });
    }
    expect(await ligne(agree)).toMatchObject({ etat: "agree", version: 1 });
    expect(await nombreHistorique(agree)).toBe(0);
  });
});

describe("notable-change twins of the read calls", () => {
  it("are declared in /api/openapi.json", async () => {
    const reponse = await fetch(`${portal.baseUrl}/api/openapi.json`);
    const document = (await reponse.json()) as { paths: Record<string, Record<string, unknown>> };
    expect(
      Object.keys(document.paths["/changement-notable/can/deposernouvelledemande"] ?? {}),
    ).toEqual(["get"]);
    expect(Object.keys(document.paths["/changement-notable/{id}/canBe/depose"] ?? {})).toEqual([
      "get",
    ]);
  });

  it("can/deposernouvelledemande: yes only with an approval en_cours and no change in progress", async () => {
    const ctx = await contexte();
    const peut = () =>
      api<{ can: boolean; raison?: string }>(
        ctx.demandeur,
        "GET",
        "/changement-notable/can/deposernouvelledemande",
      );
    expect(await peut()).toEqual({
      status: 200,
      body: {
        can: false,
        raison:
          "Votre structure n'a pas d'agrément en cours : une demande de changement notable ne peut porter que sur un agrément en cours.",
      },
    });
    const agreee = await nouvelleDemandeEnEtat(ctx, "agree");
    expect(await peut()).toEqual({ status: 200, body: { can: true } });

    const brouillon = await changementNotable(agreee.id, "brouillon");
    const enCours = {
      status: 200,
      body: {
        can: false,
        raison:
          "Votre structure a déjà une demande de changement notable en cours : une nouvelle demande ne peut être créée qu'après l'annulation ou la décision de la précédente.",
      },
    };
    expect(await peut()).toEqual(enCours);
    await portal.database.db
      .update(demandes)
      .set({ etat: "complete_sans_crhh", dateDepot: new Date() })
      .where(eq(demandes.id, brouillon));
    expect(await peut()).toEqual(enCours);
    // Decided: a new one may be created.
    await portal.database.db
      .update(demandes)
      .set({ etat: "refusee" })
      .where(eq(demandes.id, brouillon));
    expect(await peut()).toEqual({ status: 200, body: { can: true } });

    // A suspended approval is not a current one (spec §4).
    await portal.database.db
      .update(agrements)
      .set({ etat: "suspendu" })
      .where(eq(agrements.societeId, ctx.societeId));
    expect((await peut()).body.can).toBe(false);
  }, 120_000);

  it("can/deposernouvelledemande: applicants only (403 Forbidden)", async () => {
    for (const token of [equipe.instructeur, centrale])
      expect(await api(token, "GET", "/changement-notable/can/deposernouvelledemande")).toEqual({
        status: 403,
        body: { message: "Forbidden" },
      });
  });

  it("canBe/depose answers on a notable change with the extension's own steps, 404 for a foreign id", async () => {
    const ctx = await contexte();
    const demande = (await creerDemandeDeposable(portal.baseUrl, ctx.demandeur)).id;
    const brouillon = await changementNotable(demande, "brouillon");
    const reponse = await api<{ depose: boolean; manquants: { etape: number; message: string }[] }>(
      ctx.demandeur,
      "GET",
      `/changement-notable/${brouillon}/canBe/depose`,
    );
    expect(reponse.status).toBe(200);
    expect(reponse.body.depose).toBe(false);
    expect(reponse.body.manquants.slice(0, 2)).toEqual([
      {
        etape: 1,
        message: "L'étape 1 « Périmètre d'intervention à ajouter » n'a pas été enregistrée.",
      },
      {
        etape: 2,
        message: "L'étape 2 « Effectifs sur le nouveau périmètre » n'a pas été enregistrée.",
      },
    ]);
    // The approval request's twin says yes for the complete draft of the same company.
    expect(await api(ctx.demandeur, "GET", `/demande/${demande}/canBe/depose`)).toEqual({
      status: 200,
      body: { depose: true, manquants: [] },
    });

    const deposee = await changementNotable(demande, "deposee");
    expect(
      (
        await api<{ depose: boolean }>(
          ctx.demandeur,
          "GET",
          `/changement-notable/${deposee}/canBe/depose`,
        )
      ).body.depose,
    ).toBe(false);

    const introuvable = { status: 404, body: { message: "Ressource introuvable" } };
    // Another company's notable change, an approval request's id, an unknown id.
    const autre = await contexte();
    expect(
      await api(autre.demandeur, "GET", `/changement-notable/${brouillon}/canBe/depose`),
    ).toEqual(introuvable);
    expect(await api(ctx.demandeur, "GET", `/changement-notable/${demande}/canBe/depose`)).toEqual(
      introuvable,
    );
    expect(
      await api(ctx.demandeur, "GET", `/changement-notable/${randomUUID()}/canBe/depose`),
    ).toEqual(introuvable);
  }, 60_000);
});
