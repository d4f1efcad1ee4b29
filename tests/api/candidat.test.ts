/**
 * Applicant account creation over HTTP (spec §3 "Applicant account", §5
 * Accounts and Phone, §7, §8, §9): the portal sends its mails to a real SMTP
 * server started here, links are followed as a user would, and the clock is
 * moved to reach the 72-hour limit.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CGU_VERSION } from "../../contract/cgu.ts";
import { cleLuhnValide } from "../../contract/validation.ts";
import { jetonsEmail, societes, utilisateurs } from "../../api/db/schema.ts";
import { purgerComptesEnAttente } from "../../api/domain/creation-compte.ts";
import { CookieJar, fetchWithJar, loginAs, pkcePair } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";
import { startSmtpServer, type SmtpDeTest } from "../helpers/smtp.ts";

// The spec's texts (§5, §8), literal: a change of wording must break these tests.
const MESSAGE_LIEN_INVALIDE =
  "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.";
const MESSAGES = {
  requis: "Ce champ est requis",
  email: "Cet email n'est pas valide",
  egalite: "Les valeurs ne sont pas égales",
  motDePasse:
    "Le mot de passe doit contenir au moins une majuscule, une minuscule, un chiffre et un caractère spécial.",
  siren:
    "Ce SIREN est invalide : il doit comporter 9 chiffres (espaces acceptés) et correspondre à un numéro SIREN existant.",
  cgu: "Vous devez accepter les conditions générales d'utilisation.",
  donneesPersonnelles: "Vous devez accepter la politique de protection des données personnelles.",
} as const;
const MESSAGES_COMPTE_EXISTANT = {
  siren:
    "Un compte existe déjà pour ce SIREN : une seule structure candidate peut être inscrite par SIREN. Connectez-vous avec ce compte ou contactez le support (mar-agrement@anah.gouv.fr).",
  raisonSociale:
    "Un compte existe déjà pour cette raison sociale. Connectez-vous avec ce compte ou contactez le support (mar-agrement@anah.gouv.fr).",
} as const;
const MESSAGE_ENVOI_IMPOSSIBLE =
  "Le courriel de confirmation n'a pas pu être envoyé et votre compte n'a pas été créé. Veuillez réessayer plus tard.";
const MESSAGE_NOUVEAU_LIEN =
  "Si un compte en attente de confirmation correspond à cette adresse, un nouveau lien de confirmation vient de lui être envoyé. Il est valable 72 heures.";
const PENDING_ACCOUNT =
  "Votre compte n'est pas encore activé : confirmez votre adresse électronique en suivant le lien du courriel reçu lors de la création du compte. Si vous ne l'avez pas reçu ou s'il n'est plus valable, demandez un nouveau lien.";
const WRONG_CREDENTIALS = "Adresse électronique ou mot de passe incorrect.";

const MOT_DE_PASSE = "Renovation-2026!";
const HEURE = 3600 * 1000;
let portal: TestPortal;
let smtp: SmtpDeTest;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Every request of this file comes from one address: the per-IP limits
  // have their own tests in limites-publiques.test.ts.
  portal = await startTestPortal({
    SMTP_URL: smtp.url,
    SIGNUP_RATE_LIMIT_IP: "1000",
    CHECK_RATE_LIMIT_IP_MINUTE: "1000",
    CHECK_RATE_LIMIT_IP_HOUR: "1000",
  });
});

afterAll(async () => {
  await portal?.close();
  await smtp?.close();
});

/** A SIREN with a valid INSEE key, different on every call (and every run). */
function sirenUnique(): string {
  const base = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  for (let cle = 0; cle < 10; cle++) if (cleLuhnValide(base + cle)) return base + cle;
  throw new Error("inatteignable");
}

/** A valid account form for a new company; `changes` override fields. */
function formulaire(changes: Record<string, unknown> = {}) {
  const siren = sirenUnique();
  const email = `candidat-${siren}-${randomUUID().slice(0, 4)}@exemple.fr`;
  return {
    prenom: "Élise",
    nom: "Durand",
    email,
    emailConfirmation: email,
    motDePasse: MOT_DE_PASSE,
    motDePasseConfirmation: MOT_DE_PASSE,
    siren,
    raisonSociale: `Rénovation Conseil ${siren}`,
    qualites: ["qualityEcfr"],
    telephone: "01 23 45 67 89",
    acceptationCgu: true,
    acceptationDonneesPersonnelles: true,
    ...changes,
  };
}

