/**
 * The antivirus for real (ADR 0030): a
 * clamd of the test's own (tests/helpers/clamd.ts, Debian's clamav-daemon
 * with the EICAR test signature of tests/fixtures/clamav) scans the uploads
 * of a portal started with CLAMAV_HOST. An upload never waits for clamd; the
 * scan job (called here as the jobs runner calls it) gives the verdict;
 * nobody downloads a file before it is found clean; an infected file stays
 * out of the archive, is written in the history and mailed to its
 * uploader; a file uploaded while clamd is down is scanned once it is back.
 * ZIPs beyond 1,000 entries or 10 times their size are refused.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { analyserPiecesEnAttente, TACHE_ANTIVIRUS } from "../../api/domain/analyse-antivirus.ts";
import { historique, piecesJointes, travauxApresValidation } from "../../api/db/schema.ts";
import { tachesDuPortail } from "../../api/jobs/taches.ts";
import type { PieceJointe } from "../../contract/schemas/demande.ts";
import { createLogger } from "../../server/logger.ts";
import { ETAPE1_VALIDE, pdfMinimal } from "../helpers/demande-api.ts";
import { EICAR, SIGNATURE_EICAR, demarrerClamd, type ClamdDeTest } from "../helpers/clamd.ts";
import { fabriqueDemandeurs, type DemandeurEnBase } from "../helpers/demandeur-en-base.ts";
import { petitZip } from "../helpers/pdf.ts";
import { construireZip } from "../helpers/zip.ts";
import { freePort, startTestPortal, type TestPortal } from "../helpers/portal.ts";

const marque = `Av${randomUUID().slice(0, 8)}`;
let portal: TestPortal;
let clamd: ClamdDeTest;
let demandeur: DemandeurEnBase;
const nouveauDemandeur = fabriqueDemandeurs(() => portal, {
  marque,
  prefixeSiren: "7",
  motDePasse: "Anah-Demo-2026!",
});

/** The scan job, as the jobs runner runs it (pg-boss queue `antivirus-analyse`). */
const analyser = () =>
  analyserPiecesEnAttente({
    config: portal.config,
    database: portal.database,
    horloge: portal.horloge,
    logger: createLogger("silent"),
  });

