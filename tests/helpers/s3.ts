/**
 * A local S3-compatible server for the tests (s3rver, in this process, on a
 * free port, its objects in a temporary folder), with one empty bucket.
 * Stopped and removed by `close()`.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { creerClientS3 } from "../../api/files/store-s3.ts";
import type { ReglagesS3 } from "../../api/files/types.ts";
import { freePort } from "./portal.ts";

export interface ServeurS3 {
  /** Settings of the store for the bucket, as server/config.ts builds them. */
  reglages: ReglagesS3;
  /** The same as S3_* environment variables (loadConfig, scripts). */
  env: Record<string, string>;
  /** A client of the server, to look at or alter objects behind the store's back. */
  client: S3Client;
  /** Stops the server (a test may do it early, to cut the storage off); idempotent. */
  close(): Promise<void>;
}

/** s3rver accepts any signature made with its one pair of keys. */
const CLES = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** Starts s3rver on a free port of 127.0.0.1 and creates the bucket `bucket`. */
export async function demarrerServeurS3(bucket = "pieces-jointes"): Promise<ServeurS3> {
  const dossier = await mkdtemp(join(tmpdir(), "portail-mar-s3-"));
  const port = await freePort();
  const serveur = new S3rver({
    address: "127.0.0.1",
    port,
    directory: dossier,
    silent: true,
  });
  await serveur.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const reglages: ReglagesS3 = {
    bucket,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    ...CLES,
  };
  const client = creerClientS3(reglages);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let arret: Promise<void> | undefined;
  return {
    reglages,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CLES.accessKeyId,
      S3_SECRET_ACCESS_KEY: CLES.secretAccessKey,
    },
    client,
    close() {
      arret ??= (async () => {
        client.destroy();
        await serveur.close();
        await rm(dossier, { recursive: true, force: true });
      })();
      return arret;
    },
  };
}
