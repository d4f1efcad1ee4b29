/**
 * The annual activity report over HTTP (spec §3 Annual report
 * content, §4 filing states and approval-level actions, §5 ETP, §7
 * POST /api/agrement/{id}/action, procedure-raa, telechargement-raa,
 * rapport-annuels/export; ADR 0017), with the portal's clock moved to the
 * deadlines (Europe/Paris): 31 March 23:59 still accepted, 1 April 00:00
 * refused; modification until 30 April; nonApplicable; 403 outside the
 * actions; another company → 404; each bad-input message; the synthesis
 * PDF, the ZIP and the CSV. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
import { hash } from "@node-rs/argon2";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import yauzl from "yauzl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import type { RapportAnnuel } from "../../contract/schemas/rapport-annuel.ts";
import {
  agrements,
  historique,
  rapportsAnnuelsActivite,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import {
  connecterEquipeDemo,
  nouvelleDemandeEnEtat,
  type EquipeInstruction,
} from "../helpers/instruction-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { fauxPdf, pdfEnTexte, petitPdf } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";
import { limiteModificationDe } from "../../api/domain/rapports-annuels/lecture.ts";
import {
  actionsRapport,
  echeancesRapport,
  etatRapport,
} from "../../api/domain/rapports-annuels/regles.ts";
import { loadConfig } from "../../server/config.ts";

const PASSWORD = "Anah-Demo-2026!";
/** 2 February 2026, 10:00 in Paris: the approval is granted then. */
const OCTROI = new Date("2026-02-02T09:00:00Z");
const marque = `Raa${randomUUID().slice(0, 8)}`;

let portal: TestPortal;
let equipe: EquipeInstruction;
let passwordHash: string;
let compteur = 0;
let titulaire: string;
let autreSociete: string;
let agrement: Agrement;

/** A signed-in applicant of a new company (created in the database). */
async function demandeur(nom: string): Promise<string> {
  compteur += 1;
  const [societe] = await portal.database.db
    .insert(societes)
    .values({
      siren: `7${String(Date.now() % 10_000_000).padStart(7, "0")}${compteur % 10}`,
      raisonSociale: nom,
      qualites: ["qualityOp"],
    })
    .returning();
  const email = `${marque.toLowerCase()}-${compteur}@exemple.fr`;
  await portal.database.db.insert(utilisateurs).values({
    idIdp: `${marque}-${compteur}`,
    email,
    prenom: "Camille",
    nom: `Compte ${compteur}`,
    passwordHash,
    roles: ["demandeur"],
    societeId: societe.id,
  });
  return (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
}

/** The portal's clock at `iso` ("AAAA-MM-JJTHH:MM") in Paris, `decalage` its UTC offset. */
function regler(iso: string, decalage: "+01:00" | "+02:00"): void {
  portal.horloge.regler(new Date(`${iso}:00${decalage}`));
}

async function lire<T>(token: string, chemin: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const texte = await response.text();
  return { status: response.status, body: (texte ? JSON.parse(texte) : null) as T };
}

async function octets(token: string, chemin: string) {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    disposition: response.headers.get("content-disposition"),
    octets: Buffer.from(await response.arrayBuffer()),
  };
}

interface Reponse {
  status: number;
  body: RapportAnnuel & { message?: string; detail?: string; errors?: Record<string, string[]> };
}

/** POST /api/agrement/{id}/action as a browser form (urlencoded, or multipart with files). */
async function agir(
  token: string,
  champs: Record<string, string | string[]>,
  fichiers: { champ: string; nom: string; contenu: Buffer }[] = [],
  id = agrement.id,
): Promise<Reponse> {
  let body: URLSearchParams | FormData;
  if (fichiers.length) {
    const formulaire = new FormData();
    for (const [nom, valeur] of Object.entries(champs))
      for (const v of Array.isArray(valeur) ? valeur : [valeur]) formulaire.append(nom, v);
    for (const fichier of fichiers)
      formulaire.append(
        fichier.champ,
        new Blob([new Uint8Array(fichier.contenu)], { type: "application/pdf" }),
        fichier.nom,
      );
    body = formulaire;
  } else {
    body = new URLSearchParams();
    for (const [nom, valeur] of Object.entries(champs))
      for (const v of Array.isArray(valeur) ? valeur : [valeur]) body.append(nom, v);
  }
  const response = await fetch(`${portal.baseUrl}/api/agrement/${id}/action`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body,
  });
  const texte = await response.text();
  return { status: response.status, body: texte ? JSON.parse(texte) : null };
}

