/**
 * Account settings over HTTP (spec §3
 * `isEmailTokenValid`, §5 Accounts, §7, §8; ADR 0025): change of e-mail
 * through a link mailed to a real SMTP server, change of password ending the
 * other sessions, supervision perimeter. Accounts are created here, with a
 * mark unique to the run (PostgreSQL runs may share a database).
 */
import { randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  historique,
  jetonsEmail,
  oidcPayloads,
  serviceInstructeurDepartements,
  sessions,
  utilisateurs,
} from "../../api/db/schema.ts";
import { demanderReinitialisation, reinitialiserMotDePasse } from "../../idp/reinitialisation.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";
import { startSmtpServer, type SmtpDeTest } from "../helpers/smtp.ts";

// The spec's and the texts, literal: a change of wording must break these tests.
const LIEN_PLUS_VALABLE =
  "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.";
const REQUIS = "Ce champ est requis";
const ACTUEL_FAUX = "Le mot de passe actuel est incorrect.";
const IDENTIQUE = "Le nouveau mot de passe doit être différent de l'ancien.";
const REGLE =
  "Le mot de passe doit contenir au moins une majuscule, une minuscule, un chiffre et un caractère spécial.";
const PERIMETRE_REQUIS = "Le périmètre de supervision est requis";
const HORS_BORNE = "Ce périmètre dépasse celui qui vous est ouvert";

const MOT_DE_PASSE = "Parametres-2026!";
const NOUVEAU = "Nouveau-Secret-2026?";
const MARQUE = `cp${randomUUID().slice(0, 8)}`;
const HEURE = 3600 * 1000;

let portal: TestPortal;
let smtp: SmtpDeTest;
let empreinte: string;
let compteur = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Every request of this file comes from 127.0.0.1: the per-IP mail limit
  // is raised so that the per-account one is what the limit test meets.
  portal = await startTestPortal({ SMTP_URL: smtp.url, SIGNUP_RATE_LIMIT_IP: "1000" });
  empreinte = await hash(MOT_DE_PASSE);
});

afterAll(async () => {
  await portal?.close();
  await smtp?.close();
});

/** A new account of `roles` written in the database, signed in: its tokens. */
async function compte(
  roles: string[],
  perimetre?: { regions: string[]; departements: string[] },
  autres: Partial<typeof utilisateurs.$inferInsert> = {},
) {
  compteur += 1;
  const email = `${MARQUE}-${compteur}@exemple.fr`;
  const idIdp = `${MARQUE}-${compteur}`;
  const [ligne] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp,
      email,
      prenom: "Camille",
      nom: `Paramètres ${compteur}`,
      roles,
      passwordHash: empreinte,
      perimetreSupervision: perimetre ?? null,
      ...autres,
    })
    .returning({ id: utilisateurs.id });
  const tokens = await loginAs(portal.baseUrl, email, MOT_DE_PASSE);
  return { id: ligne.id, email, idIdp, token: tokens.accessToken, tokens };
}

