/**
 * Every endpoint the portal serves under /api is in /api/openapi.json: the
 * routes are read from the Express application itself, its
 * whole stack walked from the top, mount paths joined on the way down, so
 * that a route registered by hand (not through contract/api), a router
 * mounted on a sub-path, or a middleware answering on a path of its own is
 * found as well as the routes of the API router.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

/**
 * Served "METHOD /path" under /api that need not be documented. None today:
 * the API router's middlewares on "/" (JSON parser, 404 and error handlers)
 * answer no path of their own. A technical route (a health probe under /api,
 * say) would be listed here with its reason.
 */
const ROUTES_TECHNIQUES: readonly string[] = [];

/** An Express 5 (router 2) layer: a route, a mounted router, or a middleware. */
interface Couche {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: unknown;
}

const sousPile = (couche: Couche) => (couche.handle as { stack?: Couche[] } | undefined)?.stack;

/** `prefixe` + `chemin` as Express joins a mount path and a route path. */
function joindre(prefixe: string, chemin: string): string {
  if (chemin === "/" || chemin === "") return prefixe || "/";
  return `${prefixe}${chemin.startsWith("/") ? "" : "/"}${chemin}`;
}

/**
 * "METHOD /full/path" of every route of `pile`, and "USE /path" of every
 * middleware (not a router) mounted on a path other than "/", which could
 * answer requests of its own; a path that is not a string (RegExp) as
 * "METHOD ?<source>", so that it fails the comparison instead of hiding.
 */
function routes(pile: Couche[], prefixe = ""): string[] {
  const trouvees: string[] = [];
  for (const couche of pile) {
    const chemins = (
      couche.route
        ? [couche.route.path]
        : Array.isArray(couche.rawPath)
          ? couche.rawPath
          : [couche.rawPath ?? "/"]
    ).map((chemin) =>
      typeof chemin === "string" ? joindre(prefixe, chemin) : `?${String(chemin)}`,
    );
    if (couche.route) {
      for (const chemin of chemins)
        for (const [methode, active] of Object.entries(couche.route.methods))
          if (active)
            trouvees.push(`${methode === "_all" ? "ALL" : methode.toUpperCase()} ${chemin}`);
      continue;
    }
    const sous = sousPile(couche);
    for (const chemin of chemins) {
      if (sous) trouvees.push(...routes(sous, chemin === "/" ? prefixe : chemin));
      else if (chemin !== (prefixe || "/")) trouvees.push(`USE ${chemin}`);
    }
  }
  return trouvees;
}

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

describe("chaque point servi sous /api est dans /api/openapi.json", () => {
  it("les routes montées sous /api sont toutes des opérations documentées", async () => {
    const app = portal.app as unknown as { router: { stack: Couche[] } };
    const servies = routes(app.router.stack).filter((route) => /^[A-Z]+ \/api(\/|$)/.test(route));
    const document = (await (await fetch(`${portal.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documentees = new Set(
      Object.entries(document.paths).flatMap(([chemin, operations]) =>
        Object.keys(operations).map(
          (methode) => `${methode.toUpperCase()} /api${chemin.replace(/\{(\w+)\}/g, ":$1")}`,
        ),
      ),
    );
    const nonDocumentees = servies.filter(
      (route) => !documentees.has(route) && !ROUTES_TECHNIQUES.includes(route),
    );
    expect(nonDocumentees).toEqual([]);
    // The walk did reach the API router: its first and last routes are found.
    expect(servies).toContain("GET /api/openapi.json");
    expect(servies).toContain("PUT /api/administration/fonctionnalites/:fonctionnalite");
    expect(servies.length).toBeGreaterThanOrEqual(107);
  });
});
