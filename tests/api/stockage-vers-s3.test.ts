/**
 * `npm run stockage:vers-s3` (scripts/stockage-vers-s3.ts, ADR 0031): the
 * local store copied into a bucket of a local s3rver, every object checked,
 * idempotent, a file altered on disk never copied and the command's exit
 * code non-zero for it, French counts.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../api/files/store.ts";
import { copierVersS3 } from "../../scripts/stockage-vers-s3.ts";
import { freePort } from "../helpers/portal.ts";
import { demarrerServeurS3, type ServeurS3 } from "../helpers/s3.ts";

/** sha256 of "pièce 1", "pièce 2", "pièce 3" (UTF-8) and of "bonjour" (sha256sum). */
const CLE_1 = "80bf50a1cee71b635fc87acdad4b34f348e567b39314c1223020653decdfda4e";
const CLE_2 = "27ba99343b20891a3f74828ffedebd64c9282ea7111c37dacdff6fb5bf54746c";
const CLE_3 = "9472337fc69b535e4e723685d79f2314745368daf1e0290923696e79d31c36f8";
const CLE_BONJOUR = "2cb4b1431b84ec15d35ed83bb927e27e8967d75f4bcd9cc4b25c8d879ae23e18";

async function lireTout(flux: Readable): Promise<string> {
  const morceaux: Buffer[] = [];
  for await (const morceau of flux) morceaux.push(morceau as Buffer);
  return Buffer.concat(morceaux).toString("utf8");
}

/** Runs the command as `npm run stockage:vers-s3` does, with `env` added. */
function commande(env: Record<string, string>) {
  return new Promise<{ code: number; sortie: string; erreurs: string }>((resolve) => {
    execFile(
      join(import.meta.dirname, "../../node_modules/.bin/tsx"),
      ["scripts/stockage-vers-s3.ts"],
      {
        cwd: join(import.meta.dirname, "../.."),
        env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
      },
      (error, sortie, erreurs) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, sortie, erreurs }),
    );
  });
}

describe("copy of the local store to S3 (npm run stockage:vers-s3)", () => {
  let serveur: ServeurS3;
  let dataDir: string;

  beforeAll(async () => {
    serveur = await demarrerServeurS3();
    dataDir = await mkdtemp(join(tmpdir(), "portail-mar-vers-s3-"));
    const local = createFileStore({ dataDir });
    for (const texte of ["pièce 1", "pièce 2", "pièce 3"])
      await local.enregistrer(Buffer.from(texte));
    // Altered on disk: its bytes no longer hash to its name.
    await mkdir(join(dataDir, "files", "2c"), { recursive: true });
    await writeFile(join(dataDir, "files", "2c", CLE_BONJOUR), "bonjouR");
    // Left by a crash: not a stored file.
    await mkdir(join(dataDir, "files", "tmp"), { recursive: true });
    await writeFile(join(dataDir, "files", "tmp", "abc.tmp"), "à moitié");
    // Other bytes already under a key in the bucket: replaced.
    await serveur.client.send(
      new PutObjectCommand({
        Bucket: serveur.reglages.bucket,
        Key: `94/${CLE_3}`,
        Body: "pièce 3 abîmée",
      }),
    );
  });

  afterAll(async () => {
    await serveur?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("copies and checks each file, skips an altered one, then finds everything in place", async () => {
    const lignes: string[] = [];
    const bilan = await copierVersS3({
      dataDir,
      s3: serveur.reglages,
      ecrire: (ligne) => lignes.push(ligne),
    });
    expect(bilan).toEqual({
      examines: 4,
      copies: 3,
      dejaPresents: 0,
      alteresLocalement: 1,
      echecsVerification: 0,
      echecsEnvoi: 0,
    });
    expect(lignes.sort()).toEqual([
      `Altéré sur le disque, non copié : ${join(dataDir, "files", "2c", CLE_BONJOUR)}`,
      `Objet différent dans le stockage, remplacé : ${CLE_3}`,
    ]);
    const s3 = createFileStore({ dataDir, s3: serveur.reglages });
    expect(await lireTout(await s3.lire(CLE_1))).toBe("pièce 1");
    expect(await lireTout(await s3.lire(CLE_2))).toBe("pièce 2");
    expect(await lireTout(await s3.lire(CLE_3))).toBe("pièce 3");
    await expect(s3.lire(CLE_BONJOUR)).rejects.toMatchObject({ raison: "absent" });

    // Run again, as the command: nothing to copy, the altered file still fails it.
    const encore = await commande({ DATA_DIR: dataDir, ...serveur.env });
    expect(encore.code).toBe(1);
    expect(encore.sortie).toContain(
      `Copie du stockage local vers le stockage objet (compartiment « pieces-jointes ») :\n` +
        `  fichiers examinés                     4\n` +
        `  copiés et vérifiés                    0\n` +
        `  déjà présents avec la bonne empreinte 3\n` +
        `  altérés sur le disque (non copiés)    1\n` +
        `  vérifications en échec après copie    0\n` +
        `  envois en échec                       0\n`,
    );
    expect(encore.erreurs).toContain("Copie incomplète : voir les lignes ci-dessus.");

    // The altered file removed (or repaired): a clean run exits 0.
    await rm(join(dataDir, "files", "2c", CLE_BONJOUR));
    const propre = await commande({ DATA_DIR: dataDir, ...serveur.env });
    expect(propre.code).toBe(0);
    expect(propre.sortie).toContain("  déjà présents avec la bonne empreinte 3\n");
  });

  it("counts every file as failed, and exits 1, when the storage cannot be reached", async () => {
    const lignes: string[] = [];
    const bilan = await copierVersS3({
      dataDir,
      s3: { ...serveur.reglages, endpoint: `http://127.0.0.1:${await freePort()}` },
      ecrire: (ligne) => lignes.push(ligne),
    });
    expect(bilan).toMatchObject({ examines: 3, copies: 0, dejaPresents: 0, echecsEnvoi: 3 });
    expect(lignes).toHaveLength(3);
    expect(lignes[0]).toMatch(/^Échec de l'envoi : [0-9a-f]{64} \(/);
  });

  it("refuses to run without S3_BUCKET", async () => {
    const { code, erreurs } = await commande({ DATA_DIR: dataDir, S3_BUCKET: "" });
    expect(code).toBe(2);
    expect(erreurs).toContain("S3_BUCKET n'est pas défini");
  });
});
