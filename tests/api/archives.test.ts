/**
 * Archives of a request over HTTP (spec §7 GET /api/{kind}/{id}/download-all-pj
 * and /api/{kind}/{id}/dossier; spec §9 "request archive named by number and
 * date"; DESIGN §4, §7): ZIP contents and names read back with yauzl, who
 * may download what, and 404 for anyone else.
 */
import { hash } from "@node-rs/argon2";
import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import type { DemandeDetail, PieceJointe } from "../../contract/schemas/demande.ts";
import {
  avis,
  notes,
  piecesJointes,
  servicesInstructeur,
  societes,
  utilisateurs,
} from "../../api/db/schema.ts";
import {
  RUBRIQUES_OBLIGATOIRES,
  appelApi,
  creerDemandeDeposable,
  deposer,
} from "../helpers/demande-api.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { pdfEnTexte, petitPdf } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";
const marque = `Arc${randomUUID().slice(0, 8)}`;
/** 23:30 UTC on 1 March is already 2 March in Paris. */
const DEBUT = new Date("2026-03-01T23:30:00Z");

let portal: TestPortal;
let passwordHash: string;
const jetons: Record<string, string> = {};
let demande: DemandeDetail;
let brouillonId: string;
const octets: Record<string, Buffer> = {};

async function creerCompte(
  cle: string,
  valeurs: Partial<typeof utilisateurs.$inferInsert> & { roles: string[] },
): Promise<string> {
  const email = `${marque.toLowerCase()}-${cle.toLowerCase()}@exemple.fr`;
  const [row] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `${marque}-${cle}`,
      email,
      prenom: "Alix",
      nom: cle,
      passwordHash,
      ...valeurs,
    })
    .returning();
  jetons[cle] = (await loginAs(portal.baseUrl, email, PASSWORD)).accessToken;
  return row.id;
}

async function nouveauDemandeur(cle: string): Promise<void> {
  const [societe] = await portal.database.db
    .insert(societes)
    .values({
      siren: `6${String(randomInt(0, 100_000_000)).padStart(8, "0")}`,
      raisonSociale: `Archives ${cle} ${marque}`,
      qualites: ["qualityOp"],
    })
    .returning();
  await creerCompte(cle, { roles: ["demandeur"], societeId: societe.id });
}

/** Uploads `contenu` as `nom` into rubric `codeTypePJ` of request `id`. */
async function televerser(id: string, codeTypePJ: string, nom: string, contenu: Buffer) {
  const formulaire = new FormData();
  formulaire.set("codeTypePJ", codeTypePJ);
  formulaire.set("fichier", new Blob([new Uint8Array(contenu)], { type: "application/pdf" }), nom);
  const [piece] = await appelApi<PieceJointe[]>(
    portal.baseUrl,
    jetons.demandeur,
    "POST",
    `/demande/${id}/pj`,
    formulaire,
  );
  return piece;
}

/** Every entry of a ZIP: its name (as decoded by yauzl) → its bytes. */
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

async function telecharger(cle: string | null, chemin: string) {
  const response = await fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: cle ? { Authorization: `Bearer ${jetons[cle]}` } : {},
  });
  return { response, corps: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  portal = await startTestPortal();
  portal.horloge.regler(DEBUT);
  passwordHash = await hash(PASSWORD);
  const { db } = portal.database;
  const [marseille] = await db
    .select({ id: servicesInstructeur.id })
    .from(servicesInstructeur)
    .where(eq(servicesInstructeur.code, "DL-13"));
  await nouveauDemandeur("demandeur");
  await nouveauDemandeur("autreDemandeur");
  await creerCompte("instructeurMarseille", {
    roles: ["instructeur"],
    serviceInstructeurId: marseille.id,
  });
  jetons.instructeur = (
    await loginAs(portal.baseUrl, "instructeur@demo.anah.gouv.fr", PASSWORD)
  ).accessToken;

  // A draft (head office in Paris) with the required files, then files of
  // the same name in one rubric and an accented name, uploaded one minute apart.
  const brouillon = await creerDemandeDeposable(portal.baseUrl, jetons.demandeur);
  brouillonId = brouillon.id;
  octets.statuts = await petitPdf("Statuts, première version");
  octets.STATUTS = await petitPdf("Statuts, version signée");
  octets.fiscal = await petitPdf("Attestation de régularité fiscale");
  portal.horloge.avancer(60_000);
  await televerser(brouillonId, "info_generale", "statuts.pdf", octets.statuts);
  portal.horloge.avancer(60_000);
  await televerser(brouillonId, "info_generale", "STATUTS.pdf", octets.STATUTS);
  await televerser(brouillonId, "reg_fisc", "Attestation régularité.pdf", octets.fiscal);
}, 120_000);

