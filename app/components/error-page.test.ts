import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorPage, errorKindOf } from "./error-page";

/** The error page as the root ErrorBoundary renders it for `status`. */
const page = (status: number) =>
  renderToStaticMarkup(createElement(ErrorPage, { kind: errorKindOf(status), status }));

describe("page d'erreur (spec §8 « Page titles »)", () => {
  it("titre « Erreur Serveur » et sous-titre « Une erreur est survenue » pour toute erreur 5xx", () => {
    for (const status of [500, 502, 503]) {
      const html = page(status);
      expect(html).toContain("<h1>Erreur Serveur</h1>");
      expect(html).toContain(`Erreur ${status}`);
      expect(html).toContain('<p class="fr-text--lead fr-mb-3w">Une erreur est survenue</p>');
    }
  });

  it("titre « Page non trouvée » pour 404 et « Non Autorisé » pour 403", () => {
    expect(page(404)).toContain("<h1>Page non trouvée</h1>");
    expect(page(403)).toContain("<h1>Non Autorisé</h1>");
  });
});
