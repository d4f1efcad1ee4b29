/**
 * The jobs runner (DESIGN §2, §5): pg-boss 12 schedules the jobs of
 * api/jobs/taches.ts in the portal's own database and works them in this
 * process. Several instances may run it at once: pg-boss sends each cron slot
 * once and hands each job to one worker. Started and stopped by
 * server/app.ts when config.jobs is true.
 */
import type { PGlite } from "@electric-sql/pglite";
import { PgBoss, fromPglite, type Db } from "pg-boss";
import type { ApiConfig } from "../config.ts";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import type { Horloge } from "../domain/horloge.ts";
import { createMailer } from "../mail/mailer.ts";
import type { Mailer } from "../mail/types.ts";
import { TACHES, type Tache } from "./taches.ts";
import { TACHE_ANTIVIRUS } from "../domain/analyse-antivirus.ts";
import { surDepot } from "../antivirus/registre.ts";

export interface JobsRunner {
  /** The pg-boss instance (schedules, queues and job states, for inspection). */
  boss: PgBoss;
  /** The jobs this instance schedules and works. */
  taches: readonly Tache[];
  /**
   * Queues job `nom` now, outside its schedule; resolves with the pg-boss job
   * id, or null when one is already waiting. Throws for an unknown job.
   */
  declencher(nom: string): Promise<string | null>;
  /** Stops scheduling and working, waiting for a running job up to 5 s. */
  stop(): Promise<void>;
}

/**
 * pg-boss's `db` option over the embedded PGlite (STACK-NOTES): pg-boss's own
 * adapter (`fromPglite`: a parameterised statement through `query`, its
 * scripts without parameters through `exec` with the rows of every statement,
 * which pg-boss 12 reads, and a ROLLBACK after a failed statement so that the
 * one connection is never left in an aborted transaction), behind a guard:
 * queries in flight are tracked so that `drain` lets the runner stop before
 * the database closes, and refused once it has begun.
 */
function adaptateurPglite(pglite: PGlite) {
  const adaptateur = fromPglite(pglite);
  const enCours = new Set<Promise<unknown>>();
  let ferme = false;
  const db: Db = {
    executeSql(text, values) {
      const promesse = ferme
        ? Promise.reject(new Error("Planificateur arrêté : requête refusée"))
        : adaptateur.executeSql(text, values);
      enCours.add(promesse);
      void promesse.finally(() => enCours.delete(promesse)).catch(() => {});
      return promesse;
    },
  };
  return {
    db,
    async drain() {
      ferme = true;
      await Promise.allSettled([...enCours]);
    },
  };
}

/** The schema of pg-boss's tables in the portal's database. */
const SCHEMA = "pgboss";
/** Where a pg-boss 10 schema is moved aside (see {@link mettreDeCotePgBoss10}). */
export const SCHEMA_PG_BOSS_10 = "pgboss_v10";
/** The first schema version of pg-boss 11 (pg-boss 10.4 left version 24). */
const PREMIERE_VERSION_PG_BOSS_11 = 25;

/**
 * Moves a pg-boss 10 schema aside before pg-boss starts: pg-boss 11 rewrote
 * its tables (schema version 25) without a migration from pg-boss 10's
 * (version 24), and pg-boss 12 refuses to start on one ("Cannot migrate
 * pg-boss schema from version 24: the oldest supported starting version is
 * 25"). Nothing in it is to carry over: schedules and queues are declared
 * again at each start, jobs carry no data (each sweep reads the portal's own
 * tables, the next slot does what a lost job would have done), failures are
 * in the logs. So `pgboss` is renamed {@link SCHEMA_PG_BOSS_10}, kept for an
 * operator (dropped with `DROP SCHEMA pgboss_v10 CASCADE`; renamed back, with
 * pg-boss 10, it undoes the upgrade), and pg-boss installs a schema of its
 * own. Checked again and renamed in one transaction under an advisory lock:
 * of several instances starting at once, one renames, the others find the
 * new schema or none. Resolves with the version moved aside, or null when
 * there was none; throws when {@link SCHEMA_PG_BOSS_10} already exists (an
 * earlier upgrade undone by hand: the operator decides which to keep).
 */
async function mettreDeCotePgBoss10(database: Database): Promise<number | null> {
  const [{ present }] = await database.query<{ present: boolean }>(
    `select to_regclass('${SCHEMA}.version') is not null as present`,
  );
  if (!present) return null;
  const [ligne] = await database.query<{ version: number | null }>(
    `select max(version)::int as version from ${SCHEMA}.version`,
  );
  const version = ligne?.version ?? null;
  if (version === null || version >= PREMIERE_VERSION_PG_BOSS_11) return null;
  await database.exec(`
    do $$
    declare
      version_actuelle int;
    begin
      perform pg_advisory_xact_lock(hashtext('portail-mar:pgboss-10-mis-de-cote'));
      if to_regclass('${SCHEMA}.version') is null then return; end if;
      execute 'select max(version) from ${SCHEMA}.version' into version_actuelle;
      if version_actuelle >= ${PREMIERE_VERSION_PG_BOSS_11} then return; end if;
      if to_regnamespace('${SCHEMA_PG_BOSS_10}') is not null then
        raise exception 'Schéma pg-boss 10 (version %) non mis de côté : le schéma ${SCHEMA_PG_BOSS_10} existe déjà', version_actuelle;
      end if;
      alter schema ${SCHEMA} rename to ${SCHEMA_PG_BOSS_10};
    end
    $$`);
  return version;
}

