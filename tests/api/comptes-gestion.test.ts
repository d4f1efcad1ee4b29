/**
 * Account management by the functional administrator over HTTP (spec §3
 * "Account list/detail", §4 Account actions,
 * §5 Accounts, §7; ADR 0022): detail, `can`, export, each action with its
 * history row, 403 for another role or an action outside
 * `actionsDisponibles`, 422 in French by field, 404 for an unknown id, and
 * a deletion that leaves no orphan row nor stored file and ends sign-in.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  avis,
  demandes,
  historique,
  infosComplementaires,
  lectures,
  messages,
  notes,
  piecesJointes,
  sessions,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { creerDemandeDeposable, deposer } from "../helpers/demande-api.ts";
import { fabriqueDemandeurs } from "../helpers/demandeur-en-base.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const MOT_DE_PASSE = "Anah-Demo-2026!";
const marque = `Gest${randomUUID().slice(0, 8)}`;
let portal: TestPortal;
let admin: string;
let instructeur: string;
const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "7",
  motDePasse: MOT_DE_PASSE,
});

beforeAll(async () => {
  portal = await startTestPortal();
  admin = (await loginAs(portal.baseUrl, "admin-fonctionnel@demo.anah.gouv.fr", MOT_DE_PASSE))
    .accessToken;
  instructeur = (await loginAs(portal.baseUrl, "instructeur@demo.anah.gouv.fr", MOT_DE_PASSE))
    .accessToken;
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

/** `GET /api<chemin>` with `token`: status and JSON body (text for CSV). */
async function lire(chemin: string, token = admin) {
  const reponse = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const type = reponse.headers.get("content-type") ?? "";
  return {
    status: reponse.status,
    headers: reponse.headers,
    // Bytes decoded without dropping the BOM (TextDecoder's default would).
    body: type.startsWith("application/json")
      ? await reponse.json()
      : new TextDecoder("utf-8", { ignoreBOM: true }).decode(await reponse.arrayBuffer()),
  };
}

/** POST /api/user/account/{id}/action as form data. */
async function agirSurCompte(id: string, champs: Record<string, string>, token = admin) {
  const reponse = await fetch(`${portal.baseUrl}/api/user/account/${id}/action`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: new URLSearchParams(champs),
  });
  return { status: reponse.status, body: await reponse.json() };
}

/** The user id of the account of `email`. */
async function idDe(email: string): Promise<string> {
  const [ligne] = await portal.database.db
    .select({ id: utilisateurs.id })
    .from(utilisateurs)
    .where(eq(utilisateurs.email, email));
  return ligne.id;
}

/** History rows of account `id`, oldest first. */
async function historiqueDe(id: string) {
  return portal.database.db
    .select()
    .from(historique)
    .where(and(sql`${historique.ressourceType} = 'compte'`, eq(historique.ressourceId, id)))
    .orderBy(historique.id);
}

