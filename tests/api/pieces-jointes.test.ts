/**
 * Attachments of a request over HTTP (spec §5 Attachments, §7 Files; DESIGN
 * §4, §7) and the recap and synthesis PDFs of a request (spec §3 "Approval
 * request content"). Limits lowered through the environment: 1 Mo, 2 files.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandeDetail, PieceJointe } from "../../contract/schemas/demande.ts";
import {
  demandes,
  piecesJointes,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { SOCIETE_DEMO } from "../../api/db/seed/demo.ts";
import { createFileStore } from "../../api/files/store.ts";
import { ajouterPieceJointe } from "../../api/domain/pieces-jointes.ts";
import { genererRecapDemande } from "../../api/pdf/recap-demande.ts";
import { genererSyntheseDemande } from "../../api/pdf/synthese-demande.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { JPEG, PNG, fauxPdf, pdfEnTexte, petitPdf, petitZip } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
// The spec's texts, literal: a change of wording must break these tests.
const MESSAGE_TYPE =
  "Le type de fichier n'est pas autorisé. Formats acceptés : PDF, PNG, JPG, ZIP.";
const MESSAGE_TROP = "Le nombre de fichier dépasse le maximum attendu";
const MESSAGE_REQUIS = "Veuillez choisir un fichier.";
const MESSAGE_NON_MODIFIABLES =
  "Les pièces jointes de cette demande ne peuvent plus être modifiées.";

let portal: TestPortal;
let demandeur: string;
let instructeur: string;
let autreDemandeur: string;
let societeDemoId: string;
let autreSocieteId: string;
let serviceParisId: number;
let kbis: Buffer;

beforeAll(async () => {
  portal = await startTestPortal({ UPLOAD_MAX_MO: "1", UPLOAD_MAX_FICHIERS: "2" });
  const { db } = portal.database;
  [{ id: societeDemoId }] = await db
    .select({ id: societes.id })
    .from(societes)
    .where(eq(societes.siren, SOCIETE_DEMO.siren));
  [{ id: serviceParisId }] = await db
    .select({ id: servicesInstructeur.id })
    .from(servicesInstructeur)
    .where(eq(servicesInstructeur.code, "DL-75"));
  const marque = randomUUID().slice(0, 8);
  const [autre] = await db
    .insert(societes)
    .values({ siren: `7${Date.now() % 100000000}`.slice(0, 9), raisonSociale: `Autre ${marque}` })
    .returning();
  autreSocieteId = autre.id;
  await db.insert(utilisateurs).values({
    idIdp: `pj-autre-${marque}`,
    email: `pj-autre-${marque}@exemple.fr`,
    prenom: "Léa",
    nom: "Autre",
    roles: ["demandeur"],
    passwordHash: await hash(PASSWORD),
    societeId: autre.id,
  });
  demandeur = (await loginAs(portal.baseUrl, "demandeur@demo.anah.gouv.fr", PASSWORD)).accessToken;
  instructeur = (await loginAs(portal.baseUrl, "instructeur@demo.anah.gouv.fr", PASSWORD))
    .accessToken;
  autreDemandeur = (await loginAs(portal.baseUrl, `pj-autre-${marque}@exemple.fr`, PASSWORD))
    .accessToken;
  kbis = await petitPdf("Extrait Kbis de la société");
});

afterAll(async () => {
  await portal?.close();
});

/** A request of the demo company (or `societeId`) in `etat`, head office in Paris. */
async function creerDemande(etat = "brouillon", societeId = societeDemoId) {
  const [demande] = await portal.database.db
    .insert(demandes)
    .values({
      societeId,
      etat,
      raisonSociale: SOCIETE_DEMO.raisonSociale,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: serviceParisId,
      dateDepot: etat === "brouillon" ? null : new Date(),
    })
    .returning();
  return demande;
}

interface Fichier {
  contenu: Buffer;
  nom: string;
  type?: string;
}

