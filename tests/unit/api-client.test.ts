/**
 * The BFF's typed API client (app/.server/api-client.server.ts): requests
 * built from the endpoint declarations of contract/api
 * (encoded path parameters, query lists as repeated `key[]` as spec §7
 * wants, JSON and form bodies), and types that refuse what a declaration
 * does not accept.
 */
import { createMemorySessionStorage, type AppLoadContext } from "@remix-run/node";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../../contract/api/endpoint.ts";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import type { DemandeDetail, DemandeResume } from "../../contract/schemas/demande.ts";
import type { Commune } from "../../contract/schemas/geographie.ts";
import type { Page } from "../../contract/schemas/listes.ts";
import {
  accepterCgu,
  callEndpoint,
  encodeBody,
  endpointPath,
  endpointRequest,
  executerAction,
  fetchEndpoint,
  lireAgrement,
  lireDemande,
  lireUtilisateurCourant,
  listerDemandes,
  listerIntervenants,
  rechercherCommunes,
  telechargerPieceJointe,
  type EndpointOptions,
  type ResultOf,
} from "../../app/.server/api-client.server.ts";
import { toQueryString } from "../../app/.server/api.server.ts";
import { verifierChamp } from "../../contract/api/candidat.ts";

/** A load context whose in-process API records the URLs and bodies it receives. */
function contexteEnregistreur(reponse: () => Response) {
  const appels: { url: string; init: RequestInit }[] = [];
  const context = {
    cspNonce: "n",
    sessionStorage: createMemorySessionStorage({
      cookie: { name: "__session", secrets: ["essai"] },
    }),
    settings: {
      publicUrl: "http://portail.test",
      apiUrl: "http://api.test",
      oidcIssuer: "http://idp.test",
      oidcClientId: "portail",
      production: false,
    },
    apiFetch: async (url: string, init: RequestInit = {}) => {
      appels.push({ url, init });
      return reponse();
    },
  } as unknown as AppLoadContext;
  return { context, appels };
}

describe("chemin d'un point déclaré", () => {
  it("remplace chaque :paramètre par sa valeur encodée", () => {
    expect(endpointPath(lireAgrement, { id: "12" })).toBe("/api/agrement/12");
    expect(endpointPath(lireAgrement, { id: "a/b c?d" })).toBe("/api/agrement/a%2Fb%20c%3Fd");
    expect(endpointPath(verifierChamp, { field: "raisonSociale", value: "Éco & Cie" })).toBe(
      "/api/user/check/raisonSociale/%C3%89co%20%26%20Cie",
    );
  });

  it("refuse un paramètre manquant plutôt que d'appeler un autre chemin", () => {
    expect(() => endpointPath(lireAgrement, {})).toThrow(
      "Paramètre de chemin manquant : id (/agrement/:id)",
    );
  });
});

describe("requête d'une lecture", () => {
  it("écrit les listes en key[] et les tris en key[champ], sans les valeurs absentes", () => {
    expect(
      toQueryString({
        page: "2",
        etat: ["depose", "en_instruction"],
        order: { dateDepot: "asc" },
        query: undefined,
        vide: [],
      }),
    ).toBe("?page=2&etat%5B%5D=depose&etat%5B%5D=en_instruction&order%5BdateDepot%5D=asc");
    expect(toQueryString({ query: undefined })).toBe("");
  });
});

describe("corps d'une requête", () => {
  it("envoie le JSON tel quel", () => {
    expect(encodeBody({ consentCgu: true, consentMail: false }, "json")).toEqual({
      body: '{"consentCgu":true,"consentMail":false}',
      contentType: "application/json",
    });
  });

  it("envoie un formulaire avec les listes en key[] et sans les cases non cochées", () => {
    const { body, contentType } = encodeBody(
      {
        motif: "Pièces manquantes",
        regions: ["11", "84"],
        urgent: true,
        copie: false,
        vide: undefined,
      },
      "form",
    );
    expect(String(body)).toBe(
      "motif=Pi%C3%A8ces+manquantes&regions%5B%5D=11&regions%5B%5D=84&urgent=true",
    );
    // fetch writes it, as for the URLSearchParams the BFF posted before.
    expect(contentType).toBeUndefined();
    expect(
      new Request("http://api.test/", { method: "POST", body }).headers.get("Content-Type"),
    ).toBe("application/x-www-form-urlencoded;charset=UTF-8");
  });

  it("choisit JSON quand la déclaration l'accepte, sinon le premier format déclaré", () => {
    const formulaireSeul = defineEndpoint({
      method: "post",
      path: "/essai/:id",
      summary: "Essai",
      tags: ["Test"],
      access: "authenticated",
      params: z.object({ id: z.string() }),
      body: { schema: z.object({ note: z.string() }).strict(), formats: ["form"] },
      responses: { 204: { description: "Fait" } },
    });
    const json = endpointRequest(accepterCgu, { body: { consentCgu: "on" } });
    expect(json.init.method).toBe("POST");
    expect(json.init.body).toBe('{"consentCgu":"on"}');
    expect(new Headers(json.init.headers).get("Content-Type")).toBe("application/json");
    const form = endpointRequest(formulaireSeul, { params: { id: "7" }, body: { note: "à voir" } });
    expect(form.path).toBe("/api/essai/7");
    expect(String(form.init.body)).toBe("note=%C3%A0+voir");
  });

  it("reprend tel quel un corps ou une requête déjà écrits", () => {
    const liste = endpointRequest(listerDemandes, {
      encodedQuery: new URLSearchParams([
        ["etat[]", "depose"],
        ["order[dateDepot]", "asc"],
      ]),
    });
    expect(liste.path).toBe("/api/demandes?etat%5B%5D=depose&order%5BdateDepot%5D=asc");
    const corps = new URLSearchParams({ action: "DONNER_COMPLEMENT", version: "3" });
    const action = endpointRequest(executerAction, {
      params: { kind: "demande", id: "b1" },
      encodedBody: corps,
    });
    expect(action.path).toBe("/api/demande/b1/action");
    expect(action.init.method).toBe("POST");
    expect(action.init.body).toBe(corps);
  });
});