describe("GET /api/user/account/{id} and /can/{action}", () => {
  it("gives the company, representative, qualities, requests and the actions open", async () => {
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    await creerDemandeDeposable(portal.baseUrl, demandeur.token, { rubriques: [] });
    const { status, body } = await lire(`/user/account/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id,
      email: demandeur.email,
      firstName: "Jeanne",
      raisonSociale: `${marque} Structure 01`,
      qualites: ["qualityOp"],
      coordonneesStructure: {
        telephone: "01 84 60 27 15",
        email: "contact@renovconseil.example",
      },
    });
    expect(body.demandes).toHaveLength(1);
    expect(body.demandes[0]).toMatchObject({ etat: "brouillon", etatNormalise: "brouillon" });
    expect(body.actionsDisponibles.map((a: { action: string }) => a.action).sort()).toEqual([
      "MODIFIER_INFO_SOCIETE",
      "MODIFIER_QUALITES_COMPTE",
      "MODIFIER_REFERENT_COMPTE",
      "SUPPRIMER_COMPTE",
    ]);
    expect(await lire(`/user/account/${id}/can/SUPPRIMER_COMPTE`)).toMatchObject({
      status: 200,
      body: { can: true },
    });
    expect(await lire(`/user/account/${id}/can/MODIFIER_EMAIL`)).toMatchObject({
      status: 200,
      body: { can: false },
    });
    // The list computes the same actions.
    const liste = await lire(`/user/accounts?query=${encodeURIComponent(demandeur.email)}`);
    expect(liste.body.result[0].actionsDisponibles).toEqual(body.actionsDisponibles);
  });

  it("answers 404 for an unknown id, a non-UUID or a staff account, 403 for another role", async () => {
    expect((await lire(`/user/account/${randomUUID()}`)).status).toBe(404);
    expect((await lire(`/user/account/pas-un-uuid`)).status).toBe(404);
    expect(
      (await lire(`/user/account/${await idDe("instructeur@demo.anah.gouv.fr")}`)).status,
    ).toBe(404);
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    expect(await lire(`/user/account/${id}`, instructeur)).toEqual(
      expect.objectContaining({ status: 403, body: { message: "Forbidden" } }),
    );
    expect((await lire(`/user/account/${id}`, demandeur.token)).status).toBe(403);
  });
});

describe("GET /api/user/accounts/export", () => {
  it("streams gestionComptes.csv with the list's filters, `;` and a UTF-8 BOM", async () => {
    await nouveauDemandeur();
    const { status, headers, body } = await lire(
      `/user/accounts/export?query=${marque}&order[raisonSociale]=asc`,
    );
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toContain("gestionComptes.csv");
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lignes = (body as string).slice(1).trim().split("\r\n");
    expect(lignes[0]).toBe(
      "Raison sociale;SIREN;Prénom du représentant;Nom du représentant;Adresse électronique;" +
        "Téléphone;Qualités;Statut;Date de création;Nombre de demandes",
    );
    expect(lignes.length).toBeGreaterThanOrEqual(4);
    expect(lignes.slice(1).every((ligne) => ligne.startsWith(`${marque} Structure`))).toBe(true);
    expect(lignes[1]).toMatch(new RegExp(`^${marque} Structure 01;`));
    expect(lignes[1]).toContain(";Opérateur OPAH ou PIG;Actif;");
    expect((await lire(`/user/accounts/export`, instructeur)).status).toBe(403);
  });
});

describe("POST /api/user/account/{id}/action", () => {
  it("MODIFIER_REFERENT_COMPTE changes name and phone, with a history row; 422 on a bad phone", async () => {
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    const refus = await agirSurCompte(id, {
      action: "MODIFIER_REFERENT_COMPTE",
      prenom: "",
      nom: "Durand",
      telephone: "12345",
    });
    expect(refus.status).toBe(422);
    expect(refus.body.errors).toEqual({
      prenom: ["Ce champ est requis"],
      telephone: ["Le numéro de téléphone saisi : 12345 ne correspond pas au format demandé"],
      confirmation: ["Vous devez confirmer la modification des informations du compte."],
    });
    const [{ idIdp }] = await portal.database.db
      .select({ idIdp: utilisateurs.idIdp })
      .from(utilisateurs)
      .where(eq(utilisateurs.id, id));
    await portal.database.db.insert(sessions).values({
      id: `session-${marque}-referent`,
      data: { user: { idIdp } },
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const ok = await agirSurCompte(id, {
      action: "MODIFIER_REFERENT_COMPTE",
      prenom: "Paule",
      nom: "Durand",
      telephone: "06 12 34 56 78",
      confirmation: "on",
    });
    expect(ok).toEqual({
      status: 200,
      body: { action: "MODIFIER_REFERENT_COMPTE", modifie: { nom: true, telephone: true } },
    });
    const [ligne] = await portal.database.db
      .select()
      .from(utilisateurs)
      .where(eq(utilisateurs.id, id));
    expect(ligne).toMatchObject({ prenom: "Paule", nom: "Durand", telephone: "06 12 34 56 78" });
    // The account's sessions ended: its next sign-in carries the new name.
    expect(
      await portal.database.db
        .select()
        .from(sessions)
        .where(sql`${sessions.data}->'user'->>'idIdp' = ${ligne.idIdp}`),
    ).toEqual([]);
    const lignes = await historiqueDe(id);
    expect(lignes).toHaveLength(1);
    expect(lignes[0]).toMatchObject({
      action: "MODIFIER_REFERENT_COMPTE",
      acteurRole: "admin_fonctionnel",
    });
  });

  it("MODIFIER_QUALITES_COMPTE keeps one quality only", async () => {
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    await portal.database.db
      .update(societes)
      .set({ qualites: ["qualityOp", "qualityArchi"] })
      .where(eq(societes.id, demandeur.societeId));
    const deux = await agirSurCompte(id, {
      action: "MODIFIER_QUALITES_COMPTE",
      confirmation: "on",
      qualite: "qualityOp",
      qualites: "qualityArchi",
    });
    expect(deux.status).toBe(200);
    const inconnue = await agirSurCompte(id, {
      action: "MODIFIER_QUALITES_COMPTE",
      qualite: "qualityInconnue",
      confirmation: "on",
    });
    expect(inconnue.status).toBe(422);
    expect(inconnue.body.errors).toEqual({ qualite: ["Ce champ est requis"] });
    const ok = await agirSurCompte(id, {
      action: "MODIFIER_QUALITES_COMPTE",
      qualite: "qualityArchi",
      confirmation: "on",
    });
    expect(ok.status).toBe(200);
    const [societe] = await portal.database.db
      .select()
      .from(societes)
      .where(eq(societes.id, demandeur.societeId));
    expect(societe.qualites).toEqual(["qualityArchi"]);
    expect((await historiqueDe(id)).map((ligne) => ligne.action)).toEqual([
      "MODIFIER_QUALITES_COMPTE",
      "MODIFIER_QUALITES_COMPTE",
    ]);
  });

  it("MODIFIER_INFO_SOCIETE changes the draft's phone and e-mail, never the name nor SIREN", async () => {
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    // Without a draft the action is not open: 403 with its reason.
    const sansBrouillon = await agirSurCompte(id, {
      action: "MODIFIER_INFO_SOCIETE",
      telephone: "01 02 03 04 05",
      email: "a@b.fr",
      confirmation: "on",
    });
    expect(sansBrouillon).toEqual({
      status: 403,
      body: {
        message:
          "La structure n'a pas de demande en brouillon dont les coordonnées pourraient être modifiées.",
      },
    });
    const brouillon = await creerDemandeDeposable(portal.baseUrl, demandeur.token, {
      rubriques: [],
    });
    const fige = await agirSurCompte(id, {
      action: "MODIFIER_INFO_SOCIETE",
      telephone: "01 02 03 04 05",
      email: "a@b.fr",
      raisonSociale: "Autre nom",
      confirmation: "on",
    });
    expect(fige.status).toBe(422);
    expect(fige.body.errors).toEqual({
      raisonSociale: ["La raison sociale et le SIREN ne peuvent pas être modifiés."],
    });
    const ok = await agirSurCompte(id, {
      action: "MODIFIER_INFO_SOCIETE",
      telephone: "01 02 03 04 05",
      email: "Nouveau@Exemple.fr",
      confirmation: "on",
    });
    expect(ok.status).toBe(200);
    const [ligne] = await portal.database.db
      .select({ contenu: demandes.contenu, version: demandes.version })
      .from(demandes)
      .where(eq(demandes.id, brouillon.id));
    expect(ligne.contenu.etape1).toMatchObject({
      telephone: "01 02 03 04 05",
      email: "nouveau@exemple.fr",
    });
    expect(ligne.version).toBe(brouillon.version + 1);
    const [societe] = await portal.database.db
      .select()
      .from(societes)
      .where(eq(societes.id, demandeur.societeId));
    expect(societe.raisonSociale).toMatch(new RegExp(`^${marque} Structure \\d\\d$`));
  });

  it("answers 403 to another role and to an action outside actionsDisponibles, 404 for an unknown id", async () => {
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    const champs = { action: "SUPPRIMER_COMPTE", motif: "Essai", confirmation: "on" };
    expect((await agirSurCompte(id, champs, instructeur)).status).toBe(403);
    expect((await agirSurCompte(id, champs, demandeur.token)).status).toBe(403);
    expect((await agirSurCompte(id, { action: "MODIFIER_EMAIL" })).status).toBe(403);
    expect((await agirSurCompte(id, { action: "INVENTEE" })).status).toBe(403);
    expect((await agirSurCompte(randomUUID(), champs)).status).toBe(404);
    // A deposited request keeps the account (ADR 0022): SUPPRIMER_COMPTE is not offered.
    const demande = await creerDemandeDeposable(portal.baseUrl, demandeur.token);
    await deposer(portal.baseUrl, demandeur.token, demande.id);
    const detail = await lire(`/user/account/${id}`);
    expect(detail.body.actionsDisponibles.map((a: { action: string }) => a.action)).not.toContain(
      "SUPPRIMER_COMPTE",
    );
    const refus = await agirSurCompte(id, champs);
    expect(refus).toEqual({
      status: 403,
      body: {
        message:
          "Ce compte ne peut pas être supprimé : sa structure détient un agrément ou une demande déposée.",
      },
    });
    expect(await historiqueDe(id)).toHaveLength(0);
  });

  it("SUPPRIMER_COMPTE needs a reason and confirmation (422, nothing deleted)", async () => {
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    const refus = await agirSurCompte(id, { action: "SUPPRIMER_COMPTE", motif: "  " });
    expect(refus.status).toBe(422);
    expect(refus.body.errors).toEqual({
      motif: ["Ce champ est requis"],
      confirmation: ["Vous devez confirmer la suppression du compte."],
    });
    expect((await lire(`/user/account/${id}`)).status).toBe(200);
  });

  it("SUPPRIMER_COMPTE deletes account, company, requests, files and sessions: no orphan, no sign-in", async () => {
    const demandeur = await nouveauDemandeur();
    const id = await idDe(demandeur.email);
    const brouillon = await creerDemandeDeposable(portal.baseUrl, demandeur.token);
    const fichiers = await portal.database.db
      .select({ cle: piecesJointes.cle })
      .from(piecesJointes)
      .where(eq(piecesJointes.ressourceId, brouillon.id));
    expect(fichiers.length).toBeGreaterThan(0);
    const chemins = fichiers.map(({ cle }) =>
      join(portal.config.dataDir, "files", cle.slice(0, 2), cle),
    );
    expect(chemins.every((chemin) => existsSync(chemin))).toBe(true);
    await portal.database.db.insert(sessions).values({
      id: `session-${marque}`,
      data: { user: { idIdp: `${marque}-session` } },
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [{ idIdp }] = await portal.database.db
      .select({ idIdp: utilisateurs.idIdp })
      .from(utilisateurs)
      .where(eq(utilisateurs.id, id));
    await portal.database.db.insert(sessions).values({
      id: `session-${marque}-2`,
      data: { user: { idIdp } },
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const ok = await agirSurCompte(id, {
      action: "SUPPRIMER_COMPTE",
      motif: "Structure en liquidation",
      confirmation: "on",
    });
    expect(ok).toEqual({ status: 200, body: { action: "SUPPRIMER_COMPTE" } });

    const { db } = portal.database;
    expect(await db.select().from(utilisateurs).where(eq(utilisateurs.id, id))).toEqual([]);
    expect(await db.select().from(societes).where(eq(societes.id, demandeur.societeId))).toEqual(
      [],
    );
    expect(
      await db.select().from(demandes).where(eq(demandes.societeId, demandeur.societeId)),
    ).toEqual([]);
    for (const table of [
      piecesJointes,
      historique,
      messages,
      lectures,
      avis,
      notes,
      infosComplementaires,
    ])
      expect(
        await db
          .select()
          .from(table)
          .where(inArray(table.ressourceId, [brouillon.id])),
      ).toEqual([]);
    expect(
      await db
        .select()
        .from(sessions)
        .where(sql`${sessions.data}->'user'->>'idIdp' = ${idIdp}`),
    ).toEqual([]);
    // Other sessions stay.
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, `session-${marque}`)),
    ).toHaveLength(1);
    expect(chemins.some((chemin) => existsSync(chemin))).toBe(false);
    const lignes = await historiqueDe(id);
    expect(lignes).toHaveLength(1);
    expect(lignes[0]).toMatchObject({
      action: "SUPPRIMER_COMPTE",
      commentaire: "Structure en liquidation",
      etatApres: "supprime",
    });
    expect(JSON.stringify(lignes[0].donnees)).not.toContain(demandeur.email);
    expect((await lire(`/user/account/${id}`)).status).toBe(404);
    // The old account can no longer sign in, and its still-valid access
    // token does not bring it back as an empty row (ADR 0022).
    await expect(loginAs(portal.baseUrl, demandeur.email, MOT_DE_PASSE)).rejects.toThrow();
    expect((await lire("/user/account", demandeur.token)).status).toBe(401);
    expect(await db.select().from(utilisateurs).where(eq(utilisateurs.idIdp, idIdp))).toEqual([]);
  });
});
