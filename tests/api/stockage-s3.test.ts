/**
 * The portal with its files on S3-compatible object storage (ADR 0031),
 * over HTTP on a real database: S3_* set, an upload lands in
 * the bucket under its sha256 (nothing kept on local disk), downloads come
 * back from it checked, and a storage out of reach answers 503 in French
 * with Retry-After (never 500) and records no attachment.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demandes, piecesJointes, servicesInstructeur, societes } from "../../api/db/schema.ts";
import { SOCIETE_DEMO } from "../../api/db/seed/demo.ts";
import { MESSAGE_FICHIER_INDISPONIBLE } from "../../api/http/routes/pieces-jointes.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { petitPdf } from "../helpers/pdf.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";
import { demarrerServeurS3, type ServeurS3 } from "../helpers/s3.ts";

const PASSWORD = "Anah-Demo-2026!";

describe("attachments on S3-compatible object storage", () => {
  let serveur: ServeurS3;
  let portal: TestPortal;
  let demandeur: string;
  let demandeId: string;

  beforeAll(async () => {
    serveur = await demarrerServeurS3();
    portal = await startTestPortal(serveur.env);
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
    await serveur?.close();
  });

  /** POST /api/demande/{id}/pj of one file `nom` with `contenu`. */
  async function deposer(nom: string, contenu: Buffer) {
    const form = new FormData();
    form.append("codeTypePJ", "info_generale");
    form.append("fichier", new Blob([new Uint8Array(contenu)]), nom);
    const response = await fetch(`${portal.baseUrl}/api/demande/${demandeId}/pj`, {
      method: "POST",
      headers: { Authorization: `Bearer ${demandeur}` },
      body: form,
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  const telecharger = (id: string) =>
    fetch(`${portal.baseUrl}/api/piece-jointe/${id}`, {
      headers: { Authorization: `Bearer ${demandeur}` },
    });

  const piecesDeLaDemande = async () =>
    (
      await portal.database.db
        .select({ id: piecesJointes.id })
        .from(piecesJointes)
        .where(eq(piecesJointes.ressourceId, demandeId))
    ).length;

  it("stores an upload in the bucket under its sha256, none on local disk, and sends it back", async () => {
    expect(portal.config.s3).toEqual({
      ...serveur.reglages,
      region: "us-east-1",
      forcePathStyle: true,
    });
    const contenu = await petitPdf(`Statuts ${randomUUID()}`);
    const cle = createHash("sha256").update(contenu).digest("hex");
    const { status, body } = await deposer("Statuts.pdf", contenu);
    expect(status).toBe(201);
    const [piece] = body as { id: string }[];

    const objet = await serveur.client.send(
      new GetObjectCommand({
        Bucket: serveur.reglages.bucket,
        Key: `${cle.slice(0, 2)}/${cle}`,
      }),
    );
    expect(Buffer.from(await objet.Body!.transformToByteArray()).equals(contenu)).toBe(true);
    // Local disk: only the (empty) temporary folder.
    const local = await readdir(join(portal.config.dataDir, "files")).catch(() => []);
    expect(local.filter((nom) => nom !== "tmp")).toEqual([]);
    expect(await readdir(join(portal.config.dataDir, "files", "tmp"))).toEqual([]);

    const reponse = await telecharger(piece.id);
    expect(reponse.status).toBe(200);
    expect(reponse.headers.get("content-length")).toBe(String(contenu.length));
    expect(Buffer.from(await reponse.arrayBuffer()).equals(contenu)).toBe(true);
  });

  it("refuses an object altered or truncated in the bucket; the same bytes uploaded again repair a truncated one", async () => {
    const contenu = await petitPdf(`Bilan ${randomUUID()}`);
    const cle = createHash("sha256").update(contenu).digest("hex");
    const { status, body } = await deposer("Bilan.pdf", contenu);
    expect(status).toBe(201);
    const [{ id }] = body as { id: string }[];
    const altere = Buffer.from(contenu);
    altere.write("ALTERE", 40, "latin1");
    await serveur.client.send(
      new PutObjectCommand({
        Bucket: serveur.reglages.bucket,
        Key: `${cle.slice(0, 2)}/${cle}`,
        Body: altere,
      }),
    );
    const refuse = await telecharger(id);
    expect(refuse.status).toBe(500);
    expect(await refuse.json()).toEqual({ message: MESSAGE_FICHIER_INDISPONIBLE });

    // Cut short (a partial write by another tool): refused too.
    await serveur.client.send(
      new PutObjectCommand({
        Bucket: serveur.reglages.bucket,
        Key: `${cle.slice(0, 2)}/${cle}`,
        Body: contenu.subarray(0, contenu.length - 100),
      }),
    );
    expect((await telecharger(id)).status).toBe(500);

    expect((await deposer("Bilan (bis).pdf", contenu)).status).toBe(201);
    const repare = await telecharger(id);
    expect(repare.status).toBe(200);
    expect(Buffer.from(await repare.arrayBuffer()).equals(contenu)).toBe(true);
  });

  it("answers 503 in French with Retry-After while the storage is out of reach, and records nothing", async () => {
    const contenu = await petitPdf(`Attestation ${randomUUID()}`);
    const { status, body } = await deposer("Attestation.pdf", contenu);
    expect(status).toBe(201);
    const [{ id }] = body as { id: string }[];
    const avant = await piecesDeLaDemande();

    await serveur.close();

    const telechargement = await telecharger(id);
    expect(telechargement.status).toBe(503);
    expect(telechargement.headers.get("retry-after")).toBe("5");
    expect(await telechargement.json()).toEqual({
      message:
        "Le stockage des fichiers est momentanément indisponible. Veuillez réessayer dans quelques instants.",
    });

    const depot = await deposer("Autre.pdf", await petitPdf(`Autre ${randomUUID()}`));
    expect(depot.status).toBe(503);
    expect(depot.headers.get("retry-after")).toBe("5");
    expect(depot.body).toEqual({
      message:
        "Le stockage des fichiers est momentanément indisponible. Veuillez réessayer dans quelques instants.",
    });
    expect(await piecesDeLaDemande()).toBe(avant);
    expect(await readdir(join(portal.config.dataDir, "files", "tmp"))).toEqual([]);
  });
});
