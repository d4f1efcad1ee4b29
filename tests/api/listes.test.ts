/**
 * Instruction lists and their CSV exports over HTTP (spec §3 "Instruction
 * dashboard", §7 GET /api/demandes, /api/{demandeType}s, /export; DESIGN
 * §4 scope, §5 deadlines, §7 lists and exports).
 *
 * Requests are created and deposited through the real API by applicants of
 * different companies and head offices. Their instruction state is then set
 * directly in the database: this file tests listing, not the workflow (the
 * transitions have their own tests). Every request is also moved to
 * services created for this run, so that test files sharing one PostgreSQL
 * database never count each other's rows.
 */
import { hash } from "@node-rs/argon2";
import { randomInt, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemandeDetail, DemandeResume } from "../../contract/schemas/demande.ts";
import { TAILLE_PAGE, type Page } from "../../contract/schemas/listes.ts";
import { ETATS_DEMANDE } from "../../contract/etats.ts";
import { ETAPES_INSTRUCTION } from "../../contract/statuts.ts";
import { LIBELLES_ETAPE_INSTRUCTION, LIBELLES_ETAT_DEMANDE } from "../../contract/libelles.ts";
import { businessRoles } from "../../contract/roles.ts";
import { normaliserRecherche } from "../../contract/texte.ts";
import {
  communeCodesPostaux,
  demandes,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { peutVoir, type DemandeRow } from "../../api/domain/acces.ts";
import { conditionVisibilite } from "../../api/domain/listes/visibilite.ts";
import { TAILLE_LOT_EXPORT } from "../../api/domain/listes/parcours.ts";
import type { UtilisateurConnecte } from "../../api/domain/utilisateur-connecte.ts";
import { creerDemandeDeposable, deposer } from "../helpers/demande-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Lst${randomUUID().slice(0, 8)}`;
const JOUR = 24 * 60 * 60 * 1000;
/** The business clock of this file: deposits one minute apart from here. */
const DEBUT = new Date("2026-02-10T09:00:00Z");

let portal: TestPortal;
let passwordHash: string;
/** Tokens by account key. */
const jetons: Record<string, string> = {};
/** User ids by account key. */
const comptes: Record<string, string> = {};
/** The services created for this run. */
const services: Record<"S1" | "S2" | "S3", { id: number; nom: string }> = {} as never;
/** Deposited requests by letter, and the letter of each id. */
const dossiers: Record<string, DemandeDetail> = {};
const lettreDe = new Map<string, string>();
const sirens: Record<string, string> = {};
let brouillonId: string;
let changementId: string;

/** A SIREN nobody else has (nine digits, first one 7). */
const nouveauSiren = () => `7${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;

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
      prenom: `Prénom${cle}`,
      nom: `Nom${cle}`,
      passwordHash,
      ...valeurs,
    })
    .returning();
  comptes[cle] = row.id;
  jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

async function creerService(cle: "S1" | "S2" | "S3"): Promise<void> {
  const [row] = await portal.database.db
    .insert(servicesInstructeur)
    .values({ code: `${marque}-${cle}`, nom: `Délégation ${cle} ${marque}` })
    .returning();
  services[cle] = { id: row.id, nom: row.nom };
}

/** The commune of a postal code, as the reference data hold it. */
async function communeDe(codePostal: string): Promise<string> {
  const [row] = await portal.database.db
    .select({ code: communeCodesPostaux.codeCommune })
    .from(communeCodesPostaux)
    .where(eq(communeCodesPostaux.codePostal, codePostal))
    .orderBy(asc(communeCodesPostaux.codeCommune))
    .limit(1);
  return row.code;
}

/** An applicant of a new company `raisonSociale`; returns his token. */
async function nouveauDemandeur(lettre: string, raisonSociale: string): Promise<string> {
  sirens[lettre] = nouveauSiren();
  const [societe] = await portal.database.db
    .insert(societes)
    .values({ siren: sirens[lettre], raisonSociale, qualites: ["qualityOp"] })
    .returning();
  await creerCompte(`demandeur${lettre}`, { roles: ["demandeur"], societeId: societe.id });
  return jetons[`demandeur${lettre}`];
}

/** Sets a request's instruction data directly (listing test, not the workflow). */
async function regler(id: string, valeurs: Partial<typeof demandes.$inferInsert>): Promise<void> {
  await portal.database.db.update(demandes).set(valeurs).where(eq(demandes.id, id));
}

interface Reponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

async function get<T = Page<DemandeResume>>(
  cle: string,
  chemin: string,
  params: [string, string][] = [],
): Promise<Reponse<T>> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${portal.baseUrl}/api${chemin}${query ? `?${query}` : ""}`, {
    headers: { Authorization: `Bearer ${jetons[cle]}` },
  });
  const texte = await response.text();
  return {
    status: response.status,
    body: (texte ? JSON.parse(texte) : null) as T,
    headers: response.headers,
  };
}

/** GET /api/demandes as `cle`, answering 200; the letters of the rows, in order. */
async function lettres(cle: string, params: [string, string][] = []): Promise<string[]> {
  const { status, body } = await get(cle, "/demandes", params);
  expect(status).toBe(200);
  return body.result.map((row) => lettreDe.get(row.id) ?? `autre:${row.id}`);
}

/** Restricts a central user's list to this run's services (AND with any other filter). */
const mesServices = (): [string, string][] => [
  ["servicesInstructeur[]", String(services.S1.id)],
  ["servicesInstructeur[]", String(services.S2.id)],
];

