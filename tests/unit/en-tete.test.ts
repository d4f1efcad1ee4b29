/**
 * The header's service title (spec §2 "Header and menu": "the application
 * title truncated at 45 characters"; spec §9), on the rendered header.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EnTete } from "../../contract/gabarit/en-tete.tsx";

/** The text of the header's `.fr-header__service-title`. */
function titreAffiche(titre?: string): string {
  const html = renderToStaticMarkup(createElement(EnTete, { accesRapides: null, titre }));
  const trouve = /<p class="fr-header__service-title">([^<]*)<\/p>/.exec(html);
  if (!trouve) throw new Error("Pas de titre de service dans l'en-tête");
  return trouve[1].replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
}

describe("header title", () => {
  it("shows the portal's name whole", () => {
    expect(titreAffiche()).toBe("Mon Accompagnateur Rénov'");
  });

  it("keeps a 45-character title whole and cuts a longer one to 45 with '…'", () => {
    const quaranteCinq = "Agrément des opérateurs Mon Accompagnateur Ré";
    expect([...quaranteCinq]).toHaveLength(45);
    expect(titreAffiche(quaranteCinq)).toBe(quaranteCinq);
    expect(titreAffiche("Agrément des opérateurs Mon Accompagnateur Rénov' de l'Anah")).toBe(
      "Agrément des opérateurs Mon Accompagnateur R…",
    );
  });
});
