/**
 * Establishments of an approved company over HTTP (spec §3 Etablissement,
 * §4 suspended approval, §5 SIRET / Phone / Perimeter, §7 Establishments
 * and Geography): the registry's establishments
 * that may be referenced, the ETP rule (ADR 0016), referencing with its
 * history row, the bad inputs answered on their field, who may see or act
 * on what (404 foreign, 403 wrong role or suspended approval), the SIRET
 * check, "has an establishment", the EPCI and commune searches limited to
 * the approval's perimeter, and the perimeter update. PGlite and
 * PostgreSQL alike.
 *
 * The applicant's approval is granted through the real instruction (demo
 * request: head office in Paris, perimeter Île-de-France) on 2 February
 * 2026; his company's registry holds a head office in Paris, an agency in
 * Boulogne-Billancourt and a closed one.
 */
import { hash } from "@node-rs/argon2";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Etablissement, EtablissementDetail } from "../../contract/schemas/etablissement.ts";
import {
  agrements,
  historique,
  registreEtablissements,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { avecCleLuhn } from "../../contract/validation.ts";
import { registreEmbarque } from "../../api/registre/embarque.ts";
import { ETAPE1_VALIDE } from "../helpers/demande-api.ts";
import {
  connecterEquipeDemo,
  nouvelleDemandeEnEtat,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
/** 2 February 2026, 10:00 in Paris. */
const DEBUT = new Date("2026-02-02T09:00:00Z");
const marque = `Etb${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let passwordHash: string;
let compteur = 0;
/** The applicant holding the approval, his company's SIREN and the approval's id and number. */
let titulaire: string;
let siren: string;
let agrementId: string;
let numeroAgrement: string;
/** An applicant of another company, without approval, and its SIREN. */
let autre: string;
let sirenAutre: string;
/** SIRETs of the registry: head office, Boulogne agency, closed agency, and one not in the registry. */
let siretSiege: string;
let siretBoulogne: string;
let siretFerme: string;
let siretInconnu: string;
/** An open agency in Montreuil, referenced by two concurrent posts. */
let siretMontreuil: string;
/** The establishment referenced by the tests, once referenced. */
let reference: Etablissement;

/** A signed-in account created in the database. */
async function compte(valeurs: Partial<typeof utilisateurs.$inferInsert>): Promise<string> {
  compteur += 1;
  const email = `${marque.toLowerCase()}-${compteur}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${compteur}`,
    email,
    prenom: "Camille",
    nom: `Compte ${compteur}`,
    passwordHash,
    ...valeurs,
  });
  return (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

/** An applicant of a new company of SIREN `numero`. */
async function demandeur(numero: string, nom: string): Promise<string> {
  const [societe] = await portal.database.db
    .insert(societes)
    .values({ siren: numero, raisonSociale: nom, qualites: ["qualityOp"] })
    .returning();
  return compte({ roles: ["demandeur"], societeId: societe.id });
}

/** `methode chemin` as the user of `token`; a plain object goes as JSON. */
async function api<T = Record<string, unknown>>(
  token: string,
  chemin: string,
  methode = "GET",
  corps?: Record<string, unknown> | URLSearchParams,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (corps instanceof URLSearchParams) body = corps;
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

/** The form of the referencing page, urlencoded as a browser posts it (lists as `key[]`). */
function formulaire(champs: Record<string, string | string[]>): URLSearchParams {
  const valeurs: [string, string][] = Object.entries(champs).flatMap(
    ([cle, valeur]): [string, string][] =>
      Array.isArray(valeur) ? valeur.map((code) => [`${cle}[]`, code]) : [[cle, valeur]],
  );
  return new URLSearchParams(valeurs);
}

/** A complete referencing of the head office, `changements` applied. */
function referencementSiege(changements: Record<string, string | string[]> = {}) {
  return formulaire({
    siret: siretSiege.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, "$1 $2 $3 $4"),
    nom: "Rénov'Conseil Paris",
    nomMar: "Rénov'Conseil – Paris 11e",
    adresse1: "12 rue de la Roquette",
    adresse2: "Bâtiment B",
    codePostal: "75011",
    codeCommune: "75056",
    tel: "01 84 60 27 15",
    email: "Paris@RenovConseil.example",
    siteInternet: "https://www.renovconseil.example",
    departements: ["75", "92"],
    communes: ["93048"],
    etp: "3,5",
    referentCivilite: "Mme",
    referentNom: "Durand",
    referentPrenom: "Léa",
    referentEmail: "lea.durand@renovconseil.example",
    referentTel: "06 12 34 56 78",
    ...changements,
  });
}

async function mettreEtat(etat: "en_cours" | "suspendu"): Promise<void> {
  await portal.database.db.update(agrements).set({ etat }).where(eq(agrements.id, agrementId));
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  // A SIREN of the 7xx range with its key; unique per run (PostgreSQL keeps rows between runs of a suite).
  siren = avecCleLuhn(`7${String(randomInt(0, 10_000_000)).padStart(7, "0")}`);
  siretSiege = avecCleLuhn(`${siren}0001`);
  siretBoulogne = avecCleLuhn(`${siren}0002`);
  siretFerme = avecCleLuhn(`${siren}0003`);
  siretInconnu = avecCleLuhn(`${siren}0009`);
  siretMontreuil = avecCleLuhn(`${siren}0004`);
  await portal.database.db.insert(registreEtablissements).values([
    {
      siret: siretSiege,
      siren,
      nomInsee: "RENOV'CONSEIL",
      siege: true,
      adresse1: "12 RUE DE LA ROQUETTE",
      adresse2: "BATIMENT B",
      codePostal: "75011",
      ville: "PARIS",
      codeCommune: "75056",
      actif: true,
    },
    {
      siret: siretBoulogne,
      siren,
      nomInsee: "RENOV'CONSEIL OUEST",
      siege: false,
      adresse1: "40 RUE DE SEVRES",
      adresse2: null,
      codePostal: "92100",
      ville: "BOULOGNE-BILLANCOURT",
      codeCommune: "92012",
      actif: true,
    },
    {
      siret: siretFerme,
      siren,
      nomInsee: "RENOV'CONSEIL EST",
      siege: false,
      adresse1: "45 RUE DE PARIS",
      adresse2: null,
      codePostal: "93100",
      ville: "MONTREUIL",
      codeCommune: "93048",
      actif: false,
    },
    {
      siret: siretMontreuil,
      siren,
      nomInsee: "RENOV'CONSEIL MONTREUIL",
      siege: false,
      adresse1: "9 RUE DU MARCHE",
      adresse2: null,
      codePostal: "93100",
      ville: "MONTREUIL",
      codeCommune: "93048",
      actif: true,
    },
  ]);
  titulaire = await demandeur(siren, `${marque} Rénov'Conseil`);
  const demande = await nouvelleDemandeEnEtat(
    { baseUrl: portal.baseUrl, demandeur: titulaire, equipe },
    "agree",
  );
  agrementId = demande.agrement!.id;
  numeroAgrement = demande.agrement!.numeroAgrement;
  sirenAutre = avecCleLuhn(`6${String(randomInt(0, 10_000_000)).padStart(7, "0")}`);
  autre = await demandeur(sirenAutre, `${marque} Autre`);
}, 180_000);

