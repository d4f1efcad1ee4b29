import { describe, expect, it } from "vitest";
import { libellePerimetre } from "../../app/components/superviseurs/libelle-perimetre.ts";

const REGIONS = [
  { code: "11", nom: "Île-de-France" },
  { code: "93", nom: "Provence-Alpes-Côte d'Azur" },
];
const DEPARTEMENTS = [
  { code: "75", nom: "Paris", codeRegion: "11" },
  { code: "93", nom: "Seine-Saint-Denis", codeRegion: "11" },
  { code: "13", nom: "Bouches-du-Rhône", codeRegion: "93" },
];

describe("libellePerimetre", () => {
  it("nomme les régions, puis les départements hors de ces régions", () => {
    expect(
      libellePerimetre(
        { regions: ["11"], departements: ["75", "93", "13"] },
        REGIONS,
        DEPARTEMENTS,
      ),
    ).toBe("Île-de-France ; Bouches-du-Rhône (13)");
  });

  it("dit « Aucun » d'un périmètre vide et garde un code inconnu tel quel", () => {
    expect(libellePerimetre({ regions: [], departements: [] }, REGIONS, DEPARTEMENTS)).toBe(
      "Aucun",
    );
    expect(libellePerimetre({ regions: ["99"], departements: [] }, REGIONS, DEPARTEMENTS)).toBe(
      "99",
    );
  });
});
