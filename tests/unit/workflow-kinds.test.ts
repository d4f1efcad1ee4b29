/**
 * Approval requests and notable changes never share what belongs to one of
 * them: over the whole transition table, for every row,
 * state, role and kind, an action or decision of one kind is never offered
 * to the other. The sets are written out from spec §3–§4 and DESIGN §3,
 * not read from the code under test.
 */
import { describe, expect, it } from "vitest";
import {
  ETATS_DEMANDE,
  type ActionDemande,
  type EtatDemande,
  type TypeDossier,
  type ValeurAvis,
} from "../../contract/etats.ts";
import { ROLES, type Role } from "../../contract/roles.ts";
import type { UtilisateurConnecte, UtilisateurRow } from "../../api/domain/utilisateur-connecte.ts";
import {
  TRANSITIONS,
  actionsDisponibles,
  decisionsDe,
  transitionPour,
} from "../../api/domain/workflow.ts";

/**
 * Actions that only make sense on an approval request: its draft steps,
 * the arrêté it is filed under, and what acts on the approval it created
 * (spec §4 Actions on a request; DESIGN §3).
 */
const ACTIONS_DEMANDE_SEULE: readonly ActionDemande[] = [
  "ENREGISTRE_BROUILLON_STEP_1",
  "ENREGISTRE_BROUILLON_STEP_2",
  "APPLIQUER_ARRETE",
  "CREER_PROCEDURE",
  "MODIFIER_PROCEDURE",
  "TERMINER_PROCEDURE",
  "MODIFIER_AGREMENT",
];
/** Decisions on an approval request (spec §3 Opinion values). */
const DECISIONS_DEMANDE_SEULE: readonly ValeurAvis[] = ["AGREMENT_VALIDE", "AGREMENT_REFUSE"];

/** Actions of a perimeter extension's decision and its tacit acceptance (spec §4). */
const ACTIONS_CHANGEMENT_SEUL: readonly ActionDemande[] = [
  "DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE",
  "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
];
/** Decisions on a notable change (spec §3 Opinion values). */
const DECISIONS_CHANGEMENT_SEUL: readonly ValeurAvis[] = [
  "EXTENSION_PERIMETRE_VALIDE",
  "EXTENSION_PERIMETRE_REFUSE",
];

const KINDS: readonly TypeDossier[] = ["demande", "changement-notable"];

/** What a file of `kind` must never be offered: the other kind's own actions and decisions. */
function interditsA(kind: TypeDossier): {
  actions: readonly ActionDemande[];
  decisions: readonly ValeurAvis[];
} {
  return kind === "demande"
    ? { actions: ACTIONS_CHANGEMENT_SEUL, decisions: DECISIONS_CHANGEMENT_SEUL }
    : { actions: ACTIONS_DEMANDE_SEULE, decisions: DECISIONS_DEMANDE_SEULE };
}

const SOCIETE = "11111111-1111-4111-8111-111111111111";

/** The company's applicant, or an instruction agent, holding `role`. */
function utilisateur(role: Role): UtilisateurConnecte {
  return {
    row: {
      id: "u",
      societeId: role === "demandeur" ? SOCIETE : null,
      serviceInstructeurId: 1,
    } as UtilisateurRow,
    roles: [role],
  };
}

