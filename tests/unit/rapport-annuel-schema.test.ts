/**
 * Step 2 of the annual activity report (spec §3 Annual report content:
 * subcontracting yes/no with counts), as a form without JavaScript posts it:
 * the three counts are sent, blank, whatever the answer.
 */
import { describe, expect, it } from "vitest";
import { schemaEtapeActivite } from "../../contract/schemas/rapport-annuel.ts";

const ACTIVITE = {
  nbContratsSignes: "42",
  nbContratsAbandonnes: "3",
  nbDossiersDeposes: "37",
  nbAccompagnementsPrevisionnels: "50",
};
const COMPTES_VIDES = {
  nbSousTraitanceAudits: "",
  nbSousTraitancePrestationsRenforcees: "",
  nbSousTraitanceMissionComplete: "",
};

describe("report step 2: subcontracting", () => {
  it("accepts « non » with the counts left blank, and keeps no count", () => {
    expect(
      schemaEtapeActivite.parse({ ...ACTIVITE, sousTraitance: "non", ...COMPTES_VIDES }),
    ).toEqual({
      nbContratsSignes: 42,
      nbContratsAbandonnes: 3,
      nbDossiersDeposes: 37,
      nbAccompagnementsPrevisionnels: 50,
      sousTraitance: false,
    });
  });

  it("requires the three counts with « oui », each with its message", () => {
    const resultat = schemaEtapeActivite.safeParse({
      ...ACTIVITE,
      sousTraitance: "oui",
      ...COMPTES_VIDES,
      nbSousTraitanceMissionComplete: "1,5",
    });
    expect(resultat.success).toBe(false);
    expect(resultat.error?.flatten().fieldErrors).toEqual({
      nbSousTraitanceAudits: ["Ce champ est requis"],
      nbSousTraitancePrestationsRenforcees: ["Ce champ est requis"],
      nbSousTraitanceMissionComplete: ["Veuillez saisir un nombre entier"],
    });
  });
});
