import { describe, expect, it } from "vitest";
import type { PerimetreNomme } from "#contract/schemas/etablissement";
import { badgeEtablissement, formaterSiret, resumePerimetre } from "./presentation";

const vide: PerimetreNomme = { regions: [], departements: [], epcis: [], communes: [] };

describe("l'écriture d'un établissement dans les pages du demandeur", () => {
  it("groupe le SIRET : SIREN par trois chiffres, puis le NIC", () => {
    expect(formaterSiret("83291547400015")).toBe("832 915 474 00015");
    expect(formaterSiret("8329")).toBe("8329");
  });

  it("résume le périmètre du plus large au plus fin, les départements avec leur code", () => {
    expect(resumePerimetre(vide)).toBe("Aucun territoire");
    expect(resumePerimetre({ ...vide, regions: [{ code: "11", nom: "Île-de-France" }] })).toBe(
      "Île-de-France",
    );
    expect(
      resumePerimetre({
        ...vide,
        departements: [{ code: "75", nom: "Paris" }],
        communes: [{ code: "94080", nom: "Vincennes" }],
      }),
    ).toBe("Paris (75) et Vincennes");
    expect(
      resumePerimetre({
        ...vide,
        regions: [{ code: "11", nom: "Île-de-France" }],
        epcis: [{ code: "200054781", nom: "Métropole du Grand Paris" }],
        communes: [
          { code: "94080", nom: "Vincennes" },
          { code: "92012", nom: "Boulogne-Billancourt" },
          { code: "93066", nom: "Saint-Denis" },
        ],
      }),
    ).toBe("Île-de-France, Métropole du Grand Paris, Vincennes et 2 autres");
  });

  it("badge : référencé en vert, déréférencé en rouge", () => {
    expect(badgeEtablissement({ referencee: true })).toEqual({
      libelle: "Référencé",
      classe: "fr-badge--success",
    });
    expect(badgeEtablissement({ referencee: false }).libelle).toBe("Déréférencé");
  });
});