const trie = (valeurs: string[]) => [...valeurs].sort();

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  await Promise.all([creerService("S1"), creerService("S2"), creerService("S3")]);
  const { S1, S2 } = services;
  await creerCompte("instA", { roles: ["instructeur"], serviceInstructeurId: S1.id });
  await creerCompte("instA2", { roles: ["instructeur"], serviceInstructeurId: S1.id });
  await creerCompte("crhhA", { roles: ["crhh"], serviceInstructeurId: S1.id });
  await creerCompte("instB", { roles: ["instructeur"], serviceInstructeurId: S2.id });
  await creerCompte("supIdf", {
    roles: ["superviseur"],
    serviceInstructeurId: S1.id,
    perimetreSupervision: { regions: ["11"], departements: [] },
  });
  await creerCompte("supPaca", {
    roles: ["superviseur"],
    serviceInstructeurId: S2.id,
    perimetreSupervision: { regions: ["93"], departements: [] },
  });
  await creerCompte("supSansPerimetre", { roles: ["superviseur"], serviceInstructeurId: S2.id });
  await creerCompte("instS3", { roles: ["instructeur"], serviceInstructeurId: services.S3.id });
  for (const [cle, email] of [
    ["centrale", "centrale@demo.anah.gouv.fr"],
    ["adminFonctionnel", "admin-fonctionnel@demo.anah.gouv.fr"],
  ])
    jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;

  // Five companies, five head offices, one deposited request each.
  const societesDeTest = [
    ["A", "Rénov'Conseil Île-de-France", "75011", "qualityOp"],
    ["E", "Zéphyr Rénovation", "75011", "qualityOp"],
    ["D", 'Atelier "Brique" et Sens', "93200", "qualityOp"],
    ["B", "Énergie Solidaire Marseille", "13001", "qualityArchi"],
    ["C", "Habitat Durable; Lyon & Co", "69001", "qualityOp"],
  ] as const;
  for (const [lettre, raisonSociale, codePostal, qualite] of societesDeTest) {
    const token = await nouveauDemandeur(lettre, raisonSociale);
    const brouillon = await creerDemandeDeposable(portal.baseUrl, token, {
      etape1: { codePostal, commune: await communeDe(codePostal), structureQualite: qualite },
    });
    portal.horloge.avancer(60_000);
    dossiers[lettre] = await deposer(portal.baseUrl, token, brouillon.id);
    lettreDe.set(brouillon.id, lettre);
  }
  // A draft of a sixth company, filed under S1: never listed.
  const tokenF = await nouveauDemandeur("F", "Fondations Brouillon");
  brouillonId = (await creerDemandeDeposable(portal.baseUrl, tokenF)).id;
  await regler(brouillonId, { serviceInstructeurId: S1.id });
  lettreDe.set(brouillonId, "F");

  // States set directly: this file tests listing, not the workflow.
  const maintenant = portal.horloge.now();
  await regler(dossiers.A.id, {
    etat: "affectee",
    serviceInstructeurId: S1.id,
    instructeurId: comptes.instA,
  });
  await regler(dossiers.E.id, {
    etat: "incomplete",
    serviceInstructeurId: S1.id,
    instructeurId: comptes.instA2,
    suspenduDepuis: maintenant,
  });
  // D's clock was suspended for 30 days earlier on: its last day is later.
  const limiteD = new Date(Date.parse(`${dossiers.D.dateLimiteInstruction}T12:00:00Z`) + 30 * JOUR);
  await regler(dossiers.D.id, {
    serviceInstructeurId: S1.id,
    dateLimiteInstruction: limiteD.toISOString().slice(0, 10),
  });
  await regler(dossiers.B.id, {
    etat: "complete_sans_crhh",
    serviceInstructeurId: S2.id,
    instructeurId: comptes.instB,
  });
  await regler(dossiers.C.id, {
    etat: "agree",
    serviceInstructeurId: S2.id,
    instructeurId: comptes.instB,
  });
  // A notable change of company A (no creation route yet: inserted directly).
  const [changement] = await portal.database.db
    .insert(demandes)
    .values({
      kind: "changement-notable",
      typeChangement: "extension_perimetre",
      societeId: (
        await portal.database.db
          .select({ id: demandes.societeId })
          .from(demandes)
          .where(eq(demandes.id, dossiers.A.id))
      )[0].id,
      etat: "deposee",
      numeroDossier: `CN-${marque}`,
      raisonSociale: "Rénov'Conseil Île-de-France",
      siren: sirens.A,
      qualite: "qualityOp",
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: S1.id,
      dateDepot: maintenant,
      dateLimiteInstruction: dossiers.A.dateLimiteInstruction,
    })
    .returning();
  changementId = changement.id;
  lettreDe.set(changementId, "CN");
}, 180_000);

afterAll(async () => {
  await portal?.close();
});

