import { describe, expect, it } from "vitest";
import {
  lireFiltresAgrements,
  versParamsAgrements,
} from "../../contract/schemas/agrements-liste.ts";
import { lireFiltresActivite, versParamsActivite } from "../../contract/schemas/activites.ts";
import {
  lireFiltresEtablissements,
  versParamsEtablissements,
} from "../../contract/schemas/etablissements-liste.ts";
import { lireFiltresDemandes, versParamsDemandes } from "../../contract/schemas/listes.ts";

const params = (texte: string) => new URLSearchParams(texte);

describe("codecs des filtres des listes (spec §7 : key[] répétées, tri)", () => {
  it("dossiers : lit les listes, les drapeaux et le tri, puis réécrit la même requête", () => {
    const filtres = lireFiltresDemandes(
      params(
        "page=3&query=+acme+&etat[]=deposee&etat=en_instruction&servicesInstructeur[]=4&servicesInstructeur[]=x&mesDossiers=on&order[raisonSociale]=asc",
      ),
    );
    expect(filtres).toEqual({
      page: 3,
      query: "acme",
      instructeur: [],
      servicesInstructeur: [4],
      etat: ["deposee", "en_instruction"],
      etape: [],
      quality: [],
      type: [],
      departement: [],
      region: [],
      reputesRejetes: false,
      expireBientot: false,
      mesDossiers: true,
      order: { field: "raisonSociale", direction: "asc" },
    });
    expect(decodeURIComponent(versParamsDemandes(filtres, { page: 1 }).toString())).toBe(
      "query=acme&servicesInstructeur[]=4&etat[]=deposee&etat[]=en_instruction&mesDossiers=true&order[raisonSociale]=asc",
    );
    expect(lireFiltresDemandes(params("order[raisonSociale]=haut")).order).toEqual({
      field: "raisonSociale",
      direction: "desc",
    });
    expect(
      versParamsDemandes({ order: { field: "dateDepot", direction: "desc" } }).toString(),
    ).toBe("");
  });

  it("agréments : valeurs inconnues écartées, une seule fois chacune, tri strict", () => {
    const filtres = lireFiltresAgrements(
      params(
        "etat[]=en_cours&etat[]=en_cours&etat[]=inconnu&servicesInstructeur[]=0&servicesInstructeur[]=12&hasEtablissement=0&quality[]=qualite-1&order[dateFin]=haut",
      ),
    );
    expect(filtres).toEqual({
      page: 1,
      query: undefined,
      quality: [],
      etat: ["en_cours"],
      servicesInstructeur: [12],
      rapportAnnuelActivites: [],
      hasEtablissement: false,
      order: { field: "numeroAgrement", direction: "asc" },
    });
    expect(decodeURIComponent(versParamsAgrements(filtres, { page: 2 }).toString())).toBe(
      "page=2&etat[]=en_cours&servicesInstructeur[]=12&hasEtablissement=false",
    );
    expect(lireFiltresAgrements(params("query=" + "a".repeat(250))).query).toHaveLength(200);
  });

  it("établissements : codes en majuscules, tri en orderBy et orderType écrits ensemble", () => {
    const filtres = lireFiltresEtablissements(
      params("departements[]=2a&departements=2A&regions[]=%3Cx%3E&orderBy=nom&orderType=bas"),
    );
    expect(filtres).toMatchObject({
      regions: [],
      departements: ["2A"],
      order: { field: "nom", direction: "desc" },
    });
    expect(decodeURIComponent(versParamsEtablissements(filtres).toString())).toBe(
      "departements[]=2A&orderBy=nom&orderType=desc",
    );
    expect(
      versParamsEtablissements({ order: { field: "dateCreation", direction: "desc" } }).toString(),
    ).toBe("");
    expect(
      versParamsEtablissements({ order: { field: "dateCreation", direction: "asc" } }).toString(),
    ).toBe("orderBy=dateCreation&orderType=asc");
  });

  it("activité : la période est lue à part, les listes par le codec", () => {
    const { filtres, erreurs } = lireFiltresActivite(
      params(
        "dateDebut=2026-03-01&dateFin=2026-02-01&departement[]=69&region[]=84&reputesRejetes=1",
      ),
    );
    expect(erreurs).toEqual({
      dateFin: ["La date de fin doit être égale ou postérieure à la date de début."],
    });
    expect(filtres).toEqual({
      dateDebut: undefined,
      dateFin: undefined,
      quality: [],
      servicesInstructeur: [],
      region: ["84"],
      departement: ["69"],
      reputesRejetes: true,
    });
    expect(
      decodeURIComponent(versParamsActivite({ ...filtres, dateDebut: "2026-01-01" }).toString()),
    ).toBe("dateDebut=2026-01-01&region[]=84&departement[]=69&reputesRejetes=true");
  });
});
