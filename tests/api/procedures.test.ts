/**
 * Withdrawal procedures and approval modification over HTTP (DESIGN §3
 * CREER_PROCEDURE, MODIFIER_PROCEDURE, TERMINER_PROCEDURE, MODIFIER_AGREMENT;
 * §5 suspension at most 3 months, withdrawal observations; spec §4 Agreement
 * procedure, normalised status, Effects of actions): what the request, its
 * approval and the applicant see after each action, the French 422 with
 * nothing saved, who may act, the withdrawal decision's text, the new
 * certificate of a modified approval, and the job lifting a suspension
 * after 3 months with a moved clock.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandeDetail, EntreeHistorique } from "../../contract/schemas/demande.ts";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import { societes, utilisateurs } from "../../api/db/schema.ts";
import { TACHES, type DepsTache } from "../../api/jobs/taches.ts";
import { createMailer } from "../../api/mail/mailer.ts";
import { createLogger } from "../../server/logger.ts";
import {
  connecterEquipeDemo,
  creerProcedure,
  modifierAgrement,
  modifierProcedure,
  nouvelleDemandeEnEtat,
  terminerProcedure,
  visualiserResultat,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { pdfEnTexte } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const REQUIS = "Ce champ est requis";
const MESSAGE_INDISPONIBLE = "Cette action n'est pas disponible pour ce dossier.";
/** 10 March 2026, 10:00 in Paris. */
const DEBUT = new Date("2026-03-10T09:00:00Z");
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Proc${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let passwordHash: string;
let compteur = 0;

/** A fresh applicant with his own company (one active request per company), signed in. */
async function contexte(): Promise<ContexteInstruction> {
  compteur += 1;
  const numero = String(compteur).padStart(2, "0");
  const [societe] = await portal.database.db
    .insert(societes)
    .values({
      siren: `8${String(Date.now() % 10_000_000).padStart(7, "0")}${compteur % 10}`,
      raisonSociale: `${marque} Structure ${numero}`,
      qualites: ["qualityOp"],
    })
    .returning();
  const email = `${marque.toLowerCase()}-${numero}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${numero}`,
    email,
    prenom: "Jeanne",
    nom: `Titulaire ${numero}`,
    roles: ["demandeur"],
    passwordHash,
    societeId: societe.id,
  });
  const { accessToken } = await loginAs(portal.baseUrl, email, PASSWORD);
  return { baseUrl: portal.baseUrl, demandeur: accessToken, equipe };
}

type Erreur = { message?: string; detail?: string; errors?: Record<string, string[]> };

async function api<T = DemandeDetail & Erreur>(
  token: string,
  methode: string,
  chemin: string,
  corps?: URLSearchParams,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    method: methode,
    headers: { Authorization: `Bearer ${token}` },
    body: corps,
  });
  const texte = await response.text();
  return { status: response.status, body: (texte ? JSON.parse(texte) : null) as T };
}

/** POST action as a browser form at the request's current version; lists as repeated `key[]`. */
async function poster(
  token: string,
  id: string,
  action: string,
  champs: Record<string, string | string[]> = {},
) {
  const { version } = (await api(token, "GET", `/demande/${id}`)).body;
  const corps = new URLSearchParams({ action, version: String(version) });
  for (const [cle, valeur] of Object.entries(champs))
    for (const element of [valeur].flat())
      corps.append(Array.isArray(valeur) ? `${cle}[]` : cle, element);
  return api(token, "POST", `/demande/${id}/action`, corps);
}

const lire = async (token: string, id: string) =>
  (await api<DemandeDetail>(token, "GET", `/demande/${id}`)).body;

async function historique(id: string): Promise<EntreeHistorique[]> {
  return (await api<EntreeHistorique[]>(equipe.superviseur, "GET", `/demande/${id}/historique`))
    .body;
}

