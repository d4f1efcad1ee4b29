import { describe, expect, it } from "vitest";
import { badgeChangement } from "./carte-changement";
import { lienCompletion } from "./accueil";
import { URL_NOUVELLE_EXTENSION, FORMULAIRE_EXTENSION, titreChangement } from "./extension";
import type { DemandeResume } from "#contract/schemas/demande";

describe("URLs of the perimeter extension (spec §2)", () => {
  it("the new-change link carries type=extension perimetre", () => {
    const url = new URL(URL_NOUVELLE_EXTENSION, "http://portail");
    expect(url.pathname).toBe("/mes-demandes-changement-notable/extension-perimetre/formulaire");
    expect(url.searchParams.get("type")).toBe("extension perimetre");
  });

  it("one URL per step, with or without id", () => {
    expect(FORMULAIRE_EXTENSION.url("abc", 2)).toBe(
      "/mes-demandes-changement-notable/extension-perimetre/formulaire?id=abc&etape=2",
    );
    expect(FORMULAIRE_EXTENSION.url(null, 1)).toBe(
      "/mes-demandes-changement-notable/extension-perimetre/formulaire?etape=1",
    );
  });

  it("reads steps 1 to 3 only", () => {
    expect(FORMULAIRE_EXTENSION.lire("3")).toBe(3);
    expect(FORMULAIRE_EXTENSION.lire("4")).toBeNull();
    expect(FORMULAIRE_EXTENSION.lire(null)).toBeNull();
  });

  it("titles", () => {
    expect(FORMULAIRE_EXTENSION.titrePage(2)).toBe(
      "Étape 2 sur 3 – Effectifs sur le nouveau périmètre – Extension du périmètre d'intervention",
    );
    expect(titreChangement({ numeroDossier: null })).toBe("Extension du périmètre d'intervention");
    expect(titreChangement({ numeroDossier: "MAR-2026-000012" })).toBe(
      "Extension du périmètre d'intervention n° MAR-2026-000012",
    );
  });
});

describe("badge and home tile of a notable change", () => {
  it("names the extension's own decision states", () => {
    expect(badgeChangement({ etat: "disponible", statutSimplifie: "in_progress" }).libelle).toBe(
      "Décision disponible",
    );
    expect(badgeChangement({ etat: "terminee", statutSimplifie: "in_progress" }).libelle).toBe(
      "Extension accordée",
    );
    expect(badgeChangement({ etat: "deposee", statutSimplifie: "in_progress" })).toEqual({
      libelle: "En cours d'instruction",
      classe: "fr-badge--yellow-tournesol",
    });
  });

  it("an incomplete change leads to its completeness page, or to the form when returned for edition", () => {
    const base = {
      id: "x1",
      etat: "incomplete",
      actionsDisponibles: [],
    } as unknown as DemandeResume;
    expect(lienCompletion(base)).toBeNull();
    expect(lienCompletion({ ...base, actionsDisponibles: [{ action: "DONNER_COMPLEMENT" }] })).toBe(
      "/changement-notable/completude/x1",
    );
    expect(lienCompletion({ ...base, etat: "en_edition" })).toBe(
      "/mes-demandes-changement-notable/extension-perimetre/formulaire?id=x1",
    );
  });
});
