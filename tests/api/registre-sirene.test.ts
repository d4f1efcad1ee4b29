/**
 * The INSEE Sirene adapter of the company registry (api/registre/sirene.ts,
 * ADR 0016) against a local HTTP server answering in Sirene 3.11's JSON
 * shape: the request it sends (path, query, API key headers), the mapping
 * of `etablissements[]`, 404 (no establishment), and the failures (5xx,
 * refused token, timeout, body that is not JSON, server down) that must
 * become a French ErreurRegistre, never a crash.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registreSirene } from "../../api/registre/sirene.ts";
import { ErreurRegistre } from "../../api/registre/types.ts";

const MESSAGE =
  "Le registre des entreprises (INSEE Sirene) ne répond pas pour le moment : réessayez dans quelques minutes.";

/** Sirene's answer for SIREN 832915474: a head office, an open agency, a closed one. */
const REPONSE_SIRENE = {
  header: { statut: 200, message: "OK", total: 3, debut: 0, nombre: 3 },
  etablissements: [
    {
      siren: "832915474",
      nic: "00023",
      siret: "83291547400023",
      etablissementSiege: false,
      uniteLegale: { denominationUniteLegale: "RENOV'CONSEIL ILE-DE-FRANCE" },
      adresseEtablissement: {
        complementAdresseEtablissement: null,
        numeroVoieEtablissement: "45",
        indiceRepetitionEtablissement: null,
        typeVoieEtablissement: "RUE",
        libelleVoieEtablissement: "DE PARIS",
        codePostalEtablissement: "93100",
        libelleCommuneEtablissement: "MONTREUIL",
        codeCommuneEtablissement: "93048",
      },
      periodesEtablissement: [
        {
          dateFin: null,
          dateDebut: "2021-06-01",
          etatAdministratifEtablissement: "A",
          enseigne1Etablissement: "RENOV'CONSEIL EST PARISIEN",
          denominationUsuelleEtablissement: null,
        },
      ],
    },
    {
      siren: "832915474",
      nic: "00015",
      siret: "83291547400015",
      etablissementSiege: true,
      uniteLegale: { denominationUniteLegale: "RENOV'CONSEIL ILE-DE-FRANCE" },
      adresseEtablissement: {
        complementAdresseEtablissement: "BATIMENT B",
        numeroVoieEtablissement: "12",
        indiceRepetitionEtablissement: "B",
        typeVoieEtablissement: "RUE",
        libelleVoieEtablissement: "DE LA ROQUETTE",
        codePostalEtablissement: "75011",
        libelleCommuneEtablissement: "PARIS 11",
        codeCommuneEtablissement: "75111",
      },
      periodesEtablissement: [
        {
          dateFin: null,
          dateDebut: "2017-10-02",
          etatAdministratifEtablissement: "A",
          enseigne1Etablissement: null,
          denominationUsuelleEtablissement: null,
        },
      ],
    },
    {
      siren: "832915474",
      nic: "00031",
      siret: "83291547400031",
      etablissementSiege: false,
      uniteLegale: { denominationUniteLegale: "RENOV'CONSEIL ILE-DE-FRANCE" },
      adresseEtablissement: {
        complementAdresseEtablissement: null,
        numeroVoieEtablissement: "8",
        typeVoieEtablissement: "AV",
        libelleVoieEtablissement: "DE SAINT-CLOUD",
        codePostalEtablissement: "78000",
        libelleCommuneEtablissement: "VERSAILLES",
        codeCommuneEtablissement: "78646",
      },
      periodesEtablissement: [
        { dateFin: null, dateDebut: "2024-01-01", etatAdministratifEtablissement: "F" },
        { dateFin: "2023-12-31", dateDebut: "2019-01-01", etatAdministratifEtablissement: "A" },
      ],
    },
  ],
};

/** What the fake Sirene does with the next request. */
let comportement: (req: IncomingMessage, res: ServerResponse) => void;
/** The requests it received. */
let recues: IncomingMessage[] = [];
let serveur: Server;
let url: string;