afterAll(async () => {
  await portal?.close();
});

describe("before any referencing", () => {
  it("GET /api/demandeur/has-etablissement answers false", async () => {
    expect(await api(titulaire, "/demandeur/has-etablissement")).toEqual({
      status: 200,
      body: { hasEtablissement: false },
    });
  });

  it("GET …/etablissement-etp-required: true for an approval granted in 2026, false before April 2024", async () => {
    expect(await api(titulaire, `/agrement/${agrementId}/etablissement-etp-required`)).toEqual({
      status: 200,
      body: { etpRequired: true },
    });
    await portal.database.db
      .update(agrements)
      .set({ dateOctroi: new Date("2024-03-31T10:00:00Z") })
      .where(eq(agrements.id, agrementId));
    try {
      expect(
        (await api(titulaire, `/agrement/${agrementId}/etablissement-etp-required`)).body,
      ).toEqual({ etpRequired: false });
    } finally {
      await portal.database.db
        .update(agrements)
        .set({ dateOctroi: DEBUT })
        .where(eq(agrements.id, agrementId));
    }
  });

  it("GET …/etablissements-a-referencer lists the open registry establishments, head office first", async () => {
    const { status, body } = await api(
      titulaire,
      `/agrement/${agrementId}/etablissements-a-referencer`,
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        siret: siretSiege,
        nomInsee: "RENOV'CONSEIL",
        siege: true,
        adresse1: "12 RUE DE LA ROQUETTE",
        adresse2: "BATIMENT B",
        codePostal: "75011",
        ville: "PARIS",
        codeCommune: "75056",
      },
      {
        siret: siretBoulogne,
        nomInsee: "RENOV'CONSEIL OUEST",
        siege: false,
        adresse1: "40 RUE DE SEVRES",
        adresse2: null,
        codePostal: "92100",
        ville: "BOULOGNE-BILLANCOURT",
        codeCommune: "92012",
      },
      {
        siret: siretMontreuil,
        nomInsee: "RENOV'CONSEIL MONTREUIL",
        siege: false,
        adresse1: "9 RUE DU MARCHE",
        adresse2: null,
        codePostal: "93100",
        ville: "MONTREUIL",
        codeCommune: "93048",
      },
    ]);
  });

  it("the list of the approval is empty", async () => {
    expect(await api(titulaire, `/agrement/${agrementId}/etablissements`)).toEqual({
      status: 200,
      body: [],
    });
  });
});

