/**
 * The data a benchmark run measures: a fresh database (a throw-away
 * PostgreSQL database from scripts/test-database.ts, or PGlite in a
 * temporary DATA_DIR) filled by `npm run seed -- --scale N`, then the few
 * objects the measured URLs need, found in the data or created through
 * the API: a deposited request for the file page, and a fresh applicant's
 * draft for the request form step 2.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { openDatabase } from "../api/db/client.ts";
import { cleLuhnValide } from "../contract/validation.ts";
import type { DemandeResume, PeutCreer } from "../contract/schemas/demande.ts";
import type { Page } from "../contract/schemas/listes.ts";
import { appelApi, creerDemandeDeposable, deposer } from "../tests/helpers/demande-api.ts";
import { run } from "./processes.ts";
import { bearerToken, DEMO } from "./sign-in.ts";

export type DatabaseKind = "postgresql" | "pglite";

/** A database made for one run, and its DATA_DIR (secrets, outbox, files, PGlite). */
export interface BenchDatabase {
  kind: DatabaseKind;
  databaseUrl?: string;
  dataDir: string;
  dispose(): Promise<void>;
}

/**
 * Creates the database: PostgreSQL through `scripts/test-database.ts
 * create` (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432),
 * as a copy of the database `modele` when given (already seeded: the
 * scale-10 set takes minutes to write); null when PostgreSQL does not
 * answer. PGlite lives in the DATA_DIR.
 */
export async function createDatabase(
  kind: DatabaseKind,
  modele?: string,
): Promise<BenchDatabase | null> {
  const dataDir = await mkdtemp(join(tmpdir(), `portail-bench-${kind}-`));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === "pglite") return { kind, dataDir, dispose: removeDir };
  const tsx = join("node_modules", ".bin", "tsx");
  const databaseUrl = (
    await run(
      tsx,
      ["scripts/test-database.ts", "create", ...(modele ? [modele] : [])],
      {},
      {
        quiet: true,
      },
    )
  ).trim();
  if (!databaseUrl) {
    await removeDir();
    return null;
  }
  return {
    kind,
    databaseUrl,
    dataDir,
    dispose: async () => {
      await run(tsx, ["scripts/test-database.ts", "drop", databaseUrl], {}, { quiet: true });
      await removeDir();
    },
  };
}

/** `npm run seed -- --scale <scale>` into the database (demo accounts on); returns seconds taken. */
export async function seed(database: BenchDatabase, scale: number): Promise<number> {
  const started = performance.now();
  await run("npm", ["run", "--silent", "seed", "--", "--scale", String(scale)], {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? "",
    DEMO_DATA: "true",
    LOG_LEVEL: "warn",
  });
  return (performance.now() - started) / 1000;
}

/** A SIREN with a valid INSEE key, different on every call. */
function newSiren(): string {
  const base = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  for (let key = 0; key < 10; key++) if (cleLuhnValide(base + key)) return base + key;
  throw new Error("SIREN introuvable");
}

/** Confirmation token of the newest mail to `email` in the outbox (waits up to 10 s). */
async function confirmationToken(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, "outbox");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const mail = await simpleParser(await readFile(join(outbox, name)));
      const to = [mail.to].flat().flatMap((address) => address?.value ?? []);
      if (!to.some((address) => address.address?.toLowerCase() === email)) continue;
      const token = /confirmation\?token=([\w-]+)/.exec(mail.text ?? "")?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Aucun courriel de confirmation pour ${email} dans ${outbox}`);
}

/** A fresh applicant (own company), confirmed, terms accepted, with a draft at step 2. */
export interface FreshApplicant {
  email: string;
  password: string;
  draftId: string;
}

/**
 * Creates an applicant through the public API (POST /api/candidate/create,
 * link of the outbox mail, POST /api/user/accept-cgu) and a draft with
 * steps 1 and 2 filled (no attachment), so that the form's step 2 shows
 * saved answers.
 */
export async function freshApplicant(baseUrl: string, dataDir: string): Promise<FreshApplicant> {
  const siren = newSiren();
  const email = `mesure-${siren}@exemple.fr`;
  const password = "Mesure-Portail-2026!";
  const created = await fetch(`${baseUrl}/api/candidate/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      prenom: "Claire",
      nom: "Mesure",
      email,
      emailConfirmation: email,
      motDePasse: password,
      motDePasseConfirmation: password,
      siren,
      raisonSociale: `Rénov Mesure ${siren}`,
      qualites: ["qualityEcfr"],
      telephone: "01 23 45 67 89",
      acceptationCgu: true,
      acceptationDonneesPersonnelles: true,
    }),
  });
  if (created.status !== 201)
    throw new Error(`Compte demandeur refusé : HTTP ${created.status} ${await created.text()}`);
  const token = await confirmationToken(dataDir, email);
  const confirmed = await fetch(`${baseUrl}/api/user/token-mail-check?token=${token}`);
  if (!confirmed.ok) throw new Error(`Confirmation refusée : HTTP ${confirmed.status}`);
  const bearer = await bearerToken(baseUrl, email, password);
  await appelApi(baseUrl, bearer, "POST", "/user/accept-cgu", {
    consentCgu: "on",
    consentMail: "on",
  });
  const draft = await creerDemandeDeposable(baseUrl, bearer, { rubriques: [] });
  return { email, password, draftId: draft.id };
}

/** What the measured URLs point at. */
export interface Targets {
  /** A request past deposit that the demo superviseur sees (file page). */
  fileId: string;
  /** Rows of the superviseur's list, unfiltered and filtered-and-searched. */
  listRows: number;
  filteredRows: number;
}

/** Query string of the "filtered and searched" list. */
export const FILTERED_QUERY = "etat[]=affectee&query=renov";

/**
 * Finds a deposited request in the superviseur's list; when the list is
 * empty (demo data only), the demo applicant deposits one first (only if
 * it may still create one). Also counts the list's rows.
 */
export async function findTargets(baseUrl: string): Promise<Targets> {
  const superviseur = await bearerToken(baseUrl, DEMO.superviseur);
  const list = () => appelApi<Page<DemandeResume>>(baseUrl, superviseur, "GET", "/demandes");
  let page = await list();
  if (page.result.length === 0) {
    const demandeur = await bearerToken(baseUrl, DEMO.demandeur);
    const allowed = await appelApi<PeutCreer>(
      baseUrl,
      demandeur,
      "GET",
      "/demande/can/deposernouvelledemande",
    );
    if (!allowed.can)
      throw new Error(
        `Aucune demande déposée visible et le demandeur de démonstration ne peut pas en créer : ${allowed.raison}`,
      );
    const draft = await creerDemandeDeposable(baseUrl, demandeur);
    await deposer(baseUrl, demandeur, draft.id);
    page = await list();
  }
  const filtered = await appelApi<Page<DemandeResume>>(
    baseUrl,
    superviseur,
    "GET",
    `/demandes?${FILTERED_QUERY}`,
  );
  return {
    fileId: page.result[0].id,
    listRows: page.nb_elements,
    filteredRows: filtered.nb_elements,
  };
}

/**
 * After the bulk load, VACUUM ANALYZE, as autovacuum would soon do on a
 * live PostgreSQL: ANALYZE refreshes the planner's statistics (without them
 * PGlite's plans would assume empty tables), VACUUM sets the visibility map
 * that lets the lists' counts read their covering index alone (index-only
 * scan) instead of the table. PGlite has no autovacuum: only this does it.
 */
export async function analyze(database: BenchDatabase): Promise<void> {
  const opened = await openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
  });
  try {
    await opened.exec("vacuum analyze");
  } finally {
    await opened.close();
  }
}
