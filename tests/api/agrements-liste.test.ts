/**
 * The approvals list and the last read calls of spec §7 over HTTP (spec §3
 * "Agrement list criteria", §7 Approvals and
 * Requests, §9 default sort and exports; DESIGN §4 scope; ADR 0026).
 *
 * A small data set is written straight into the database (this file tests
 * reading, not the workflow): six approvals A–F of companies created for
 * this run, under two services created for this run, so that test files
 * sharing one PostgreSQL database never count each other's rows. Every
 * expected value below is counted by hand from the table in `beforeAll`.
 *
 * | | service | dépt | état | qualité | raison sociale | établ. | rapport 2025 |
 * |A| S1 | 35 | en_cours | qualityOp    | Élan Rénov   | 1 | déposé   |
 * |B| S1 | 29 | suspendu | qualityAnah  | Bâti Conseil | 0 |          |
 * |C| S2 | 35 | retire   | qualityOp    | Cœur Habitat | 0 |          |
 * |D| S2 | 75 | en_cours | qualityArchi | Zeste        | 0 |          | (fin 10/03/2026, procédure en cours)
 * |E| S2 | 44 | perime   | qualityOp    | Alpha        | 0 |          |
 * |F| S1 | 35 | en_cours | qualityOp    | Delta        | 0 | en retard|
 */
import { hash } from "@node-rs/argon2";
import { randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AgrementListe,
  ComptesDemandes,
  ProcedureAgrementDetail,
} from "../../contract/schemas/agrements-liste.ts";
import type { PjAdditionnelles } from "../../contract/schemas/complements.ts";
import type { Page } from "../../contract/schemas/listes.ts";
import {
  agrements,
  demandes,
  etablissements,
  historique,
  piecesJointes,
  proceduresAgrement,
  rapportsAnnuelsActivite,
  retardsRapportAnnuel,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { perimerAgrements } from "../../api/domain/agrements-liste/peremption.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Agl${randomUUID().slice(0, 8)}`;
/** 10 March 2026, 10:00 in Paris: the last elapsed year is 2025. */
const DEBUT = new Date("2026-03-10T09:00:00Z");
const JOUR = 24 * 60 * 60 * 1000;

let portal: TestPortal;
let passwordHash: string;
const jetons: Record<string, string> = {};
const comptes: Record<string, string> = {};
const services: Record<"S1" | "S2", number> = { S1: 0, S2: 0 };
/** Approval ids, request ids, SIRENs and numbers by letter. */
const ids: Record<string, string> = {};
const demandeIds: Record<string, string> = {};
const sirens: Record<string, string> = {};
const numeros: Record<string, string> = {};
let procedureId: number;
let changementId: string;

async function creerCompte(
  cle: string,
  valeurs: Partial<typeof utilisateurs.$inferInsert> & { roles: string[] },
): Promise<void> {
  const email = `${marque.toLowerCase()}-${cle.toLowerCase()}@exemple.fr`;
  const [row] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `${marque}-${cle}`,
      email,
      prenom: "Camille",
      nom: cle,
      passwordHash,
      ...valeurs,
    })
    .returning();
  comptes[cle] = row.id;
  jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

interface Ligne {
  lettre: string;
  service: "S1" | "S2";
  departement: string;
  region: string;
  etat: "en_cours" | "perime" | "suspendu" | "retire";
  qualite: string;
  nom: string;
  dateFin: string;
}