async function envoyer(
  path: string,
  body: Record<string, unknown> | URLSearchParams,
  token?: string,
) {
  const form = body instanceof URLSearchParams;
  const response = await fetch(`${portal.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: form ? body.toString() : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function lire(path: string, token?: string) {
  const response = await fetch(`${portal.baseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: await response.json() };
}

/** The token of the confirmation link in a mail's plain-text part. */
function jetonDe(text: string): string {
  const lien = new RegExp(`${portal.baseUrl}/creation-compte/confirmation\\?token=([\\w-]+)`).exec(
    text,
  );
  if (!lien) throw new Error(`Pas de lien de confirmation dans : ${text}`);
  return lien[1];
}

/** Creates an account and returns its form and the token mailed to it. */
async function creerCompte(changes: Record<string, unknown> = {}) {
  const donnees = formulaire(changes);
  const creation = await envoyer("/api/candidate/create", donnees);
  expect(creation).toEqual({ status: 201, body: { email: donnees.email } });
  const courriel = await smtp.attendre(donnees.email);
  return { donnees, jeton: jetonDe(courriel.text), courriel };
}

const verifier = (jeton: string) =>
  lire(`/api/user/token-mail-check?token=${encodeURIComponent(jeton)}`);

async function utilisateur(email: string) {
  const [row] = await portal.database.db
    .select()
    .from(utilisateurs)
    .where(sql`lower(${utilisateurs.email}) = ${email.toLowerCase()}`);
  return row;
}

/**
 * Posts the identity provider's sign-in form like a browser (authorization
 * request, login page, form); returns the login page and the answer to the post.
 */
async function tenterConnexion(email: string, password: string) {
  const jar = new CookieJar();
  const issuer = `${portal.baseUrl}/realms/mar_users`;
  const { authorization_endpoint } = (await (
    await fetch(`${issuer}/.well-known/openid-configuration`)
  ).json()) as { authorization_endpoint: string };
  const authorize = new URL(authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: "mar_frontend",
    redirect_uri: `${portal.baseUrl}/account/callback`,
    response_type: "code",
    scope: "openid email profile",
    code_challenge: pkcePair().challenge,
    code_challenge_method: "S256",
    state: "etat",
    nonce: "nonce",
  }).toString();
  let url = authorize.href;
  let response = await fetchWithJar(jar, url);
  while (response.status >= 300 && response.status < 400) {
    url = new URL(response.headers.get("location")!, url).href;
    response = await fetchWithJar(jar, url);
  }
  const page = await response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)![1].replace(/&amp;/g, "&");
  const answer = await fetchWithJar(jar, new URL(action, url).href, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.baseUrl },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return { page, status: answer.status, body: await answer.text() };
}

/** Runs `test` with the portal's clock moved by `ms`, then puts it back. */
async function plusTard<T>(ms: number, test: () => Promise<T>): Promise<T> {
  const maintenant = portal.horloge.now();
  portal.horloge.avancer(ms);
  try {
    return await test();
  } finally {
    portal.horloge.regler(maintenant);
  }
}