describe("POST /api/agrement/{id}/etablissement: bad input, on its field (422)", () => {
  it("refuses an invalid SIRET, an invalid phone and an empty perimeter", async () => {
    const { status, body } = await api<{ errors: Record<string, string[]> }>(
      titulaire,
      `/agrement/${agrementId}/etablissement`,
      "POST",
      referencementSiege({
        siret: `${siretSiege.slice(0, 13)}${(Number(siretSiege[13]) + 1) % 10}`,
        tel: "01 23",
        departements: [],
        communes: [],
      }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      siret: ["Le champ n'est pas au bon format"],
      tel: ["Le numéro de téléphone saisi : 01 23 ne correspond pas au format demandé"],
      regions: ["Le périmètre d'intervention est requis"],
    });
  });

  it("requires ETP and referent for an approval granted in 2026", async () => {
    const { status, body } = await api<{ errors: Record<string, string[]> }>(
      titulaire,
      `/agrement/${agrementId}/etablissement`,
      "POST",
      referencementSiege({
        etp: "",
        referentCivilite: "",
        referentNom: "",
        referentPrenom: "",
        referentEmail: "",
        referentTel: "",
      }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      etp: ["Ce champ est requis"],
      referentCivilite: ["Ce champ est requis"],
      referentNom: ["Ce champ est requis"],
      referentPrenom: ["Ce champ est requis"],
      referentEmail: ["Ce champ est requis"],
      referentTel: ["Ce champ est requis"],
    });
  });

  it("refuses an ETP above 999 or with three decimals", async () => {
    for (const [etp, message] of [
      ["1000", "La valeur doit être inférieure ou égale à 999"],
      ["2,125", "Le format n'est pas correct : deux décimales au plus."],
    ]) {
      const { status, body } = await api<{ errors: Record<string, string[]> }>(
        titulaire,
        `/agrement/${agrementId}/etablissement`,
        "POST",
        referencementSiege({ etp }),
      );
      expect(status).toBe(422);
      expect(body.errors).toEqual({ etp: [message] });
    }
  });

  it("refuses places outside the granted perimeter (Île-de-France), naming each", async () => {
    const { status, body } = await api<{ errors: Record<string, string[]> }>(
      titulaire,
      `/agrement/${agrementId}/etablissement`,
      "POST",
      referencementSiege({
        regions: ["84"],
        departements: ["75", "69"],
        epcis: ["200046977"],
        communes: ["92012", "69123"],
      }),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      regions: [
        "La région Auvergne-Rhône-Alpes (84) n'est pas dans le périmètre accordé par l'agrément.",
      ],
      departements: [
        "Le département Rhône (69) n'est pas dans le périmètre accordé par l'agrément.",
      ],
      epcis: [
        "L'EPCI Métropole de Lyon (200046977) n'est pas dans le périmètre accordé par l'agrément.",
      ],
      communes: ["La commune Lyon (69123) n'est pas dans le périmètre accordé par l'agrément."],
    });
  });

  it("refuses a SIRET that is not an open establishment of the company, and a commune not of the postal code", async () => {
    for (const siret of [siretInconnu, siretFerme]) {
      const { status, body } = await api<{ errors: Record<string, string[]> }>(
        titulaire,
        `/agrement/${agrementId}/etablissement`,
        "POST",
        referencementSiege({ siret, codeCommune: "92012" }),
      );
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        siret: [
          `L'établissement ${siret} n'est pas un établissement en activité de votre structure au registre des entreprises.`,
        ],
        codeCommune: ["Choisissez une commune de ce code postal."],
      });
    }
  });
});

