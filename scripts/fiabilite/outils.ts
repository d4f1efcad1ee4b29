/**
 * What the fault scenarios of `npm run fiabilite` share
 * (docs/fiabilite.md): a throwaway PostgreSQL cluster of their own (never
 * the shared server of 127.0.0.1:5432), the built portal started as in
 * production in a child process, fresh applicants, signed-in API clients
 * and browsers (cookie sessions through the embedded identity provider).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { CookieJar, fetchWithJar, loginAs } from "../../tests/helpers/oidc-login.ts";

/** Root of the project. */
export const RACINE = join(import.meta.dirname, "../..");
/** PostgreSQL 15's programs (Debian's postgresql-15). */
const BIN_PG = "/usr/lib/postgresql/15/bin";
/** Password of every demo account (README) and of the applicants created here. */
export const MOT_DE_PASSE = "Anah-Demo-2026!";

/** Milliseconds since `debut`. */
export const depuis = (debut: number) => Date.now() - debut;
/** Waits `ms` milliseconds. */
export const attendre = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port free on 127.0.0.1 now, `prefere` when it is. */
export async function portLibre(prefere = 0): Promise<number> {
  const essayer = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const sonde = createServer();
      sonde.once("error", reject);
      sonde.listen(port, "127.0.0.1", () => {
        const adresse = sonde.address();
        const obtenu = typeof adresse === "object" && adresse ? adresse.port : 0;
        sonde.close(() => resolve(obtenu));
      });
    });
  try {
    return await essayer(prefere);
  } catch {
    return essayer(0);
  }
}

/** Runs a PostgreSQL program as the `postgres` account when we are root (initdb refuses root). */
function commandePg(programme: string, args: string[]): [string, string[]] {
  const chemin = join(BIN_PG, programme);
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", chemin, ...args]]
    : [chemin, args];
}

/**
 * Runs a PostgreSQL program without blocking the event loop (the clients go
 * on meanwhile); resolves with its duration in ms, rejects on failure.
 */
function executer(programme: string, args: string[]): Promise<{ duree: number }> {
  const [commande, arguments_] = commandePg(programme, args);
  const debut = Date.now();
  return new Promise((resolve, reject) => {
    const enfant = spawn(commande, arguments_, { stdio: ["ignore", "pipe", "pipe"] });
    let sortie = "";
    enfant.stdout.on("data", (morceau: Buffer) => (sortie += morceau.toString()));
    enfant.stderr.on("data", (morceau: Buffer) => (sortie += morceau.toString()));
    enfant.once("error", reject);
    enfant.once("exit", (code) =>
      code === 0
        ? resolve({ duree: depuis(debut) })
        : reject(new Error(`${programme} ${args.join(" ")} : code ${code}\n${sortie}`)),
    );
  });
}

/** A private PostgreSQL cluster: its port, how to reach a database, and its controls. */
export interface Cluster {
  port: number;
  dossier: string;
  url(base: string): string;
  creerBase(nom: string): Promise<string>;
  /** `pg_ctl restart -m fast -w`; resolves with its duration in ms. */
  redemarrer(): Promise<{ duree: number }>;
  /** `pg_ctl stop -m fast -w`. */
  arreter(): Promise<{ duree: number }>;
  demarrer(): Promise<{ duree: number }>;
  detruire(): Promise<void>;
}

/**
 * Creates and starts a throwaway cluster in a temporary folder (initdb,
 * trust authentication on 127.0.0.1 only, fsync on as in production) on
 * `portPrefere` or another free port.
 */