const LIGNES: Ligne[] = [
  {
    lettre: "A",
    service: "S1",
    departement: "35",
    region: "53",
    etat: "en_cours",
    qualite: "qualityOp",
    nom: "Élan Rénov",
    dateFin: "2030-01-01",
  },
  {
    lettre: "B",
    service: "S1",
    departement: "29",
    region: "53",
    etat: "suspendu",
    qualite: "qualityAnah",
    nom: "Bâti Conseil",
    dateFin: "2030-01-01",
  },
  {
    lettre: "C",
    service: "S2",
    departement: "35",
    region: "53",
    etat: "retire",
    qualite: "qualityOp",
    nom: "Cœur Habitat",
    dateFin: "2030-01-01",
  },
  {
    lettre: "D",
    service: "S2",
    departement: "75",
    region: "11",
    etat: "en_cours",
    qualite: "qualityArchi",
    nom: "Zeste",
    dateFin: "2026-03-10",
  },
  {
    lettre: "E",
    service: "S2",
    departement: "44",
    region: "52",
    etat: "perime",
    qualite: "qualityOp",
    nom: "Alpha",
    dateFin: "2025-01-01",
  },
  {
    lettre: "F",
    service: "S1",
    departement: "35",
    region: "53",
    etat: "en_cours",
    qualite: "qualityOp",
    nom: "Delta",
    dateFin: "2030-01-01",
  },
];

