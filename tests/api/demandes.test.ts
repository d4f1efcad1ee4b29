/**
 * Approval requests over HTTP (spec §3, §5, §7; DESIGN §3, §4): the
 * applicant's path from the first step to deposit and cancellation, every
 * rule of steps 1–2 with its message, ownership, and concurrent writes.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DemandeDetail,
  DemandeResume,
  EntreeHistorique,
  PeutCreer,
  PeutEtreDepose,
  ProcedureDemande,
  ProcedureEtp,
} from "../../contract/schemas/demande.ts";
import {
  demandes,
  featureFlags,
  historique,
  piecesJointes,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import {
  ETAPE1_VALIDE,
  ETAPE2_VALIDE,
  RUBRIQUES_OBLIGATOIRES,
  annuler,
  annulerDemandesActives,
  creerDemandeDeposable,
  deposerPieceJointe,
} from "../helpers/demande-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const MESSAGE_INDISPONIBLE = "Cette action n'est pas disponible pour ce dossier.";
const MESSAGE_PERIME =
  "Ce dossier a été modifié entre-temps. La page a été rechargée avec son état actuel.";
const NON_MODIFIABLE = "Cette demande ne peut plus être modifiée.";
/** A marker unique to this run, so PostgreSQL runs never see each other's rows. */
const marque = `Dem${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let demandeur: string;
let instructeur: string;
let superviseur: string;
let centrale: string;
let passwordHash: string;
let compteur = 0;

/** A fresh applicant with his own company (created in the database), signed in. */
async function nouveauDemandeur(): Promise<{ token: string; societeId: string }> {
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
    nom: `Candidate ${numero}`,
    roles: ["demandeur"],
    passwordHash,
    societeId: societe.id,
  });
  const { accessToken } = await loginAs(portal.baseUrl, email, PASSWORD);
  return { token: accessToken, societeId: societe.id };
}

interface Reponse<T = unknown> {
  status: number;
  body: T;
}

async function api<T = Record<string, unknown>>(
  token: string,
  methode: string,
  chemin: string,
  corps?: Record<string, unknown> | URLSearchParams | FormData,
): Promise<Reponse<T>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (corps instanceof URLSearchParams || corps instanceof FormData) body = corps;
  else if (corps) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(corps);
  }
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    method: methode,
    headers,
    body,
  });
  const texte = await response.text();
  return { status: response.status, body: (texte ? JSON.parse(texte) : null) as T };
}

/** Step 2 as a browser without JavaScript posts it: repeated `key[]`. */
function formulaireEtape2(champs: Record<string, string | string[]>): URLSearchParams {
  const formulaire = new URLSearchParams();
  for (const [cle, valeur] of Object.entries(champs))
    if (Array.isArray(valeur)) for (const item of valeur) formulaire.append(`${cle}[]`, item);
    else formulaire.append(cle, valeur);
  return formulaire;
}

const action = (token: string, id: string, champs: Record<string, string>) =>
  api<DemandeDetail & { message?: string; errors?: Record<string, string[]> }>(
    token,
    "POST",
    `/demande/${id}/action`,
    new URLSearchParams(champs),
  );

beforeAll(async () => {
  portal = await startTestPortal();
  // A fixed business clock: 31 January, so that the 3-month deadline lands on 30 April.
  portal.horloge.regler(new Date("2026-01-31T10:00:00Z"));
  passwordHash = await hash(PASSWORD);
  const connexion = async (email: string) =>
    (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
  demandeur = await connexion("demandeur@demo.anah.gouv.fr");
  instructeur = await connexion("instructeur@demo.anah.gouv.fr");
  superviseur = await connexion("superviseur@demo.anah.gouv.fr");
  centrale = await connexion("centrale@demo.anah.gouv.fr");
  // Another test file may have left the demo company with an active request.
  await annulerDemandesActives(portal.baseUrl, demandeur);
});

afterAll(async () => {
  if (portal) {
    await annulerDemandesActives(portal.baseUrl, demandeur).catch(() => undefined);
    await portal.close();
  }
});

describe("the applicant's path from step 1 to deposit and cancellation", () => {
  let id: string;

  it("lets the demo applicant create a request when his company has none active", async () => {
    const peut = await api<PeutCreer>(demandeur, "GET", "/demande/can/deposernouvelledemande");
    expect(peut).toEqual({ status: 200, body: { can: true } });
  });

  it("creates the draft from step 1, with the company's name and SIREN whatever the body says", async () => {
    const { status, body } = await api<DemandeDetail>(demandeur, "POST", "/demande", {
      ...ETAPE1_VALIDE,
      raisonSociale: "Pirate SARL",
      siren: "123456789",
      dateCreationStructure: "12/03/2015",
    });
    expect(status).toBe(201);
    id = body.id;
    expect(body).toMatchObject({
      kind: "demande",
      etat: "brouillon",
      etatNormalise: "brouillon",
      statutSimplifie: "brouillon",
      version: 1,
      numeroDossier: null,
      dateDepot: null,
      raisonSociale: "Rénov'Conseil Île-de-France",
      siren: "832915474",
      nouveauMessage: false,
      messagerie: { closed: false },
      unreadNotifications: { note: 0 },
      decision: null,
      etape2: null,
      libelles: { commune: "Paris", formeJuridique: "SAS, société par actions simplifiée" },
      serviceInstructeur: { nom: "Délégation locale de l'Anah – Paris" },
    });
    expect(body.etape1).toMatchObject({
      signataireNom: "Martin",
      dateCreationStructure: "2015-03-12",
      codePostal: "75011",
      commune: "75056",
    });
    expect(body.dateCreation).toBe("2026-01-31T10:00:00.000Z");
    expect(body.actionsDisponibles.map((disponible) => disponible.action)).toEqual([
      "ENREGISTRE_BROUILLON_STEP_1",
      "ENREGISTRE_BROUILLON_STEP_2",
      "DEPOSER",
      "ANNULER_DEMANDE",
    ]);
    const [row] = await portal.database.db.select().from(demandes).where(eq(demandes.id, id));
    expect(row).toMatchObject({
      codeDepartement: "75",
      codeRegion: "11",
      qualite: "qualityOp",
      etapesEnregistrees: [1],
    });
  });

  it("then refuses a second request with a French reason", async () => {
    const { body } = await api<PeutCreer>(demandeur, "GET", "/demande/can/deposernouvelledemande");
    expect(body.can).toBe(false);
    expect(body.raison).toMatch(/déjà une demande d'agrément en cours/);
    const seconde = await api(demandeur, "POST", "/demande", ETAPE1_VALIDE);
    expect(seconde.status).toBe(409);
    expect(seconde.body.message).toBe(body.raison);
  });

  it("records step 1 in the history", async () => {
    const { status, body } = await api<EntreeHistorique[]>(
      demandeur,
      "GET",
      `/demande/${id}/historique`,
    );
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      action: "ENREGISTRE_BROUILLON_STEP_1",
      etatAvant: null,
      etatApres: "brouillon",
      acteur: { prenom: "Camille", nom: "Martin", role: "demandeur" },
    });
  });

  it("describes the attachment procedure and what is missing before deposit", async () => {
    const { body } = await api<ProcedureDemande>(demandeur, "GET", `/demande/${id}/procedure`);
    expect(body.rubriques.map((rubrique) => rubrique.code)).toContain("info_generale");
    expect(body.rubriques[0]).toMatchObject({
      code: "info_generale",
      obligatoire: true,
      minPj: 1,
      maxPj: 10,
      tailleMaxKo: 10 * 1024,
      typesAcceptes: ["application/pdf", "image/png", "image/jpeg", "application/zip"],
      piecesJointes: [],
    });
    expect(body.rubriques.find((rubrique) => rubrique.code === "pj_compl")).toMatchObject({
      obligatoire: false,
      minPj: 0,
    });
    expect(body.etapesCompletes).toEqual({ 1: true, 2: false, 3: false });
    expect(body.manquants).toContainEqual({
      etape: 2,
      message: "L'étape 2 « Activités de la structure » n'a pas été enregistrée.",
    });
    expect(body.manquants).toContainEqual({
      etape: 3,
      message:
        "Rubrique « Informations générales sur la structure » : au moins un fichier est attendu.",
    });
    const peut = await api<PeutEtreDepose>(demandeur, "GET", `/demande/${id}/canBe/depose`);
    expect(peut.body.depose).toBe(false);
    expect(peut.body.manquants).toEqual(body.manquants);
  });

  it("asks the ETP figures of last year and this year's forecasts (Europe/Paris)", async () => {
    const { body } = await api<ProcedureEtp>(demandeur, "GET", `/demande/${id}/procedure-etp`);
    expect(body.required).toBe(true);
    expect(body.missionsFacultatives).toBe(true);
    expect(body.etps.map((etp) => [etp.code, etp.annee, etp.max])).toEqual([
      ["nb_etp_struct", 2025, 999],
      ["nb_etp_accomp", 2025, 999],
      ["nb_etp_accomp_prev", 2026, 999],
      ["nb_etp_accomp_renf_prev", 2026, 999],
      ["part_activite_previsionnelle", 2026, 100],
    ]);
    expect(body.etps[0].libelle).toBe("Nombre d'ETP de la structure");
  });

  it("saves step 2 posted as a plain form, dropping départements a chosen région covers", async () => {
    const { status, body } = await api<DemandeDetail>(
      demandeur,
      "PUT",
      `/demande/${id}/step/2`,
      formulaireEtape2({
        regions: ["11"],
        departements: ["75", "69"],
        communes: ["69123"],
        precisions: "Lyon intra-muros seulement",
        nb_etp_struct: "7,5",
        nb_etp_accomp: "4",
        nb_etp_accomp_prev: "5",
        nb_etp_accomp_renf_prev: "2,25",
        part_activite_previsionnelle: "60",
        missionsFacultatives: "oui",
      }),
    );
    expect(status).toBe(200);
    expect(body.version).toBe(2);
    expect(body.etape2).toMatchObject({
      regions: ["11"],
      departements: ["69"],
      communes: ["69123"],
      precisions: "Lyon intra-muros seulement",
      nb_etp_struct: 7.5,
      nb_etp_accomp_renf_prev: 2.25,
      missionsFacultatives: true,
    });
    expect(body.libelles.regions).toEqual([{ code: "11", nom: "Île-de-France" }]);
    expect(body.libelles.departements).toEqual([{ code: "69", nom: "Rhône" }]);
    expect(body.libelles.communes).toEqual([{ code: "69123", nom: "Lyon" }]);
  });

  it("resets the precisions once no commune is left", async () => {
    const { body } = await api<DemandeDetail>(demandeur, "PUT", `/demande/${id}/step/2`, {
      ...ETAPE2_VALIDE,
      precisions: "Sans commune, sans précision",
    });
    expect(body.version).toBe(3);
    expect(body.etape2?.precisions).toBeUndefined();
    expect(body.etape2?.communes).toEqual([]);
  });

  it("becomes depositable once every required rubric has a file", async () => {
    for (const rubrique of RUBRIQUES_OBLIGATOIRES)
      await deposerPieceJointe(portal.baseUrl, demandeur, id, rubrique);
    const { body } = await api<PeutEtreDepose>(demandeur, "GET", `/demande/${id}/canBe/depose`);
    expect(body).toEqual({ depose: true, manquants: [] });
    const procedure = await api<ProcedureDemande>(demandeur, "GET", `/demande/${id}/procedure`);
    expect(procedure.body.etapesCompletes).toEqual({ 1: true, 2: true, 3: true });
    expect(procedure.body.rubriques[0].piecesJointes[0]).toMatchObject({
      nom: "info_generale.pdf",
      mimeType: "application/pdf",
      codeTypePJ: "info_generale",
    });
  });

  it("deposits: number, deposit date, 3-month deadline, history and recap PDF", async () => {
    const { body: avant } = await api<DemandeDetail>(demandeur, "GET", `/demande/${id}`);
    const { status, body } = await action(demandeur, id, {
      action: "DEPOSER",
      version: String(avant.version),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      etat: "deposee",
      statutSimplifie: "in_progress",
      dateDepot: "2026-01-31T10:00:00.000Z",
      version: avant.version + 1,
    });
    expect(body.numeroDossier).toMatch(/^MAR-2026-\d{6}$/);
    expect(body.actionsDisponibles).toEqual([{ action: "ANNULER_DEMANDE" }]);
    const [row] = await portal.database.db.select().from(demandes).where(eq(demandes.id, id));
    expect(row.dateLimiteInstruction).toBe("2026-04-30");

    const historiqueApres = await api<EntreeHistorique[]>(
      demandeur,
      "GET",
      `/demande/${id}/historique`,
    );
    expect(historiqueApres.body.map((entree) => entree.action)).toEqual([
      "DEPOSER",
      "ENREGISTRE_BROUILLON_STEP_2",
      "ENREGISTRE_BROUILLON_STEP_2",
      "ENREGISTRE_BROUILLON_STEP_1",
    ]);
    expect(historiqueApres.body[0]).toMatchObject({ etatAvant: "brouillon", etatApres: "deposee" });

    const [recap] = await portal.database.db
      .select()
      .from(piecesJointes)
      .where(
        and(eq(piecesJointes.ressourceId, id), eq(piecesJointes.rubrique, "pj_recap_demande")),
      );
    expect(recap).toMatchObject({ mimeType: "application/pdf" });
    expect(recap.nom).toBe(`recapitulatif-${body.numeroDossier}.pdf`);
    const telechargement = await fetch(`${portal.baseUrl}/api/piece-jointe/${recap.id}`, {
      headers: { Authorization: `Bearer ${demandeur}` },
    });
    expect(telechargement.status).toBe(200);
    expect(
      Buffer.from(await telechargement.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("freezes the steps once deposited", async () => {
    const etape1 = await api(demandeur, "PUT", `/demande/${id}/step/1`, ETAPE1_VALIDE);
    expect(etape1).toEqual({ status: 409, body: { message: NON_MODIFIABLE } });
    const etape2 = await api(demandeur, "PUT", `/demande/${id}/step/2`, ETAPE2_VALIDE);
    expect(etape2).toEqual({ status: 409, body: { message: NON_MODIFIABLE } });
    const depot = await action(demandeur, id, { action: "DEPOSER" });
    expect(depot).toEqual({ status: 403, body: { message: MESSAGE_INDISPONIBLE } });
  });

  it("still refuses a new request, and lists the deposited one", async () => {
    const peut = await api<PeutCreer>(demandeur, "GET", "/demande/can/deposernouvelledemande");
    expect(peut.body.can).toBe(false);
    const { status, body } = await api<DemandeResume[]>(demandeur, "GET", "/demandes/mes-demandes");
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ id, etat: "deposee", statutSimplifie: "in_progress" });
    expect(body[0]).not.toHaveProperty("etape1");
  });

  it("shows the deposited request to the Paris service, with its instruction actions", async () => {
    const vue = await api<DemandeDetail>(instructeur, "GET", `/demande/${id}`);
    expect(vue.status).toBe(200);
    expect(vue.body.actionsDisponibles).toEqual([{ action: "AFFECTER_INSTRUCTEUR" }]);
    const parSuperviseur = await api<DemandeDetail>(superviseur, "GET", `/demande/${id}`);
    expect(parSuperviseur.body.actionsDisponibles).toEqual([{ action: "AFFECTER_INSTRUCTEUR" }]);
    const parCentrale = await api<DemandeDetail>(centrale, "GET", `/demande/${id}`);
    expect(parCentrale.body.actionsDisponibles).toEqual([]);
    // Never the applicant's cancellation.
    expect(await action(instructeur, id, { action: "ANNULER_DEMANDE" })).toMatchObject({
      status: 403,
      body: { message: MESSAGE_INDISPONIBLE },
    });
  });

  it("refuses a cancellation without reason or without confirmation, field by field", async () => {
    const sansCommentaire = await action(demandeur, id, {
      action: "ANNULER_DEMANDE",
      confirmation: "on",
    });
    expect(sansCommentaire.status).toBe(422);
    expect(sansCommentaire.body.errors).toEqual({ commentaire: ["Ce champ est requis"] });
    const sansConfirmation = await action(demandeur, id, {
      action: "ANNULER_DEMANDE",
      commentaire: "Nous renonçons.",
    });
    expect(sansConfirmation.status).toBe(422);
    expect(sansConfirmation.body.errors).toEqual({
      confirmation: ["Veuillez confirmer l'annulation définitive de la demande."],
    });
  });

  it("refuses an action on a stale version with 409", async () => {
    const { body } = await api<DemandeDetail>(demandeur, "GET", `/demande/${id}`);
    const perime = await action(demandeur, id, {
      action: "ANNULER_DEMANDE",
      commentaire: "Nous renonçons.",
      confirmation: "on",
      version: String(body.version - 1),
    });
    expect(perime).toEqual({ status: 409, body: { message: MESSAGE_PERIME } });
  });

  it("cancels definitively: reason kept, messaging closed, nothing left to do", async () => {
    const { body: avant } = await api<DemandeDetail>(demandeur, "GET", `/demande/${id}`);
    const { status, body } = await action(demandeur, id, {
      action: "ANNULER_DEMANDE",
      commentaire: "Nous renonçons.",
      confirmation: "on",
      version: String(avant.version),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      etat: "annulee",
      statutSimplifie: "annulee",
      motifAnnulation: "Nous renonçons.",
      messagerie: { closed: true },
      actionsDisponibles: [],
    });
    const historiqueApres = await api<EntreeHistorique[]>(
      demandeur,
      "GET",
      `/demande/${id}/historique`,
    );
    expect(historiqueApres.body[0]).toMatchObject({
      action: "ANNULER_DEMANDE",
      etatAvant: "deposee",
      etatApres: "annulee",
      commentaire: "Nous renonçons.",
    });
    expect(await action(demandeur, id, { action: "ANNULER_DEMANDE" })).toMatchObject({
      status: 403,
    });
  });

  it("lets the company create a new request again, listed before the cancelled one", async () => {
    const peut = await api<PeutCreer>(demandeur, "GET", "/demande/can/deposernouvelledemande");
    expect(peut.body).toEqual({ can: true });
    portal.horloge.avancer(60_000);
    const nouvelle = await api<DemandeDetail>(demandeur, "POST", "/demande", ETAPE1_VALIDE);
    expect(nouvelle.status).toBe(201);
    const { body } = await api<DemandeResume[]>(demandeur, "GET", "/demandes/mes-demandes");
    // The demo company may hold cancelled requests of earlier runs (PostgreSQL).
    expect(body[0]).toMatchObject({ id: nouvelle.body.id, etat: "brouillon" });
    expect(body.find((demande) => demande.id === id)?.etat).toBe("annulee");
    await annuler(portal.baseUrl, demandeur, nouvelle.body.id);
  });

  it("lists an older active request before a newer cancelled one", async () => {
    const { token } = await nouveauDemandeur();
    const premiere = await api<DemandeDetail>(token, "POST", "/demande", ETAPE1_VALIDE);
    await annuler(portal.baseUrl, token, premiere.body.id);
    portal.horloge.avancer(60_000);
    const seconde = await api<DemandeDetail>(token, "POST", "/demande", ETAPE1_VALIDE);
    // Make the active one the oldest: the cancelled one is more recent.
    await portal.database.db
      .update(demandes)
      .set({ dateCreation: new Date("2025-06-01T08:00:00Z") })
      .where(eq(demandes.id, seconde.body.id));
    const { body } = await api<DemandeResume[]>(token, "GET", "/demandes/mes-demandes");
    expect(body.map((demande) => demande.id)).toEqual([seconde.body.id, premiere.body.id]);
  });
});

describe("step 1 rules (spec §5)", () => {
  let token: string;

  beforeAll(async () => {
    ({ token } = await nouveauDemandeur());
  });

  async function erreurs(changements: Record<string, string>) {
    const { status, body } = await api<{ detail: string; errors: Record<string, string[]> }>(
      token,
      "POST",
      "/demande",
      { ...ETAPE1_VALIDE, ...changements },
    );
    expect(status).toBe(422);
    return body.errors;
  }

  it("requires the signatory's name", async () => {
    expect(await erreurs({ signataireNom: "  " })).toEqual({
      signataireNom: ["Ce champ est requis"],
    });
  });

  it("refuses a digit in the signatory's names (spec §5 noNumbers) and a postal code that is not 5 digits", async () => {
    expect(
      await erreurs({
        signataireNom: "Martin 2",
        signatairePrenom: "C4mille",
        codePostal: "750 1",
      }),
    ).toEqual({
      signataireNom: ["Ce champ ne doit pas contenir de chiffres"],
      signatairePrenom: ["Ce champ ne doit pas contenir de chiffres"],
      codePostal: ["Le code postal doit comporter 5 chiffres."],
    });
  });

  it("wants a creation date before today (Europe/Paris)", async () => {
    expect(await erreurs({ dateCreationStructure: "2026-01-31" })).toEqual({
      dateCreationStructure: ["La date doit être inférieure à la date du jour"],
    });
    expect(await erreurs({ dateCreationStructure: "31/02/2020" })).toEqual({
      dateCreationStructure: ["Le champ n'est pas au bon format"],
    });
  });

  it("checks the phone number against the accepted prefixes", async () => {
    expect(await erreurs({ telephone: "12345" })).toEqual({
      telephone: ["Le numéro de téléphone saisi : 12345 ne correspond pas au format demandé"],
    });
  });

  it("wants a 5-digit postal code and an e-mail address", async () => {
    expect(await erreurs({ codePostal: "7501", email: "pas-un-email" })).toEqual({
      codePostal: ["Le code postal doit comporter 5 chiffres."],
      email: ["Cet email n'est pas valide"],
    });
  });

  it("wants a commune of the postal code and a known legal form", async () => {
    expect(await erreurs({ codePostal: "69001" })).toEqual({
      commune: ["Veuillez choisir une commune correspondant au code postal."],
    });
    expect(await erreurs({ formeJuridique: "0000" })).toEqual({
      formeJuridique: ["Veuillez choisir une forme juridique de la liste."],
    });
  });

  it("creates nothing on a refused step 1", async () => {
    const { body } = await api<DemandeResume[]>(token, "GET", "/demandes/mes-demandes");
    expect(body).toEqual([]);
  });

  it("reads step 1 posted as multipart form data too", async () => {
    const formulaire = new FormData();
    for (const [cle, valeur] of Object.entries(ETAPE1_VALIDE)) formulaire.set(cle, valeur);
    const { status, body } = await api<DemandeDetail>(token, "POST", "/demande", formulaire);
    expect(status).toBe(201);
    expect(body.etape1?.commune).toBe("75056");
  });

  it("saves a new step 1 on the draft, moving the head office and its service", async () => {
    const { body: mes } = await api<DemandeResume[]>(token, "GET", "/demandes/mes-demandes");
    const { status, body } = await api<DemandeDetail>(
      token,
      "PUT",
      `/demande/${mes[0].id}/step/1`,
      {
        ...ETAPE1_VALIDE,
        codePostal: "69001",
        commune: "69123",
        structureQualite: "qualityArchi",
      },
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      version: 2,
      libelles: { commune: "Lyon" },
      serviceInstructeur: { nom: "Délégation locale de l'Anah – Rhône" },
    });
    const [row] = await portal.database.db.select().from(demandes).where(eq(demandes.id, body.id));
    expect(row).toMatchObject({ codeDepartement: "69", codeRegion: "84", qualite: "qualityArchi" });
    const bad = await api<{ errors: Record<string, string[]> }>(
      token,
      "PUT",
      `/demande/${body.id}/step/1`,
      { ...ETAPE1_VALIDE, telephone: "01 23" },
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["telephone"]);
  });
});

describe("step 2 rules (spec §5 ETP, Perimeter)", () => {
  let token: string;
  let id: string;

  beforeAll(async () => {
    ({ token } = await nouveauDemandeur());
    id = (await api<DemandeDetail>(token, "POST", "/demande", ETAPE1_VALIDE)).body.id;
  });

  async function erreurs(changements: Record<string, unknown>) {
    const { status, body } = await api<{ detail: string; errors: Record<string, string[]> }>(
      token,
      "PUT",
      `/demande/${id}/step/2`,
      { ...ETAPE2_VALIDE, ...changements },
    );
    expect(status).toBe(422);
    return body.errors;
  }

  it("accepts at most two decimals, with a decimal comma", async () => {
    expect(await erreurs({ nb_etp_struct: "7,555" })).toEqual({
      nb_etp_struct: ["Le format n'est pas correct : deux décimales au plus."],
    });
    expect(await erreurs({ nb_etp_struct: "sept" })).toEqual({
      nb_etp_struct: ["Le format n'est pas correct"],
    });
  });

  it("caps each ETP figure at 999", async () => {
    expect(await erreurs({ nb_etp_struct: "1000" })).toEqual({
      nb_etp_struct: ["La valeur doit être inférieure ou égale à 999"],
    });
  });

  it("wants all ETP figures or none", async () => {
    expect(
      await erreurs({
        nb_etp_accomp: "",
        nb_etp_accomp_prev: "",
        nb_etp_accomp_renf_prev: "",
      }),
    ).toEqual({
      nb_etp_accomp: ["Tous les champs doivent être remplis."],
      nb_etp_accomp_prev: ["Tous les champs doivent être remplis."],
      nb_etp_accomp_renf_prev: ["Tous les champs doivent être remplis."],
    });
  });

  it("keeps the accompaniment ETP within the structure's", async () => {
    expect(await erreurs({ nb_etp_struct: "3", nb_etp_accomp: "4" })).toEqual({
      nb_etp_accomp: [
        "Le nombre d'ETP dédiés à l'accompagnement ne peut pas dépasser le nombre d'ETP de la structure.",
      ],
    });
  });

  it("requires a perimeter", async () => {
    expect(await erreurs({ regions: [] })).toEqual({
      regions: ["Le périmètre d'intervention est requis"],
    });
  });

  it("refuses unknown geography codes on their field", async () => {
    expect(await erreurs({ regions: ["99"], departements: ["999"] })).toEqual({
      regions: ["Région inconnue : 99."],
      departements: ["Département inconnu : 999."],
    });
  });

  it("takes communes only inside a chosen région or département", async () => {
    expect(await erreurs({ regions: ["11"], communes: ["69123"] })).toEqual({
      communes: [
        "La commune « Lyon » n'appartient à aucune des régions ou aucun des départements choisis.",
      ],
    });
    expect(await erreurs({ regions: [], epcis: ["200046977"], communes: ["69123"] })).toEqual({
      communes: [
        "Veuillez d'abord choisir une région ou un département avant de préciser des communes.",
      ],
    });
  });

  it("lists what the deposit still needs when the ETP figures are left out", async () => {
    const vide = {
      nb_etp_struct: "",
      nb_etp_accomp: "",
      nb_etp_accomp_prev: "",
      nb_etp_accomp_renf_prev: "",
    };
    const { status } = await api(token, "PUT", `/demande/${id}/step/2`, {
      ...ETAPE2_VALIDE,
      ...vide,
    });
    expect(status).toBe(200);
    const { body } = await api<PeutEtreDepose>(token, "GET", `/demande/${id}/canBe/depose`);
    expect(body.manquants).toContainEqual({
      etape: 2,
      message: "Les effectifs de la structure (ETP) doivent être renseignés.",
    });
    const depot = await action(token, id, { action: "DEPOSER" });
    expect(depot.status).toBe(422);
    expect(depot.body).toMatchObject({ manquants: body.manquants });
    expect(String((depot.body as unknown as { detail: string }).detail)).toContain(
      "Les effectifs de la structure (ETP) doivent être renseignés.",
    );
  });
});

describe("who may see and change a request (DESIGN §4)", () => {
  let id: string;
  let autre: string;

  beforeAll(async () => {
    const proprietaire = await nouveauDemandeur();
    id = (await api<DemandeDetail>(proprietaire.token, "POST", "/demande", ETAPE1_VALIDE)).body.id;
    ({ token: autre } = await nouveauDemandeur());
  });

  it("answers 404 to another company's applicant on every route, never data", async () => {
    const appels: [string, string, unknown?][] = [
      ["GET", `/demande/${id}`],
      ["GET", `/demande/${id}/procedure`],
      ["GET", `/demande/${id}/procedure-etp`],
      ["GET", `/demande/${id}/canBe/depose`],
      ["GET", `/demande/${id}/historique`],
      ["PUT", `/demande/${id}/step/1`, ETAPE1_VALIDE],
      ["PUT", `/demande/${id}/step/2`, ETAPE2_VALIDE],
      ["POST", `/demande/${id}/action`, { action: "ANNULER_DEMANDE" }],
    ];
    for (const [methode, chemin, corps] of appels) {
      const reponse = await api(autre, methode, chemin, corps as Record<string, unknown>);
      expect([methode, chemin, reponse]).toEqual([
        methode,
        chemin,
        { status: 404, body: { message: "Ressource introuvable" } },
      ]);
    }
  });

  it("hides a draft from staff (404) and never lets them create one (403)", async () => {
    for (const token of [instructeur, superviseur, centrale]) {
      expect((await api(token, "GET", `/demande/${id}`)).status).toBe(404);
      expect((await api(token, "GET", `/demande/${id}/historique`)).status).toBe(404);
      expect(await api(token, "POST", "/demande", ETAPE1_VALIDE)).toEqual({
        status: 403,
        body: { message: "Forbidden" },
      });
      expect((await api(token, "GET", "/demande/can/deposernouvelledemande")).status).toBe(403);
      expect((await api(token, "GET", "/demandes/mes-demandes")).status).toBe(403);
    }
  });

  it("answers 404 for unknown, malformed or deleted ids and 401 without a token", async () => {
    expect((await api(autre, "GET", `/demande/${randomUUID()}`)).status).toBe(404);
    expect((await api(autre, "GET", "/demande/pas-un-uuid")).status).toBe(404);
    const { token } = await nouveauDemandeur();
    const supprimee = (await api<DemandeDetail>(token, "POST", "/demande", ETAPE1_VALIDE)).body.id;
    await portal.database.db.delete(historique).where(eq(historique.ressourceId, supprimee));
    await portal.database.db.delete(demandes).where(eq(demandes.id, supprimee));
    expect((await api(token, "GET", `/demande/${supprimee}`)).status).toBe(404);
    expect((await api(token, "PUT", `/demande/${supprimee}/step/2`, ETAPE2_VALIDE)).status).toBe(
      404,
    );
    expect((await fetch(`${portal.baseUrl}/api/demande/${id}`)).status).toBe(401);
  });

  it("leaves other routers' paths alone", async () => {
    const reponse = await api(autre, "GET", `/piece-jointe/${randomUUID()}`);
    expect(reponse).toEqual({ status: 404, body: { message: "Ressource introuvable" } });
    expect((await api(autre, "GET", `/inconnu/${randomUUID()}`)).status).toBe(404);
  });
});

describe("steps in order, flags and concurrent writes", () => {
  it("refuses step 2 before step 1 was saved", async () => {
    const { token, societeId } = await nouveauDemandeur();
    const [row] = await portal.database.db
      .insert(demandes)
      .values({ societeId, etat: "brouillon", etapesEnregistrees: [] })
      .returning();
    const reponse = await api(token, "PUT", `/demande/${row.id}/step/2`, ETAPE2_VALIDE);
    expect(reponse).toEqual({
      status: 409,
      body: { message: "Veuillez d'abord enregistrer l'étape 1." },
    });
  });

  it("closes creation while the creation_demande flag is off", async () => {
    const { token } = await nouveauDemandeur();
    await portal.database.db
      .update(featureFlags)
      .set({ enabled: false })
      .where(eq(featureFlags.name, "creation_demande"));
    try {
      const { body } = await api<PeutCreer>(token, "GET", "/demande/can/deposernouvelledemande");
      expect(body).toEqual({
        can: false,
        raison: "Le dépôt de nouvelles demandes d'agrément est momentanément fermé.",
      });
      expect((await api(token, "POST", "/demande", ETAPE1_VALIDE)).status).toBe(409);
    } finally {
      await portal.database.db
        .update(featureFlags)
        .set({ enabled: true })
        .where(eq(featureFlags.name, "creation_demande"));
    }
  });

  it("deposits once when the deposit is submitted twice at the same time", async () => {
    const { token } = await nouveauDemandeur();
    const brouillon = await creerDemandeDeposable(portal.baseUrl, token);
    const champs = { action: "DEPOSER", version: String(brouillon.version) };
    const reponses = await Promise.all([
      action(token, brouillon.id, champs),
      action(token, brouillon.id, champs),
    ]);
    expect(reponses.map((reponse) => reponse.status).sort()).toEqual([200, 409]);
    expect(reponses.find((reponse) => reponse.status === 409)?.body).toEqual({
      message: MESSAGE_PERIME,
    });
    const depots = await portal.database.db
      .select()
      .from(historique)
      .where(and(eq(historique.ressourceId, brouillon.id), eq(historique.action, "DEPOSER")));
    expect(depots).toHaveLength(1);
    const recaps = await portal.database.db
      .select()
      .from(piecesJointes)
      .where(
        and(
          eq(piecesJointes.ressourceId, brouillon.id),
          eq(piecesJointes.rubrique, "pj_recap_demande"),
        ),
      );
    expect(recaps).toHaveLength(1);
  });

  it("creates one draft when two tabs post step 1 at the same time", async () => {
    const { token } = await nouveauDemandeur();
    const reponses = await Promise.all([
      api(token, "POST", "/demande", ETAPE1_VALIDE),
      api(token, "POST", "/demande", ETAPE1_VALIDE),
    ]);
    expect(reponses.map((reponse) => reponse.status).sort()).toEqual([201, 409]);
  });

  it("refuses an unknown action with 403 and a missing one with 422", async () => {
    const { token } = await nouveauDemandeur();
    const { id } = (await api<DemandeDetail>(token, "POST", "/demande", ETAPE1_VALIDE)).body;
    expect(await action(token, id, { action: "FAIRE_NIMPORTE_QUOI" })).toEqual({
      status: 403,
      body: { message: MESSAGE_INDISPONIBLE },
    });
    // In the table for the owner, but executed by the step routes, not here.
    expect((await action(token, id, { action: "ENREGISTRE_BROUILLON_STEP_1" })).status).toBe(403);
    const sansAction = await action(token, id, {});
    expect(sansAction.status).toBe(422);
    expect(sansAction.body.errors).toEqual({ action: ["Ce champ est requis"] });
  });
});
