/**
 * One process per core (ADR 0028): the
 * built portal (`server.ts`, as `npm run serve` runs it) on a throw-away
 * PostgreSQL database with WEB_CONCURRENCY=2. Under load, one worker is
 * killed (SIGKILL): a replacement starts with the same rank, the other
 * worker keeps serving, and no request fails but those the killed worker
 * held (at most one per client, each client sending one request at a
 * time). The jobs runner starts once, not once per worker. SIGTERM stops
 * the primary and its workers. A WEB_CONCURRENCY of 0 stops the start with
 * a French message.
 *
 * Needs PostgreSQL (TEST_POSTGRES_URL, as scripts/test.sh) on both passes
 * of the suite: it makes its own database with scripts/test-database.ts.
 * Needs the build (`npm test` builds first); with plain `npx vitest run`
 * and no build, beforeAll runs `npm run build`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/portal.ts";

const ROOT = join(import.meta.dirname, "../..");
/** Clients sending requests in parallel, one at a time each. */
const CLIENTS = 4;

/** A pino line of the portal, parsed. */
interface Ligne {
  msg?: string;
  rang?: number;
  pid?: number;
  [cle: string]: unknown;
}

/** Runs `node --import tsx <args>` in the repository and returns its stdout. */
function tsx(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ["--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
}

/** The started portal: its process, its log lines so far, and a way to wait for one. */
interface Lance {
  child: ChildProcess;
  lignes: Ligne[];
  stderr: string[];
  attendre(predicat: (ligne: Ligne) => boolean, quoi: string, delaiMs?: number): Promise<Ligne>;
  fin: Promise<number | null>;
}

function lancer(env: Record<string, string>): Lance {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lignes: Ligne[] = [];
  const stderr: string[] = [];
  const attentes = new Set<(ligne: Ligne) => void>();
  createInterface({ input: child.stdout! }).on("line", (texte) => {
    let ligne: Ligne;
    try {
      ligne = JSON.parse(texte) as Ligne;
    } catch {
      return;
    }
    lignes.push(ligne);
    for (const attente of [...attentes]) attente(ligne);
  });
  createInterface({ input: child.stderr! }).on("line", (texte) => stderr.push(texte));
  const fin = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    lignes,
    stderr,
    fin,
    attendre: (predicat, quoi, delaiMs = 180_000) =>
      new Promise((resolve, reject) => {
        const deja = lignes.find(predicat);
        if (deja) return resolve(deja);
        const echec = setTimeout(() => {
          attentes.delete(verifier);
          reject(new Error(`Attendu : ${quoi}\n${stderr.slice(-20).join("\n")}`));
        }, delaiMs);
        const verifier = (ligne: Ligne) => {
          if (!predicat(ligne)) return;
          clearTimeout(echec);
          attentes.delete(verifier);
          resolve(ligne);
        };
        attentes.add(verifier);
        void fin.then((code) => {
          if (!attentes.has(verifier)) return;
          clearTimeout(echec);
          attentes.delete(verifier);
          reject(
            new Error(
              `Le portail s'est arrêté (code ${code}) avant : ${quoi}\n${stderr.join("\n")}`,
            ),
          );
        });
      }),
  };
}

/**
 * GET `url` on a new connection: the status, or the connection error's
 * code. A connection the primary was handing to the worker at the instant
 * it died stays open in the primary (a limit of node:cluster's round-robin,
 * nodejs/node#21940, ADR 0028): the client gives up after 30 s, as a
 * browser or a proxy would, and the request counts as failed.
 */
function get(url: string): Promise<{ status: number } | { erreur: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 30_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
      response.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ erreur: error.code ?? error.message }),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ erreur: error.code ?? error.message }),
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("délai"), { code: "DELAI" })));
    req.end();
  });
}