describe("GET /api/demandes : qui voit quoi (DESIGN §4)", () => {
  it("l'instructeur et le CRHH voient les dossiers déposés de leur service, jamais un brouillon", async () => {
    expect(trie(await lettres("instA"))).toEqual(["A", "D", "E"]);
    expect(trie(await lettres("crhhA"))).toEqual(["A", "D", "E"]);
  });

  it("l'instructeur d'un autre service ne voit pas ces dossiers", async () => {
    expect(trie(await lettres("instB"))).toEqual(["B", "C"]);
  });

  it("le superviseur voit son périmètre, ou son service s'il n'en a pas", async () => {
    expect(trie(await lettres("supIdf", mesServices()))).toEqual(["A", "D", "E"]);
    expect(trie(await lettres("supPaca", mesServices()))).toEqual(["B"]);
    expect(trie(await lettres("supSansPerimetre"))).toEqual(["B", "C"]);
  });

  it("les rôles centraux voient tout ; demandeur et administrateur fonctionnel sont refusés", async () => {
    expect(trie(await lettres("centrale", mesServices()))).toEqual(["A", "B", "C", "D", "E"]);
    for (const cle of ["demandeurA", "adminFonctionnel"]) {
      const { status, body } = await get<{ message: string }>(cle, "/demandes");
      expect(status).toBe(403);
      expect(body.message).toBe("Forbidden");
    }
  });

  it("les changements notables ont leur propre liste", async () => {
    const { body } = await get("centrale", "/changement-notables", mesServices());
    expect(body.result.map((row) => row.id)).toEqual([changementId]);
    expect(body.result[0]).toMatchObject({
      kind: "changement-notable",
      typeChangement: "extension_perimetre",
    });
    expect(await lettres("centrale", mesServices())).not.toContain("CN");
    const demandeur = await get("demandeurA", "/changement-notables");
    expect(demandeur.status).toBe(403);
  });

  it("mesDossiers : assignés à l'instructeur, ceux du périmètre du superviseur qui l'attendent, réservé aux gestionnaires", async () => {
    expect(await lettres("instA", [["mesDossiers", "true"]])).toEqual(["A"]);
    expect(await lettres("instA2", [["mesDossiers", "true"]])).toEqual(["E"]);
    // B (complete_sans_crhh) is in supPaca's perimeter but waits for its instructeur (ADR 0014).
    expect(trie(await lettres("supPaca", mesServices()))).toEqual(["B"]);
    expect(await lettres("supPaca", [["mesDossiers", "true"], ...mesServices()])).toEqual([]);
    // Once the instructeur has given his opinion, B waits for the superviseur's.
    await regler(dossiers.B.id, { etat: "instruite_instructeur" });
    try {
      expect(await lettres("supPaca", [["mesDossiers", "true"], ...mesServices()])).toEqual(["B"]);
    } finally {
      await regler(dossiers.B.id, { etat: "complete_sans_crhh" });
    }
    for (const cle of ["crhhA", "centrale"]) {
      const { status } = await get(cle, "/demandes", [["mesDossiers", "true"]]);
      expect(status).toBe(403);
    }
  });

  it("la condition SQL de visibilité et peutVoir s'accordent sur un jeu mêlé, et disent ce que DESIGN §4 dit", async () => {
    const { db } = portal.database;
    const { S1, S2 } = services;
    // More rows with the cases a perimeter can hit: unknown service, no head office, drafts.
    const societeA = (await db.select().from(demandes).where(eq(demandes.id, dossiers.A.id)))[0]
      .societeId;
    const extra = await db
      .insert(demandes)
      .values([
        {
          societeId: societeA,
          etat: "deposee",
          serviceInstructeurId: null,
          codeRegion: "11",
          codeDepartement: "75",
          dateDepot: new Date(),
        },
        {
          societeId: societeA,
          etat: "affectee",
          serviceInstructeurId: S2.id,
          codeRegion: null,
          codeDepartement: null,
          dateDepot: new Date(),
        },
        {
          societeId: societeA,
          etat: "arrete_perime",
          serviceInstructeurId: S1.id,
          codeRegion: "11",
          codeDepartement: "93",
        },
        {
          societeId: societeA,
          etat: "refusee",
          serviceInstructeurId: S2.id,
          codeRegion: "93",
          codeDepartement: "13",
          dateDepot: new Date(),
        },
        // Cancelled while still a draft: never filed, so never staff's.
        {
          societeId: societeA,
          etat: "annulee",
          serviceInstructeurId: S1.id,
          codeRegion: "11",
          codeDepartement: "75",
        },
      ])
      .returning();
    try {
      const societes = (
        await db
          .select({ id: demandes.societeId })
          .from(demandes)
          .where(inArray(demandes.id, [...lettreDe.keys()]))
      ).map((row) => row.id);
      const jeu = or(
        inArray(demandes.serviceInstructeurId, [S1.id, S2.id]),
        inArray(demandes.societeId, societes),
      )!;
      const lignes: DemandeRow[] = await db.select().from(demandes).where(jeu);
      const [modele] = await db
        .select()
        .from(utilisateurs)
        .where(eq(utilisateurs.id, comptes.instA));
      const [demandeurB] = await db
        .select()
        .from(utilisateurs)
        .where(eq(utilisateurs.id, comptes.demandeurB));
      const utilisateur = (
        roles: string[],
        valeurs: Partial<typeof modele> = {},
      ): UtilisateurConnecte => ({
        row: { ...modele, roles, ...valeurs },
        roles: businessRoles(roles),
      });
      const cas: Record<string, UtilisateurConnecte> = {
        instructeur: utilisateur(["instructeur"]),
        crhhS2: utilisateur(["crhh"], { serviceInstructeurId: S2.id }),
        instructeurSansService: utilisateur(["instructeur"], { serviceInstructeurId: null }),
        superviseurRegion: utilisateur(["superviseur"], {
          perimetreSupervision: { regions: ["11"], departements: [] },
        }),
        superviseurDepartement: utilisateur(["superviseur"], {
          perimetreSupervision: { regions: [], departements: ["13", "93"] },
        }),
        superviseurPerimetreVide: utilisateur(["superviseur"], {
          perimetreSupervision: { regions: [], departements: [] },
        }),
        superviseurSansPerimetre: utilisateur(["superviseur"], {
          serviceInstructeurId: S2.id,
          perimetreSupervision: null,
        }),
        instructeurEtSuperviseur: utilisateur(["instructeur", "superviseur"], {
          serviceInstructeurId: S2.id,
          perimetreSupervision: { regions: ["11"], departements: [] },
        }),
        centrale: utilisateur(["anah_centrale"], { serviceInstructeurId: null }),
        demandeurA: utilisateur(["demandeur"], { societeId: societeA, serviceInstructeurId: null }),
        demandeurB: { row: demandeurB, roles: businessRoles(demandeurB.roles) },
        adminFonctionnel: utilisateur(["admin_fonctionnel"], { serviceInstructeurId: null }),
      };
      // DESIGN §4, literally, for the five rows above (0 filed IdF/75 without
      // service, 1 S2 without head office, 2 draft, 3 filed S2 in the 13,
      // 4 draft cancelled): drafts are the company's only; a service sees its
      // filed files; a supervisor his régions/départements (his service's
      // without a perimeter); central every filed one; the admin none.
      const EXTRA_VUS: Record<string, number[]> = {
        instructeur: [],
        crhhS2: [1, 3],
        instructeurSansService: [],
        superviseurRegion: [0],
        superviseurDepartement: [3],
        superviseurPerimetreVide: [],
        superviseurSansPerimetre: [1, 3],
        instructeurEtSuperviseur: [0, 1, 3],
        centrale: [0, 1, 3],
        demandeurA: [0, 1, 2, 3, 4],
        demandeurB: [],
        adminFonctionnel: [],
      };
      for (const [nom, qui] of Object.entries(cas)) {
        const parSql = await db
          .select({ id: demandes.id })
          .from(demandes)
          .where(and(jeu, conditionVisibilite(qui)));
        const parPeutVoir = lignes.filter((ligne) => peutVoir(qui, ligne)).map((ligne) => ligne.id);
        const extraVus = extra
          .map((row, index) => (parSql.some((vu) => vu.id === row.id) ? index : -1))
          .filter((index) => index >= 0);
        expect({ nom, extraVus }).toEqual({ nom, extraVus: EXTRA_VUS[nom] });
        expect({ nom, ids: trie(parSql.map((row) => row.id)) }).toEqual({
          nom,
          ids: trie(parPeutVoir),
        });
      }
      const brouillonAnnule = extra[extra.length - 1].id;
      expect(
        lignes.filter((ligne) => peutVoir(cas.centrale, ligne)).map((ligne) => ligne.id),
      ).not.toContain(brouillonAnnule);
      expect(lignes.filter((ligne) => peutVoir(cas.demandeurA, ligne)).map((l) => l.id)).toContain(
        brouillonAnnule,
      );
    } finally {
      await db.delete(demandes).where(
        inArray(
          demandes.id,
          extra.map((row) => row.id),
        ),
      );
    }
  });
});

