/**
 * Messaging of a request over HTTP (spec §3 Messaging, §7 Messages; DESIGN
 * §4): the applicant and the Paris service exchange messages on a deposited
 * request; others read (central) or see nothing (404).
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message, Messagerie } from "../../contract/schemas/demande.ts";
import {
  demandes,
  lectures,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { SOCIETE_DEMO } from "../../api/db/seed/demo.ts";
import { ressourcesAvecNouveauMessage } from "../../api/domain/lectures.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const MESSAGE_BROUILLON = "La messagerie n'est pas disponible pour une demande en brouillon.";
const MESSAGE_FERMEE = "La messagerie de ce dossier est fermée.";

let portal: TestPortal;
const jetons: Record<string, string> = {};
const ids: Record<string, string> = {};
let societeDemoId: string;
let serviceParisId: number;

/** An extra account (password {@link PASSWORD}) for the access cases. */
async function creerCompte(
  cle: string,
  valeurs: Partial<typeof utilisateurs.$inferInsert> & { roles: string[] },
) {
  const marque = randomUUID().slice(0, 8);
  const email = `msg-${cle}-${marque}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `msg-${cle}-${marque}`,
    email,
    prenom: "Test",
    nom: cle,
    passwordHash: await hash(PASSWORD),
    ...valeurs,
  });
  return email;
}

beforeAll(async () => {
  portal = await startTestPortal();
  const { db } = portal.database;
  [{ id: societeDemoId }] = await db
    .select({ id: societes.id })
    .from(societes)
    .where(eq(societes.siren, SOCIETE_DEMO.siren));
  [{ id: serviceParisId }] = await db
    .select({ id: servicesInstructeur.id })
    .from(servicesInstructeur)
    .where(eq(servicesInstructeur.code, "DL-75"));
  const [serviceMarseille] = await db
    .select({ id: servicesInstructeur.id })
    .from(servicesInstructeur)
    .where(eq(servicesInstructeur.code, "DL-13"));
  const [autreSociete] = await db
    .insert(societes)
    .values({
      siren: `6${Date.now() % 100000000}`.slice(0, 9),
      raisonSociale: `Autre ${randomUUID().slice(0, 8)}`,
    })
    .returning();
  const emails: Record<string, string> = {
    demandeur: "demandeur@demo.anah.gouv.fr",
    instructeur: "instructeur@demo.anah.gouv.fr",
    crhh: "crhh@demo.anah.gouv.fr",
    superviseur: "superviseur@demo.anah.gouv.fr",
    centrale: "centrale@demo.anah.gouv.fr",
    autreDemandeur: await creerCompte("autre-demandeur", {
      roles: ["demandeur"],
      societeId: autreSociete.id,
    }),
    instructeurMarseille: await creerCompte("instructeur-13", {
      roles: ["instructeur"],
      serviceInstructeurId: serviceMarseille.id,
    }),
    superviseurPaca: await creerCompte("superviseur-93", {
      roles: ["superviseur"],
      serviceInstructeurId: serviceMarseille.id,
      perimetreSupervision: { regions: ["93"], departements: [] },
    }),
  };
  for (const [cle, email] of Object.entries(emails))
    jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
  const comptes = await db
    .select({ id: utilisateurs.id, email: utilisateurs.email })
    .from(utilisateurs);
  for (const [cle, email] of Object.entries(emails))
    ids[cle] = comptes.find((compte) => compte.email === email)!.id;
});

afterAll(async () => {
  await portal?.close();
});

/** A request of the demo company in `etat`, head office in Paris (11e). */
async function creerDemande(etat = "deposee", valeurs: Partial<typeof demandes.$inferInsert> = {}) {
  const [demande] = await portal.database.db
    .insert(demandes)
    .values({
      societeId: societeDemoId,
      demandeurId: null,
      etat,
      raisonSociale: SOCIETE_DEMO.raisonSociale,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceParisId,
      dateDepot: etat === "brouillon" ? null : portal.horloge.now(),
      ...valeurs,
    })
    .returning();
  return demande;
}

async function lire(id: string, qui: string): Promise<{ status: number; body: Messagerie }> {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/messages`, {
    headers: { Authorization: `Bearer ${jetons[qui]}` },
  });
  return { status: response.status, body: await response.json() };
}

async function ecrire(
  id: string,
  qui: string,
  message: string,
  format: "json" | "form" = "json",
): Promise<{ status: number; body: Message & { message?: string } }> {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/message`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${jetons[qui]}`,
      "Content-Type": format === "json" ? "application/json" : "application/x-www-form-urlencoded",
    },
    body:
      format === "json" ? JSON.stringify({ message }) : new URLSearchParams({ message }).toString(),
  });
  return { status: response.status, body: await response.json() };
}

