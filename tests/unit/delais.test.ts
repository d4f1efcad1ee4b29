/**
 * The module of deadlines (contract/delais.ts; DESIGN §5): each length
 * with its reference, and each deadline's dates on a frozen clock,
 * Europe/Paris calendar dates (winter UTC+1, summer UTC+2).
 */
import { describe, expect, it } from "vitest";
import {
  DELAIS,
  ECHEANCE_RAPPORT_ANNUEL,
  dateLimiteAcceptationTacite,
  dateLimiteInstruction,
  dateLimiteRapportAnnuel,
  debutDecisionRetrait,
  decalerDate,
  echeanceCompletude,
  echeanceDepassee,
  expirationLienConfirmation,
  finSuspension,
  horizonExpireBientot,
  instructionExpireBientot,
  instructionExpiree,
  joursCalendairesParis,
  limitePurgeComptesEnAttente,
  periodeValidite,
} from "../../contract/delais.ts";

describe("les délais et leur référence", () => {
  it("ont les durées de DESIGN §5 et de la spec", () => {
    expect(DELAIS.completude).toMatchObject({ duree: 1, unite: "mois" });
    expect(DELAIS.instruction).toMatchObject({ duree: 3, unite: "mois" });
    expect(DELAIS.expireBientot).toMatchObject({ duree: 15, unite: "jours" });
    expect(DELAIS.acceptationTacite).toMatchObject({ duree: 2, unite: "mois" });
    expect(DELAIS.suspension).toMatchObject({ duree: 3, unite: "mois" });
    expect(DELAIS.observationsRetrait).toMatchObject({ duree: 15, unite: "jours" });
    expect(DELAIS.validiteAgrement).toMatchObject({ duree: 5, unite: "ans" });
    expect(DELAIS.confirmationCompte).toMatchObject({ duree: 72, unite: "heures" });
    expect(DELAIS.recours).toMatchObject({ duree: 2, unite: "mois" });
    expect(ECHEANCE_RAPPORT_ANNUEL).toMatchObject({ mois: 3, jour: 31 });
  });

  it("citent chacun leur source (texte réglementaire, spec ou DESIGN)", () => {
    for (const [nom, delai] of Object.entries({ ...DELAIS, ECHEANCE_RAPPORT_ANNUEL }))
      expect(delai.reference, nom).toMatch(/(DESIGN|spec) §\d/);
    expect(DELAIS.completude.reference).toContain("arrêté du 21 décembre 2022");
  });

  it("s'écrivent en lettres comme les textes du portail", () => {
    expect(DELAIS.acceptationTacite.enLettres).toBe("deux mois");
    expect(DELAIS.instruction.enLettres).toBe("trois mois");
    expect(DELAIS.confirmationCompte.enLettres).toBe("72 heures");
  });
});

describe("calcul des dates (Europe/Paris, mois calendaires)", () => {
  it("décale de mois, d'années et de jours, en ramenant au dernier jour du mois", () => {
    expect(decalerDate("2026-01-31", { mois: 1 })).toBe("2026-02-28");
    expect(decalerDate("2028-01-31", { mois: 1 })).toBe("2028-02-29");
    expect(decalerDate("2026-03-31", { mois: -1 })).toBe("2026-02-28");
    expect(decalerDate("2026-11-15", { mois: 3 })).toBe("2027-02-15");
    expect(decalerDate("2026-02-15", { mois: -3 })).toBe("2025-11-15");
    expect(decalerDate("2028-02-29", { ans: 1 })).toBe("2029-02-28");
    expect(decalerDate("2026-12-25", { jours: 10 })).toBe("2027-01-04");
    expect(decalerDate("2026-03-01", { jours: -1 })).toBe("2026-02-28");
    expect(decalerDate("2026-03-29", { jours: 1 })).toBe("2026-03-30");
  });

  it("compte les jours calendaires de Paris entre deux instants", () => {
    // 23:30 UTC on 31 March is already 1 April in Paris (UTC+2).
    expect(
      joursCalendairesParis(new Date("2026-03-31T10:00:00Z"), new Date("2026-03-31T23:30:00Z")),
    ).toBe(1);
    expect(
      joursCalendairesParis(new Date("2026-10-24T12:00:00Z"), new Date("2026-10-26T12:00:00Z")),
    ).toBe(2);
  });
});

