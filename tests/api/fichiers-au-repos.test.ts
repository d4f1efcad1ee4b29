/**
 * Data at rest: DATA_DIR readable by the portal's
 * account only, names of attachments that cannot lie, stored files checked
 * against their hash when read, temporary files swept at start, uploads
 * streamed to the store.
 */
import { createHash, randomUUID } from "node:crypto";
import { watch } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client.ts";
import { demandes, piecesJointes, servicesInstructeur, societes } from "../../api/db/schema.ts";
import { SOCIETE_DEMO } from "../../api/db/seed/demo.ts";
import { createFileStore } from "../../api/files/store.ts";
import { MESSAGE_FICHIER_INDISPONIBLE } from "../../api/http/routes/pieces-jointes.ts";
import { createPortal } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { PNG, petitPdf } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Anah-Demo-2026!";

/** Every file and folder under `dossier` (itself included) with its permission bits. */
async function droits(dossier: string): Promise<{ chemin: string; mode: number }[]> {
  const resultat = [{ chemin: dossier, mode: (await lstat(dossier)).mode & 0o7777 }];
  for (const nom of await readdir(dossier, { recursive: true })) {
    const chemin = join(dossier, nom);
    const infos = await lstat(chemin);
    if (!infos.isSymbolicLink()) resultat.push({ chemin, mode: infos.mode & 0o7777 });
  }
  return resultat;
}

/** Entries readable, writable or searchable by group or others. */
const ouvertsAuxAutres = (entrees: { chemin: string; mode: number }[]) =>
  entrees
    .filter(({ mode }) => (mode & 0o077) !== 0)
    .map(({ chemin, mode }) => ({
      chemin,
      mode: mode.toString(8),
    }));