async function poster(chemin: string, body: Record<string, unknown>, token?: string) {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function posterFormulaire(chemin: string, body: URLSearchParams, token: string) {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Bearer ${token}`,
    },
    body: body.toString(),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function lire(chemin: string, token?: string) {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

/** The token of the e-mail change link in a mail's plain text. */
function jetonDe(text: string): string {
  const lien = new RegExp(`${portal.baseUrl}/account/confirmation-email\\?token=([\\w-]+)`).exec(
    text,
  );
  if (!lien) throw new Error(`Pas de lien dans : ${text}`);
  return lien[1];
}

/** POST /api/user/token-mail/changement for `email`, proved by `motDePasse` (the right one by default). */
const demanderChangement = (token: string, email: string, motDePasse = MOT_DE_PASSE) =>
  poster("/user/token-mail/changement", { email, motDePasseActuel: motDePasse }, token);

/** The addresses of the account's pending e-mail change links. */
async function liensEnAttente(idIdp: string): Promise<(string | null)[]> {
  const lignes = await portal.database.db
    .select({ adresse: jetonsEmail.nouvelleAdresse })
    .from(jetonsEmail)
    .innerJoin(utilisateurs, eq(utilisateurs.id, jetonsEmail.utilisateurId))
    .where(and(eq(utilisateurs.idIdp, idIdp), eq(jetonsEmail.type, "changement_email")));
  return lignes.map((ligne) => ligne.adresse);
}

const verifier = (jeton: string) =>
  lire(`/user/token-mail/changement?token=${encodeURIComponent(jeton)}`);
const confirmer = (jeton: string) => poster("/user/token-mail/confirmation", { token: jeton });

async function emailEnBase(idIdp: string): Promise<string> {
  const [ligne] = await portal.database.db
    .select({ email: utilisateurs.email })
    .from(utilisateurs)
    .where(eq(utilisateurs.idIdp, idIdp));
  return ligne.email;
}

describe("changement d'adresse électronique", () => {
  it("envoie un lien à la nouvelle adresse, prévient l'ancienne, ne change l'identifiant qu'à la confirmation", async () => {
    const moi = await compte(["instructeur"]);
    const nouvelle = `${MARQUE}-nouvelle-${compteur}@exemple.fr`;
    const demande = await poster(
      "/user/token-mail/changement",
      { email: ` ${nouvelle.toUpperCase()} `, motDePasseActuel: MOT_DE_PASSE },
      moi.token,
    );
    expect(demande).toEqual({ status: 202, body: { email: nouvelle } });
    const lien = await smtp.attendre(nouvelle);
    expect(lien.subject).toBe("Confirmez votre nouvelle adresse électronique");
    const information = await smtp.attendre(moi.email);
    expect(information.subject).toBe("Demande de changement de votre adresse électronique");
    expect(information.text).not.toContain(nouvelle);
    const jeton = jetonDe(lien.text);

    // Nothing changes before the link is followed: the old address still signs in.
    expect(await emailEnBase(moi.idIdp)).toBe(moi.email);
    await loginAs(portal.baseUrl, moi.email, MOT_DE_PASSE);
    expect(await verifier(jeton)).toEqual({
      status: 200,
      body: { isEmailTokenValid: true, email: nouvelle },
    });

    expect(await confirmer(jeton)).toEqual({ status: 200, body: { email: nouvelle } });
    expect(await emailEnBase(moi.idIdp)).toBe(nouvelle);
    // The embedded provider's login is now the new address, and only it.
    const connexion = await loginAs(portal.baseUrl, nouvelle, MOT_DE_PASSE);
    expect((await lire("/user/account", connexion.accessToken)).body.email).toBe(nouvelle);
    await expect(loginAs(portal.baseUrl, moi.email, MOT_DE_PASSE)).rejects.toThrow();
    // Every session of the account ended at the confirmation (other than the new sign-in).
    const refresh = await fetch(
      `${portal.baseUrl}/realms/mar_users/protocol/openid-connect/token`,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: moi.tokens.refreshToken,
          client_id: "mar_frontend",
        }).toString(),
      },
    );
    expect(refresh.status).toBe(400);
  });

  it("refuse un lien déjà utilisé", async () => {
    const moi = await compte(["crhh"]);
    const nouvelle = `${MARQUE}-reutilise-${compteur}@exemple.fr`;
    expect((await demanderChangement(moi.token, nouvelle)).status).toBe(202);
    const jeton = jetonDe((await smtp.attendre(nouvelle)).text);
    expect((await confirmer(jeton)).status).toBe(200);
    expect(await confirmer(jeton)).toEqual({ status: 422, body: { detail: LIEN_PLUS_VALABLE } });
    expect(await verifier(jeton)).toEqual({
      status: 200,
      body: { isEmailTokenValid: false, email: null },
    });
  });

  it("refuse un lien expiré (24 heures) et ne change rien", async () => {
    const moi = await compte(["instructeur"]);
    const nouvelle = `${MARQUE}-expire-${compteur}@exemple.fr`;
    expect((await demanderChangement(moi.token, nouvelle)).status).toBe(202);
    const jeton = jetonDe((await smtp.attendre(nouvelle)).text);
    portal.horloge.avancer(24 * HEURE + 1000);
    try {
      expect((await verifier(jeton)).body).toEqual({ isEmailTokenValid: false, email: null });
      expect(await confirmer(jeton)).toEqual({ status: 422, body: { detail: LIEN_PLUS_VALABLE } });
    } finally {
      portal.horloge.avancer(-(24 * HEURE + 1000));
    }
    expect(await emailEnBase(moi.idIdp)).toBe(moi.email);
  });

  it("refuse un lien inconnu ou absent", async () => {
    expect(await confirmer("inconnu")).toEqual({
      status: 422,
      body: { detail: LIEN_PLUS_VALABLE },
    });
    expect((await poster("/user/token-mail/confirmation", {})).status).toBe(422);
    expect((await lire("/user/token-mail/changement")).body.isEmailTokenValid).toBe(false);
  });

  it("répond pour une adresse déjà utilisée comme pour une libre et prévient son titulaire", async () => {
    const moi = await compte(["instructeur"]);
    const autre = await compte(["crhh"]);
    const libre = `${MARQUE}-libre-${compteur}@exemple.fr`;
    expect(await demanderChangement(moi.token, autre.email.toUpperCase())).toEqual({
      status: 202,
      body: { email: autre.email },
    });
    const avis = await smtp.attendre(autre.email);
    expect(avis.subject).toBe("Votre adresse électronique a été proposée pour un autre compte");
    expect(avis.text).not.toContain("/account/confirmation-email");
    expect(await smtp.attendre(moi.email)).toMatchObject({
      subject: "Demande de changement de votre adresse électronique",
    });
    // No link exists for the taken address: nothing could confirm it.
    expect(await liensEnAttente(moi.idIdp)).toEqual([]);
    expect(await demanderChangement(moi.token, libre)).toEqual({
      status: 202,
      body: { email: libre },
    });
    expect(await liensEnAttente(moi.idIdp)).toEqual([libre]);

    const invalide = await demanderChangement(moi.token, "pas-une-adresse");
    expect(invalide.status).toBe(422);
    expect(invalide.body.errors.email).toEqual(["Cet email n'est pas valide"]);
    expect(
      (
        await poster("/user/token-mail/changement", {
          email: "x@exemple.fr",
          motDePasseActuel: MOT_DE_PASSE,
        })
      ).status,
    ).toBe(401);
  });

  it("exige le mot de passe actuel : sans lui ou faux, refus sur son champ et aucun courriel", async () => {
    const moi = await compte(["instructeur"]);
    const nouvelle = `${MARQUE}-sans-mdp-${compteur}@exemple.fr`;
    const avant = smtp.courriels.length;
    expect(await poster("/user/token-mail/changement", { email: nouvelle }, moi.token)).toEqual({
      status: 422,
      body: { detail: REQUIS, errors: { motDePasseActuel: [REQUIS] } },
    });
    expect(await demanderChangement(moi.token, nouvelle, "Faux-Mot-De-Passe-1!")).toEqual({
      status: 422,
      body: { detail: ACTUEL_FAUX, errors: { motDePasseActuel: [ACTUEL_FAUX] } },
    });
    expect(smtp.courriels.slice(avant)).toEqual([]);
    expect(await liensEnAttente(moi.idIdp)).toEqual([]);
  });

  it("limite les demandes par compte (5 par heure), sans courriel au-delà", async () => {
    const moi = await compte(["instructeur"]);
    for (let n = 1; n <= 5; n += 1) {
      const adresse = `${MARQUE}-rafale-${compteur}-${n}@exemple.fr`;
      expect((await demanderChangement(moi.token, adresse)).status).toBe(202);
      await smtp.attendre(adresse);
      await smtp.attendre(moi.email);
    }
    const avant = smtp.courriels.length;
    const sixieme = await fetch(`${portal.baseUrl}/api/user/token-mail/changement`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${moi.token}` },
      body: JSON.stringify({
        email: `${MARQUE}-rafale-${compteur}-6@exemple.fr`,
        motDePasseActuel: MOT_DE_PASSE,
      }),
    });
    expect(sixieme.status).toBe(429);
    expect(sixieme.headers.get("retry-after")).toBe("3600");
    expect(await sixieme.json()).toEqual({
      message:
        "Trop de demandes ont été faites en peu de temps. Veuillez réessayer dans 60 minutes.",
      retryAfter: 3600,
    });
    expect(smtp.courriels.slice(avant)).toEqual([]);
  });

  it("meurt avec le mot de passe : un lien demandé avant un changement de mot de passe ne vaut plus", async () => {
    const moi = await compte(["instructeur"]);
    const nouvelle = `${MARQUE}-avant-changement-${compteur}@exemple.fr`;
    expect((await demanderChangement(moi.token, nouvelle)).status).toBe(202);
    const jeton = jetonDe((await smtp.attendre(nouvelle)).text);
    expect(
      (
        await posterFormulaire(
          "/user/mot-de-passe",
          new URLSearchParams({
            motDePasseActuel: MOT_DE_PASSE,
            motDePasse: NOUVEAU,
            confirmation: NOUVEAU,
          }),
          moi.token,
        )
      ).status,
    ).toBe(204);
    expect(await verifier(jeton)).toEqual({
      status: 200,
      body: { isEmailTokenValid: false, email: null },
    });
    expect(await confirmer(jeton)).toEqual({ status: 422, body: { detail: LIEN_PLUS_VALABLE } });
    expect(await emailEnBase(moi.idIdp)).toBe(moi.email);
  });

  it("meurt avec le mot de passe : un lien demandé avant une réinitialisation ne vaut plus", async () => {
    const moi = await compte(["instructeur"]);
    const nouvelle = `${MARQUE}-avant-oubli-${compteur}@exemple.fr`;
    expect((await demanderChangement(moi.token, nouvelle)).status).toBe(202);
    const jeton = jetonDe((await smtp.attendre(nouvelle)).text);
    const courriels: { text: string }[] = [];
    const maintenant = () => portal.horloge.now();
    expect(
      await demanderReinitialisation(
        {
          database: portal.database,
          mailer: { envoyer: async (courriel) => void courriels.push(courriel) },
          now: maintenant,
          baseRealm: `${portal.baseUrl}/realms/mar_users`,
        },
        moi.email,
      ),
    ).toBe(true);
    const reinitialisation = /token=([\w-]+)/.exec(courriels[0].text)?.[1] ?? "";
    expect(
      await reinitialiserMotDePasse(
        { database: portal.database, now: maintenant },
        { jeton: decodeURIComponent(reinitialisation), motDePasse: NOUVEAU, confirmation: NOUVEAU },
      ),
    ).toEqual({ statut: "modifie", idIdp: moi.idIdp });
    expect(await verifier(jeton)).toEqual({
      status: 200,
      body: { isEmailTokenValid: false, email: null },
    });
    expect(await confirmer(jeton)).toEqual({ status: 422, body: { detail: LIEN_PLUS_VALABLE } });
    expect(await emailEnBase(moi.idIdp)).toBe(moi.email);
  });
});