const ETAPE1 = {
  etape: "1",
  etpStructure: "7,5",
  etpAccompagnement: "4",
  etpRealise_75: "2,5",
  etpPrevisionnel_75: "3",
};
const ETAPE2 = {
  etape: "2",
  nbContratsSignes: "12",
  nbContratsAbandonnes: "2",
  nbDossiersDeposes: "9",
  nbAccompagnementsPrevisionnels: "20",
  sousTraitance: "oui",
  nbSousTraitanceAudits: "3",
  nbSousTraitancePrestationsRenforcees: "1",
  nbSousTraitanceMissionComplete: "0",
};

/** Creates the report about `annee` and saves its three steps (no document). */
async function remplir(annee: string): Promise<void> {
  const modifier = { action: "MODIFIER_RAPPORT_ANNUEL", annee };
  for (const reponse of [
    await agir(titulaire, { action: "CREER_RAPPORT_ANNUEL", annee }),
    await agir(titulaire, { ...modifier, ...ETAPE1 }),
    await agir(titulaire, { ...modifier, ...ETAPE2 }),
    await agir(titulaire, {
      ...modifier,
      etape: "3",
      capitalModifie: "non",
      gouvernanceModifiee: "non",
    }),
  ])
    expect(reponse.status, JSON.stringify(reponse.body)).toBe(200);
}

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

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(OCTROI);
  passwordHash = await hash(PASSWORD);
  equipe = await connecterEquipeDemo(portal.baseUrl);
  titulaire = await demandeur(`${marque} Rénovation`);
  autreSociete = await demandeur(`${marque} Autre`);
  const demande = await nouvelleDemandeEnEtat(
    { baseUrl: portal.baseUrl, demandeur: titulaire, equipe },
    "agree",
  );
  agrement = demande.agrement!;
}, 180_000);

afterAll(async () => {
  await portal?.close();
});

describe("GET /api/agrement/procedure-raa", () => {
  it("lists the attachment groups with code and values", async () => {
    const { status, body } = await lire<Record<string, unknown>>(
      titulaire,
      "/agrement/procedure-raa",
    );
    expect(status).toBe(200);
    expect(body.groupes).toEqual([
      {
        code: "modification_capital",
        libelle: "Modification de la structure du capital",
        question: "capitalModifie",
        values: [
          {
            code: "raa_capital",
            libelle:
              "Justificatifs de la modification du capital (statuts à jour, procès-verbal, répartition du capital)",
          },
        ],
      },
      {
        code: "modification_gouvernance",
        libelle: "Modification de la gouvernance",
        question: "gouvernanceModifiee",
        values: [
          {
            code: "raa_gouvernance",
            libelle:
              "Justificatifs de la modification de la gouvernance (procès-verbal de nomination, extrait Kbis)",
          },
        ],
      },
    ]);
    expect(body).toMatchObject({ tailleMaxOctets: 10 * 1024 * 1024, maxFichiers: 10 });
  });
});

describe("an approval granted in 2026 owes no report about 2025", () => {
  it("reads nonApplicable with no action, and refuses CREER with the reason", async () => {
    const { status, body } = await lire<RapportAnnuel>(
      titulaire,
      `/agrement/${agrement.id}/rapport-annuel/2025`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: null,
      annee: 2025,
      etat: "nonApplicable",
      dateLimiteDepot: "2026-03-31",
      dateLimiteModification: "2026-04-30",
      version: 0,
      contenu: {},
      actionsDisponibles: [],
    });
    const refus = await agir(titulaire, { action: "CREER_RAPPORT_ANNUEL", annee: "2025" });
    expect(refus.status).toBe(403);
    expect(refus.body.message).toBe(
      "Cet agrément n'est pas soumis au rapport annuel d'activité 2025.",
    );
  });
});