async function telecharger(token: string, id: string): Promise<Buffer> {
  const response = await fetch(`${portal.baseUrl}/api/piece-jointe/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const enTexte = async (pdf: Buffer) => (await pdfEnTexte(pdf)).replace(/\s+/g, " ");

/** What must not have changed after a refused action. */
async function etatDe(ctx: ContexteInstruction, id: string) {
  const demande = await lire(equipe.superviseur, id);
  return {
    etat: demande.etat,
    version: demande.version,
    agrement: demande.agrement?.etat,
    procedures: demande.agrement?.proceduresAgrement,
    attestations: demande.agrement?.attestations.map((attestation) => attestation.id),
    historique: (await historique(id)).length,
    applicant: (await lire(ctx.demandeur, id)).etatNormalise,
  };
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  equipe = await connecterEquipeDemo(portal.baseUrl);
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("CREER_PROCEDURE, MODIFIER_PROCEDURE, TERMINER_PROCEDURE agrement_maintenu", () => {
  let ctx: ContexteInstruction;
  let id: string;

  beforeAll(async () => {
    ctx = await contexte();
    id = (await nouvelleDemandeEnEtat(ctx, "agree")).id;
  }, 120_000);

  it("offers the procedure and the modification to the superviseur only", async () => {
    const actions = async (token: string) =>
      (await lire(token, id)).actionsDisponibles.map((disponible) => disponible.action);
    expect(await actions(equipe.superviseur)).toEqual(["CREER_PROCEDURE", "MODIFIER_AGREMENT"]);
    expect(await actions(equipe.instructeur)).toEqual([]);
    expect(await actions(ctx.demandeur)).toEqual([]);
    const avant = await etatDe(ctx, id);
    const champs = {
      type: "retrait_avec_suspension",
      dateNotification: "2026-03-02",
      commentaire: "Manquements.",
    };
    for (const token of [equipe.instructeur, equipe.crhh, ctx.demandeur])
      expect(await poster(token, id, "CREER_PROCEDURE", champs)).toEqual({
        status: 403,
        body: { message: MESSAGE_INDISPONIBLE },
      });
    expect(await etatDe(ctx, id)).toEqual(avant);
  });

  it("refuses a form without type, date or grounds (422 in French), saving nothing", async () => {
    const avant = await etatDe(ctx, id);
    const vide = await poster(equipe.superviseur, id, "CREER_PROCEDURE");
    expect(vide.status).toBe(422);
    expect(vide.body.errors).toEqual({
      type: ["Veuillez choisir le type de procédure."],
      dateNotification: [REQUIS],
      commentaire: [REQUIS],
    });
    const incorrects = await poster(equipe.superviseur, id, "CREER_PROCEDURE", {
      type: "retrait_partiel",
      dateNotification: "31/02/2026",
      commentaire: "   ",
    });
    expect(incorrects.status).toBe(422);
    expect(incorrects.body.errors).toEqual({
      type: ["Veuillez choisir le type de procédure."],
      dateNotification: ["Le champ n'est pas au bon format"],
      commentaire: [REQUIS],
    });
    const future = await poster(equipe.superviseur, id, "CREER_PROCEDURE", {
      type: "retrait_sans_suspension",
      dateNotification: "11/03/2026",
      commentaire: "Manquements.",
    });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({
      dateNotification: ["La date de notification ne peut pas être postérieure à la date du jour"],
    });
    // A suspension notified 3 months ago would already be over (DESIGN §5).
    const echue = await poster(equipe.superviseur, id, "CREER_PROCEDURE", {
      type: "retrait_avec_suspension",
      dateNotification: "2025-12-10",
      commentaire: "Manquements.",
    });
    expect(echue.status).toBe(422);
    expect(echue.body.errors).toEqual({
      dateNotification: [
        "Une suspension dure 3 mois au plus à compter de la notification : avec suspension, la date de notification doit être postérieure au 10/12/2025.",
      ],
    });
    expect(await etatDe(ctx, id)).toEqual(avant);
  });

  it("opens a withdrawal with suspension: approval suspendu, agrement_suspendu, page still reachable", async () => {
    const motifs = "Absence répétée de visite du logement avant l'audit.";
    const apres = await creerProcedure(ctx, id, {
      type: "retrait_avec_suspension",
      dateNotification: "02/03/2026",
      commentaire: motifs,
    });
    expect(apres).toMatchObject({
      etat: "agrement_procedure_en_cours",
      etatNormalise: "agrement_suspendu",
      statutSimplifie: "agrement_suspendu",
    });
    expect(apres.agrement?.etat).toBe("suspendu");
    expect(apres.agrement?.proceduresAgrement).toEqual([
      {
        id: expect.any(Number),
        etat: "en_cours",
        type: "retrait_avec_suspension",
        data: { dateNotification: "2026-03-02", decision: null, dateDecision: null },
      },
    ]);
    const vue = await lire(ctx.demandeur, id);
    expect(vue.etatNormalise).toBe("agrement_suspendu");
    const monAgrement = await api<Agrement>(ctx.demandeur, "GET", "/agrement/mon-agrement");
    expect(monAgrement.status).toBe(200);
    expect(monAgrement.body.etat).toBe("suspendu");
    const [entree] = await historique(id);
    expect(entree).toMatchObject({
      action: "CREER_PROCEDURE",
      etatAvant: "agree",
      etatApres: "agrement_procedure_en_cours",
      commentaire: motifs,
      acteur: expect.objectContaining({ role: "superviseur" }),
    });
    expect(
      (await lire(equipe.superviseur, id)).actionsDisponibles.map((action) => action.action),
    ).toEqual(["MODIFIER_PROCEDURE", "TERMINER_PROCEDURE"]);
  });

  it("modifies the procedure: nothing changed is refused, leaving suspension restores the approval", async () => {
    const avant = await etatDe(ctx, id);
    const inchangee = await poster(equipe.superviseur, id, "MODIFIER_PROCEDURE", {
      type: "retrait_avec_suspension",
      dateNotification: "2026-03-02",
      commentaire: "Relecture.",
    });
    expect(inchangee.status).toBe(422);
    expect(inchangee.body.errors).toEqual({
      type: ["Aucune modification : changez le type de procédure ou la date de notification."],
    });
    const sansMotif = await poster(equipe.superviseur, id, "MODIFIER_PROCEDURE", {
      type: "retrait_sans_suspension",
    });
    expect(sansMotif.status).toBe(422);
    expect(sansMotif.body.errors).toEqual({ commentaire: [REQUIS] });
    expect(await etatDe(ctx, id)).toEqual(avant);

    const sans = await modifierProcedure(ctx, id, {
      type: "retrait_sans_suspension",
      commentaire: "La suspension n'est plus justifiée.",
    });
    expect(sans).toMatchObject({ etat: "agrement_procedure_en_cours", etatNormalise: "agree" });
    expect(sans.agrement?.etat).toBe("en_cours");
    expect(sans.agrement?.proceduresAgrement[0]).toMatchObject({
      etat: "en_cours",
      type: "retrait_sans_suspension",
      data: { dateNotification: "2026-03-02" },
    });

    // Only the date: the type stays; back to suspension with a new notification.
    const date = await modifierProcedure(ctx, id, { dateNotification: "04/03/2026" });
    expect(date.agrement?.proceduresAgrement[0]).toMatchObject({
      type: "retrait_sans_suspension",
      data: { dateNotification: "2026-03-04" },
    });
    const avec = await modifierProcedure(ctx, id, { type: "retrait_avec_suspension" });
    expect(avec.etatNormalise).toBe("agrement_suspendu");
    expect(avec.agrement?.etat).toBe("suspendu");
    expect((await historique(id)).slice(0, 3).map((entree) => entree.action)).toEqual([
      "MODIFIER_PROCEDURE",
      "MODIFIER_PROCEDURE",
      "MODIFIER_PROCEDURE",
    ]);
  });

  it("ends it with the approval kept: agree, approval en_cours, procedure termine", async () => {
    const sansDecision = await poster(equipe.superviseur, id, "TERMINER_PROCEDURE", {
      commentaire: "Observations reçues.",
    });
    expect(sansDecision.status).toBe(422);
    expect(sansDecision.body.errors).toEqual({
      decision: ["Veuillez choisir l'issue de la procédure."],
    });
    const maintenu = await terminerProcedure(ctx, id, "agrement_maintenu");
    expect(maintenu).toMatchObject({ etat: "agree", etatNormalise: "agree" });
    expect(maintenu.agrement?.etat).toBe("en_cours");
    expect(maintenu.agrement?.proceduresAgrement).toEqual([
      {
        id: expect.any(Number),
        etat: "termine",
        type: "retrait_avec_suspension",
        data: {
          dateNotification: "2026-03-04",
          decision: "agrement_maintenu",
          dateDecision: "2026-03-10",
        },
      },
    ]);
    // The certificate stays the decision the applicant sees.
    expect(maintenu.decision?.codeTypePJ).toBe("attestation");
    expect(
      (await lire(equipe.superviseur, id)).actionsDisponibles.map((action) => action.action),
    ).toEqual(["CREER_PROCEDURE", "MODIFIER_AGREMENT"]);
  });
});

describe("TERMINER_PROCEDURE agrement_retire", () => {
  it("waits for the 15 days of observations, then withdraws with a decision stating the two-month appeal", async () => {
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "agree");
    const ouverte = await creerProcedure(ctx, id, {
      type: "retrait_sans_suspension",
      dateNotification: "2026-03-10",
    });
    expect(ouverte.etatNormalise).toBe("agree");
    expect(ouverte.agrement?.etat).toBe("en_cours");
    const numero = ouverte.agrement!.numeroAgrement;

    const avant = await etatDe(ctx, id);
    const tot = await poster(equipe.superviseur, id, "TERMINER_PROCEDURE", {
      decision: "agrement_retire",
      commentaire: "Manquements persistants.",
    });
    expect(tot.status).toBe(422);
    expect(tot.body.errors).toEqual({
      decision: [
        "Le retrait ne peut être décidé qu'à l'issue du délai de 15 jours laissé à la structure pour présenter ses observations, soit à partir du 25/03/2026.",
      ],
    });
    expect(await etatDe(ctx, id)).toEqual(avant);

    portal.horloge.regler(new Date("2026-03-25T09:00:00Z"));
    try {
      const motifs = "Les observations produites ne répondent pas aux manquements constatés.";
      const retire = await terminerProcedure(ctx, id, "agrement_retire", motifs);
      expect(retire).toMatchObject({
        etat: "agrement_retire",
        etatNormalise: "agrement_retire",
      });
      expect(retire.agrement?.etat).toBe("retire");
      expect(retire.agrement?.proceduresAgrement[0]).toMatchObject({
        etat: "termine",
        data: { decision: "agrement_retire", dateDecision: "2026-03-25" },
      });
      expect(retire.actionsDisponibles).toEqual([]);

      // The applicant: the withdrawal decision on his request, no current approval any more.
      const vue = await lire(ctx.demandeur, id);
      expect(vue.etatNormalise).toBe("agrement_retire");
      expect(vue.decision).toMatchObject({
        codeTypePJ: "decision_retrait",
        mimeType: "application/pdf",
      });
      expect((await api(ctx.demandeur, "GET", "/agrement/mon-agrement")).status).toBe(404);
      const texte = await enTexte(await telecharger(ctx.demandeur, vue.decision!.id));
      expect(texte).toContain("Décision de retrait d'agrément");
      expect(texte).toContain(numero);
      expect(texte).toContain("à compter du 25/03/2026");
      expect(texte).toContain("notification du 10/03/2026");
      expect(texte).toContain(motifs);
      expect(texte).toContain("délai de deux mois");
      expect(texte).toContain("tribunal administratif");
      const [entree] = await historique(id);
      expect(entree).toMatchObject({
        action: "TERMINER_PROCEDURE",
        etatAvant: "agrement_procedure_en_cours",
        etatApres: "agrement_retire",
        commentaire: motifs,
      });
    } finally {
      portal.horloge.regler(DEBUT);
    }
  });
});

describe("MODIFIER_AGREMENT", () => {
  it("checks the perimeter like step 2 and saves nothing on error", async () => {
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "agree");
    const avant = await etatDe(ctx, id);
    const vide = await poster(equipe.superviseur, id, "MODIFIER_AGREMENT");
    expect(vide.status).toBe(422);
    expect(vide.body.errors).toEqual({
      regions: ["Le périmètre d'intervention est requis"],
      commentaire: [REQUIS],
    });
    const inconnu = await poster(equipe.superviseur, id, "MODIFIER_AGREMENT", {
      departements: ["75", "999"],
      commentaire: "Correction.",
    });
    expect(inconnu.status).toBe(422);
    expect(inconnu.body.errors).toEqual({ departements: ["Département inconnu : 999."] });
    const horsZone = await poster(equipe.superviseur, id, "MODIFIER_AGREMENT", {
      departements: ["69"],
      communes: ["75056"],
      commentaire: "Correction.",
    });
    expect(horsZone.status).toBe(422);
    expect(horsZone.body.errors).toEqual({
      communes: [
        "La commune « Paris » n'appartient à aucune des régions ou aucun des départements choisis.",
      ],
    });
    // Île-de-France and Paris: Paris is inside the région, so this is the granted perimeter.
    const meme = await poster(equipe.superviseur, id, "MODIFIER_AGREMENT", {
      regions: ["11"],
      departements: ["75"],
      commentaire: "Correction.",
    });
    expect(meme.status).toBe(422);
    expect(meme.body.errors).toEqual({
      regions: [
        "Le périmètre saisi est celui que l'agrément accorde déjà : modifiez au moins une zone.",
      ],
    });
    expect(await etatDe(ctx, id)).toEqual(avant);
  });

  it("issues a new current certificate, keeps the previous one, and VISUALISER_RESULTAT brings agree back", async () => {
    const ctx = await contexte();
    const { id, agrement: initial } = await nouvelleDemandeEnEtat(ctx, "agree");
    const ancienne = initial!.attestations[0];
    expect(ancienne.isCurrent).toBe(true);

    const modifiee = await modifierAgrement(ctx, id, { departements: ["75", "92"] });
    expect(modifiee).toMatchObject({ etat: "agrement_modifie_en_attente" });
    const agrement = modifiee.agrement!;
    expect(agrement.etat).toBe("en_cours");
    expect(agrement.numeroAgrement).toBe(initial!.numeroAgrement);
    expect(agrement.dateFin).toBe(initial!.dateFin);
    expect(agrement.perimetre).toEqual({
      regions: [],
      departements: [
        { code: "75", nom: "Paris" },
        { code: "92", nom: "Hauts-de-Seine" },
      ],
      epcis: [],
      communes: [],
    });
    expect(agrement.attestations).toHaveLength(2);
    const [nouvelle, precedente] = agrement.attestations;
    expect(precedente).toMatchObject({ id: ancienne.id, isCurrent: false });
    expect(nouvelle.isCurrent).toBe(true);
    expect(nouvelle.pieceJointe.id).not.toBe(ancienne.pieceJointe.id);
    expect(modifiee.decision?.id).toBe(nouvelle.pieceJointe.id);

    // The applicant is told a decision is available, sees the new certificate, then agree.
    const vue = await lire(ctx.demandeur, id);
    expect(vue).toMatchObject({
      etatNormalise: "agrement_en_attente",
      actionsDisponibles: [{ action: "VISUALISER_RESULTAT" }],
    });
    const texte = await enTexte(await telecharger(ctx.demandeur, nouvelle.pieceJointe.id));
    expect(texte).toContain(agrement.numeroAgrement);
    expect(texte).toContain("Paris (75), Hauts-de-Seine (92)");
    expect(texte).not.toContain("Île-de-France (11)");
    const vieux = await enTexte(await telecharger(ctx.demandeur, ancienne.pieceJointe.id));
    expect(vieux).toContain("Île-de-France (11)");
    const [entree] = await historique(id);
    expect(entree).toMatchObject({
      action: "MODIFIER_AGREMENT",
      etatAvant: "agree",
      etatApres: "agrement_modifie_en_attente",
      commentaire: "Périmètre restreint aux départements effectivement couverts.",
    });

    const vu = await visualiserResultat(ctx, id);
    expect(vu).toMatchObject({ etat: "agree", etatNormalise: "agree" });
    const monAgrement = await api<Agrement>(ctx.demandeur, "GET", "/agrement/mon-agrement");
    expect(monAgrement.body.perimetre.departements.map((zone) => zone.code)).toEqual(["75", "92"]);
    expect(monAgrement.body.attestations.find((attestation) => attestation.isCurrent)?.id).toBe(
      nouvelle.id,
    );
  });
});

describe("suspension at most 3 months (job levee-suspensions-echues, DESIGN §5)", () => {
  it("lifts the suspension on the day 3 months after notification, once, and the procedure goes on", async () => {
    const logger = createLogger("silent");
    const deps: DepsTache = {
      config: portal.config,
      database: portal.database,
      horloge: portal.horloge,
      logger,
      mailer: createMailer({
        smtpUrl: undefined,
        from: portal.config.mailFrom,
        dataDir: portal.config.dataDir,
        logger,
      }),
    };
    const tache = TACHES.find((candidate) => candidate.nom === "levee-suspensions-echues")!;
    const ctx = await contexte();
    const { id } = await nouvelleDemandeEnEtat(ctx, "agree");
    await creerProcedure(ctx, id, {
      type: "retrait_avec_suspension",
      dateNotification: "2026-03-10",
    });
    const autre = await contexte();
    const sansSuspension = await nouvelleDemandeEnEtat(autre, "agree");
    await creerProcedure(autre, sansSuspension.id, { type: "retrait_sans_suspension" });
    const temoin = await etatDe(autre, sansSuspension.id);
    try {
      // 9 June, 23:30 in Paris: still within the 3 months.
      portal.horloge.regler(new Date("2026-06-09T21:30:00Z"));
      const suspendue = await etatDe(ctx, id);
      await tache.executer(deps);
      expect(await etatDe(ctx, id)).toEqual(suspendue);
      expect(suspendue).toMatchObject({ agrement: "suspendu", applicant: "agrement_suspendu" });

      // 10 June, 00:30 in Paris: 3 months are over.
      portal.horloge.regler(new Date("2026-06-09T22:30:00Z"));
      expect(await tache.executer(deps)).toBeGreaterThanOrEqual(1);
      const levee = await lire(ctx.demandeur, id);
      expect(levee).toMatchObject({ etat: "agrement_procedure_en_cours", etatNormalise: "agree" });
      expect(levee.agrement?.etat).toBe("en_cours");
      expect(levee.agrement?.proceduresAgrement[0]).toMatchObject({
        etat: "en_cours",
        type: "retrait_sans_suspension",
        data: { dateNotification: "2026-03-10", decision: null },
      });
      const [entree] = await historique(id);
      expect(entree).toMatchObject({
        action: "MODIFIER_PROCEDURE",
        etatAvant: "agrement_procedure_en_cours",
        etatApres: "agrement_procedure_en_cours",
        acteur: null,
        date: "2026-06-09T22:30:00.000Z",
      });
      expect(entree.commentaire).toContain("durée maximale de trois mois");

      // A second run finds nothing left to do; a procedure without suspension is untouched.
      const apres = await etatDe(ctx, id);
      await tache.executer(deps);
      expect(await etatDe(ctx, id)).toEqual(apres);
      expect(await etatDe(autre, sansSuspension.id)).toEqual(temoin);
    } finally {
      portal.horloge.regler(DEBUT);
    }
  });
});