describe("GET /api/demandes : filtres (OU dans un filtre, ET entre filtres)", () => {
  it("instructeur : par identifiant, « aucun » pour les non affectés", async () => {
    expect(await lettres("instA", [["instructeur[]", comptes.instA]])).toEqual(["A"]);
    expect(await lettres("instA", [["instructeur[]", "aucun"]])).toEqual(["D"]);
    expect(
      trie(
        await lettres("instA", [
          ["instructeur[]", comptes.instA],
          ["instructeur[]", "aucun"],
        ]),
      ),
    ).toEqual(["A", "D"]);
  });

  it("service instructeur, état, étape, qualité", async () => {
    expect(
      trie(await lettres("centrale", [["servicesInstructeur[]", String(services.S2.id)]])),
    ).toEqual(["B", "C"]);
    expect(
      trie(
        await lettres("instA", [
          ["etat[]", "affectee"],
          ["etat[]", "deposee"],
        ]),
      ),
    ).toEqual(["A", "D"]);
    expect(
      trie(await lettres("centrale", [["etape[]", "checkingDemande"], ...mesServices()])),
    ).toEqual(["A", "E"]);
    expect(await lettres("centrale", [["etape[]", "terminated"], ...mesServices()])).toEqual(["C"]);
    expect(
      trie(
        await lettres("centrale", [
          ["etape[]", "terminated"],
          ["etape[]", "awaitingAssignment"],
          ...mesServices(),
        ]),
      ),
    ).toEqual(["C", "D"]);
    expect(await lettres("centrale", [["quality[]", "qualityArchi"], ...mesServices()])).toEqual([
      "B",
    ]);
  });

  it("département et région du siège, type de changement", async () => {
    expect(await lettres("centrale", [["departement[]", "93"], ...mesServices()])).toEqual(["D"]);
    expect(trie(await lettres("centrale", [["region[]", "11"], ...mesServices()]))).toEqual([
      "A",
      "D",
      "E",
    ]);
    expect(
      trie(await lettres("centrale", [["region[]", "84"], ["region[]", "93"], ...mesServices()])),
    ).toEqual(["B", "C"]);
    const extension = await get("centrale", "/changement-notables", [
      ["type[]", "extension_perimetre"],
      ...mesServices(),
    ]);
    expect(extension.body.result.map((row) => row.id)).toEqual([changementId]);
    expect(
      await lettres("centrale", [["type[]", "extension_perimetre"], ...mesServices()]),
    ).toEqual([]);
  });

  it("les filtres se combinent en ET", async () => {
    expect(
      await lettres("centrale", [["region[]", "11"], ["etat[]", "affectee"], ...mesServices()]),
    ).toEqual(["A"]);
    expect(
      await lettres("centrale", [["region[]", "93"], ["etat[]", "affectee"], ...mesServices()]),
    ).toEqual([]);
  });

  it("une valeur inconnue ou mal formée ne trouve rien, sans erreur", async () => {
    for (const params of [
      [["instructeur[]", "pas-un-identifiant"]],
      [["servicesInstructeur[]", "99999999999"]],
      [["etape[]", "inconnue"]],
      [["etat[]", "n_existe_pas"]],
    ] as [string, string][][]) {
      const { status, body } = await get("instA", "/demandes", params);
      expect(status).toBe(200);
      expect(body).toMatchObject({ nb_elements: 0, nb_pages: 0, result: [] });
    }
    const { status, body } = await get("instA", "/demandes", [
      ["page", "abc"],
      ["order[inconnu]", "asc"],
    ]);
    expect(status).toBe(200);
    expect(body.page).toBe(1);
    expect(body.nb_elements).toBe(3);
  });

  it("recherche sans casse ni accents sur numéro, raison sociale et SIREN (espaces tolérés)", async () => {
    expect(trie(await lettres("instA", [["query", "RENOV"]]))).toEqual(["A", "E"]);
    expect(await lettres("instA", [["query", "ile-de-france"]])).toEqual(["A"]);
    expect(await lettres("instA", [["query", "zéphyr"]])).toEqual(["E"]);
    expect(await lettres("supSansPerimetre", [["query", "energie solidaire"]])).toEqual(["B"]);
    expect(await lettres("supSansPerimetre", [["query", "ÉNERGIE"]])).toEqual(["B"]);
    const siren = sirens.B;
    const espace = `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
    expect(await lettres("supSansPerimetre", [["query", espace]])).toEqual(["B"]);
    expect(await lettres("instA", [["query", dossiers.D.numeroDossier!.toLowerCase()]])).toEqual([
      "D",
    ]);
    expect(await lettres("instA", [["query", "100%_introuvable"]])).toEqual([]);
  });
});

describe("GET /api/demandes : tri et pagination", () => {
  it("par défaut : date de dépôt, la plus récente d'abord", async () => {
    // Deposited in the order A, E, D, B, C.
    expect(await lettres("centrale", mesServices())).toEqual(["C", "B", "D", "E", "A"]);
  });

  it("raison sociale dans les deux sens, sans tenir compte des accents", async () => {
    const croissant = await lettres("centrale", [
      ["order[raisonSociale]", "asc"],
      ...mesServices(),
    ]);
    expect(croissant).toEqual(["D", "B", "C", "A", "E"]);
    const decroissant = await lettres("centrale", [
      ["order[raisonSociale]", "desc"],
      ...mesServices(),
    ]);
    expect(decroissant).toEqual(["E", "A", "C", "B", "D"]);
  });

  it("les égalités sont départagées par l'identifiant, dans le sens du tri", async () => {
    const [premier, second] = [dossiers.A.id, dossiers.E.id].sort();
    const paris = [lettreDe.get(premier)!, lettreDe.get(second)!];
    expect(
      await lettres("centrale", [["order[codeDepartement]", "asc"], ...mesServices()]),
    ).toEqual(["B", "C", ...paris, "D"]);
    expect(
      await lettres("centrale", [["order[codeDepartement]", "desc"], ...mesServices()]),
    ).toEqual(["D", ...[...paris].reverse(), "C", "B"]);
  });

  it("numéro de dossier croissant", async () => {
    const attendu = ["A", "E", "D", "B", "C"].sort((x, y) =>
      dossiers[x].numeroDossier!.localeCompare(dossiers[y].numeroDossier!),
    );
    expect(await lettres("centrale", [["order[numeroDossier]", "asc"], ...mesServices()])).toEqual(
      attendu,
    );
  });

  it("une page au-delà de la dernière est vide, avec les bons totaux", async () => {
    const { body } = await get("instA", "/demandes", [["page", "2"]]);
    expect(body).toEqual({ page: 2, nb_elements: 3, nb_pages: 1, result: [] });
    const huge = await get("instA", "/demandes", [["page", "99999999999999999999"]]);
    expect(huge.status).toBe(200);
    expect(huge.body.result).toEqual([]);
  });

  it("chaque ligne porte ce que la page affiche", async () => {
    const { body } = await get("instA", "/demandes", [["instructeur[]", comptes.instA]]);
    expect(body.result[0]).toMatchObject({
      id: dossiers.A.id,
      numeroDossier: dossiers.A.numeroDossier,
      raisonSociale: "Rénov'Conseil Île-de-France",
      etat: "affectee",
      etapeInstruction: "checkingDemande",
      siren: sirens.A,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeur: { id: services.S1.id, nom: services.S1.nom },
      instructeur: { id: comptes.instA, prenom: "PrénominstA", nom: "NominstA" },
      reputeRejete: false,
    });
  });
});

describe("échéances : reputesRejetes et expireBientot avec l'horloge déplacée (DESIGN §5)", () => {
  const limite = () => Date.parse(`${dossiers.A.dateLimiteInstruction}T12:00:00Z`);

  afterAll(() => {
    portal.horloge.regler(DEBUT);
  });

  it("après le dernier jour : réputés rejetés, hors délai suspendu et dossiers décidés", async () => {
    portal.horloge.regler(new Date(limite() + 2 * JOUR));
    const page = await get("centrale", "/demandes", [["reputesRejetes", "true"], ...mesServices()]);
    expect(trie(page.body.result.map((row) => lettreDe.get(row.id)!))).toEqual(["A", "B"]);
    expect(page.body.result.every((row) => row.reputeRejete)).toBe(true);
    expect(await lettres("centrale", [["expireBientot", "true"], ...mesServices()])).toEqual([]);
  });

  it("dans les 15 derniers jours : expirent bientôt", async () => {
    portal.horloge.regler(new Date(limite() - 5 * JOUR));
    const page = await get("centrale", "/demandes", [["expireBientot", "true"], ...mesServices()]);
    expect(trie(page.body.result.map((row) => lettreDe.get(row.id)!))).toEqual(["A", "B"]);
    expect(page.body.result.every((row) => row.expireBientot)).toBe(true);
    expect(await lettres("centrale", [["reputesRejetes", "true"], ...mesServices()])).toEqual([]);
    // D's later limit is 35 days away: not yet.
    portal.horloge.regler(new Date(limite() + 20 * JOUR));
    expect(await lettres("centrale", [["expireBientot", "true"], ...mesServices()])).toEqual(["D"]);
  });
});

/** The body of a response as bytes, and how many chunks it came in. */
async function lireFlux(response: Response): Promise<{ octets: Buffer; morceaux: number }> {
  const morceaux: Buffer[] = [];
  const lecteur = response.body!.getReader();
  for (;;) {
    const { done, value } = await lecteur.read();
    if (done) break;
    morceaux.push(Buffer.from(value));
  }
  return { octets: Buffer.concat(morceaux), morceaux: morceaux.length };
}

/** The data lines of an exported CSV (after the BOM and the header), as cells. */
function lignesCsv(octets: Buffer): string[][] {
  return octets
    .subarray(3)
    .toString("utf8")
    .trim()
    .split("\r\n")
    .slice(1)
    .map((ligne) => ligne.split(";"));
}

async function exporter(
  cle: string,
  chemin: string,
  params: [string, string][] = [],
): Promise<Response> {
  const query = new URLSearchParams(params).toString();
  return fetch(`${portal.baseUrl}/api${chemin}${query ? `?${query}` : ""}`, {
    headers: { Authorization: `Bearer ${jetons[cle]}`, "Accept-Encoding": "identity" },
  });
}

const ENTETE =
  "Numéro de dossier;Raison sociale;SIREN;Qualité;État;Étape d'instruction;Département;Région;" +
  "Service instructeur;Instructeur;Date de dépôt;Date limite d'instruction;Réputé rejeté";

/** "JJ/MM/AAAA" of an instant in Europe/Paris. */
const jourParis = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris" }).format(new Date(iso));

describe("exports CSV (DESIGN §7)", () => {
  it("point-virgule, BOM UTF-8, CRLF, en-têtes français, valeurs citées au besoin", async () => {
    portal.horloge.regler(
      new Date(Date.parse(`${dossiers.A.dateLimiteInstruction}T12:00:00Z`) + 2 * JOUR),
    );
    const response = await exporter("centrale", "/demandes/export", mesServices());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const aujourdhui = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(
      portal.horloge.now(),
    );
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="demandes-${aujourdhui}.csv"`,
    );
    const { octets } = await lireFlux(response);
    expect([...octets.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const texte = octets.subarray(3).toString("utf8");
    expect(texte.endsWith("\r\n")).toBe(true);
    const lignes = texte.slice(0, -2).split("\r\n");
    expect(lignes[0]).toBe(ENTETE);
    expect(lignes).toHaveLength(6);
    expect(lignes.slice(1).map((ligne) => ligne.split(";")[0])).toEqual(
      ["C", "B", "D", "E", "A"].map((lettre) => dossiers[lettre].numeroDossier),
    );
    expect(lignes).toContain(
      [
        dossiers.A.numeroDossier,
        "Rénov'Conseil Île-de-France",
        sirens.A,
        "Opérateur d'une opération programmée (OPAH) ou d'un programme d'intérêt général (PIG)",
        "Affectée",
        "Vérification de la demande",
        "Paris (75)",
        "Île-de-France (11)",
        services.S1.nom,
        "PrénominstA NominstA",
        jourParis(dossiers.A.dateDepot!),
        dossiers.A.dateLimiteInstruction!.split("-").reverse().join("/"),
        "Oui",
      ].join(";"),
    );
    const ligneC = lignes.find((ligne) => ligne.startsWith(`${dossiers.C.numeroDossier};`))!;
    expect(ligneC).toContain(';"Habitat Durable; Lyon & Co";');
    expect(ligneC).toContain(";Agréée;Terminée;");
    expect(ligneC.endsWith(";Non")).toBe(true);
    const ligneD = lignes.find((ligne) => ligne.startsWith(`${dossiers.D.numeroDossier};`))!;
    expect(ligneD).toContain(';"Atelier ""Brique"" et Sens";');
    portal.horloge.regler(DEBUT);
  });

  it("mêmes portée et filtres que la liste ; refus en JSON avant tout envoi", async () => {
    const instA = await lireFlux(
      await exporter("instA", "/demandes/export", [["etat[]", "affectee"]]),
    );
    const lignes = instA.octets.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lignes.slice(1).map((ligne) => ligne.split(";")[0])).toEqual([dossiers.A.numeroDossier]);
    const vide = await exporter("instA", "/demandes/export", [["etat[]", "refusee"]]);
    expect((await lireFlux(vide)).octets.subarray(3).toString("utf8")).toBe(`${ENTETE}\r\n`);
    for (const [cle, params] of [
      ["demandeurA", []],
      ["crhhA", [["mesDossiers", "true"]]],
    ] as [string, [string, string][]][]) {
      const refus = await exporter(cle, "/demandes/export", params);
      expect(refus.status).toBe(403);
      expect(refus.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await refus.json()).toEqual({ message: "Forbidden" });
    }
  });

  it("les changements notables s'exportent à part", async () => {
    const response = await exporter("centrale", "/changement-notable/export", mesServices());
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="changements-notables-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lignes = (await lireFlux(response)).octets
      .subarray(3)
      .toString("utf8")
      .trim()
      .split("\r\n");
    expect(lignes.slice(1).map((ligne) => ligne.split(";")[0])).toEqual([`CN-${marque}`]);
  });
});