async function deposer(
  demandeId: string,
  fichiers: Fichier[],
  { token = demandeur, codeTypePJ = "info_generale" as string | null, kind = "demande" } = {},
) {
  const form = new FormData();
  if (codeTypePJ !== null) form.append("codeTypePJ", codeTypePJ);
  for (const fichier of fichiers)
    form.append(
      "fichier",
      new Blob([new Uint8Array(fichier.contenu)], { type: fichier.type ?? "application/pdf" }),
      fichier.nom,
    );
  const response = await fetch(`${portal.baseUrl}/api/${kind}/${demandeId}/pj`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

async function supprimer(demandeId: string, fileId: string, token = demandeur) {
  const response = await fetch(`${portal.baseUrl}/api/demande/${demandeId}/pj/${fileId}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

function telecharger(fileId: string, token = demandeur) {
  return fetch(`${portal.baseUrl}/api/piece-jointe/${fileId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

async function nombrePieces(demandeId: string) {
  return (
    await portal.database.db
      .select()
      .from(piecesJointes)
      .where(eq(piecesJointes.ressourceId, demandeId))
  ).length;
}

describe("POST /api/{kind}/{id}/pj", () => {
  it("adds files to a draft rubric, typed from their bytes, and bumps the request version", async () => {
    const demande = await creerDemande();
    const answer = await deposer(demande.id, [
      { contenu: kbis, nom: "Kbis société.pdf" },
      { contenu: PNG, nom: "organigramme.png", type: "image/png" },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        nom: "Kbis société.pdf",
        mimeType: "application/pdf",
        size: kbis.length,
        codeTypePJ: "info_generale",
        dateCreation: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      expect.objectContaining({ nom: "organigramme.png", mimeType: "image/png", size: PNG.length }),
    ]);
    const [apres] = await portal.database.db
      .select()
      .from(demandes)
      .where(eq(demandes.id, demande.id));
    expect(apres.version).toBe(demande.version + 1);
  });

  it("accepts JPEG and ZIP files whatever type the browser declared", async () => {
    const demande = await creerDemande();
    const answer = await deposer(
      demande.id,
      [
        { contenu: JPEG, nom: "photo.jpg", type: "application/octet-stream" },
        { contenu: petitZip("attestation.txt", Buffer.from("Attestation")), nom: "pieces.zip" },
      ],
      { codeTypePJ: "pj_compl" },
    );
    expect(answer.status).toBe(201);
    expect(answer.body.map((piece: PieceJointe) => piece.mimeType)).toEqual([
      "image/jpeg",
      "application/zip",
    ]);
  });

  it("refuses a text file named .pdf with the spec message and stores nothing, even next to a good file", async () => {
    const demande = await creerDemande();
    const seul = await deposer(demande.id, [{ contenu: fauxPdf(), nom: "statuts.pdf" }]);
    expect(seul).toEqual({
      status: 422,
      body: { detail: MESSAGE_TYPE, errors: { fichier: [MESSAGE_TYPE] } },
    });
    const melange = await deposer(demande.id, [
      { contenu: kbis, nom: "kbis.pdf" },
      { contenu: fauxPdf(), nom: "statuts.pdf" },
    ]);
    expect(melange.status).toBe(422);
    expect(await nombrePieces(demande.id)).toBe(0);
  });

  it("refuses a file above UPLOAD_MAX_MO with 422, not 500", async () => {
    const demande = await creerDemande();
    const gros = Buffer.concat([kbis, Buffer.alloc(1024 * 1024)]);
    const answer = await deposer(demande.id, [{ contenu: gros, nom: "gros.pdf" }]);
    const message =
      "Le fichier est trop volumineux (1 Mo au maximum). Pensez à le compresser avant de le déposer.";
    expect(answer).toEqual({
      status: 422,
      body: { detail: message, errors: { fichier: [message] } },
    });
    expect(await nombrePieces(demande.id)).toBe(0);
  });

  it("refuses more than UPLOAD_MAX_FICHIERS files per rubric, counting those already there", async () => {
    const demande = await creerDemande();
    const trois = await deposer(demande.id, [
      { contenu: kbis, nom: "a.pdf" },
      { contenu: kbis, nom: "b.pdf" },
      { contenu: kbis, nom: "c.pdf" },
    ]);
    expect(trois).toEqual({
      status: 422,
      body: { detail: MESSAGE_TROP, errors: { fichier: [MESSAGE_TROP] } },
    });
    expect((await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }])).status).toBe(201);
    const deuxDePlus = await deposer(demande.id, [
      { contenu: kbis, nom: "b.pdf" },
      { contenu: PNG, nom: "c.png" },
    ]);
    expect(deuxDePlus.status).toBe(422);
    expect(deuxDePlus.body.errors.fichier).toEqual([MESSAGE_TROP]);
    // The limit is per rubric: another rubric still takes two.
    const autreRubrique = await deposer(
      demande.id,
      [
        { contenu: kbis, nom: "b.pdf" },
        { contenu: PNG, nom: "c.png" },
      ],
      { codeTypePJ: "eligibilite" },
    );
    expect(autreRubrique.status).toBe(201);
    expect(await nombrePieces(demande.id)).toBe(3);
  });

  it("asks for a file when none is sent", async () => {
    const demande = await creerDemande();
    expect(await deposer(demande.id, [])).toEqual({
      status: 422,
      body: { detail: MESSAGE_REQUIS, errors: { fichier: [MESSAGE_REQUIS] } },
    });
  });

  it("refuses an unknown or missing rubric with 422 on codeTypePJ", async () => {
    const demande = await creerDemande();
    const inconnue = await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }], {
      codeTypePJ: "pj_recap_demande",
    });
    expect(inconnue.status).toBe(422);
    expect(inconnue.body.errors.codeTypePJ).toEqual([
      "Cette rubrique de pièces jointes n'existe pas.",
    ]);
    const absente = await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }], {
      codeTypePJ: null,
    });
    expect(absente.status).toBe(422);
    expect(absente.body.errors.codeTypePJ).toEqual(["Ce champ est requis"]);
  });

  it("keeps accents but strips paths and invisible characters from file names", async () => {
    const demande = await creerDemande();
    const answer = await deposer(demande.id, [
      { contenu: kbis, nom: "../../dossier/Relevé\u202e d'identité.pdf" },
    ]);
    expect(answer.status).toBe(201);
    expect(answer.body[0].nom).toBe("Relevé d'identité.pdf");
  });

  it("answers 404 on another company's request and to staff on a draft", async () => {
    const demande = await creerDemande();
    expect(
      (await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }], { token: autreDemandeur }))
        .status,
    ).toBe(404);
    expect(
      (await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }], { token: instructeur })).status,
    ).toBe(404);
    expect((await deposer(randomUUID(), [{ contenu: kbis, nom: "a.pdf" }])).status).toBe(404);
    expect((await deposer("pas-un-uuid", [{ contenu: kbis, nom: "a.pdf" }])).status).toBe(404);
    expect(await nombrePieces(demande.id)).toBe(0);
  });

  it("refuses changes once the request is deposited: 409 to the owner, 403 to staff", async () => {
    const demande = await creerDemande();
    const [piece] = (await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }])).body;
    await portal.database.db
      .update(demandes)
      .set({ etat: "deposee", dateDepot: new Date() })
      .where(eq(demandes.id, demande.id));
    const answer = await deposer(demande.id, [{ contenu: kbis, nom: "b.pdf" }]);
    expect(answer).toEqual({ status: 409, body: { message: MESSAGE_NON_MODIFIABLES } });
    expect(await supprimer(demande.id, piece.id)).toBe(409);
    expect(
      (await deposer(demande.id, [{ contenu: kbis, nom: "b.pdf" }], { token: instructeur })).status,
    ).toBe(403);
    expect(await nombrePieces(demande.id)).toBe(1);
  });

  it("requires a token", async () => {
    const demande = await creerDemande();
    expect(
      (await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }], { token: "" })).status,
    ).toBe(401);
  });
});

