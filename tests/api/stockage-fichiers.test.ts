/**
 * The file store's contract (api/files/types.ts FileStore), run against both
 * adapters (ADR 0031): the local disk (embedded default)
 * and S3-compatible object storage, here a local s3rver started by the
 * test. Same keys (the sha256 of the bytes), same refusals of missing,
 * altered or truncated bytes, nothing left behind by a refused or failed
 * upload; and, for S3 only, a service out of reach rejects with
 * StockageIndisponibleError (the API's 503).
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFileStore } from "../../api/files/store.ts";
import {
  FichierIndisponibleError,
  StockageIndisponibleError,
  type FileStore,
} from "../../api/files/types.ts";
import { loadConfig } from "../../server/config.ts";
import { petitPdf } from "../helpers/pdf.ts";
import { freePort } from "../helpers/portal.ts";
import { demarrerServeurS3, type ServeurS3 } from "../helpers/s3.ts";

/** sha256 of "bonjour" (sha256sum). */
const CLE_BONJOUR = "2cb4b1431b84ec15d35ed83bb927e27e8967d75f4bcd9cc4b25c8d879ae23e18";
/** sha256 of "Bonjour, Anah !". */
const CLE_ANAH = "2fa3047bdf878a5eb1458f599ee51c72576db135df8853416db4d23c36ae9805";
/** sha256 of 12 MiB of "a" (head -c 12582912 /dev/zero | tr '\0' 'a' | sha256sum). */
const CLE_12_MIO = "2832237c662fe53a487074b428022efb76689f998baf737a14691342590d7c39";
const DOUZE_MIO = 12 * 1024 * 1024;

/** What differs between the adapters: how to build one and reach behind its back. */
interface Adaptateur {
  nom: string;
  demarrer(): Promise<void>;
  arreter(): Promise<void>;
  creer(dataDir: string): FileStore;
  /** Replaces the stored bytes of `cle` behind the store's back (bit rot, a cut write). */
  alterer(dataDir: string, cle: string, octets: Buffer): Promise<void>;
  /** Whether bytes are stored under `cle`. */
  present(dataDir: string, cle: string): Promise<boolean>;
}

const local: Adaptateur = {
  nom: "disque local",
  async demarrer() {},
  async arreter() {},
  creer: (dataDir) => createFileStore({ dataDir }),
  alterer: (dataDir, cle, octets) =>
    writeFile(join(dataDir, "files", cle.slice(0, 2), cle), octets),
  async present(dataDir, cle) {
    const noms: string[] = await readdir(join(dataDir, "files", cle.slice(0, 2))).catch(() => []);
    return noms.includes(cle);
  },
};

let serveur: ServeurS3;
const s3: Adaptateur = {
  nom: "stockage objet S3 (s3rver)",
  async demarrer() {
    serveur = await demarrerServeurS3();
  },
  async arreter() {
    await serveur?.close();
  },
  creer: (dataDir) => createFileStore({ dataDir, s3: serveur.reglages }),
  async alterer(_dataDir, cle, octets) {
    await serveur.client.send(
      new PutObjectCommand({
        Bucket: serveur.reglages.bucket,
        Key: `${cle.slice(0, 2)}/${cle}`,
        Body: octets,
      }),
    );
  },
  async present(_dataDir, cle) {
    return serveur.client
      .send(
        new HeadObjectCommand({
          Bucket: serveur.reglages.bucket,
          Key: `${cle.slice(0, 2)}/${cle}`,
        }),
      )
      .then(
        () => true,
        () => false,
      );
  },
};

/** Everything a stream gives, as one buffer (small files of the tests only). */
async function lireTout(flux: Readable): Promise<Buffer> {
  const morceaux: Buffer[] = [];
  for await (const morceau of flux) morceaux.push(morceau as Buffer);
  return Buffer.concat(morceaux);
}

/** `taille` bytes of "a", in chunks of 64 KiB, produced as they are read. */
function fluxDeA(taille: number): Readable {
  let restant = taille;
  return new Readable({
    read() {
      const n = Math.min(restant, 64 * 1024);
      restant -= n;
      this.push(n > 0 ? Buffer.alloc(n, 0x61) : null);
    },
  });
}

