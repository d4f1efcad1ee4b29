/**
 * The transition table against DESIGN §3, read independently: for every
 * state × action × role, the action is allowed exactly when the design says
 * so; plus what an applicant sees on his own requests.
 */
import { describe, expect, it } from "vitest";
import {
  ACTIONS_DEMANDE,
  ETATS_DEMANDE,
  type ActionDemande,
  type EtatDemande,
} from "../../contract/etats.ts";
import { ROLES, type Role } from "../../contract/roles.ts";
import type { DemandeRow } from "../../api/domain/acces.ts";
import { dateLimiteInstruction, estReputeRejete } from "../../api/domain/demandes/delais.ts";
import type { UtilisateurConnecte, UtilisateurRow } from "../../api/http/auth.ts";
import {
  TRANSITIONS,
  actionsDisponibles,
  etatSuivant,
  transitionPour,
} from "../../api/domain/workflow.ts";

// ── DESIGN §3, written out state by state ─────────────────────────────────────

/** Files an instructor is working on, no refusal being decided. */
const INSTRUCTION_OUVERTE: EtatDemande[] = [
  "affectee",
  "incomplete",
  "en_edition",
  "refus_refuse",
  "complete",
  "complete_complement_demande",
  "complete_complement_recu",
  "complete_sans_crhh",
  "complete_sans_crhh_complement_demande",
  "complete_sans_crhh_complement_recu",
  "instruite_crhh",
  "instruite_crhh_complement_demande",
  "instruite_crhh_complement_recu",
  "instruite_instructeur",
  "instruite_superviseur",
];
/** Deposited and not decided: the clock that makes a file deemed rejected runs. */
const OUVERT: EtatDemande[] = [
  "deposee",
  ...INSTRUCTION_OUVERTE,
  "refus_en_attente",
  "refus_confirme",
];
/** Decided or finished: nothing may cancel them any more. */
const DECIDE: EtatDemande[] = [
  "annulee",
  "refusee",
  "rejetee_tacitement",
  "accordee_tacitement",
  "agrement_en_attente",
  "agrement_modifie_en_attente",
  "agrement_procedure_en_cours",
  "agrement_retire",
  "agree",
  "disponible",
  "terminee",
];

/** action → role → states it may be taken from (people only; jobs apart). */
const ATTENDU: Partial<Record<ActionDemande, Partial<Record<Role, EtatDemande[]>>>> = {
  ENREGISTRE_BROUILLON_STEP_1: { demandeur: ["brouillon"] },
  ENREGISTRE_BROUILLON_STEP_2: { demandeur: ["brouillon"] },
  APPLIQUER_ARRETE: { demandeur: ["arrete_perime"] },
  DEPOSER: { demandeur: ["brouillon"] },
  AFFECTER_INSTRUCTEUR: { superviseur: ["deposee"], instructeur: ["deposee"] },
  REAFFECTER_INSTRUCTEUR: { superviseur: INSTRUCTION_OUVERTE },
  // refus_refuse: "instruction resumes" where it was checked.
  DEMANDER_COMPLEMENT_COMPLETUDE: { instructeur: ["affectee", "refus_refuse"] },
  RETOURNER_EN_EDITION: { instructeur: ["affectee", "refus_refuse"] },
  CONFIRMER_COMPLETUDE: { instructeur: ["affectee", "refus_refuse"] },
  DONNER_COMPLEMENT: {
    demandeur: [
      "incomplete",
      "complete_complement_demande",
      "complete_sans_crhh_complement_demande",
      "instruite_crhh_complement_demande",
    ],
  },
  DEPOSER_EN_EDITION: { demandeur: ["en_edition"] },
  DEMANDER_COMPLEMENT: { instructeur: ["complete", "complete_sans_crhh", "instruite_crhh"] },
  EXPRIMER_AVIS_CRHH: { crhh: ["complete", "complete_complement_recu"] },
  EXPRIMER_AVIS_INSTRUCTEUR: {
    instructeur: [
      "instruite_crhh",
      "instruite_crhh_complement_recu",
      "complete_sans_crhh",
      "complete_sans_crhh_complement_recu",
    ],
  },
  EXPRIMER_AVIS_SUPERVISEUR: { superviseur: ["instruite_instructeur"] },
  EXPRIMER_AVIS_DECIDEUR: { superviseur: ["instruite_superviseur"] },
  PROPOSER_REFUS_DEMANDE: { instructeur: INSTRUCTION_OUVERTE },
  CONFIRMER_REFUS: { superviseur: ["refus_en_attente"] },
  REFUSER_REFUS: { superviseur: ["refus_en_attente"] },
  MOTIVER_REFUS: { instructeur: ["refus_confirme"] },
  REJETER_TACITEMENT_DOSSIER: { superviseur: OUVERT },
  ANNULER_DEMANDE: { demandeur: ["brouillon", "arrete_perime", ...OUVERT] },
  VISUALISER_RESULTAT: { demandeur: ["agrement_en_attente", "agrement_modifie_en_attente"] },
  CREER_PROCEDURE: { superviseur: ["agree"] },
  MODIFIER_PROCEDURE: { superviseur: ["agrement_procedure_en_cours"] },
  TERMINER_PROCEDURE: { superviseur: ["agrement_procedure_en_cours"] },
  MODIFIER_AGREMENT: { superviseur: ["agree"] },
};