beforeAll(async () => {
  serveur = createServer((req, res) => {
    recues.push(req);
    comportement(req, res);
  });
  await new Promise<void>((resolve) => serveur.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(serveur.address() as AddressInfo).port}/api-sirene/3.11`;
});

afterAll(async () => {
  serveur.closeAllConnections();
  await new Promise<void>((resolve) => serveur.close(() => resolve()));
});

beforeEach(() => {
  recues = [];
});

function repondre(statut: number, corps: unknown, type = "application/json") {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(statut, { "Content-Type": type });
    res.end(typeof corps === "string" ? corps : JSON.stringify(corps));
  };
}

describe("registreSirene", () => {
  it("asks GET /siret?q=siren:… with the API key, and maps the establishments (head office first)", async () => {
    comportement = repondre(200, REPONSE_SIRENE);
    const registre = registreSirene({ url: `${url}/`, token: "cle-de-test" });
    const etablissements = await registre.etablissementsDeSiren("832915474");

    expect(recues).toHaveLength(1);
    expect(recues[0].method).toBe("GET");
    expect(recues[0].url).toBe("/api-sirene/3.11/siret?q=siren%3A832915474&nombre=1000");
    expect(recues[0].headers["x-insee-api-key-integration"]).toBe("cle-de-test");
    expect(recues[0].headers.authorization).toBe("Bearer cle-de-test");
    expect(recues[0].headers.accept).toBe("application/json");

    expect(etablissements).toEqual([
      {
        siret: "83291547400015",
        nomInsee: "RENOV'CONSEIL ILE-DE-FRANCE",
        siege: true,
        adresse1: "12 B RUE DE LA ROQUETTE",
        adresse2: "BATIMENT B",
        codePostal: "75011",
        ville: "PARIS 11",
        codeCommune: "75111",
        actif: true,
      },
      {
        siret: "83291547400023",
        nomInsee: "RENOV'CONSEIL EST PARISIEN",
        siege: false,
        adresse1: "45 RUE DE PARIS",
        adresse2: null,
        codePostal: "93100",
        ville: "MONTREUIL",
        codeCommune: "93048",
        actif: true,
      },
      {
        siret: "83291547400031",
        nomInsee: "RENOV'CONSEIL ILE-DE-FRANCE",
        siege: false,
        adresse1: "8 AV DE SAINT-CLOUD",
        adresse2: null,
        codePostal: "78000",
        ville: "VERSAILLES",
        codeCommune: "78646",
        actif: false,
      },
    ]);
  });

  it("sends no credential without a token", async () => {
    comportement = repondre(200, { header: { statut: 200 }, etablissements: [] });
    expect(await registreSirene({ url }).etablissementsDeSiren("832915474")).toEqual([]);
    expect(recues[0].headers["x-insee-api-key-integration"]).toBeUndefined();
    expect(recues[0].headers.authorization).toBeUndefined();
  });

  it("answers no establishment when Sirene says 404 (« Aucun élément trouvé »)", async () => {
    comportement = repondre(404, {
      header: { statut: 404, message: "Aucun élément trouvé pour q=siren:732829320" },
    });
    expect(await registreSirene({ url }).etablissementsDeSiren("732829320")).toEqual([]);
  });

  it.each([
    ["a 500", repondre(500, { header: { statut: 500, message: "Erreur interne" } })],
    ["a 503", repondre(503, "Service Unavailable", "text/plain")],
    ["a refused key (401)", repondre(401, { fault: { message: "Invalid Credentials" } })],
    ["a quota exceeded (429)", repondre(429, { header: { statut: 429 } })],
    ["a body that is not JSON", repondre(200, "<html>maintenance</html>", "text/html")],
    ["a JSON without etablissements", repondre(200, { header: { statut: 200 } })],
  ])("turns %s into a French ErreurRegistre", async (_cas, reponse) => {
    comportement = reponse;
    const erreur = await registreSirene({ url })
      .etablissementsDeSiren("832915474")
      .catch((e: unknown) => e);
    expect(erreur).toBeInstanceOf(ErreurRegistre);
    expect((erreur as Error).message).toBe(MESSAGE);
  });

  it("gives up after the timeout with the same French error", async () => {
    comportement = () => {
      // Never answers.
    };
    const debut = Date.now();
    const erreur = await registreSirene({ url, timeoutMs: 300 })
      .etablissementsDeSiren("832915474")
      .catch((e: unknown) => e);
    expect(erreur).toBeInstanceOf(ErreurRegistre);
    expect((erreur as Error).message).toBe(MESSAGE);
    expect(Date.now() - debut).toBeLessThan(3000);
  });

  it("fails the same way when nothing listens", async () => {
    const erreur = await registreSirene({ url: "http://127.0.0.1:9/api-sirene/3.11" })
      .etablissementsDeSiren("832915474")
      .catch((e: unknown) => e);
    expect(erreur).toBeInstanceOf(ErreurRegistre);
    expect((erreur as Error).message).toBe(MESSAGE);
  });
});