describe("referencing", () => {
  it("references the head office (form post) with its history row, and lists it", async () => {
    const { status, body } = await api<Etablissement>(
      titulaire,
      `/agrement/${agrementId}/etablissement`,
      "POST",
      referencementSiege(),
    );
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      agrementId,
      numeroAgrement,
      reference: "ETB-0000001",
      raisonSociale: `${marque} Rénov'Conseil`,
      nom: "Rénov'Conseil Paris",
      nomInsee: "RENOV'CONSEIL",
      nomMar: "Rénov'Conseil – Paris 11e",
      siret: siretSiege,
      adresse1: "12 rue de la Roquette",
      adresse2: "Bâtiment B",
      codePostal: "75011",
      ville: "Paris",
      codeCommune: "75056",
      tel: "01 84 60 27 15",
      email: "paris@renovconseil.example",
      siteInternet: "https://www.renovconseil.example",
      etp: 3.5,
      perimetre: {
        regions: [],
        departements: [
          { code: "75", nom: "Paris" },
          { code: "92", nom: "Hauts-de-Seine" },
        ],
        epcis: [],
        communes: [{ code: "93048", nom: "Montreuil" }],
      },
      referent: {
        civilite: "Mme",
        nom: "Durand",
        prenom: "Léa",
        email: "lea.durand@renovconseil.example",
        tel: "06 12 34 56 78",
      },
      referencee: true,
      dateCreation: DEBUT.toISOString(),
      dateDereferencement: null,
    });
    reference = body;

    const lignes = await portal.database.db
      .select()
      .from(historique)
      .where(
        and(eq(historique.ressourceType, "etablissement"), eq(historique.ressourceId, body.id)),
      );
    expect(lignes).toEqual([
      expect.objectContaining({
        action: "REFERENCER_ETABLISSEMENT",
        acteurRole: "demandeur",
        commentaire: "Référencement de l'établissement par la structure agréée.",
        date: DEBUT,
      }),
    ]);

    expect(await api(titulaire, `/agrement/${agrementId}/etablissements`)).toEqual({
      status: 200,
      body: [reference],
    });
    expect(await api(titulaire, "/demandeur/has-etablissement")).toEqual({
      status: 200,
      body: { hasEtablissement: true },
    });
  });

  it("no longer offers it among the establishments to reference", async () => {
    const { body } = await api<{ siret: string }[]>(
      titulaire,
      `/agrement/${agrementId}/etablissements-a-referencer`,
    );
    expect(body.map((etablissement) => etablissement.siret)).toEqual([
      siretBoulogne,
      siretMontreuil,
    ]);
  });

  it("GET /api/etablissements/check says which SIRET is already referenced", async () => {
    expect(await api(titulaire, `/etablissements/check?field=siret&value=${siretSiege}`)).toEqual({
      status: 200,
      body: { exists: true },
    });
    expect(
      await api(titulaire, `/etablissements/check?field=siret&value=${siretBoulogne}`),
    ).toEqual({ status: 200, body: { exists: false } });
    const invalide = await api<{ errors: Record<string, string[]> }>(
      titulaire,
      "/etablissements/check?field=siret&value=12345678901234",
    );
    expect(invalide.status).toBe(422);
    expect(invalide.body.errors).toEqual({ value: ["Le champ n'est pas au bon format"] });
    // Another company does not see this one's establishments.
    expect(
      (await api(autre, `/etablissements/check?field=siret&value=${siretSiege}`)).body,
    ).toEqual({ exists: false });
  });

  it("refuses the same SIRET again, naming it", async () => {
    const { status, body } = await api<{ errors: Record<string, string[]> }>(
      titulaire,
      `/agrement/${agrementId}/etablissement`,
      "POST",
      referencementSiege(),
    );
    expect(status).toBe(422);
    expect(body.errors).toEqual({ siret: [`L'établissement ${siretSiege} est déjà référencé`] });
  });

  it("references a second one (JSON) with the next reference", async () => {
    const { status, body } = await api<Etablissement>(
      titulaire,
      `/agrement/${agrementId}/etablissement`,
      "POST",
      {
        siret: siretBoulogne,
        nom: "Rénov'Conseil Ouest",
        adresse1: "40 rue de Sèvres",
        codePostal: "92100",
        codeCommune: "92012",
        tel: "+33 1 46 00 00 00",
        email: "ouest@renovconseil.example",
        epcis: ["200054781"],
        etp: 1,
        referentCivilite: "M.",
        referentNom: "Petit",
        referentPrenom: "Hugo",
        referentEmail: "hugo.petit@renovconseil.example",
        referentTel: "0612345679",
      },
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      reference: "ETB-0000002",
      siret: siretBoulogne,
      ville: "Boulogne-Billancourt",
      nomMar: null,
      adresse2: null,
      siteInternet: null,
      etp: 1,
      perimetre: {
        regions: [],
        departements: [],
        epcis: [{ code: "200054781", nom: "Métropole du Grand Paris" }],
        communes: [],
      },
    });
  });
});

