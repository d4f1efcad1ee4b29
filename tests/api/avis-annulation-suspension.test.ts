/**
 * The cancellation and suspension notices over HTTP (spec §9 "cancellation,
 * tacit-rejection, suspension and withdrawal notices exist"; spec §4
 * Cancellation is definitive, withdrawal with suspension; DESIGN §3
 * ANNULER_DEMANDE, CREER_PROCEDURE, §5 suspension at most 3 months): after
 * each action the notice is the request's decision document,
 * its text (pdftotext) states what it must, the applicant and the staff
 * download it, another company's applicant gets 404; a draft deleted before
 * its deposit gets no notice; a kept approval gets its certificate back.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import { TACHES, type DepsTache } from "../../api/jobs/taches.ts";
import { createMailer } from "../../api/mail/mailer.ts";
import { createLogger } from "../../server/logger.ts";
import { creerDemandeDeposable } from "../helpers/demande-api.ts";
import {
  agirEnTantQue,
  connecterEquipeDemo,
  creerProcedure,
  deposerNouvelleDemande,
  nouvelleDemandeEnEtat,
  terminerProcedure,
  type ContexteInstruction,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { pdfEnTexte } from "../helpers/pdf.ts";
import { fabriqueDemandeurs } from "../helpers/demandeur-en-base.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
/** 10 March 2026, 10:00 in Paris. */
const DEBUT = new Date("2026-03-10T09:00:00Z");
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Avis${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;

const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "7",
  motDePasse: PASSWORD,
});

/** A fresh applicant "Jeanne Titulaire NN" with his own company "<marque> Structure NN", signed in. */
async function contexte(): Promise<ContexteInstruction> {
  const { token } = await nouveauDemandeur();
  return { baseUrl: portal.baseUrl, demandeur: token, equipe };
}

async function lire(token: string, id: string): Promise<DemandeDetail> {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DemandeDetail;
}

