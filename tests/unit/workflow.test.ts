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
import {
  dateLimiteInstruction,
  decalerDate,
  echeanceCompletude,
  joursCalendairesParis,
  periodeValidite,
} from "../../contract/delais.ts";
import { estReputeRejete } from "../../api/domain/demandes/delais.ts";
import { reprendreDelai, suspendreDelai } from "../../api/domain/demandes/suspension.ts";
import type { UtilisateurConnecte, UtilisateurRow } from "../../api/domain/utilisateur-connecte.ts";
import {
  TRANSITIONS,
  actionsDisponibles,
  estModifiableParDemandeur,
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

/** Every state but the drafts: the message thread exists once a request is filed (ADR 0018). */
const LISIBLE: EtatDemande[] = ETATS_DEMANDE.filter(
  (etat) => etat !== "brouillon" && etat !== "arrete_perime",
);

/** Taken without being listed in actionsDisponibles (ADR 0018: a reload, not a step). */
const NON_LISTEES: ActionDemande[] = ["RECHARGER_MESSAGERIE"];

/** action → role → states it may be taken from (people only; jobs apart). */
const ATTENDU: Partial<Record<ActionDemande, Partial<Record<Role, EtatDemande[]>>>> = {
  // en_edition: the instructeur handed the request back to be corrected.
  ENREGISTRE_BROUILLON_STEP_1: { demandeur: ["brouillon", "en_edition"] },
  ENREGISTRE_BROUILLON_STEP_2: { demandeur: ["brouillon", "en_edition"] },
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
  RECHARGER_MESSAGERIE: {
    demandeur: LISIBLE,
    instructeur: LISIBLE,
    superviseur: LISIBLE,
    crhh: LISIBLE,
  },
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
        const attendues = ACTIONS_DEMANDE.filter(
          (action) => attendu(etat, action, role) && !NON_LISTEES.includes(action),
        );
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
    expect(transitionPour("en_edition", "DEPOSER_EN_EDITION", ["demandeur"])?.guard).toBe(
      "deposable",
    );
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
      kind: "demande" as const,
      etat: "affectee",
      dateLimiteInstruction: "2026-04-15",
      suspenduDepuis: null,
    };
    expect(estReputeRejete(deposee, new Date("2026-04-15T21:00:00Z"))).toBe(false);
    expect(estReputeRejete(deposee, new Date("2026-04-15T22:30:00Z"))).toBe(true);
    // A notable change's silence means acceptance, never rejection (DESIGN §5).
    expect(
      estReputeRejete({ ...deposee, kind: "changement-notable" }, new Date("2026-04-15T22:30:00Z")),
    ).toBe(false);
    expect(
      estReputeRejete({ ...deposee, suspenduDepuis: new Date() }, new Date("2027-01-01")),
    ).toBe(false);
    expect(estReputeRejete({ ...deposee, etat: "agree" }, new Date("2027-01-01"))).toBe(false);
  });
});

