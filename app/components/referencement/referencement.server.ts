/**
 * Server side of the applicant's establishment pages (`/referencement`,
 * `/referencement/nouveau`, `/referencement/:siret`; spec §2, §4, §7
 * Establishments): the guard, the API calls the loaders
 * and actions share, the approval-limited geography searches and the
 * reading of a posted perimeter.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { Departement } from "#contract/schemas/geographie";
import type { Agrement } from "#contract/schemas/agrement";
import type { EtablissementRegistre } from "#contract/schemas/etablissement";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, listerDepartements } from "~/.server/api-client.server";
import { chargerAgrementDuDemandeur } from "~/components/agrement/mon-agrement.server";
import {
  chercherTerritoires,
  nomCommune,
  nomsPostes,
  valeursListe,
} from "~/components/demande/formulaire/formulaire.server";
import type { RechercheGeographie } from "~/components/demande/formulaire/geographie";
import {
  aUnEtablissement,
  listerEtablissementsAReferencer,
  rechercherCommunesAgrement,
  rechercherEpcisAgrement,
} from "./api.server";
import type { ChoixPerimetreEtablissement, OptionsPerimetre } from "./perimetre-etablissement";

/** Why a demandeur without a usable approval is sent home (same words as /mon-agrement). */
export const MESSAGE_SANS_AGREMENT =
  "Votre structure ne détient pas d'agrément en cours de validité : le référencement des établissements est réservé aux opérateurs agréés.";

/**
 * The guard of the three pages (spec §2 "/referencement (guarded)"): see
 * `chargerAgrementDuDemandeur`, with {@link MESSAGE_SANS_AGREMENT}.
 */
export function exigerAgrementReferencement(
  request: Request,
  context: AppLoadContext,
): Promise<Agrement> {
  return chargerAgrementDuDemandeur(request, context, MESSAGE_SANS_AGREMENT);
}

/**
 * `GET /api/agrement/{id}/etablissements-a-referencer`: the registry's
 * establishments not yet referenced; null when the company registry does
 * not answer (503), so that a page can say so instead of failing.
 */
export async function chargerEtablissementsAReferencer(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
): Promise<EtablissementRegistre[] | null> {
  try {
    return await callEndpoint(request, context, listerEtablissementsAReferencer, {
      params: { id: agrementId },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return null;
    throw error;
  }
}

/** `GET /api/demandeur/has-etablissement`: whether the company has a referenced establishment. */
export async function aDesEtablissements(
  request: Request,
  context: AppLoadContext,
): Promise<boolean> {
  const { hasEtablissement } = await callEndpoint(request, context, aUnEtablissement);
  return hasEtablissement;
}

/**
 * The régions and départements an establishment's perimeter may hold
 * (spec §5 "establishment perimeter limited to the approval's granted
 * perimeter"): the approval's régions, and its départements plus those of
 * its régions (a granted région covers them), by code, with their région.
 */
export async function optionsPerimetre(
  request: Request,
  context: AppLoadContext,
  agrement: Agrement,
): Promise<OptionsPerimetre> {
  const regionsAgrement = new Set(agrement.perimetre.regions.map((region) => region.code));
  const departementsAgrement = new Set(agrement.perimetre.departements.map((d) => d.code));
  const departements: Departement[] =
    regionsAgrement.size === 0 && departementsAgrement.size === 0
      ? []
      : await callEndpoint(request, context, listerDepartements);
  return {
    regions: agrement.perimetre.regions,
    departements: departements.filter(
      (departement) =>
        departementsAgrement.has(departement.code) || regionsAgrement.has(departement.codeRegion),
    ),
  };
}

/** The four perimeter lists and the names of the EPCI and communes, as posted. */
export function perimetrePoste(formData: FormData): ChoixPerimetreEtablissement {
  return {
    regions: valeursListe(formData, "regions"),
    departements: valeursListe(formData, "departements"),
    epcis: valeursListe(formData, "epcis"),
    communes: valeursListe(formData, "communes"),
    noms: nomsPostes(formData),
  };
}

/**
 * `GET /api/epcis/agrement/{id}` (spec §5: at least 3 characters): the EPCI
 * inside the approval's perimeter. A too short text or a 422 gives `erreur`.
 */
export function rechercherEpcisDansAgrement(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
  terme: string,
): Promise<RechercheGeographie> {
  return chercherTerritoires("epcis", terme, async (query) => {
    const epcis = await callEndpoint(request, context, rechercherEpcisAgrement, {
      params: { id: agrementId },
      query: { query },
    });
    return epcis.map(({ code, nom }) => ({ code, nom }));
  });
}

/**
 * `GET /api/communes/agrement/{id}` (spec §5: at least 1 character): the
 * communes inside the approval's perimeter, named "Nom (département)".
 */
export function rechercherCommunesDansAgrement(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
  terme: string,
): Promise<RechercheGeographie> {
  return chercherTerritoires("communes", terme, async (query) => {
    const communes = await callEndpoint(request, context, rechercherCommunesAgrement, {
      params: { id: agrementId },
      query: { query },
    });
    return communes.map((commune) => ({ code: commune.code, nom: nomCommune(commune) }));
  });
}