/** RFC 5987 value-chars of `texte` (what `filename*=UTF-8''…` carries). */
const rfc5987 = (texte: string) =>
  encodeURIComponent(texte).replace(
    /['()*]/g,
    (caractere) => `%${caractere.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** A logger writing into `lignes` (parsed JSON), for assertions on the start-up log. */
function loggerCapture(lignes: Record<string, unknown>[]) {
  return createLogger(
    "info",
    new Writable({
      write(morceau: Buffer, _encodage, suite) {
        for (const ligne of morceau.toString("utf8").split("\n").filter(Boolean))
          lignes.push(JSON.parse(ligne) as Record<string, unknown>);
        suite();
      },
    }),
  );
}

describe("DATA_DIR readable by the portal's account only (item 4)", () => {
  it("creates nothing readable by group or others on a fresh DATA_DIR (PGlite on disk)", async () => {
    const parent = await mkdtemp(join(tmpdir(), "portail-mar-repos-"));
    const dataDir = join(parent, "data");
    // The usual umask of a shell or a service manager: what the portal starts under.
    const umaskAvant = process.umask(0o022);
    try {
      const config = loadConfig({
        NODE_ENV: "test",
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DEMO_DATA: "false",
        LOG_LEVEL: "silent",
        JOBS: "false",
      });
      const portal = await createPortal(config, createLogger("silent"), { remix: false });
      try {
        expect(portal.database.kind).toBe("pglite");
        // The other writers of DATA_DIR: the mail outbox and the file store.
        await portal.mailer.envoyer({
          to: "personne@exemple.fr",
          subject: "Essai",
          text: "Lien : http://localhost/confirmation?token=secret",
          html: "<p>Essai</p>",
        });
        await createFileStore({ dataDir }).enregistrer(await petitPdf(`repos ${randomUUID()}`));
      } finally {
        await portal.close();
      }
      const entrees = await droits(dataDir);
      expect(entrees.some(({ chemin }) => chemin.includes(join("data", "pglite")))).toBe(true);
      expect(entrees.some(({ chemin }) => chemin.includes(join("data", "outbox")))).toBe(true);
      expect(entrees.some(({ chemin }) => chemin.includes(join("data", "files")))).toBe(true);
      expect(ouvertsAuxAutres(entrees)).toEqual([]);
      expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(umaskAvant);
      await rm(parent, { recursive: true, force: true });
    }
    // Creating PGlite's database on disk takes a while on a busy machine.
  }, 120_000);

  it("restricts an existing DATA_DIR of 644 files and 755 folders at start, and says how many", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-repos-"));
    const lignes: Record<string, unknown>[] = [];
    const database = await openDatabase({ dataDir: ":memory:", databaseUrl: undefined });
    try {
      const ouverts = [
        join(dataDir, "outbox"),
        join(dataDir, "outbox", "ancien.eml"),
        join(dataDir, "files"),
        join(dataDir, "files", "ab"),
        join(dataDir, "files", "ab", "ab".padEnd(64, "0")),
        join(dataDir, "pglite"),
        join(dataDir, "pglite", "base"),
        join(dataDir, "pglite", "base", "1234"),
      ];
      for (const chemin of ouverts)
        if (/\.eml$|[0-9]$/.test(chemin)) await writeFile(chemin, "données");
        else await mkdir(chemin, { recursive: true });
      for (const chemin of ouverts)
        await chmod(chemin, /\.eml$|[0-9]$/.test(chemin) ? 0o644 : 0o755);
      await chmod(dataDir, 0o755);

      const config = loadConfig({
        NODE_ENV: "test",
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DEMO_DATA: "false",
        JOBS: "false",
      });
      const portal = await createPortal(config, loggerCapture(lignes), {
        remix: false,
        database,
      });
      await portal.close();

      expect(ouvertsAuxAutres(await droits(dataDir))).toEqual([]);
      expect((await lstat(join(dataDir, "outbox", "ancien.eml"))).mode & 0o777).toBe(0o600);
      expect((await lstat(join(dataDir, "files", "ab"))).mode & 0o777).toBe(0o700);
      // DATA_DIR itself and the eight entries above.
      expect(lignes).toContainEqual(
        expect.objectContaining({ level: 40, dataDir, corriges: ouverts.length + 1 }),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("stored files (items 12, 13)", () => {
  let portal: TestPortal;
  let demandeur: string;
  let demandeId: string;

  beforeAll(async () => {
    portal = await startTestPortal({ UPLOAD_MAX_MO: "3" });
    const { db } = portal.database;
    const [{ id: societeId }] = await db
      .select({ id: societes.id })
      .from(societes)
      .where(eq(societes.siren, SOCIETE_DEMO.siren));
    const [{ id: serviceId }] = await db
      .select({ id: servicesInstructeur.id })
      .from(servicesInstructeur)
      .where(eq(servicesInstructeur.code, "DL-75"));
    const [demande] = await db
      .insert(demandes)
      .values({
        societeId,
        etat: "brouillon",
        raisonSociale: SOCIETE_DEMO.raisonSociale,
        codeDepartement: "75",
        codeRegion: "11",
        serviceInstructeurId: serviceId,
      })
      .returning();
    demandeId = demande.id;
    demandeur = (await loginAs(portal.baseUrl, "demandeur@demo.anah.gouv.fr", PASSWORD))
      .accessToken;
  });

  afterAll(async () => {
    await portal?.close();
  });

  /** POST /api/demande/{id}/pj of one file `nom` with `contenu`. */
  async function deposer(nom: string, contenu: Buffer, codeTypePJ = "info_generale") {
    const form = new FormData();
    form.append("codeTypePJ", codeTypePJ);
    form.append("fichier", new Blob([new Uint8Array(contenu)]), nom);
    const response = await fetch(`${portal.baseUrl}/api/demande/${demandeId}/pj`, {
      method: "POST",
      headers: { Authorization: `Bearer ${demandeur}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  const telecharger = (id: string) =>
    fetch(`${portal.baseUrl}/api/piece-jointe/${id}`, {
      headers: { Authorization: `Bearer ${demandeur}` },
    });

  /** Where the store keeps the bytes of attachment `id`. */
  async function cheminStocke(id: string): Promise<string> {
    const [piece] = await portal.database.db
      .select({ cle: piecesJointes.cle })
      .from(piecesJointes)
      .where(eq(piecesJointes.id, id));
    return join(portal.config.dataDir, "files", piece.cle.slice(0, 2), piece.cle);
  }

  it("stores and sends a name with the extension of the bytes' type, without bidi controls", async () => {
    const pdf = await petitPdf(`Facture ${randomUUID()}`);
    const cas = [
      // Shown as "factureexe.pdf" by the right-to-left override: really an ".exe".
      { nom: "facture\u202Efdp.exe", contenu: pdf, attendu: "facturefdp.pdf" },
      { nom: "photo d'identité.pdf", contenu: PNG, attendu: "photo d'identité.png" },
      {
        nom: `..\\..\\Relevé\u200B ${"é".repeat(300)}.exe`,
        contenu: pdf,
        // 150 characters: "Relevé " (7), 139 "é", ".pdf".
        attendu: `Relevé ${"é".repeat(139)}.pdf`,
      },
    ];
    for (const { nom, contenu, attendu } of cas) {
      const { status, body } = await deposer(nom, contenu);
      expect(status).toBe(201);
      const [piece] = body as { id: string; nom: string }[];
      expect(piece.nom).toBe(attendu);
      const [row] = await portal.database.db
        .select({ nom: piecesJointes.nom })
        .from(piecesJointes)
        .where(eq(piecesJointes.id, piece.id));
      expect(row.nom).toBe(attendu);

      const response = await telecharger(piece.id);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const disposition = response.headers.get("content-disposition") ?? "";
      if (/^[\x20-\x7E]+$/.test(attendu))
        // A plain name needs no filename* (content-disposition quotes it only if it must).
        expect([`attachment; filename="${attendu}"`, `attachment; filename=${attendu}`]).toContain(
          disposition,
        );
      else {
        // RFC 6266 / 5987: the UTF-8 name, and an ASCII fallback with the same extension.
        expect(disposition).toContain(`filename*=UTF-8''${rfc5987(attendu)}`);
        const repli = /filename="([^"]*)"/.exec(disposition)?.[1] ?? "";
        expect(repli).toMatch(/^[\x20-\x7E]+$/);
        expect(repli.endsWith(attendu.slice(attendu.lastIndexOf(".")))).toBe(true);
      }
      expect(disposition).not.toMatch(/%E2%80%AE|%E2%80%8B|\.exe/i);
      expect(Buffer.from(await response.arrayBuffer()).equals(contenu)).toBe(true);
    }
  });

  it("refuses a stored file whose bytes were altered or truncated on disk, and sends none of them", async () => {
    const contenu = await petitPdf(`Statuts ${randomUUID()} ${"x".repeat(2000)}`);
    const { status, body } = await deposer("Statuts.pdf", contenu);
    expect(status).toBe(201);
    const [{ id }] = body as { id: string }[];
    const chemin = await cheminStocke(id);
    expect((await telecharger(id)).status).toBe(200);

    // Bit rot: same size, other bytes.
    const altere = Buffer.from(contenu);
    altere.write("ALTERE", 40, "latin1");
    await writeFile(chemin, altere);
    const response = await telecharger(id);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: MESSAGE_FICHIER_INDISPONIBLE });

    // The archive of the request is cut rather than sent with the altered file.
    const archive = fetch(`${portal.baseUrl}/api/demande/${demandeId}/download-all-pj`, {
      headers: { Authorization: `Bearer ${demandeur}` },
    }).then((reponse) => reponse.arrayBuffer());
    await expect(archive).rejects.toThrow();

    // A crash mid-write: the file is cut short.
    await writeFile(chemin, contenu.subarray(0, contenu.length - 100));
    expect((await telecharger(id)).status).toBe(500);

    // The same bytes uploaded again repair the stored file.
    expect((await deposer("Statuts (bis).pdf", contenu)).status).toBe(201);
    const repare = await telecharger(id);
    expect(repare.status).toBe(200);
    expect(Buffer.from(await repare.arrayBuffer()).equals(contenu)).toBe(true);
  });

  it("writes an upload to disk while it arrives, and keeps no temporary file nor refused bytes", async () => {
    const temporaires = join(portal.config.dataDir, "files", "tmp");
    await mkdir(temporaires, { recursive: true });
    const debut = await petitPdf(`Gros ${randomUUID()}`);
    const remplissage = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const frontiere = `----portail${randomUUID()}`;
    const entete = Buffer.from(
      `--${frontiere}\r\nContent-Disposition: form-data; name="codeTypePJ"\r\n\r\ninfo_generale\r\n` +
        `--${frontiere}\r\nContent-Disposition: form-data; name="fichier"; filename="gros.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    );
    const fin = Buffer.from(`\r\n--${frontiere}--\r\n`);
    const url = new URL(`${portal.baseUrl}/api/demande/${demandeId}/pj`);

    // Something of the file is on disk before the body has ended.
    const surDisque = new Promise<void>((resolve) => {
      const observateur = watch(temporaires, async () => {
        for (const nom of await readdir(temporaires).catch(() => [])) {
          const taille = await lstat(join(temporaires, nom)).then(
            (infos) => infos.size,
            () => 0,
          );
          if (taille >= debut.length) {
            observateur.close();
            resolve();
          }
        }
      });
    });
    const reponse = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const envoi = request(
        url,
        {
          method: "POST",
          headers: {
            Authorization: `Bearer ${demandeur}`,
            "Content-Type": `multipart/form-data; boundary=${frontiere}`,
            "Content-Length": String(
              entete.length + debut.length + remplissage.length + fin.length,
            ),
          },
        },
        (res) => {
          let texte = "";
          res.setEncoding("utf8");
          res.on("data", (morceau: string) => (texte += morceau));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: texte }));
        },
      );
      envoi.on("error", reject);
      envoi.write(entete);
      envoi.write(debut);
      envoi.write(remplissage.subarray(0, 1024 * 1024));
      void surDisque.then(() => {
        envoi.write(remplissage.subarray(1024 * 1024));
        envoi.end(fin);
      });
    });
    const { status, body } = await reponse;
    expect(status).toBe(201);
    const [{ id }] = JSON.parse(body) as { id: string }[];
    const attendu = Buffer.concat([debut, remplissage]);
    const stocke = await readFile(await cheminStocke(id));
    expect(createHash("sha256").update(stocke).digest("hex")).toBe(
      createHash("sha256").update(attendu).digest("hex"),
    );
    expect(await readdir(temporaires)).toEqual([]);

    // A refused upload (over UPLOAD_MAX_MO, or not an accepted type) leaves nothing in the store.
    const tropGros = Buffer.concat([debut, Buffer.alloc(4 * 1024 * 1024, 0x20)]);
    expect((await deposer("trop-gros.pdf", tropGros)).status).toBe(422);
    expect(await readdir(temporaires)).toEqual([]);
    const texte = Buffer.from(`Pas un PDF ${randomUUID()}`);
    expect((await deposer("faux.pdf", texte)).status).toBe(422);
    const cle = createHash("sha256").update(texte).digest("hex");
    await expect(
      lstat(join(portal.config.dataDir, "files", cle.slice(0, 2), cle)),
    ).rejects.toThrow();
    expect(await readdir(temporaires)).toEqual([]);
  });
});

describe("temporary files of the store (item 13)", () => {
  it("are swept at start; stored files stay", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-repos-"));
    const database = await openDatabase({ dataDir: ":memory:", databaseUrl: undefined });
    try {
      const store = createFileStore({ dataDir });
      const garde = await store.enregistrer(await petitPdf(`Gardé ${randomUUID()}`));
      const dossier = join(dataDir, "files", garde.cle.slice(0, 2));
      // Left by a crash: in the temporary folder, and next to its destination (ba68e8d).
      const laisses = [
        join(dataDir, "files", "tmp", `${randomUUID()}.tmp`),
        join(dossier, `${garde.cle}.${randomUUID()}.tmp`),
      ];
      await mkdir(join(dataDir, "files", "tmp"), { recursive: true });
      for (const chemin of laisses) await writeFile(chemin, "octets à moitié écrits");

      const config = loadConfig({
        NODE_ENV: "test",
        PORT: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        DEMO_DATA: "false",
        JOBS: "false",
      });
      const portal = await createPortal(config, createLogger("silent"), {
        remix: false,
        database,
      });
      await portal.close();

      for (const chemin of laisses) await expect(lstat(chemin)).rejects.toThrow();
      expect(await readdir(dossier)).toEqual([garde.cle]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