describe("two referencings of one SIRET at once", () => {
  it("one is referenced (ETB-0000003), the other refused on its field", async () => {
    const corps = () =>
      formulaire({
        siret: siretMontreuil,
        nom: "Rénov'Conseil Montreuil",
        adresse1: "9 rue du Marché",
        codePostal: "93100",
        codeCommune: "93048",
        tel: "01 48 00 00 00",
        email: "montreuil@renovconseil.example",
        departements: ["93"],
        etp: "2",
        referentCivilite: "M.",
        referentNom: "Blanc",
        referentPrenom: "Noé",
        referentEmail: "noe.blanc@renovconseil.example",
        referentTel: "0611223344",
      });
    const reponses = await Promise.all([
      api<Etablissement & { errors?: Record<string, string[]> }>(
        titulaire,
        `/agrement/${agrementId}/etablissement`,
        "POST",
        corps(),
      ),
      api<Etablissement & { errors?: Record<string, string[]> }>(
        titulaire,
        `/agrement/${agrementId}/etablissement`,
        "POST",
        corps(),
      ),
    ]);
    expect(reponses.map((reponse) => reponse.status).sort()).toEqual([201, 422]);
    const cree = reponses.find((reponse) => reponse.status === 201)!;
    const refuse = reponses.find((reponse) => reponse.status === 422)!;
    expect(cree.body.reference).toBe("ETB-0000003");
    expect(refuse.body.errors).toEqual({
      siret: [`L'établissement ${siretMontreuil} est déjà référencé`],
    });
    expect(
      (await api<unknown[]>(titulaire, `/agrement/${agrementId}/etablissements-a-referencer`)).body,
    ).toEqual([]);
  });
});

describe("reading an establishment", () => {
  it("GET …/etablissement/{id}, by id or by SIRET, with its history", async () => {
    const attendu = {
      ...reference,
      historique: [
        {
          date: DEBUT.toISOString(),
          action: "REFERENCER_ETABLISSEMENT",
          libelle: "Établissement référencé",
          commentaire: "Référencement de l'établissement par la structure agréée.",
          auteur: "Camille Compte 1",
        },
      ],
    };
    expect(
      await api<EtablissementDetail>(
        titulaire,
        `/agrement/${agrementId}/etablissement/${reference.id}`,
      ),
    ).toEqual({
      status: 200,
      body: attendu,
    });
    expect(await api(titulaire, `/agrement/${agrementId}/etablissement/${siretSiege}`)).toEqual({
      status: 200,
      body: attendu,
    });
    // Staff who see the approval (the demo instructeur: Paris service) read it too.
    expect(
      (await api(equipe.instructeur, `/agrement/${agrementId}/etablissement/${reference.id}`))
        .status,
    ).toBe(200);
    expect((await api(equipe.instructeur, `/agrement/${agrementId}/etablissements`)).status).toBe(
      200,
    );
  });

  it("404 for an unknown establishment or a malformed id", async () => {
    expect(
      (await api(titulaire, `/agrement/${agrementId}/etablissement/${randomUUID()}`)).status,
    ).toBe(404);
    expect(
      (await api(titulaire, `/agrement/${agrementId}/etablissement/${siretInconnu}`)).status,
    ).toBe(404);
    expect((await api(titulaire, `/agrement/${agrementId}/etablissement/pas-un-id`)).status).toBe(
      404,
    );
  });
});

