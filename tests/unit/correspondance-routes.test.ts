/**
 * The patch of @remix-run/router (patches/, applied by `npm ci` through
 * postinstall; ADR 0029): the ranked branches of a routes
 * tree are kept between matches, and a path's matcher is compiled once.
 * Matching must answer as the unpatched router does, on the first match,
 * on the next ones, and after the tree changed (routes patched in).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";

/** `id{params}` of each match, root first; null when nothing matches. */
function correspondances(routes: AgnosticRouteObject[], chemin: string): string[] | null {
  return (
    matchRoutes(routes, chemin)?.map(
      (match) => `${match.route.id}${JSON.stringify(match.params)}`,
    ) ?? null
  );
}

function arbre(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "accueil", index: true },
        { id: "dossier", path: "dossier/:kind/:id" },
        { id: "liste", path: "tous-les-dossiers/:onglet" },
        { id: "liste-index", path: "tous-les-dossiers" },
        { id: "optionnel", path: "rapport/:annee?" },
        { id: "introuvable", path: "*" },
      ],
    },
  ];
}

describe("correspondance des routes (@remix-run/router corrigé)", () => {
  it("the installed router carries the patch (postinstall ran patch-package)", () => {
    const fichier = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(readFileSync(fichier, "utf8")).toContain("rankedBranchesCache");
  });

  it("matches the most specific route, the same way on every call", () => {
    const routes = arbre();
    for (let essai = 0; essai < 3; essai += 1) {
      expect(correspondances(routes, "/dossier/demande/12")).toEqual([
        'root{"kind":"demande","id":"12"}',
        'dossier{"kind":"demande","id":"12"}',
      ]);
      expect(correspondances(routes, "/tous-les-dossiers")).toEqual(["root{}", "liste-index{}"]);
      expect(correspondances(routes, "/tous-les-dossiers/demande")).toEqual([
        'root{"onglet":"demande"}',
        'liste{"onglet":"demande"}',
      ]);
      expect(correspondances(routes, "/")).toEqual(["root{}", "accueil{}"]);
      expect(correspondances(routes, "/rapport")).toEqual(["root{}", "optionnel{}"]);
      expect(correspondances(routes, "/rapport/2026")).toEqual([
        'root{"annee":"2026"}',
        'optionnel{"annee":"2026"}',
      ]);
      expect(correspondances(routes, "/autre/chose")).toEqual([
        'root{"*":"autre/chose"}',
        'introuvable{"*":"autre/chose"}',
      ]);
    }
  });

  it("sees a route added, a path changed or a route replaced after a first match", () => {
    const routes = arbre();
    expect(correspondances(routes, "/aide/faq")).toEqual([
      'root{"*":"aide/faq"}',
      'introuvable{"*":"aide/faq"}',
    ]);
    routes[0].children!.push({ id: "faq", path: "aide/faq" });
    expect(correspondances(routes, "/aide/faq")).toEqual(["root{}", "faq{}"]);
    routes[0].children![6].path = "aide/questions";
    expect(correspondances(routes, "/aide/questions")).toEqual(["root{}", "faq{}"]);
    expect(correspondances(routes, "/aide/faq")).toEqual([
      'root{"*":"aide/faq"}',
      'introuvable{"*":"aide/faq"}',
    ]);
    routes[0].children![1] = { id: "fiche", path: "dossier/:kind/:id" };
    expect(correspondances(routes, "/dossier/demande/12")).toEqual([
      'root{"kind":"demande","id":"12"}',
      'fiche{"kind":"demande","id":"12"}',
    ]);
  });

  it("matchPath keeps its case and end options with compiled paths reused", () => {
    expect(matchPath("/dossier/:id", "/DOSSIER/7")?.params).toEqual({ id: "7" });
    expect(matchPath({ path: "/dossier/:id", caseSensitive: true }, "/DOSSIER/7")).toBeNull();
    expect(matchPath({ path: "/dossier", end: false }, "/dossier/7")?.pathname).toBe("/dossier");
    expect(matchPath({ path: "/dossier", end: true }, "/dossier/7")).toBeNull();
  });
});
