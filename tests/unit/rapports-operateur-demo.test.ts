/**
 * The demo operator's annual reports (api/db/seed/demo-situations.ts, ADR
 * 0043): past years filed, the year filed now a draft while its deadline of
 * 31 March is ahead, nothing before 2024 or before the grant.
 */
import { describe, expect, it } from "vitest";
import { rapportsOperateurDemo } from "../../api/db/seed/demo-situations.ts";

const resume = (dateOctroi: string, aujourdhui: string) =>
  rapportsOperateurDemo(dateOctroi, aujourdhui).map(({ annee, etat }) => `${annee} ${etat}`);

describe("les rapports annuels de l'opérateur de démonstration", () => {
  it("en décembre, les années passées sont déposées et celle en cours, hors délai, reste à faire", () => {
    expect(resume("2023-06-12", "2026-12-07")).toEqual(["2024 depose"]);
  });

  it("du 1er janvier au 31 mars, le rapport de l'année écoulée est un brouillon à déposer", () => {
    expect(resume("2023-06-12", "2027-01-04")).toEqual([
      "2024 depose",
      "2025 depose",
      "2026 nonDepose",
    ]);
    expect(resume("2023-06-12", "2027-03-31")).toEqual([
      "2024 depose",
      "2025 depose",
      "2026 nonDepose",
    ]);
    expect(resume("2023-06-12", "2027-04-01")).toEqual(["2024 depose", "2025 depose"]);
  });

  it("ne demande rien avant l'année de l'octroi ni avant 2024", () => {
    expect(resume("2025-09-01", "2026-02-10")).toEqual(["2025 nonDepose"]);
    expect(resume("2026-02-01", "2026-12-07")).toEqual([]);
    expect(resume("2021-01-15", "2025-02-01")).toEqual(["2024 nonDepose"]);
  });

  it("le brouillon ne tient que sa première étape, le rapport déposé ses trois", () => {
    const [depose, brouillon] = rapportsOperateurDemo("2023-06-12", "2026-01-10");
    expect(Object.keys(depose.contenu)).toEqual(["effectifs", "activite", "changements"]);
    expect(Object.keys(brouillon.contenu)).toEqual(["effectifs"]);
  });
});