export async function creerCluster(portPrefere = 55433): Promise<Cluster> {
  const port = await portLibre(portPrefere);
  const dossier = await mkdtemp(join(tmpdir(), "fiabilite-pg-"));
  const donnees = join(dossier, "donnees");
  if (process.getuid?.() === 0) {
    const { uid, gid } = comptePostgres();
    await chown(dossier, uid, gid);
  }
  await chmod(dossier, 0o700);
  await executer("initdb", [
    "-D",
    donnees,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
    "--no-sync",
  ]);
  const options = `-p ${port} -k ${dossier} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const journal = join(dossier, "postgresql.log");
  const demarrer = () =>
    executer("pg_ctl", ["-D", donnees, "-o", options, "-l", journal, "-w", "start"]);
  await demarrer();
  const url = (base: string) => `postgres://postgres@127.0.0.1:${port}/${base}`;
  return {
    port,
    dossier,
    url,
    async creerBase(nom) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      await client.query(`create database "${nom}"`);
      await client.end();
      return url(nom);
    },
    redemarrer: () =>
      executer("pg_ctl", [
        "-D",
        donnees,
        "-o",
        options,
        "-l",
        journal,
        "-m",
        "fast",
        "-w",
        "restart",
      ]),
    arreter: () => executer("pg_ctl", ["-D", donnees, "-m", "fast", "-w", "stop"]),
    demarrer,
    async detruire() {
      try {
        await executer("pg_ctl", ["-D", donnees, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already stopped.
      }
      await rm(dossier, { recursive: true, force: true });
    },
  };
}

function comptePostgres(): { uid: number; gid: number } {
  const id = (option: string) =>
    Number(spawnSync("id", [option, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** A portal running in a child process. */
export interface PortailLance {
  baseUrl: string;
  port: number;
  dataDir: string;
  processus: ChildProcess;
  /** SIGTERM, then waits for the end. */
  arreter(): Promise<void>;
  /** SIGKILL to the whole process group (tsx and node). */
  tuer(): Promise<void>;
  /** Whether the process still runs. */
  vivant(): boolean;
}

/**
 * Starts the built portal as production does (`NODE_ENV=production tsx
 * server.ts`) on `databaseUrl`, `dataDir`, a free port, demo accounts,
 * with high sign-in limits (the scenarios sign many clients in), logging at
 * warn into `journal`. Resolves once /healthz answers.
 */
export async function lancerPortail(options: {
  databaseUrl: string;
  dataDir: string;
  journal: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<PortailLance> {
  const port = options.port ?? (await portLibre());
  const baseUrl = `http://localhost:${port}`;
  const sortie = createWriteStream(options.journal, { flags: "a" });
  const processus = spawn(join(RACINE, "node_modules/.bin/tsx"), ["server.ts"], {
    cwd: RACINE,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_IP: "100000",
      LOGIN_RATE_LIMIT_ACCOUNT: "100000",
      ...options.env,
    },
  });
  processus.stdout?.pipe(sortie);
  processus.stderr?.pipe(sortie);
  let fini = false;
  const fin = new Promise<void>((resolve) =>
    processus.once("exit", () => {
      fini = true;
      resolve();
    }),
  );
  const limite = Date.now() + 120_000;
  for (;;) {
    if (fini)
      throw new Error(`Le portail s'est arrêté au démarrage (journal : ${options.journal})`);
    const pret = await fetch(`${baseUrl}/healthz`).then(
      (reponse) => reponse.ok,
      () => false,
    );
    if (pret) break;
    if (Date.now() > limite) throw new Error("Le portail n'a pas démarré en 120 s");
    await attendre(250);
  }
  const signaler = (signal: NodeJS.Signals) => {
    try {
      process.kill(-processus.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  return {
    baseUrl,
    port,
    dataDir: options.dataDir,
    processus,
    vivant: () => !fini,
    async arreter() {
      signaler("SIGTERM");
      await Promise.race([fin, attendre(15_000)]);
      if (!fini) signaler("SIGKILL");
      await fin;
    },
    async tuer() {
      signaler("SIGKILL");
      await fin;
    },
  };
}

/** Direct access to a scenario's database (checks after the fact). */
export function poolDe(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", () => undefined);
  return pool;
}

let empreinte: Promise<string> | undefined;
let compteurDemandeurs = 0;

/**
 * A new applicant (his own company, SIREN `prefixe` + 7 digits) written in
 * the database of `pool`, signed in at `baseUrl`: his access token.
 */
export async function nouveauDemandeur(
  pool: pg.Pool,
  baseUrl: string,
  marque: string,
): Promise<{ token: string; email: string; societeId: string }> {
  compteurDemandeurs += 1;
  const numero = compteurDemandeurs;
  empreinte ??= hash(MOT_DE_PASSE);
  const siren = `9${String(Date.now() % 1_000_000).padStart(6, "0")}${String(numero % 100).padStart(2, "0")}`;
  const { rows } = await pool.query<{ id: string }>(
    `insert into societe (siren, raison_sociale, qualites) values ($1, $2, $3) returning id`,
    [siren, `${marque} Structure ${numero}`, ["qualityOp"]],
  );
  const email = `${marque.toLowerCase()}-${numero}-${Date.now()}@exemple.fr`;
  await pool.query(
    `insert into utilisateur (id_idp, email, prenom, nom, roles, password_hash, societe_id)
     values ($1, $2, 'Jeanne', $3, $4, $5, $6)`,
    [
      `${marque}-${numero}-${Date.now()}`,
      email,
      `Titulaire ${numero}`,
      ["demandeur"],
      await empreinte,
      rows[0].id,
    ],
  );
  const { accessToken } = await loginAs(baseUrl, email, MOT_DE_PASSE);
  return { token: accessToken, email, societeId: rows[0].id };
}

/** A browser: its cookie jar, signed in at `baseUrl` as `email`. */
export interface Navigateur {
  jar: CookieJar;
  email: string;
}

/**
 * Signs `email` in as a browser does: /account/login, the provider's form
 * (posted with `Origin`), back to /account/callback, which opens the
 * portal's session (cookie `__session`).
 */
export async function connecterNavigateur(baseUrl: string, email: string): Promise<Navigateur> {
  const jar = new CookieJar();
  let url = `${baseUrl}/account/login`;
  let reponse = await fetchWithJar(jar, url);
  for (let sauts = 0; sauts < 30; sauts += 1) {
    const suite = reponse.headers.get("location");
    if (reponse.status >= 300 && reponse.status < 400 && suite) {
      url = new URL(suite, url).href;
      reponse = await fetchWithJar(jar, url);
      continue;
    }
    const page = await reponse.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
    if (!action || !url.includes("/realms/")) break;
    url = new URL(action.replace(/&amp;/g, "&"), url).href;
    reponse = await fetchWithJar(jar, url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
      body: new URLSearchParams({ email, password: MOT_DE_PASSE }).toString(),
    });
  }
  if (!jar.header().includes("__session"))
    throw new Error(`Connexion du navigateur de ${email} impossible (HTTP ${reponse.status})`);
  return { jar, email };
}

/** A request of a browser (cookies, `Origin` on posts, no automatic redirect). */
export function naviguer(
  baseUrl: string,
  navigateur: Navigateur,
  chemin: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== "GET") headers.set("Origin", baseUrl);
  return fetchWithJar(navigateur.jar, `${baseUrl}${chemin}`, { ...init, headers });
}

/** Deletes `dossier` and what it holds. */
export const supprimer = (dossier: string) => rm(dossier, { recursive: true, force: true });
