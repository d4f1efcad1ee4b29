/**
 * Establishments on the staff and central side over HTTP (spec §7
 * Establishments, §9 EtablissementsReferences.csv and etablissements.zip):
 * the paged list with each filter, the search and
 * the sort, who sees what (an instruction account outside the approval's
 * service sees nothing, a demandeur gets 403), the CSV export, the central
 * ZIP download by period and by company with its errors, the export
 * history and its comments, the company-name autocomplete and the
 * establishments of one approval for the staff file page.
 *
 * Approvals and establishments are inserted directly in the database: this
 * file tests the reading side, not the referencing (tests of helper A) nor
 * the instruction workflow. Every company name carries this run's mark, so
 * the central lists are read with `query=<mark>` and never count rows of
 * the demo data or of another test file sharing a PostgreSQL database.
 */
import { hash } from "@node-rs/argon2";
import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import type {
  EtablissementListe,
  HistoriqueExportEtablissements,
} from "../../contract/schemas/etablissements-liste.ts";
import type { Page } from "../../contract/schemas/listes.ts";
import {
  agrements,
  demandes,
  etablissements,
  historiqueExportsEtablissements,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Etb${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let passwordHash: string;
const jetons: Record<string, string> = {};
const services: Record<"S1" | "S2", number> = {} as never;
/** Approval ids by company key. */
const agrementIds: Record<"A" | "B", string> = {} as never;
const raisonsSociales = {
  A: `Société Éole ${marque}`,
  B: `Rénov Conseil ${marque}`,
} as const;
/** The named establishments of the data set, by key. */
const nommes: Record<string, { id: string; reference: string; siret: string }> = {};
/** References of every referenced establishment of the data set. */
const referencesListees: string[] = [];

/** A number with a valid Luhn key (SIREN, SIRET), from its first digits. */
function avecCleLuhn(debut: string): string {
  for (let cle = 0; cle <= 9; cle++) {
    const chiffres = `${debut}${cle}`;
    let somme = 0;
    for (const [rang, chiffre] of [...chiffres].reverse().entries()) {
      let valeur = Number(chiffre) * (rang % 2 === 1 ? 2 : 1);
      if (valeur > 9) valeur -= 9;
      somme += valeur;
    }
    if (somme % 10 === 0) return chiffres;
  }
  throw new Error("inatteignable");
}

const nouveauSiren = () => avecCleLuhn(`7${String(randomInt(0, 10_000_000)).padStart(7, "0")}`);
const reference = () => `ETB-${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

async function creerCompte(cle: string, valeurs: Partial<typeof utilisateurs.$inferInsert>) {
  const email = `${marque.toLowerCase()}-${cle.toLowerCase()}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${cle}`,
    email,
    prenom: `Prénom${cle}`,
    nom: `Nom${cle}`,
    passwordHash,
    roles: [],
    ...valeurs,
  });
  jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

/** A company with a granted request (in `service`) and its approval; returns the ids. */
async function creerAgrement(cle: "A" | "B", service: number) {
  const db = portal.database.db;
  const siren = nouveauSiren();
  const [societe] = await db
    .insert(societes)
    .values({ siren, raisonSociale: raisonsSociales[cle] })
    .returning();
  const [demande] = await db
    .insert(demandes)
    .values({
      societeId: societe.id,
      etat: "agrement_valide",
      numeroDossier: `MAR-2025-${marque}-${cle}`,
      raisonSociale: raisonsSociales[cle],
      siren,
      codeDepartement: "75",
      codeRegion: "11",
      serviceInstructeurId: service,
      dateDepot: new Date("2025-01-06T09:00:00Z"),
    })
    .returning();
  const [agrement] = await db
    .insert(agrements)
    .values({
      societeId: societe.id,
      demandeId: demande.id,
      numeroAgrement: `AGR-MAR-2025-${marque}-${cle}`,
      dateDebut: "2025-02-01",
      dateFin: "2030-01-31",
      dateOctroi: new Date("2025-02-01T09:00:00Z"),
      perimetre: { regions: ["11", "84", "93"], departements: [], epcis: [], communes: [] },
      raisonSociale: raisonsSociales[cle],
      serviceInstructeurId: service,
    })
    .returning();
  agrementIds[cle] = agrement.id;
  return { societeId: societe.id, agrementId: agrement.id, siren };
}

type Perimetre = { regions: string[]; departements: string[]; epcis: string[]; communes: string[] };
const vide: Perimetre = { regions: [], departements: [], epcis: [], communes: [] };

async function creerEtablissement(
  proprietaire: { societeId: string; agrementId: string; siren: string },
  cle: "A" | "B",
  rang: number,
  valeurs: {
    nom: string;
    perimetre: Partial<Perimetre>;
    dateCreation: Date;
    referencee?: boolean;
    ville?: string;
  },
) {
  const siret = avecCleLuhn(`${proprietaire.siren}${String(rang).padStart(4, "0")}`);
  const ref = reference();
  const [ligne] = await portal.database.db
    .insert(etablissements)
    .values({
      agrementId: proprietaire.agrementId,
      societeId: proprietaire.societeId,
      reference: ref,
      raisonSociale: raisonsSociales[cle],
      nom: valeurs.nom,
      nomInsee: raisonsSociales[cle].toUpperCase(),
      siret,
      adresse1: `${rang} rue de la Paix`,
      codePostal: "75002",
      ville: valeurs.ville ?? "Paris",
      codeCommune: "75056",
      tel: "01 23 45 67 89",
      email: `contact-${rang}@exemple.fr`,
      siteInternet: "https://www.exemple.fr",
      etp: 2.5,
      perimetre: { ...vide, ...valeurs.perimetre },
      referent: {
        civilite: "Mme",
        nom: "Martin",
        prenom: "Claire",
        email: "claire.martin@exemple.fr",
        tel: "06 12 34 56 78",
      },
      referencee: valeurs.referencee ?? true,
      dateCreation: valeurs.dateCreation,
      dateDereferencement: valeurs.referencee === false ? new Date("2025-06-01T10:00:00Z") : null,
    })
    .returning();
  if (ligne.referencee) referencesListees.push(ref);
  return { id: ligne.id, reference: ref, siret };
}

async function api<T>(cle: string, chemin: string, init: RequestInit = {}) {
  const reponse = await fetch(`${portal.baseUrl}/api${chemin}`, {
    ...init,
    headers: { Authorization: `Bearer ${jetons[cle]}`, ...(init.headers ?? {}) },
  });
  const type = reponse.headers.get("content-type") ?? "";
  const body = type.includes("json")
    ? ((await reponse.json()) as T)
    : (Buffer.from(await reponse.arrayBuffer()) as unknown as T);
  return { status: reponse.status, headers: reponse.headers, body };
}

/** The list read by central staff, restricted to this run's establishments. */
async function liste(parametres: string, cle = "central") {
  const { status, body } = await api<Page<EtablissementListe>>(
    cle,
    `/etablissements?query=${encodeURIComponent(marque)}${parametres ? `&${parametres}` : ""}`,
  );
  expect(status).toBe(200);
  return body;
}

/** Every entry of a ZIP: its name → its bytes. */
function lireZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (erreur, fichier) => {
      if (erreur || !fichier) return reject(erreur);
      const entrees = new Map<string, Buffer>();
      fichier.on("entry", (entree: yauzl.Entry) => {
        fichier.openReadStream(entree, (erreurLecture, flux) => {
          if (erreurLecture || !flux) return reject(erreurLecture);
          const morceaux: Buffer[] = [];
          flux.on("data", (morceau: Buffer) => morceaux.push(morceau));
          flux.on("end", () => {
            entrees.set(entree.fileName, Buffer.concat(morceaux));
            fichier.readEntry();
          });
          flux.on("error", reject);
        });
      });
      fichier.on("end", () => resolve(entrees));
      fichier.on("error", reject);
      fichier.readEntry();
    });
  });
}

const ENTETE_CSV =
  "Référence;Raison sociale;Nom;Nom INSEE;Nom Mon Accompagnateur Rénov';SIRET;Adresse;" +
  "Complément d'adresse;Code postal;Ville;Téléphone;E-mail;Site internet;ETP;Régions;" +
  "Départements;EPCI;Communes;Référent;E-mail du référent;Téléphone du référent;" +
  "Numéro d'agrément;Date de référencement";

/** The CSV line of establishment `cle` ("E1"), as the export must write it. */
function ligneAttendue(cle: string, valeurs: { rang: number; perimetre: string[]; jour: string }) {
  const e = nommes[cle];
  return [
    e.reference,
    raisonsSociales.A,
    `Siège Étoile ${marque}`,
    raisonsSociales.A.toUpperCase(),
    "",
    e.siret,
    `${valeurs.rang} rue de la Paix`,
    "",
    "75002",
    "Paris",
    "01 23 45 67 89",
    `contact-${valeurs.rang}@exemple.fr`,
    "https://www.exemple.fr",
    "2,5",
    ...valeurs.perimetre,
    "Mme Claire Martin",
    "claire.martin@exemple.fr",
    "06 12 34 56 78",
    `AGR-MAR-2025-${marque}-A`,
    valeurs.jour,
  ].join(";");
}

beforeAll(async () => {
  portal = await startTestPortal();
  passwordHash = await hash(PASSWORD);
  const db = portal.database.db;
  for (const cle of ["S1", "S2"] as const) {
    const [row] = await db
      .insert(servicesInstructeur)
      .values({ code: `${marque}-${cle}`, nom: `Délégation ${cle} ${marque}` })
      .returning();
    services[cle] = row.id;
  }
  await creerCompte("central", { roles: ["anah_centrale"], nom: "Durand", prenom: "Alice" });
  await creerCompte("admin", { roles: ["mar_admin"] });
  await creerCompte("instructeurS1", {
    roles: ["instructeur"],
    serviceInstructeurId: services.S1,
  });
  await creerCompte("instructeurS2", {
    roles: ["instructeur"],
    serviceInstructeurId: services.S2,
  });
  await creerCompte("adminFonctionnel", { roles: ["admin_fonctionnel"] });
  await creerCompte("demandeur", { roles: ["demandeur"] });

  const a = await creerAgrement("A", services.S1);
  const b = await creerAgrement("B", services.S2);
  nommes.E1 = await creerEtablissement(a, "A", 1, {
    nom: `Siège Étoile ${marque}`,
    perimetre: { departements: ["75"] },
    dateCreation: new Date("2025-03-01T10:00:00Z"),
  });
  nommes.E2 = await creerEtablissement(a, "A", 2, {
    nom: `Agence Rhône ${marque}`,
    perimetre: { regions: ["84"] },
    dateCreation: new Date("2025-03-05T21:00:00Z"),
    ville: "Lyon",
  });
  nommes.E3 = await creerEtablissement(a, "A", 3, {
    nom: `Agence Lyon centre ${marque}`,
    perimetre: { communes: ["69123"] },
    dateCreation: new Date("2025-03-10T10:00:00Z"),
    ville: "Lyon",
  });
  nommes.E4 = await creerEtablissement(a, "A", 4, {
    nom: `Ancienne agence ${marque}`,
    perimetre: { departements: ["75"] },
    dateCreation: new Date("2025-03-02T10:00:00Z"),
    referencee: false,
  });
  // 23:30 UTC on 28 February is already 1 March in Paris.
  nommes.E5 = await creerEtablissement(b, "B", 1, {
    nom: `Rénov Métropole ${marque}`,
    perimetre: { epcis: ["200046977"] },
    dateCreation: new Date("2025-02-28T23:30:00Z"),
    ville: "Lyon",
  });
  // 22 agencies in the Bouches-du-Rhône, referenced in January: the list has two pages.
  for (let rang = 10; rang < 32; rang++)
    await creerEtablissement(a, "A", rang, {
      nom: `Agence ${rang} ${marque}`,
      perimetre: { departements: ["13"] },
      dateCreation: new Date(Date.UTC(2025, 0, rang - 5, 9)),
      ville: "Marseille",
    });
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

describe("GET /api/etablissements", () => {
  it("pages 20 referenced establishments, newest referencing first", async () => {
    const premiere = await liste("");
    expect(premiere.nb_elements).toBe(26);
    expect(premiere.nb_pages).toBe(2);
    expect(premiere.result).toHaveLength(20);
    expect(premiere.result.slice(0, 4).map((e) => e.id)).toEqual([
      nommes.E3.id,
      nommes.E2.id,
      nommes.E1.id,
      nommes.E5.id,
    ]);
    expect(premiere.result[0]).toEqual({
      id: nommes.E3.id,
      agrementId: agrementIds.A,
      numeroAgrement: `AGR-MAR-2025-${marque}-A`,
      reference: nommes.E3.reference,
      raisonSociale: raisonsSociales.A,
      nom: `Agence Lyon centre ${marque}`,
      siret: nommes.E3.siret,
      codePostal: "75002",
      ville: "Lyon",
      dateCreation: "2025-03-10T10:00:00.000Z",
    });
    const seconde = await liste("page=2");
    expect(seconde.result).toHaveLength(6);
    expect(seconde.result.at(-1)?.nom).toBe(`Agence 10 ${marque}`);
    const ids = new Set([...premiere.result, ...seconde.result].map((e) => e.id));
    expect(ids.size).toBe(26);
    expect(ids.has(nommes.E4.id)).toBe(false);
    expect((await liste("page=3")).result).toEqual([]);
  });

  it("filters by département, région, EPCI, commune and reference", async () => {
    const ids = async (parametres: string) =>
      (await liste(parametres)).result.map((e) => e.id).sort();
    const tri = (...cles: string[]) => cles.map((cle) => nommes[cle].id).sort();
    expect(await ids("departements[]=75")).toEqual(tri("E1"));
    // A région covers its départements: 69 is in Auvergne-Rhône-Alpes (84).
    expect(await ids("departements[]=69")).toEqual(tri("E2"));
    expect(await ids("departements[]=75&departements[]=69")).toEqual(tri("E1", "E2"));
    expect(await ids("regions[]=84")).toEqual(tri("E2"));
    expect(await ids("epcis[]=200046977")).toEqual(tri("E5"));
    // Lyon is covered by its own code, its EPCI and its région.
    expect(await ids("communes[]=69123")).toEqual(tri("E2", "E3", "E5"));
    expect(await ids(`reference=${nommes.E3.reference}`)).toEqual(tri("E3"));
    expect((await liste("departements[]=13")).nb_elements).toBe(22);
    // AND across filters.
    expect(await ids("communes[]=69123&regions[]=84")).toEqual(tri("E2"));
    expect(await ids("departements[]=2A")).toEqual([]);
  });

  it("searches names without accents or case, and SIRETs", async () => {
    const { body } = await api<Page<EtablissementListe>>(
      "central",
      `/etablissements?query=${encodeURIComponent(`SIEGE etoile ${marque.toLowerCase()}`)}`,
    );
    expect(body.result.map((e) => e.id)).toEqual([nommes.E1.id]);
    const parSiret = await api<Page<EtablissementListe>>(
      "central",
      `/etablissements?query=${nommes.E5.siret.slice(0, 9)}%20${nommes.E5.siret.slice(9)}`,
    );
    expect(parSiret.body.result.map((e) => e.id)).toEqual([nommes.E5.id]);
  });

  it("sorts by the chosen column and direction", async () => {
    const noms = (page: Page<EtablissementListe>) => page.result.map((e) => e.nom);
    const croissant = await liste("orderBy=nom&orderType=asc&departements[]=69");
    expect(noms(croissant)).toEqual([`Agence Rhône ${marque}`]);
    const parVille = await liste("orderBy=ville&orderType=asc");
    expect(parVille.result.slice(0, 3).map((e) => e.ville)).toEqual(["Lyon", "Lyon", "Lyon"]);
    const parVilleDesc = await liste("orderBy=ville&orderType=desc");
    expect(parVilleDesc.result[0].ville).toBe("Paris");
    const parReference = await liste("orderBy=reference&orderType=asc");
    expect(parReference.result.map((e) => e.reference)).toEqual(
      [...referencesListees].sort().slice(0, 20),
    );
  });

  it("shows an instruction account only the approvals of its service", async () => {
    const s1 = await liste("", "instructeurS1");
    expect(s1.nb_elements).toBe(25);
    expect(s1.result.some((e) => e.id === nommes.E5.id)).toBe(false);
    const s2 = await liste("", "instructeurS2");
    expect(s2.result.map((e) => e.id)).toEqual([nommes.E5.id]);
    expect((await liste("", "admin")).nb_elements).toBe(26);
  });

  it("refuses the demandeur and the functional admin", async () => {
    for (const cle of ["demandeur", "adminFonctionnel"]) {
      expect((await api(cle, "/etablissements")).status).toBe(403);
      expect((await api(cle, "/etablissements/export")).status).toBe(403);
    }
    expect((await api("demandeur", "/etablissements?inconnu=1")).status).toBe(403);
    expect((await api("central", "/etablissements?inconnu=1")).status).toBe(400);
  });
});

describe("GET /api/etablissements/export", () => {
  it("streams EtablissementsReferences.csv with BOM, ';' and a header row", async () => {
    const { status, headers, body } = await api<Buffer>(
      "central",
      `/etablissements/export?query=${marque}&departements[]=75`,
    );
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toBe(
      'attachment; filename="EtablissementsReferences.csv"',
    );
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lignes = body.subarray(3).toString("utf8").split("\r\n");
    expect(lignes).toEqual([
      ENTETE_CSV,
      ligneAttendue("E1", { rang: 1, perimetre: ["", "75", "", ""], jour: "01/03/2025" }),
      "",
    ]);
  });

  it("exports the scope of an instruction account", async () => {
    const { body } = await api<Buffer>("instructeurS2", `/etablissements/export?query=${marque}`);
    const lignes = body.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lignes).toHaveLength(2);
    expect(lignes[1].startsWith(`${nommes.E5.reference};${raisonsSociales.B};`)).toBe(true);
  });
});

describe("GET /api/etablissements/telechargement and the export history", () => {
  const historique = async () =>
    (
      await api<Page<HistoriqueExportEtablissements>>(
        "central",
        "/historique-export-etablissements",
      )
    ).body;

  it("zips the establishments referenced in a period (Europe/Paris days) and records it", async () => {
    const avant = (await historique()).nb_elements;
    const { status, headers, body } = await api<Buffer>(
      "central",
      "/etablissements/telechargement?startDate=01-03-2025&endDate=05-03-2025",
    );
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/zip");
    expect(headers.get("content-disposition")).toBe('attachment; filename="etablissements.zip"');
    const entrees = await lireZip(body);
    expect([...entrees.keys()]).toEqual(["EtablissementsReferences.csv"]);
    const csv = entrees.get("EtablissementsReferences.csv")!;
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lignes = csv.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lignes[0]).toBe(ENTETE_CSV);
    // E2 (5 March 22:00 in Paris), E1, E5 (1 March 00:30 in Paris); not E4 (dereferenced).
    expect(lignes.slice(1).map((ligne) => ligne.split(";")[0])).toEqual([
      nommes.E2.reference,
      nommes.E1.reference,
      nommes.E5.reference,
    ]);
    expect(lignes[2]).toBe(
      ligneAttendue("E1", { rang: 1, perimetre: ["", "75", "", ""], jour: "01/03/2025" }),
    );
    const apres = await historique();
    expect(apres.nb_elements).toBe(avant + 1);
    expect(apres.result[0]).toMatchObject({
      nom: "Durand",
      prenom: "Alice",
      filtres: { startDate: "2025-03-01", endDate: "2025-03-05" },
      commentaire: null,
    });
  });

  it("zips the establishments of one company", async () => {
    const { status, body } = await api<Buffer>(
      "admin",
      `/etablissements/telechargement?raisonSociale=${encodeURIComponent(raisonsSociales.B)}`,
    );
    expect(status).toBe(200);
    const csv = (await lireZip(body)).get("EtablissementsReferences.csv")!;
    const lignes = csv.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lignes.slice(1).map((ligne) => ligne.split(";")[0])).toEqual([nommes.E5.reference]);
    expect((await historique()).result[0]).toMatchObject({
      filtres: { raisonSociale: raisonsSociales.B },
    });
  });

  it("refuses an end before the start, a missing date and an unknown company, recording nothing", async () => {
    const avant = (await historique()).nb_elements;
    const fin = await api<{ detail: string; errors: Record<string, string[]> }>(
      "central",
      "/etablissements/telechargement?startDate=05-03-2025&endDate=01-03-2025",
    );
    expect(fin.status).toBe(422);
    expect(fin.body.errors).toEqual({
      endDate: ["La date de fin doit être égale ou postérieure à la date de début."],
    });
    const manquante = await api<{ errors: Record<string, string[]> }>(
      "central",
      "/etablissements/telechargement?startDate=05-03-2025",
    );
    expect(manquante.status).toBe(422);
    expect(manquante.body.errors).toEqual({ endDate: ["Ce champ est requis"] });
    const inconnue = await api<{ detail: string; errors: Record<string, string[]> }>(
      "central",
      `/etablissements/telechargement?raisonSociale=Inconnue%20${marque}`,
    );
    expect(inconnue).toMatchObject({
      status: 422,
      body: { detail: "Aucun résultat", errors: { raisonSociale: ["Aucun résultat"] } },
    });
    expect((await historique()).nb_elements).toBe(avant);
  });

  it("is for central roles only", async () => {
    const chemin = "/etablissements/telechargement?startDate=01-03-2025&endDate=05-03-2025";
    for (const cle of ["demandeur", "instructeurS1"]) {
      expect((await api(cle, chemin)).status).toBe(403);
      expect((await api(cle, "/historique-export-etablissements")).status).toBe(403);
      expect((await api(cle, "/company/names?name=eole")).status).toBe(403);
    }
  });

  it("comments a history entry; an unknown entry is 404", async () => {
    const [entree] = (await historique()).result;
    const patch = (cle: string, id: number | string, corps: string, type: string) =>
      api<HistoriqueExportEtablissements>(cle, `/historique-export-etablissement/${id}`, {
        method: "PATCH",
        headers: { "Content-Type": type },
        body: corps,
      });
    const reponse = await patch(
      "central",
      entree.id,
      new URLSearchParams({ commentaire: "Transmis à la DGALN" }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(reponse.status).toBe(200);
    expect(reponse.body).toMatchObject({ id: entree.id, commentaire: "Transmis à la DGALN" });
    const [ligne] = await portal.database.db
      .select()
      .from(historiqueExportsEtablissements)
      .where(eq(historiqueExportsEtablissements.id, entree.id));
    expect(ligne.commentaire).toBe("Transmis à la DGALN");
    expect((await historique()).result[0].commentaire).toBe("Transmis à la DGALN");
    const json = JSON.stringify({ commentaire: "x".repeat(1001) });
    expect((await patch("central", entree.id, json, "application/json")).status).toBe(422);
    const court = JSON.stringify({ commentaire: "a" });
    for (const inconnue of [999_999_999, "abc"])
      expect((await patch("central", inconnue, court, "application/json")).status).toBe(404);
    expect(
      (
        await patch(
          "demandeur",
          entree.id,
          JSON.stringify({ commentaire: "a" }),
          "application/json",
        )
      ).status,
    ).toBe(403);
  });

  it("pages the history newest export first, the later entry first at the same instant", async () => {
    const avant = (await historique()).nb_elements;
    const depart = portal.horloge.now().getTime();
    // Seconds after `depart` of each export, in request order: neither that
    // order nor its reverse, and 13 twice (the 8th and the 20th export).
    const decalages = [3, 17, 9, 1, 20, 12, 6, 13, 2, 11, 18, 7, 14, 4, 19, 10, 5, 16, 8, 13];
    try {
      for (const [rang, secondes] of decalages.entries()) {
        portal.horloge.regler(new Date(depart + secondes * 1000));
        // The period's day (1 to 20 January 2024) tells the exports apart.
        const jour = `${String(rang + 1).padStart(2, "0")}-01-2024`;
        const reponse = await api(
          "central",
          `/etablissements/telechargement?startDate=${jour}&endDate=${jour}`,
        );
        expect(reponse.status).toBe(200);
      }
    } finally {
      portal.horloge.regler(new Date(depart));
    }
    const page1 = await historique();
    expect(page1.nb_elements).toBe(avant + 20);
    expect(page1.page).toBe(1);
    const jours = (page: Page<HistoriqueExportEtablissements>) =>
      page.result.map((entree) => entree.filtres.startDate ?? entree.filtres.raisonSociale);
    expect(jours(page1)).toEqual([
      "2024-01-05",
      "2024-01-15",
      "2024-01-11",
      "2024-01-02",
      "2024-01-18",
      "2024-01-13",
      "2024-01-20",
      "2024-01-08",
      "2024-01-06",
      "2024-01-10",
      "2024-01-16",
      "2024-01-03",
      "2024-01-19",
      "2024-01-12",
      "2024-01-07",
      "2024-01-17",
      "2024-01-14",
      "2024-01-01",
      "2024-01-09",
      "2024-01-04",
    ]);
    expect(page1.result[0].dateExport).toBe(new Date(depart + 20_000).toISOString());
    expect(page1.result[6].dateExport).toBe(new Date(depart + 13_000).toISOString());
    expect(page1.result[7].dateExport).toBe(new Date(depart + 13_000).toISOString());
    expect(page1.result[19].dateExport).toBe(new Date(depart + 1_000).toISOString());
    const page2 = (
      await api<Page<HistoriqueExportEtablissements>>(
        "central",
        `/historique-export-etablissements?page=2`,
      )
    ).body;
    expect(page2.page).toBe(2);
    // Then the two downloads of the tests above, made at `depart`: the company's came second.
    expect(jours(page2).slice(0, 2)).toEqual([raisonsSociales.B, "2025-03-01"]);
  });
});

describe("GET /api/company/names", () => {
  it("finds companies with establishments, ignoring accents and case", async () => {
    const noms = async (name: string) =>
      (await api<string[]>("central", `/company/names?name=${encodeURIComponent(name)}`)).body;
    expect(await noms(`EOLE ${marque}`)).toEqual([raisonsSociales.A]);
    expect(await noms(marque.toLowerCase())).toEqual([raisonsSociales.B, raisonsSociales.A]);
    expect(await noms("")).toEqual([]);
    expect(await noms(`Inconnue ${marque}`)).toEqual([]);
  });
});

describe("GET /api/agrement/:id/etablissements-staff", () => {
  it("lists the approval's establishments, referenced first, to staff who see it", async () => {
    const { status, body } = await api<{ id: string; referencee: boolean }[]>(
      "instructeurS1",
      `/agrement/${agrementIds.A}/etablissements-staff`,
    );
    expect(status).toBe(200);
    expect(body).toHaveLength(26);
    expect(body.at(-1)).toMatchObject({ id: nommes.E4.id, referencee: false });
    expect(body.slice(0, -1).every((e) => e.referencee)).toBe(true);
    expect(
      (await api("instructeurS2", `/agrement/${agrementIds.A}/etablissements-staff`)).status,
    ).toBe(404);
    expect((await api("demandeur", `/agrement/${agrementIds.A}/etablissements-staff`)).status).toBe(
      403,
    );
  });
});