describe.each([local, s3])("file store on $nom", (adaptateur) => {
  let dataDir: string;
  let store: FileStore;
  const temporaires = (): Promise<string[]> =>
    readdir(join(dataDir, "files", "tmp")).catch(() => []);

  beforeAll(async () => {
    await adaptateur.demarrer();
  });
  afterAll(async () => {
    await adaptateur.arreter();
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "portail-mar-stockage-"));
    store = adaptateur.creer(dataDir);
    return () => rm(dataDir, { recursive: true, force: true });
  });

  it("stores bytes under their sha256, once for the same bytes, and reads them back", async () => {
    const stocke = await store.enregistrer(Buffer.from("bonjour"));
    expect(stocke).toEqual({ cle: CLE_BONJOUR, sha256: CLE_BONJOUR, taille: 7 });
    expect(await store.enregistrer(Buffer.from("bonjour"))).toEqual(stocke);
    expect(await adaptateur.present(dataDir, CLE_BONJOUR)).toBe(true);
    expect((await lireTout(await store.lire(CLE_BONJOUR))).toString()).toBe("bonjour");
    expect(await temporaires()).toEqual([]);
  });

  it("receives a stream aside, typed, visible under its key only once kept", async () => {
    const pdf = await petitPdf("Statuts de la structure");
    const recu = await store.recevoir(Readable.from([pdf.subarray(0, 100), pdf.subarray(100)]));
    expect(recu.mimeType).toBe("application/pdf");
    expect(recu.taille).toBe(pdf.length);
    expect(await adaptateur.present(dataDir, recu.cle)).toBe(false);
    expect(await recu.conserver()).toEqual({ cle: recu.cle, sha256: recu.cle, taille: pdf.length });
    expect(await adaptateur.present(dataDir, recu.cle)).toBe(true);
    expect((await lireTout(await store.lire(recu.cle))).equals(pdf)).toBe(true);
    expect(await temporaires()).toEqual([]);

    const texte = await store.recevoir(Readable.from([Buffer.from("Bonjour, Anah !")]));
    expect(texte).toMatchObject({ cle: CLE_ANAH, taille: 15, mimeType: null });
    await texte.abandonner();
    await expect(texte.conserver()).rejects.toThrow("Fichier reçu déjà abandonné");
    expect(await adaptateur.present(dataDir, CLE_ANAH)).toBe(false);
    expect(await temporaires()).toEqual([]);
  });

  it("rejects a stream that fails midway and keeps none of it", async () => {
    const coupe = new Readable({ read() {} });
    coupe.push(Buffer.from("début du fichier"));
    setImmediate(() => coupe.destroy(new Error("connexion du navigateur coupée")));
    await expect(store.recevoir(coupe)).rejects.toThrow("connexion du navigateur coupée");
    expect(await temporaires()).toEqual([]);
  });

  it("refuses a missing key, and altered or truncated bytes, sending none of them", async () => {
    await expect(store.lire(CLE_ANAH)).rejects.toEqual(
      new FichierIndisponibleError(CLE_ANAH, "absent"),
    );
    await expect(store.lire(CLE_ANAH)).rejects.toMatchObject({ raison: "absent" });

    await store.enregistrer(Buffer.from("Bonjour, Anah !"));
    await adaptateur.alterer(dataDir, CLE_ANAH, Buffer.from("Bonjour, ANAH !"));
    await expect(store.lire(CLE_ANAH)).rejects.toMatchObject({
      name: "FichierIndisponibleError",
      raison: "altere",
    });
    await adaptateur.alterer(dataDir, CLE_ANAH, Buffer.from("Bonjour"));
    await expect(store.lire(CLE_ANAH)).rejects.toMatchObject({ raison: "altere" });
    expect(await temporaires()).toEqual([]);

    // The same bytes stored again replace the truncated ones.
    await store.enregistrer(Buffer.from("Bonjour, Anah !"));
    expect((await lireTout(await store.lire(CLE_ANAH))).toString()).toBe("Bonjour, Anah !");
  });

  it("streams 12 MiB in and out", async () => {
    const recu = await store.recevoir(fluxDeA(DOUZE_MIO));
    expect(recu).toMatchObject({ cle: CLE_12_MIO, taille: DOUZE_MIO });
    await recu.conserver();
    let taille = 0;
    let autres = 0;
    for await (const morceau of await store.lire(CLE_12_MIO)) {
      taille += (morceau as Buffer).length;
      autres += (morceau as Buffer).filter((octet) => octet !== 0x61).length;
    }
    expect({ taille, autres }).toEqual({ taille: DOUZE_MIO, autres: 0 });
    expect(await temporaires()).toEqual([]);
  });

  it("deletes a stored file, and deleting it again is no error", async () => {
    await store.enregistrer(Buffer.from("bonjour"));
    await store.supprimer(CLE_BONJOUR);
    expect(await adaptateur.present(dataDir, CLE_BONJOUR)).toBe(false);
    await expect(store.lire(CLE_BONJOUR)).rejects.toMatchObject({ raison: "absent" });
    await expect(store.supprimer(CLE_BONJOUR)).resolves.toBeUndefined();
  });
});

describe("file store on S3 out of reach", () => {
  it("rejects every operation with StockageIndisponibleError and leaves no temporary file", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-stockage-"));
    try {
      // A port nobody listens on: connection refused.
      const store = createFileStore({
        dataDir,
        s3: {
          bucket: "pieces-jointes",
          region: "us-east-1",
          endpoint: `http://127.0.0.1:${await freePort()}`,
          forcePathStyle: true,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
        },
      });
      await expect(store.enregistrer(Buffer.from("bonjour"))).rejects.toBeInstanceOf(
        StockageIndisponibleError,
      );
      await expect(store.lire(CLE_BONJOUR)).rejects.toBeInstanceOf(StockageIndisponibleError);
      await expect(store.supprimer(CLE_BONJOUR)).rejects.toBeInstanceOf(StockageIndisponibleError);
      const recu = await store.recevoir(Readable.from([Buffer.from("bonjour")]));
      await expect(recu.conserver()).rejects.toBeInstanceOf(StockageIndisponibleError);
      expect(await readdir(join(dataDir, "files", "tmp"))).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("S3_* settings (README « Paramètres »)", () => {
  it("keep the local disk without S3_BUCKET, fill the defaults, and refuse half a key pair", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-stockage-"));
    try {
      const base = { NODE_ENV: "test" as const, DATA_DIR: dataDir };
      expect(loadConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:9000" }).s3).toBeUndefined();
      expect(
        loadConfig({ ...base, S3_BUCKET: "mar", S3_ENDPOINT: "http://127.0.0.1:9000" }).s3,
      ).toEqual({
        bucket: "mar",
        region: "us-east-1",
        endpoint: "http://127.0.0.1:9000",
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      });
      expect(loadConfig({ ...base, S3_BUCKET: "mar", S3_REGION: "eu-west-3" }).s3).toMatchObject({
        region: "eu-west-3",
        endpoint: undefined,
        forcePathStyle: false,
      });
      expect(() => loadConfig({ ...base, S3_BUCKET: "mar", S3_ACCESS_KEY_ID: "cle" })).toThrow(
        "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: à donner ensemble ou pas du tout",
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