describe("calendar arithmetic (DESIGN §5: Europe/Paris dates, calendar months)", () => {
  it("moves a date by years, months and days, falling back to the month's last day", () => {
    expect(decalerDate("2026-01-31", { mois: 1 })).toBe("2026-02-28");
    expect(decalerDate("2028-01-31", { mois: 1 })).toBe("2028-02-29");
    expect(decalerDate("2026-06-10", { jours: 25 })).toBe("2026-07-05");
    expect(decalerDate("2026-03-29", { jours: 1 })).toBe("2026-03-30");
    expect(decalerDate("2026-03-15", { ans: 5, jours: -1 })).toBe("2031-03-14");
    expect(decalerDate("2028-02-29", { ans: 5, jours: -1 })).toBe("2033-02-27");
  });

  it("counts Europe/Paris calendar days between two instants", () => {
    const lundi10h = new Date("2026-03-09T09:00:00Z");
    expect(joursCalendairesParis(lundi10h, new Date("2026-03-09T20:00:00Z"))).toBe(0);
    // 23:30 UTC is already Tuesday in Paris.
    expect(joursCalendairesParis(lundi10h, new Date("2026-03-09T23:30:00Z"))).toBe(1);
    // Across the switch to summer time (29 March 2026).
    expect(
      joursCalendairesParis(new Date("2026-03-28T12:00:00Z"), new Date("2026-04-02T12:00:00Z")),
    ).toBe(5);
    expect(joursCalendairesParis(new Date("2026-03-10"), new Date("2026-03-01"))).toBe(0);
  });

  it("gives a completeness request one calendar month from the Paris date of the request", () => {
    expect(echeanceCompletude(new Date("2026-01-31T10:00:00Z"))).toBe("2026-02-28");
    // 23:30 UTC on 31 March is 1 April in Paris.
    expect(echeanceCompletude(new Date("2026-03-31T23:30:00Z"))).toBe("2026-05-01");
  });

  it("makes an approval valid five years from the Paris date of the decision, last day included", () => {
    expect(periodeValidite(new Date("2026-03-15T09:00:00Z"))).toEqual({
      dateDebut: "2026-03-15",
      dateFin: "2031-03-14",
    });
    expect(periodeValidite(new Date("2026-12-31T23:30:00Z"))).toEqual({
      dateDebut: "2027-01-01",
      dateFin: "2031-12-31",
    });
  });
});

describe("suspension of the instruction clock (DESIGN §5, arrêté art. 5)", () => {
  const courant = { suspenduDepuis: null, dateLimiteInstruction: "2026-06-10" };

  it("stops the clock at the request, keeping the start of a suspension already running", () => {
    const maintenant = new Date("2026-03-20T10:00:00Z");
    expect(suspendreDelai(courant, maintenant)).toEqual({ suspenduDepuis: maintenant });
    const depuis = new Date("2026-03-15T10:00:00Z");
    expect(suspendreDelai({ ...courant, suspenduDepuis: depuis }, maintenant).suspenduDepuis).toBe(
      depuis,
    );
  });

  it("pushes the last day back by the Paris calendar days the clock stood still", () => {
    const suspendu = { ...courant, suspenduDepuis: new Date("2026-03-10T16:00:00Z") };
    expect(reprendreDelai(suspendu, new Date("2026-03-25T08:00:00Z"))).toEqual({
      // The "expires soon" alert is due again for the new last day.
      changements: {
        suspenduDepuis: null,
        dateLimiteInstruction: "2026-06-25",
        alerteExpirationEnvoyee: false,
      },
      joursSuspendus: 15,
    });
    // Within one Paris day: nothing to add.
    expect(reprendreDelai(suspendu, new Date("2026-03-10T20:00:00Z")).joursSuspendus).toBe(0);
    // 25 days from 31 May land in July.
    const fin = reprendreDelai(
      { suspenduDepuis: new Date("2026-05-06T10:00:00Z"), dateLimiteInstruction: "2026-06-10" },
      new Date("2026-05-31T10:00:00Z"),
    );
    expect(fin.changements.dateLimiteInstruction).toBe("2026-07-05");
  });

  it("leaves a running clock as it is", () => {
    expect(reprendreDelai(courant, new Date("2026-04-01"))).toEqual({
      changements: { suspenduDepuis: null, dateLimiteInstruction: "2026-06-10" },
      joursSuspendus: 0,
    });
  });

  it("never deems a suspended file rejected, whatever the date", () => {
    const suspendu = {
      kind: "demande" as const,
      etat: "incomplete",
      dateLimiteInstruction: "2026-06-10",
      suspenduDepuis: new Date("2026-05-01T10:00:00Z"),
    };
    expect(estReputeRejete(suspendu, new Date("2026-09-01T10:00:00Z"))).toBe(false);
  });
});

describe("what the applicant may edit (steps 1–2 and step-3 files)", () => {
  it("is his draft and a request returned to edition, nothing else", () => {
    const modifiables = ETATS_DEMANDE.filter((etat) => estModifiableParDemandeur(etat));
    expect(modifiables).toEqual(["brouillon", "en_edition"]);
    for (const etat of modifiables)
      expect(transitionPour(etat, "ENREGISTRE_BROUILLON_STEP_2", ["demandeur"])).not.toBeNull();
  });
});
