import { describe, expect, it } from "vitest";
import { DEFAULT_TITLE, pageTitle } from "./title";
import { truncate } from "./truncate";

describe("titres de page (spec §1)", () => {
  it("suit le modèle « page | titre par défaut »", () => {
    expect(pageTitle("Mentions légales")).toBe(`Mentions légales | ${DEFAULT_TITLE}`);
    expect(pageTitle("Mentions légales").split(" | ")).toHaveLength(2);
  });

  it("donne le titre par défaut seul pour une page sans titre", () => {
    expect(pageTitle("  ")).toBe(DEFAULT_TITLE);
  });
});

describe("troncature du titre de l'en-tête (spec §9 : 45 caractères)", () => {
  it("laisse un texte court intact", () => {
    expect(truncate("Mon Accompagnateur Rénov'", 45)).toBe("Mon Accompagnateur Rénov'");
    expect(truncate("a".repeat(45), 45)).toBe("a".repeat(45));
  });

  it("coupe à 45 caractères, points de suspension compris", () => {
    const cut = truncate(
      "Portail des agréments Mon Accompagnateur Rénov' de l'Agence nationale de l'habitat",
      45,
    );
    expect(Array.from(cut)).toHaveLength(45);
    expect(cut.endsWith("…")).toBe(true);
  });

  it("ne laisse pas d'espace avant les points de suspension", () => {
    expect(truncate("abc defgh", 5)).toBe("abc…");
  });

  it("ne coupe jamais un caractère en deux", () => {
    expect(truncate("ééééé😀😀😀", 7)).toBe("ééééé😀…");
  });
});
