/**
 * Scenario 2 of `npm run fiabilite`: the portal killed
 * with SIGKILL in the middle of a 10 MB upload. The upload streams into the
 * store's temporary folder (api/files/store.ts); the portal is killed once
 * part of it is there. Then: no stored file whose bytes do not match its key,
 * no attachment row pointing at a missing file, the temporary file swept at
 * the next start, and the same upload accepted whole afterwards.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import type pg from "pg";
import { ETAPE1_VALIDE } from "../../tests/helpers/demande-api.ts";
import { attendre, lancerPortail, nouveauDemandeur, type PortailLance } from "./outils.ts";

/** Size of the upload, in bytes (10 MB, under UPLOAD_MAX_MO's 10 MiB). */
export const TAILLE_ENVOI = 10_000_000;
/** Bytes sent before waiting for the portal to have written some. */
const ENVOYES_AVANT_COUPURE = 5_000_000;

export interface ResultatCoupureEnvoi {
  tailleEnvoi: number;
  /** Bytes of the upload sent when the portal was killed. */
  octetsEnvoyes: number;
  /** The temporary files left by the kill: how many, and their bytes. */
  temporairesApresCoupure: number;
  octetsTemporaires: number;
  /** Files under a key whose bytes do not hash to it (partial files): must be 0. */
  fichiersPartiels: number;
  /** Attachment rows of the request after the kill (the upload was never acknowledged): must be 0. */
  lignesApresCoupure: number;
  /** Attachment rows, of the whole database, whose file is missing: must be 0. */
  lignesSansFichier: number;
  /** Temporary files still there once the portal started again: must be 0. */
  temporairesApresRedemarrage: number;
  /** The same 10 MB accepted after the restart (201), stored whole under its hash. */
  renvoiAccepte: boolean;
  dureeRedemarrageMs: number;
}

/** A PDF (by its bytes) of exactly `taille` bytes, incompressible. */
function grosPdf(taille: number): Buffer {
  const debut = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const fin = Buffer.from("\n%%EOF\n");
  return Buffer.concat([debut, randomBytes(taille - debut.length - fin.length), fin]);
}

function temporaires(dataDir: string): string[] {
  const dossier = join(dataDir, "files", "tmp");
  return existsSync(dossier) ? readdirSync(dossier).map((nom) => join(dossier, nom)) : [];
}

/** Files stored under a key (`files/ab/ab12…`) whose bytes hash to something else. */
function partiels(dataDir: string): number {
  const racine = join(dataDir, "files");
  if (!existsSync(racine)) return 0;
  let nombre = 0;
  for (const dossier of readdirSync(racine).filter((nom) => /^[0-9a-f]{2}$/.test(nom)))
    for (const cle of readdirSync(join(racine, dossier))) {
      const empreinte = createHash("sha256")
        .update(readFileSync(join(racine, dossier, cle)))
        .digest("hex");
      if (empreinte !== cle) nombre += 1;
    }
  return nombre;
}

/** Attachment rows whose file is not in the store of `dataDir`. */
async function lignesSansFichier(pool: pg.Pool, dataDir: string): Promise<number> {
  const { rows } = await pool.query<{ cle: string; taille: number }>(
    "select cle, taille from piece_jointe",
  );
  return rows.filter((row) => {
    const fichier = join(dataDir, "files", row.cle.slice(0, 2), row.cle);
    return !existsSync(fichier) || statSync(fichier).size !== row.taille;
  }).length;
}

/**
 * Posts `contenu` as `fichier` of rubric `rubrique` to `/api/demande/{id}/pj`
 * in 64 KB chunks; `pendant(envoyes)` runs after each chunk and may return
 * true to stop sending. Resolves with the answer's status, or null when the
 * connection was cut.
 */
