import { describe, expect, it } from "vitest";
import { ETATS_DEMANDE, type EtatDemande } from "../../contract/etats.ts";
import {
  ETAPES_INSTRUCTION,
  etapeInstruction,
  etatNormalise,
  etatsDeLEtape,
  statutSimplifie,
} from "../../contract/statuts.ts";

describe("etatNormalise (spec §4 Normalised status)", () => {
  it("reads agrement_procedure_en_cours from the ongoing procedure", () => {
    expect(
      etatNormalise({
        etat: "agrement_procedure_en_cours",
        procedureEnCours: { type: "retrait_avec_suspension" },
      }),
    ).toBe("agrement_suspendu");
    expect(
      etatNormalise({
        etat: "agrement_procedure_en_cours",
        procedureEnCours: { type: "retrait_sans_suspension" },
      }),
    ).toBe("agree");
    expect(etatNormalise({ etat: "agrement_procedure_en_cours" })).toBe(
      "agrement_procedure_en_cours",
    );
  });

  it("turns agrement_modifie_en_attente into agrement_en_attente", () => {
    expect(etatNormalise({ etat: "agrement_modifie_en_attente" })).toBe("agrement_en_attente");
  });

  it("tells an answered or overdue completeness request apart", () => {
    expect(etatNormalise({ etat: "incomplete" })).toBe("incomplete");
    expect(etatNormalise({ etat: "incomplete", complement: "complement_demande_depose" })).toBe(
      "complement_demande_completude_depose",
    );
    expect(
      etatNormalise({ etat: "incomplete", complement: "complement_demande_delai_depasse" }),
    ).toBe("complement_demande_completude_delai_depasse");
  });

  it("groups the three supplement-requested states", () => {
    for (const etat of [
      "complete_complement_demande",
      "complete_sans_crhh_complement_demande",
      "instruite_crhh_complement_demande",
    ] as const) {
      expect(etatNormalise({ etat })).toBe("complement_demande_encours");
    }
  });

  it("leaves every other state unchanged", () => {
    for (const etat of [
      "brouillon",
      "deposee",
      "affectee",
      "agree",
      "refusee",
      "complete_complement_recu",
    ] as const) {
      expect(etatNormalise({ etat })).toBe(etat);
    }
  });
});

describe("statutSimplifie (spec §4 Simplified status for the applicant)", () => {
  it("gives brouillon for brouillon and arrete_perime", () => {
    expect(statutSimplifie("brouillon")).toBe("brouillon");
    expect(statutSimplifie("arrete_perime")).toBe("brouillon");
  });

  it("gives incomplete for incomplete, en_edition and the three …_complement_demande states", () => {
    for (const etat of [
      "incomplete",
      "en_edition",
      "complete_complement_demande",
      "complete_sans_crhh_complement_demande",
      "instruite_crhh_complement_demande",
    ] as const) {
      expect(statutSimplifie(etat)).toBe("incomplete");
    }
  });

  it("keeps incomplete for the normalised forms of an owed answer", () => {
    expect(statutSimplifie("complement_demande_encours")).toBe("incomplete");
    expect(statutSimplifie("complement_demande_completude_delai_depasse")).toBe("incomplete");
  });

  it("gives disponible for a pending (or modified pending) approval", () => {
    expect(statutSimplifie("agrement_en_attente")).toBe("disponible");
    expect(statutSimplifie("agrement_modifie_en_attente")).toBe("disponible");
  });

  it("keeps final values", () => {
    for (const etat of [
      "agree",
      "rejetee_tacitement",
      "accordee_tacitement",
      "refusee",
      "annulee",
      "agrement_retire",
      "agrement_suspendu",
    ] as const) {
      expect(statutSimplifie(etat)).toBe(etat);
    }
  });

  it("gives in_progress for everything else", () => {
    for (const etat of [
      "deposee",
      "affectee",
      "complete",
      "complete_complement_recu",
      "instruite_instructeur",
      "refus_en_attente",
      "agrement_procedure_en_cours",
      "complement_demande_completude_depose",
    ] as const) {
      expect(statutSimplifie(etat)).toBe("in_progress");
    }
  });

  it("applies to normalised states: a suspension procedure reads as agrement_suspendu", () => {
    const etat = etatNormalise({
      etat: "agrement_procedure_en_cours",
      procedureEnCours: { type: "retrait_avec_suspension" },
    });
    expect(statutSimplifie(etat)).toBe("agrement_suspendu");
  });
});

describe("etapeInstruction (DESIGN §3 Instruction steps)", () => {
  const attendu: Record<string, EtatDemande[]> = {
    awaitingAssignment: ["deposee"],
    checkingDemande: ["affectee", "incomplete", "en_edition", "refus_refuse"],
    awaitingCrhh: ["complete", "complete_complement_demande", "complete_complement_recu"],
    pendingInstructorFinalize: [
      "instruite_crhh",
      "instruite_crhh_complement_demande",
      "instruite_crhh_complement_recu",
      "complete_sans_crhh",
      "complete_sans_crhh_complement_demande",
      "complete_sans_crhh_complement_recu",
    ],
    awaitingDecision: [
      "instruite_instructeur",
      "instruite_superviseur",
      "refus_en_attente",
      "refus_confirme",
    ],
    preparingTransmission: ["agrement_en_attente", "agrement_modifie_en_attente"],
  };

  it.each(Object.entries(attendu))("%s holds exactly its states", (etape, etats) => {
    for (const etat of etats) expect(etapeInstruction(etat)).toBe(etape);
    expect(etatsDeLEtape(etape as (typeof ETAPES_INSTRUCTION)[number]).sort()).toEqual(
      [...etats].sort(),
    );
  });

  it("puts every other state in terminated", () => {
    const listed = new Set(Object.values(attendu).flat());
    const rest = ETATS_DEMANDE.filter((etat) => !listed.has(etat));
    expect(rest).toContain("agree");
    expect(rest).toContain("annulee");
    for (const etat of rest) expect(etapeInstruction(etat)).toBe("terminated");
  });
});
