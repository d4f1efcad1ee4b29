/**
 * The jobs runner (api/jobs/runner.ts) on the test database: PGlite, or
 * PostgreSQL when DATABASE_URL is set. pg-boss really runs: schedules,
 * queues and workers.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumesActivite, societes, utilisateurs } from "../../api/db/schema.ts";
import { SCHEMA_PG_BOSS_10, startJobsRunner, type JobsRunner } from "../../api/jobs/runner.ts";
import { TACHE_TRAVAUX_APRES_VALIDATION, TACHES } from "../../api/jobs/taches.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const logger = createLogger("silent");
let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});

afterAll(async () => {
  // The national activity summary this file's runners computed at start
  // (ADR 0038): another file's central reader must get live figures.
  await portal?.database.db.delete(resumesActivite);
  await portal?.close();
});

/** Waits until pg-boss says job `id` of queue `nom` is over; returns its state. */
async function etatFinal(runner: JobsRunner, nom: string, id: string): Promise<string> {
  const limite = Date.now() + 20_000;
  while (Date.now() < limite) {
    // pg-boss 11 dropped the archive: a finished job stays in its queue's table.
    const [job] = await runner.boss.findJobs(nom, { id });
    if (job && ["completed", "failed", "cancelled"].includes(job.state)) return job.state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`La tâche ${nom} ne s'est pas terminée`);
}

describe("jobs runner (pg-boss)", () => {
  it("schedules every job every 15 minutes in Europe/Paris, works them, then stops", async () => {
    let echecs = 0;
    const runner = await startJobsRunner({
      config: portal.config,
      database: portal.database,
      logger,
      horloge: portal.horloge,
      pollingIntervalSeconds: 0.5,
      taches: [
        ...TACHES,
        {
          nom: "tache-en-echec",
          cron: "0 3 * * *",
          executer: async () => {
            echecs += 1;
            throw new Error("échec voulu");
          },
        },
      ],
    });
    try {
      const planifications = await runner.boss.getSchedules();
      for (const tache of TACHES) {
        // The outbox of post-commit work (ADR 0011) is drained every minute,
        // the national activity summary (ADR 0038) refreshed every minute.
        const cron = [TACHE_TRAVAUX_APRES_VALIDATION, "activite-resume-national"].includes(
          tache.nom,
        )
          ? "* * * * *"
          : "*/15 * * * *";
        expect(planifications).toContainEqual(expect.objectContaining({ name: tache.nom, cron }));
      }
      expect(planifications.find((p) => p.name === TACHES[0].nom)?.options).toMatchObject({
        tz: "Europe/Paris",
      });

      // A pending account whose 72 h are long over, swept through pg-boss.
      const marque = randomUUID();
      const [societe] = await portal.database.db
        .insert(societes)
        .values({ siren: `J${marque.slice(0, 8)}`, raisonSociale: `Tâches ${marque}` })
        .returning();
      await portal.database.db.insert(utilisateurs).values({
        idIdp: marque,
        email: `jobs-${marque}@exemple.fr`,
        roles: ["demandeur"],
        statut: "en_attente",
        societeId: societe.id,
        dateCreation: new Date(portal.horloge.now().getTime() - 80 * 3600 * 1000),
      });
      const id = await runner.declencher("purger-comptes-en-attente");
      expect(id).toBeTruthy();
      expect(await etatFinal(runner, "purger-comptes-en-attente", id!)).toBe("completed");
      expect(
        await portal.database.db.select().from(utilisateurs).where(eq(utilisateurs.idIdp, marque)),
      ).toEqual([]);
      expect(
        await portal.database.db.select().from(societes).where(eq(societes.id, societe.id)),
      ).toEqual([]);

      const enEchec = await runner.declencher("tache-en-echec");
      expect(await etatFinal(runner, "tache-en-echec", enEchec!)).toBe("failed");
      expect(echecs).toBe(1);
      await expect(runner.declencher("inconnue")).rejects.toThrow("Tâche inconnue");
    } finally {
      await runner.stop();
    }
    // Schedules stay in the database for the next start; a job removed from
    // the table is unscheduled then.
    const suivant = await startJobsRunner({
      config: portal.config,
      database: portal.database,
      logger,
      horloge: portal.horloge,
    });
    try {
      const noms = (await suivant.boss.getSchedules()).map((p) => p.name);
      expect(noms).not.toContain("tache-en-echec");
      expect(noms).toEqual(expect.arrayContaining(TACHES.map((tache) => tache.nom)));
    } finally {
      await suivant.stop();
    }
  });

  it("starts with the portal when JOBS is true and stops when it closes", async () => {
    const avecTaches = await startTestPortal({ JOBS: "true" });
    try {
      expect(avecTaches.config.jobs).toBe(true);
      const planifications = await avecTaches.database.query<{ name: string }>(
        "select name from pgboss.schedule order by name",
      );
      expect(planifications.map((p) => p.name)).toEqual(
        expect.arrayContaining(TACHES.map((tache) => tache.nom)),
      );
    } finally {
      await avecTaches.close();
    }
  });

  it("moves a pg-boss 10 schema aside, which pg-boss 12 cannot migrate, and installs its own", async () => {
    const { database } = portal;
    const demarrer = () =>
      startJobsRunner({
        config: portal.config,
        database,
        logger,
        horloge: portal.horloge,
        pollingIntervalSeconds: 0.5,
      });
    const pgBoss10 = await readFile(
      join(import.meta.dirname, "../fixtures/pgboss-10/schema.sql"),
      "utf8",
    );
    // The pg-boss 12 schema of the tests above makes way for an older portal's.
    await database.exec(`drop schema pgboss cascade; ${pgBoss10}`);

    const runner = await demarrer();
    try {
      expect(await runner.boss.schemaVersion()).toBeGreaterThan(24);
      const noms = (await runner.boss.getSchedules()).map((p) => p.name);
      expect(noms).toEqual(expect.arrayContaining(TACHES.map((tache) => tache.nom)));
      expect(noms).not.toContain("tache-retiree");
      const id = await runner.declencher("purger-comptes-en-attente");
      expect(await etatFinal(runner, "purger-comptes-en-attente", id!)).toBe("completed");
    } finally {
      await runner.stop();
    }
    // Kept as it was, for an operator to look at or drop.
    expect(await database.query(`select version from ${SCHEMA_PG_BOSS_10}.version`)).toEqual([
      { version: 24 },
    ]);
    expect(
      await database.query(`select name from ${SCHEMA_PG_BOSS_10}.schedule order by name`),
    ).toEqual([{ name: "purger-comptes-en-attente" }, { name: "tache-retiree" }]);

    // The next start finds pg-boss 12's schema and leaves both alone.
    await (await demarrer()).stop();
    // A pg-boss 10 schema again, beside the one already set aside: the
    // operator chooses; pg-boss does not start.
    await database.exec(`drop schema pgboss cascade; ${pgBoss10}`);
    await expect(demarrer()).rejects.toThrow(`le schéma ${SCHEMA_PG_BOSS_10} existe déjà`);
    await database.exec(`drop schema pgboss cascade; drop schema ${SCHEMA_PG_BOSS_10} cascade`);
  });

  it("is on by default and off with JOBS=false (README « Paramètres »)", () => {
    const dataDir = portal.config.dataDir;
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }).jobs).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, JOBS: "false" }).jobs).toBe(false);
    expect(portal.config.jobs).toBe(false);
  });
});
