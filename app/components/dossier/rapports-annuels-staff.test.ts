/**
 * The staff's reading of an approval's annual activity reports (ADR
 * 0017): download addresses, export years, the first report's
 * sentence and the archive's contents.
 */
import { describe, expect, it } from "vitest";
import type { Agrement } from "#contract/schemas/agrement";
import {
  anneePremierRapport,
  anneesExportRapports,
  contenuArchiveRapport,
  phraseAucunRapportDu,
  urlFichierRapportStaff,
} from "./rapports-annuels-staff";

type Rapports = Agrement["rapportAnnuelActivites"];
const rapport = (annee: number, etat: Rapports[number]["etat"]): Rapports[number] => ({
  annee,
  etat,
  dateDepot: null,
  enRetard: false,
  piecesJointes: [],
});
const agrement = (
  dateDebut: string,
  rapports: Rapports,
  etat: Agrement["etat"] = "en_cours",
  dateFin = "2031-06-14",
) => ({ etat, dateDebut, dateFin, rapportAnnuelActivites: rapports });

describe("urlFichierRapportStaff", () => {
  it("names the request, the year and the file", () => {
    expect(urlFichierRapportStaff("d-12", 2025, "rapport.zip")).toBe(
      "/dossier/demande/d-12/rapport-annuel/2025/rapport.zip",
    );
    expect(urlFichierRapportStaff("a/b", 2024, "synthese.pdf")).toBe(
      "/dossier/demande/a%2Fb/rapport-annuel/2024/synthese.pdf",
    );
  });
});

describe("anneesExportRapports", () => {
  it("offers 2024 to the previous Paris year, newest first", () => {
    expect(anneesExportRapports("2026-11-27")).toEqual([2025, 2024]);
    expect(anneesExportRapports("2027-01-01")).toEqual([2026, 2025, 2024]);
    expect(anneesExportRapports("2025-03-31")).toEqual([2024]);
  });

  it("offers nothing before the first report is due", () => {
    expect(anneesExportRapports("2024-12-31")).toEqual([]);
  });
});

describe("anneePremierRapport", () => {
  it("is the grant year when only earlier years are listed, nonApplicable", () => {
    expect(anneePremierRapport(agrement("2026-06-15", [rapport(2025, "nonApplicable")]))).toBe(
      2026,
    );
    expect(anneePremierRapport(agrement("2026-06-15", []))).toBe(2026);
  });

  it("is 2024 for an approval granted before the regulation", () => {
    expect(anneePremierRapport(agrement("2023-02-01", []))).toBe(2024);
  });

  it("is null once a report is owed, deposited or not", () => {
    expect(
      anneePremierRapport(
        agrement("2025-02-01", [rapport(2025, "nonDepose"), rapport(2024, "nonApplicable")]),
      ),
    ).toBeNull();
    expect(anneePremierRapport(agrement("2024-02-01", [rapport(2024, "depose")]))).toBeNull();
  });

  it("is null for a withdrawn approval, or one expired before its first year", () => {
    expect(
      anneePremierRapport(agrement("2026-06-15", [rapport(2025, "nonApplicable")], "retire")),
    ).toBeNull();
    expect(anneePremierRapport(agrement("2018-03-01", [], "perime", "2023-02-28"))).toBeNull();
  });

  it("is null when the first year is listed and nonApplicable (expired since)", () => {
    expect(
      anneePremierRapport(agrement("2024-06-01", [rapport(2024, "nonApplicable")], "perime")),
    ).toBeNull();
  });
});

describe("phraseAucunRapportDu", () => {
  it("says when the first report is due", () => {
    expect(phraseAucunRapportDu(2026)).toBe(
      "Aucun rapport annuel d'activité n'est encore dû au titre de cet agrément : le premier, " +
        "sur l'activité de 2026, sera à déposer au plus tard le 31/03/2027 inclus.",
    );
  });

  it("says that none is owed without a first year", () => {
    expect(phraseAucunRapportDu(null)).toBe(
      "Aucun rapport annuel d'activité n'est dû au titre de cet agrément.",
    );
  });
});

describe("contenuArchiveRapport", () => {
  it("counts the documents and adds up their sizes", () => {
    expect(contenuArchiveRapport([])).toBe("Synthèse PDF, sans document joint");
    expect(contenuArchiveRapport([{ size: 2048 }])).toBe("Synthèse PDF et 1 document joint (2 Ko)");
    expect(contenuArchiveRapport([{ size: 1048576 }, { size: 524288 }])).toBe(
      "Synthèse PDF et 2 documents joints (1,5 Mo)",
    );
  });
});
