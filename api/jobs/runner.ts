/**
 * The jobs runner (DESIGN §2, §5): pg-boss 10 schedules the jobs of
 * api/jobs/taches.ts in the portal's own database and works them in this
 * process. Several instances may run it at once: pg-boss sends each cron slot
 * once and hands each job to one worker. Started and stopped by
 * server/app.ts when config.jobs is true.
 */
import PgBoss from "pg-boss";
import type { ApiConfig } from "../config.ts";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import type { Horloge } from "../domain/horloge.ts";
import { createMailer } from "../mail/mailer.ts";
import type { Mailer } from "../mail/types.ts";
import { TACHES, type Tache } from "./taches.ts";
import { TACHE_ANTIVIRUS } from "../antivirus/analyse.ts";
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

/** PGlite rejects several statements in one prepared query with this text. */
const PLUSIEURS_INSTRUCTIONS = /multiple commands/i;

/**
 * pg-boss's `db` option over the embedded PGlite (STACK-NOTES): one
 * parameterised statement goes through `query`; pg-boss's schema and
 * maintenance scripts, several statements without parameters, through
 * `exec` (their results are not read). Queries in flight are tracked so that
 * `drain` lets the runner stop before the database closes.
 */
function adaptateurPglite(database: Database) {
  const enCours = new Set<Promise<unknown>>();
  let ferme = false;
  async function executer(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (ferme) throw new Error("Planificateur arrêté : requête refusée");
    if (values && values.length > 0) return { rows: await database.query(text, values) };
    try {
      return { rows: await database.query(text) };
    } catch (error) {
      if (!PLUSIEURS_INSTRUCTIONS.test((error as Error).message ?? "")) throw error;
      await database.exec(text);
      return { rows: [] };
    }
  }
  return {
    executeSql(text: string, values?: unknown[]) {
      const promesse = executer(text, values);
      enCours.add(promesse);
      void promesse.finally(() => enCours.delete(promesse)).catch(() => {});
      return promesse;
    },
    async drain() {
      ferme = true;
      await Promise.allSettled([...enCours]);
    },
  };
}

/**
 * Starts pg-boss on `database` (PGlite through an adapter, PostgreSQL with
 * pg-boss's own small pool on DATABASE_URL), creates its schema on first
 * start (a few seconds), (re)declares the schedules of `taches` (cron in
 * Europe/Paris; schedules of jobs no longer listed are removed) and a worker
 * per job, polling every `pollingIntervalSeconds` (default 10 s). Handler
 * failures are logged and the job marked failed; the next slot tries again.
 * Jobs send their mails through `mailer` (default: one built from `config`,
 * closed on stop).
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
  const adaptateur = database.kind === "pglite" ? adaptateurPglite(database) : undefined;
  const boss = new PgBoss({
    ...(adaptateur
      ? { db: adaptateur as PgBoss.Db }
      : { connectionString: config.databaseUrl, max: 3, application_name: "portail-mar-jobs" }),
    schema: "pgboss",
    // Sweeps are idempotent and run again at the next slot: no retry storm.
    retryLimit: 0,
  });
  let arrete = false;
  boss.on("error", (error) => {
    if (!arrete) logger.error({ err: error }, "Erreur du planificateur de tâches");
  });
  await boss.start();

  const noms = new Set(taches.map((tache) => tache.nom));
  for (const planification of await boss.getSchedules()) {
    if (!noms.has(planification.name)) await boss.unschedule(planification.name);
  }
  for (const tache of taches) {
    await boss.createQueue(tache.nom, { name: tache.nom, policy: "stately", expireInSeconds: 600 });
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
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: true });
      await adaptateur?.drain();
      await mailerPropre?.close();
    },
  };
}