/** Whether a process `pid` exists. */
function vivant(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("WEB_CONCURRENCY mal réglé", () => {
  it.each(["0", "-2", "beaucoup"])(
    "WEB_CONCURRENCY=%s : le portail refuse de démarrer, message en français, code 1",
    async (valeur) => {
      const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-grappe-"));
      try {
        const portail = lancer({ WEB_CONCURRENCY: valeur, DATA_DIR: dataDir, LOG_LEVEL: "info" });
        expect(await portail.fin).toBe(1);
        // oidc-provider warns about the Node version when imported: not ours to judge here.
        expect(portail.stderr.filter((ligne) => !ligne.startsWith("oidc-provider"))).toEqual([
          "Configuration invalide :",
          "  WEB_CONCURRENCY: un nombre entier de processus de 1 à 999, par exemple 2 (non défini : un par cœur)",
        ]);
        expect(portail.lignes).toEqual([]);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe("un processus par cœur avec PostgreSQL (WEB_CONCURRENCY=2)", () => {
  let databaseUrl = "";
  let dataDir = "";
  let portail: Lance | undefined;
  let baseUrl = "";

  beforeAll(async () => {
    if (!existsSync(join(ROOT, "build/server/index.js")))
      execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "ignore" });
    databaseUrl = tsx(["scripts/test-database.ts", "create"]).trim();
    if (!databaseUrl)
      throw new Error(
        "PostgreSQL injoignable (TEST_POSTGRES_URL, défaut postgres://postgres@127.0.0.1:5432) : ce test en a besoin",
      );
    dataDir = await mkdtemp(join(tmpdir(), "portail-mar-grappe-"));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    portail = lancer({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "2",
      DEMO_DATA: "false",
      JOBS: "true",
      LOG_LEVEL: "info",
      SMTP_URL: "",
      HORLOGE_RECETTE: "false",
    });
    await portail.attendre(
      (ligne) => ligne.msg === `Portail démarré sur ${baseUrl} (2 processus)`,
      "deux processus prêts",
    );
  }, 900_000);

  afterAll(async () => {
    if (portail && portail.child.exitCode === null) {
      // After a failure: the primary and every worker it started, so none outlives the run.
      for (const ligne of portail.lignes)
        if (ligne.msg === "Processus de service prêt" && ligne.pid && vivant(ligne.pid))
          process.kill(ligne.pid, "SIGKILL");
      portail.child.kill("SIGKILL");
      await portail.fin;
    }
    if (databaseUrl) tsx(["scripts/test-database.ts", "drop", databaseUrl]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("un processus tué sous charge est remplacé ; seules ses requêtes en cours échouent", async () => {
    const lance = portail!;
    const prets = lance.lignes.filter((ligne) => ligne.msg === "Processus de service prêt");
    expect(prets.map((ligne) => ligne.rang).sort()).toEqual([1, 2]);
    const tue = prets.find((ligne) => ligne.rang === 2)!.pid!;
    const autre = prets.find((ligne) => ligne.rang === 1)!.pid!;
    // pg-boss's schedules and workers: once, in the process of rank 1.
    const planificateurs = () =>
      lance.lignes.filter((ligne) => ligne.msg === "Planificateur de tâches démarré").length;
    await lance.attendre(
      (ligne) => ligne.msg === "Planificateur de tâches démarré",
      "le planificateur de tâches",
    );

    // "tue": killed, its death not yet seen by the primary; "pendant": from
    // the primary's report of the death to its report of the replacement's start.
    type Phase = "avant" | "tue" | "pendant" | "remplace";
    /** Each request: the phase it was sent in, the phase its answer came in, and the answer. */
    const resultats: { envoi: Phase; reponse: Phase; status?: number; erreur?: string }[] = [];
    let phase: Phase = "avant";
    let continuer = true;
    let reussisApresRemplacement = 0;
    let signalerReussites: () => void = () => {};
    const assezDeReussites = new Promise<void>((resolve) => {
      signalerReussites = resolve;
    });
    let signalerDebut: () => void = () => {};
    const chargeLancee = new Promise<void>((resolve) => {
      signalerDebut = resolve;
    });
    const client = async () => {
      while (continuer) {
        const envoi = phase;
        const reponse = await get(`${baseUrl}/mentions-legales`);
        resultats.push({ envoi, reponse: phase, ...reponse });
        if (resultats.length >= 20) signalerDebut();
        if (phase === "remplace" && "status" in reponse && reponse.status === 200) {
          reussisApresRemplacement += 1;
          if (reussisApresRemplacement >= 40) signalerReussites();
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);

    await chargeLancee;
    phase = "tue";
    process.kill(tue, "SIGKILL");
    await lance.attendre(
      (ligne) => ligne.msg?.startsWith("Processus de service arrêté") === true && ligne.pid === tue,
      "l'arrêt du processus 2 vu par le processus principal",
    );
    phase = "pendant";
    const remplacant = await lance.attendre(
      (ligne) => ligne.msg === "Processus de service prêt" && ligne.rang === 2 && ligne.pid !== tue,
      "le remplaçant du processus 2",
    );
    phase = "remplace";
    await assezDeReussites;
    continuer = false;
    await Promise.all(clients);

    expect(remplacant.pid).not.toBe(tue);
    expect(vivant(remplacant.pid!)).toBe(true);
    expect(vivant(autre)).toBe(true);
    expect(vivant(tue)).toBe(false);
    expect(
      lance.lignes.filter((ligne) => ligne.msg?.startsWith("Processus de service arrêté")),
    ).toEqual([expect.objectContaining({ rang: 2, pid: tue, signal: "SIGKILL" })]);
    // Every answer is the page; failures are connections the killed process held, at most one per client.
    expect(resultats.filter((r) => r.status !== undefined && r.status !== 200)).toEqual([]);
    const echecs = resultats.filter((r) => r.erreur !== undefined);
    expect(echecs.length).toBeLessThanOrEqual(CLIENTS);
    expect(echecs.filter((r) => r.reponse === "avant")).toEqual([]);
    // Served while rank 2 was being replaced: sent once the primary knew it
    // dead, answered before it said the replacement listened, so by the other process.
    const pendantLeRemplacement = resultats.filter(
      (r) => r.envoi === "pendant" && r.reponse === "pendant" && r.status === 200,
    );
    expect(pendantLeRemplacement.length).toBeGreaterThan(0);
    expect(planificateurs()).toBe(1);
  }, 300_000);

  it("SIGTERM arrête le processus principal et ses processus de service (code 0)", async () => {
    const lance = portail!;
    const pids = lance.lignes
      .filter((ligne) => ligne.msg === "Processus de service prêt")
      .map((ligne) => ligne.pid!);
    lance.child.kill("SIGTERM");
    expect(await lance.fin).toBe(0);
    expect(pids.filter(vivant)).toEqual([]);
    expect(lance.lignes.filter((ligne) => ligne.msg === "Arrêt du portail").length).toBe(3);
  }, 60_000);
});