describe("account creation, confirmation, sign-in and terms (spec §3, §9)", () => {
  it("mails a French link valid 72 h; following it activates the account, which signs in and accepts the terms", async () => {
    const { donnees, jeton, courriel } = await creerCompte();
    expect(courriel.subject).toBe(
      "Confirmez la création de votre compte Mon Accompagnateur Rénov'",
    );
    expect(courriel.text).toContain("Bonjour Élise Durand,");
    expect(courriel.text).toContain(
      `${portal.baseUrl}/creation-compte/confirmation?token=${jeton}`,
    );
    expect(courriel.text).toContain("Ce lien est valable 72 heures.");
    expect(courriel.html).toContain(
      `href="${portal.baseUrl}/creation-compte/confirmation?token=${jeton}"`,
    );

    const enAttente = await utilisateur(donnees.email);
    expect(enAttente).toMatchObject({
      statut: "en_attente",
      roles: ["demandeur"],
      prenom: "Élise",
      nom: "Durand",
      telephone: "01 23 45 67 89",
      cguVersionAcceptee: null,
    });
    expect(enAttente.passwordHash).toMatch(/^\$argon2id\$/);
    const [societe] = await portal.database.db
      .select()
      .from(societes)
      .where(eq(societes.id, enAttente.societeId!));
    expect(societe).toMatchObject({
      siren: donnees.siren,
      raisonSociale: donnees.raisonSociale,
      qualites: ["qualityEcfr"],
    });
    // Only the hash of the token is kept.
    const jetons = await portal.database.db
      .select()
      .from(jetonsEmail)
      .where(eq(jetonsEmail.utilisateurId, enAttente.id));
    expect(jetons).toHaveLength(1);
    expect(jetons[0].tokenHash).not.toContain(jeton);
    expect(jetons[0].expiresAt.getTime() - portal.horloge.now().getTime()).toBeGreaterThan(
      71.9 * HEURE,
    );

    expect(await verifier(jeton)).toEqual({ status: 200, body: { email: donnees.email } });
    expect((await utilisateur(donnees.email)).statut).toBe("actif");
    // A link works once.
    expect(await verifier(jeton)).toEqual({
      status: 422,
      body: { detail: MESSAGE_LIEN_INVALIDE },
    });

    const { accessToken } = await loginAs(portal.baseUrl, donnees.email, MOT_DE_PASSE);
    const avant = await lire("/api/user/account", accessToken);
    expect(avant.body).toMatchObject({
      email: donnees.email,
      roles: ["demandeur"],
      acceptedCgu: false,
      shallAcceptCgu: true,
      societe: { siren: donnees.siren, raisonSociale: donnees.raisonSociale },
    });

    const acceptation = await envoyer(
      "/api/user/accept-cgu",
      new URLSearchParams({ consentCgu: "on", consentMail: "on" }),
      accessToken,
    );
    expect(acceptation.status).toBe(204);
    const apres = await lire("/api/user/account", accessToken);
    expect(apres.body).toMatchObject({ acceptedCgu: true, shallAcceptCgu: false });
    const accepte = await utilisateur(donnees.email);
    expect(accepte.cguVersionAcceptee).toBe(CGU_VERSION);
    expect(accepte.consentementLre).toEqual(portal.horloge.now());
  });

  it("accepts form data with repeated qualites[] and a SIREN typed with spaces", async () => {
    const donnees = formulaire();
    const espace = `${donnees.siren.slice(0, 3)} ${donnees.siren.slice(3, 6)} ${donnees.siren.slice(6)}`;
    const form = new URLSearchParams();
    for (const [cle, valeur] of Object.entries({ ...donnees, siren: espace })) {
      if (cle === "qualites") continue;
      form.set(cle, valeur === true ? "on" : String(valeur));
    }
    form.append("qualites[]", "qualityEcfr");
    form.append("qualites[]", "qualityRGE");
    expect(await envoyer("/api/candidate/create", form)).toEqual({
      status: 201,
      body: { email: donnees.email },
    });
    const [societe] = await portal.database.db
      .select()
      .from(societes)
      .where(eq(societes.siren, donnees.siren));
    expect(societe.qualites).toEqual(["qualityEcfr", "qualityRGE"]);
    await smtp.attendre(donnees.email);
  });
});

describe("spec §5 rules of the account form (422 { detail, errors })", () => {
  const sirenCleFausse = (() => {
    const siren = sirenUnique();
    return siren.slice(0, 8) + String((Number(siren[8]) + 1) % 10);
  })();

  it.each([
    ["prenom", { prenom: "  " }, MESSAGES.requis],
    ["email", { email: "pas-une-adresse", emailConfirmation: "pas-une-adresse" }, MESSAGES.email],
    ["emailConfirmation", { emailConfirmation: "autre@exemple.fr" }, MESSAGES.egalite],
    [
      "motDePasse",
      { motDePasse: "Court-1a", motDePasseConfirmation: "Court-1a" },
      "Ce champ doit contenir au moins 12 caractères.",
    ],
    [
      "motDePasse",
      { motDePasse: "sans-majuscule-2026", motDePasseConfirmation: "sans-majuscule-2026" },
      MESSAGES.motDePasse,
    ],
    [
      "motDePasse",
      {
        motDePasse: "SansCaractereSpecial2026",
        motDePasseConfirmation: "SansCaractereSpecial2026",
      },
      MESSAGES.motDePasse,
    ],
    [
      "motDePasseConfirmation",
      { motDePasseConfirmation: "Autre-Mot-2026!" },
      "Les valeurs ne sont pas égales",
    ],
    ["siren", { siren: sirenCleFausse }, MESSAGES.siren],
    ["siren", { siren: "12345" }, MESSAGES.siren],
    [
      "telephone",
      { telephone: "06 12 34" },
      "Le numéro de téléphone saisi : 06 12 34 ne correspond pas au format demandé",
    ],
    ["qualites", { qualites: [] }, "Veuillez choisir au moins une qualité."],
    ["acceptationCgu", { acceptationCgu: false }, MESSAGES.cgu],
    [
      "acceptationDonneesPersonnelles",
      { acceptationDonneesPersonnelles: undefined },
      MESSAGES.donneesPersonnelles,
    ],
  ])("%s: %j → its message", async (champ, changes, message) => {
    const donnees = formulaire(changes);
    const answer = await envoyer("/api/candidate/create", donnees);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[champ]).toContain(message);
    expect(answer.body.detail).toContain(message);
    // Nothing was created.
    expect(
      (await lire(`/api/user/check/raisonSociale/${encodeURIComponent(donnees.raisonSociale)}`))
        .body,
    ).toEqual({ exists: false });
  });

  it("accepts the phone prefixes of spec §5 (+33, overseas)", async () => {
    for (const telephone of ["+33 6 12 34 56 78", "+590 6 90 12 34 56", "+262 6 92 12 34 56"]) {
      const donnees = formulaire({ telephone });
      const answer = await envoyer("/api/candidate/create", donnees);
      expect(answer.status, `${telephone} : ${JSON.stringify(answer.body)}`).toBe(201);
      await smtp.attendre(donnees.email);
    }
  });
});