describe("an approval granted on 1 June 2024", () => {
  beforeAll(async () => {
    await portal.database.db
      .update(agrements)
      .set({ dateDebut: "2024-06-01", dateFin: "2029-05-31" })
      .where(eq(agrements.id, agrement.id));
  });

  it("owes the 2025 report: CREER offered, the perimeter's départements listed", async () => {
    const { body } = await lire<RapportAnnuel>(
      titulaire,
      `/agrement/${agrement.id}/rapport-annuel/2025`,
    );
    expect(body.etat).toBe("nonDepose");
    expect(body.actionsDisponibles).toEqual(["CREER_RAPPORT_ANNUEL"]);
    expect(body.departements).toEqual([
      { code: "75", nom: "Paris" },
      { code: "77", nom: "Seine-et-Marne" },
      { code: "78", nom: "Yvelines" },
      { code: "91", nom: "Essonne" },
      { code: "92", nom: "Hauts-de-Seine" },
      { code: "93", nom: "Seine-Saint-Denis" },
      { code: "94", nom: "Val-de-Marne" },
      { code: "95", nom: "Val-d'Oise" },
    ]);
  });

  it("another company's applicant gets 404, staff 403", async () => {
    expect((await lire(autreSociete, `/agrement/${agrement.id}/rapport-annuel/2025`)).status).toBe(
      404,
    );
    expect(
      (await agir(autreSociete, { action: "CREER_RAPPORT_ANNUEL", annee: "2025" })).status,
    ).toBe(404);
    const staff = await agir(equipe.superviseur, { action: "CREER_RAPPORT_ANNUEL", annee: "2025" });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe(
      "Cette action n'est pas disponible pour ce rapport annuel d'activité.",
    );
    const lu = await lire<RapportAnnuel>(
      equipe.superviseur,
      `/agrement/${agrement.id}/rapport-annuel/2025`,
    );
    expect(lu.status).toBe(200);
    expect(lu.body.actionsDisponibles).toEqual([]);
  });

  it("refuses a year not over yet and a missing action", async () => {
    const futur = await agir(titulaire, { action: "CREER_RAPPORT_ANNUEL", annee: "2026" });
    expect(futur.status).toBe(403);
    expect(futur.body.message).toBe(
      "Le rapport annuel d'activité 2026 ne peut être rempli qu'à partir du 1er janvier 2027.",
    );
    const sansAction = await agir(titulaire, { annee: "2025" });
    expect(sansAction.status).toBe(422);
    expect(sansAction.body.errors).toEqual({ action: ["Ce champ est requis"] });
    const sansAnnee = await agir(titulaire, { action: "CREER_RAPPORT_ANNUEL", annee: "25" });
    expect(sansAnnee.body.errors).toEqual({
      annee: ["Veuillez indiquer l'année du rapport (quatre chiffres)."],
    });
  });

  it("creates the report once; MODIFIER and DEPOSER are then offered", async () => {
    const cree = await agir(titulaire, { action: "CREER_RAPPORT_ANNUEL", annee: "2025" });
    expect(cree.status).toBe(200);
    expect(cree.body).toMatchObject({
      etat: "nonDepose",
      version: 1,
      etapesEnregistrees: [],
      actionsDisponibles: ["MODIFIER_RAPPORT_ANNUEL", "DEPOSER_RAPPORT_ANNUEL"],
    });
    const encore = await agir(titulaire, { action: "CREER_RAPPORT_ANNUEL", annee: "2025" });
    expect(encore.status).toBe(403);
    expect(encore.body.message).toBe("Le rapport annuel d'activité 2025 a déjà été créé.");
  });

  it("refuses a deposit before the three steps are saved", async () => {
    const depot = await agir(titulaire, { action: "DEPOSER_RAPPORT_ANNUEL", annee: "2025" });
    expect(depot.status).toBe(422);
    expect(depot.body.detail).toBe(
      [
        "Veuillez compléter l'étape 1 « Effectifs » avant de déposer le rapport.",
        "Veuillez compléter l'étape 2 « Activité » avant de déposer le rapport.",
        "Veuillez compléter l'étape 3 « Changements et documents » avant de déposer le rapport.",
      ].join("\n"),
    );
  });

  it("step 1: each bad input has its spec §5 message, by field", async () => {
    const modifier = { action: "MODIFIER_RAPPORT_ANNUEL", annee: "2025", etape: "1" };
    const cas: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { etpStructure: ["Ce champ est requis"], etpAccompagnement: ["Ce champ est requis"] }],
      [
        { etpStructure: "1000", etpAccompagnement: "7,555" },
        {
          etpStructure: ["La valeur doit être inférieure ou égale à 999"],
          etpAccompagnement: ["Le format n'est pas correct : deux décimales au plus."],
        },
      ],
      [
        { etpStructure: "sept", etpAccompagnement: "4" },
        { etpStructure: ["Le format n'est pas correct"] },
      ],
      [
        { etpStructure: "4", etpAccompagnement: "4,5" },
        {
          etpAccompagnement: [
            "Le nombre d'ETP dédiés à l'accompagnement ne peut pas dépasser le nombre d'ETP de la structure.",
          ],
        },
      ],
      [
        { etpStructure: "7,5", etpAccompagnement: "4", etpRealise_93: "1,5" },
        { etpPrevisionnel_93: ["Tous les champs doivent être remplis."] },
      ],
    ];
    for (const [champs, erreurs] of cas) {
      const reponse = await agir(titulaire, { ...modifier, ...champs });
      expect(reponse.status, JSON.stringify(champs)).toBe(422);
      expect(reponse.body.errors, JSON.stringify(champs)).toEqual(erreurs);
    }
    const sansEtape = await agir(titulaire, { action: "MODIFIER_RAPPORT_ANNUEL", annee: "2025" });
    expect(sansEtape.body.errors).toEqual({
      etape: ["Veuillez choisir une étape du rapport (1, 2 ou 3)."],
    });
  });

  it("step 1 saved: ETP read the French way, one line per filled département", async () => {
    const reponse = await agir(titulaire, {
      action: "MODIFIER_RAPPORT_ANNUEL",
      annee: "2025",
      version: "1",
      ...ETAPE1,
    });
    expect(reponse.status).toBe(200);
    expect(reponse.body.version).toBe(2);
    expect(reponse.body.etapesEnregistrees).toEqual([1]);
    expect(reponse.body.contenu.effectifs).toEqual({
      etpStructure: 7.5,
      etpAccompagnement: 4,
      departements: [{ code: "75", realise: 2.5, previsionnel: 3 }],
    });
    const perimee = await agir(titulaire, {
      action: "MODIFIER_RAPPORT_ANNUEL",
      annee: "2025",
      version: "1",
      ...ETAPE1,
    });
    expect(perimee.status).toBe(409);
    expect(perimee.body.message).toBe(
      "Ce rapport annuel d'activité a été modifié entre-temps. Rechargez la page pour voir son état actuel.",
    );
  });

  it("step 2: whole numbers, subcontracting counts required with 'oui'", async () => {
    const modifier = { action: "MODIFIER_RAPPORT_ANNUEL", annee: "2025" };
    const mauvais = await agir(titulaire, {
      ...modifier,
      ...ETAPE2,
      nbContratsSignes: "2,5",
      nbDossiersDeposes: "",
      nbSousTraitanceAudits: "",
      nbSousTraitanceMissionComplete: "",
    });
    expect(mauvais.status).toBe(422);
    expect(mauvais.body.errors).toEqual({
      nbContratsSignes: ["Veuillez saisir un nombre entier"],
      nbDossiersDeposes: ["Ce champ est requis"],
      nbSousTraitanceAudits: ["Ce champ est requis"],
      nbSousTraitanceMissionComplete: ["Ce champ est requis"],
    });
    const sansReponse = await agir(titulaire, { ...modifier, ...ETAPE2, sousTraitance: "" });
    expect(sansReponse.body.errors).toEqual({ sousTraitance: ["Ce champ est requis"] });
    const ok = await agir(titulaire, { ...modifier, ...ETAPE2 });
    expect(ok.status).toBe(200);
    expect(ok.body.contenu.activite).toEqual({
      nbContratsSignes: 12,
      nbContratsAbandonnes: 2,
      nbDossiersDeposes: 9,
      nbAccompagnementsPrevisionnels: 20,
      sousTraitance: true,
      nbSousTraitanceAudits: 3,
      nbSousTraitancePrestationsRenforcees: 1,
      nbSousTraitanceMissionComplete: 0,
    });
  });

  it("step 3: a 'oui' needs a document; files are typed from their bytes", async () => {
    const modifier = { action: "MODIFIER_RAPPORT_ANNUEL", annee: "2025", etape: "3" };
    const sansFichier = await agir(titulaire, {
      ...modifier,
      capitalModifie: "oui",
      gouvernanceModifiee: "",
    });
    expect(sansFichier.status).toBe(422);
    expect(sansFichier.body.errors).toEqual({
      raa_capital: ["Veuillez joindre au moins un fichier."],
      gouvernanceModifiee: ["Ce champ est requis"],
    });
    const faux = await agir(
      titulaire,
      { ...modifier, capitalModifie: "oui", gouvernanceModifiee: "non" },
      [{ champ: "raa_capital", nom: "statuts.pdf", contenu: fauxPdf() }],
    );
    expect(faux.status).toBe(422);
    expect(faux.body.errors).toEqual({
      raa_capital: [
        "Le type de fichier n'est pas autorisé. Formats acceptés : PDF, PNG, JPG, ZIP.",
      ],
    });
    const horsEtape = await agir(
      titulaire,
      { action: "MODIFIER_RAPPORT_ANNUEL", annee: "2025", ...ETAPE1 },
      [{ champ: "raa_capital", nom: "statuts.pdf", contenu: await petitPdf("Statuts") }],
    );
    expect(horsEtape.status).toBe(422);
    expect(horsEtape.body.errors).toEqual({
      raa_capital: ["Les documents se joignent à l'étape 3, dans la rubrique de leur question."],
    });
    const ok = await agir(
      titulaire,
      { ...modifier, capitalModifie: "oui", gouvernanceModifiee: "non" },
      [{ champ: "raa_capital", nom: "statuts 2025.pdf", contenu: await petitPdf("Statuts 2025") }],
    );
    expect(ok.status).toBe(200);
    expect(ok.body.contenu.changements).toEqual({
      capitalModifie: true,
      gouvernanceModifiee: false,
    });
    expect(ok.body.piecesJointes).toEqual([
      expect.objectContaining({
        nom: "statuts 2025.pdf",
        mimeType: "application/pdf",
        codeTypePJ: "raa_capital",
      }),
    ]);
    expect(ok.body.etapesEnregistrees).toEqual([1, 2, 3]);
  });

  it("31 March 2026 23:59 in Paris: the deposit is accepted", async () => {
    regler("2026-03-31T23:59", "+02:00");
    const depot = await agir(titulaire, { action: "DEPOSER_RAPPORT_ANNUEL", annee: "2025" });
    expect(depot.status).toBe(200);
    expect(depot.body).toMatchObject({
      etat: "depose",
      dateDepot: "2026-03-31T21:59:00.000Z",
      actionsDisponibles: ["MODIFIER_RAPPORT_ANNUEL"],
    });
    const encore = await agir(titulaire, { action: "DEPOSER_RAPPORT_ANNUEL", annee: "2025" });
    expect(encore.status).toBe(403);
    expect(encore.body.message).toBe("Le rapport annuel d'activité 2025 a déjà été déposé.");
  });

  it("a deposited report may change until 30 April 23:59, then is read-only", async () => {
    regler("2026-04-30T23:59", "+02:00");
    const modifie = await agir(titulaire, {
      action: "MODIFIER_RAPPORT_ANNUEL",
      annee: "2025",
      ...ETAPE2,
      nbContratsSignes: "13",
    });
    expect(modifie.status).toBe(200);
    expect(modifie.body.etat).toBe("depose");
    expect(modifie.body.contenu.activite?.nbContratsSignes).toBe(13);

    regler("2026-05-01T00:00", "+02:00");
    const lu = await lire<RapportAnnuel>(titulaire, `/agrement/${agrement.id}/rapport-annuel/2025`);
    expect(lu.body.actionsDisponibles).toEqual([]);
    const refus = await agir(titulaire, {
      action: "MODIFIER_RAPPORT_ANNUEL",
      annee: "2025",
      ...ETAPE2,
    });
    expect(refus.status).toBe(403);
    expect(refus.body.message).toBe(
      "La date limite de modification du rapport annuel d'activité 2025 est dépassée : il pouvait être modifié jusqu'au 30/04/2026 inclus.",
    );
  });

  it("1 April 2025 00:00 in Paris: the 2024 report can no longer be deposited", async () => {
    regler("2025-03-31T12:00", "+02:00");
    await remplir("2024");
    regler("2025-04-01T00:00", "+02:00");
    const lu = await lire<RapportAnnuel>(titulaire, `/agrement/${agrement.id}/rapport-annuel/2024`);
    expect(lu.body).toMatchObject({ etat: "nonDepose", actionsDisponibles: [] });
    const depot = await agir(titulaire, { action: "DEPOSER_RAPPORT_ANNUEL", annee: "2024" });
    expect(depot.status).toBe(403);
    expect(depot.body.message).toBe(
      "La date limite de dépôt du rapport annuel d'activité 2024 est dépassée : il devait être déposé au plus tard le 31/03/2025.",
    );
    regler("2026-05-01T00:00", "+02:00");
  });

  it("writes one history row per change", async () => {
    const { body } = await lire<RapportAnnuel>(
      titulaire,
      `/agrement/${agrement.id}/rapport-annuel/2025`,
    );
    const lignes = await portal.database.db
      .select()
      .from(historique)
      .where(
        and(eq(historique.ressourceType, "rapport-annuel"), eq(historique.ressourceId, body.id!)),
      )
      .orderBy(asc(historique.id));
    expect(
      lignes.map((ligne) => [ligne.action, ligne.etatAvant, ligne.etatApres, ligne.donnees]),
    ).toEqual([
      ["CREER_RAPPORT_ANNUEL", null, "nonDepose", { annee: 2025 }],
      ["MODIFIER_RAPPORT_ANNUEL", "nonDepose", "nonDepose", { annee: 2025, etape: 1 }],
      ["MODIFIER_RAPPORT_ANNUEL", "nonDepose", "nonDepose", { annee: 2025, etape: 2 }],
      [
        "MODIFIER_RAPPORT_ANNUEL",
        "nonDepose",
        "nonDepose",
        { annee: 2025, etape: 3, fichiersAjoutes: 1, fichiersSupprimes: 0 },
      ],
      ["DEPOSER_RAPPORT_ANNUEL", "nonDepose", "depose", { annee: 2025 }],
      ["MODIFIER_RAPPORT_ANNUEL", "depose", "depose", { annee: 2025, etape: 2 }],
    ]);
  });
});