describe("instruction : rejet tacite à trois mois (spec §4 reputeRejete)", () => {
  it("finit trois mois calendaires après la date de dépôt à Paris", () => {
    expect(dateLimiteInstruction(new Date("2026-02-10T09:00:00Z"))).toBe("2026-05-10");
    // Deposited at 00:30 in Paris on 1 June: the Paris date counts.
    expect(dateLimiteInstruction(new Date("2026-05-31T22:30:00Z"))).toBe("2026-09-01");
  });

  it("expire le lendemain de son dernier jour", () => {
    expect(instructionExpiree("2026-05-10", "2026-05-10")).toBe(false);
    expect(instructionExpiree("2026-05-10", "2026-05-11")).toBe(true);
  });

  it("expire bientôt pendant les quinze derniers jours", () => {
    expect(horizonExpireBientot("2026-05-01")).toBe("2026-05-16");
    expect(instructionExpireBientot("2026-05-16", "2026-04-30")).toBe(false);
    expect(instructionExpireBientot("2026-05-16", "2026-05-01")).toBe(true);
    expect(instructionExpireBientot("2026-05-16", "2026-05-16")).toBe(true);
    expect(instructionExpireBientot("2026-05-16", "2026-05-17")).toBe(false);
  });
});

describe("complétude : un mois pour répondre (arrêté art. 5)", () => {
  it("échoit un mois après la demande, date de Paris", () => {
    expect(echeanceCompletude(new Date("2026-01-31T10:00:00Z"))).toBe("2026-02-28");
    expect(echeanceCompletude(new Date("2026-03-31T22:30:00Z"))).toBe("2026-05-01");
  });

  it("est dépassée le lendemain de l'échéance, jamais sans échéance", () => {
    expect(echeanceDepassee("2026-02-28", "2026-02-28")).toBe(false);
    expect(echeanceDepassee("2026-02-28", "2026-03-01")).toBe(true);
    expect(echeanceDepassee(null, "2030-01-01")).toBe(false);
  });
});

describe("changement notable : acceptation tacite à deux mois", () => {
  it("laisse deux mois calendaires de silence après le dépôt", () => {
    expect(dateLimiteAcceptationTacite(new Date("2026-12-31T10:00:00Z"))).toBe("2027-02-28");
    expect(dateLimiteAcceptationTacite(new Date("2026-06-30T22:30:00Z"))).toBe("2026-09-01");
  });
});

describe("procédure de retrait", () => {
  it("lève la suspension trois mois après la notification", () => {
    expect(finSuspension("2026-11-30")).toBe("2027-02-28");
  });

  it("permet de décider le retrait quinze jours après la notification", () => {
    expect(debutDecisionRetrait("2026-06-20")).toBe("2026-07-05");
  });
});

describe("agrément : valable cinq ans", () => {
  it("jusqu'à la veille du cinquième anniversaire de l'octroi à Paris", () => {
    expect(periodeValidite(new Date("2026-03-15T09:00:00Z"))).toEqual({
      dateDebut: "2026-03-15",
      dateFin: "2031-03-14",
    });
    expect(periodeValidite(new Date("2028-02-29T09:00:00Z"))).toEqual({
      dateDebut: "2028-02-29",
      dateFin: "2033-02-27",
    });
  });
});

describe("rapport annuel d'activité : au plus tard le 31 mars", () => {
  it("de l'année qui suit celle dont il rend compte", () => {
    expect(dateLimiteRapportAnnuel(2025)).toBe("2026-03-31");
    expect(dateLimiteRapportAnnuel(2027)).toBe("2028-03-31");
  });
});

describe("comptes en attente : 72 heures", () => {
  const maintenant = new Date("2026-03-28T10:00:00Z");

  it("le lien de confirmation cesse de valoir 72 heures après son envoi", () => {
    expect(expirationLienConfirmation(maintenant)).toEqual(new Date("2026-03-31T10:00:00Z"));
  });

  it("un compte créé il y a 72 heures ou plus est purgé", () => {
    expect(limitePurgeComptesEnAttente(maintenant)).toEqual(new Date("2026-03-25T10:00:00Z"));
  });
});