async function get<T>(
  cle: string,
  chemin: string,
  params: [string, string][] = [],
): Promise<{ status: number; body: T; texte: string; headers: Headers }> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${portal.baseUrl}/api${chemin}${query ? `?${query}` : ""}`, {
    headers: { Authorization: `Bearer ${jetons[cle]}` },
  });
  // Bytes decoded by hand: `response.text()` would drop the CSV's byte-order mark.
  const texte = Buffer.from(await response.arrayBuffer()).toString("utf8");
  let body = null as T;
  try {
    body = JSON.parse(texte) as T;
  } catch {
    // CSV
  }
  return { status: response.status, body, texte, headers: response.headers };
}

/** The letters of a page, in order. */
function lettres(page: Page<AgrementListe>): string[] {
  const parId = new Map(Object.entries(ids).map(([lettre, id]) => [id, lettre]));
  return page.result.map((agrement) => parId.get(agrement.id) ?? "?");
}

/** GET /api/agrements as `cle`, restricted to this run's services unless `portee` is false. */
async function liste(cle: string, params: [string, string][] = [], portee = true) {
  const services_ = portee
    ? ([
        ["servicesInstructeur[]", String(services.S1)],
        ["servicesInstructeur[]", String(services.S2)],
      ] as [string, string][])
    : [];
  return get<Page<AgrementListe>>(cle, "/agrements", [...services_, ...params]);
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  const db = portal.database.db;
  for (const cle of ["S1", "S2"] as const) {
    const [row] = await db
      .insert(servicesInstructeur)
      .values({ code: `${marque}-${cle}`, nom: `Délégation ${cle} ${marque}` })
      .returning();
    services[cle] = row.id;
  }
  await creerCompte("centrale", { roles: ["anah_centrale"] });
  await creerCompte("instructeur", { roles: ["instructeur"], serviceInstructeurId: services.S1 });
  await creerCompte("superviseur", {
    roles: ["superviseur"],
    serviceInstructeurId: services.S2,
    perimetreSupervision: { regions: [], departements: ["35"] },
  });
  await creerCompte("admin", { roles: ["admin_fonctionnel"] });
  for (const [index, ligne] of LIGNES.entries()) {
    const { lettre } = ligne;
    sirens[lettre] = `8${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
    numeros[lettre] = `AGR-${marque}-${String(index + 1).padStart(4, "0")}`;
    const [societe] = await db
      .insert(societes)
      .values({
        siren: sirens[lettre],
        raisonSociale: `${ligne.nom} ${marque}`,
        qualites: [ligne.qualite],
      })
      .returning();
    const siege = {
      codeDepartement: ligne.departement,
      codeRegion: ligne.region,
      serviceInstructeurId: services[ligne.service],
    };
    const [demande] = await db
      .insert(demandes)
      .values({
        kind: "demande",
        societeId: societe.id,
        etat: ligne.etat === "suspendu" || lettre === "D" ? "agrement_procedure_en_cours" : "agree",
        numeroDossier: `${marque}-${lettre}`,
        raisonSociale: `${ligne.nom} ${marque}`,
        siren: sirens[lettre],
        qualite: ligne.qualite,
        dateDepot: new Date(DEBUT.getTime() - 400 * JOUR),
        // A and B are assigned to the instructeur: his "Mes dossiers".
        instructeurId: lettre === "A" || lettre === "B" ? comptes.instructeur : null,
        ...siege,
      })
      .returning();
    demandeIds[lettre] = demande.id;
    const [agrement] = await db
      .insert(agrements)
      .values({
        societeId: societe.id,
        demandeId: demande.id,
        numeroAgrement: numeros[lettre],
        etat: ligne.etat,
        dateDebut: "2025-01-01",
        dateFin: ligne.dateFin,
        dateOctroi: new Date("2025-01-01T10:00:00Z"),
        perimetre: { regions: [], departements: [ligne.departement], epcis: [], communes: [] },
        raisonSociale: `${ligne.nom} ${marque}`,
        qualite: ligne.qualite,
        ...siege,
      })
      .returning();
    ids[lettre] = agrement.id;
    await db.update(demandes).set({ agrementId: agrement.id }).where(eq(demandes.id, demande.id));
  }
  // A: one referenced establishment and one dereferenced; its 2025 report deposited.
  for (const [reference, referencee] of [
    ["E1", true],
    ["E2", false],
  ] as const)
    await db.insert(etablissements).values({
      agrementId: ids.A,
      societeId: (await db.select().from(agrements).where(eq(agrements.id, ids.A)))[0].societeId,
      reference: `${marque}-${reference}`,
      raisonSociale: `Élan Rénov ${marque}`,
      nom: `Agence ${reference}`,
      siret: `${sirens.A}00012`,
      adresse1: "1 rue de la Paix",
      codePostal: "35000",
      ville: "Rennes",
      perimetre: { regions: [], departements: ["35"], epcis: [], communes: [] },
      referencee,
    });
  await db.insert(rapportsAnnuelsActivite).values({
    agrementId: ids.A,
    annee: 2025,
    etat: "depose",
    dateDepot: DEBUT,
  });
  // B: a 2024 report deposited (not the last elapsed year); F: its 2025 report marked late.
  await db
    .insert(rapportsAnnuelsActivite)
    .values({ agrementId: ids.B, annee: 2024, etat: "depose" });
  await db
    .insert(retardsRapportAnnuel)
    .values({ agrementId: ids.F, annee: 2025, dateSignalement: DEBUT });
  // D: a withdrawal procedure still running, created with its history row.
  const creation = new Date(DEBUT.getTime() - 20 * JOUR);
  const [procedure] = await db
    .insert(proceduresAgrement)
    .values({
      agrementId: ids.D,
      demandeId: demandeIds.D,
      type: "retrait_sans_suspension",
      etat: "en_cours",
      dateNotification: "2026-02-18",
      dateCreation: creation,
    })
    .returning();
  procedureId = procedure.id;
  await db.insert(historique).values([
    {
      ressourceType: "demande",
      ressourceId: demandeIds.D,
      action: "CREER_PROCEDURE",
      etatAvant: "agree",
      etatApres: "agrement_procedure_en_cours",
      acteurId: comptes.superviseur,
      acteurRole: "superviseur",
      commentaire: "Manquements constatés",
      donnees: { agrementId: ids.D, type: "retrait_sans_suspension" },
      date: creation,
    },
    // Another request's row at the same instant: not the procedure's.
    {
      ressourceType: "demande",
      ressourceId: demandeIds.C,
      action: "CREER_PROCEDURE",
      donnees: {},
      date: creation,
    },
  ]);
  // A notable change of A, deposited, assigned to the instructeur.
  const [changement] = await db
    .insert(demandes)
    .values({
      kind: "changement-notable",
      typeChangement: "extension_perimetre",
      societeId: (await db.select().from(agrements).where(eq(agrements.id, ids.A)))[0].societeId,
      etat: "deposee",
      numeroDossier: `${marque}-CN`,
      raisonSociale: `Élan Rénov ${marque}`,
      siren: sirens.A,
      codeDepartement: "35",
      codeRegion: "53",
      serviceInstructeurId: services.S1,
      instructeurId: comptes.instructeur,
      dateDepot: DEBUT,
      agrementId: ids.A,
    })
    .returning();
  changementId = changement.id;
  // A's request: three complements, the second without a file.
  for (const [numero, fichiers] of [
    [1, 2],
    [2, 0],
    [3, 1],
  ] as const) {
    const [ligne] = await db
      .insert(historique)
      .values({
        ressourceType: "demande",
        ressourceId: demandeIds.A,
        action: "DONNER_COMPLEMENT",
        date: new Date(DEBUT.getTime() - (10 - numero) * JOUR),
      })
      .returning();
    for (let index = 0; index < fichiers; index += 1)
      await db.insert(piecesJointes).values({
        ressourceType: "demande",
        ressourceId: demandeIds.A,
        rubrique: "complement",
        nom: `complement-${numero}-${index}.pdf`,
        mimeType: "application/pdf",
        taille: 100 + index,
        sha256: "0".repeat(64),
        cle: `${marque}/${numero}/${index}`,
        historiqueId: ligne.id,
      });
  }
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("GET /api/agrements: scope", () => {
  it("gives central roles every approval, numeroAgrement ascending by default", async () => {
    const { status, body } = await liste("centrale");
    expect(status).toBe(200);
    expect(lettres(body)).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(body).toMatchObject({ page: 1, nb_elements: 6, nb_pages: 1 });
    expect(body.result[0]).toEqual({
      id: ids.A,
      numeroAgrement: numeros.A,
      raisonSociale: `Élan Rénov ${marque}`,
      siren: sirens.A,
      qualite: "qualityOp",
      etat: "en_cours",
      dateDebut: "2025-01-01",
      dateFin: "2030-01-01",
      codeDepartement: "35",
      serviceInstructeur: `Délégation S1 ${marque}`,
      nbEtablissements: 1,
    });
  });

  it("gives an instructeur his service's approvals only", async () => {
    const { status, body } = await liste("instructeur", [], false);
    expect(status).toBe(200);
    expect(lettres(body)).toEqual(["A", "B", "F"]);
  });

  it("gives a superviseur his perimeter's approvals (département 35)", async () => {
    const { body } = await liste("superviseur");
    expect(lettres(body)).toEqual(["A", "C", "F"]);
  });

  it("refuses a demandeur and the admin_fonctionnel (403), list and export", async () => {
    await creerCompte("demandeur", { roles: ["demandeur"] });
    for (const cle of ["demandeur", "admin"]) {
      expect((await liste(cle)).status).toBe(403);
      expect((await get(cle, "/agrements/export")).status).toBe(403);
    }
  });
});