describe("changement de mot de passe", () => {
  const changer = (token: string, champs: Record<string, string>) =>
    posterFormulaire("/user/mot-de-passe", new URLSearchParams(champs), token);

  it("termine toutes les sessions sauf la courante", async () => {
    const moi = await compte(["instructeur"]);
    const ailleurs = await loginAs(portal.baseUrl, moi.email, MOT_DE_PASSE);
    const expiresAt = new Date(Date.now() + HEURE);
    const courante = `cp-courante-${randomUUID()}`;
    const autre = `cp-autre-${randomUUID()}`;
    for (const [id, jetons] of [
      [courante, moi.tokens],
      [autre, ailleurs],
    ] as const)
      await portal.database.db.insert(sessions).values({
        id,
        data: {
          accessToken: jetons.accessToken,
          refreshToken: jetons.refreshToken,
          expiresAt: 0,
          user: { idIdp: moi.idIdp },
        },
        expiresAt,
      });

    expect(
      await changer(moi.token, {
        motDePasseActuel: MOT_DE_PASSE,
        motDePasse: NOUVEAU,
        confirmation: NOUVEAU,
      }),
    ).toEqual({ status: 204, body: undefined });

    const restantes = await portal.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, courante));
    expect(restantes).toHaveLength(1);
    expect(
      await portal.database.db.select().from(sessions).where(eq(sessions.id, autre)),
    ).toHaveLength(0);
    const rafraichir = (refreshToken: string) =>
      fetch(`${portal.baseUrl}/realms/mar_users/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: "mar_frontend",
        }).toString(),
      });
    expect((await rafraichir(ailleurs.refreshToken)).status).toBe(400);
    expect((await rafraichir(moi.tokens.refreshToken)).status).toBe(200);
    // The new password signs in, the old one no more.
    await loginAs(portal.baseUrl, moi.email, NOUVEAU);
    await expect(loginAs(portal.baseUrl, moi.email, MOT_DE_PASSE)).rejects.toThrow();
    const reste = await portal.database.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(eq(oidcPayloads.id, ailleurs.refreshToken));
    expect(reste).toHaveLength(0);
  });

  it("refuse un mot de passe actuel faux, sans rien changer", async () => {
    const moi = await compte(["instructeur"]);
    expect(
      await changer(moi.token, {
        motDePasseActuel: "Faux-Mot-De-Passe-1!",
        motDePasse: NOUVEAU,
        confirmation: NOUVEAU,
      }),
    ).toEqual({
      status: 422,
      body: { detail: ACTUEL_FAUX, errors: { motDePasseActuel: [ACTUEL_FAUX] } },
    });
    await loginAs(portal.baseUrl, moi.email, MOT_DE_PASSE);
  });

  it("est limité comme la connexion : après 10 mots de passe actuels faux, 429 avant toute vérification", async () => {
    const moi = await compte(["instructeur"]);
    const faux = {
      motDePasseActuel: "Faux-Mot-De-Passe-1!",
      motDePasse: NOUVEAU,
      confirmation: NOUVEAU,
    };
    for (let n = 1; n <= 10; n += 1) expect((await changer(moi.token, faux)).status).toBe(422);
    // Counted before the check: even the right password waits now.
    const bloque = await fetch(`${portal.baseUrl}/api/user/mot-de-passe`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Bearer ${moi.token}`,
      },
      body: new URLSearchParams({ ...faux, motDePasseActuel: MOT_DE_PASSE }).toString(),
    });
    expect(bloque.status).toBe(429);
    expect(bloque.headers.get("retry-after")).toBe("900");
    expect(await bloque.json()).toEqual({
      message:
        "Trop de demandes ont été faites en peu de temps. Veuillez réessayer dans 15 minutes.",
      retryAfter: 900,
    });
    // The e-mail change checks the same counter.
    expect((await demanderChangement(moi.token, `${MARQUE}-bloque@exemple.fr`)).status).toBe(429);
    await loginAs(portal.baseUrl, moi.email, MOT_DE_PASSE);
    // Once the window is over, the right password goes through.
    portal.horloge.avancer(15 * 60 * 1000 + 1000);
    try {
      expect((await changer(moi.token, { ...faux, motDePasseActuel: MOT_DE_PASSE })).status).toBe(
        204,
      );
    } finally {
      portal.horloge.avancer(-(15 * 60 * 1000 + 1000));
    }
  });

  it("refuse un nouveau mot de passe égal à l'ancien, puis les règles de la spec", async () => {
    const moi = await compte(["superviseur"], { regions: ["11"], departements: [] });
    expect(
      await changer(moi.token, {
        motDePasseActuel: MOT_DE_PASSE,
        motDePasse: MOT_DE_PASSE,
        confirmation: MOT_DE_PASSE,
      }),
    ).toEqual({ status: 422, body: { detail: IDENTIQUE, errors: { motDePasse: [IDENTIQUE] } } });
    const faible = await changer(moi.token, {
      motDePasseActuel: MOT_DE_PASSE,
      motDePasse: "sansmajuscule1!",
      confirmation: "autre",
    });
    expect(faible.status).toBe(422);
    expect(faible.body.errors).toEqual({
      motDePasse: [REGLE],
      confirmation: ["Les valeurs ne sont pas égales"],
    });
    const court = await changer(moi.token, {
      motDePasseActuel: MOT_DE_PASSE,
      motDePasse: "Ab1!",
      confirmation: "Ab1!",
    });
    expect(court.body.errors.motDePasse).toContain(
      "Ce champ doit contenir au moins 12 caractères.",
    );
    await loginAs(portal.baseUrl, moi.email, MOT_DE_PASSE);
  });
});

