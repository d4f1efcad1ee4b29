/**
 * E-mails of the instruction through a real SMTP server
 * (tests/helpers/smtp.ts, the portal's SMTP_URL): one mail per event to the
 * right address, mail preferences (`POST /api/user/parametre-mail`,
 * `GET /api/user/account` parametresMail), and "never a flood" for
 * messages. Each scenario uses an applicant company of its own.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CGU_VERSION } from "../../contract/cgu.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import type { UtilisateurCourant } from "../../contract/schemas/utilisateur.ts";
import { demandes, societes, utilisateurs } from "../../api/db/schema.ts";
import { notifierEvenement } from "../../api/domain/notifications.ts";
import { createMailer } from "../../api/mail/mailer.ts";
import type { Mailer } from "../../api/mail/types.ts";
import { createLogger } from "../../server/logger.ts";
import { appelApi, creerDemandeDeposable, deposer } from "../helpers/demande-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";
import { startSmtpServer, type CourrielRecu, type SmtpDeTest } from "../helpers/smtp.ts";

const PASSWORD = "Anah-Demo-2026!";
const INSTRUCTEUR = "instructeur@demo.anah.gouv.fr";
const logger = createLogger("silent");

let smtp: SmtpDeTest;
let portal: TestPortal;
let mailer: Mailer;
let jetonInstructeur: string;
let instructeurId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  portal = await startTestPortal({ SMTP_URL: smtp.url });
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: portal.config.mailFrom,
    dataDir: portal.config.dataDir,
    logger,
  });
  jetonInstructeur = (await loginAs(portal.baseUrl, INSTRUCTEUR, PASSWORD)).accessToken;
  [{ id: instructeurId }] = await portal.database.db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(eq(utilisateurs.email, INSTRUCTEUR));
});

afterAll(async () => {
  await mailer?.close();
  await portal?.close();
  await smtp?.close();
});

interface Demandeur {
  id: string;
  email: string;
  jeton: string;
}

/** A confirmed applicant of a new company, terms accepted, signed in. */
async function nouveauDemandeur(): Promise<Demandeur> {
  const marque = randomUUID().slice(0, 8);
  const [societe] = await portal.database.db
    .insert(societes)
    .values({ siren: `N${marque}`, raisonSociale: `Rénov Courriels ${marque}` })
    .returning();
  const email = `courriels-${marque}@exemple.fr`;
  const [compte] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `courriels-${marque}`,
      email,
      prenom: "Alice",
      nom: "Bernard",
      passwordHash: await hash(PASSWORD),
      roles: ["demandeur"],
      societeId: societe.id,
      cguVersionAcceptee: CGU_VERSION,
    })
    .returning();
  const { accessToken } = await loginAs(portal.baseUrl, email, PASSWORD);
  return { id: compte.id, email, jeton: accessToken };
}

/** The mails `email` received so far. */
function courrielsDe(email: string): CourrielRecu[] {
  return smtp.courriels.filter((courriel) => courriel.to.includes(email.toLowerCase()));
}

/** Lets a stray late mail arrive before counting (the API answers after sending). */
const unInstant = () => new Promise((resolve) => setTimeout(resolve, 300));

/** "JJ/MM/AAAA" of an "AAAA-MM-JJ" date. */
function dateFr(iso: string): string {
  const [annee, mois, jour] = iso.split("-");
  return `${jour}/${mois}/${annee}`;
}

/** A request deposited by `demandeur` through the API (DEPOSER sends the receipt). */
async function demandeDeposee(demandeur: Demandeur): Promise<DemandeDetail> {
  const brouillon = await creerDemandeDeposable(portal.baseUrl, demandeur.jeton);
  return deposer(portal.baseUrl, demandeur.jeton, brouillon.id);
}

/**
 * Assigns the demo instructeur directly in the database: AFFECTER_INSTRUCTEUR
 * is another part of the instruction; the mails only need the assignment.
 */
async function affecterDirectement(id: string) {
  const [row] = await portal.database.db
    .update(demandes)
    .set({ etat: "affectee", instructeurId })
    .where(eq(demandes.id, id))
    .returning();
  return row;
}

async function ecrireMessage(id: string, jeton: string, message: string): Promise<number> {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/message`, {
    method: "POST",
    headers: { Authorization: `Bearer ${jeton}`, "Content-Type": "application/json" },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(201);
  portal.horloge.avancer(1000);
  return response.status;
}

async function lireMessagerie(id: string, jeton: string) {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/message/confirmation-lecture`, {
    method: "POST",
    headers: { Authorization: `Bearer ${jeton}` },
  });
  expect(response.status).toBe(204);
  portal.horloge.avancer(1000);
}

