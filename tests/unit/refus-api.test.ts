/**
 * The API's refusals as an action's answer (app/.server/refus-api.server.ts):
 * which errors are answered and which go on to the error boundary, and the
 * form's reply built from a refusal's body.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../app/.server/api.server.ts";
import {
  refusApi,
  refusClient,
  refusDuFormulaire,
  type ErreursRefus,
} from "../../app/.server/refus-api.server.ts";

/** A stand-in for conform's submission: its reply is what it was given. */
const submission = { reply: (options: ErreursRefus) => options };

/** What `appel` throws (a Response as well as an Error); undefined when it returns. */
function lance(appel: () => unknown): unknown {
  try {
    appel();
  } catch (relance) {
    return relance;
  }
  return undefined;
}

describe("refusApi", () => {
  it("rend l'ApiError d'un statut attendu", () => {
    const erreur = new ApiError(409, { message: "Modifiée entre-temps" }, "/api/x");
    expect(refusApi(erreur, [403, 409])).toBe(erreur);
    expect(refusApi(erreur, refusClient)).toBe(erreur);
  });

  it("relance tout le reste tel quel", () => {
    const serveur = new ApiError(503, { message: "Indisponible" }, "/api/x");
    const reponse = new Response("Page non trouvée", { status: 404 });
    const panne = new TypeError("fetch failed");
    expect(lance(() => refusApi(serveur, [422]))).toBe(serveur);
    expect(lance(() => refusApi(serveur, refusClient))).toBe(serveur);
    expect(lance(() => refusApi(panne, [422]))).toBe(panne);
    expect(lance(() => refusApi(reponse, [404]))).toBe(reponse);
  });
});

describe("refusDuFormulaire", () => {
  it("met les erreurs de l'API sous leurs champs, avec le statut du refus", () => {
    const erreur = new ApiError(
      422,
      { detail: "Invalide", errors: { email: ["Adresse invalide"], vide: [] } },
      "/api/x",
    );
    const reponse = refusDuFormulaire(erreur, submission, { donnees: { redirectTo: "/" } });
    expect(reponse.init?.status).toBe(422);
    expect(reponse.data).toEqual({
      lastResult: { fieldErrors: { email: ["Adresse invalide"] } },
      redirectTo: "/",
    });
  });

  it("donne le message en erreur du formulaire, ou `message` quand l'API n'en dit rien", () => {
    const trop = new ApiError(429, { message: "Trop de demandes" }, "/api/x");
    const muet = new ApiError(422, { errors: {} }, "/api/x");
    const options = { statuts: [422, 429], hideFields: ["motDePasse"] };
    expect(refusDuFormulaire(trop, submission, options).data.lastResult).toEqual({
      formErrors: ["Trop de demandes"],
      hideFields: ["motDePasse"],
    });
    expect(refusDuFormulaire(muet, submission).data.lastResult).toEqual({ formErrors: [""] });
    expect(refusDuFormulaire(muet, submission, { message: "Réessayez" }).data.lastResult).toEqual({
      formErrors: ["Réessayez"],
    });
  });

  it("relance un refus d'un autre statut", () => {
    const conflit = new ApiError(409, { message: "Conflit" }, "/api/x");
    expect(lance(() => refusDuFormulaire(conflit, submission))).toBe(conflit);
  });
});