describe("libellés (contract/libelles.ts)", () => {
  it("chaque état et chaque étape a un libellé français", () => {
    for (const etat of ETATS_DEMANDE) expect(LIBELLES_ETAT_DEMANDE[etat]?.trim()).toBeTruthy();
    for (const etape of ETAPES_INSTRUCTION)
      expect(LIBELLES_ETAPE_INSTRUCTION[etape]?.trim()).toBeTruthy();
  });
});

describe("beaucoup de dossiers : pagination stable et export en flux", () => {
  const N = TAILLE_LOT_EXPORT * 2 + 7;
  let ids: string[];

  beforeAll(async () => {
    // Rows inserted directly (a thousand deposits through the API would only
    // slow the suite): one service of their own, one deposit instant for all,
    // so that every page and batch boundary falls inside a tie. That instant
    // is already the next day in Paris: the export prints the Paris day.
    const { db } = portal.database;
    const [societe] = await db
      .insert(societes)
      .values({ siren: nouveauSiren(), raisonSociale: `Volume ${marque}` })
      .returning();
    const depot = new Date("2026-03-01T23:30:00Z");
    const lignes = Array.from({ length: N }, (_, index) => ({
      societeId: societe.id,
      etat: "deposee",
      numeroDossier: `VOL-${marque}-${String(index).padStart(5, "0")}`,
      raisonSociale: `Volume ${marque}`,
      codeDepartement: "2A",
      codeRegion: "94",
      serviceInstructeurId: services.S3.id,
      dateDepot: depot,
      // Every third row without a last day: nulls inside the keyset.
      dateLimiteInstruction:
        index % 3 === 0 ? null : `2026-06-${String((index % 5) + 1).padStart(2, "0")}`,
    }));
    ids = [];
    for (let debut = 0; debut < N; debut += 250)
      ids.push(
        ...(
          await db
            .insert(demandes)
            .values(lignes.slice(debut, debut + 250))
            .returning()
        ).map((row) => row.id),
      );
  }, 60_000);

  it("totaux, dernière page partielle, pages sans recouvrement dans l'ordre des identifiants", async () => {
    const page1 = await get("instS3", "/demandes");
    expect(page1.body).toMatchObject({
      page: 1,
      nb_elements: N,
      nb_pages: Math.ceil(N / TAILLE_PAGE),
    });
    const page2 = await get("instS3", "/demandes", [["page", "2"]]);
    const attendus = [...ids].sort().reverse();
    expect([...page1.body.result, ...page2.body.result].map((row) => row.id)).toEqual(
      attendus.slice(0, 2 * TAILLE_PAGE),
    );
    const derniere = await get("instS3", "/demandes", [
      ["page", String(Math.ceil(N / TAILLE_PAGE))],
    ]);
    expect(derniere.body.result).toHaveLength(N % TAILLE_PAGE || TAILLE_PAGE);
  });

  it(`l'export de ${N} lignes (plus que ${TAILLE_LOT_EXPORT} par lot) arrive en morceaux et complet`, async () => {
    const response = await exporter("instS3", "/demandes/export");
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    expect(response.headers.get("content-length")).toBeNull();
    const { octets, morceaux } = await lireFlux(response);
    expect(morceaux).toBeGreaterThan(1);
    const lignes = lignesCsv(octets);
    const numeros = lignes.map((cellules) => cellules[0]);
    expect(numeros).toHaveLength(N);
    expect(new Set(numeros).size).toBe(N);
    expect(new Set(lignes.map((cellules) => cellules[10]))).toEqual(new Set(["02/03/2026"]));
  });

  it("un téléchargement abandonné en cours de route n'empêche pas les suivants", async () => {
    const abandon = new AbortController();
    const response = await fetch(`${portal.baseUrl}/api/demandes/export`, {
      headers: { Authorization: `Bearer ${jetons.instS3}`, "Accept-Encoding": "identity" },
      signal: abandon.signal,
    });
    // The walk stops with a batch read ahead still on its way.
    await response.body!.getReader().read();
    abandon.abort();
    const complet = lignesCsv(
      (await lireFlux(await exporter("instS3", "/demandes/export"))).octets,
    );
    expect(complet).toHaveLength(N);
  });

  it("l'export suit le tri demandé, valeurs nulles comprises, sans perte ni doublon", async () => {
    for (const sens of ["asc", "desc"]) {
      const response = await exporter("instS3", "/demandes/export", [
        ["order[dateLimiteInstruction]", sens],
      ]);
      const limites = lignesCsv((await lireFlux(response)).octets);
      expect(new Set(limites.map((cellules) => cellules[0])).size).toBe(N);
      const dates = limites.map((cellules) => cellules[11]);
      const renseignees = dates.filter(Boolean).map((date) => date.split("/").reverse().join("-"));
      const attendu = [...renseignees].sort();
      expect(renseignees).toEqual(sens === "asc" ? attendu : attendu.reverse());
      // PostgreSQL's default: no date last ascending, first descending.
      const vides = dates.filter((date) => !date).length;
      expect(vides).toBe(Math.ceil(N / 3));
      if (sens === "asc") expect(dates.slice(-vides).every((date) => !date)).toBe(true);
      else expect(dates.slice(0, vides).every((date) => !date)).toBe(true);
    }
  });

  it("l'export trié par raison sociale (colonne de recherche) traverse les lots par identifiant", async () => {
    // Every row has the same company name: each batch boundary falls inside the tie.
    const numeroDe = new Map(
      ids.map((id, index) => [id, `VOL-${marque}-${String(index).padStart(5, "0")}`]),
    );
    for (const sens of ["asc", "desc"]) {
      const response = await exporter("instS3", "/demandes/export", [
        ["order[raisonSociale]", sens],
      ]);
      const numeros = lignesCsv((await lireFlux(response)).octets).map((cellules) => cellules[0]);
      const parIdentifiant = [...ids].sort().map((id) => numeroDe.get(id));
      expect(numeros).toEqual(sens === "asc" ? parIdentifiant : parIdentifiant.reverse());
    }
  });
});