describe("scope and roles", () => {
  it("another company's applicant gets 404 on every route of this approval and establishment", async () => {
    const chemins: [string, string, Record<string, unknown>?][] = [
      ["GET", `/agrement/${agrementId}/etablissements`],
      ["GET", `/agrement/${agrementId}/etablissement/${reference.id}`],
      ["GET", `/agrement/${agrementId}/etablissements-a-referencer`],
      ["GET", `/agrement/${agrementId}/etablissement-etp-required`],
      ["GET", `/epcis/agrement/${agrementId}?query=grand`],
      ["GET", `/communes/agrement/${agrementId}?query=paris`],
      ["POST", `/agrement/${agrementId}/etablissement`, { siret: siretBoulogne }],
      ["POST", `/etablissement/${reference.id}/update-perimetre`, { departements: ["75"] }],
    ];
    for (const [methode, chemin, corps] of chemins) {
      const { status, body } = await api(autre, chemin, methode, corps);
      expect({ chemin, status, body }).toEqual({
        chemin,
        status: 404,
        body: { message: "Ressource introuvable" },
      });
    }
  });

  it("an applicant without approval has no establishment", async () => {
    expect((await api(autre, "/demandeur/has-etablissement")).body).toEqual({
      hasEtablissement: false,
    });
  });

  it("staff may not reference nor update (403), nor ask the applicant's routes", async () => {
    const poste = await api(equipe.instructeur, `/agrement/${agrementId}/etablissement`, "POST", {
      siret: siretBoulogne,
    });
    expect(poste).toEqual({ status: 403, body: { message: "Forbidden" } });
    expect(
      (
        await api(equipe.superviseur, `/etablissement/${reference.id}/update-perimetre`, "POST", {
          departements: ["75"],
        })
      ).status,
    ).toBe(403);
    expect((await api(equipe.instructeur, "/demandeur/has-etablissement")).status).toBe(403);
    expect(
      (await api(equipe.instructeur, `/etablissements/check?field=siret&value=${siretSiege}`))
        .status,
    ).toBe(403);
  });

  it("a suspended approval blocks referencing and perimeter updates (403)", async () => {
    await mettreEtat("suspendu");
    try {
      expect(
        await api(titulaire, `/agrement/${agrementId}/etablissement`, "POST", referencementSiege()),
      ).toEqual({
        status: 403,
        body: {
          message:
            "L'agrément est suspendu : aucun établissement ne peut être référencé pendant la suspension.",
        },
      });
      expect(
        await api(titulaire, `/etablissement/${reference.id}/update-perimetre`, "POST", {
          departements: ["75"],
        }),
      ).toEqual({
        status: 403,
        body: {
          message:
            "L'agrément n'est pas en cours : le périmètre d'intervention ne peut pas être modifié.",
        },
      });
      // Still readable.
      expect((await api(titulaire, `/agrement/${agrementId}/etablissements`)).status).toBe(200);
    } finally {
      await mettreEtat("en_cours");
    }
  });
});

describe("geography of the approval", () => {
  it("GET /api/epcis/agrement/{id}: only EPCI inside Île-de-France", async () => {
    expect(await api(titulaire, `/epcis/agrement/${agrementId}?query=grand%20paris`)).toEqual({
      status: 200,
      body: [
        { code: "200059228", nom: "CA Grand Paris Sud Seine Essonne Sénart" },
        { code: "200059889", nom: "CU Grand Paris Seine et Oise" },
        { code: "200054781", nom: "Métropole du Grand Paris" },
      ],
    });
    expect(await api(titulaire, `/epcis/agrement/${agrementId}?query=lyon`)).toEqual({
      status: 200,
      body: [],
    });
    expect((await api(titulaire, `/epcis/agrement/${agrementId}?query=gr`)).status).toBe(422);
  });

  it("GET /api/communes/agrement/{id}: only communes inside Île-de-France", async () => {
    const { status, body } = await api<{ code: string; nom: string }[]>(
      titulaire,
      `/communes/agrement/${agrementId}?query=boulogne`,
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        code: "92012",
        nom: "Boulogne-Billancourt",
        codeDepartement: "92",
        codeRegion: "11",
        codesPostaux: ["92100"],
      },
    ]);
    expect((await api(titulaire, `/communes/agrement/${agrementId}?query=lyon`)).body).toEqual([]);
  });
});