afterAll(async () => {
  await portal?.close();
});

const fichiersRequis = () =>
  RUBRIQUES_OBLIGATOIRES.map((rubrique) => `${rubrique}/${rubrique}.pdf`);

describe("brouillon : les pièces jointes du demandeur", () => {
  it("download-all-pj : un dossier par rubrique, noms dédoublonnés, octets intacts", async () => {
    const { response, corps } = await telecharger(
      "demandeur",
      `/demande/${brouillonId}/download-all-pj`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="dossier.zip"');
    const entrees = await lireZip(corps);
    expect([...entrees.keys()].sort()).toEqual(
      [
        ...fichiersRequis(),
        "info_generale/statuts.pdf",
        "info_generale/STATUTS (2).pdf",
        "reg_fisc/Attestation régularité.pdf",
      ].sort(),
    );
    expect(entrees.get("info_generale/statuts.pdf")!.equals(octets.statuts)).toBe(true);
    expect(entrees.get("info_generale/STATUTS (2).pdf")!.equals(octets.STATUTS)).toBe(true);
    expect(entrees.get("reg_fisc/Attestation régularité.pdf")!.equals(octets.fiscal)).toBe(true);
  });

  it("dossier : nommé « brouillon » et daté du jour à Paris", async () => {
    const { response, corps } = await telecharger("demandeur", `/demande/${brouillonId}/dossier`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="brouillon_2026-03-02.zip"',
    );
    const entrees = await lireZip(corps);
    expect(entrees.has("historique.csv")).toBe(true);
    expect(entrees.has("recapitulatif.pdf")).toBe(true);
  });

  it("le personnel ne voit pas un brouillon : 404", async () => {
    const { response, corps } = await telecharger(
      "instructeur",
      `/demande/${brouillonId}/download-all-pj`,
    );
    expect(response.status).toBe(404);
    expect(JSON.parse(corps.toString("utf8"))).toEqual({ message: "Ressource introuvable" });
  });
});

describe("demande déposée", () => {
  beforeAll(async () => {
    portal.horloge.avancer(60_000);
    demande = await deposer(portal.baseUrl, jetons.demandeur, brouillonId);
  });

  it("download-all-pj est nommé par le numéro et comprend le récapitulatif du dépôt", async () => {
    const { response, corps } = await telecharger(
      "instructeur",
      `/demande/${demande.id}/download-all-pj`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="dossier.zip"');
    const noms = [...(await lireZip(corps)).keys()];
    expect(noms).toContain(`pj_recap_demande/recapitulatif-${demande.numeroDossier}.pdf`);
    expect(noms).toContain("info_generale/STATUTS (2).pdf");
  });

  it("dossier : historique.csv, récapitulatif actuel et pièces, nommé numéro_date", async () => {
    const { response, corps } = await telecharger("instructeur", `/demande/${demande.id}/dossier`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${demande.numeroDossier}_2026-03-02.zip"`,
    );
    const entrees = await lireZip(corps);
    expect([...entrees.keys()]).toEqual(
      expect.arrayContaining([
        "historique.csv",
        "recapitulatif.pdf",
        ...fichiersRequis(),
        `pj_recap_demande/recapitulatif-${demande.numeroDossier}.pdf`,
      ]),
    );
    const historiqueCsv = entrees.get("historique.csv")!;
    expect([...historiqueCsv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lignes = historiqueCsv.subarray(3).toString("utf8").split("\r\n");
    expect(lignes[0]).toBe("Date;Action;État avant;État après;Auteur;Rôle;Commentaire");
    // Deposited at 23:33 UTC on 1 March: 00:33 on 2 March in Paris.
    expect(lignes).toContain(
      "02/03/2026 00:33;Déposer la demande;Brouillon;Déposée;Alix demandeur;Demandeur;",
    );
    const recap = await pdfEnTexte(entrees.get("recapitulatif.pdf")!);
    expect(recap).toContain("Récapitulatif de la demande d'agrément");
    expect(recap).toContain(demande.numeroDossier!);
  });

  it("le demandeur télécharge aussi son dossier", async () => {
    const { response } = await telecharger("demandeur", `/demande/${demande.id}/dossier`);
    expect(response.status).toBe(200);
  });

  it("les fichiers internes (notes, avis avant décision) ne vont qu'au personnel", async () => {
    // Notes and opinions are written by their own handlers; rows inserted
    // directly here, to test what the archive lets through.
    const { db } = portal.database;
    const [modele] = await db
      .select()
      .from(piecesJointes)
      .where(eq(piecesJointes.ressourceId, demande.id))
      .limit(1);
    const piece = async (rubrique: string, nom: string) =>
      (
        await db
          .insert(piecesJointes)
          .values({ ...modele, id: undefined, rubrique, nom, dateCreation: portal.horloge.now() })
          .returning()
      )[0];
    const note = await piece("note", "note-interne.pdf");
    await db.insert(notes).values({
      ressourceType: "demande",
      ressourceId: demande.id,
      texte: "Vérifier les statuts.",
      pieceJointeId: note.id,
    });
    const avisCrhh = await piece("pj_avis", "avis-crhh.pdf");
    await db.insert(avis).values({
      ressourceType: "demande",
      ressourceId: demande.id,
      typeAvis: "avis_crhh",
      valeur: "FAVORABLE",
      pieceJointeId: avisCrhh.id,
    });
    const decision = await piece("pj_avis_decideur", "decision.pdf");
    await db.insert(avis).values({
      ressourceType: "demande",
      ressourceId: demande.id,
      typeAvis: "avis_decideur",
      valeur: "AGREMENT_VALIDE",
      pieceJointeId: decision.id,
    });
    const personnel = [
      ...(
        await lireZip(
          (await telecharger("instructeur", `/demande/${demande.id}/download-all-pj`)).corps,
        )
      ).keys(),
    ];
    expect(personnel).toEqual(
      expect.arrayContaining([
        "note/note-interne.pdf",
        "pj_avis/avis-crhh.pdf",
        "pj_avis_decideur/decision.pdf",
      ]),
    );
    const demandeur = [
      ...(
        await lireZip((await telecharger("demandeur", `/demande/${demande.id}/dossier`)).corps)
      ).keys(),
    ];
    expect(demandeur).toContain("pj_avis_decideur/decision.pdf");
    expect(demandeur).not.toContain("note/note-interne.pdf");
    expect(demandeur).not.toContain("pj_avis/avis-crhh.pdf");
  });

  it("404 pour un autre service, une autre société, un id inconnu ou mal formé, un autre type", async () => {
    const cas: [string, string][] = [
      ["instructeurMarseille", `/demande/${demande.id}/download-all-pj`],
      ["instructeurMarseille", `/demande/${demande.id}/dossier`],
      ["autreDemandeur", `/demande/${demande.id}/dossier`],
      ["instructeur", `/demande/${randomUUID()}/dossier`],
      ["instructeur", "/demande/pas-un-uuid/download-all-pj"],
      ["instructeur", `/changement-notable/${demande.id}/dossier`],
      ["instructeur", `/agrement/${demande.id}/dossier`],
    ];
    for (const [cle, chemin] of cas) {
      const { response } = await telecharger(cle, chemin);
      expect({ chemin, cle, status: response.status }).toEqual({ chemin, cle, status: 404 });
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });

  it("un fichier illisible coupe le téléchargement plutôt que d'envoyer une archive incomplète", async () => {
    const { db } = portal.database;
    const [modele] = await db
      .select()
      .from(piecesJointes)
      .where(eq(piecesJointes.ressourceId, demande.id))
      .limit(1);
    // A row whose bytes are not in the store (a storage fault, not a user mistake).
    const [perdue] = await db
      .insert(piecesJointes)
      .values({
        ...modele,
        id: undefined,
        rubrique: "pj_compl",
        nom: "perdue.pdf",
        cle: "0".repeat(64),
      })
      .returning();
    try {
      // Cut before or after the headers, depending on how much was ready to send: never whole.
      const telechargement = fetch(`${portal.baseUrl}/api/demande/${demande.id}/download-all-pj`, {
        headers: { Authorization: `Bearer ${jetons.instructeur}` },
      }).then((response) => response.arrayBuffer());
      await expect(telechargement).rejects.toThrow();
    } finally {
      await db.delete(piecesJointes).where(eq(piecesJointes.id, perdue.id));
    }
  });

  it("sans jeton : 401", async () => {
    const { response } = await telecharger(null, `/demande/${demande.id}/dossier`);
    expect(response.status).toBe(401);
  });

  it("la date du nom suit l'horloge, en Europe/Paris", async () => {
    portal.horloge.regler(new Date("2026-07-14T21:59:00Z"));
    const { response } = await telecharger("instructeur", `/demande/${demande.id}/dossier`);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${demande.numeroDossier}_2026-07-14.zip"`,
    );
    portal.horloge.regler(new Date("2026-07-14T22:01:00Z"));
    const apres = await telecharger("instructeur", `/demande/${demande.id}/dossier`);
    expect(apres.response.headers.get("content-disposition")).toBe(
      `attachment; filename="${demande.numeroDossier}_2026-07-15.zip"`,
    );
  });
});
