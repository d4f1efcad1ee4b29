/**
 * The actions area of a file (spec §4): which available actions are set
 * apart under "Autres actions", and the form each action page validates.
 */
import { describe, expect, it } from "vitest";
import type { ActionDemande, EtatDemande } from "#contract/etats";
import { lireAction, lireTypeDossier, repartirActions, schemaFormulaireAction } from "./actions";

const dossier = (etat: EtatDemande, actions: ActionDemande[]) => ({
  etat,
  actionsDisponibles: actions.map((action) => ({ action })),
});

describe("repartirActions", () => {
  it("sets apart reassignment, cancellation, tacit rejection, approval and procedure actions", () => {
    const { principales, autres } = repartirActions(
      dossier("agree", [
        "CREER_PROCEDURE",
        "MODIFIER_AGREMENT",
        "REAFFECTER_INSTRUCTEUR",
        "REJETER_TACITEMENT_DOSSIER",
        "ANNULER_DEMANDE",
        "MODIFIER_PROCEDURE",
        "TERMINER_PROCEDURE",
      ]),
    );
    expect(principales).toEqual([]);
    expect(autres).toHaveLength(7);
  });

  it("keeps the API's order and the main actions apart", () => {
    expect(
      repartirActions(
        dossier("affectee", [
          "DEMANDER_COMPLEMENT_COMPLETUDE",
          "RETOURNER_EN_EDITION",
          "CONFIRMER_COMPLETUDE",
          "REAFFECTER_INSTRUCTEUR",
          "PROPOSER_REFUS_DEMANDE",
        ]),
      ),
    ).toEqual({
      principales: [
        "DEMANDER_COMPLEMENT_COMPLETUDE",
        "RETOURNER_EN_EDITION",
        "CONFIRMER_COMPLETUDE",
        "PROPOSER_REFUS_DEMANDE",
      ],
      autres: ["REAFFECTER_INSTRUCTEUR"],
    });
  });

  it("sets DEMANDER_COMPLEMENT apart except in state affectee", () => {
    expect(repartirActions(dossier("complete", ["DEMANDER_COMPLEMENT"])).autres).toEqual([
      "DEMANDER_COMPLEMENT",
    ]);
    expect(repartirActions(dossier("affectee", ["DEMANDER_COMPLEMENT"])).principales).toEqual([
      "DEMANDER_COMPLEMENT",
    ]);
  });
});

describe("URL segments", () => {
  it("reads only the two file kinds and the known actions", () => {
    expect(lireTypeDossier("demande")).toBe("demande");
    expect(lireTypeDossier("changement-notable")).toBe("changement-notable");
    expect(lireTypeDossier("agrement")).toBeNull();
    expect(lireAction("AFFECTER_INSTRUCTEUR")).toBe("AFFECTER_INSTRUCTEUR");
    expect(lireAction("affecter_instructeur")).toBeNull();
    expect(lireAction(undefined)).toBeNull();
  });
});

describe("schemaFormulaireAction", () => {
  it("requires a deadline after today for DEMANDER_COMPLEMENT and reads JJ/MM/AAAA", () => {
    const schema = schemaFormulaireAction("DEMANDER_COMPLEMENT", "2026-03-10");
    expect(schema.safeParse({ commentaire: "Bilan", dateEcheance: "10/03/2026" }).success).toBe(
      false,
    );
    expect(schema.parse({ commentaire: "Bilan", dateEcheance: "11/03/2026" })).toEqual({
      commentaire: "Bilan",
      dateEcheance: "2026-03-11",
    });
  });

  it("needs the procedure type to open a withdrawal procedure", () => {
    const schema = schemaFormulaireAction("CREER_PROCEDURE");
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.parse({ type: "retrait_sans_suspension" })).toEqual({
      type: "retrait_sans_suspension",
    });
  });

  it("takes an optional comment for an action without a form of its own", () => {
    const schema = schemaFormulaireAction("MODIFIER_AGREMENT");
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ commentaire: " Périmètre corrigé " })).toEqual({
      commentaire: "Périmètre corrigé",
    });
  });
});