describe("périmètre de supervision", () => {
  /** The demo delegation of Paris (DEMO_DATA seeds it): its départements lie in région 11. */
  async function serviceDeParis(): Promise<number> {
    const [service] = await portal.database.db
      .select({ id: serviceInstructeurDepartements.serviceInstructeurId })
      .from(serviceInstructeurDepartements)
      .where(eq(serviceInstructeurDepartements.codeDepartement, "75"));
    return service.id;
  }

  /** The account's history rows of kind "compte", oldest first. */
  async function historiqueDuCompte(id: string) {
    return portal.database.db
      .select({
        action: historique.action,
        acteurId: historique.acteurId,
        acteurRole: historique.acteurRole,
        donnees: historique.donnees,
      })
      .from(historique)
      .where(and(eq(historique.ressourceType, "compte"), eq(historique.ressourceId, id)))
      .orderBy(historique.id);
  }

  it("est enregistré dans la région du service (formulaire, listes répétées), avec sa ligne d'historique", async () => {
    const moi = await compte(
      ["superviseur"],
      { regions: [], departements: [] },
      { serviceInstructeurId: await serviceDeParis() },
    );
    // Île-de-France and its eight départements: what the form offers.
    expect((await lire("/user/account", moi.token)).body.borneSupervision).toEqual({
      regions: ["11"],
      departements: ["75", "77", "78", "91", "92", "93", "94", "95"],
    });
    const formulaire = new URLSearchParams();
    formulaire.append("regions[]", "11");
    formulaire.append("departements[]", "93");
    formulaire.append("departements[]", "75");
    formulaire.append("motDePasseActuel", MOT_DE_PASSE);
    expect(await posterFormulaire("/user/perimetre-supervision", formulaire, moi.token)).toEqual({
      status: 204,
      body: undefined,
    });
    expect((await lire("/user/account", moi.token)).body.perimetreSupervision).toEqual({
      regions: ["11"],
      departements: ["75", "93"],
    });
    expect(await historiqueDuCompte(moi.id)).toEqual([
      {
        action: "MODIFIER_PERIMETRE_SUPERVISION",
        acteurId: moi.id,
        acteurRole: "superviseur",
        donnees: {
          avant: { regions: [], departements: [] },
          apres: { regions: ["11"], departements: ["75", "93"] },
        },
      },
    ]);
  });

  it("refuse une région ou un département hors de la région du service, sans rien changer", async () => {
    const moi = await compte(
      ["superviseur"],
      { regions: ["11"], departements: [] },
      { serviceInstructeurId: await serviceDeParis() },
    );
    const region = await poster(
      "/user/perimetre-supervision",
      { regions: ["11", "76"], motDePasseActuel: MOT_DE_PASSE },
      moi.token,
    );
    expect(region).toEqual({
      status: 422,
      body: { detail: HORS_BORNE, errors: { regions: [HORS_BORNE] } },
    });
    const departement = await poster(
      "/user/perimetre-supervision",
      { departements: ["13"], motDePasseActuel: MOT_DE_PASSE },
      moi.token,
    );
    expect(departement.body.errors).toEqual({ departements: [HORS_BORNE] });
    expect((await lire("/user/account", moi.token)).body.perimetreSupervision).toEqual({
      regions: ["11"],
      departements: [],
    });
    expect(await historiqueDuCompte(moi.id)).toEqual([]);
  });

  it("sans service ni borne ouverte, tout choix est refusé ; une borne ouverte par l'administration est suivie", async () => {
    const sansService = await compte(["superviseur"], { regions: [], departements: [] });
    expect((await lire("/user/account", sansService.token)).body.borneSupervision).toEqual({
      regions: [],
      departements: [],
    });
    const refus = await poster(
      "/user/perimetre-supervision",
      { regions: ["11"], motDePasseActuel: MOT_DE_PASSE },
      sansService.token,
    );
    expect(refus.body.errors).toEqual({ regions: [HORS_BORNE] });

    // Provence-Alpes-Côte d'Azur opened, and the Rhône alone from Auvergne-Rhône-Alpes.
    const ouvert = await compte(
      ["superviseur"],
      { regions: [], departements: [] },
      { perimetreSupervisionAutorise: { regions: ["93"], departements: ["69"] } },
    );
    expect((await lire("/user/account", ouvert.token)).body.borneSupervision).toEqual({
      regions: ["93"],
      departements: ["04", "05", "06", "13", "69", "83", "84"],
    });
    expect(
      (
        await poster(
          "/user/perimetre-supervision",
          { regions: ["93"], departements: ["69"], motDePasseActuel: MOT_DE_PASSE },
          ouvert.token,
        )
      ).status,
    ).toBe(204);
    const voisin = await poster(
      "/user/perimetre-supervision",
      { departements: ["01"], motDePasseActuel: MOT_DE_PASSE },
      ouvert.token,
    );
    expect(voisin.body.errors).toEqual({ departements: [HORS_BORNE] });
  });

  it("demande le mot de passe actuel : absent ou faux, rien n'est enregistré", async () => {
    const moi = await compte(
      ["superviseur"],
      { regions: ["11"], departements: [] },
      { serviceInstructeurId: await serviceDeParis() },
    );
    const sans = await poster("/user/perimetre-supervision", { departements: ["75"] }, moi.token);
    expect(sans).toEqual({
      status: 422,
      body: { detail: REQUIS, errors: { motDePasseActuel: [REQUIS] } },
    });
    const faux = await poster(
      "/user/perimetre-supervision",
      { departements: ["75"], motDePasseActuel: "Pas-le-bon-2026!" },
      moi.token,
    );
    expect(faux).toEqual({
      status: 422,
      body: { detail: ACTUEL_FAUX, errors: { motDePasseActuel: [ACTUEL_FAUX] } },
    });
    expect((await lire("/user/account", moi.token)).body.perimetreSupervision).toEqual({
      regions: ["11"],
      departements: [],
    });
    expect(await historiqueDuCompte(moi.id)).toEqual([]);
  });

  it("est limité comme la connexion : après 10 mots de passe actuels faux, 429 même avec le bon", async () => {
    const moi = await compte(
      ["superviseur"],
      { regions: ["11"], departements: [] },
      { serviceInstructeurId: await serviceDeParis() },
    );
    const saisie = { departements: ["75"], motDePasseActuel: "Pas-le-bon-2026!" };
    for (let n = 1; n <= 10; n += 1)
      expect((await poster("/user/perimetre-supervision", saisie, moi.token)).status).toBe(422);
    const bloque = await poster(
      "/user/perimetre-supervision",
      { ...saisie, motDePasseActuel: MOT_DE_PASSE },
      moi.token,
    );
    expect(bloque).toEqual({
      status: 429,
      body: {
        message:
          "Trop de demandes ont été faites en peu de temps. Veuillez réessayer dans 15 minutes.",
        retryAfter: 900,
      },
    });
    expect(await historiqueDuCompte(moi.id)).toEqual([]);
  });

  it("refuse un choix vide ou un code inconnu", async () => {
    const moi = await compte(["superviseur"], { regions: ["11"], departements: [] });
    const vide = await poster(
      "/user/perimetre-supervision",
      { motDePasseActuel: MOT_DE_PASSE },
      moi.token,
    );
    expect(vide).toEqual({
      status: 422,
      body: { detail: PERIMETRE_REQUIS, errors: { regions: [PERIMETRE_REQUIS] } },
    });
    const inconnu = await poster(
      "/user/perimetre-supervision",
      { departements: ["99"], motDePasseActuel: MOT_DE_PASSE },
      moi.token,
    );
    expect(inconnu.status).toBe(422);
    expect(inconnu.body.errors).toEqual({ departements: ["Ce code n'existe pas"] });
    expect((await lire("/user/account", moi.token)).body.perimetreSupervision).toEqual({
      regions: ["11"],
      departements: [],
    });
  });

  it("403 pour un non-superviseur, qui n'a pas de borne", async () => {
    const instructeur = await compte(["instructeur"]);
    expect(
      (await poster("/user/perimetre-supervision", { regions: ["11"] }, instructeur.token)).status,
    ).toBe(403);
    expect((await lire("/user/account", instructeur.token)).body.borneSupervision).toBeNull();
  });
});