describe("recherche et tri sur les colonnes normalisées par la base (migration 0005)", () => {
  /** Company names with ligatures, case and accents the search and sort must ignore. */
  const noms = {
    oeuvres: "Œuvres Bâties",
    caesar: "cæsar habitat",
    strasse: "Straße Énergie",
    eco: "ÉCO-LOGIS",
    atelier: "atelier Zola",
  } as const;
  type Cle = keyof typeof noms;
  let service: number;
  const cleDe = new Map<string, Cle>();

  beforeAll(async () => {
    // Rows inserted directly in a service of their own: this block tests the
    // columns the database derives, not the deposit.
    const { db } = portal.database;
    const [row] = await db
      .insert(servicesInstructeur)
      .values({ code: `${marque}-S4`, nom: `Délégation S4 ${marque}` })
      .returning();
    service = row.id;
    const [societe] = await db
      .insert(societes)
      .values({ siren: nouveauSiren(), raisonSociale: `Recherche ${marque}` })
      .returning();
    for (const [index, [cle, raisonSociale]] of Object.entries(noms).entries()) {
      const [demande] = await db
        .insert(demandes)
        .values({
          societeId: societe.id,
          etat: "deposee",
          numeroDossier: `REC-${marque}-${index}`,
          raisonSociale,
          serviceInstructeurId: service,
          dateDepot: new Date(Date.UTC(2026, 2, 3, 9, index)),
        })
        .returning();
      cleDe.set(demande.id, cle as Cle);
    }
  });

  /** The keys of the rows centrale lists in this block's service with `params`. */
  async function cles(params: [string, string][]): Promise<string[]> {
    const { status, body } = await get("centrale", "/demandes", [
      ["servicesInstructeur[]", String(service)],
      ...params,
    ]);
    expect(status).toBe(200);
    return body.result.map((row) => cleDe.get(row.id) ?? `autre:${row.id}`);
  }

  it("la colonne de recherche vaut normaliserRecherche du nom (aux espaces de bord près)", async () => {
    const rows = await portal.database.db
      .select({ nom: demandes.raisonSociale, recherche: demandes.raisonSocialeRecherche })
      .from(demandes)
      .where(eq(demandes.serviceInstructeurId, service));
    expect(rows).toHaveLength(Object.keys(noms).length);
    for (const row of rows) expect(row.recherche.trim()).toBe(normaliserRecherche(row.nom!));
  });

  it("ligatures, casse et accents ignorés par la recherche", async () => {
    expect(await cles([["query", "oeuvres"]])).toEqual(["oeuvres"]);
    expect(await cles([["query", "BATIES"]])).toEqual(["oeuvres"]);
    expect(await cles([["query", "Caesar"]])).toEqual(["caesar"]);
    expect(await cles([["query", "strasse énergie"]])).toEqual(["strasse"]);
    expect(await cles([["query", "eco logis"]])).toEqual(["eco"]);
  });

  it("le tri par raison sociale ignore casse, accents et ligatures", async () => {
    const attendu = ["atelier", "caesar", "eco", "oeuvres", "strasse"];
    expect(await cles([["order[raisonSociale]", "asc"]])).toEqual(attendu);
    expect(await cles([["order[raisonSociale]", "desc"]])).toEqual([...attendu].reverse());
  });

  it("un nom changé est cherché sous le nouveau nom (colonne recalculée)", async () => {
    const [id] = [...cleDe].find(([, cle]) => cle === "atelier")!;
    await regler(id, { raisonSociale: "Ateliers Ørsted" });
    expect(await cles([["query", "zola"]])).toEqual([]);
    expect(await cles([["query", "ateliers"]])).toEqual(["atelier"]);
  });
});
