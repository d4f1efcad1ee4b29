/**
 * Internal notes over HTTP (spec §3 Note, §7 `GET /api/{type}/{id}/notes`,
 * `POST …/note`, `POST …/read?type=note`): instruction staff of
 * the Paris service write and read them, central staff only read, the
 * applicant side never sees them (404, file included).
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Note } from "../../contract/schemas/notes.ts";
import {
  demandes,
  piecesJointes,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { SOCIETE_DEMO } from "../../api/db/seed/demo.ts";
import { notesNonLues } from "../../api/domain/notes.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { fauxPdf, petitPdf } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
let portal: TestPortal;
const jetons: Record<string, string> = {};
const ids: Record<string, string> = {};
let societeDemoId: string;
let serviceParisId: number;

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
  const emailMarseille = `notes-instructeur-13-${randomUUID().slice(0, 8)}@exemple.fr`;
  await db.insert(utilisateurs).values({
    idIdp: emailMarseille,
    email: emailMarseille,
    prenom: "Test",
    nom: "Marseille",
    passwordHash: await hash(PASSWORD),
    roles: ["instructeur"],
    serviceInstructeurId: serviceMarseille.id,
  });
  const emails: Record<string, string> = {
    demandeur: "demandeur@demo.anah.gouv.fr",
    instructeur: "instructeur@demo.anah.gouv.fr",
    crhh: "crhh@demo.anah.gouv.fr",
    superviseur: "superviseur@demo.anah.gouv.fr",
    centrale: "centrale@demo.anah.gouv.fr",
    instructeurMarseille: emailMarseille,
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

/**
 * A deposited request of the demo company, head office in Paris (11e),
 * written directly in the database: notes only need a file staff may see.
 */
async function creerDemande() {
  const [demande] = await portal.database.db
    .insert(demandes)
    .values({
      societeId: societeDemoId,
      etat: "affectee",
      raisonSociale: SOCIETE_DEMO.raisonSociale,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceParisId,
      instructeurId: ids.instructeur,
      dateDepot: portal.horloge.now(),
    })
    .returning();
  return demande;
}

async function lireNotes(id: string, qui: string) {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/notes`, {
    headers: { Authorization: `Bearer ${jetons[qui]}` },
  });
  return { status: response.status, body: await response.json() };
}

/** POST …/note as multipart (a browser form with a file input), or JSON. */
async function ecrireNote(
  id: string,
  qui: string,
  champs: Record<string, string>,
  fichier?: { contenu: Buffer; nom: string },
  format: "multipart" | "json" = "multipart",
) {
  let body: BodyInit;
  const headers: Record<string, string> = { Authorization: `Bearer ${jetons[qui]}` };
  if (format === "json") {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(champs);
  } else {
    const formulaire = new FormData();
    for (const [cle, valeur] of Object.entries(champs)) formulaire.set(cle, valeur);
    if (fichier)
      formulaire.set(
        "fichier",
        new Blob([new Uint8Array(fichier.contenu)], { type: "application/pdf" }),
        fichier.nom,
      );
    body = formulaire;
  }
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/note`, {
    method: "POST",
    headers,
    body,
  });
  return { status: response.status, body: await response.json() };
}

async function marquerLues(id: string, qui: string, type = "note") {
  const response = await fetch(`${portal.baseUrl}/api/demande/${id}/read?type=${type}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${jetons[qui]}` },
  });
  return response.status;
}

async function nombreDePieces(id: string): Promise<number> {
  const [{ nombre }] = await portal.database.db
    .select({ nombre: count() })
    .from(piecesJointes)
    .where(and(eq(piecesJointes.ressourceType, "demande"), eq(piecesJointes.ressourceId, id)));
  return Number(nombre);
}