describe("DELETE /api/{kind}/{id}/pj/{fileId}", () => {
  it("removes a file of the owner's draft and bumps the version", async () => {
    const demande = await creerDemande();
    const [piece] = (await deposer(demande.id, [{ contenu: kbis, nom: "a.pdf" }])).body;
    expect(await supprimer(demande.id, piece.id)).toBe(204);
    expect(await nombrePieces(demande.id)).toBe(0);
    expect((await telecharger(piece.id)).status).toBe(404);
    const [apres] = await portal.database.db
      .select()
      .from(demandes)
      .where(eq(demandes.id, demande.id));
    expect(apres.version).toBe(demande.version + 2);
  });

  it("answers 404 for a file of another request, an unknown id, or another company", async () => {
    const demande = await creerDemande();
    const autre = await creerDemande();
    const [piece] = (await deposer(autre.id, [{ contenu: kbis, nom: "a.pdf" }])).body;
    expect(await supprimer(demande.id, piece.id)).toBe(404);
    expect(await supprimer(demande.id, randomUUID())).toBe(404);
    expect(await supprimer(demande.id, "123")).toBe(404);
    expect(await supprimer(autre.id, piece.id, autreDemandeur)).toBe(404);
    expect(await nombrePieces(autre.id)).toBe(1);
  });

  it("does not let the applicant delete the recap PDF the portal generated", async () => {
    const demande = await creerDemande();
    const recap = await ajouterPieceJointe(
      portal.database,
      createFileStore({ dataDir: portal.config.dataDir }),
      {
        ressourceType: "demande",
        ressourceId: demande.id,
        rubrique: "pj_recap_demande",
        nom: "recapitulatif.pdf",
        contenu: kbis,
        deposeParId: null,
        mimeType: "application/pdf",
      },
    );
    expect(await supprimer(demande.id, recap.id)).toBe(403);
    const [toujours] = await portal.database.db
      .select()
      .from(piecesJointes)
      .where(and(eq(piecesJointes.id, recap.id), eq(piecesJointes.rubrique, "pj_recap_demande")));
    expect(toujours).toBeDefined();
  });
});

