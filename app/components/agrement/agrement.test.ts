import { describe, expect, it } from "vitest";
import type { Attestation } from "#contract/schemas/agrement";
import { agrementAccessible, changementsACharger } from "./agrement";
import { ordonnerAttestations } from "./attestations-agrement";

describe("l'agrément qui ouvre les pages de l'opérateur agréé (spec §4)", () => {
  it("est un agrément en cours ou suspendu", () => {
    expect(agrementAccessible({ etat: "en_cours" })).toBe(true);
    expect(agrementAccessible({ etat: "suspendu" })).toBe(true);
    expect(agrementAccessible({ etat: "retire" })).toBe(false);
    expect(agrementAccessible({ etat: "perime" })).toBe(false);
    expect(agrementAccessible(null)).toBe(false);
  });
});

describe("les demandes de changement notable chargées sur l'accueil (spec §4)", () => {
  const agreee = { statutSimplifie: "agree" as const };
  const retiree = { statutSimplifie: "agrement_retire" as const };
  it("sont celles d'un agrément en cours de validité", () => {
    expect(changementsACharger({ etat: "en_cours" }, [agreee])).toBe(true);
  });
  it("ou retiré : la demande qui l'a obtenu est dans l'état agrement_retire", () => {
    expect(changementsACharger(null, [retiree])).toBe(true);
  });
  it("pas d'un agrément suspendu, ni sans agrément", () => {
    expect(
      changementsACharger({ etat: "suspendu" }, [{ statutSimplifie: "agrement_suspendu" }]),
    ).toBe(false);
    expect(changementsACharger(null, [{ statutSimplifie: "refusee" }])).toBe(false);
    expect(changementsACharger(null, [])).toBe(false);
  });
});

describe("les attestations d'un agrément", () => {
  const attestation = (id: number, date: string, isCurrent: boolean): Attestation => ({
    id,
    date,
    isCurrent,
    pieceJointe: {
      id: `pj-${id}`,
      nom: `attestation-${id}.pdf`,
      mimeType: "application/pdf",
      size: 1000,
      codeTypePJ: "attestation",
      dateCreation: date,
    },
  });

  it("commencent par celle en vigueur, puis les autres de la plus récente à la plus ancienne", () => {
    const ordre = ordonnerAttestations([
      attestation(1, "2026-01-10T10:00:00Z", false),
      attestation(2, "2026-02-10T10:00:00Z", true),
      attestation(3, "2026-03-10T10:00:00Z", false),
    ]).map((a) => a.id);
    expect(ordre).toEqual([2, 3, 1]);
  });
});