describe("borne des superviseurs (administration fonctionnelle)", () => {
  const ILE_DE_FRANCE = ["75", "77", "78", "91", "92", "93", "94", "95"];

  async function lireJson(chemin: string, token: string) {
    const reponse = await fetch(`${portal.baseUrl}/api${chemin}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: reponse.status, body: reponse.status === 200 ? await reponse.json() : null };
  }

  it("ouvre une région, puis la retire : le périmètre est ramené dans la borne, chaque changement est dans l'historique", async () => {
    const [service] = await portal.database.db
      .select({ id: serviceInstructeurDepartements.serviceInstructeurId })
      .from(serviceInstructeurDepartements)
      .where(eq(serviceInstructeurDepartements.codeDepartement, "75"));
    const superviseur = await compte(
      ["superviseur"],
      { regions: ["11"], departements: [] },
      { serviceInstructeurId: service.id, nom: "Aaaborne" },
    );
    const admin = await compte(["admin_fonctionnel"], undefined, {
      prenom: "Karima",
      nom: "Admin",
    });

    const liste = await lireJson("/administration/superviseurs", admin.token);
    expect(liste.status).toBe(200);
    expect(liste.body.find((ligne: { id: string }) => ligne.id === superviseur.id)).toEqual({
      id: superviseur.id,
      prenom: "Camille",
      nom: "Aaaborne",
      email: superviseur.email,
      service: "Délégation locale de l'Anah – Paris",
      perimetre: { regions: ["11"], departements: [] },
      borneOuverte: null,
      borne: { regions: ["11"], departements: ILE_DE_FRANCE },
      horsBorne: false,
    });

    // Provence-Alpes-Côte d'Azur opened beside Île-de-France: the superviseur may choose it.
    const ouvrir = new URLSearchParams([
      ["regions[]", "11"],
      ["regions[]", "93"],
      ["motDePasseActuel", MOT_DE_PASSE],
    ]);
    expect(
      (
        await posterFormulaire(
          `/administration/superviseurs/${superviseur.id}/borne`,
          ouvrir,
          admin.token,
        )
      ).status,
    ).toBe(204);
    expect(
      (
        await poster(
          "/user/perimetre-supervision",
          { regions: ["93"], motDePasseActuel: MOT_DE_PASSE },
          superviseur.token,
        )
      ).status,
    ).toBe(204);

    // Only the Bouches-du-Rhône left open: the perimeter (PACA) is cut to nothing.
    expect(
      (
        await poster(
          `/administration/superviseurs/${superviseur.id}/borne`,
          { departements: ["13"], motDePasseActuel: MOT_DE_PASSE },
          admin.token,
        )
      ).status,
    ).toBe(204);
    const detail = await lireJson(`/administration/superviseurs/${superviseur.id}`, admin.token);
    expect(detail.body).toMatchObject({
      perimetre: { regions: [], departements: [] },
      borneOuverte: { regions: [], departements: ["13"] },
      borne: { regions: [], departements: ["13"] },
      horsBorne: false,
    });
    expect(
      detail.body.historique.map(
        ({ date: _date, ...entree }: { date: string; [cle: string]: unknown }) => entree,
      ),
    ).toEqual([
      {
        action: "MODIFIER_PERIMETRE_SUPERVISION",
        acteur: "Karima Admin",
        acteurRole: "admin_fonctionnel",
        avant: { regions: ["93"], departements: [] },
        apres: { regions: [], departements: [] },
      },
      {
        action: "MODIFIER_BORNE_SUPERVISION",
        acteur: "Karima Admin",
        acteurRole: "admin_fonctionnel",
        avant: { regions: ["11", "93"], departements: [] },
        apres: { regions: [], departements: ["13"] },
      },
      {
        action: "MODIFIER_PERIMETRE_SUPERVISION",
        acteur: "Camille Aaaborne",
        acteurRole: "superviseur",
        avant: { regions: ["11"], departements: [] },
        apres: { regions: ["93"], departements: [] },
      },
      {
        action: "MODIFIER_BORNE_SUPERVISION",
        acteur: "Karima Admin",
        acteurRole: "admin_fonctionnel",
        avant: null,
        apres: { regions: ["11", "93"], departements: [] },
      },
    ]);

    // No code: back to the régions of his service.
    expect(
      (
        await poster(
          `/administration/superviseurs/${superviseur.id}/borne`,
          { motDePasseActuel: MOT_DE_PASSE },
          admin.token,
        )
      ).status,
    ).toBe(204);
    expect((await lire("/user/account", superviseur.token)).body.borneSupervision).toEqual({
      regions: ["11"],
      departements: ILE_DE_FRANCE,
    });
  });

  it("refuse sans le mot de passe de l'administrateur, un code inconnu, un autre rôle ; 403 hors administration", async () => {
    const superviseur = await compte(["superviseur"], { regions: [], departements: [] });
    const admin = await compte(["admin_fonctionnel"]);
    const chemin = `/administration/superviseurs/${superviseur.id}/borne`;
    expect(await poster(chemin, { regions: ["11"] }, admin.token)).toEqual({
      status: 422,
      body: { detail: REQUIS, errors: { motDePasseActuel: [REQUIS] } },
    });
    expect(
      (await poster(chemin, { regions: ["11"], motDePasseActuel: "Pas-le-bon-2026!" }, admin.token))
        .body.errors,
    ).toEqual({ motDePasseActuel: [ACTUEL_FAUX] });
    expect(
      (await poster(chemin, { departements: ["99"], motDePasseActuel: MOT_DE_PASSE }, admin.token))
        .body.errors,
    ).toEqual({ departements: ["Ce code n'existe pas"] });
    expect(
      (await lireJson(`/administration/superviseurs/${superviseur.id}`, admin.token)).body,
    ).toMatchObject({ borneOuverte: null, historique: [] });
    // An instructeur's id, a malformed one: 404; another role than admin_fonctionnel: 403.
    const instructeur = await compte(["instructeur"]);
    expect(
      (await lireJson(`/administration/superviseurs/${instructeur.id}`, admin.token)).status,
    ).toBe(404);
    expect((await lireJson("/administration/superviseurs/pas-un-uuid", admin.token)).status).toBe(
      404,
    );
    expect(
      (
        await poster(
          `/administration/superviseurs/${instructeur.id}/borne`,
          { regions: ["11"], motDePasseActuel: MOT_DE_PASSE },
          admin.token,
        )
      ).status,
    ).toBe(404);
    expect((await lireJson("/administration/superviseurs", superviseur.token)).status).toBe(403);
    expect((await poster(chemin, { regions: ["11"] }, superviseur.token)).status).toBe(403);
  });
});