describe("appel par la déclaration", () => {
  it("envoie la requête avec la liste en key[] et rend le JSON de la réponse", async () => {
    const { context, appels } = contexteEnregistreur(() =>
      Response.json([{ code: "75056", nom: "Paris" }]),
    );
    const communes = await callEndpoint(
      new Request("http://portail.test/"),
      context,
      rechercherCommunes,
      {
        query: { query: "Par is", departements: ["75", "2A"], limit: "5" },
      },
    );
    expect(appels.map(({ url }) => url)).toEqual([
      "http://api.test/api/communes/filter?query=Par+is&departements%5B%5D=75&departements%5B%5D=2A&limit=5",
    ]);
    expect(appels[0].init.method).toBe("GET");
    expect(communes).toEqual([{ code: "75056", nom: "Paris" }]);
  });

  it("lit une seule fois ce que les chargeurs d'une même requête demandent", async () => {
    const { context, appels } = contexteEnregistreur(() => Response.json([]));
    const request = new Request("http://portail.test/tous-les-dossiers");
    const options = { query: { servicesInstructeur: ["3"] } };
    await Promise.all([
      callEndpoint(request, context, listerIntervenants, options),
      callEndpoint(request, context, listerIntervenants, options),
    ]);
    expect(appels.map(({ url }) => url)).toEqual([
      "http://api.test/api/intervenants?servicesInstructeur%5B%5D=3",
    ]);
  });

  it("ne lit pas de corps pour un 204 et rend la réponse brute à qui la demande", async () => {
    const { context, appels } = contexteEnregistreur(() => new Response(null, { status: 204 }));
    const request = new Request("http://portail.test/cgu", { method: "POST" });
    expect(
      await callEndpoint(request, context, accepterCgu, {
        body: { consentCgu: true, consentMail: true },
      }),
    ).toBeUndefined();
    const reponse = await fetchEndpoint(request, context, accepterCgu, {
      body: { consentCgu: "on" },
      format: "form",
    });
    expect(reponse.status).toBe(204);
    expect(String(appels[1].init.body)).toBe("consentCgu=on");
  });
});

describe("types tirés des déclarations", () => {
  it("type le résultat par la réponse 200 et refuse une clé de requête inconnue", () => {
    expectTypeOf<ResultOf<typeof lireAgrement>>().toEqualTypeOf<Agrement>();
    expectTypeOf<ResultOf<typeof rechercherCommunes>>().toEqualTypeOf<Commune[]>();
    expectTypeOf<ResultOf<typeof accepterCgu>>().toEqualTypeOf<void>();
    expectTypeOf<ResultOf<typeof lireDemande>>().toEqualTypeOf<DemandeDetail>();
    expectTypeOf<ResultOf<typeof listerDemandes>>().toEqualTypeOf<Page<DemandeResume>>();
    expectTypeOf<ResultOf<typeof telechargerPieceJointe>>().toEqualTypeOf<void>();
    expectTypeOf<
      keyof NonNullable<EndpointOptions<typeof rechercherCommunes>["query"]>
    >().toEqualTypeOf<"query" | "codePostal" | "departements" | "limit">();

    const options = <D>(_declaration: D, valeur: EndpointOptions<D>) => valeur;
    options(rechercherCommunes, { query: { query: "Par" } });
    // @ts-expect-error `ville` n'est pas un paramètre de GET /api/communes/filter
    options(rechercherCommunes, { query: { query: "Par", ville: "Paris" } });
    // @ts-expect-error `query` est obligatoire
    options(rechercherCommunes, { query: { limit: "5" } });
    // @ts-expect-error GET /api/agrement/:id demande son `id`
    options(lireAgrement, {});
    // @ts-expect-error les valeurs d'une requête sont des textes (spec §7)
    options(rechercherCommunes, { query: { query: "Par", limit: 5 } });
    // @ts-expect-error un dossier est une demande ou un changement notable
    options(lireDemande, { params: { kind: "agrement", id: "1" } });
    // @ts-expect-error GET /api/user/account ne prend pas de corps
    options(lireUtilisateurCourant, { body: { email: "a@b.fr" } });
    // @ts-expect-error `consentement` n'est pas un champ de POST /api/user/accept-cgu
    options(accepterCgu, { body: { consentCgu: true, consentement: true } });
    const request = new Request("http://portail.test/");
    const context = {} as AppLoadContext;
    // @ts-expect-error sans ses paramètres de chemin, l'appel ne compile pas
    void (() => callEndpoint(request, context, lireAgrement));
  });
});
