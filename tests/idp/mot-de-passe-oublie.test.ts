/**
 * "Mot de passe oublié ?" of the embedded identity provider
 * (idp/reinitialisation.ts and idp/mot-de-passe-oublie.ts): the link's rules
 * (single use, one hour on the portal's clock, hash only at rest), the
 * password rules, the end of every session, and the pages over HTTP (same
 * answer for any address, mail only for an account, limits). Real database:
 * PostgreSQL when DATABASE_URL is set, an in-memory PGlite otherwise.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jetonsEmail, oidcPayloads, sessions, utilisateurs } from "../../api/db/schema.ts";
import { verifyCredentials } from "../../idp/accounts.ts";
import {
  demanderReinitialisation,
  lienReinitialisationValable,
  reinitialiserMotDePasse,
} from "../../idp/reinitialisation.ts";
import { CookieJar, fetchWithJar, loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const ANCIEN = "Ancien-Mot-2026!";
const NOUVEAU = "Nouveau-Mot-2026?";
const LIEN_PLUS_VALABLE =
  "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.";

let portal: TestPortal;
let ancienHash: string;
let issuer: string;

beforeAll(async () => {
  portal = await startTestPortal({ LOGIN_RATE_LIMIT_IP: "1000", LOGIN_RATE_LIMIT_ACCOUNT: "3" });
  ancienHash = await hash(ANCIEN);
  issuer = `${portal.baseUrl}/realms/mar_users`;
});

afterAll(async () => {
  await portal?.close();
});

/** A fresh account with a unique address (shared PostgreSQL runs never collide). */
async function compte(statut: "actif" | "en_attente" = "actif") {
  const suffix = randomBytes(6).toString("hex");
  const [row] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `test-reinit-${suffix}`,
      email: `Oubli.${suffix}@test.anah.gouv.fr`,
      prenom: "Camille",
      nom: "Martin",
      passwordHash: ancienHash,
      roles: ["instructeur"],
      statut,
    })
    .returning();
  return row;
}

/** A mailer that keeps what it is given; `echoue` makes it refuse. */
function boite(echoue = false) {
  const courriels: { to: string; subject: string; text: string }[] = [];
  return {
    courriels,
    async envoyer(message: { to: string; subject: string; text: string; html: string }) {
      if (echoue) throw new Error("relais indisponible");
      courriels.push(message);
    },
  };
}

/** The token of the link in a mail's text. */
function jetonDu(texte: string): string {
  const lien = /https?:\/\/\S+\/mot-de-passe-oublie\/nouveau\?token=(\S+)/.exec(texte);
  if (!lien) throw new Error(`Pas de lien dans : ${texte}`);
  return decodeURIComponent(lien[1]);
}

const horloge = () => portal.horloge.now();

async function demander(email: string, mailer = boite()) {
  const envoye = await demanderReinitialisation(
    { database: portal.database, mailer, now: horloge, baseRealm: issuer },
    email,
  );
  return { envoye, mailer };
}

describe("the reset link", () => {
  it("is mailed to an active account only, and only its hash is stored", async () => {
    const inconnu = await demander(`personne.${randomBytes(4).toString("hex")}@test.anah.gouv.fr`);
    expect(inconnu.envoye).toBe(false);
    expect(inconnu.mailer.courriels).toEqual([]);
    const enAttente = await compte("en_attente");
    expect((await demander(enAttente.email)).mailer.courriels).toEqual([]);

    const actif = await compte();
    // Case and spaces of the typed address do not matter.
    const { envoye, mailer } = await demander(`  ${actif.email.toUpperCase()} `);
    expect(envoye).toBe(true);
    expect(mailer.courriels.map((courriel) => courriel.to)).toEqual([actif.email]);
    expect(mailer.courriels[0].subject).toBe(
      "Réinitialisation de votre mot de passe Mon Accompagnateur Rénov'",
    );
    expect(mailer.courriels[0].text).toContain("Ce lien est valable 1 heure");
    const jeton = jetonDu(mailer.courriels[0].text);
    const stockes = await portal.database.db
      .select()
      .from(jetonsEmail)
      .where(eq(jetonsEmail.utilisateurId, actif.id));
    expect(stockes.map((ligne) => ligne.tokenHash)).toEqual([
      createHash("sha256").update(jeton).digest("hex"),
    ]);
    expect(stockes[0].type).toBe("reinitialisation_mot_de_passe");
  });

  it("is valid for one hour on the portal's clock", async () => {
    const actif = await compte();
    const jeton = jetonDu((await demander(actif.email)).mailer.courriels[0].text);
    portal.horloge.avancer(59 * 60_000);
    expect(await lienReinitialisationValable(portal.database, jeton, horloge())).toBe(true);
    portal.horloge.avancer(60_000);
    expect(await lienReinitialisationValable(portal.database, jeton, horloge())).toBe(false);
    const resultat = await reinitialiserMotDePasse(
      { database: portal.database, now: horloge },
      { jeton, motDePasse: NOUVEAU, confirmation: NOUVEAU },
    );
    expect(resultat).toEqual({ statut: "lien_invalide" });
    expect((await verifyCredentials(portal.database, actif.email, ANCIEN)).status).toBe("ok");
  });

  it("serves once; a new request withdraws the previous link", async () => {
    const actif = await compte();
    const premier = jetonDu((await demander(actif.email)).mailer.courriels[0].text);
    const second = jetonDu((await demander(actif.email)).mailer.courriels[0].text);
    expect(await lienReinitialisationValable(portal.database, premier, horloge())).toBe(false);

    const deps = { database: portal.database, now: horloge };
    const saisie = { jeton: second, motDePasse: NOUVEAU, confirmation: NOUVEAU };
    expect(await reinitialiserMotDePasse(deps, saisie)).toEqual({
      statut: "modifie",
      idIdp: actif.idIdp,
    });
    expect((await verifyCredentials(portal.database, actif.email, NOUVEAU)).status).toBe("ok");
    expect((await verifyCredentials(portal.database, actif.email, ANCIEN)).status).toBe("invalid");
    const encore = {
      jeton: second,
      motDePasse: "Troisieme-Mot-2026!",
      confirmation: "Troisieme-Mot-2026!",
    };
    expect(await reinitialiserMotDePasse(deps, encore)).toEqual({ statut: "lien_invalide" });
  });

  it("is withdrawn when its mail cannot be sent", async () => {
    const actif = await compte();
    await expect(demander(actif.email, boite(true))).rejects.toThrow("relais indisponible");
    const restants = await portal.database.db
      .select()
      .from(jetonsEmail)
      .where(eq(jetonsEmail.utilisateurId, actif.id));
    expect(restants).toEqual([]);
  });
});

