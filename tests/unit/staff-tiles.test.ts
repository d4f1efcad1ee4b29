import { describe, expect, it } from "vitest";
import { staffTilesFor } from "../../app/components/home/staff-tiles.ts";

const titres = (roles: Parameters<typeof staffTilesFor>[0]) =>
  staffTilesFor(roles).map((t) => t.href);

describe("tuiles de l'accueil des agents (spec §2 Home for staff, §6)", () => {
  it("« Mes dossiers » n'apparaît que pour les gestionnaires", () => {
    expect(titres(["instructeur"])).toContain("/mes-dossiers");
    expect(titres(["superviseur"])).toContain("/mes-dossiers");
    expect(titres(["crhh"])).not.toContain("/mes-dossiers");
    expect(titres(["anah_centrale"])).not.toContain("/mes-dossiers");
  });

  it("la gestion des comptes est réservée à l'administrateur fonctionnel", () => {
    expect(titres(["admin_fonctionnel"])).toEqual(["/gestion-des-comptes"]);
    expect(titres(["mar_admin"])).not.toContain("/gestion-des-comptes");
  });

  it("le central voit le référentiel des établissements, les gestionnaires la liste", () => {
    expect(titres(["mar_admin"])).toContain("/etablissements/reference");
    expect(titres(["mar_admin"])).not.toContain("/etablissements/liste");
    expect(titres(["instructeur"])).toContain("/etablissements/liste");
    expect(titres(["instructeur"])).not.toContain("/etablissements/reference");
  });

  it("l'activité et les agréments : gestionnaires et central, pas le CRHH", () => {
    for (const role of ["instructeur", "superviseur", "mar_admin", "anah_centrale"] as const) {
      expect(titres([role])).toEqual(expect.arrayContaining(["/activite", "/agrements"]));
    }
    expect(titres(["crhh"])).toEqual(["/tous-les-dossiers"]);
  });

  it("un demandeur n'a aucune tuile d'agent", () => {
    expect(titres(["demandeur"])).toEqual([]);
  });
});
