/**
 * The cancellation and suspension notices as PDF (api/pdf/avis-annulation.ts,
 * api/pdf/avis-suspension.ts; spec §9): the dates are Europe/Paris days
 * (23:30 UTC on 10 March is 11 March in Paris), the grounds are printed
 * when given, and the text reads back through pdftotext.
 */
import { describe, expect, it } from "vitest";
import { genererAvisAnnulation } from "../../api/pdf/avis-annulation.ts";
import { genererAvisSuspension } from "../../api/pdf/avis-suspension.ts";
import { pdfEnTexte } from "../helpers/pdf.ts";

const destinataire = {
  raisonSociale: "Rénov Conseil",
  siren: "832915474",
  adresse: ["1 rue de la Paix", "75002 Paris"],
};
const dossier = {
  numeroDossier: "MAR-2026-000123",
  dateDepot: new Date("2026-01-05T10:00:00Z"),
  serviceInstructeur: "Délégation Anah de Paris",
};
/** 11 March 2026, 00:30 in Paris. */
const TARD_LE_SOIR = new Date("2026-03-10T23:30:00Z");

const enTexte = async (pdf: Buffer) => (await pdfEnTexte(pdf)).replace(/\s+/g, " ");

describe("genererAvisAnnulation", () => {
  it("dates the cancellation in Europe/Paris and prints the reason and who cancelled", async () => {
    const texte = await enTexte(
      await genererAvisAnnulation({
        destinataire,
        dossier,
        annuleePar: "Jeanne Dupont",
        motif: "Nous renonçons.\nMerci de votre compréhension.",
        date: TARD_LE_SOIR,
      }),
    );
    expect(texte).toContain("Avis d'annulation de la demande d'agrément");
    expect(texte).toContain("Annulée le : 11/03/2026");
    expect(texte).toContain("Annulée par : Jeanne Dupont, demandeur");
    expect(texte).toContain(
      "Votre demande d'agrément « Mon Accompagnateur Rénov' » n° MAR-2026-000123, déposée pour la structure Rénov Conseil, a été annulée le 11/03/2026 à votre initiative.",
    );
    expect(texte).toContain("Nous renonçons. Merci de votre compréhension.");
    expect(texte).toContain("Pour l'Agence nationale de l'habitat, Délégation Anah de Paris");
  });
});

describe("genererAvisSuspension", () => {
  it("prints the end of the suspension and the grounds when given", async () => {
    const texte = await enTexte(
      await genererAvisSuspension({
        destinataire,
        dossier,
        numeroAgrement: "AG-2026-0042",
        dateNotification: "2026-03-02",
        finSuspension: "2026-06-02",
        motifs: "Audits non conformes.",
        date: TARD_LE_SOIR,
      }),
    );
    expect(texte).toContain("Le 11/03/2026");
    expect(texte).toContain("Agrément n° : AG-2026-0042");
    expect(texte).toContain("elle cesse au plus tard le 02/06/2026.");
    expect(texte).toContain("Motifs de la suspension Audits non conformes.");
    expect(texte).not.toContain("vous ont été exposés dans la notification");
  });
});