function envoyerLentement(
  portail: PortailLance,
  jeton: string,
  id: string,
  contenu: Buffer,
  pendant: (envoyes: number) => Promise<boolean>,
): Promise<{ statut: number | null; envoyes: number }> {
  const frontiere = `----fiabilite${randomBytes(8).toString("hex")}`;
  const tete = Buffer.from(
    `--${frontiere}\r\nContent-Disposition: form-data; name="codeTypePJ"\r\n\r\ninfo_generale\r\n` +
      `--${frontiere}\r\nContent-Disposition: form-data; name="fichier"; filename="gros.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const queue = Buffer.from(`\r\n--${frontiere}--\r\n`);
  return new Promise((resolve) => {
    let envoyes = 0;
    const requete = request(
      {
        host: "127.0.0.1",
        port: portail.port,
        method: "POST",
        path: `/api/demande/${id}/pj`,
        headers: {
          Authorization: `Bearer ${jeton}`,
          "Content-Type": `multipart/form-data; boundary=${frontiere}`,
          "Content-Length": tete.length + contenu.length + queue.length,
        },
      },
      (reponse) => {
        reponse.resume();
        reponse.on("end", () => resolve({ statut: reponse.statusCode ?? null, envoyes }));
      },
    );
    requete.on("error", () => resolve({ statut: null, envoyes }));
    void (async () => {
      requete.write(tete);
      for (let position = 0; position < contenu.length; position += 65_536) {
        const morceau = contenu.subarray(position, position + 65_536);
        if (!requete.write(morceau)) await new Promise((suite) => requete.once("drain", suite));
        envoyes += morceau.length;
        if (await pendant(envoyes)) return;
      }
      requete.end(queue);
    })().catch(() => undefined);
  });
}

/**
 * Runs the scenario: `demarrer()` starts the portal (on the same database and
 * DATA_DIR each time), `pool` reads its database.
 */
export async function coupureEnvoi(
  demarrer: () => ReturnType<typeof lancerPortail>,
  pool: pg.Pool,
): Promise<ResultatCoupureEnvoi> {
  let portail = await demarrer();
  const { dataDir } = portail;
  const demandeur = await nouveauDemandeur(pool, portail.baseUrl, "Coupure");
  const creee = await fetch(`${portail.baseUrl}/api/demande`, {
    method: "POST",
    headers: { Authorization: `Bearer ${demandeur.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(ETAPE1_VALIDE),
  });
  if (creee.status !== 201) throw new Error(`Brouillon refusé : HTTP ${creee.status}`);
  const { id } = (await creee.json()) as { id: string };
  const contenu = grosPdf(TAILLE_ENVOI);

  // Killed once the portal holds at least 1 MB of the file in its temporary folder.
  const tue = portail;
  const envoi = await envoyerLentement(portail, demandeur.token, id, contenu, async (envoyes) => {
    if (envoyes < ENVOYES_AVANT_COUPURE) return false;
    const ecrits = temporaires(dataDir).reduce((total, f) => total + statSync(f).size, 0);
    if (ecrits < 1_000_000) {
      await attendre(20);
      return false;
    }
    await tue.tuer();
    return true;
  });
  if (tue.vivant()) throw new Error("Le portail a reçu tout l'envoi avant d'être tué");

  const restes = temporaires(dataDir);
  const resultat: ResultatCoupureEnvoi = {
    tailleEnvoi: TAILLE_ENVOI,
    octetsEnvoyes: envoi.envoyes,
    temporairesApresCoupure: restes.length,
    octetsTemporaires: restes.reduce((total, f) => total + statSync(f).size, 0),
    fichiersPartiels: partiels(dataDir),
    lignesApresCoupure: Number(
      (
        await pool.query<{ n: string }>(
          "select count(*) as n from piece_jointe where ressource_id = $1",
          [id],
        )
      ).rows[0].n,
    ),
    lignesSansFichier: await lignesSansFichier(pool, dataDir),
    temporairesApresRedemarrage: -1,
    renvoiAccepte: false,
    dureeRedemarrageMs: 0,
  };

  const debut = Date.now();
  portail = await demarrer();
  resultat.dureeRedemarrageMs = Date.now() - debut;
  try {
    resultat.temporairesApresRedemarrage = temporaires(dataDir).length;
    const renvoi = await envoyerLentement(portail, demandeur.token, id, contenu, async () => false);
    const cle = createHash("sha256").update(contenu).digest("hex");
    const stocke = join(dataDir, "files", cle.slice(0, 2), cle);
    resultat.renvoiAccepte =
      renvoi.statut === 201 && existsSync(stocke) && statSync(stocke).size === TAILLE_ENVOI;
    resultat.fichiersPartiels += partiels(dataDir);
    resultat.lignesSansFichier += await lignesSansFichier(pool, dataDir);
  } finally {
    await portail.arreter();
  }
  return resultat;
}
