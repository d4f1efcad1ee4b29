/**
 * The database out of reach (ADR 0032): the API answers
 * 503 with `Retry-After` and a French message, never 500, and answers again
 * as soon as the database is back, without a restart of the portal. Over
 * HTTP on a real portal; the cut is made in front of its database (every
 * query fails as node-postgres fails when PostgreSQL refuses connections).
 * The real restart of PostgreSQL under load is `npm run fiabilite`
 * (docs/fiabilite.md).
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { estErreurConnexionBase } from "../../api/http/erreurs-base.ts";
import { createPortal, type Portal } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { apiFetchProtege, sessionsProtegees } from "../../server/indisponibilite.ts";
import { loginAs } from "../helpers/oidc-login.ts";
import { freePort } from "../helpers/portal.ts";

const MOT_DE_PASSE = "Anah-Demo-2026!";
const TEXTE_503 =
  "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.";

/** The error node-postgres raises when PostgreSQL refuses the connection. */
function refusConnexion(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
    errno: -111,
    syscall: "connect",
  });
}

/**
 * `database` whose queries all fail with {@link refusConnexion} while
 * `coupure.active` is true: its drizzle handle throws on first use, its raw
 * `query` and `exec` reject.
 */
function baseCoupable(database: Database, coupure: { active: boolean }): Database {
  const db = new Proxy(database.db, {
    get(cible, nom, recepteur) {
      if (coupure.active) throw refusConnexion();
      return Reflect.get(cible, nom, recepteur);
    },
  });
  return {
    ...database,
    db,
    exec: (texte) => (coupure.active ? Promise.reject(refusConnexion()) : database.exec(texte)),
    query: (texte, params) =>
      coupure.active ? Promise.reject(refusConnexion()) : database.query(texte, params),
    close: () => database.close(),
  };
}

let portal: Portal;
let server: Server;
let baseUrl: string;
let dataDir: string;
const coupure = { active: false };

beforeAll(async () => {
  const port = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), "portail-mar-base-indisponible-"));
  baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    DEMO_DATA: "true",
    JOBS: "false",
  });
  const reelle = await openDatabase({ dataDir: ":memory:", databaseUrl: process.env.DATABASE_URL });
  portal = await createPortal(config, createLogger("silent"), {
    remix: false,
    database: baseCoupable(reelle, coupure),
  });
  server = await new Promise((resolve) => {
    const ecoute = portal.app.listen(port, () => resolve(ecoute));
  });
}, 120_000);

afterAll(async () => {
  coupure.active = false;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await portal?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("base de données injoignable", () => {
  it("répond 503 avec Retry-After et un message en français, puis de nouveau 200 sans redémarrage", async () => {
    const { accessToken } = await loginAs(baseUrl, "instructeur@demo.anah.gouv.fr", MOT_DE_PASSE);
    const compte = () =>
      fetch(`${baseUrl}/api/user/account`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect((await compte()).status).toBe(200);

    coupure.active = true;
    const pendant = await compte();
    expect(pendant.status).toBe(503);
    expect(pendant.headers.get("retry-after")).toBe("5");
    expect(pendant.headers.get("cache-control")).toBe("no-store");
    expect(await pendant.json()).toEqual({ message: TEXTE_503 });

    // A public route reading the database; the readiness probe says it too.
    const regions = await fetch(`${baseUrl}/api/regions`);
    expect(regions.status).toBe(503);
    expect(regions.headers.get("retry-after")).toBe("5");
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(503);

    coupure.active = false;
    const apres = await compte();
    expect(apres.status).toBe(200);
    expect(((await apres.json()) as { email: string }).email).toBe("instructeur@demo.anah.gouv.fr");
  });
});

describe("erreurs de connexion reconnues", () => {
  it("reconnaît les erreurs de connexion de node-postgres et de PostgreSQL, enveloppées ou non", () => {
    const arretAdmin = Object.assign(
      new Error("terminating connection due to administrator command"),
      { code: "57P01", severity: "FATAL" },
    );
    const enveloppee = Object.assign(new Error("Failed query: select 1"), { cause: arretAdmin });
    expect(estErreurConnexionBase(refusConnexion())).toBe(true);
    expect(estErreurConnexionBase(enveloppee)).toBe(true);
    expect(estErreurConnexionBase(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(estErreurConnexionBase(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(
      estErreurConnexionBase(
        Object.assign(new Error("the database system is starting up"), {
          code: "57P03",
        }),
      ),
    ).toBe(true);
    expect(
      estErreurConnexionBase(Object.assign(new Error("connection failure"), { code: "08006" })),
    ).toBe(true);
    expect(
      estErreurConnexionBase(new AggregateError([refusConnexion(), refusConnexion()], "")),
    ).toBe(true);
  });

  it("laisse les autres erreurs de base pour ce qu'elles sont", () => {
    const doublon = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
    });
    expect(estErreurConnexionBase(doublon)).toBe(false);
    expect(
      estErreurConnexionBase(Object.assign(new Error("Failed query"), { cause: doublon })),
    ).toBe(false);
    expect(estErreurConnexionBase(new Error('relation "x" does not exist'))).toBe(false);
    expect(estErreurConnexionBase(null)).toBe(false);
  });
});

describe("pages : sessions et appels à l'API", () => {
  it("une session illisible faute de base devient une réponse 503 avec Retry-After", async () => {
    const stockage = sessionsProtegees({
      getSession: () => Promise.reject(refusConnexion()),
      commitSession: () => Promise.reject(refusConnexion()),
      destroySession: () => Promise.reject(new Error("autre panne")),
    });
    const levee = await stockage.getSession("__session=x").catch((erreur: unknown) => erreur);
    expect(levee).toBeInstanceOf(Response);
    expect((levee as Response).status).toBe(503);
    expect((levee as Response).headers.get("retry-after")).toBe("5");
    expect(await (levee as Response).text()).toBe(TEXTE_503);
    await expect(stockage.destroySession({} as never)).rejects.toThrow("autre panne");
  });

  it("un 503 de l'API devient une réponse 503 de la page ; les autres réponses passent", async () => {
    const appel = apiFetchProtege(async (url) =>
      url.endsWith("/panne")
        ? new Response(JSON.stringify({ message: TEXTE_503 }), { status: 503 })
        : new Response("{}", { status: 404 }),
    );
    const levee = await appel("http://api/panne").catch((erreur: unknown) => erreur);
    expect((levee as Response).status).toBe(503);
    expect((levee as Response).headers.get("retry-after")).toBe("5");
    expect((await appel("http://api/autre")).status).toBe(404);
  });
});