async function enregistrerPreferences(
  jeton: string,
  corps: URLSearchParams | Record<string, unknown>,
) {
  const json = !(corps instanceof URLSearchParams);
  return fetch(`${portal.baseUrl}/api/user/parametre-mail`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${jeton}`,
      ...(json ? { "Content-Type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(corps) : corps,
  });
}

describe("mail preferences (POST /api/user/parametre-mail)", () => {
  it("defaults every preference to yes and keeps what the user ticked, checkbox style", async () => {
    const demandeur = await nouveauDemandeur();
    const compte = () =>
      appelApi<UtilisateurCourant>(portal.baseUrl, demandeur.jeton, "GET", "/user/account");
    expect((await compte()).parametresMail).toEqual({
      suivi_dossier: true,
      nouveau_message: true,
      rapport_annuel: true,
    });

    // A form post: only the ticked box comes, the others mean "no".
    const formulaire = await enregistrerPreferences(
      demandeur.jeton,
      new URLSearchParams({ nouveau_message: "on" }),
    );
    expect(formulaire.status).toBe(204);
    expect((await compte()).parametresMail).toEqual({
      suivi_dossier: false,
      nouveau_message: true,
      rapport_annuel: false,
    });

    const json = await enregistrerPreferences(demandeur.jeton, {
      suivi_dossier: true,
      nouveau_message: "false",
      inconnu: "on",
    });
    expect(json.status).toBe(204);
    expect((await compte()).parametresMail).toEqual({
      suivi_dossier: true,
      nouveau_message: false,
      rapport_annuel: false,
    });

    const sansJeton = await fetch(`${portal.baseUrl}/api/user/parametre-mail`, { method: "POST" });
    expect(sansJeton.status).toBe(401);
  });
});

describe("mails of the instruction", () => {
  it("acknowledges a deposit with one mail to the applicant: number, deadline, link", async () => {
    const demandeur = await nouveauDemandeur();
    const avantInstructeur = courrielsDe(INSTRUCTEUR).length;
    const deposee = await demandeDeposee(demandeur);
    await unInstant();
    const recus = courrielsDe(demandeur.email);
    expect(recus).toHaveLength(1);
    const [accuse] = recus;
    expect(accuse.subject).toContain("Accusé de réception");
    expect(accuse.subject).toContain(deposee.numeroDossier!);
    expect(accuse.text).toContain(deposee.numeroDossier!);
    expect(accuse.text).toContain(dateFr(deposee.dateLimiteInstruction!));
    expect(accuse.text).toContain(`${portal.baseUrl}/`);
    expect(accuse.html).toContain(deposee.numeroDossier!);
    // Nobody on the instruction side is mailed for a deposit.
    expect(courrielsDe(INSTRUCTEUR)).toHaveLength(avantInstructeur);
  });

  it("sends nothing to an applicant who unticked « suivi de mes dossiers »", async () => {
    const demandeur = await nouveauDemandeur();
    const reponse = await enregistrerPreferences(
      demandeur.jeton,
      new URLSearchParams({ nouveau_message: "on" }),
    );
    expect(reponse.status).toBe(204);
    const deposee = await demandeDeposee(demandeur);
    expect(deposee.etat).toBe("deposee");
    await unInstant();
    expect(courrielsDe(demandeur.email)).toEqual([]);
  });

  it("tells the other side of a new message by one mail, with the link to the thread", async () => {
    const demandeur = await nouveauDemandeur();
    const deposee = await demandeDeposee(demandeur);
    await affecterDirectement(deposee.id);
    const avantDemandeur = courrielsDe(demandeur.email).length;
    const avantInstructeur = courrielsDe(INSTRUCTEUR).length;

    await ecrireMessage(deposee.id, jetonInstructeur, "Pouvez-vous préciser vos références ?");
    await unInstant();
    const versDemandeur = courrielsDe(demandeur.email).slice(avantDemandeur);
    expect(versDemandeur).toHaveLength(1);
    expect(versDemandeur[0].subject).toContain("Nouveau message");
    expect(versDemandeur[0].text).toContain(
      `${portal.baseUrl}/messagerie/demande?id=${deposee.id}`,
    );
    // The message itself stays on the portal.
    expect(versDemandeur[0].text).not.toContain("références ?");
    // The writer is not mailed about his own message.
    expect(courrielsDe(INSTRUCTEUR)).toHaveLength(avantInstructeur);

    await ecrireMessage(deposee.id, demandeur.jeton, "Bien sûr, je vous les envoie.");
    await unInstant();
    const versInstructeur = courrielsDe(INSTRUCTEUR).slice(avantInstructeur);
    expect(versInstructeur).toHaveLength(1);
    expect(versInstructeur[0].text).toContain(`${portal.baseUrl}/dossier/demande/${deposee.id}`);
    expect(versInstructeur[0].text).toContain("Bonjour Thomas Leroy,");
  });

  it("sends one mail for three messages in a row, and again once the thread was read", async () => {
    const demandeur = await nouveauDemandeur();
    const deposee = await demandeDeposee(demandeur);
    await affecterDirectement(deposee.id);
    const avant = courrielsDe(demandeur.email).length;

    await ecrireMessage(deposee.id, jetonInstructeur, "Premier message.");
    await ecrireMessage(deposee.id, jetonInstructeur, "Deuxième message.");
    await ecrireMessage(deposee.id, jetonInstructeur, "Troisième message.");
    await unInstant();
    expect(courrielsDe(demandeur.email).slice(avant)).toHaveLength(1);

    await lireMessagerie(deposee.id, demandeur.jeton);
    await ecrireMessage(deposee.id, jetonInstructeur, "Quatrième message, après la lecture.");
    await unInstant();
    expect(courrielsDe(demandeur.email).slice(avant)).toHaveLength(2);
  });

  it("honours « nouveau message » separately and survives a refusing mail server", async () => {
    const demandeur = await nouveauDemandeur();
    const deposee = await demandeDeposee(demandeur);
    await affecterDirectement(deposee.id);
    expect(
      (await enregistrerPreferences(demandeur.jeton, new URLSearchParams({ suivi_dossier: "on" })))
        .status,
    ).toBe(204);
    const avant = courrielsDe(demandeur.email).length;
    await ecrireMessage(deposee.id, jetonInstructeur, "Message sans courriel.");
    await unInstant();
    expect(courrielsDe(demandeur.email)).toHaveLength(avant);

    // A relay that refuses the address: the message is stored all the same.
    const autre = await nouveauDemandeur();
    const sienne = await demandeDeposee(autre);
    await affecterDirectement(sienne.id);
    smtp.refuser(autre.email);
    await ecrireMessage(sienne.id, jetonInstructeur, "Message malgré le relais.");
    const fil = await appelApi<{ messages: { contenu: string }[] }>(
      portal.baseUrl,
      autre.jeton,
      "GET",
      `/demande/${sienne.id}/messages`,
    );
    expect(fil.messages.map((message) => message.contenu)).toEqual(["Message malgré le relais."]);
  });

  it("words each transition's mail: what is asked and by when, decisions, and nothing for others", async () => {
    const demandeur = await nouveauDemandeur();
    const deposee = await demandeDeposee(demandeur);
    // The state the completeness request leads to, written directly (its
    // handler is another part of the instruction): deadline on 15 May 2026.
    const [incomplete] = await portal.database.db
      .update(demandes)
      .set({ etat: "incomplete", instructeurId, dateEcheance: "2026-05-15" })
      .where(eq(demandes.id, deposee.id))
      .returning();
    const deps = { database: portal.database, mailer, logger, config: portal.config };
    const avant = courrielsDe(demandeur.email).length;

    await notifierEvenement(deps, {
      type: "transition",
      demande: incomplete,
      action: "DEMANDER_COMPLEMENT_COMPLETUDE",
      acteurId: instructeurId,
      commentaire: "Merci de joindre le Kbis de moins de trois mois.",
    });
    const [completude] = courrielsDe(demandeur.email).slice(avant);
    expect(completude.text).toContain("Merci de joindre le Kbis de moins de trois mois.");
    expect(completude.text).toContain("15/05/2026");
    expect(completude.text).toContain(`${portal.baseUrl}/demande/demande/completude/${deposee.id}`);

    await notifierEvenement(deps, {
      type: "transition",
      demande: { ...incomplete, etat: "refusee" },
      action: "EXPRIMER_AVIS_DECIDEUR",
      acteurId: null,
    });
    const [refus] = courrielsDe(demandeur.email).slice(avant + 1);
    expect(refus.subject).toContain("agrément refusé");
    expect(refus.text).toContain("deux mois");
    expect(refus.text).toContain(`${portal.baseUrl}/`);

    const avantInstructeur = courrielsDe(INSTRUCTEUR).length;
    await notifierEvenement(deps, {
      type: "transition",
      demande: { ...incomplete, etat: "affectee" },
      action: "DONNER_COMPLEMENT",
      acteurId: demandeur.id,
    });
    const [complement] = courrielsDe(INSTRUCTEUR).slice(avantInstructeur);
    expect(complement.subject).toContain("Éléments complémentaires reçus");
    expect(complement.text).toContain(`${portal.baseUrl}/dossier/demande/${deposee.id}`);

    await notifierEvenement(deps, {
      type: "transition",
      demande: { ...incomplete, etat: "complete" },
      action: "CONFIRMER_COMPLETUDE",
      acteurId: instructeurId,
    });
    await unInstant();
    expect(courrielsDe(demandeur.email)).toHaveLength(avant + 2);
    expect(courrielsDe(INSTRUCTEUR)).toHaveLength(avantInstructeur + 1);
  });
});
