import { describe, expect, it } from "vitest";
import { lireReference, politiqueReference } from "../../app/.server/references.server.ts";

describe("listes de référence gardées par le BFF (ADR 0007)", () => {
  it("partage les données publiques entre utilisateurs, requête comprise", () => {
    expect(politiqueReference("/api/regions", "a")?.cle).toBe(
      politiqueReference("/api/regions", "b")?.cle,
    );
    expect(politiqueReference("/api/regions", null)).not.toBeNull();
  });

  it("garde les filtres des listes par utilisateur, et jamais pour un visiteur", () => {
    const a = politiqueReference("/api/intervenants?servicesInstructeur%5B%5D=1", "a");
    const b = politiqueReference("/api/intervenants?servicesInstructeur%5B%5D=1", "b");
    expect(a).not.toBeNull();
    expect(a?.cle).not.toBe(b?.cle);
    expect(a?.cle).not.toBe(politiqueReference("/api/intervenants", "a")?.cle);
    expect(politiqueReference("/api/intervenants", null)).toBeNull();
  });

  it("lit toujours à l'API les données d'un dossier ou d'un compte", () => {
    expect(politiqueReference("/api/demandes", "a")).toBeNull();
    expect(politiqueReference("/api/user/account", "a")).toBeNull();
    expect(politiqueReference("/api/agrement/mon-agrement", "a")).toBeNull();
  });

  it("ne garde pas un échec : la lecture suivante interroge de nouveau l'API", async () => {
    const politique = { cle: `essai-${Math.random()}`, dureeMs: 60_000 };
    let appels = 0;
    await expect(
      lireReference(politique, async () => {
        appels += 1;
        throw new Error("API indisponible");
      }),
    ).rejects.toThrow("API indisponible");
    const lire = async () => {
      appels += 1;
      return ["11"];
    };
    expect(await lireReference(politique, lire)).toEqual(["11"]);
    expect(await lireReference(politique, lire)).toEqual(["11"]);
    expect(appels).toBe(2);
  });
});
