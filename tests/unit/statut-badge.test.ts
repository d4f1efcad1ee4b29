import { describe, expect, it } from "vitest";
import { STATUTS_SIMPLIFIES, type StatutSimplifie } from "../../contract/statuts.ts";
import { badgeStatut, classeBadge } from "../../app/components/demande/statut-badge.ts";

// Spec §4 "Badge colours", one line per simplified status.
const ATTENDU: Record<StatutSimplifie, { libelle: string; classe: string }> = {
  brouillon: { libelle: "Brouillon", classe: "fr-badge--info" },
  in_progress: { libelle: "En cours d'instruction", classe: "fr-badge--yellow-tournesol" },
  incomplete: { libelle: "Incomplète", classe: "fr-badge--purple-glycine" },
  disponible: { libelle: "Décision disponible", classe: "fr-badge--success" },
  agree: { libelle: "Agréée", classe: "fr-badge--success" },
  accordee_tacitement: { libelle: "Accordée tacitement", classe: "fr-badge--success" },
  rejetee_tacitement: { libelle: "Refusée", classe: "fr-badge--error" },
  refusee: { libelle: "Refusée", classe: "fr-badge--error" },
  agrement_retire: { libelle: "Agrément retiré", classe: "fr-badge--error" },
  annulee: { libelle: "Annulée", classe: "fr-badge--warning" },
  agrement_suspendu: { libelle: "Agrément suspendu", classe: "fr-badge--warning" },
};

describe("badge du statut simplifié (spec §2 Application card, §4 Badge colours)", () => {
  it.each(STATUTS_SIMPLIFIES)("%s a son libellé et sa couleur", (statut) => {
    const badge = badgeStatut(statut);
    expect({ libelle: badge.libelle, classe: classeBadge(badge) }).toEqual(ATTENDU[statut]);
  });

  it("a exactement une teinte : couleur système ou couleur illustrative", () => {
    for (const statut of STATUTS_SIMPLIFIES) {
      const { severity, couleur } = badgeStatut(statut);
      expect([severity, couleur].filter((teinte) => teinte !== null)).toHaveLength(1);
    }
  });

  it("montre le rejet tacite comme un refus", () => {
    expect(badgeStatut("rejetee_tacitement")).toEqual(badgeStatut("refusee"));
  });

  it("le brouillon est bleu, l'instruction jaune, l'incomplétude violette", () => {
    expect(badgeStatut("brouillon").severity).toBe("info");
    expect(badgeStatut("in_progress").couleur).toBe("yellow-tournesol");
    expect(badgeStatut("incomplete").couleur).toBe("purple-glycine");
  });
});