describe("the new password", () => {
  it("lists every broken rule, and the link stays usable", async () => {
    const actif = await compte();
    const jeton = jetonDu((await demander(actif.email)).mailer.courriels[0].text);
    const deps = { database: portal.database, now: horloge };

    expect(
      await reinitialiserMotDePasse(deps, { jeton, motDePasse: "court", confirmation: "autre" }),
    ).toEqual({
      statut: "refuse",
      erreurs: [
        { champ: "motDePasse", message: "Ce champ doit contenir au moins 12 caractères." },
        {
          champ: "motDePasse",
          message:
            "Le mot de passe doit contenir au moins une majuscule, une minuscule, un chiffre et un caractère spécial.",
        },
        { champ: "confirmation", message: "Les valeurs ne sont pas égales" },
      ],
    });
    expect(
      await reinitialiserMotDePasse(deps, { jeton, motDePasse: ANCIEN, confirmation: "" }),
    ).toEqual({
      statut: "refuse",
      erreurs: [
        {
          champ: "motDePasse",
          message: "Le nouveau mot de passe doit être différent de l'ancien.",
        },
        { champ: "confirmation", message: "Ce champ est requis" },
      ],
    });
    expect(await lienReinitialisationValable(portal.database, jeton, horloge())).toBe(true);
  });

  it("ends every session of the account, and only of that account", async () => {
    const actif = await compte();
    const autre = await compte();
    const payload = (accountId: string) => ({ accountId, kind: "Session" });
    for (const [id, accountId] of [
      [`s-${actif.idIdp}`, actif.idIdp],
      [`s-${autre.idIdp}`, autre.idIdp],
    ])
      await portal.database.db
        .insert(oidcPayloads)
        .values({ id, type: "Session", payload: payload(accountId) });
    for (const [id, idIdp] of [
      [`p-${actif.idIdp}`, actif.idIdp],
      [`p-${autre.idIdp}`, autre.idIdp],
    ])
      await portal.database.db.insert(sessions).values({
        id,
        data: { user: { idIdp }, accessToken: "x", expiresAt: 0 },
        expiresAt: new Date(Date.now() + 3_600_000),
      });

    const jeton = jetonDu((await demander(actif.email)).mailer.courriels[0].text);
    const resultat = await reinitialiserMotDePasse(
      { database: portal.database, now: horloge },
      { jeton, motDePasse: NOUVEAU, confirmation: NOUVEAU },
    );
    expect(resultat.statut).toBe("modifie");

    const fournisseur = await portal.database.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.id} in (${`s-${actif.idIdp}`}, ${`s-${autre.idIdp}`})`);
    expect(fournisseur.map((ligne) => ligne.id)).toEqual([`s-${autre.idIdp}`]);
    const portail = await portal.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.id} in (${`p-${actif.idIdp}`}, ${`p-${autre.idIdp}`})`);
    expect(portail.map((ligne) => ligne.id)).toEqual([`p-${autre.idIdp}`]);
  });
});

