import { describe, expect, it } from "vitest";
import { pagesVisibles } from "./pagination";
import { ariaSort, triSuivant } from "./tri";

describe("tri des listes (en-têtes triables de toutes les listes)", () => {
  it("un clic sur une colonne trie d'abord en croissant, puis inverse le sens", () => {
    const parDefaut = { field: "dateDepot", direction: "desc" } as const;
    expect(triSuivant(parDefaut, "numeroDossier")).toEqual({
      field: "numeroDossier",
      direction: "asc",
    });
    expect(triSuivant(parDefaut, "dateDepot")).toEqual({ field: "dateDepot", direction: "asc" });
    expect(triSuivant({ field: "numeroDossier", direction: "asc" }, "numeroDossier")).toEqual({
      field: "numeroDossier",
      direction: "desc",
    });
  });

  it("seule la colonne triée porte aria-sort", () => {
    const ordre = { field: "raisonSociale", direction: "desc" } as const;
    expect(ariaSort(ordre, "raisonSociale")).toBe("descending");
    expect(ariaSort({ ...ordre, direction: "asc" }, "raisonSociale")).toBe("ascending");
    expect(ariaSort(ordre, "numeroDossier")).toBeUndefined();
  });
});

describe("pagination de toutes les listes", () => {
  it("montre toutes les pages quand il y en a peu", () => {
    expect(pagesVisibles(1, 0)).toEqual([]);
    expect(pagesVisibles(1, 1)).toEqual([1]);
    expect(pagesVisibles(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("garde la première, la dernière et les voisines de la page courante", () => {
    expect(pagesVisibles(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pagesVisibles(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pagesVisibles(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });
});