/** GET /api/piece-jointe/{id} as the user of `token`: status, type and bytes. */
async function telecharger(token: string, id: string) {
  const response = await fetch(`${portal.baseUrl}/api/piece-jointe/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    octets: Buffer.from(await response.arrayBuffer()),
  };
}

const enTexte = async (pdf: Buffer) => (await pdfEnTexte(pdf)).replace(/\s+/g, " ");

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  equipe = await connecterEquipeDemo(portal.baseUrl);
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("cancellation notice (ANNULER_DEMANDE)", () => {
  let ctx: ContexteInstruction;
  let autre: ContexteInstruction;
  let id: string;
  let numeroDossier: string;
  const motif = "Notre structure renonce à l'activité d'accompagnement cette année.";

  beforeAll(async () => {
    ctx = await contexte();
    autre = await contexte();
    const deposee = await deposerNouvelleDemande(ctx);
    id = deposee.id;
    numeroDossier = deposee.numeroDossier!;
    await agirEnTantQue(ctx, ctx.demandeur, id, "ANNULER_DEMANDE", {
      commentaire: motif,
      confirmation: "on",
    });
  }, 120_000);

  it("makes the notice the decision document the applicant and the staff see", async () => {
    const vue = await lire(ctx.demandeur, id);
    expect(vue.etat).toBe("annulee");
    expect(vue.decision).toMatchObject({
      codeTypePJ: "decision_annulation",
      nom: `avis-annulation-${numeroDossier}.pdf`,
      mimeType: "application/pdf",
    });
    expect((await lire(equipe.superviseur, id)).decision?.id).toBe(vue.decision!.id);
  });

  it("states the number, company, Paris date, reason and who cancelled", async () => {
    const { decision } = await lire(ctx.demandeur, id);
    const { status, type, octets } = await telecharger(ctx.demandeur, decision!.id);
    expect(status).toBe(200);
    expect(type).toBe("application/pdf");
    const texte = await enTexte(octets);
    expect(texte).toContain("Avis d'annulation de la demande d'agrément");
    expect(texte).toContain(`Dossier n° : ${numeroDossier}`);
    expect(texte).toContain("Annulée le : 10/03/2026");
    expect(texte).toContain("Annulée par : Jeanne Titulaire 01, demandeur");
    expect(texte).toContain(
      `Votre demande d'agrément « Mon Accompagnateur Rénov' » n° ${numeroDossier}, déposée pour la structure ${marque} Structure 01, a été annulée le 10/03/2026 à votre initiative.`,
    );
    expect(texte).toContain("Motif de l'annulation");
    expect(texte).toContain(motif);
    expect(texte).toContain(
      "L'annulation est définitive : votre demande ne sera pas instruite et ne peut pas être reprise. Vous pouvez déposer une nouvelle demande d'agrément depuis votre espace.",
    );
  });

  it("is downloadable by the staff, not by another company's applicant (404)", async () => {
    const { decision } = await lire(ctx.demandeur, id);
    for (const token of [equipe.superviseur, equipe.instructeur]) {
      const { status, octets } = await telecharger(token, decision!.id);
      expect(status).toBe(200);
      expect(await enTexte(octets)).toContain("Avis d'annulation de la demande d'agrément");
    }
    expect((await telecharger(autre.demandeur, decision!.id)).status).toBe(404);
  });

  it("is not produced for a draft deleted before its deposit", async () => {
    const brouillon = await creerDemandeDeposable(portal.baseUrl, autre.demandeur);
    const apres = await agirEnTantQue(autre, autre.demandeur, brouillon.id, "ANNULER_DEMANDE", {
      commentaire: "Brouillon créé par erreur.",
      confirmation: "on",
    });
    expect(apres.etat).toBe("annulee");
    expect(apres.decision).toBeNull();
  });
});

describe("suspension notice (CREER_PROCEDURE retrait_avec_suspension)", () => {
  let ctx: ContexteInstruction;
  let autre: ContexteInstruction;
  let id: string;
  let numeroAgrement: string;
  let attestationId: string;
  const motifs = "Absence répétée de visite du logement avant l'audit énergétique.";

  beforeAll(async () => {
    ctx = await contexte();
    autre = await contexte();
    const agreee = await nouvelleDemandeEnEtat(ctx, "agree");
    id = agreee.id;
    numeroAgrement = agreee.agrement!.numeroAgrement;
    attestationId = agreee.decision!.id;
    await creerProcedure(ctx, id, {
      type: "retrait_avec_suspension",
      dateNotification: "02/03/2026",
      commentaire: motifs,
    });
  }, 240_000);

  it("makes the notice the decision document while the approval is suspended", async () => {
    const vue = await lire(ctx.demandeur, id);
    expect(vue.etatNormalise).toBe("agrement_suspendu");
    expect(vue.decision).toMatchObject({
      codeTypePJ: "decision_suspension",
      nom: `avis-suspension-${numeroAgrement}.pdf`,
      mimeType: "application/pdf",
    });
    expect(vue.decision!.id).not.toBe(attestationId);
    expect((await lire(equipe.superviseur, id)).decision?.id).toBe(vue.decision!.id);
  });

  it("states the approval number, company, notification, end of suspension, grounds and appeal", async () => {
    const { decision } = await lire(ctx.demandeur, id);
    const { status, type, octets } = await telecharger(ctx.demandeur, decision!.id);
    expect(status).toBe(200);
    expect(type).toBe("application/pdf");
    const texte = await enTexte(octets);
    expect(texte).toContain("Avis de suspension de l'agrément");
    expect(texte).toContain(`Agrément n° : ${numeroAgrement}`);
    expect(texte).toContain(
      `Par une notification du 02/03/2026, vous avez été informé de l'ouverture d'une procédure de retrait de l'agrément n° ${numeroAgrement} délivré à la structure ${marque} Structure 03.`,
    );
    expect(texte).toContain(
      "Cette procédure est assortie de la suspension de votre agrément à compter du 02/03/2026. La suspension dure jusqu'à l'issue de la procédure, pour trois mois au plus : elle cesse au plus tard le 02/06/2026.",
    );
    expect(texte).toContain("Motifs de la suspension");
    expect(texte).toContain(
      "Les manquements qui motivent la procédure et la suspension vous ont été exposés dans la notification du 02/03/2026.",
    );
    expect(texte).toContain(
      "Pendant la suspension, vos établissements ne sont plus visibles des ménages et vous ne pouvez pas en référencer de nouveaux.",
    );
    expect(texte).toContain(
      "Vous pouvez présenter vos observations dans un délai de quinze jours à compter de la notification, avant toute décision sur le retrait de votre agrément.",
    );
    expect(texte).toContain("Voies et délais de recours");
    expect(texte).toContain(
      "La présente décision peut être contestée dans un délai de deux mois à compter de sa notification :",
    );
    expect(texte).toContain("par un recours hiérarchique auprès du directeur général de l'Anah ;");
  });

  it("keeps the superviseur's comment staff-side (CREER_PROCEDURE comments are not the applicant's)", async () => {
    const { decision } = await lire(ctx.demandeur, id);
    const texte = await enTexte((await telecharger(ctx.demandeur, decision!.id)).octets);
    expect(texte).not.toContain("Absence répétée de visite");
  });

  it("is downloadable by the staff, not by another company's applicant (404)", async () => {
    const { decision } = await lire(ctx.demandeur, id);
    for (const token of [equipe.superviseur, equipe.instructeur]) {
      const { status, octets } = await telecharger(token, decision!.id);
      expect(status).toBe(200);
      expect(await enTexte(octets)).toContain("Avis de suspension de l'agrément");
    }
    expect((await telecharger(autre.demandeur, decision!.id)).status).toBe(404);
  });

  it("gives the certificate back as decision document when the approval is kept", async () => {
    const maintenu = await terminerProcedure(ctx, id, "agrement_maintenu");
    expect(maintenu.etat).toBe("agree");
    expect(maintenu.decision).toMatchObject({ id: attestationId, codeTypePJ: "attestation" });
  });

  it("is not produced for a withdrawal procedure without suspension", async () => {
    const sans = await creerProcedure(ctx, id, { type: "retrait_sans_suspension" });
    expect(sans.etatNormalise).toBe("agree");
    expect(sans.decision).toMatchObject({ id: attestationId, codeTypePJ: "attestation" });
  });
});

describe("suspension over after 3 months (job levee-suspensions-echues)", () => {
  it("gives the certificate back as decision document when the job lifts the suspension", async () => {
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
    const agreee = await nouvelleDemandeEnEtat(ctx, "agree");
    const suspendue = await creerProcedure(ctx, agreee.id, {
      type: "retrait_avec_suspension",
      dateNotification: "2026-03-10",
    });
    expect(suspendue.decision?.codeTypePJ).toBe("decision_suspension");
    try {
      // 10 June 2026, 00:30 in Paris: the 3 months from 10 March are over.
      portal.horloge.regler(new Date("2026-06-09T22:30:00Z"));
      expect(await tache.executer(deps)).toBeGreaterThanOrEqual(1);
      const levee = await lire(ctx.demandeur, agreee.id);
      expect(levee.etatNormalise).toBe("agree");
      expect(levee.decision).toMatchObject({ id: agreee.decision!.id, codeTypePJ: "attestation" });
    } finally {
      portal.horloge.regler(DEBUT);
    }
  }, 240_000);
});