function attendu(etat: EtatDemande, action: ActionDemande, role: Role): boolean {
  return ATTENDU[action]?.[role]?.includes(etat) ?? false;
}

// ── Users ─────────────────────────────────────────────────────────────────────

const SOCIETE = "11111111-1111-4111-8111-111111111111";
const AUTRE_SOCIETE = "22222222-2222-4222-8222-222222222222";

function utilisateur(roles: Role[], societeId: string | null = null): UtilisateurConnecte {
  return {
    row: { id: "u", societeId, serviceInstructeurId: 1 } as UtilisateurRow,
    roles,
  };
}

function demande(etat: EtatDemande): Pick<DemandeRow, "etat" | "societeId"> {
  return { etat, societeId: SOCIETE };
}

const sansDelai = { reputeRejete: false };
const delaiExpire = { reputeRejete: true };

describe("transition table (DESIGN §3)", () => {
  it("allows exactly what the design says, for every state × action × role", () => {
    const ecarts: string[] = [];
    for (const etat of ETATS_DEMANDE)
      for (const action of ACTIONS_DEMANDE)
        for (const role of ROLES) {
          const permis = transitionPour(etat, action, [role]) !== null;
          if (permis !== attendu(etat, action, role))
            ecarts.push(`${etat} × ${action} × ${role}: ${permis ? "permis" : "refusé"}`);
        }
    expect(ecarts).toEqual([]);
  });

  it("lists for each role exactly the allowed actions whose guard holds", () => {
    const ecarts: string[] = [];
    for (const etat of ETATS_DEMANDE)
      for (const role of ROLES) {
        // The owner's company for demandeur; the instruction side for staff.
        const qui = utilisateur([role], role === "demandeur" ? SOCIETE : null);
        const listees = actionsDisponibles(demande(etat), qui, delaiExpire);
        const attendues = ACTIONS_DEMANDE.filter((action) => attendu(etat, action, role));
        if (JSON.stringify([...listees].sort()) !== JSON.stringify([...attendues].sort()))
          ecarts.push(`${etat} × ${role}: ${listees.join(",")} ≠ ${attendues.join(",")}`);
      }
    expect(ecarts).toEqual([]);
  });

  it("lets only an applicant create a draft, which starts as brouillon", () => {
    for (const role of ROLES) {
      const row = transitionPour("creation", "ENREGISTRE_BROUILLON_STEP_1", [role]);
      expect(row !== null, role).toBe(role === "demandeur");
    }
    expect(transitionPour("creation", "ENREGISTRE_BROUILLON_STEP_1", ["demandeur"])).toMatchObject({
      to: "brouillon",
      guard: "peutCreer",
    });
    expect(transitionPour("creation", "DEPOSER", ["demandeur"])).toBeNull();
  });

  it("leaves the deadline actions to the jobs, never to a person", () => {
    for (const etat of ETATS_DEMANDE)
      for (const role of ROLES) {
        expect(transitionPour(etat, "DELAIS_COMPLETUDE_DEPASSE", [role])).toBeNull();
        expect(transitionPour(etat, "DELAIS_AJOUT_PJ_DEPASSE", [role])).toBeNull();
      }
    expect(transitionPour("incomplete", "DELAIS_COMPLETUDE_DEPASSE", ["systeme"])?.to).toBe("same");
    for (const etat of [
      "complete_complement_demande",
      "complete_sans_crhh_complement_demande",
      "instruite_crhh_complement_demande",
    ] as const)
      expect(transitionPour(etat, "DELAIS_AJOUT_PJ_DEPASSE", ["systeme"])?.to).toBe("same");
    expect(transitionPour("complete", "DELAIS_AJOUT_PJ_DEPASSE", ["systeme"])).toBeNull();
  });

  it("leads each action to the state the design names", () => {
    const suivant = (etat: EtatDemande, action: ActionDemande, role: Role, choix?: EtatDemande) =>
      etatSuivant(transitionPour(etat, action, [role])!, etat, choix);
    expect(suivant("brouillon", "DEPOSER", "demandeur")).toBe("deposee");
    expect(suivant("arrete_perime", "APPLIQUER_ARRETE", "demandeur")).toBe("brouillon");
    expect(suivant("deposee", "AFFECTER_INSTRUCTEUR", "instructeur")).toBe("affectee");
    expect(suivant("complete", "REAFFECTER_INSTRUCTEUR", "superviseur")).toBe("complete");
    expect(suivant("affectee", "DEMANDER_COMPLEMENT_COMPLETUDE", "instructeur")).toBe("incomplete");
    expect(suivant("incomplete", "DONNER_COMPLEMENT", "demandeur")).toBe("affectee");
    expect(suivant("affectee", "RETOURNER_EN_EDITION", "instructeur")).toBe("en_edition");
    expect(suivant("en_edition", "DEPOSER_EN_EDITION", "demandeur")).toBe("affectee");
    expect(suivant("affectee", "CONFIRMER_COMPLETUDE", "instructeur", "complete")).toBe("complete");
    expect(suivant("affectee", "CONFIRMER_COMPLETUDE", "instructeur", "complete_sans_crhh")).toBe(
      "complete_sans_crhh",
    );
    expect(suivant("affectee", "CONFIRMER_COMPLETUDE", "instructeur", "agree")).toBeNull();
    expect(suivant("complete", "DEMANDER_COMPLEMENT", "instructeur")).toBe(
      "complete_complement_demande",
    );
    expect(suivant("complete_sans_crhh", "DEMANDER_COMPLEMENT", "instructeur")).toBe(
      "complete_sans_crhh_complement_demande",
    );
    expect(suivant("instruite_crhh", "DEMANDER_COMPLEMENT", "instructeur")).toBe(
      "instruite_crhh_complement_demande",
    );
    expect(suivant("complete_complement_demande", "DONNER_COMPLEMENT", "demandeur")).toBe(
      "complete_complement_recu",
    );
    expect(suivant("complete_sans_crhh_complement_demande", "DONNER_COMPLEMENT", "demandeur")).toBe(
      "complete_sans_crhh_complement_recu",
    );
    expect(suivant("instruite_crhh_complement_demande", "DONNER_COMPLEMENT", "demandeur")).toBe(
      "instruite_crhh_complement_recu",
    );
    expect(suivant("complete_complement_recu", "EXPRIMER_AVIS_CRHH", "crhh")).toBe(
      "instruite_crhh",
    );
    expect(suivant("complete_sans_crhh", "EXPRIMER_AVIS_INSTRUCTEUR", "instructeur")).toBe(
      "instruite_instructeur",
    );
    expect(suivant("instruite_instructeur", "EXPRIMER_AVIS_SUPERVISEUR", "superviseur")).toBe(
      "instruite_superviseur",
    );
    expect(
      suivant("instruite_superviseur", "EXPRIMER_AVIS_DECIDEUR", "superviseur", "refusee"),
    ).toBe("refusee");
    expect(
      suivant(
        "instruite_superviseur",
        "EXPRIMER_AVIS_DECIDEUR",
        "superviseur",
        "agrement_en_attente",
      ),
    ).toBe("agrement_en_attente");
    expect(suivant("en_edition", "PROPOSER_REFUS_DEMANDE", "instructeur")).toBe("refus_en_attente");
    expect(suivant("refus_en_attente", "CONFIRMER_REFUS", "superviseur")).toBe("refus_confirme");
    expect(suivant("refus_en_attente", "REFUSER_REFUS", "superviseur")).toBe("refus_refuse");
    expect(suivant("refus_confirme", "MOTIVER_REFUS", "instructeur")).toBe("refusee");
    expect(suivant("deposee", "REJETER_TACITEMENT_DOSSIER", "superviseur")).toBe(
      "rejetee_tacitement",
    );
    expect(suivant("refus_confirme", "ANNULER_DEMANDE", "demandeur")).toBe("annulee");
    expect(suivant("agrement_modifie_en_attente", "VISUALISER_RESULTAT", "demandeur")).toBe(
      "agree",
    );
    expect(suivant("agree", "CREER_PROCEDURE", "superviseur")).toBe("agrement_procedure_en_cours");
    expect(suivant("agrement_procedure_en_cours", "MODIFIER_PROCEDURE", "superviseur")).toBe(
      "agrement_procedure_en_cours",
    );
    expect(
      suivant(
        "agrement_procedure_en_cours",
        "TERMINER_PROCEDURE",
        "superviseur",
        "agrement_retire",
      ),
    ).toBe("agrement_retire");
    expect(suivant("agree", "MODIFIER_AGREMENT", "superviseur")).toBe(
      "agrement_modifie_en_attente",
    );
  });

  it("names the guards: deposit completeness, self-assignment, deemed rejection", () => {
    expect(transitionPour("brouillon", "DEPOSER", ["demandeur"])?.guard).toBe("deposable");
    expect(transitionPour("deposee", "AFFECTER_INSTRUCTEUR", ["instructeur"])?.guard).toBe(
      "autoAffectation",
    );
    expect(transitionPour("affectee", "REJETER_TACITEMENT_DOSSIER", ["superviseur"])?.guard).toBe(
      "reputeRejete",
    );
    // Every row names states of the contract.
    for (const row of TRANSITIONS)
      if (row.from !== "creation")
        for (const etat of row.from) expect(ETATS_DEMANDE).toContain(etat);
  });
});

