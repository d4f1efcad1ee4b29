import { describe, expect, it } from "vitest";
import type { ProcedureDemande, RubriqueProcedure } from "#contract/schemas/demande";
import type { InfoComplementaire } from "#contract/schemas/complements";
import {
  commentaireRetourEdition,
  demandeDePiecesEnCours,
  echeanceDepassee,
  limitesComplement,
  texteAideComplement,
} from "./complement";

const info = (valeurs: Partial<InfoComplementaire>): InfoComplementaire => ({
  id: 1,
  infoType: "complement_completude",
  raison: null,
  date: "2026-03-01T10:00:00.000Z",
  dateEcheance: null,
  dateReponse: null,
  delaiDepasse: false,
  ...valeurs,
});

const rubrique = (valeurs: Partial<RubriqueProcedure>): RubriqueProcedure => ({
  code: "info_generale",
  libelle: "Informations générales",
  description: "",
  obligatoire: true,
  minPj: 1,
  maxPj: 10,
  tailleMaxKo: 10 * 1024,
  typesAcceptes: ["application/pdf"],
  piecesJointes: [],
  ...valeurs,
});

describe("la demande de pièces en cours (page de complétude)", () => {
  it("prend la plus récente demande de complétude ou de complément sans réponse", () => {
    const ancienne = info({ id: 1, raison: "Kbis", dateReponse: "2026-03-05T09:00:00.000Z" });
    const enCours = info({
      id: 2,
      infoType: "complement",
      raison: "Bilan 2025",
      date: "2026-04-01T10:00:00.000Z",
    });
    const annulation = info({ id: 3, infoType: "ANNULATION", date: "2026-05-01T10:00:00.000Z" });
    expect(demandeDePiecesEnCours([ancienne, annulation, enCours])?.raison).toBe("Bilan 2025");
  });

  it("retombe sur la dernière demande de pièces quand toutes ont reçu leur réponse, sinon rien", () => {
    const premiere = info({ id: 1, raison: "Kbis", dateReponse: "2026-03-05T09:00:00.000Z" });
    const seconde = info({
      id: 2,
      raison: "Statuts",
      date: "2026-03-10T10:00:00.000Z",
      dateReponse: "2026-03-12T09:00:00.000Z",
    });
    expect(demandeDePiecesEnCours([premiere, seconde])?.raison).toBe("Statuts");
    expect(demandeDePiecesEnCours([info({ infoType: "edition" })])).toBeNull();
  });

  it("donne le commentaire du dernier retour en édition", () => {
    const infos = [
      info({ infoType: "edition", raison: "Corriger l'adresse", date: "2026-03-01T10:00:00Z" }),
      info({ infoType: "edition", raison: "Joindre le Kbis", date: "2026-04-01T10:00:00Z" }),
      info({ raison: "Autre chose", date: "2026-05-01T10:00:00Z" }),
    ];
    expect(commentaireRetourEdition(infos)).toBe("Joindre le Kbis");
    expect(commentaireRetourEdition([])).toBeNull();
  });
});

describe("le délai de réponse", () => {
  it("n'est dépassé qu'après le dernier jour", () => {
    expect(echeanceDepassee("2026-04-30", "2026-04-30")).toBe(false);
    expect(echeanceDepassee("2026-04-30", "2026-05-01")).toBe(true);
    expect(echeanceDepassee(null, "2026-05-01")).toBe(false);
  });
});

describe("les limites annoncées pour les pièces complémentaires", () => {
  it("sont celles de la rubrique « Pièces complémentaires » de la procédure", () => {
    const procedure: ProcedureDemande = {
      rubriques: [
        rubrique({ code: "info_generale", maxPj: 3 }),
        rubrique({
          code: "pj_compl",
          maxPj: 5,
          tailleMaxKo: 2048,
          typesAcceptes: ["application/pdf", "image/png"],
        }),
      ],
      documentsDepot: [],
      etapesCompletes: { 1: true, 2: true, 3: true },
      manquants: [],
    };
    const limites = limitesComplement(procedure);
    expect(limites).toEqual({
      maxPj: 5,
      tailleMaxKo: 2048,
      typesAcceptes: ["application/pdf", "image/png"],
    });
    expect(texteAideComplement(limites)).toBe(
      "Taille maximale : 2 Mo par fichier. Formats acceptés : PDF, PNG. Nombre maximal de fichiers : 5.",
    );
  });

  it("sont celles de DESIGN §7 quand la procédure n'a aucune rubrique", () => {
    const procedure: ProcedureDemande = {
      rubriques: [],
      documentsDepot: [],
      etapesCompletes: { 1: true, 2: true, 3: true },
      manquants: [],
    };
    expect(texteAideComplement(limitesComplement(procedure))).toBe(
      "Taille maximale : 10 Mo par fichier. Formats acceptés : PDF, PNG, JPG, ZIP. Nombre maximal de fichiers : 10.",
    );
  });
});
