/**
 * Input rules of spec §5 that the review found untested:
 * the address rule, every phone prefix, and the error catalogue's 418.
 * Expected texts are the spec's, written out.
 */
import { describe, expect, it } from "vitest";
import { apiErrorMessage } from "../../app/.server/api.server.ts";
import { schemaEtape1 } from "../../contract/schemas/demande.ts";
import { schemaReferencementEtablissement } from "../../contract/schemas/etablissement.ts";
import { telephone } from "../../contract/validation.ts";

/** A complete, valid step 1 (spec §3 Approval request content). */
const ETAPE_1 = {
  signataireNom: "Martin",
  signatairePrenom: "Claire",
  signataireQualite: "Présidente",
  structureQualite: "qualityOp",
  formeJuridique: "5710",
  dateCreationStructure: "12/05/2015",
  telephone: "01 23 45 67 89",
  email: "contact@structure.fr",
  adresse: "10 rue de la Paix",
  codePostal: "75002",
  commune: "75102",
};

const erreursEtape1 = (valeurs: Record<string, unknown>) => {
  const resultat = schemaEtape1("2026-11-27").safeParse(valeurs);
  return resultat.success ? {} : resultat.error.flatten().fieldErrors;
};

describe("spec §5 Address: city and postal code must both have a value", () => {
  it("accepts both", () => {
    expect(erreursEtape1(ETAPE_1)).toEqual({});
  });

  it("names the empty one when only one is given", () => {
    const message = "La ville et le code postal doivent être renseignés tous les deux.";
    expect(erreursEtape1({ ...ETAPE_1, commune: "" })).toEqual({ commune: [message] });
    expect(erreursEtape1({ ...ETAPE_1, codePostal: " " })).toEqual({ codePostal: [message] });
  });

  it("asks for both when both are empty, in the same round as the other fields' errors", () => {
    expect(erreursEtape1({ ...ETAPE_1, codePostal: "", commune: undefined, email: "x" })).toEqual({
      email: ["Cet email n'est pas valide"],
      codePostal: ["Ce champ est requis"],
      commune: ["Ce champ est requis"],
    });
  });

  it("still checks the postal code's format", () => {
    expect(erreursEtape1({ ...ETAPE_1, codePostal: "7500" })).toEqual({
      codePostal: ["Le code postal doit comporter 5 chiffres."],
    });
  });
});

describe("spec §5 Phone: +33, 590, 594, 596, 269, 687, 689, 262, 508, 681, then a non-zero digit and 8 digits", () => {
  const schema = telephone();
  it.each([
    "01 23 45 67 89",
    "+33 6 12 34 56 78",
    "33612345678",
    "+590 6 90 12 34 56",
    "+594 6 94 12 34 56",
    "+596 6 96 12 34 56",
    "+269 6 39 12 34 56",
    "+687 6 87 12 34 56",
    "+689 8 71 23 45 67",
    "+262 6 92 12 34 56",
    "+508 5 51 23 45 67",
    "+681 7 21 23 45 67",
  ])("accepts %s", (numero) => {
    expect(schema.safeParse(numero).success).toBe(true);
  });

  it.each(["+44 7911 123456", "+33 0 12 34 56 78", "+1 212 555 0123", "06 12 34 56"])(
    "refuses %s with the spec's message quoting it",
    (numero) => {
      const resultat = schema.safeParse(numero);
      expect(resultat.success).toBe(false);
      expect(resultat.error?.issues.map((issue) => issue.message)).toEqual([
        `Le numéro de téléphone saisi : ${numero} ne correspond pas au format demandé`,
      ]);
    },
  );
});

describe("spec §5 noNumbers: no digit in a person's name", () => {
  it("refuses a digit in the signatory's name and first name, and accepts accents, hyphens and apostrophes", () => {
    expect(
      erreursEtape1({ ...ETAPE_1, signataireNom: "Martin2", signatairePrenom: "Cl4ire" }),
    ).toEqual({
      signataireNom: ["Ce champ ne doit pas contenir de chiffres"],
      signatairePrenom: ["Ce champ ne doit pas contenir de chiffres"],
    });
    expect(
      erreursEtape1({ ...ETAPE_1, signataireNom: "N'Diaye-Lefèvre", signatairePrenom: "Éloïse" }),
    ).toEqual({});
  });

  it("refuses a digit in the referent's names, and not their absence", () => {
    const schema = schemaReferencementEtablissement({ etpRequired: false });
    const erreurs = (valeurs: Record<string, unknown>) => {
      const resultat = schema.safeParse(valeurs);
      return resultat.success ? {} : resultat.error.flatten().fieldErrors;
    };
    expect(erreurs({ referentNom: "Durand 3", referentPrenom: "Léa" })).toMatchObject({
      referentNom: ["Ce champ ne doit pas contenir de chiffres"],
    });
    expect(erreurs({ referentNom: "", referentPrenom: "" })).not.toHaveProperty("referentNom");
    expect(erreurs({ referentNom: "", referentPrenom: "" })).not.toHaveProperty("referentPrenom");
  });
});

describe("spec §5 notValidRegex: the generic regex rule, with a field's own text first", () => {
  it("says the postal code's own text for a postal code that is not 5 digits", () => {
    expect(erreursEtape1({ ...ETAPE_1, codePostal: "7500A" })).toEqual({
      codePostal: ["Le code postal doit comporter 5 chiffres."],
    });
  });
});

describe("spec §8 error catalogue", () => {
  it("says 'Aucun résultat' for a 418, whatever the body", () => {
    expect(apiErrorMessage(418, { message: "I'm a teapot" })).toBe("Aucun résultat");
    expect(apiErrorMessage(418, null)).toBe("Aucun résultat");
  });
});
