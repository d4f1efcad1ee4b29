import { describe, expect, it } from "vitest";
import type { Db } from "../../api/db/client.ts";
import { requetePreparee } from "../../api/domain/requetes-preparees.ts";

describe("requetePreparee (ADR 0035)", () => {
  it("prépare une fois par objet db, et de nouveau pour un autre (une transaction)", () => {
    const construites: string[] = [];
    const lire = requetePreparee("essai_une_fois", (_db, nom) => {
      construites.push(nom);
      return { nom };
    });
    const base = {} as Db;
    const transaction = {} as Db;
    expect(lire(base)).toBe(lire(base));
    expect(lire(transaction)).not.toBe(lire(base));
    expect(construites).toEqual(["essai_une_fois", "essai_une_fois"]);
  });

  it("refuse un nom déjà pris : PostgreSQL garde une requête par nom et par connexion", () => {
    requetePreparee("essai_nom_pris", () => null);
    expect(() => requetePreparee("essai_nom_pris", () => null)).toThrow(
      "Requête préparée « essai_nom_pris » déclarée deux fois",
    );
  });
});
