import { describe, expect, it } from "vitest";
import { normaliserRecherche } from "../../contract/texte.ts";

describe("normaliserRecherche (spec §5: ignore accents and case, trim)", () => {
  it("removes accents, case, punctuation and surrounding spaces", () => {
    expect(normaliserRecherche("  Saint-Étienne ")).toBe("saint etienne");
    expect(normaliserRecherche("SAINT ETIENNE")).toBe("saint etienne");
    expect(normaliserRecherche("L'Haÿ-les-Roses")).toBe("l hay les roses");
  });

  it("spells out ligatures", () => {
    expect(normaliserRecherche("Œuilly")).toBe("oeuilly");
  });

  it("keeps digits", () => {
    expect(normaliserRecherche("Paris 15e")).toBe("paris 15e");
  });
});
