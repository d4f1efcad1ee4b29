/**
 * The actions area of a file (spec §4): which available actions are set
 * apart under "Autres actions", the form each action page validates, and
 * the values it starts from.
 */
import { describe, expect, it } from "vitest";
import type { ActionDemande, EtatDemande } from "#contract/etats";
import type { DemandeDetail } from "#contract/schemas/demande";
import {
  lireAction,
  lireTypeDossier,
  repartirActions,
  schemaFormulaireAction,
  valeursInitialesAction,
} from "./actions";

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

  it("offers DEMANDER_COMPLEMENT as its completeness variant in state incomplete, once", () => {
    expect(repartirActions(dossier("incomplete", ["DEMANDER_COMPLEMENT"]))).toEqual({
      principales: ["DEMANDER_COMPLEMENT_COMPLETUDE"],
      autres: [],
    });
    expect(
      repartirActions(
        dossier("incomplete", ["DEMANDER_COMPLEMENT_COMPLETUDE", "DEMANDER_COMPLEMENT"]),
      ).principales,
    ).toEqual(["DEMANDER_COMPLEMENT_COMPLETUDE"]);
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

/** The messages the action page shows for `valeur`, by field ({} when valid). */
function erreurs(schema: ReturnType<typeof schemaFormulaireAction>, valeur: unknown) {
  const resultat = schema.safeParse(valeur);
  return resultat.success ? {} : resultat.error.flatten().fieldErrors;
}

describe("schemaFormulaireAction", () => {
  it("requires a deadline after today for DEMANDER_COMPLEMENT and reads JJ/MM/AAAA", () => {
    const schema = schemaFormulaireAction("DEMANDER_COMPLEMENT", "2026-03-10");
    expect(erreurs(schema, { commentaire: "Bilan", dateEcheance: "10/03/2026" })).toEqual({
      dateEcheance: ["La date doit être postérieure à la date du jour"],
    });
    expect(schema.parse({ commentaire: "Bilan", dateEcheance: "11/03/2026" })).toEqual({
      commentaire: "Bilan",
      dateEcheance: "2026-03-11",
    });
  });

  it("needs type, a notification date not after today and grounds to open a withdrawal procedure", () => {
    const schema = schemaFormulaireAction("CREER_PROCEDURE", "2026-03-10");
    expect(erreurs(schema, {})).toEqual({
      type: ["Veuillez choisir le type de procédure."],
      dateNotification: ["Ce champ est requis"],
      commentaire: ["Ce champ est requis"],
    });
    expect(
      erreurs(schema, {
        type: "retrait_sans_suspension",
        dateNotification: "11/03/2026",
        commentaire: "Manquements",
      }),
    ).toEqual({
      dateNotification: ["La date de notification ne peut pas être postérieure à la date du jour"],
    });
    expect(
      schema.parse({
        type: "retrait_sans_suspension",
        dateNotification: "10/03/2026",
        commentaire: " Manquements ",
      }),
    ).toEqual({
      type: "retrait_sans_suspension",
      dateNotification: "2026-03-10",
      commentaire: "Manquements",
    });
  });

  it("reads a blank type or date as unchanged when modifying a procedure", () => {
    const schema = schemaFormulaireAction("MODIFIER_PROCEDURE", "2026-03-10");
    expect(schema.parse({ type: "", dateNotification: "", commentaire: "Motif" })).toEqual({
      commentaire: "Motif",
    });
  });

  it("needs at least one zone and grounds to modify an approval", () => {
    const schema = schemaFormulaireAction("MODIFIER_AGREMENT");
    expect(erreurs(schema, { commentaire: "Motif" })).toEqual({
      regions: ["Le périmètre d'intervention est requis"],
    });
    expect(schema.parse({ departements: ["75", "92"], commentaire: "Motif" })).toEqual({
      regions: [],
      departements: ["75", "92"],
      epcis: [],
      communes: [],
      commentaire: "Motif",
    });
  });

  it("takes an optional comment for an action without a form of its own", () => {
    const schema = schemaFormulaireAction("DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE");
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ commentaire: " Périmètre corrigé " })).toEqual({
      commentaire: "Périmètre corrigé",
    });
  });
});

describe("valeursInitialesAction", () => {
  const agrement = {
    perimetre: {
      regions: [{ code: "11", nom: "Île-de-France" }],
      departements: [{ code: "69", nom: "Rhône" }],
      epcis: [],
      communes: [{ code: "69123", nom: "Lyon" }],
    },
    proceduresAgrement: [
      {
        id: 2,
        etat: "en_cours",
        type: "retrait_avec_suspension",
        data: { dateNotification: "2026-03-02", decision: null, dateDecision: null },
      },
      {
        id: 1,
        etat: "termine",
        type: "retrait_sans_suspension",
        data: {
          dateNotification: "2025-01-02",
          decision: "agrement_maintenu",
          dateDecision: "2025-02-02",
        },
      },
    ],
  } as unknown as NonNullable<DemandeDetail["agrement"]>;

  it("starts the procedure form from the ongoing procedure", () => {
    expect(valeursInitialesAction("MODIFIER_PROCEDURE", { agrement })).toEqual({
      type: "retrait_avec_suspension",
      dateNotification: "2026-03-02",
    });
  });

  it("starts the perimeter form from the granted perimeter's codes", () => {
    expect(valeursInitialesAction("MODIFIER_AGREMENT", { agrement })).toEqual({
      regions: ["11"],
      departements: ["69"],
      epcis: [],
      communes: ["69123"],
    });
  });

  it("gives nothing for the other actions or without an approval", () => {
    expect(valeursInitialesAction("TERMINER_PROCEDURE", { agrement })).toEqual({});
    expect(valeursInitialesAction("MODIFIER_AGREMENT", { agrement: null })).toEqual({});
  });
});
