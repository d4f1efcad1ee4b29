/**
 * The table of what each side reads of a request's history
 * (contract/historique-visibilite.ts), against the transition
 * table of DESIGN §3: every action is classified, the opinions and the
 * refusal deliberation are withheld from the applicant, unknown actions
 * fail closed, staff read every row unchanged.
 */
import { describe, expect, it } from "vitest";
import { ACTIONS_DEMANDE, ACTIONS_EXTENSION_PERIMETRE } from "../../contract/etats.ts";
import {
  LECTURE_HISTORIQUE_DEMANDEUR,
  lectureDemandeur,
  lireEntreeHistorique,
  lireHistorique,
} from "../../contract/historique-visibilite.ts";
import type { EntreeHistorique } from "../../contract/schemas/demande.ts";
import { TRANSITIONS } from "../../api/domain/workflow.ts";

/** A history row of `action` with a staff comment. */
function entree(action: string, etatApres: string | null = "affectee"): EntreeHistorique {
  return {
    id: 1,
    action,
    etatAvant: "deposee",
    etatApres,
    date: "2026-03-10T09:00:00.000Z",
    commentaire: "Avis interne : dossier fragile.",
    acteur: { prenom: "Thomas", nom: "Leroy", role: "instructeur" },
  };
}

describe("LECTURE_HISTORIQUE_DEMANDEUR", () => {
  it("classifies every action of the request and notable-change lists and of the transition table", () => {
    const actions = new Set<string>([
      ...ACTIONS_DEMANDE,
      ...ACTIONS_EXTENSION_PERIMETRE,
      ...TRANSITIONS.map((row) => row.action),
    ]);
    expect(
      [...actions].filter((action) => !Object.hasOwn(LECTURE_HISTORIQUE_DEMANDEUR, action)),
    ).toEqual([]);
  });

  it("withholds the opinions and the refusal deliberation, and only those rows", () => {
    const masquees = Object.entries(LECTURE_HISTORIQUE_DEMANDEUR)
      .filter(([, lecture]) => lecture === "masquee")
      .map(([action]) => action)
      .sort();
    expect(masquees).toEqual([
      "CONFIRMER_REFUS",
      "EXPRIMER_AVIS_CRHH",
      "EXPRIMER_AVIS_INSTRUCTEUR",
      "EXPRIMER_AVIS_SUPERVISEUR",
      "PROPOSER_REFUS_DEMANDE",
      "REFUSER_REFUS",
    ]);
  });

  it("fails closed on an action it does not know, an inherited key included", () => {
    expect(lectureDemandeur("ACTION_INCONNUE")).toBe("masquee");
    expect(lectureDemandeur("constructor")).toBe("masquee");
    expect(lireEntreeHistorique("demandeur", entree("ACTION_INCONNUE"))).toBeNull();
  });
});

describe("lireEntreeHistorique", () => {
  it("gives staff (instruction, lecture) every row unchanged", () => {
    for (const cote of ["instruction", "lecture"] as const) {
      const avis = entree("EXPRIMER_AVIS_CRHH");
      expect(lireEntreeHistorique(cote, avis)).toBe(avis);
    }
  });

  it("gives the applicant a request addressed to him with its comment", () => {
    const demande = entree("DEMANDER_COMPLEMENT_COMPLETUDE", "incomplete");
    expect(lireEntreeHistorique("demandeur", demande)).toEqual(demande);
  });

  it("blanks the staff's comment of an event of his file, without touching the row read", () => {
    const affectation = entree("AFFECTER_INSTRUCTEUR");
    expect(lireEntreeHistorique("demandeur", affectation)).toEqual({
      ...affectation,
      commentaire: null,
    });
    expect(affectation.commentaire).toBe("Avis interne : dossier fragile.");
  });

  it("gives the grounds of a withdrawal, not those of a maintained approval", () => {
    const retrait = entree("TERMINER_PROCEDURE", "agrement_retire");
    const maintien = entree("TERMINER_PROCEDURE", "agree");
    expect(lireEntreeHistorique("demandeur", retrait)?.commentaire).toBe(retrait.commentaire);
    expect(lireEntreeHistorique("demandeur", maintien)?.commentaire).toBeNull();
  });

  it("lireHistorique keeps the order and drops the withheld rows", () => {
    const lignes = [
      entree("MOTIVER_REFUS", "refusee"),
      entree("CONFIRMER_REFUS", "refus_confirme"),
      entree("PROPOSER_REFUS_DEMANDE", "refus_en_attente"),
      entree("AFFECTER_INSTRUCTEUR"),
    ];
    expect(lireHistorique("demandeur", lignes).map((ligne) => ligne.action)).toEqual([
      "MOTIVER_REFUS",
      "AFFECTER_INSTRUCTEUR",
    ]);
    expect(lireHistorique("instruction", lignes)).toEqual(lignes);
  });
});