/** The mails the portal's outbox (no SMTP_URL) holds for `adresse`, parsed. */
async function courrielsPour(adresse: string) {
  const dossier = join(portal.config.dataDir, "outbox");
  const fichiers = await readdir(dossier).catch(() => [] as string[]);
  const courriels = [];
  for (const fichier of fichiers.sort()) {
    const courriel = await simpleParser(await readFile(join(dossier, fichier)));
    if (
      courriel.text?.includes("mot-de-passe-oublie") &&
      JSON.stringify(courriel.to).includes(adresse)
    )
      courriels.push(courriel.text);
  }
  return courriels;
}

/** Waits until `adresse` got `nombre` reset mails (the mail leaves after the answer). */
async function attendreCourriels(adresse: string, nombre: number) {
  for (let essai = 0; essai < 100; essai++) {
    const courriels = await courrielsPour(adresse);
    if (courriels.length >= nombre) return courriels;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Aucun courriel pour ${adresse}`);
}

function poster(chemin: string, champs: Record<string, string>, jar = new CookieJar()) {
  return fetchWithJar(jar, `${issuer}${chemin}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.baseUrl },
    body: new URLSearchParams(champs).toString(),
  });
}

describe("the pages", () => {
  it("answer the same for a known and an unknown address; only the account gets a mail", async () => {
    const actif = await compte();
    const inconnue = `inconnu.${randomBytes(4).toString("hex")}@test.anah.gouv.fr`;
    const connu = await poster("/mot-de-passe-oublie", { email: actif.email });
    const autre = await poster("/mot-de-passe-oublie", { email: inconnue });
    expect(connu.status).toBe(200);
    expect(autre.status).toBe(200);
    const corps = await connu.text();
    // Only the nonce of the fonts' script differs, as it does between any two answers.
    const sansNonce = (texte: string) => texte.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(sansNonce(await autre.text())).toBe(sansNonce(corps));
    expect(corps).toContain("Si un compte correspond à l'adresse saisie");
    const [texte] = await attendreCourriels(actif.email, 1);
    expect(await courrielsPour(inconnue)).toEqual([]);

    // The link opens the form; a used link answers the spec's message.
    const jeton = jetonDu(texte);
    const formulaire = await fetch(`${issuer}/mot-de-passe-oublie/nouveau?token=${jeton}`);
    expect(formulaire.status).toBe(200);
    // The token in the address never reaches another site as a Referer.
    expect(formulaire.headers.get("referrer-policy")).toBe("same-origin");
    const ok = await poster("/mot-de-passe-oublie/nouveau", {
      token: jeton,
      motDePasse: NOUVEAU,
      confirmation: NOUVEAU,
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Mot de passe modifié");
    const utilise = await fetch(`${issuer}/mot-de-passe-oublie/nouveau?token=${jeton}`);
    expect(utilise.status).toBe(410);
    expect(await utilise.text()).toContain(LIEN_PLUS_VALABLE.replace(/'/g, "&#39;"));
    await loginAs(portal.baseUrl, actif.email, NOUVEAU);
  });

  it("refuse a malformed address, a cross-origin post, and too many requests", async () => {
    const vide = await poster("/mot-de-passe-oublie", { email: "pas-une-adresse" });
    expect(vide.status).toBe(400);
    const page = await vide.text();
    expect(page).toContain("<title>Erreur : Mot de passe oublié");
    expect(page).toContain('<a href="#email">Adresse électronique : ');

    const ailleurs = await fetch(`${issuer}/mot-de-passe-oublie`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://site-malveillant.example",
      },
      body: "email=a%40b.fr",
    });
    expect(ailleurs.status).toBe(403);

    // LOGIN_RATE_LIMIT_ACCOUNT = 3: per address and client, like the sign-in (ADR 0010).
    const email = `limite.${randomBytes(4).toString("hex")}@test.anah.gouv.fr`;
    for (let essai = 0; essai < 3; essai++)
      expect((await poster("/mot-de-passe-oublie", { email })).status).toBe(200);
    const refus = await poster("/mot-de-passe-oublie", { email });
    expect(refus.status).toBe(429);
    expect(Number(refus.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refus.text()).toContain(
      "Trop de demandes de réinitialisation du mot de passe. Veuillez réessayer dans",
    );
  });

  it("list each broken rule of the new password, with « Erreur : » in the title", async () => {
    const actif = await compte();
    expect((await poster("/mot-de-passe-oublie", { email: actif.email })).status).toBe(200);
    const jeton = jetonDu((await attendreCourriels(actif.email, 1))[0]);
    const refus = await poster("/mot-de-passe-oublie/nouveau", {
      token: jeton,
      motDePasse: "court",
      confirmation: "court",
    });
    expect(refus.status).toBe(400);
    const page = await refus.text();
    expect(page).toContain("<title>Erreur : Nouveau mot de passe");
    expect(page).toContain("Le formulaire contient 2 erreurs");
    expect(page).toContain(
      '<a href="#nouveau-mot-de-passe">Nouveau mot de passe : Ce champ doit contenir au moins 12 caractères.</a>',
    );
  });
});
