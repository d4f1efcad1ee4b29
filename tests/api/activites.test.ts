/**
 * Activity follow-up over HTTP (spec §7 `GET /api/activities`, its
 * `/details-*` and `/export`, §9 indicators and filters; ADR 0027).
 *
 * A small data set is built here by hand, in two instructing services of
 * this run only (S1: Paris, région 11; S2: Rhône, région 84), and every
 * expected figure below is counted by hand from that table (comments give
 * the files counted), never by running the indicators' SQL. Central reads
 * filter on the run's services so that the demo data or another test file
 * sharing a PostgreSQL database never enters the counts.
 *
 * | file | svc | state               | deposit    | decision   | limit      | instr. | company |
 * |------|-----|---------------------|------------|------------|------------|--------|---------|
 * | d1   | S1  | deposee             | 2025-03-10 |            | 2025-06-10 |        | A       |
 * | d2   | S1  | affectee            | 2025-03-20 |            | 2025-06-20 | I1     | A       |
 * | d3   | S1  | agree (g3 en_cours, procedure en cours) | 2025-01-15 | 2025-04-14 | 2025-04-25 (10 days suspended) | I1 | A |
 * | d4   | S1  | refusee (qualityArchi) | 2025-02-01 | 2025-03-03 | 2025-05-01 | I2     | B       |
 * | d5   | S1  | affectee, clock over | 2025-01-05 |           | 2025-04-05 | I1     | A       |
 * | d6   | S1  | rejetee_tacitement  | 2024-12-01 | 2025-03-05 | 2025-03-01 |        | A       |
 * | d7   | S1  | brouillon (never counted) |      |            |            |        | D       |
 * | d8   | S2  | agree (g8 suspendu) | 2025-02-10 | 2025-05-12 | 2025-05-10 |        | C       |
 * | d9   | S2  | agree (g9 retire)   | 2025-03-01 | 2025-03-31 | 2025-06-01 |        | C       |
 * | d10  | S2  | deposee             | 2025-06-01 |            | 2025-09-01 |        | C       |
 *
 * Processing days (decision − deposit − suspended days): d3 89 − 10 = 79,
 * d4 30, d8 91, d9 30 (d6, a tacit rejection, is not a decision of the delay).
 * Applicant accounts: DA (company A) created 2025-01-02, DB (B) 2025-02-15,
 * DC (C) 2025-03-15, DD (D, a draft only) 2025-03-16. The API's clock is
 * 2025-06-05 (only d5's clock is over).
 */
import { hash } from "@node-rs/argon2";
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AgrementsDepartement,
  ChargeInstructeur,
  DetailsDelaiMoyen,
  IndicateursActivite,
  MoisDepots,
  ReputesRejetesDepartement,
} from "../../contract/schemas/activites.ts";
import {
  agrements,
  demandes,
  proceduresAgrement,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Act${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let passwordHash: string;
const jetons: Record<string, string> = {};
const services: Record<"S1" | "S2", number> = {} as never;
const ids: Record<string, string> = {};
let filtreServices = "";

const jour = (iso: string) => new Date(`${iso}T10:00:00Z`);

async function creerCompte(cle: string, valeurs: Partial<typeof utilisateurs.$inferInsert>) {
  const email = `${marque.toLowerCase()}-${cle.toLowerCase()}@exemple.fr`;
  const [ligne] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `${marque}-${cle}`,
      email,
      prenom: `Prénom${cle}`,
      nom: `Nom${cle}`,
      passwordHash,
      roles: [],
      ...valeurs,
    })
    .returning();
  ids[cle] = ligne.id;
  return email;
}