async function confirmerLecture(id: string, qui: string) {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/message/confirmation-lecture`, {
    method: "POST",
    headers: { Authorization: `Bearer ${jetons[qui]}` },
  });
  return response.status;
}

async function aNouveauMessage(id: string, qui: string, cote: "demandeur" | "instruction") {
  const ensemble = await ressourcesAvecNouveauMessage(
    portal.database,
    { utilisateurId: ids[qui], cote },
    "demande",
    [id],
  );
  return ensemble.has(id);
}

describe("messaging between the applicant and the instruction service", () => {
  it("exchanges messages oldest first, with authors and the reader's side marked", async () => {
    const demande = await creerDemande();
    const question = await ecrire(demande.id, "demandeur", "Bonjour, où en est ma demande ?");
    expect(question.status).toBe(201);
    expect(question.body).toEqual({
      id: expect.any(Number),
      contenu: "Bonjour, où en est ma demande ?",
      date: portal.horloge.now().toISOString(),
      cote: "demandeur",
      auteur: { prenom: "Camille", nom: "Martin" },
      moi: true,
    });
    portal.horloge.avancer(60_000);
    const reponse = await ecrire(
      demande.id,
      "instructeur",
      "Elle est en cours d'instruction : réponse sous quinze jours.",
      "form",
    );
    expect(reponse.status).toBe(201);
    expect(reponse.body).toMatchObject({ cote: "instruction", moi: true });

    const vueDemandeur = await lire(demande.id, "demandeur");
    expect(vueDemandeur.status).toBe(200);
    expect(vueDemandeur.body).toEqual({
      closed: false,
      dateCreation: demande.dateDepot!.toISOString(),
      messages: [
        expect.objectContaining({ contenu: "Bonjour, où en est ma demande ?", moi: true }),
        expect.objectContaining({
          contenu: "Elle est en cours d'instruction : réponse sous quinze jours.",
          auteur: { prenom: "Thomas", nom: "Leroy" },
          cote: "instruction",
          moi: false,
        }),
      ],
    });
    const vueService = await lire(demande.id, "crhh");
    expect(vueService.body.messages.map((message) => message.moi)).toEqual([false, true]);
    const vueCentrale = await lire(demande.id, "centrale");
    expect(vueCentrale.status).toBe(200);
    expect(vueCentrale.body.messages.map((message) => message.moi)).toEqual([false, false]);
  });

  it("clears the new-message mark on read confirmation, until the other side writes again", async () => {
    const demande = await creerDemande();
    await ecrire(demande.id, "instructeur", "Merci de compléter votre Kbis.");
    portal.horloge.avancer(1_000);
    expect(await aNouveauMessage(demande.id, "demandeur", "demandeur")).toBe(true);
    expect(await confirmerLecture(demande.id, "demandeur")).toBe(204);
    expect(await aNouveauMessage(demande.id, "demandeur", "demandeur")).toBe(false);
    const [lecture] = await portal.database.db
      .select()
      .from(lectures)
      .where(and(eq(lectures.ressourceId, demande.id), eq(lectures.utilisateurId, ids.demandeur)));
    expect(lecture).toMatchObject({ type: "message", ressourceType: "demande" });
    // The applicant's own messages never count as new for him.
    portal.horloge.avancer(1_000);
    await ecrire(demande.id, "demandeur", "C'est fait.");
    expect(await aNouveauMessage(demande.id, "demandeur", "demandeur")).toBe(false);
    portal.horloge.avancer(1_000);
    await ecrire(demande.id, "superviseur", "Bien reçu.");
    expect(await aNouveauMessage(demande.id, "demandeur", "demandeur")).toBe(true);
  });

  it("refuses an empty message with 422", async () => {
    const demande = await creerDemande();
    const answer = await ecrire(demande.id, "demandeur", "   ");
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ errors: { message: ["Ce champ est requis"] } });
  });
});

describe("when messaging is not open", () => {
  it("answers 409 on a draft", async () => {
    const demande = await creerDemande("brouillon");
    expect(await ecrire(demande.id, "demandeur", "Bonjour")).toEqual({
      status: 409,
      body: { message: MESSAGE_BROUILLON },
    });
  });

  it("answers 409 once the thread is closed by flag or by a final state, and says closed", async () => {
    const fermee = await creerDemande("affectee", { messagerieFermee: true });
    const annulee = await creerDemande("annulee");
    for (const demande of [fermee, annulee]) {
      expect((await lire(demande.id, "demandeur")).body.closed).toBe(true);
      for (const qui of ["demandeur", "instructeur"])
        expect(await ecrire(demande.id, qui, "Bonjour")).toEqual({
          status: 409,
          body: { message: MESSAGE_FERMEE },
        });
    }
  });
});

describe("who may read and write", () => {
  it("lets central roles read but not write (403)", async () => {
    const demande = await creerDemande();
    expect(await ecrire(demande.id, "centrale", "Bonjour")).toEqual({
      status: 403,
      body: { message: "Forbidden" },
    });
    expect((await lire(demande.id, "centrale")).status).toBe(200);
  });

  it("answers 404 to another company, another service, a superviseur outside his perimeter", async () => {
    const demande = await creerDemande();
    for (const qui of ["autreDemandeur", "instructeurMarseille", "superviseurPaca"]) {
      expect((await lire(demande.id, qui)).status).toBe(404);
      expect((await ecrire(demande.id, qui, "Bonjour")).status).toBe(404);
      expect(await confirmerLecture(demande.id, qui)).toBe(404);
    }
    expect((await lire(randomUUID(), "demandeur")).status).toBe(404);
    // Not a request kind: left to other routers, here none, so 404 even without a token.
    const inconnu = await fetch(`${portal.baseUrl}/api/inconnu/${demande.id}/messages`);
    expect(inconnu.status).toBe(404);
  });

  it("hides drafts from staff (404)", async () => {
    const demande = await creerDemande("brouillon");
    expect((await lire(demande.id, "instructeur")).status).toBe(404);
    expect((await ecrire(demande.id, "instructeur", "Bonjour")).status).toBe(404);
  });
});