describe("GET /api/piece-jointe/{id}", () => {
  it("sends the same bytes as a download with safe headers", async () => {
    const demande = await creerDemande();
    const [piece] = (await deposer(demande.id, [{ contenu: kbis, nom: "Kbis société.pdf" }])).body;
    const response = await telecharger(piece.id);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(kbis)).toBe(true);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe(String(kbis.length));
    expect(response.headers.get("content-disposition")).toContain(
      "attachment; filename=\"Kbis soci?t?.pdf\"; filename*=UTF-8''Kbis%20soci%C3%A9t%C3%A9.pdf",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toMatch(/private.*no-store/);
  });

  it("serves staff who see the deposited request, and no one else", async () => {
    const demande = await creerDemande();
    const [piece] = (await deposer(demande.id, [{ contenu: PNG, nom: "plan.png" }])).body;
    expect((await telecharger(piece.id, instructeur)).status).toBe(404);
    expect((await telecharger(piece.id, autreDemandeur)).status).toBe(404);
    await portal.database.db
      .update(demandes)
      .set({ etat: "deposee", dateDepot: new Date() })
      .where(eq(demandes.id, demande.id));
    const staff = await telecharger(piece.id, instructeur);
    expect(staff.status).toBe(200);
    expect(staff.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await staff.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await telecharger(piece.id, autreDemandeur)).status).toBe(404);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await telecharger(randomUUID())).status).toBe(404);
    expect((await telecharger("nimporte-quoi")).status).toBe(404);
  });

  it("keeps each company's files apart", async () => {
    const sienne = await creerDemande("brouillon", autreSocieteId);
    const [piece] = (
      await deposer(sienne.id, [{ contenu: kbis, nom: "a.pdf" }], { token: autreDemandeur })
    ).body;
    expect((await telecharger(piece.id, autreDemandeur)).status).toBe(200);
    expect((await telecharger(piece.id, demandeur)).status).toBe(404);
  });
});

