import { describe, expect, it } from "vitest";
import { lireFiltresDemandes } from "#contract/schemas/listes";
import { badgeEtat, marqueursDelai } from "./badges";
import {
  cheminExportApi,
  cheminListeApi,
  lienFiltres,
  nombreDossiers,
  ongletDuSegment,
} from "./liste-params";

const filtres = (query: string) => lireFiltresDemandes(new URLSearchParams(query));

describe("adresses des listes d'instruction (spec §2, §7)", () => {
  it("associe chaque onglet à son type de dossier et à ses appels d'API", () => {
    expect(ongletDuSegment("demande")?.kind).toBe("demande");
    expect(ongletDuSegment("changements-notables")?.kind).toBe("changement-notable");
    expect(ongletDuSegment("autre")).toBeUndefined();
    expect(cheminListeApi("demande")).toBe("/api/demandes");
    expect(cheminListeApi("changement-notable")).toBe("/api/changement-notables");
    expect(cheminExportApi("demande")).toBe("/api/demandes/export");
    expect(cheminExportApi("changement-notable")).toBe("/api/changement-notable/export");
  });

  it("trie par défaut par date de dépôt, la plus récente d'abord", () => {
    expect(filtres("").order).toEqual({ field: "dateDepot", direction: "desc" });
  });

  it("un lien de tri garde les autres filtres, revient à la page 1 et ne porte jamais mesDossiers", () => {
    const actuels = filtres(
      "query=Rénov&etat[]=deposee&etat[]=affectee&page=3&mesDossiers=true&reputesRejetes=true",
    );
    const lien = new URLSearchParams(
      lienFiltres(actuels, { order: { field: "numeroDossier", direction: "asc" }, page: 1 }),
    );
    expect(lien.get("query")).toBe("Rénov");
    expect(lien.getAll("etat[]")).toEqual(["deposee", "affectee"]);
    expect(lien.get("reputesRejetes")).toBe("true");
    expect(lien.get("order[numeroDossier]")).toBe("asc");
    expect(lien.has("page")).toBe(false);
    expect(lien.has("mesDossiers")).toBe(false);
  });

  it("un lien sans aucun filtre reste un lien vers la page elle-même", () => {
    expect(lienFiltres(filtres(""))).toBe("?");
  });
});

describe("libellés des listes", () => {
  it("compte les dossiers au singulier et au pluriel", () => {
    expect(nombreDossiers(1)).toBe("1 dossier");
    expect(nombreDossiers(2)).toBe("2 dossiers");
  });
});

describe("badges des listes (spec §4 « Badge colours », DESIGN §5)", () => {
  it("donne à chaque famille d'états sa couleur", () => {
    expect(badgeEtat("deposee")).toMatchObject({ libelle: "Déposée", couleur: "yellow-tournesol" });
    expect(badgeEtat("incomplete").couleur).toBe("purple-glycine");
    expect(badgeEtat("complete_complement_demande").couleur).toBe("purple-glycine");
    expect(badgeEtat("annulee").severity).toBe("warning");
    expect(badgeEtat("refus_en_attente").severity).toBe("warning");
    expect(badgeEtat("refusee").severity).toBe("error");
    expect(badgeEtat("rejetee_tacitement").severity).toBe("error");
    expect(badgeEtat("agrement_retire").severity).toBe("error");
    expect(badgeEtat("agree").severity).toBe("success");
    expect(badgeEtat("agrement_en_attente").severity).toBe("success");
    expect(badgeEtat("accordee_tacitement").severity).toBe("success");
    expect(badgeEtat("brouillon").severity).toBe("info");
  });

  it("une procédure de retrait avec suspension est un avertissement, sans suspension l'agrément reste en vigueur", () => {
    expect(badgeEtat("agrement_procedure_en_cours", "agrement_suspendu").severity).toBe("warning");
    expect(badgeEtat("agrement_procedure_en_cours", "agree").severity).toBe("success");
  });

  it("marque un délai réputé rejeté, bientôt expiré ou suspendu", () => {
    const delai = { reputeRejete: false, expireBientot: false, delaiSuspendu: false };
    expect(marqueursDelai(delai)).toEqual([]);
    expect(marqueursDelai({ ...delai, expireBientot: true })).toEqual([
      { libelle: "Expire bientôt", severity: "warning" },
    ]);
    expect(marqueursDelai({ ...delai, reputeRejete: true, expireBientot: true })).toEqual([
      { libelle: "Réputé rejeté", severity: "error" },
    ]);
    expect(marqueursDelai({ ...delai, delaiSuspendu: true })).toEqual([
      { libelle: "Suspendu", severity: "info" },
    ]);
  });
});