/**
 * Starts pg-boss on `database` (PGlite through an adapter, PostgreSQL with
 * pg-boss's own small pool on DATABASE_URL), creates its schema on first
 * start (a few seconds; a pg-boss 10 schema is moved aside first, see
 * {@link mettreDeCotePgBoss10}), (re)declares the queues of `taches`
 * (stately: one job waiting and one running at most; no retry) and their
 * schedules (cron in Europe/Paris; schedules of jobs no longer listed are
 * removed) and a worker per job, polling every `pollingIntervalSeconds`
 * (default 10 s). Handler failures are logged and the job marked failed; the
 * next slot tries again. Jobs send their mails through `mailer` (default: one
 * built from `config`, closed on stop). Throws when pg-boss cannot start
 * (database unreachable, schema it cannot migrate).
 */
export async function startJobsRunner(deps: {
  config: ApiConfig;
  database: Database;
  logger: Logger;
  horloge: Horloge;
  mailer?: Mailer;
  taches?: readonly Tache[];
  pollingIntervalSeconds?: number;
}): Promise<JobsRunner> {
  const { config, database, horloge } = deps;
  const logger = deps.logger.child({ module: "jobs" });
  const versionMiseDeCote = await mettreDeCotePgBoss10(database);
  if (versionMiseDeCote !== null)
    logger.warn(
      { version: versionMiseDeCote, schema: SCHEMA_PG_BOSS_10 },
      "Schéma de pg-boss 10 mis de côté : pg-boss installe le sien",
    );
  const mailerPropre = deps.mailer
    ? undefined
    : createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        logger,
        deploye: config.deploye,
      });
  const mailer = deps.mailer ?? mailerPropre!;
  const taches = (deps.taches ?? TACHES).filter((tache) => tache.active?.(config) ?? true);
  let adaptateur: ReturnType<typeof adaptateurPglite> | undefined;
  if (database.kind === "pglite") {
    if (!database.pglite) throw new Error("Base PGlite sans son client : planificateur impossible");
    adaptateur = adaptateurPglite(database.pglite);
  }
  const boss = new PgBoss({
    ...(adaptateur
      ? { db: adaptateur.db, backend: "pglite" as const }
      : { connectionString: config.databaseUrl, max: 3, application_name: "portail-mar-jobs" }),
    schema: SCHEMA,
  });
  let arrete = false;
  boss.on("error", (error) => {
    if (!arrete) logger.error({ err: error }, "Erreur du planificateur de tâches");
  });
  await boss.start();

  const noms = new Set(taches.map((tache) => tache.nom));
  for (const planification of await boss.getSchedules()) {
    if (!noms.has(planification.name)) await boss.unschedule(planification.name, planification.key);
  }
  for (const tache of taches) {
    await boss.createQueue(tache.nom, {
      policy: "stately",
      expireInSeconds: 600,
      // Sweeps are idempotent and run again at the next slot: no retry storm.
      retryLimit: 0,
    });
    await boss.schedule(tache.nom, tache.cron, {}, { tz: "Europe/Paris" });
    await boss.work(
      tache.nom,
      { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 10 },
      async () => {
        const debut = Date.now();
        try {
          const traites = await tache.executer({ config, database, horloge, mailer, logger });
          logger[traites ? "info" : "debug"](
            { tache: tache.nom, traites, dureeMs: Date.now() - debut },
            "Tâche planifiée exécutée",
          );
        } catch (error) {
          logger.error({ err: error, tache: tache.nom }, "Échec d'une tâche planifiée");
          throw error;
        }
      },
    );
  }
  logger.info({ taches: [...noms], base: database.kind }, "Planificateur de tâches démarré");
  for (const tache of taches.filter((candidate) => candidate.auDemarrage))
    await boss.send(tache.nom, {});
  // An upload waiting for the antivirus queues its scan now, not at the next minute (ADR 0030).
  const finReveil = noms.has(TACHE_ANTIVIRUS)
    ? surDepot(database, () => {
        boss.send(TACHE_ANTIVIRUS, {}).catch((error: unknown) => {
          logger.warn({ err: error }, "Analyse antivirus laissée à la minute suivante");
        });
      })
    : undefined;

  return {
    boss,
    taches,
    async declencher(nom) {
      if (!noms.has(nom)) throw new Error(`Tâche inconnue : ${nom}`);
      return boss.send(nom, {});
    },
    async stop() {
      if (arrete) return;
      // From here on, errors of queries cut short by the shutdown are noise.
      arrete = true;
      finReveil?.();
      // Resolves once the running jobs are over, or failed after 5 s.
      await boss.stop({ graceful: true, timeout: 5000, close: true });
      await adaptateur?.drain();
      await mailerPropre?.close();
    },
  };
}