describe("genererRecapDemande and genererSyntheseDemande (recap and synthesis PDFs)", () => {
  const detail = {
    id: randomUUID(),
    kind: "demande",
    numeroDossier: "MAR-2026-000042",
    etat: "deposee",
    etatNormalise: "deposee",
    statutSimplifie: "in_progress",
    version: 3,
    raisonSociale: "Rénov'Conseil Île-de-France",
    siren: "832915474",
    dateCreation: "2026-03-02T09:15:00.000Z",
    dateModification: "2026-03-05T16:30:00.000Z",
    dateDepot: "2026-03-05T16:30:00.000Z",
    dateAgrement: null,
    dateEcheance: null,
    motifAnnulation: null,
    actionsDisponibles: [],
    nouveauMessage: false,
    messagerie: { closed: false },
    unreadNotifications: { note: 0 },
    demandeur: { id: null },
    decision: null,
    etapeInstruction: "awaitingAssignment",
    dateLimiteInstruction: "2026-06-05",
    delaiSuspendu: false,
    expireBientot: false,
    reputeRejete: false,
    qualite: "qualityOp",
    codeDepartement: "75",
    codeRegion: "11",
    instructeur: null,
    typeChangement: null,
    dateAvisDecideur: null,
    avis: [],
    infosComplementaires: [],
    pjAdditionnelles: [],
    agrement: null,
    numeroDemande: "MAR-2026-000042",
    dateOctroi: null,
    dateNotificationSuspension: null,
    dateDecisionRetrait: null,
    impactChangement: null,
    serviceInstructeur: { id: 1, nom: "Délégation locale de l'Anah – Paris" },
    etape1: {
      signataireNom: "Martin",
      signatairePrenom: "Camille",
      signataireQualite: "Gérante",
      structureQualite: "qualityOp",
      formeJuridique: "5710",
      dateCreationStructure: "2015-06-01",
      telephone: "+33 1 84 60 27 15",
      email: "contact@renov-conseil.fr",
      adresse: "12 rue de la Roquette",
      complementAdresse: "Bâtiment B",
      codePostal: "75011",
      commune: "75111",
    },
    etape2: {
      regions: ["11"],
      departements: ["75"],
      epcis: [],
      communes: [],
      precisions: undefined,
      nb_etp_struct: 7.5,
      nb_etp_accomp: 3.25,
      nb_etp_accomp_prev: 4,
      nb_etp_accomp_renf_prev: 1.5,
      part_activite_previsionnelle: 62.5,
      missionsFacultatives: true,
    },
    libelles: {
      commune: "Paris 11e Arrondissement",
      formeJuridique: "SAS, société par actions simplifiée",
      regions: [{ code: "11", nom: "Île-de-France" }],
      departements: [{ code: "75", nom: "Paris" }],
      epcis: [],
      communes: [],
    },
  } satisfies DemandeDetail;

  it("prints the three steps in French, accents included, readable by pdftotext", async () => {
    const pdf = await genererRecapDemande(detail, {
      genereLe: new Date("2026-03-05T16:30:00Z"),
      piecesJointes: [
        { rubrique: "info_generale", nom: "Kbis – société.pdf", size: 245_760 },
        { rubrique: "capa_financiere", nom: "Bilan 2025.zip", size: 1_572_864 },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const texte = (await pdfEnTexte(pdf)).replace(/[ \t]+/g, " ");
    for (const attendu of [
      "RÉPUBLIQUE",
      "FRANÇAISE",
      "Liberté",
      "Égalité",
      "Fraternité",
      "Agence nationale de l'habitat (Anah)",
      "Récapitulatif de la demande d'agrément",
      "Numéro de dossier : MAR-2026-000042",
      "Date de dépôt : 05/03/2026",
      "Étape 1 – Informations sur la structure",
      "Nom : Martin",
      "Prénom : Camille",
      "Raison sociale : Rénov'Conseil Île-de-France",
      "Forme juridique : SAS, société par actions simplifiée",
      "Date de création : 01/06/2015",
      "Complément d'adresse : Bâtiment B",
      "Commune : Paris 11e Arrondissement",
      "Régions : Île-de-France (11)",
      "Départements : Paris (75)",
      "ETP de la structure : 7,5",
      "ETP dédiés à l'accompagnement : 3,25",
      "Part prévisionnelle de l'activité d'accompagnement : 62,5 %",
      "Missions facultatives : Oui",
      "Étape 3 – Pièces justificatives",
      "Informations générales sur la structure",
      "Kbis – société.pdf (240 Ko)",
      "Capacité financière",
      "Bilan 2025.zip (1,5 Mo)",
      "Document généré le 05/03/2026 17:30",
      "Page 1 sur",
    ])
      expect(texte).toContain(attendu);
  });

  it("prints 'Non renseigné' for steps not filled yet", async () => {
    const pdf = await genererRecapDemande(
      { ...detail, numeroDossier: null, dateDepot: null, etape1: null, etape2: null },
      { genereLe: new Date("2026-03-05T16:30:00Z"), piecesJointes: [] },
    );
    const texte = await pdfEnTexte(pdf);
    expect(texte).toContain("Numéro de dossier : Non attribué");
    expect(texte).toContain("Nom : Non renseigné");
    expect(texte).toContain("Aucun fichier");
  });

  it("keeps the synthesis on one page however long the request, cutting long texts", async () => {
    const regions = Array.from({ length: 26 }, (_, rang) => ({
      code: String(rang + 1).padStart(2, "0"),
      nom: "Terres australes et antarctiques françaises",
    }));
    const pdf = await genererSyntheseDemande(
      {
        ...detail,
        raisonSociale: `Rénovation ${"énergétique ".repeat(30)}`,
        serviceInstructeur: { id: 1, nom: "Délégation ".repeat(30) },
        etape1: {
          ...detail.etape1,
          signataireNom: "N".repeat(100),
          signatairePrenom: "P".repeat(100),
          signataireQualite: "Q".repeat(100),
        },
        etape2: {
          ...detail.etape2,
          regions: regions.map((region) => region.code),
          departements: Array.from({ length: 101 }, (_, rang) => String(rang + 1)),
          epcis: ["200054781"],
          communes: ["75056", "69123"],
          missionsFacultatives: false,
        },
        libelles: { ...detail.libelles, regions },
      },
      {
        genereLe: new Date("2026-03-05T16:30:00Z"),
        piecesJointes: [
          { rubrique: "info_generale" },
          { rubrique: "info_generale" },
          { rubrique: "neutre" },
        ],
      },
    );
    const texte = (await pdfEnTexte(pdf)).replace(/[ \t]+/g, " ");
    expect(texte.split("\f").filter((page) => page.trim())).toHaveLength(1);
    for (const attendu of [
      "Synthèse de la demande d'agrément",
      "Numéro de dossier : MAR-2026-000042",
      "Date de création de la demande : 02/03/2026",
      "Date de dépôt : 05/03/2026",
      "SIREN : 832915474",
      "Commune du siège : 75011 Paris 11e Arrondissement",
      "Étendue : 26 régions, 101 départements, 1 EPCI, 2 communes",
      "Missions facultatives : Non",
      "Informations générales sur la structure : 2 fichiers",
      "Neutralité : 1 fichier",
      "Capacité financière : Aucun fichier",
      "…",
      "Page 1 sur 1",
    ])
      expect(texte).toContain(attendu);
  });

  it("prints 'Non renseigné' in the synthesis for steps not filled yet", async () => {
    const pdf = await genererSyntheseDemande(
      { ...detail, numeroDossier: null, dateDepot: null, etape1: null, etape2: null },
      { genereLe: new Date("2026-03-05T16:30:00Z"), piecesJointes: [] },
    );
    const texte = await pdfEnTexte(pdf);
    expect(texte).toContain("Numéro de dossier : Non attribué");
    expect(texte).toContain("Date de dépôt : Non déposée");
    expect(texte).toContain("Signataire : Non renseigné");
    expect(texte).toContain("Étendue : Non renseigné");
    expect(texte).toContain("Missions facultatives : Non renseigné");
    expect(texte).toContain("Pièces complémentaires : Aucun fichier");
  });
});
