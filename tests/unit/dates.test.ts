import { describe, expect, it } from "vitest";
import { dateFr, dateHeureFr } from "../../app/utils/dates.ts";

describe("dates affichées (spec §5 jj/mm/aaaa, §9 24 h, Europe/Paris)", () => {
  it("écrit une date calendaire telle quelle, sans fuseau", () => {
    expect(dateFr("2026-02-28")).toBe("28/02/2026");
    expect(dateFr("2024-02-29")).toBe("29/02/2024");
  });

  it("lit un instant à Paris : le soir UTC d'été est déjà le lendemain", () => {
    expect(dateFr("2026-07-01T22:30:00Z")).toBe("02/07/2026");
    expect(dateFr("2026-01-01T22:30:00Z")).toBe("01/01/2026");
  });

  it("donne l'heure de Paris sur 24 h, de part et d'autre du changement d'heure", () => {
    expect(dateHeureFr("2026-03-29T00:30:00Z")).toBe("29/03/2026 à 01:30");
    expect(dateHeureFr("2026-03-29T01:30:00Z")).toBe("29/03/2026 à 03:30");
    expect(dateHeureFr("2026-11-21T13:05:00.000Z")).toBe("21/11/2026 à 14:05");
    expect(dateHeureFr("2026-06-30T23:59:00Z")).toBe("01/07/2026 à 01:59");
  });

  it("rend une chaîne vide pour une valeur absente", () => {
    expect(dateFr(null)).toBe("");
    expect(dateFr(undefined)).toBe("");
    expect(dateFr("")).toBe("");
  });
});
