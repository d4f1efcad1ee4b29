/**
 * One process per core (ADR 0028): with PostgreSQL, the
 * primary process forks WEB_CONCURRENCY workers (default: one per core)
 * with node:cluster; each runs the whole portal and they share the port
 * (the primary hands connections round-robin). Sessions, rate-limit
 * counters, the identity provider's keys and payloads, jobs and files live
 * in the database or DATA_DIR, so workers are interchangeable. The
 * primary serves nothing: it replaces a worker that dies, relays
 * cache-clearing messages between workers and stops them on SIGTERM/SIGINT.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";

/** Environment variable that gives a worker its rank (1…n); a replacement keeps the rank. */
export const VARIABLE_RANG = "PORTAIL_RANG_PROCESSUS";

/**
 * Message a worker sends (`process.send`) to have `sujet` cleared in every
 * other worker: the primary relays it as is. In-process caches that an
 * action clears (the information banners) use it so that every worker
 * sees the change at once (ADR 0028).
 */
export interface MessageDiffusion {
  type: "portail:diffusion";
  sujet: string;
}

/** Whether `message` is a {@link MessageDiffusion}. */
export function estDiffusion(message: unknown): message is MessageDiffusion {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as MessageDiffusion).type === "portail:diffusion" &&
    typeof (message as MessageDiffusion).sujet === "string"
  );
}

/**
 * How many processes serve HTTP: one with PGlite (the embedded database
 * lives in one process) or HORLOGE_RECETTE (the simulated date lives in
 * the process that was told it); otherwise WEB_CONCURRENCY, or when unset
 * `coeurs` (the machine's, by default) in production and 1 elsewhere
 * (`npm run dev` restarts one process on every change). `raison` says, in French, why an
 * explicit WEB_CONCURRENCY above 1 was not followed (null otherwise).
 */
export function nombreDeProcessus(
  config: Pick<Config, "databaseUrl" | "webConcurrency" | "horlogeRecette" | "production">,
  coeurs: number = availableParallelism(),
): { nombre: number; raison: string | null } {
  const demande = config.webConcurrency ?? (config.production ? coeurs : 1);
  const seul = !config.databaseUrl
    ? "la base embarquée PGlite (DATABASE_URL non défini) ne sert qu'un processus"
    : config.horlogeRecette
      ? "HORLOGE_RECETTE : la date simulée vit dans un seul processus"
      : null;
  if (!seul) return { nombre: Math.max(1, demande), raison: null };
  return {
    nombre: 1,
    raison:
      config.webConcurrency !== null && config.webConcurrency > 1
        ? `WEB_CONCURRENCY=${config.webConcurrency} ignoré : ${seul}`
        : null,
  };
}

/** The rank of this worker (1…n) from {@link VARIABLE_RANG}; 1 outside a cluster. */
export function rangDuProcessus(env: NodeJS.ProcessEnv = process.env): number {
  const rang = Number(env[VARIABLE_RANG]);
  return Number.isInteger(rang) && rang >= 1 ? rang : 1;
}

/** The running cluster, seen from the primary. */
export interface Grappe {
  /** Resolves once every first worker listens. */
  pret: Promise<void>;
  /** pids of the workers alive now, by rank. */
  travailleurs(): Map<number, number>;
  /**
   * Stops every worker (SIGTERM, each closes its server and database) and
   * resolves once all have exited; SIGKILL after `delaiMs` (15 s).
   */
  arreter(delaiMs?: number): Promise<void>;
}

/**
 * Forks `nombre` workers running this same entry point (call it from the
 * primary only, after the one-off start work). A worker that dies after it
 * listened is replaced at once, with the same rank; the others keep
 * serving. A worker that exits before it ever listened failed to start
 * (build missing, database unreachable…): replacing it would loop, so
 * `surEchec` is called (server.ts stops everything, exit code 1).
 */
export function demarrerGrappe(options: {
  nombre: number;
  logger: Logger;
  surEchec: (message: string) => void;
}): Grappe {
  const { nombre, logger } = options;
  const rangs = new Map<Worker, number>();
  const enService = new Set<Worker>();
  let arret = false;
  let premiers = nombre;
  let signalerPret: () => void = () => {};
  const pret = new Promise<void>((resolve) => {
    signalerPret = resolve;
  });

  const lancer = (rang: number) => {
    const worker = cluster.fork({ [VARIABLE_RANG]: String(rang) });
    rangs.set(worker, rang);
    worker.on("listening", () => {
      enService.add(worker);
      logger.info({ rang, pid: worker.process.pid }, "Processus de service prêt");
      premiers -= 1;
      if (premiers === 0) signalerPret();
    });
    worker.on("message", (message: unknown) => {
      if (!estDiffusion(message)) return;
      for (const autre of rangs.keys())
        if (autre !== worker && autre.isConnected()) autre.send(message);
    });
    worker.on("exit", (code, signal) => {
      rangs.delete(worker);
      const avaitServi = enService.delete(worker);
      if (arret) return;
      const details = { rang, pid: worker.process.pid, code, signal };
      if (!avaitServi) {
        options.surEchec(
          `Le processus de service ${rang} s'est arrêté avant d'écouter (code ${code ?? "–"}, signal ${signal ?? "–"}) : démarrage impossible`,
        );
        return;
      }
      logger.error(details, "Processus de service arrêté brutalement : il est remplacé");
      lancer(rang);
    });
  };
  for (let rang = 1; rang <= nombre; rang += 1) lancer(rang);

  return {
    pret,
    travailleurs: () =>
      new Map([...rangs].map(([worker, rang]) => [rang, worker.process.pid ?? 0] as const)),
    arreter: (delaiMs = 15_000) => {
      arret = true;
      const vivants = [...rangs.keys()].filter((worker) => !worker.isDead());
      return Promise.all(
        vivants.map(
          (worker) =>
            new Promise<void>((resolve) => {
              const forcer = setTimeout(() => worker.process.kill("SIGKILL"), delaiMs);
              worker.once("exit", () => {
                clearTimeout(forcer);
                resolve();
              });
              worker.process.kill("SIGTERM");
            }),
        ),
      ).then(() => undefined);
    },
  };
}