describe("actions an applicant sees (spec §4: a button shows only if its action is present)", () => {
  const demandeur = utilisateur(["demandeur"], SOCIETE);

  it("offers the draft's saves, DEPOSER and ANNULER_DEMANDE to its owner only", () => {
    expect(actionsDisponibles(demande("brouillon"), demandeur, sansDelai)).toEqual([
      "ENREGISTRE_BROUILLON_STEP_1",
      "ENREGISTRE_BROUILLON_STEP_2",
      "DEPOSER",
      "ANNULER_DEMANDE",
    ]);
    const etranger = utilisateur(["demandeur"], AUTRE_SOCIETE);
    expect(actionsDisponibles(demande("brouillon"), etranger, sansDelai)).toEqual([]);
    for (const role of ROLES.filter((role) => role !== "demandeur"))
      expect(actionsDisponibles(demande("brouillon"), utilisateur([role]), sansDelai)).toEqual([]);
  });

  it("offers a deposited file's cancellation to the applicant and its assignment to staff", () => {
    expect(actionsDisponibles(demande("deposee"), demandeur, sansDelai)).toEqual([
      "ANNULER_DEMANDE",
    ]);
    expect(actionsDisponibles(demande("deposee"), utilisateur(["superviseur"]), sansDelai)).toEqual(
      ["AFFECTER_INSTRUCTEUR"],
    );
    expect(actionsDisponibles(demande("deposee"), utilisateur(["instructeur"]), sansDelai)).toEqual(
      ["AFFECTER_INSTRUCTEUR"],
    );
  });

  it("offers nothing on a cancelled request, whoever asks", () => {
    expect(actionsDisponibles(demande("annulee"), demandeur, delaiExpire)).toEqual([]);
    for (const role of ROLES)
      expect(actionsDisponibles(demande("annulee"), utilisateur([role]), delaiExpire)).toEqual([]);
  });

  it("never lets the applicant cancel once a decision is taken", () => {
    for (const etat of DECIDE)
      expect(actionsDisponibles(demande(etat), demandeur, sansDelai)).not.toContain(
        "ANNULER_DEMANDE",
      );
  });

  it("offers tacit rejection to the superviseur only once the clock expired", () => {
    const superviseur = utilisateur(["superviseur"]);
    expect(actionsDisponibles(demande("affectee"), superviseur, sansDelai)).not.toContain(
      "REJETER_TACITEMENT_DOSSIER",
    );
    expect(actionsDisponibles(demande("affectee"), superviseur, delaiExpire)).toContain(
      "REJETER_TACITEMENT_DOSSIER",
    );
  });

  it("lets an applicant of the company act as applicant only, even with a staff role", () => {
    const double = utilisateur(["instructeur", "demandeur"], SOCIETE);
    expect(actionsDisponibles(demande("deposee"), double, sansDelai)).toEqual(["ANNULER_DEMANDE"]);
  });
});

describe("instruction clock (DESIGN §5)", () => {
  it("ends 3 calendar months after the Europe/Paris deposit date", () => {
    expect(dateLimiteInstruction(new Date("2026-01-15T10:00:00Z"))).toBe("2026-04-15");
    expect(dateLimiteInstruction(new Date("2026-11-30T10:00:00Z"))).toBe("2027-02-28");
    // 23:30 UTC on 30 November is already 1 December in Paris.
    expect(dateLimiteInstruction(new Date("2025-11-30T23:30:00Z"))).toBe("2026-03-01");
  });

  it("deems an undecided, running file rejected the day after its last day", () => {
    const deposee = {
      etat: "affectee",
      dateLimiteInstruction: "2026-04-15",
      suspenduDepuis: null,
    };
    expect(estReputeRejete(deposee, new Date("2026-04-15T21:00:00Z"))).toBe(false);
    expect(estReputeRejete(deposee, new Date("2026-04-15T22:30:00Z"))).toBe(true);
    expect(
      estReputeRejete({ ...deposee, suspenduDepuis: new Date() }, new Date("2027-01-01")),
    ).toBe(false);
    expect(estReputeRejete({ ...deposee, etat: "agree" }, new Date("2027-01-01"))).toBe(false);
  });
});