describe("POST /api/etablissement/{id}/update-perimetre", () => {
  it("refuses an empty perimeter and places outside the approval's", async () => {
    const vide = await api<{ errors: Record<string, string[]> }>(
      titulaire,
      `/etablissement/${reference.id}/update-perimetre`,
      "POST",
      formulaire({ departements: [] }),
    );
    expect(vide.status).toBe(422);
    expect(vide.body.errors).toEqual({ regions: ["Le périmètre d'intervention est requis"] });
    const dehors = await api<{ errors: Record<string, string[]> }>(
      titulaire,
      `/etablissement/${reference.id}/update-perimetre`,
      "POST",
      formulaire({ communes: ["69123"] }),
    );
    expect(dehors.status).toBe(422);
    expect(dehors.body.errors).toEqual({
      communes: ["La commune Lyon (69123) n'est pas dans le périmètre accordé par l'agrément."],
    });
  });

  it("updates the perimeter with its history row", async () => {
    portal.horloge.regler(new Date("2026-02-10T09:00:00Z"));
    const { status, body } = await api<Etablissement>(
      titulaire,
      `/etablissement/${reference.id}/update-perimetre`,
      "POST",
      formulaire({ departements: ["92"], communes: ["92012"] }),
    );
    expect(status).toBe(200);
    expect(body.perimetre).toEqual({
      regions: [],
      departements: [{ code: "92", nom: "Hauts-de-Seine" }],
      epcis: [],
      communes: [{ code: "92012", nom: "Boulogne-Billancourt" }],
    });
    const detail = await api<EtablissementDetail>(
      titulaire,
      `/agrement/${agrementId}/etablissement/${reference.id}`,
    );
    expect(
      detail.body.historique.map(({ action, libelle, date }) => ({ action, libelle, date })),
    ).toEqual([
      {
        action: "REFERENCER_ETABLISSEMENT",
        libelle: "Établissement référencé",
        date: "2026-02-02T09:00:00.000Z",
      },
      {
        action: "MODIFIER_PERIMETRE_ETABLISSEMENT",
        libelle: "Périmètre d'intervention modifié",
        date: "2026-02-10T09:00:00.000Z",
      },
    ]);
    const [ligne] = await portal.database.db
      .select()
      .from(historique)
      .where(
        and(
          eq(historique.ressourceId, reference.id),
          eq(historique.action, "MODIFIER_PERIMETRE_ETABLISSEMENT"),
        ),
      );
    expect(ligne.donnees).toEqual({
      agrementId,
      avant: { regions: [], departements: ["75", "92"], epcis: [], communes: ["93048"] },
      apres: { regions: [], departements: ["92"], epcis: [], communes: ["92012"] },
    });
  });
});

describe("embedded registry of a company with no stored establishment (ADR 0016)", () => {
  it("answers nothing before any request, then the head office of step 1 with SIREN + 0001x", async () => {
    const registre = registreEmbarque(portal.database);
    expect(await registre.etablissementsDeSiren(sirenAutre)).toEqual([]);
    const reponse = await api(autre, "/demande", "POST", { ...ETAPE1_VALIDE });
    expect(reponse.status).toBe(201);
    expect(await registre.etablissementsDeSiren(sirenAutre)).toEqual([
      {
        siret: avecCleLuhn(`${sirenAutre}0001`),
        nomInsee: `${marque} Autre`.toUpperCase(),
        siege: true,
        adresse1: "12 rue de la Roquette",
        adresse2: "Bâtiment B",
        codePostal: "75011",
        ville: "Paris",
        codeCommune: "75056",
        actif: true,
      },
    ]);
  });
});