/** A draft of a new applicant (one draft each), who becomes `demandeur`. */
async function creerBrouillon(): Promise<string> {
  demandeur = await nouveauDemandeur();
  const response = await fetch(`${portal.baseUrl}/api/demande`, {
    method: "POST",
    headers: { Authorization: `Bearer ${demandeur.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(ETAPE1_VALIDE),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** POST /api/demande/{id}/pj of one file; the raw answer. */
async function televerser(id: string, nom: string, contenu: Buffer, rubrique = "info_generale") {
  const formulaire = new FormData();
  formulaire.set("codeTypePJ", rubrique);
  formulaire.set("fichier", new Blob([new Uint8Array(contenu)]), nom);
  return fetch(`${portal.baseUrl}/api/demande/${id}/pj`, {
    method: "POST",
    headers: { Authorization: `Bearer ${demandeur.token}` },
    body: formulaire,
  });
}

async function deposerUn(id: string, nom: string, contenu: Buffer): Promise<PieceJointe> {
  const response = await televerser(id, nom, contenu);
  expect(response.status).toBe(201);
  const [piece] = (await response.json()) as PieceJointe[];
  return piece;
}

function telecharger(chemin: string) {
  return fetch(`${portal.baseUrl}/api${chemin}`, {
    headers: { Authorization: `Bearer ${demandeur.token}` },
  });
}

/** The files of a draft as step 3 lists them (GET /api/demande/{id}/procedure). */
async function piecesDuBrouillon(id: string): Promise<PieceJointe[]> {
  const procedure = (await (await telecharger(`/demande/${id}/procedure`)).json()) as {
    rubriques: { piecesJointes: PieceJointe[] }[];
  };
  return procedure.rubriques.flatMap((rubrique) => rubrique.piecesJointes);
}

async function etatDe(id: string) {
  const [row] = await portal.database.db
    .select()
    .from(piecesJointes)
    .where(eq(piecesJointes.id, id));
  return row;
}

/** The entry names of a ZIP. */
function nomsZip(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (erreur, archive) => {
      if (erreur || !archive) return reject(erreur);
      const noms: string[] = [];
      archive.on("entry", (entree: yauzl.Entry) => {
        noms.push(entree.fileName);
        archive.readEntry();
      });
      archive.on("end", () => resolve(noms));
      archive.on("error", reject);
      archive.readEntry();
    });
  });
}

/** A ZIP of `entrees`, deflated (method 8). */
const zipDeflate = (entrees: { nom: string; contenu: Buffer }[]) => construireZip(entrees);

beforeAll(async () => {
  clamd = await demarrerClamd(await freePort());
  portal = await startTestPortal({ CLAMAV_HOST: "127.0.0.1", CLAMAV_PORT: String(clamd.port) });
});

afterAll(async () => {
  await portal?.close();
  await clamd?.fermer();
});

describe("uploads scanned by clamd", () => {
  it("a real PDF is stored en_attente, refused with 409 until the job finds it sain, then served", async () => {
    const id = await creerBrouillon();
    const pdf = await pdfMinimal("Statuts de la structure");
    const piece = await deposerUn(id, "statuts.pdf", pdf);
    expect(piece.etatAntivirus).toBe("en_attente");
    expect((await etatDe(piece.id)).etatAntivirus).toBe("en_attente");

    const attente = await telecharger(`/piece-jointe/${piece.id}`);
    expect(attente.status).toBe(409);
    expect(attente.headers.get("retry-after")).toBe("60");
    expect(await attente.json()).toEqual({
      message:
        "Analyse antivirus en cours : ce fichier pourra être ouvert dès qu'il aura été reconnu sain. " +
        "Réessayez dans quelques minutes.",
    });
    // Step 3 lists it with its state, so that the page shows no link yet.
    expect(await piecesDuBrouillon(id)).toEqual([
      expect.objectContaining({ id: piece.id, etatAntivirus: "en_attente" }),
    ]);

    expect(await analyser()).toBe(1);
    const row = await etatDe(piece.id);
    expect(row.etatAntivirus).toBe("sain");
    expect(row.resultatAntivirus).toBe("OK");
    expect(row.dateAnalyseAntivirus).toBeInstanceOf(Date);

    const servi = await telecharger(`/piece-jointe/${piece.id}`);
    expect(servi.status).toBe(200);
    expect(Buffer.from(await servi.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await piecesDuBrouillon(id))[0]).not.toHaveProperty("etatAntivirus");
    // Idempotent: a second run finds nothing to do.
    expect(await analyser()).toBe(0);
  });

  it("the EICAR file is found infecte: never downloaded, left out of the ZIP, in the history, mailed to its uploader", async () => {
    const id = await creerBrouillon();
    const sain = await deposerUn(id, "kbis.pdf", await pdfMinimal("Extrait Kbis"));
    const virus = await deposerUn(id, "pieces.zip", petitZip("eicar.com", EICAR));
    expect(virus.etatAntivirus).toBe("en_attente");

    // Pending: the archive holds neither (only clean or unscanned files go in).
    const avant = await telecharger(`/demande/${id}/download-all-pj`);
    expect(avant.status).toBe(200);
    expect(await nomsZip(Buffer.from(await avant.arrayBuffer()))).toEqual([]);

    expect(await analyser()).toBe(2);
    const row = await etatDe(virus.id);
    expect(row.etatAntivirus).toBe("infecte");
    expect(row.resultatAntivirus).toBe(SIGNATURE_EICAR);
    expect((await etatDe(sain.id)).etatAntivirus).toBe("sain");

    const refus = await telecharger(`/piece-jointe/${virus.id}`);
    expect(refus.status).toBe(409);
    expect(await refus.json()).toEqual({
      message:
        "Ce fichier ne peut pas être ouvert : l'antivirus y a détecté un virus. " +
        "Il est exclu des archives et des exports.",
    });
    const archive = await telecharger(`/demande/${id}/download-all-pj`);
    expect(await nomsZip(Buffer.from(await archive.arrayBuffer()))).toEqual([
      "info_generale/kbis.pdf",
    ]);
    const dossier = await telecharger(`/demande/${id}/dossier`);
    expect(dossier.status).toBe(200);
    expect(await nomsZip(Buffer.from(await dossier.arrayBuffer()))).not.toContain(
      "info_generale/pieces.zip",
    );
    const listees = await piecesDuBrouillon(id);
    expect(listees.find((piece) => piece.id === virus.id)?.etatAntivirus).toBe("infecte");

    // Staff's history of the request: one row, written by the system.
    const lignes = await portal.database.db
      .select()
      .from(historique)
      .where(and(eq(historique.ressourceId, id), eq(historique.action, "FICHIER_INFECTE")));
    expect(lignes).toHaveLength(1);
    expect(lignes[0]).toMatchObject({
      ressourceType: "demande",
      acteurRole: "systeme",
      commentaire:
        "Fichier « pieces.zip » bloqué par l'antivirus (Eicar-Test-Signature.UNOFFICIAL) : " +
        "il ne peut pas être ouvert et reste hors des archives et des exports.",
    });
    // The uploader's mail, planned in the outbox with the verdict.
    const [courriel] = await portal.database.db
      .select()
      .from(travauxApresValidation)
      .where(eq(travauxApresValidation.cle, `antivirus:${virus.id}`));
    const message = courriel.donnees.message as { to: string; subject: string; text: string };
    expect(courriel.type).toBe("courriel");
    expect(message.to).toBe(demandeur.email);
    expect(message.subject).toBe("Fichier bloqué par l'antivirus");
    expect(message.text).toContain(
      "Le fichier « pieces.zip » que vous avez déposé sur le portail a été bloqué : l'antivirus y a détecté un virus.",
    );
    // Done once: another run neither scans it again nor writes a second row.
    expect(await analyser()).toBe(0);
  });

  it("clamd down: the upload succeeds, the file stays en_attente and cannot be opened; clamd back: it becomes sain", async () => {
    const id = await creerBrouillon();
    await clamd.fermer();
    const pdf = await pdfMinimal("Bilan 2025");
    const piece = await deposerUn(id, "bilan.pdf", pdf);

    expect(await analyser()).toBe(0);
    expect((await etatDe(piece.id)).etatAntivirus).toBe("en_attente");
    expect((await telecharger(`/piece-jointe/${piece.id}`)).status).toBe(409);

    clamd = await demarrerClamd(clamd.port);
    expect(await analyser()).toBe(1);
    expect((await etatDe(piece.id)).etatAntivirus).toBe("sain");
    expect((await telecharger(`/piece-jointe/${piece.id}`)).status).toBe(200);
  });

  it("a file clamd cannot scan becomes erreur, stays closed, and is scanned again by the next run", async () => {
    const id = await creerBrouillon();
    const piece = await deposerUn(id, "organigramme.pdf", await pdfMinimal("Organigramme"));
    // An answer without a verdict (e.g. clamd's own fault): the file is marked erreur.
    const enPanne = await analyserPiecesEnAttente({
      config: portal.config,
      database: portal.database,
      horloge: portal.horloge,
      logger: createLogger("silent"),
      analyseur: {
        async analyser(flux) {
          flux.destroy();
          throw new Error("INSTREAM size limit exceeded. ERROR");
        },
      },
    });
    expect(enPanne).toBe(1);
    expect(await etatDe(piece.id)).toMatchObject({
      etatAntivirus: "erreur",
      resultatAntivirus: "INSTREAM size limit exceeded. ERROR",
    });
    expect((await telecharger(`/piece-jointe/${piece.id}`)).status).toBe(409);

    expect(await analyser()).toBe(1);
    expect((await etatDe(piece.id)).etatAntivirus).toBe("sain");
  });

  it("the scan job runs every minute, and only when CLAMAV_HOST is set", () => {
    const taches = tachesDuPortail({
      sessionsExpirees: async () => undefined,
      donneesOidcExpirees: async () => 0,
    });
    const tache = taches.find((candidate) => candidate.nom === TACHE_ANTIVIRUS);
    expect(tache?.cron).toBe("* * * * *");
    expect(tache?.active?.(portal.config)).toBe(true);
    expect(tache?.active?.({ ...portal.config, clamav: undefined })).toBe(false);
  });
});

describe("ZIP uploads", () => {
  it("refuses a ZIP of more than 1,000 entries, in French, and adds nothing", async () => {
    const id = await creerBrouillon();
    const entrees = Array.from({ length: 1001 }, (_, rang) => ({
      nom: `f${rang}.txt`,
      contenu: Buffer.from("x"),
    }));
    const response = await televerser(id, "beaucoup.zip", zipDeflate(entrees));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: {
        fichier: ["Cette archive ZIP est refusée : elle contient plus de 1\u00a0000 fichiers."],
      },
    });
    const rows = await portal.database.db
      .select()
      .from(piecesJointes)
      .where(eq(piecesJointes.ressourceId, id));
    expect(rows).toEqual([]);
  });

  it("refuses a ZIP that expands beyond 10 times its size", async () => {
    const id = await creerBrouillon();
    // 1 Mio of zeros deflates to about 1 Kio.
    const bombe = zipDeflate([{ nom: "zeros.bin", contenu: Buffer.alloc(1024 * 1024) }]);
    const response = await televerser(id, "bombe.zip", bombe);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      errors: {
        fichier: [
          "Cette archive ZIP est refusée : une fois décompressée, elle ferait plus de 10 fois sa taille.",
        ],
      },
    });
  });

  it("accepts 1,000 entries within 10 times its size", async () => {
    const id = await creerBrouillon();
    const entrees = Array.from({ length: 1000 }, (_, rang) => ({
      nom: `f${rang}.txt`,
      contenu: Buffer.from("x"),
    }));
    expect((await televerser(id, "mille.zip", zipDeflate(entrees))).status).toBe(201);
  });
});

describe("the pg-boss job of a portal running its jobs", () => {
  it("scans an upload without anyone calling it: woken by the upload, the file becomes sain", async () => {
    const avecTaches = await startTestPortal({
      JOBS: "true",
      CLAMAV_HOST: "127.0.0.1",
      CLAMAV_PORT: String(clamd.port),
    });
    const principal = portal;
    try {
      portal = avecTaches;
      const id = await creerBrouillon();
      const piece = await deposerUn(id, "statuts.pdf", await pdfMinimal("Statuts"));
      expect(piece.etatAntivirus).toBe("en_attente");
      // The wake-up queues the job at once; pg-boss polls every 10 s.
      await expect
        .poll(async () => (await etatDe(piece.id)).etatAntivirus, { timeout: 120_000 })
        .toBe("sain");
      expect((await telecharger(`/piece-jointe/${piece.id}`)).status).toBe(200);
    } finally {
      portal = principal;
      await avecTaches.close();
    }
  }, 240_000);
});
