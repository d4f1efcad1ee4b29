/**
 * `?page=` of every paged list (contract/schemas/listes.ts `lirePage`): a
 * page number from 1 to a million, a larger one clamped to a million (an
 * empty page past the last), 1 for anything that is not digits, so that a
 * probe is neither echoed in the links nor overflows the offset.
 */
import { describe, expect, it } from "vitest";
import { lireFiltresAgrements } from "../../contract/schemas/agrements-liste.ts";
import { lireFiltresEtablissements } from "../../contract/schemas/etablissements-liste.ts";
import { lireFiltresDemandes, lirePage } from "../../contract/schemas/listes.ts";

describe("lirePage", () => {
  it("reads a page number from 1 to 1,000,000, and a larger one as 1,000,000", () => {
    expect(lirePage("1")).toBe(1);
    expect(lirePage("7")).toBe(7);
    expect(lirePage("1000000")).toBe(1_000_000);
    expect(lirePage("1000001")).toBe(1_000_000);
    expect(lirePage("100000000000000000000")).toBe(1_000_000);
  });

  it("reads anything but digits as page 1", () => {
    for (const valeur of [null, "", "0", "-2", "2.5", "1e20", " 3", "3abc", "Infinity", "0x10"])
      expect(lirePage(valeur), String(valeur)).toBe(1);
  });

  it("is the reading of the files, approvals and establishments lists", () => {
    const params = new URLSearchParams("page=100000000000000000000");
    expect(lireFiltresDemandes(params).page).toBe(1_000_000);
    expect(lireFiltresAgrements(params).page).toBe(1_000_000);
    expect(lireFiltresEtablissements(params).page).toBe(1_000_000);
    expect(lireFiltresDemandes(new URLSearchParams("page=12")).page).toBe(12);
  });
});
