import { describe, expect, it } from "vitest";
import { breadcrumbSegments, type BreadcrumbMatch } from "./breadcrumb-segments";

const root: BreadcrumbMatch = {
  id: "root",
  pathname: "/",
  params: {},
  data: { user: null },
  handle: undefined,
};

function match(
  partial: Partial<BreadcrumbMatch> & Pick<BreadcrumbMatch, "id" | "pathname">,
): BreadcrumbMatch {
  return { params: {}, data: null, handle: undefined, ...partial };
}

describe("fil d'Ariane (spec §2 Breadcrumb)", () => {
  it("n'a aucune entrée sur l'accueil", () => {
    expect(breadcrumbSegments([root, match({ id: "routes/_index", pathname: "/" })])).toEqual([]);
  });

  it("prend le libellé de la route, la dernière entrée étant la page courante", () => {
    expect(
      breadcrumbSegments([
        root,
        match({
          id: "routes/mentions-legales",
          pathname: "/mentions-legales",
          handle: { breadcrumb: "Mentions légales" },
        }),
      ]),
    ).toEqual([{ label: "Mentions légales", href: "/mentions-legales" }]);
  });

  it("saute les routes sans libellé ou dont la fonction renvoie null", () => {
    const segments = breadcrumbSegments([
      root,
      match({
        id: "routes/tous-les-dossiers",
        pathname: "/tous-les-dossiers",
        handle: { breadcrumb: "Tous les dossiers" },
      }),
      match({
        id: "routes/tous-les-dossiers.demande",
        pathname: "/tous-les-dossiers/demande",
        handle: { breadcrumb: () => null },
      }),
      match({
        id: "routes/tous-les-dossiers.demande.$id",
        pathname: "/tous-les-dossiers/demande/12",
      }),
    ]);
    expect(segments).toEqual([{ label: "Tous les dossiers", href: "/tous-les-dossiers" }]);
  });

  it("calcule le libellé d'un segment paramétré à partir des données et des paramètres", () => {
    const segments = breadcrumbSegments([
      root,
      match({
        id: "routes/agrements",
        pathname: "/agrements",
        handle: { breadcrumb: "Agréments" },
      }),
      match({
        id: "routes/agrements.$id",
        pathname: "/agrements/42",
        params: { id: "42" },
        data: { agrement: { numeroAgrement: "MAR-2026-0042" } },
        handle: {
          breadcrumb: (data: unknown, params: Record<string, string | undefined>) =>
            (data as { agrement?: { numeroAgrement: string } }).agrement?.numeroAgrement ??
            `Agrément ${params.id}`,
        },
      }),
    ]);
    expect(segments).toEqual([
      { label: "Agréments", href: "/agrements" },
      { label: "MAR-2026-0042", href: "/agrements/42" },
    ]);
  });

  it("laisse l'écran remplacer le libellé par ses données (clé breadcrumb)", () => {
    const segments = breadcrumbSegments([
      root,
      match({
        id: "routes/demande.$id",
        pathname: "/demande/7",
        data: { breadcrumb: "Dossier n° 2026-007" },
        handle: { breadcrumb: "Demande" },
      }),
    ]);
    expect(segments).toEqual([{ label: "Dossier n° 2026-007", href: "/demande/7" }]);
  });

  it("ignore une surcharge vide et garde le libellé de la route", () => {
    const segments = breadcrumbSegments([
      root,
      match({
        id: "routes/activite",
        pathname: "/activite",
        data: { breadcrumb: "  " },
        handle: { breadcrumb: "Activité" },
      }),
    ]);
    expect(segments).toEqual([{ label: "Activité", href: "/activite" }]);
  });

  it("ne garde qu'une entrée quand une route parente et sa route index partagent l'adresse", () => {
    const segments = breadcrumbSegments([
      root,
      match({
        id: "routes/etablissements",
        pathname: "/etablissements/",
        handle: { breadcrumb: "Établissements" },
      }),
      match({
        id: "routes/etablissements._index",
        pathname: "/etablissements",
        handle: { breadcrumb: "Liste des établissements" },
      }),
    ]);
    expect(segments).toEqual([{ label: "Liste des établissements", href: "/etablissements" }]);
  });
  it("place les pages au-dessus d'un écran hors de sa liste (clé breadcrumbParents)", () => {
    const parents = [{ label: "Tous les dossiers", href: "/tous-les-dossiers/demande" }];
    expect(
      breadcrumbSegments([
        root,
        match({
          id: "routes/dossier.$kind.$id",
          pathname: "/dossier/demande/d1",
          data: { breadcrumb: "Dossier n° MAR-2026-0001", breadcrumbParents: parents },
        }),
      ]),
    ).toEqual([
      { label: "Tous les dossiers", href: "/tous-les-dossiers/demande" },
      { label: "Dossier n° MAR-2026-0001", href: "/dossier/demande/d1" },
    ]);
  });
});