describe("approval requests and notable changes keep their own actions", () => {
  it("never finds a row of one kind's own action or decision for the other kind", () => {
    const ecarts: string[] = [];
    for (const kind of KINDS) {
      const interdits = interditsA(kind);
      for (const row of TRANSITIONS)
        for (const etat of ["creation" as const, ...ETATS_DEMANDE])
          for (const role of ROLES) {
            const ligne = transitionPour(etat, row.action, [role], kind);
            if (!ligne) continue;
            if (interdits.actions.includes(ligne.action))
              ecarts.push(`${kind} × ${etat} × ${role}: ${ligne.action}`);
            for (const decision of decisionsDe(ligne))
              if (interdits.decisions.includes(decision))
                ecarts.push(`${kind} × ${etat} × ${role}: ${ligne.action} ${decision}`);
          }
    }
    expect(ecarts).toEqual([]);
  });

  it("never lists one kind's own action to a file of the other, whatever its state and reader", () => {
    const ecarts: string[] = [];
    for (const kind of KINDS)
      for (const etat of ETATS_DEMANDE)
        for (const role of ROLES)
          for (const reputeRejete of [false, true]) {
            const offertes = actionsDisponibles(
              { etat, societeId: SOCIETE, kind },
              utilisateur(role),
              { reputeRejete, avecNonListees: true },
            );
            for (const action of offertes)
              if (interditsA(kind).actions.includes(action))
                ecarts.push(`${kind} × ${etat} × ${role}: ${action}`);
          }
    expect(ecarts).toEqual([]);
  });

  it("offers at the decision stage AGREMENT_* to a request and EXTENSION_PERIMETRE_* to a change", () => {
    const decisions = (kind: TypeDossier) =>
      decisionsDe(
        transitionPour("instruite_superviseur", "EXPRIMER_AVIS_DECIDEUR", ["superviseur"], kind)!,
      );
    expect(decisions("demande")).toEqual(["AGREMENT_VALIDE", "AGREMENT_REFUSE"]);
    expect(decisions("changement-notable")).toEqual([
      "EXTENSION_PERIMETRE_VALIDE",
      "EXTENSION_PERIMETRE_REFUSE",
    ]);
    const vers = (kind: TypeDossier, valeur: ValeurAvis): EtatDemande | undefined =>
      transitionPour("instruite_superviseur", "EXPRIMER_AVIS_DECIDEUR", ["superviseur"], kind)!
        .decisions?.[valeur];
    expect(vers("demande", "AGREMENT_VALIDE")).toBe("agrement_en_attente");
    expect(vers("demande", "AGREMENT_REFUSE")).toBe("refusee");
    expect(vers("changement-notable", "EXTENSION_PERIMETRE_VALIDE")).toBe("disponible");
    expect(vers("changement-notable", "EXTENSION_PERIMETRE_REFUSE")).toBe("refusee");
  });

  it("still gives a notable change the shared instruction path and its superviseur's decision", () => {
    const superviseur = utilisateur("superviseur");
    const changement = (etat: EtatDemande) =>
      ({ etat, societeId: SOCIETE, kind: "changement-notable" }) as const;
    expect(
      actionsDisponibles(changement("instruite_superviseur"), superviseur, { reputeRejete: false }),
    ).toEqual(["REAFFECTER_INSTRUCTEUR", "EXPRIMER_AVIS_DECIDEUR"]);
    expect(actionsDisponibles(changement("deposee"), superviseur, { reputeRejete: false })).toEqual(
      ["AFFECTER_INSTRUCTEUR"],
    );
    // An approval's procedures are the approval request's, never its notable change's.
    expect(actionsDisponibles(changement("agree"), superviseur, { reputeRejete: false })).toEqual(
      [],
    );
    expect(
      actionsDisponibles({ etat: "agree", societeId: SOCIETE, kind: "demande" }, superviseur, {
        reputeRejete: false,
      }),
    ).toEqual(["CREER_PROCEDURE", "MODIFIER_AGREMENT"]);
  });

  it("keeps the arrêté and the draft steps to approval requests", () => {
    const demandeur = utilisateur("demandeur");
    expect(
      actionsDisponibles(
        { etat: "arrete_perime", societeId: SOCIETE, kind: "demande" },
        demandeur,
        { reputeRejete: false },
      ),
    ).toEqual(["APPLIQUER_ARRETE", "ANNULER_DEMANDE"]);
    expect(
      actionsDisponibles(
        { etat: "arrete_perime", societeId: SOCIETE, kind: "changement-notable" },
        demandeur,
        { reputeRejete: false },
      ),
    ).toEqual(["ANNULER_DEMANDE"]);
    expect(
      transitionPour(
        "creation",
        "ENREGISTRE_BROUILLON_STEP_1",
        ["demandeur"],
        "changement-notable",
      ),
    ).toBeNull();
  });
});

describe("RECHARGER_MESSAGERIE (ADR 0018)", () => {
  const LISIBLES: readonly EtatDemande[] = ETATS_DEMANDE.filter(
    (etat) => etat !== "brouillon" && etat !== "arrete_perime",
  );

  it("is allowed to both sides of the thread wherever it can be read, and never listed", () => {
    for (const kind of KINDS)
      for (const etat of ETATS_DEMANDE)
        for (const role of ROLES) {
          const permis = transitionPour(etat, "RECHARGER_MESSAGERIE", [role], kind) !== null;
          const attendu =
            LISIBLES.includes(etat) &&
            (["demandeur", "instructeur", "superviseur", "crhh"] as Role[]).includes(role);
          expect(permis, `${kind} × ${etat} × ${role}`).toBe(attendu);
          expect(
            actionsDisponibles({ etat, societeId: SOCIETE, kind }, utilisateur(role), {
              reputeRejete: true,
            }),
          ).not.toContain("RECHARGER_MESSAGERIE");
        }
  });

  it("changes no state", () => {
    for (const etat of LISIBLES)
      expect(transitionPour(etat, "RECHARGER_MESSAGERIE", ["demandeur"])?.to).toBe("same");
  });
});