describe("GET /api/agrements: filters, search, sort, pages", () => {
  it.each([
    [[["etat[]", "en_cours"]], ["A", "D", "F"]],
    [
      [
        ["etat[]", "suspendu"],
        ["etat[]", "retire"],
      ],
      ["B", "C"],
    ],
    [[["quality[]", "qualityOp"]], ["A", "C", "E", "F"]],
    [
      [
        ["quality[]", "qualityOp"],
        ["etat[]", "en_cours"],
      ],
      ["A", "F"],
    ],
    [[["hasEtablissement", "true"]], ["A"]],
    [[["hasEtablissement", "false"]], ["B", "C", "D", "E", "F"]],
    [[["rapportAnnuelActivites[]", "depose"]], ["A"]],
    [[["rapportAnnuelActivites[]", "nonDepose"]], ["B", "C", "D", "E", "F"]],
    [[["rapportAnnuelActivites[]", "enRetard"]], ["F"]],
  ] as [[string, string][], string[]][])("%j → %j", async (params, attendu) => {
    const { status, body } = await liste("centrale", params);
    expect(status).toBe(200);
    expect(lettres(body)).toEqual(attendu);
  });

  it("filters by service", async () => {
    const { body } = await get<Page<AgrementListe>>("centrale", "/agrements", [
      ["servicesInstructeur[]", String(services.S2)],
    ]);
    expect(lettres(body)).toEqual(["C", "D", "E"]);
  });

  it("searches number, company and SIREN, accents and case ignored", async () => {
    const cherche = async (query: string) =>
      lettres((await liste("centrale", [["query", query]])).body);
    expect(await cherche("elan renov")).toEqual(["A"]);
    expect(await cherche("ÉLAN")).toEqual(["A"]);
    expect(await cherche("coeur")).toEqual(["C"]);
    expect(await cherche("bati")).toEqual(["B"]);
    const siren = sirens.B;
    expect(await cherche(`${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`)).toEqual([
      "B",
    ]);
    expect(await cherche(numeros.E.toLowerCase())).toEqual(["E"]);
    expect(await cherche("100%_introuvable")).toEqual([]);
  });

  it("sorts on order[field], ties by id, and ignores a forged order", async () => {
    const trie = async (params: [string, string][]) =>
      lettres((await liste("centrale", params)).body);
    expect(await trie([["order[raisonSociale]", "asc"]])).toEqual(["E", "B", "C", "F", "A", "D"]);
    expect(await trie([["order[raisonSociale]", "desc"]])).toEqual(["D", "A", "F", "C", "B", "E"]);
    expect(await trie([["order[numeroAgrement]", "desc"]])).toEqual(["F", "E", "D", "C", "B", "A"]);
    expect(await trie([["order[dateFin]", "asc"]])).toEqual(expect.arrayContaining(["E", "D"]));
    expect((await trie([["order[dateFin]", "asc"]])).slice(0, 2)).toEqual(["E", "D"]);
    expect(await trie([["order[bidon]", "asc"]])).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(await trie([["order[numeroAgrement]", "sideways"]])).toEqual([
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
    ]);
    expect(await trie([["order[id) desc; --]", "asc"]])).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("ignores unknown values, never answers 500", async () => {
    const ignore = async (params: [string, string][]) => (await liste("centrale", params)).body;
    expect(lettres(await ignore([["etat[]", "bidon"]]))).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(lettres(await ignore([["rapportAnnuelActivites[]", "x"]]))).toHaveLength(6);
    expect(lettres(await ignore([["hasEtablissement", "peut-etre"]]))).toHaveLength(6);
    expect((await ignore([["page", "abc"]])).page).toBe(1);
    expect((await ignore([["page", "0"]])).page).toBe(1);
    const loin = await ignore([["page", "99"]]);
    expect(loin).toMatchObject({ page: 99, nb_elements: 6, nb_pages: 1, result: [] });
    const { status: inconnu } = await liste("centrale", [["pasUnFiltre", "1"]]);
    expect(inconnu).toBe(400);
    const { status: ordre } = await liste("centrale", [["order", "raisonSociale"]]);
    expect(ordre).toBe(400);
    const { status: double, body: deuxSens } = await liste("centrale", [
      ["order[raisonSociale]", "asc"],
      ["order[raisonSociale]", "desc"],
    ]);
    // The same field twice: the last valid direction wins.
    expect(double).toBe(200);
    expect(lettres(deuxSens)).toEqual(["D", "A", "F", "C", "B", "E"]);
    const { status: service } = await get("centrale", "/agrements", [
      ["servicesInstructeur[]", "99999999999999"],
    ]);
    expect(service).toBe(200);
  });
});

describe("GET /api/agrements/export", () => {
  it("streams the filtered list as CSV (BOM, `;`, header), numeroAgrement ascending", async () => {
    const { status, texte, headers } = await get("centrale", "/agrements/export", [
      ["servicesInstructeur[]", String(services.S1)],
      ["servicesInstructeur[]", String(services.S2)],
      ["etat[]", "en_cours"],
      ["order[raisonSociale]", "desc"],
      ["page", "2"],
    ]);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toBe(
      'attachment; filename="agrements-2026-03-10.csv"',
    );
    expect(texte.charCodeAt(0)).toBe(0xfeff);
    const lignes = texte.slice(1).trimEnd().split("\r\n");
    expect(lignes[0]).toBe(
      "Numéro d'agrément;Raison sociale;SIREN;Qualité;État;Date de début;Date de fin;Département du siège;Service instructeur;Établissements référencés",
    );
    expect(lignes.slice(1).map((ligne) => ligne.split(";")[0])).toEqual([
      numeros.A,
      numeros.D,
      numeros.F,
    ]);
    expect(lignes[1].split(";").slice(1)).toEqual([
      `Élan Rénov ${marque}`,
      sirens.A,
      expect.stringMatching(/./),
      "En cours",
      "01/01/2025",
      "01/01/2030",
      "35",
      `Délégation S1 ${marque}`,
      "1",
    ]);
  });

  it("keeps the scope: an instructeur exports his service only", async () => {
    const { texte } = await get("instructeur", "/agrements/export");
    const lignes = texte.slice(1).trimEnd().split("\r\n").slice(1);
    expect(lignes.map((ligne) => ligne.split(";")[0])).toEqual([numeros.A, numeros.B, numeros.F]);
  });
});

describe("GET /api/demande/nb-demandes and /api/demande/count (ADR 0026)", () => {
  it("counts the instructeur's files: tabs of all files, and of his files", async () => {
    const tous = await get<ComptesDemandes>("instructeur", "/demande/count");
    expect(tous).toMatchObject({
      status: 200,
      body: { demande: 3, "changement-notable": 1, total: 4 },
    });
    const mes = await get<ComptesDemandes>("instructeur", "/demande/count", [
      ["mesDossiers", "true"],
    ]);
    expect(mes.body).toEqual({ demande: 2, "changement-notable": 1, total: 3 });
    const tuile = await get<{ nbDemandes: number }>("instructeur", "/demande/nb-demandes");
    expect(tuile).toMatchObject({ status: 200, body: { nbDemandes: 3 } });
  });

  it("refuses who has no such list", async () => {
    expect((await get("centrale", "/demande/nb-demandes")).status).toBe(403);
    expect((await get("centrale", "/demande/count", [["mesDossiers", "true"]])).status).toBe(403);
    expect((await get("centrale", "/demande/count")).status).toBe(200);
    expect((await get("demandeur", "/demande/count")).status).toBe(403);
    expect((await get("admin", "/demande/count")).status).toBe(403);
    expect((await get("instructeur", "/demande/count", [["etat[]", "x"]])).status).toBe(400);
  });
});

describe("GET /api/{kind}/{id}/pieces-jointes-additionnelles", () => {
  it("lists the complements with files, highest increment first", async () => {
    const { status, body } = await get<PjAdditionnelles[]>(
      "instructeur",
      `/demande/${demandeIds.A}/pieces-jointes-additionnelles`,
    );
    expect(status).toBe(200);
    expect(
      body.map((groupe) => [groupe.increment, groupe.piecesJointes.map((pj) => pj.nom)]),
    ).toEqual([
      [2, ["complement-3-0.pdf"]],
      [1, ["complement-1-0.pdf", "complement-1-1.pdf"]],
    ]);
  });

  it("answers an empty list for a request without complement, 404 out of scope", async () => {
    const vide = await get<PjAdditionnelles[]>(
      "instructeur",
      `/changement-notable/${changementId}/pieces-jointes-additionnelles`,
    );
    expect(vide).toMatchObject({ status: 200, body: [] });
    const ailleurs = await get(
      "instructeur",
      `/demande/${demandeIds.C}/pieces-jointes-additionnelles`,
    );
    expect(ailleurs.status).toBe(404);
    const autreType = await get(
      "centrale",
      `/changement-notable/${demandeIds.A}/pieces-jointes-additionnelles`,
    );
    expect(autreType.status).toBe(404);
  });
});

describe("GET /api/procedure_agrement/{id} and the job agrements-perimes", () => {
  it("answers the procedure with its own history", async () => {
    const { status, body } = await get<ProcedureAgrementDetail>(
      "centrale",
      `/procedure_agrement/${procedureId}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: procedureId,
      agrementId: ids.D,
      numeroAgrement: numeros.D,
      demandeId: demandeIds.D,
      type: "retrait_sans_suspension",
      etat: "en_cours",
      data: { dateNotification: "2026-02-18", decision: null, dateDecision: null },
    });
    expect(body.historique.map((entree) => [entree.action, entree.commentaire])).toEqual([
      ["CREER_PROCEDURE", "Manquements constatés"],
    ]);
    expect(body.historique[0].acteur).toEqual({
      prenom: "Camille",
      nom: "superviseur",
      role: "superviseur",
    });
  });

  it("answers 404 out of scope or for an id that is not one", async () => {
    expect((await get("instructeur", `/procedure_agrement/${procedureId}`)).status).toBe(404);
    expect((await get("demandeur", `/procedure_agrement/${procedureId}`)).status).toBe(404);
    expect((await get("centrale", "/procedure_agrement/abc")).status).toBe(404);
    expect((await get("centrale", "/procedure_agrement/99999999")).status).toBe(404);
  });

  it("expires an approval the day after its last day (Europe/Paris), once", async () => {
    const etatDe = async (lettre: string) =>
      (await portal.database.db.select().from(agrements).where(eq(agrements.id, ids[lettre])))[0]
        .etat;
    // 10 March 2026, D's last day of validity: still valid.
    portal.horloge.regler(new Date("2026-03-10T22:30:00Z"));
    await perimerAgrements({ database: portal.database, horloge: portal.horloge });
    expect(await etatDe("D")).toBe("en_cours");
    // 11 March 00:30 in Paris (still 10 March in UTC): expired.
    portal.horloge.regler(new Date("2026-03-10T23:30:00Z"));
    await perimerAgrements({ database: portal.database, horloge: portal.horloge });
    expect(await etatDe("D")).toBe("perime");
    expect(await perimerAgrements({ database: portal.database, horloge: portal.horloge })).toBe(0);
    expect(await Promise.all(["A", "B", "C", "E", "F"].map(etatDe))).toEqual([
      "en_cours",
      "suspendu",
      "retire",
      "perime",
      "en_cours",
    ]);
    const lignes = await portal.database.db
      .select()
      .from(historique)
      .where(and(eq(historique.ressourceType, "agrement"), eq(historique.ressourceId, ids.D)));
    expect(lignes).toHaveLength(1);
    expect(lignes[0]).toMatchObject({
      action: "PEREMPTION_AGREMENT",
      etatAvant: "en_cours",
      etatApres: "perime",
      acteurId: null,
      acteurRole: "systeme",
      donnees: { dateFin: "2026-03-10", procedureIds: [procedureId] },
    });
    const { body } = await get<ProcedureAgrementDetail>(
      "centrale",
      `/procedure_agrement/${procedureId}`,
    );
    expect(body.etat).toBe("perime");
    expect(body.historique.map((entree) => entree.action)).toEqual([
      "PEREMPTION_AGREMENT",
      "CREER_PROCEDURE",
    ]);
    const { body: perimes } = await liste("centrale", [["etat[]", "perime"]]);
    expect(lettres(perimes)).toEqual(["D", "E"]);
  });
});