describe("one account per company (spec §5, §8 « existing account »)", () => {
  it("answers 409 with the field and an invitation to sign in or contact support", async () => {
    const { donnees } = await creerCompte();
    const siren = `${donnees.siren.slice(0, 3)} ${donnees.siren.slice(3)}`;
    // An e-mail already used gets no 409: limites-publiques.test.ts.
    const cas = [
      [{ siren }, "siren"],
      [{ raisonSociale: donnees.raisonSociale.toUpperCase().replace("É", "E") }, "raisonSociale"],
    ] as const;
    for (const [changes, champ] of cas) {
      const answer = await envoyer("/api/candidate/create", formulaire(changes));
      expect(answer).toEqual({
        status: 409,
        body: { champ, message: MESSAGES_COMPTE_EXISTANT[champ] },
      });
      expect(answer.body.message).toMatch(/Connectez-vous .* contactez le support/);
    }
  });

  it("lets only one of concurrent creations for the same SIREN through, the others get 409", async () => {
    const siren = sirenUnique();
    const reponses = await Promise.all(
      [1, 2, 3].map((n) =>
        envoyer(
          "/api/candidate/create",
          formulaire({ siren, raisonSociale: `Concurrente ${n} ${siren}` }),
        ),
      ),
    );
    expect(reponses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const reponse of reponses.filter((r) => r.status === 409))
      expect(reponse.body.champ).toBe("siren");
    const comptes = await portal.database.db
      .select({ id: utilisateurs.id })
      .from(utilisateurs)
      .innerJoin(societes, eq(societes.id, utilisateurs.societeId))
      .where(eq(societes.siren, siren));
    expect(comptes).toHaveLength(1);
  });

  it("lets only one of concurrent creations for the same company name through", async () => {
    const nom = `Même Nom ${randomUUID()}`;
    const reponses = await Promise.all(
      [nom, nom.toLowerCase()].map((raisonSociale) =>
        envoyer("/api/candidate/create", formulaire({ raisonSociale })),
      ),
    );
    expect(reponses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(reponses.find((r) => r.status === 409)?.body.champ).toBe("raisonSociale");
  });

  it("creates nothing and answers 503 when the confirmation mail cannot be sent", async () => {
    const donnees = formulaire();
    smtp.refuser(donnees.email);
    expect(await envoyer("/api/candidate/create", donnees)).toEqual({
      status: 503,
      body: { message: MESSAGE_ENVOI_IMPOSSIBLE },
    });
    for (const [champ, valeur] of [
      ["siren", donnees.siren],
      ["raisonSociale", donnees.raisonSociale],
    ]) {
      expect((await lire(`/api/user/check/${champ}/${encodeURIComponent(valeur)}`)).body).toEqual({
        exists: false,
      });
    }
    expect(await utilisateur(donnees.email)).toBeUndefined();
    // The user tries again with another address: the SIREN is still free.
    const autre = `autre-${donnees.email}`;
    const nouvelEssai = await envoyer("/api/candidate/create", {
      ...donnees,
      email: autre,
      emailConfirmation: autre,
    });
    expect(nouvelEssai.status).toBe(201);
    await smtp.attendre(autre);
  });
});

describe("GET /api/user/check/{field}/{value} (spec §7)", () => {
  it("tells whether a SIREN or company name is taken, ignoring case, spaces and accents", async () => {
    const { donnees } = await creerCompte({ raisonSociale: `Énergie & Habitat ${randomUUID()}` });
    const check = async (champ: string, valeur: string) =>
      lire(`/api/user/check/${champ}/${encodeURIComponent(valeur)}`);
    expect(
      (
        await check(
          "siren",
          `${donnees.siren.slice(0, 3)} ${donnees.siren.slice(3, 6)} ${donnees.siren.slice(6)}`,
        )
      ).body,
    ).toEqual({ exists: true });
    expect(
      (await check("raisonSociale", ` ${donnees.raisonSociale.toUpperCase().replace("É", "E")} `))
        .body,
    ).toEqual({ exists: true });
    expect((await check("siren", sirenUnique())).body).toEqual({ exists: false });
    expect((await check("raisonSociale", `Inconnue ${randomUUID()}`)).body).toEqual({
      exists: false,
    });
    expect((await check("telephone", "0123456789")).status).toBe(404);
    // Not the e-mail: nobody learns which addresses have an account.
    expect((await check("email", donnees.email)).status).toBe(404);
  });
});

describe("confirmation links (spec §8, §9)", () => {
  it("refuses a missing, unknown or expired link with the spec's message", async () => {
    expect(await lire("/api/user/token-mail-check")).toEqual({
      status: 422,
      body: { detail: MESSAGE_LIEN_INVALIDE },
    });
    expect(await verifier("inconnu")).toEqual({
      status: 422,
      body: { detail: MESSAGE_LIEN_INVALIDE },
    });

    const { donnees, jeton } = await creerCompte();
    await plusTard(73 * HEURE, async () => {
      expect(await verifier(jeton)).toEqual({
        status: 422,
        body: { detail: MESSAGE_LIEN_INVALIDE },
      });
    });
    expect((await utilisateur(donnees.email)).statut).toBe("en_attente");
  });

  it("sends a new link on request: the new one works, the old one no longer does", async () => {
    const { donnees, jeton: ancien } = await creerCompte();
    const demande = await envoyer("/api/user/token-mail", { email: donnees.email.toUpperCase() });
    expect(demande).toEqual({ status: 202, body: { message: MESSAGE_NOUVEAU_LIEN } });
    const courriel = await smtp.attendre(donnees.email);
    expect(courriel.text).toContain("Ce lien est valable 72 heures.");
    const nouveau = jetonDe(courriel.text);
    expect(nouveau).not.toBe(ancien);
    expect((await verifier(ancien)).status).toBe(422);
    expect(await verifier(nouveau)).toEqual({ status: 200, body: { email: donnees.email } });
  });

  it("keeps the previous link when the new one cannot be mailed (still 202)", async () => {
    const { donnees, jeton } = await creerCompte();
    smtp.refuser(donnees.email);
    expect(await envoyer("/api/user/token-mail", { email: donnees.email })).toEqual({
      status: 202,
      body: { message: MESSAGE_NOUVEAU_LIEN },
    });
    expect(await verifier(jeton)).toEqual({ status: 200, body: { email: donnees.email } });
  });

  it("answers the same 202 for an unknown or already active address, and mails nothing", async () => {
    const inconnu = `inconnu-${randomUUID()}@exemple.fr`;
    expect(await envoyer("/api/user/token-mail", new URLSearchParams({ email: inconnu }))).toEqual({
      status: 202,
      body: { message: MESSAGE_NOUVEAU_LIEN },
    });
    const { donnees, jeton } = await creerCompte();
    await verifier(jeton);
    expect(await envoyer("/api/user/token-mail", { email: donnees.email })).toEqual({
      status: 202,
      body: { message: MESSAGE_NOUVEAU_LIEN },
    });
    await expect(smtp.attendre(inconnu, 500)).rejects.toThrow();
    await expect(smtp.attendre(donnees.email, 500)).rejects.toThrow();
    expect((await envoyer("/api/user/token-mail", { email: "pas-une-adresse" })).status).toBe(422);
  });
});

describe("sign-in of the embedded identity provider", () => {
  it("offers « Créer un compte » on the sign-in page", async () => {
    const { page } = await tenterConnexion("personne@exemple.fr", "x");
    expect(page).toContain(`href="${portal.baseUrl}/creation-compte"`);
    expect(page).toContain("Créer un compte");
  });

  it("refuses a pending account with the right password, pointing to a new link; a wrong password learns nothing", async () => {
    const { donnees } = await creerCompte();
    const enAttente = await tenterConnexion(donnees.email, MOT_DE_PASSE);
    expect(enAttente.status).toBe(403);
    expect(enAttente.body).toContain("Votre compte n&#39;est pas encore activé");
    expect(enAttente.body).toContain(PENDING_ACCOUNT.replace(/'/g, "&#39;"));
    expect(enAttente.body).toContain(`href="${portal.baseUrl}/creation-compte/nouveau-lien"`);
    await expect(loginAs(portal.baseUrl, donnees.email, MOT_DE_PASSE)).rejects.toThrow("HTTP 403");

    const mauvais = await tenterConnexion(donnees.email, "Mauvais-Mot-2026!");
    expect(mauvais.status).toBe(401);
    expect(mauvais.body).toContain(WRONG_CREDENTIALS);
    expect(mauvais.body).not.toContain("pas encore activé");
  });
});

describe("POST /api/user/accept-cgu (spec §3 Terms form, §6)", () => {
  it("requires both consents (422), a signed-in user (401) and the demandeur role (403)", async () => {
    const { accessToken } = await loginAs(
      portal.baseUrl,
      "demandeur@demo.anah.gouv.fr",
      "Anah-Demo-2026!",
    );
    const sansMail = await envoyer("/api/user/accept-cgu", { consentCgu: true }, accessToken);
    expect(sansMail.status).toBe(422);
    expect(sansMail.body.errors.consentMail).toEqual([
      "Vous devez accepter de recevoir les notifications par lettre recommandée électronique.",
    ]);
    const sansCgu = await envoyer(
      "/api/user/accept-cgu",
      new URLSearchParams({ consentMail: "on" }),
      accessToken,
    );
    expect(sansCgu.body.errors.consentCgu).toEqual([MESSAGES.cgu]);

    expect(
      (await envoyer("/api/user/accept-cgu", { consentCgu: true, consentMail: true })).status,
    ).toBe(401);
    const instructeur = await loginAs(
      portal.baseUrl,
      "instructeur@demo.anah.gouv.fr",
      "Anah-Demo-2026!",
    );
    expect(
      await envoyer(
        "/api/user/accept-cgu",
        { consentCgu: true, consentMail: true },
        instructeur.accessToken,
      ),
    ).toEqual({ status: 403, body: { message: "Forbidden" } });
  });
});

describe("purge of unconfirmed accounts (DESIGN §5, spec §9)", () => {
  it("deletes pending accounts 72 h old with their company, keeps confirmed ones and renewed links; idempotent", async () => {
    const oublie = await creerCompte();
    const confirme = await creerCompte();
    expect((await verifier(confirme.jeton)).status).toBe(200);
    const relance = await creerCompte();

    // Still within the window: nothing goes.
    await plusTard(71 * HEURE, async () => {
      await purgerComptesEnAttente(portal.database, portal.horloge);
      expect(await utilisateur(oublie.donnees.email)).toBeDefined();
      // The third applicant asks for a new link at 71 h: 72 more hours.
      await envoyer("/api/user/token-mail", { email: relance.donnees.email });
      await smtp.attendre(relance.donnees.email);
    });

    await plusTard(73 * HEURE, async () => {
      expect(await purgerComptesEnAttente(portal.database, portal.horloge)).toBeGreaterThanOrEqual(
        1,
      );
      expect(await utilisateur(oublie.donnees.email)).toBeUndefined();
      expect((await lire(`/api/user/check/siren/${oublie.donnees.siren}`)).body).toEqual({
        exists: false,
      });
      expect(await utilisateur(confirme.donnees.email)).toMatchObject({ statut: "actif" });
      expect((await lire(`/api/user/check/siren/${confirme.donnees.siren}`)).body).toEqual({
        exists: true,
      });
      expect(await utilisateur(relance.donnees.email)).toMatchObject({ statut: "en_attente" });
      expect(await purgerComptesEnAttente(portal.database, portal.horloge)).toBe(0);
    });
    // The company name and SIREN of the forgotten account are free again.
    const recree = await envoyer("/api/candidate/create", {
      ...formulaire(),
      siren: oublie.donnees.siren,
      raisonSociale: oublie.donnees.raisonSociale,
    });
    expect(recree.status).toBe(201);
    await smtp.attendre(recree.body.email);
  });
});