describe("a perimeter extension's decision, tacit acceptance and annulment (ADR 0021)", () => {
  const changement = (etat: EtatDemande) =>
    ({ etat, societeId: SOCIETE, kind: "changement-notable" }) as const;

  it("keeps the tacit rejection to approval requests: a change's silence means acceptance", () => {
    for (const etat of ETATS_DEMANDE)
      expect(
        transitionPour(etat, "REJETER_TACITEMENT_DOSSIER", ["superviseur"], "changement-notable"),
        etat,
      ).toBeNull();
    expect(
      transitionPour("affectee", "REJETER_TACITEMENT_DOSSIER", ["superviseur"], "demande")?.to,
    ).toBe("rejetee_tacitement");
  });

  it("lets only the system accept a deposited, undecided change", () => {
    for (const etat of ["deposee", "affectee", "incomplete", "instruite_superviseur"] as const) {
      expect(transitionPour(etat, "ACCORD_TACITE", ["systeme"], "changement-notable")?.to).toBe(
        "accordee_tacitement",
      );
      expect(transitionPour(etat, "ACCORD_TACITE", ["systeme"], "demande")).toBeNull();
      expect(
        transitionPour(etat, "ACCORD_TACITE", ["superviseur"], "changement-notable"),
      ).toBeNull();
    }
    for (const etat of ["brouillon", "disponible", "refusee", "terminee"] as const)
      expect(transitionPour(etat, "ACCORD_TACITE", ["systeme"], "changement-notable")).toBeNull();
  });

  it("lets the applicant view the decision (disponible → terminee)", () => {
    expect(
      actionsDisponibles(changement("disponible"), utilisateur("demandeur"), {
        reputeRejete: false,
      }),
    ).toEqual(["VISUALISER_RESULTAT"]);
    expect(
      transitionPour("disponible", "VISUALISER_RESULTAT", ["demandeur"], "changement-notable")?.to,
    ).toBe("terminee");
  });

  it("offers the annulment to the superviseur alone, from accordee_tacitement to annulee", () => {
    expect(
      actionsDisponibles(changement("accordee_tacitement"), utilisateur("superviseur"), {
        reputeRejete: false,
      }),
    ).toEqual(["DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE"]);
    for (const role of ["instructeur", "crhh", "demandeur"] as const)
      expect(
        actionsDisponibles(changement("accordee_tacitement"), utilisateur(role), {
          reputeRejete: false,
        }),
      ).toEqual([]);
    expect(
      transitionPour(
        "accordee_tacitement",
        "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
        ["superviseur"],
        "changement-notable",
      )?.to,
    ).toBe("annulee");
  });

  it("never lists the modified certificate's row, written by the decision itself", () => {
    expect(
      actionsDisponibles(changement("disponible"), utilisateur("superviseur"), {
        reputeRejete: false,
      }),
    ).toEqual([]);
  });
});

describe("a perimeter extension's draft, the applicant's side (ADR 0020)", () => {
  /** The extension's own draft actions (spec §4 Perimeter-extension actions). */
  const ACTIONS_BROUILLON_EXTENSION: readonly ActionDemande[] = [
    "CREER_EXTENSION_PERIMETRE",
    "ENREGISTRER_BROUILLON",
    "VALIDER_DEPOSER",
  ];

  it("creates it (demandeur only, guard peutCreer) as a brouillon, never an approval request", () => {
    for (const role of ROLES) {
      const ligne = transitionPour(
        "creation",
        "CREER_EXTENSION_PERIMETRE",
        [role],
        "changement-notable",
      );
      expect(ligne !== null, role).toBe(role === "demandeur");
    }
    expect(
      transitionPour("creation", "CREER_EXTENSION_PERIMETRE", ["demandeur"], "changement-notable"),
    ).toMatchObject({ to: "brouillon", guard: "peutCreer" });
  });

  it("offers the draft's actions on a brouillon extension only, and never to a request", () => {
    for (const kind of KINDS)
      for (const etat of ETATS_DEMANDE)
        for (const role of ROLES)
          for (const action of ACTIONS_BROUILLON_EXTENSION.slice(1)) {
            const ligne = transitionPour(etat, action, [role], kind);
            const attendu =
              kind === "changement-notable" && etat === "brouillon" && role === "demandeur";
            expect(ligne !== null, `${kind} × ${etat} × ${role} × ${action}`).toBe(attendu);
            if (ligne) expect(ligne.to).toBe("same");
          }
    expect(
      actionsDisponibles(
        { etat: "brouillon", societeId: SOCIETE, kind: "changement-notable" },
        utilisateur("demandeur"),
        { reputeRejete: false },
      ),
    ).toEqual(["ENREGISTRER_BROUILLON", "VALIDER_DEPOSER", "DEPOSER", "ANNULER_DEMANDE"]);
    expect(
      actionsDisponibles(
        { etat: "brouillon", societeId: SOCIETE, kind: "demande" },
        utilisateur("demandeur"),
        { reputeRejete: false },
      ),
    ).toEqual([
      "ENREGISTRE_BROUILLON_STEP_1",
      "ENREGISTRE_BROUILLON_STEP_2",
      "DEPOSER",
      "ANNULER_DEMANDE",
    ]);
  });

  it("deposits it by the shared DEPOSER row (brouillon → deposee, guard deposable)", () => {
    expect(
      transitionPour("brouillon", "DEPOSER", ["demandeur"], "changement-notable"),
    ).toMatchObject({ to: "deposee", guard: "deposable" });
  });
});
