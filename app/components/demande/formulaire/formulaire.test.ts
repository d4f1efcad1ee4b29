import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MIME_TYPES_ACCEPTES } from "#contract/pieces-jointes";
import type { DemandeDetail, ProcedureDemande, RubriqueProcedure } from "#contract/schemas/demande";
import { Recapitulatif } from "../recapitulatif";
import { decoderOption, encoderOption } from "./geographie";
import { texteAideTeleversement, urlTeleversement } from "./rubrique-pieces-jointes";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";

const rubrique: RubriqueProcedure = {
  code: "info_generale",
  libelle: "Informations générales sur la structure",
  description: "Extrait Kbis",
  obligatoire: true,
  minPj: 1,
  maxPj: 10,
  tailleMaxKo: 10 * 1024,
  typesAcceptes: [...MIME_TYPES_ACCEPTES],
  piecesJointes: [
    {
      id: "0b6d3a52-35b1-4f0c-9d55-3f1bb4b5a001",
      nom: "kbis.pdf",
      mimeType: "application/pdf",
      size: 1536,
      codeTypePJ: "info_generale",
      dateCreation: "2026-01-05T10:00:00.000Z",
    },
  ],
};

describe("URL des étapes (DESIGN §6 : une URL par étape)", () => {
  it("porte l'identifiant et le numéro d'étape ; sans identifiant, une nouvelle demande", () => {
    expect(FORMULAIRE_DEMANDE.url("abc", 3)).toBe("/demande/formulaire?id=abc&etape=3");
    expect(FORMULAIRE_DEMANDE.url(null, 1)).toBe("/demande/formulaire?etape=1");
    expect(urlTeleversement("abc", "info_generale")).toBe(
      "/demande/formulaire?id=abc&etape=3&rubrique=info_generale",
    );
  });

  it("n'accepte que les étapes 1 à 4", () => {
    expect(FORMULAIRE_DEMANDE.lire("2")).toBe(2);
    expect([
      FORMULAIRE_DEMANDE.lire("0"),
      FORMULAIRE_DEMANDE.lire("5"),
      FORMULAIRE_DEMANDE.lire("x"),
      FORMULAIRE_DEMANDE.lire(null),
    ]).toEqual([null, null, null, null]);
  });
});

describe("Aide au téléversement (spec §5 Attachments)", () => {
  it("donne la taille, les formats et le nombre maximal tirés de la procédure", () => {
    expect(texteAideTeleversement(rubrique)).toBe(
      "Taille maximale : 10 Mo. Formats acceptés : PDF, PNG, JPG, ZIP. Nombre maximal de fichiers : 10.",
    );
    expect(texteAideTeleversement({ ...rubrique, tailleMaxKo: 512, maxPj: 3 })).toBe(
      "Taille maximale : 512 Ko. Formats acceptés : PDF, PNG, JPG, ZIP. Nombre maximal de fichiers : 3.",
    );
  });
});

describe("Noms des EPCI et communes repostés sans JavaScript", () => {
  it("retrouve le code et le nom, même quand le nom contient une barre verticale", () => {
    const option = { code: "200054781", nom: "Métropole du Grand Paris | test" };
    expect(decoderOption(encoderOption(option))).toEqual(option);
    expect(decoderOption("sans-separateur")).toBeNull();
    expect(decoderOption(42)).toBeNull();
  });
});

describe("Recapitulatif (spec §3, §5 dates, §9 nombres)", () => {
  const demande = {
    id: "0b6d3a52-35b1-4f0c-9d55-3f1bb4b5a000",
    numeroDossier: null,
    dateCreation: "2026-01-04T23:30:00.000Z",
    dateModification: "2026-01-05T10:00:00.000Z",
    dateDepot: null,
    siren: "832915474",
    raisonSociale: "Rénov'Conseil",
    etape1: {
      signataireNom: "Martin",
      signatairePrenom: "Alice",
      signataireQualite: "Gérante",
      structureQualite: "qualityEcfr",
      formeJuridique: "5710",
      dateCreationStructure: "2015-03-12",
      telephone: "01 84 60 27 15",
      email: "contact@renov.example",
      adresse: "12 rue de la Roquette",
      complementAdresse: undefined,
      codePostal: "75011",
      commune: "75056",
    },
    etape2: {
      regions: ["11"],
      departements: [],
      epcis: ["200054781"],
      communes: [],
      precisions: undefined,
      nb_etp_struct: 7.5,
      nb_etp_accomp: 5,
      nb_etp_accomp_prev: 6,
      nb_etp_accomp_renf_prev: 2.25,
      part_activite_previsionnelle: 40,
      missionsFacultatives: true,
    },
    libelles: {
      commune: "Paris",
      formeJuridique: "SAS, société par actions simplifiée",
      regions: [{ code: "11", nom: "Île-de-France" }],
      departements: [],
      epcis: [{ code: "200054781", nom: "Métropole du Grand Paris" }],
      communes: [],
    },
  } as unknown as DemandeDetail;
  const procedure: ProcedureDemande = {
    rubriques: [
      rubrique,
      { ...rubrique, code: "pj_compl", libelle: "Pièces complémentaires", piecesJointes: [] },
    ],
    documentsDepot: [],
    etapesCompletes: { 1: true, 2: true, 3: true },
    manquants: [],
  };
  const html = renderToStaticMarkup(h(Recapitulatif, { demande, procedure }));

  it("affiche les dates en JJ/MM/AAAA (heure de Paris) et les décimales avec une virgule", () => {
    expect(html).toContain("05/01/2026"); // 23:30 UTC on the 4th is the 5th in Paris
    expect(html).toContain("12/03/2015");
    expect(html).toContain(">7,5<");
    expect(html).toContain(">2,25<");
    expect(html).toContain("Espace Conseil France Rénov&#x27;");
    expect(html).toContain("Métropole du Grand Paris");
  });

  it("liste les fichiers avec leur taille et un lien de téléchargement", () => {
    expect(html).toContain(`href="/piece-jointe/${rubrique.piecesJointes[0].id}"`);
    expect(html).toContain('<span class="fr-download__detail">PDF – 1,5 Ko</span>');
    expect(html).toContain("Aucun fichier.");
  });
});