async function connecter(cle: string, valeurs: Partial<typeof utilisateurs.$inferInsert>) {
  const email = await creerCompte(cle, valeurs);
  jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

async function creerSociete(cle: string) {
  const [ligne] = await portal.database.db
    .insert(societes)
    .values({
      siren: String(randomInt(100_000_000, 999_999_999)),
      raisonSociale: `${cle} ${marque}`,
    })
    .returning();
  ids[`societe${cle}`] = ligne.id;
  return ligne.id;
}

async function creerDemande(
  cle: string,
  valeurs: {
    service: "S1" | "S2";
    societe: string;
    etat: string;
    depot?: string;
    decision?: string;
    limite?: string;
    instructeur?: string;
    qualite?: string;
  },
) {
  const paris = valeurs.service === "S1";
  const [ligne] = await portal.database.db
    .insert(demandes)
    .values({
      societeId: ids[`societe${valeurs.societe}`],
      etat: valeurs.etat,
      numeroDossier: valeurs.depot ? `MAR-${marque}-${cle}` : null,
      raisonSociale: `${valeurs.societe} ${marque}`,
      qualite: valeurs.qualite ?? "qualityOp",
      codeDepartement: paris ? "75" : "69",
      codeRegion: paris ? "11" : "84",
      serviceInstructeurId: services[valeurs.service],
      instructeurId: valeurs.instructeur ? ids[valeurs.instructeur] : null,
      dateDepot: valeurs.depot ? jour(valeurs.depot) : null,
      dateAvisDecideur: valeurs.decision ? jour(valeurs.decision) : null,
      dateLimiteInstruction: valeurs.limite ?? null,
    })
    .returning();
  ids[cle] = ligne.id;
  return ligne.id;
}

async function creerAgrement(cle: string, demande: string, etat: string, octroi: string) {
  const db = portal.database.db;
  const [ligne] = await db
    .insert(agrements)
    .values({
      societeId: ids[`societe${demande === "d3" ? "A" : "C"}`],
      demandeId: ids[demande],
      numeroAgrement: `AGR-${marque}-${cle}`,
      etat: etat as "en_cours",
      dateDebut: octroi,
      dateFin: "2030-01-01",
      dateOctroi: jour(octroi),
      perimetre: { regions: ["11"], departements: [], epcis: [], communes: [] },
      raisonSociale: `${marque}`,
    })
    .returning();
  const { eq } = await import("drizzle-orm");
  await db.update(demandes).set({ agrementId: ligne.id }).where(eq(demandes.id, ids[demande]));
  return ligne.id;
}

async function api<T>(cle: string, chemin: string) {
  const reponse = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${jetons[cle]}` },
  });
  const type = reponse.headers.get("content-type") ?? "";
  const body = type.includes("json")
    ? ((await reponse.json()) as T)
    : (Buffer.from(await reponse.arrayBuffer()) as unknown as T);
  return { status: reponse.status, headers: reponse.headers, body };
}

/** The indicators read by `cle` with `parametres`, asserting a 200. */
async function indicateurs(parametres: string, cle = "central") {
  const { status, body } = await api<IndicateursActivite>(cle, `/activities?${parametres}`);
  expect(status).toBe(200);
  return body;
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(new Date("2025-06-05T10:00:00Z"));
  passwordHash = await hash(PASSWORD);
  const db = portal.database.db;
  for (const cle of ["S1", "S2"] as const) {
    const [row] = await db
      .insert(servicesInstructeur)
      .values({ code: `${marque}-${cle}`, nom: `Délégation ${cle} ${marque}` })
      .returning();
    services[cle] = row.id;
  }
  filtreServices = `servicesInstructeur[]=${services.S1}&servicesInstructeur[]=${services.S2}`;
  await connecter("central", { roles: ["anah_centrale"] });
  await connecter("I1", {
    roles: ["instructeur"],
    serviceInstructeurId: services.S1,
    prenom: "Inès",
    nom: "Un",
  });
  await creerCompte("I2", {
    roles: ["instructeur"],
    serviceInstructeurId: services.S1,
    prenom: "Igor",
    nom: "Deux",
  });
  await connecter("sup", {
    roles: ["superviseur"],
    serviceInstructeurId: services.S2,
    perimetreSupervision: { regions: ["84"], departements: [] },
  });
  await connecter("crhh", { roles: ["crhh"], serviceInstructeurId: services.S1 });
  for (const cle of ["A", "B", "C", "D"]) await creerSociete(cle);
  await connecter("DA", {
    roles: ["demandeur"],
    societeId: ids.societeA,
    dateCreation: jour("2025-01-02"),
  });
  await creerCompte("DB", {
    roles: ["demandeur"],
    societeId: ids.societeB,
    dateCreation: jour("2025-02-15"),
  });
  await creerCompte("DC", {
    roles: ["demandeur"],
    societeId: ids.societeC,
    dateCreation: jour("2025-03-15"),
  });
  await creerCompte("DD", {
    roles: ["demandeur"],
    societeId: ids.societeD,
    dateCreation: jour("2025-03-16"),
  });

  await creerDemande("d1", {
    service: "S1",
    societe: "A",
    etat: "deposee",
    depot: "2025-03-10",
    limite: "2025-06-10",
  });
  await creerDemande("d2", {
    service: "S1",
    societe: "A",
    etat: "affectee",
    depot: "2025-03-20",
    limite: "2025-06-20",
    instructeur: "I1",
  });
  await creerDemande("d3", {
    service: "S1",
    societe: "A",
    etat: "agree",
    depot: "2025-01-15",
    decision: "2025-04-14",
    limite: "2025-04-25",
    instructeur: "I1",
  });
  await creerDemande("d4", {
    service: "S1",
    societe: "B",
    etat: "refusee",
    depot: "2025-02-01",
    decision: "2025-03-03",
    limite: "2025-05-01",
    instructeur: "I2",
    qualite: "qualityArchi",
  });
  await creerDemande("d5", {
    service: "S1",
    societe: "A",
    etat: "affectee",
    depot: "2025-01-05",
    limite: "2025-04-05",
    instructeur: "I1",
  });
  await creerDemande("d6", {
    service: "S1",
    societe: "A",
    etat: "rejetee_tacitement",
    depot: "2024-12-01",
    decision: "2025-03-05",
    limite: "2025-03-01",
  });
  await creerDemande("d7", { service: "S1", societe: "D", etat: "brouillon" });
  await creerDemande("d8", {
    service: "S2",
    societe: "C",
    etat: "agree",
    depot: "2025-02-10",
    decision: "2025-05-12",
    limite: "2025-05-10",
  });
  await creerDemande("d9", {
    service: "S2",
    societe: "C",
    etat: "agree",
    depot: "2025-03-01",
    decision: "2025-03-31",
    limite: "2025-06-01",
  });
  await creerDemande("d10", {
    service: "S2",
    societe: "C",
    etat: "deposee",
    depot: "2025-06-01",
    limite: "2025-09-01",
  });
  const g3 = await creerAgrement("g3", "d3", "en_cours", "2025-04-14");
  await creerAgrement("g8", "d8", "suspendu", "2025-05-12");
  await creerAgrement("g9", "d9", "retire", "2025-03-31");
  await db.insert(proceduresAgrement).values({
    agrementId: g3,
    type: "retrait_sans_suspension",
    etat: "en_cours",
    dateNotification: "2025-06-01",
  });
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("GET /api/activities : indicateurs", () => {
  it("compte, pour la centrale, tout le jeu des deux services", async () => {
    const i = await indicateurs(filtreServices);
    // d1…d6, d8, d9, d10 (d7 is a draft).
    expect(i.nbDemandesDeposees.total).toBe(9);
    expect(i.nbDemandesDeposees.parEtape).toEqual({
      awaitingAssignment: 2, // d1, d10
      checkingDemande: 2, // d2, d5
      awaitingCrhh: 0,
      pendingInstructorFinalize: 0,
      awaitingDecision: 0,
      preparingTransmission: 0,
      terminated: 5, // d3, d4, d6, d8, d9
    });
    expect(i.nbDemandesValidees).toBe(3); // d3, d8, d9
    expect(i.nbDemandesRefusees).toBe(1); // d4
    expect(i.agrementsAccordes).toEqual({
      total: 3,
      actifs: 1, // g3
      procedureEnCours: 1, // g3
      suspendus: 1, // g8
      retires: 1, // g9
      perimes: 0,
    });
    expect(i.nbJoursTraitement).toEqual({ nbDecisions: 4, moyenne: 57.5 }); // (79+30+91+30)/4
    expect(i.nbReputesRejetes).toBe(2); // d5, d6
    expect(i.nbCreatedUsers).toBe(3); // DA, DB, DC (DD has a draft only)
    expect(i.nbDossiersInstructeurs).toEqual([
      {
        serviceInstructeurId: services.S1,
        service: `Délégation S1 ${marque}`,
        nbDossiers: 6,
        nbNonAffectes: 2, // d1, d6
        nbInstructeurs: 2, // I1, I2
      },
      {
        serviceInstructeurId: services.S2,
        service: `Délégation S2 ${marque}`,
        nbDossiers: 3,
        nbNonAffectes: 3,
        nbInstructeurs: 0,
      },
    ]);
  });

  it("applique la période à la date propre à chaque indicateur", async () => {
    const i = await indicateurs(`${filtreServices}&dateDebut=2025-03-01&dateFin=2025-04-30`);
    expect(i.nbDemandesDeposees.total).toBe(3); // d1, d2, d9
    expect(i.nbDemandesDeposees.parEtape.awaitingAssignment).toBe(1);
    expect(i.nbDemandesDeposees.parEtape.checkingDemande).toBe(1);
    expect(i.nbDemandesDeposees.parEtape.terminated).toBe(1);
    expect(i.nbDemandesValidees).toBe(2); // d3 (14/04), d9 (31/03)
    expect(i.nbDemandesRefusees).toBe(1); // d4 (03/03)
    expect(i.agrementsAccordes).toMatchObject({
      total: 2,
      actifs: 1,
      procedureEnCours: 1,
      retires: 1,
      suspendus: 0,
    });
    expect(i.nbJoursTraitement).toEqual({ nbDecisions: 3, moyenne: 46.3 }); // 139/3
    expect(i.nbReputesRejetes).toBe(0);
    expect(i.nbCreatedUsers).toBe(1); // DC (DD: draft only)
    // The French form of the dates reads the same.
    const fr = await indicateurs(`${filtreServices}&dateDebut=01/03/2025&dateFin=30/04/2025`);
    expect(fr.nbDemandesDeposees.total).toBe(3);
  });

  it("filtre par région, département, qualité et réputés rejetés", async () => {
    const region = await indicateurs(`${filtreServices}&region[]=84`);
    expect(region.nbDemandesDeposees.total).toBe(3); // d8, d9, d10
    expect(region.nbDemandesValidees).toBe(2);
    expect(region.agrementsAccordes).toMatchObject({
      total: 2,
      suspendus: 1,
      retires: 1,
      actifs: 0,
    });
    expect(region.nbJoursTraitement.moyenne).toBe(60.5); // (91+30)/2
    expect(region.nbCreatedUsers).toBe(1); // DC
    const departement = await indicateurs(`${filtreServices}&departement[]=75`);
    expect(departement.nbDemandesDeposees.total).toBe(6);
    const qualite = await indicateurs(`${filtreServices}&quality[]=qualityArchi`);
    expect(qualite.nbDemandesDeposees.total).toBe(1); // d4
    expect(qualite.nbDemandesRefusees).toBe(1);
    expect(qualite.nbCreatedUsers).toBe(1); // DB
    const reputes = await indicateurs(`${filtreServices}&reputesRejetes=true`);
    expect(reputes.nbDemandesDeposees.total).toBe(2); // d5, d6
    expect(reputes.nbReputesRejetes).toBe(2);
    expect(reputes.nbDemandesValidees).toBe(0);
    expect(reputes.nbCreatedUsers).toBe(1); // DA
    // Unknown values match nothing, they do not fail.
    const inconnu = await indicateurs(`${filtreServices}&region[]=ZZZ&quality[]=inconnue`);
    expect(inconnu.nbDemandesDeposees.total).toBe(0);
  });

  it("borne l'instructeur à son service et le superviseur à son périmètre", async () => {
    const instructeur = await indicateurs("", "I1");
    expect(instructeur.nbDemandesDeposees.total).toBe(6); // d1…d6
    expect(instructeur.nbDemandesValidees).toBe(1); // d3
    expect(instructeur.agrementsAccordes.total).toBe(1); // g3
    expect(instructeur.nbJoursTraitement.moyenne).toBe(54.5); // (79+30)/2
    expect(instructeur.nbCreatedUsers).toBe(2); // DA, DB
    // S2 asked by the S1 instructor: nothing.
    const horsService = await indicateurs(`servicesInstructeur[]=${services.S2}`, "I1");
    expect(horsService.nbDemandesDeposees.total).toBe(0);
    const superviseur = await indicateurs(filtreServices, "sup");
    expect(superviseur.nbDemandesDeposees.total).toBe(3); // d8, d9, d10 (région 84)
    expect(superviseur.agrementsAccordes.total).toBe(2);
  });

  it("refuse le demandeur et le CRHH (403), une fin avant le début (422 sur le champ)", async () => {
    expect((await api("DA", "/activities")).status).toBe(403);
    expect((await api("crhh", "/activities")).status).toBe(403);
    expect((await api("DA", "/activities/export")).status).toBe(403);
    const erreur = await api<{ detail: string; errors: Record<string, string[]> }>(
      "central",
      "/activities?dateDebut=2025-05-01&dateFin=2025-04-01",
    );
    expect(erreur.status).toBe(422);
    expect(erreur.body.errors.dateFin).toEqual([
      "La date de fin doit être égale ou postérieure à la date de début.",
    ]);
    const format = await api<{ errors: Record<string, string[]> }>(
      "central",
      "/activities/details-deposee?dateDebut=32/13/2025",
    );
    expect(format.status).toBe(422);
    expect(format.body.errors.dateDebut).toEqual(["Le champ n'est pas au bon format"]);
  });
});

describe("GET /api/activities/details-*", () => {
  it("détaille dépôts et décisions par mois", async () => {
    const { status, body } = await api<MoisDepots[]>(
      "central",
      `/activities/details-deposee?${filtreServices}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual([
      { mois: "2024-12", deposees: 1, validees: 0, refusees: 0 }, // d6
      { mois: "2025-01", deposees: 2, validees: 0, refusees: 0 }, // d3, d5
      { mois: "2025-02", deposees: 2, validees: 0, refusees: 0 }, // d4, d8
      { mois: "2025-03", deposees: 3, validees: 1, refusees: 1 }, // d1, d2, d9; d9; d4
      { mois: "2025-04", deposees: 0, validees: 1, refusees: 0 }, // d3
      { mois: "2025-05", deposees: 0, validees: 1, refusees: 0 }, // d8
      { mois: "2025-06", deposees: 1, validees: 0, refusees: 0 }, // d10
    ]);
  });

  it("détaille les délais par mois et par tranche", async () => {
    const { body } = await api<DetailsDelaiMoyen>(
      "central",
      `/activities/details-delai-moyen?${filtreServices}`,
    );
    expect(body.parMois).toEqual([
      { mois: "2025-03", nbDecisions: 2, moyenne: 30 }, // d4, d9
      { mois: "2025-04", nbDecisions: 1, moyenne: 79 }, // d3
      { mois: "2025-05", nbDecisions: 1, moyenne: 91 }, // d8
    ]);
    expect(body.distribution.map((t) => [t.tranche, t.nb])).toEqual([
      ["0-30", 2],
      ["31-60", 0],
      ["61-90", 1],
      ["91-120", 1],
      ["121+", 0],
    ]);
  });

  it("détaille la charge par instructeur, les réputés rejetés et les agréments par département", async () => {
    const charge = await api<ChargeInstructeur[]>(
      "central",
      `/activities/details-charge-instructeurs?${filtreServices}`,
    );
    expect(
      charge.body.map((c) => [c.service.split(" ")[1], c.instructeur, c.nbDossiers, c.nbEnCours]),
    ).toEqual([
      ["S1", "Inès Un", 3, 2], // d2, d3, d5; open d2, d5
      ["S1", "Non affecté", 2, 1], // d1, d6; open d1
      ["S1", "Igor Deux", 1, 0], // d4
      ["S2", "Non affecté", 3, 1], // d8, d9, d10; open d10
    ]);
    const reputes = await api<ReputesRejetesDepartement[]>(
      "central",
      `/activities/details-reputes-rejetes?${filtreServices}`,
    );
    expect(reputes.body).toEqual([
      { codeDepartement: "75", departement: "Paris", nbReputesRejetes: 1, nbRejeteesTacitement: 1 },
    ]);
    const accordes = await api<AgrementsDepartement[]>(
      "central",
      `/activities/details-agrements-accordes?${filtreServices}`,
    );
    expect(accordes.body).toEqual([
      {
        codeDepartement: "69",
        departement: "Rhône",
        total: 2,
        actifs: 0,
        procedureEnCours: 0,
        suspendus: 1,
        retires: 1,
        perimes: 0,
      },
      {
        codeDepartement: "75",
        departement: "Paris",
        total: 1,
        actifs: 1,
        procedureEnCours: 1,
        suspendus: 0,
        retires: 0,
        perimes: 0,
      },
    ]);
  });
});

describe("GET /api/activities/export", () => {
  it("envoie suiviActivite.csv avec les filtres, `;` et BOM", async () => {
    const { status, headers, body } = await api<Buffer>(
      "central",
      `/activities/export?${filtreServices}&region[]=84`,
    );
    expect(status).toBe(200);
    expect(headers.get("content-disposition")).toContain("suiviActivite.csv");
    expect(headers.get("content-type")).toContain("text/csv");
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lignes = body.subarray(3).toString("utf8").split("\r\n");
    expect(lignes[0]).toBe("Rubrique;Libellé;Valeur");
    expect(lignes).toContain("Filtres;Régions;84");
    expect(lignes).toContain("Indicateurs;Dossiers déposés;3");
    expect(lignes).toContain("Indicateurs;Agréments suspendus;1");
    expect(lignes).toContain("Indicateurs;Délai moyen de traitement (jours);60,5");
    expect(lignes).toContain("Dossiers déposés par mois;2025-06;1");
    const erreur = await api(
      "central",
      "/activities/export?dateDebut=2025-05-01&dateFin=2025-04-01",
    );
    expect(erreur.status).toBe(422);
  });
});