describe("internal notes of instruction staff", () => {
  it("lets staff write notes, with an optional file, and lists them oldest first", async () => {
    const demande = await creerDemande();
    const pdf = await petitPdf("Compte rendu de l'entretien téléphonique");
    const premiere = await ecrireNote(
      demande.id,
      "instructeur",
      {
        note: "Entretien avec la gérante : les CV arrivent cette semaine.",
        nom: "Compte rendu.pdf",
      },
      { contenu: pdf, nom: "cr.pdf" },
    );
    expect(premiere.status).toBe(201);
    expect(premiere.body).toEqual({
      id: expect.any(Number),
      texte: "Entretien avec la gérante : les CV arrivent cette semaine.",
      date: portal.horloge.now().toISOString(),
      auteur: { prenom: "Thomas", nom: "Leroy" },
      pieceJointe: expect.objectContaining({
        nom: "Compte rendu.pdf",
        mimeType: "application/pdf",
        size: pdf.length,
        codeTypePJ: "note",
      }),
      moi: true,
    });
    portal.horloge.avancer(60_000);
    const seconde = await ecrireNote(
      demande.id,
      "superviseur",
      { note: "Vu, à présenter en CRHH." },
      undefined,
      "json",
    );
    expect(seconde.status).toBe(201);
    expect(seconde.body.pieceJointe).toBeNull();
    portal.horloge.avancer(60_000);
    expect(
      (await ecrireNote(demande.id, "crhh", { note: "Dossier inscrit à l'ordre du jour." })).status,
    ).toBe(201);

    const vueCrhh = await lireNotes(demande.id, "crhh");
    expect(vueCrhh.status).toBe(200);
    expect(
      (vueCrhh.body as Note[]).map((note) => [note.texte, note.moi, note.auteur?.prenom]),
    ).toEqual([
      ["Entretien avec la gérante : les CV arrivent cette semaine.", false, "Thomas"],
      ["Vu, à présenter en CRHH.", false, "Nathalie"],
      ["Dossier inscrit à l'ordre du jour.", true, "Sophie"],
    ]);

    // The file comes back to staff as it was sent.
    const piece = premiere.body.pieceJointe as { id: string };
    const telechargement = await fetch(`${portal.baseUrl}/api/piece-jointe/${piece.id}`, {
      headers: { Authorization: `Bearer ${jetons.crhh}` },
    });
    expect(telechargement.status).toBe(200);
    expect(Buffer.from(await telechargement.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("refuses a missing or too long note and a file that is not an accepted type, saving nothing", async () => {
    const demande = await creerDemande();
    const vide = await ecrireNote(demande.id, "instructeur", { note: "   " });
    expect(vide.status).toBe(422);
    expect(vide.body).toEqual({
      detail: "Ce champ est requis",
      errors: { note: ["Ce champ est requis"] },
    });
    const sansChamp = await ecrireNote(demande.id, "instructeur", {}, undefined, "json");
    expect(sansChamp.status).toBe(422);
    expect(sansChamp.body.errors.note).toEqual(["Ce champ est requis"]);

    const tropLongue = await ecrireNote(demande.id, "instructeur", { note: "a".repeat(5001) });
    expect(tropLongue.status).toBe(422);
    expect(tropLongue.body.errors.note).toEqual([
      "Ce champ doit contenir au plus 5000 caractères.",
    ]);
    expect((await ecrireNote(demande.id, "instructeur", { note: "é".repeat(5000) })).status).toBe(
      201,
    );

    const texteDeguise = await ecrireNote(
      demande.id,
      "instructeur",
      { note: "Avec un faux PDF" },
      { contenu: fauxPdf(), nom: "faux.pdf" },
    );
    expect(texteDeguise.status).toBe(422);
    expect(texteDeguise.body.errors.fichier).toEqual([
      expect.stringContaining("PDF, PNG, JPG, ZIP"),
    ]);

    const autreRubrique = await ecrireNote(
      demande.id,
      "instructeur",
      { note: "Rangée ailleurs", codeTypePJ: "info_generale" },
      { contenu: await petitPdf("Kbis"), nom: "kbis.pdf" },
    );
    expect(autreRubrique.status).toBe(422);
    expect(autreRubrique.body.errors.codeTypePJ).toHaveLength(1);

    const notes = (await lireNotes(demande.id, "instructeur")).body as Note[];
    expect(notes.map((note) => note.texte)).toEqual(["é".repeat(5000)]);
    expect(await nombreDePieces(demande.id)).toBe(0);
  });

  it("never shows notes to the applicant side, file included", async () => {
    const demande = await creerDemande();
    const ecrite = await ecrireNote(
      demande.id,
      "instructeur",
      { note: "Avis réservé sur les références." },
      { contenu: await petitPdf("Analyse interne"), nom: "analyse.pdf" },
    );
    expect(ecrite.status).toBe(201);
    expect((await lireNotes(demande.id, "demandeur")).status).toBe(404);
    expect((await ecrireNote(demande.id, "demandeur", { note: "Je peux écrire ?" })).status).toBe(
      404,
    );
    expect(await marquerLues(demande.id, "demandeur")).toBe(404);
    const telechargement = await fetch(
      `${portal.baseUrl}/api/piece-jointe/${ecrite.body.pieceJointe.id}`,
      { headers: { Authorization: `Bearer ${jetons.demandeur}` } },
    );
    expect(telechargement.status).toBe(404);
    // The applicant still sees his own request.
    const detail = await fetch(`${portal.baseUrl}/api/demande/${demande.id}`, {
      headers: { Authorization: `Bearer ${jetons.demandeur}` },
    });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(await detail.json())).not.toContain("Avis réservé");
  });

  it("lets central staff read but not write, and hides the file from other services", async () => {
    const demande = await creerDemande();
    await ecrireNote(demande.id, "instructeur", { note: "Note du service de Paris." });
    const vueCentrale = await lireNotes(demande.id, "centrale");
    expect(vueCentrale.status).toBe(200);
    expect((vueCentrale.body as Note[]).map((note) => note.texte)).toEqual([
      "Note du service de Paris.",
    ]);
    const ecriture = await ecrireNote(demande.id, "centrale", { note: "Remarque centrale" });
    expect(ecriture.status).toBe(403);
    expect(await marquerLues(demande.id, "centrale")).toBe(204);
    expect((await lireNotes(demande.id, "instructeurMarseille")).status).toBe(404);
    expect(
      (await ecrireNote(demande.id, "instructeurMarseille", { note: "Intrusion" })).status,
    ).toBe(404);
    expect((await lireNotes(demande.id, "centrale")).body).toHaveLength(1);
  });

  it("counts notes others wrote since the reader's last reading, per request, in one call", async () => {
    const premiere = await creerDemande();
    const seconde = await creerDemande();
    const sansNote = await creerDemande();
    const compter = (qui: string) =>
      notesNonLues(portal.database, ids[qui], "demande", [premiere.id, seconde.id, sansNote.id]);

    await ecrireNote(premiere.id, "instructeur", { note: "Première note." });
    portal.horloge.avancer(1000);
    await ecrireNote(premiere.id, "instructeur", { note: "Deuxième note." });
    portal.horloge.avancer(1000);
    await ecrireNote(seconde.id, "superviseur", { note: "Note sur l'autre dossier." });
    portal.horloge.avancer(1000);

    expect(await compter("crhh")).toEqual(
      new Map([
        [premiere.id, 2],
        [seconde.id, 1],
      ]),
    );
    // His own notes are not news to the instructor.
    expect(await compter("instructeur")).toEqual(new Map([[seconde.id, 1]]));

    expect(await marquerLues(premiere.id, "crhh")).toBe(204);
    expect(await compter("crhh")).toEqual(new Map([[seconde.id, 1]]));
    portal.horloge.avancer(1000);
    await ecrireNote(premiere.id, "instructeur", { note: "Troisième note, après la lecture." });
    expect(await compter("crhh")).toEqual(
      new Map([
        [premiere.id, 1],
        [seconde.id, 1],
      ]),
    );
    expect(await notesNonLues(portal.database, ids.crhh, "demande", [])).toEqual(new Map());
    expect(await marquerLues(premiere.id, "crhh", "message")).toBe(422);
  });

  it("shows the unread count on the request as each reader sees it, never to the applicant", async () => {
    const demande = await creerDemande();
    const lireDemande = async (qui: string) => {
      const response = await fetch(`${portal.baseUrl}/api/demande/${demande.id}`, {
        headers: { Authorization: `Bearer ${jetons[qui]}` },
      });
      return (await response.json()) as { unreadNotifications: { note: number } };
    };
    await ecrireNote(demande.id, "superviseur", { note: "À vérifier : le bilan 2025." });
    await ecrireNote(demande.id, "superviseur", { note: "Et l'attestation fiscale." });

    expect((await lireDemande("instructeur")).unreadNotifications.note).toBe(2);
    expect((await lireDemande("superviseur")).unreadNotifications.note).toBe(0);
    expect((await lireDemande("demandeur")).unreadNotifications.note).toBe(0);
    portal.horloge.avancer(1000);
    expect(await marquerLues(demande.id, "instructeur")).toBe(204);
    expect((await lireDemande("instructeur")).unreadNotifications.note).toBe(0);
  });
});