describe("what staff read and download", () => {
  it("the synthesis PDF states the report as deposited", async () => {
    const pdf = await octets(
      equipe.superviseur,
      `/agrement/${agrement.id}/rapport-annuel/2025/synthese`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const texte = (await pdfEnTexte(pdf.octets)).replace(/\s+/g, " ");
    for (const attendu of [
      "Rapport annuel d'activité 2025",
      `Structure : ${marque} Rénovation`,
      "Année du rapport : 2025",
      "État : Déposé",
      "Déposé le : 31/03/2026",
      "Date limite de dépôt : 31/03/2026",
      "ETP de la structure au 31/12/2025 : 7,5",
      "ETP dédiés à l'accompagnement : 4",
      "Paris (75) : 2,5 ETP en 2025, 3 ETP prévus en 2026",
      "Contrats signés : 13",
      "Contrats abandonnés : 2",
      "Dossiers déposés : 9",
      "Accompagnements prévus en 2026 : 20",
      "Recours à la sous-traitance : Oui",
      "Audits sous-traités : 3",
      "Structure du capital modifiée : Oui",
      "Gouvernance modifiée : Non",
      "Modification de la structure du capital : statuts 2025.pdf",
    ])
      expect(texte).toContain(attendu);
  });

  it("the approval inside the request lists its stored reports, newest first", async () => {
    const { body } = await lire<{ agrement: Agrement }>(
      equipe.superviseur,
      `/demande/${agrement.demandeId}`,
    );
    expect(body.agrement.actionsDisponibles).toEqual([]);
    expect(body.agrement.rapportAnnuelActivites).toEqual([
      {
        annee: 2025,
        etat: "depose",
        dateDepot: "2026-03-31T21:59:00.000Z",
        enRetard: false,
        piecesJointes: [
          expect.objectContaining({ nom: "statuts 2025.pdf", codeTypePJ: "raa_capital" }),
        ],
      },
      { annee: 2024, etat: "nonDepose", dateDepot: null, enRetard: false, piecesJointes: [] },
    ]);
  });

  it("telechargement-raa: a ZIP of the synthesis and the documents", async () => {
    const zip = await octets(
      equipe.superviseur,
      `/agrement/${agrement.id}/telechargement-raa/2025`,
    );
    expect(zip.status).toBe(200);
    expect(zip.type).toBe("application/zip");
    expect(zip.disposition).toContain(`rapport-annuel-2025-${agrement.numeroAgrement}.zip`);
    const entrees = await lireZip(zip.octets);
    expect([...entrees.keys()]).toEqual([
      "synthese-rapport-annuel-2025.pdf",
      "raa_capital/statuts 2025.pdf",
    ]);
    expect(await pdfEnTexte(entrees.get("raa_capital/statuts 2025.pdf")!)).toContain(
      "Statuts 2025",
    );
    expect(
      (await octets(autreSociete, `/agrement/${agrement.id}/telechargement-raa/2025`)).status,
    ).toBe(404);
  });

  it("telechargement-raa by the report's id (spec §7 {year or id}): the same archive; an unknown id or another caller is 404", async () => {
    const [ligne] = await portal.database.db
      .select({ id: rapportsAnnuelsActivite.id })
      .from(rapportsAnnuelsActivite)
      .where(
        and(
          eq(rapportsAnnuelsActivite.agrementId, agrement.id),
          eq(rapportsAnnuelsActivite.annee, 2025),
        ),
      );
    const zip = await octets(
      equipe.superviseur,
      `/agrement/${agrement.id}/telechargement-raa/${ligne.id}`,
    );
    expect(zip.status).toBe(200);
    expect(zip.disposition).toContain(`rapport-annuel-2025-${agrement.numeroAgrement}.zip`);
    expect([...(await lireZip(zip.octets)).keys()]).toEqual([
      "synthese-rapport-annuel-2025.pdf",
      "raa_capital/statuts 2025.pdf",
    ]);
    // An id that names no report of this approval, and the report's id for a caller who cannot see it.
    expect(
      (
        await octets(
          equipe.superviseur,
          `/agrement/${agrement.id}/telechargement-raa/${randomUUID()}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await octets(autreSociete, `/agrement/${agrement.id}/telechargement-raa/${ligne.id}`))
        .status,
    ).toBe(404);
    expect(
      (await octets(equipe.superviseur, `/agrement/${agrement.id}/telechargement-raa/25`)).status,
    ).toBe(404);
  });

  it("the CSV export lists the approval's row for 2025 (depose) and 2024 (nonDepose)", async () => {
    const csv2025 = await octets(equipe.superviseur, "/rapport-annuels/export?annee=2025");
    expect(csv2025.status).toBe(200);
    expect(csv2025.type).toBe("text/csv; charset=utf-8");
    const texte = csv2025.octets.toString("utf8");
    expect(texte.startsWith("\uFEFFNuméro d'agrément;Raison sociale;SIREN;")).toBe(true);
    const ligne = texte.split("\r\n").find((l) => l.startsWith(agrement.numeroAgrement));
    expect(ligne).toContain(
      `;en_cours;75;Délégation locale de l'Anah – Paris;2025;depose;Déposé;31/03/2026 23:59;30/04/2026 23:59;7,5;4;75:2,5/3;13;2;9;20;Oui;3;1;0;Oui;Non;1`,
    );
    const csv2024 = (
      await octets(equipe.superviseur, "/rapport-annuels/export?annee=2024")
    ).octets.toString("utf8");
    const ligne2024 = csv2024.split("\r\n").find((l) => l.startsWith(agrement.numeroAgrement));
    expect(ligne2024).toContain(";2024;nonDepose;Non déposé;;");
    expect((await octets(titulaire, "/rapport-annuels/export?annee=2025")).status).toBe(403);
  });
});

describe("RAA_DATE_LIMITE_MODIFICATION", () => {
  it("is read at start-up, « 30 avril » by default, a wrong day refused", () => {
    const base = { NODE_ENV: "test" as const, DATA_DIR: portal.config.dataDir };
    expect(loadConfig(base).raaDateLimiteModification).toBe("30 avril");
    expect(
      loadConfig({ ...base, RAA_DATE_LIMITE_MODIFICATION: "15 mai" }).raaDateLimiteModification,
    ).toBe("15 mai");
    expect(() => loadConfig({ ...base, RAA_DATE_LIMITE_MODIFICATION: "31 juin" })).toThrow(
      "RAA_DATE_LIMITE_MODIFICATION: un jour de l'année, par exemple « 30 avril »",
    );
  });

  it("sets the last day of modification of the next year", () => {
    expect(
      echeancesRapport(2025, limiteModificationDe({ raaDateLimiteModification: "1er mai" })),
    ).toEqual({
      dateLimiteDepot: "2026-03-31",
      dateLimiteModification: "2026-05-01",
    });
    expect(
      echeancesRapport(2026, limiteModificationDe({ raaDateLimiteModification: "29 février" })),
    ).toEqual({
      dateLimiteDepot: "2027-03-31",
      dateLimiteModification: "2027-02-28",
    });
    expect(
      echeancesRapport(2027, limiteModificationDe({ raaDateLimiteModification: "30/06" })),
    ).toEqual({
      dateLimiteDepot: "2028-03-31",
      dateLimiteModification: "2028-06-30",
    });
  });
});

describe("who owes the report about a year (ADR 0017)", () => {
  const en2024 = { etat: "en_cours" as const, dateDebut: "2024-06-01", dateFin: "2029-05-31" };
  it.each([
    ["in force during 2025", en2024, 2025, null, "nonDepose"],
    [
      "granted on 31 December 2025",
      { ...en2024, dateDebut: "2025-12-31" },
      2025,
      null,
      "nonDepose",
    ],
    [
      "granted on 1 January 2026",
      { ...en2024, dateDebut: "2026-01-01" },
      2025,
      null,
      "nonApplicable",
    ],
    ["a year before 2024", { ...en2024, dateDebut: "2021-06-01" }, 2023, null, "nonApplicable"],
    [
      "expired on 31 December 2024",
      { ...en2024, dateFin: "2024-12-31" },
      2025,
      null,
      "nonApplicable",
    ],
    [
      "expired on 1 January 2025",
      { ...en2024, etat: "perime" as const, dateFin: "2025-01-01" },
      2025,
      null,
      "nonDepose",
    ],
    ["suspended", { ...en2024, etat: "suspendu" as const }, 2025, null, "nonDepose"],
    ["withdrawn", { ...en2024, etat: "retire" as const }, 2025, null, "nonApplicable"],
    [
      "withdrawn after depositing",
      { ...en2024, etat: "retire" as const },
      2025,
      { etat: "depose" as const },
      "depose",
    ],
  ])("%s → %s", (_cas, agrementLu, annee, rapport, attendu) => {
    expect(etatRapport(agrementLu, annee, rapport)).toBe(attendu);
  });

  it("offers each action only in its window", () => {
    const situation = {
      agrement: en2024,
      annee: 2025,
      rapport: null,
      titulaire: true,
      aujourdhui: "2026-01-01",
      limiteModification: { mois: 4, jour: 30 },
    };
    expect(actionsRapport(situation)).toEqual(["CREER_RAPPORT_ANNUEL"]);
    expect(actionsRapport({ ...situation, aujourdhui: "2025-12-31" })).toEqual([]);
    expect(actionsRapport({ ...situation, aujourdhui: "2026-04-01" })).toEqual([]);
    const cree = { ...situation, rapport: { etat: "nonDepose" as const } };
    expect(actionsRapport({ ...cree, aujourdhui: "2026-03-31" })).toEqual([
      "MODIFIER_RAPPORT_ANNUEL",
      "DEPOSER_RAPPORT_ANNUEL",
    ]);
    const depose = { ...situation, rapport: { etat: "depose" as const } };
    expect(actionsRapport({ ...depose, aujourdhui: "2026-04-30" })).toEqual([
      "MODIFIER_RAPPORT_ANNUEL",
    ]);
    expect(actionsRapport({ ...depose, aujourdhui: "2026-05-01" })).toEqual([]);
    expect(actionsRapport({ ...cree, titulaire: false })).toEqual([]);
  });
});