describe("with SIRENE_API_URL: the Sirene adapter behind the API", () => {
  let sirene: Server;
  let repondre: (res: ServerResponse) => void;
  let portailSirene: TestPortal;
  let jeton: string;
  let agrementSirene: string;
  let sirenSirene: string;

  beforeAll(async () => {
    sirene = createServer((_req, res) => repondre(res));
    await new Promise<void>((resolve) => sirene.listen(0, "127.0.0.1", resolve));
    const port = (sirene.address() as AddressInfo).port;
    portailSirene = await startTestPortal({
      SIRENE_API_URL: `http://127.0.0.1:${port}/api-sirene/3.11`,
      SIRENE_API_TOKEN: "cle-de-test",
    });
    portailSirene.horloge.regler(DEBUT);
    sirenSirene = avecCleLuhn(`5${String(randomInt(0, 10_000_000)).padStart(7, "0")}`);
    const [societe] = await portailSirene.database.db
      .insert(societes)
      .values({ siren: sirenSirene, raisonSociale: `${marque} Sirene`, qualites: ["qualityOp"] })
      .returning();
    const email = `${marque.toLowerCase()}-sirene@exemple.fr`;
    await portailSirene.database.db.insert(utilisateurs).values({
      idIdp: `${marque}-sirene`,
      email,
      prenom: "Camille",
      nom: "Sirene",
      passwordHash,
      roles: ["demandeur"],
      societeId: societe.id,
    });
    jeton = (await loginAs(portailSirene.baseUrl, email, PASSWORD)).accessToken;
    const demande = await nouvelleDemandeEnEtat(
      {
        baseUrl: portailSirene.baseUrl,
        demandeur: jeton,
        equipe: await connecterEquipeDemo(portailSirene.baseUrl),
      },
      "agree",
    );
    agrementSirene = demande.agrement!.id;
  }, 180_000);

  afterAll(async () => {
    await portailSirene?.close();
    sirene?.closeAllConnections();
    await new Promise<void>((resolve) => sirene?.close(() => resolve()));
  });

  async function aReferencer() {
    const response = await fetch(
      `${portailSirene.baseUrl}/api/agrement/${agrementSirene}/etablissements-a-referencer`,
      { headers: { Authorization: `Bearer ${jeton}` } },
    );
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it("lists the open establishments Sirene answers", async () => {
    repondre = (res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          header: { statut: 200, message: "OK", total: 2, debut: 0, nombre: 2 },
          etablissements: [
            {
              siret: avecCleLuhn(`${sirenSirene}0001`),
              etablissementSiege: true,
              uniteLegale: { denominationUniteLegale: "SIRENE CONSEIL" },
              adresseEtablissement: {
                numeroVoieEtablissement: "3",
                typeVoieEtablissement: "BD",
                libelleVoieEtablissement: "VOLTAIRE",
                codePostalEtablissement: "75011",
                libelleCommuneEtablissement: "PARIS 11",
                codeCommuneEtablissement: "75111",
              },
              periodesEtablissement: [{ dateFin: null, etatAdministratifEtablissement: "A" }],
            },
            {
              siret: avecCleLuhn(`${sirenSirene}0002`),
              etablissementSiege: false,
              uniteLegale: { denominationUniteLegale: "SIRENE CONSEIL" },
              adresseEtablissement: {
                numeroVoieEtablissement: "9",
                typeVoieEtablissement: "RUE",
                libelleVoieEtablissement: "DU MARCHE",
                codePostalEtablissement: "93100",
                libelleCommuneEtablissement: "MONTREUIL",
                codeCommuneEtablissement: "93048",
              },
              periodesEtablissement: [{ dateFin: null, etatAdministratifEtablissement: "F" }],
            },
          ],
        }),
      );
    };
    expect(await aReferencer()).toEqual({
      status: 200,
      body: [
        {
          siret: avecCleLuhn(`${sirenSirene}0001`),
          nomInsee: "SIRENE CONSEIL",
          siege: true,
          adresse1: "3 BD VOLTAIRE",
          adresse2: null,
          codePostal: "75011",
          ville: "PARIS 11",
          codeCommune: "75111",
        },
      ],
    });
  });

  it("answers 503 with a French message when Sirene fails, on the list and on the POST", async () => {
    repondre = (res) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ header: { statut: 500, message: "Erreur interne" } }));
    };
    const message =
      "Le registre des entreprises (INSEE Sirene) ne répond pas pour le moment : réessayez dans quelques minutes.";
    expect(await aReferencer()).toEqual({ status: 503, body: { message } });
    const response = await fetch(
      `${portailSirene.baseUrl}/api/agrement/${agrementSirene}/etablissement`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${jeton}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          siret: avecCleLuhn(`${sirenSirene}0001`),
          nom: "Siège",
          adresse1: "3 boulevard Voltaire",
          codePostal: "75011",
          codeCommune: "75056",
          tel: "0102030405",
          email: "siege@sirene.example",
          departements: ["75"],
          etp: "2",
          referentCivilite: "M.",
          referentNom: "Roux",
          referentPrenom: "Paul",
          referentEmail: "paul.roux@sirene.example",
          referentTel: "0601020304",
        }),
      },
    );
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 503,
      body: { message },
    });
  });
});
