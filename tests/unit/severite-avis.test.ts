/**
 * Spec §4 "Badge colours" for the opinions of a file's "Avis" section: blue
 * for the favourable outcomes, warning for the unfavourable ones, one line
 * per value of the opinion (contract/etats.ts VALEURS_AVIS).
 */
import { describe, expect, it } from "vitest";
import { VALEURS_AVIS, type ValeurAvis } from "../../contract/etats.ts";
import { severiteAvis } from "../../app/components/dossier/severite-avis.ts";

const ATTENDU: Record<ValeurAvis, "info" | "warning"> = {
  FAVORABLE: "info",
  FAVORABLE_SOUS_RESERVE: "info",
  REPUTE_FAVORABLE: "info",
  AGREMENT_VALIDE: "info",
  EXTENSION_PERIMETRE_VALIDE: "info",
  DEFAVORABLE: "warning",
  refus_confirme: "warning",
  AGREMENT_REFUSE: "warning",
  EXTENSION_PERIMETRE_REFUSE: "warning",
  proposition_refus: "warning",
  abandon: "warning",
};

describe("couleur du badge d'un avis (spec §4)", () => {
  it("place chaque valeur d'avis", () => {
    expect([...VALEURS_AVIS].sort()).toEqual(Object.keys(ATTENDU).sort());
  });

  it.each(Object.entries(ATTENDU))("%s → fr-badge--%s", (valeur, severite) => {
    expect(severiteAvis(valeur)).toBe(severite);
  });

  it("une valeur inconnue n'a pas de couleur", () => {
    expect(severiteAvis("INCONNU")).toBeNull();
  });
});
