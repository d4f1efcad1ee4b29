import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DejaPlie, TableauDonnees } from "./tableau-donnees";

const rendu = (nombre: number) =>
  renderToStaticMarkup(
    createElement(TableauDonnees, {
      legende: "Dossiers par département",
      entetes: ["Département", "Dossiers"],
      lignes: Array.from({ length: nombre }, (_, rang) => [`Département ${rang + 1}`, rang]),
    }),
  );

describe("TableauDonnees : une page qui tient, à 375 px aussi", () => {
  it("montre un tableau de 30 lignes tel quel", () => {
    const html = rendu(30);
    expect(html).not.toContain("<details");
    expect(html.match(/<tr>/g)).toHaveLength(31);
  });

  it("plie un tableau de 31 lignes, fermé, son titre et sa taille dans le résumé", () => {
    const html = rendu(31);
    expect(html).toMatch(
      /^<details class="fr-mb-2w"><summary[^>]*>Dossiers par département \(31 lignes\)<\/summary>/,
    );
    expect(html).not.toContain("<details open");
    expect(html).toContain("<caption>Dossiers par département</caption>");
    expect(html.match(/<tr>/g)).toHaveLength(32);
  });

  it("ne replie pas un tableau déjà dans un pli (les données d'un graphique)", () => {
    const dansUnPli = renderToStaticMarkup(
      createElement(
        DejaPlie.Provider,
        { value: true },
        createElement(TableauDonnees, {
          legende: "Dépôts par mois",
          entetes: ["Mois", "Dépôts"],
          lignes: Array.from({ length: 31 }, (_, rang) => [`Mois ${rang + 1}`, rang]),
        }),
      ),
    );
    expect(dansUnPli).not.toContain("<details");
    expect(dansUnPli.match(/<tr>/g)).toHaveLength(32);
  });
});
