/**
 * Coverage of a perimeter (contract/perimetre.ts; spec §3 Perimeter form,
 * §5 Perimeter, DESIGN §4), on real codes: Île-de-France (11) with Paris
 * (75) and Seine-Saint-Denis (93); Auvergne-Rhône-Alpes (84) with the
 * Rhône (69), the Métropole de Lyon (EPCI 200046977) and Lyon (69123).
 */
import { describe, expect, it } from "vitest";
import {
  couvre,
  departementsCouverts,
  departementsHorsRegions,
  perimetreVide,
} from "../../contract/perimetre.ts";

const LYON = { region: "84", departement: "69", epci: "200046977", commune: "69123" };
const SAINT_DENIS = { region: "11", departement: "93", epci: "200054781", commune: "93066" };

describe("couvre : un périmètre couvre-t-il un lieu ?", () => {
  it("une région couvre les communes de ses départements", () => {
    expect(couvre({ regions: ["84"] }, LYON)).toBe(true);
    expect(couvre({ regions: ["11"] }, LYON)).toBe(false);
  });

  it("un département couvre ses communes, quel que soit leur EPCI", () => {
    expect(couvre({ departements: ["69"] }, LYON)).toBe(true);
    expect(couvre({ departements: ["75"] }, SAINT_DENIS)).toBe(false);
  });

  it("un EPCI couvre ses communes ; une commune se couvre elle-même", () => {
    expect(couvre({ epcis: ["200046977"] }, LYON)).toBe(true);
    expect(couvre({ communes: ["69123"] }, LYON)).toBe(true);
    expect(couvre({ communes: ["69381"] }, LYON)).toBe(false);
  });

  it("une région couvre un département qu'on situe par sa seule région", () => {
    expect(couvre({ regions: ["11"] }, { region: "11", departement: "93" })).toBe(true);
    expect(couvre({ departements: ["75"] }, { region: "11", departement: "93" })).toBe(false);
  });

  it("ne couvre rien de ce qu'on ne sait pas situer, ni rien avec un périmètre vide", () => {
    expect(couvre({ regions: ["11"] }, { region: null, departement: null })).toBe(false);
    expect(couvre({ regions: ["11"] }, {})).toBe(false);
    expect(couvre({}, LYON)).toBe(false);
    expect(couvre({ regions: [], departements: [], epcis: [], communes: [] }, LYON)).toBe(false);
  });
});

describe("départements couverts par un périmètre", () => {
  const departements = [
    { code: "75", codeRegion: "11" },
    { code: "93", codeRegion: "11" },
    { code: "69", codeRegion: "84" },
    { code: "01", codeRegion: "84" },
  ];

  it("sont les départements choisis puis ceux des régions choisies, sans doublon", () => {
    expect(departementsCouverts({ regions: ["11"], departements: ["69"] }, departements)).toEqual([
      "69",
      "75",
      "93",
    ]);
    expect(departementsCouverts({ regions: ["11"], departements: ["93"] }, departements)).toEqual([
      "93",
      "75",
    ]);
    expect(departementsCouverts({ epcis: ["200046977"] }, departements)).toEqual([]);
  });

  it("hors régions : un département déjà compris dans une région choisie n'est pas gardé", () => {
    const regionDe = (code: string) => departements.find((d) => d.code === code)?.codeRegion;
    expect(
      departementsHorsRegions({ regions: ["11"], departements: ["75", "69", "93"] }, regionDe),
    ).toEqual(["69"]);
    expect(departementsHorsRegions({ departements: ["75", "69"] }, regionDe)).toEqual(["75", "69"]);
    // A département of unknown région stays: the caller reports the unknown code.
    expect(departementsHorsRegions({ regions: ["11"], departements: ["999"] }, regionDe)).toEqual([
      "999",
    ]);
  });
});

describe("périmètre vide (spec §5 : au moins une zone)", () => {
  it("est vide sans aucune zone, à aucun niveau", () => {
    expect(perimetreVide({})).toBe(true);
    expect(perimetreVide({ regions: [], departements: [], epcis: [], communes: [] })).toBe(true);
  });

  it("n'est pas vide avec une seule zone, à n'importe quel niveau", () => {
    expect(perimetreVide({ regions: ["11"] })).toBe(false);
    expect(perimetreVide({ departements: ["69"] })).toBe(false);
    expect(perimetreVide({ epcis: ["200046977"] })).toBe(false);
    expect(perimetreVide({ communes: ["69123"] })).toBe(false);
  });
});
