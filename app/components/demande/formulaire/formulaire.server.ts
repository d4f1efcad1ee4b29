/**
 * Server side of the approval request form (`/demande/formulaire`): API
 * calls shared by the loader and the action, and the mapping of API errors
 * onto the form (spec §7 Requests, §8 422 messages).
 */
import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { DemandeDetail, ProcedureDemande, ProcedureEtp } from "#contract/schemas/demande";
import {
  RECHERCHE_COMMUNE_MIN,
  RECHERCHE_EPCI_MIN,
  type Commune,
  type Departement,
} from "#contract/schemas/geographie";
import {
  callEndpoint,
  lireDemande,
  lireProcedure,
  lireProcedureEtp,
  lireUtilisateurCourant,
  listerDepartements,
  listerFormesJuridiques,
  rechercherCommunes as pointRechercheCommunes,
  rechercherEpcis as pointRechercheEpcis,
} from "~/.server/api-client.server";
import { refusApi } from "~/.server/refus-api.server";
import { fieldErrorsOf } from "~/components/forms";
import { t } from "~/i18n";
import {
  MESSAGE_COMMUNE_SANS_TERRITOIRE,
  MESSAGE_RECHERCHE_COMMUNE,
  MESSAGE_RECHERCHE_EPCI,
  decoderOption,
  type RechercheGeographie,
  type ResultatGeographie,
} from "./geographie";

/**
 * States in which the applicant may edit the request with the four-step
 * form (DESIGN §3): a draft, and a request the instructor returned for
 * edition (RETOURNER_EN_EDITION), until it is deposited again.
 */
export const ETATS_MODIFIABLES: readonly string[] = ["brouillon", "arrete_perime", "en_edition"];

/** An id the API may know: anything else is a 404 without calling it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The 404 the root error boundary shows as "Page non trouvée". */
export function pageNonTrouvee(): Response {
  return new Response("Page non trouvée", { status: 404 });
}

/** The file's id from the URL (`params.id`); anything but a UUID is a 404. */
export function idDe(params: LoaderFunctionArgs["params"]): string {
  const id = params.id ?? "";
  if (!UUID.test(id)) throw pageNonTrouvee();
  return id;
}

/** What an applicant's page of a file shows of it: title, badge, state and version (optimistic lock). */
export function resumeDossier(dossier: DemandeDetail) {
  const { id, numeroDossier, statutSimplifie, etat, version } = dossier;
  return { id, numeroDossier, statutSimplifie, etat, version };
}

/**
 * GET /api/demande/{id}: 404 (thrown) when unknown or another company's; a
 * request no longer editable redirects to its recap (DESIGN §3).
 */
export async function chargerDemandeModifiable(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<DemandeDetail> {
  const demande = await callEndpoint(request, context, lireDemande, {
    params: { kind: "demande", id },
  });
  if (!ETATS_MODIFIABLES.includes(demande.etat))
    throw redirect(`/demande/demande/recapitulatif/${id}`);
  return demande;
}

/** GET /api/demande/{id}/procedure: rubrics, files, completeness. */
export function procedureDe(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<ProcedureDemande> {
  return callEndpoint(request, context, lireProcedure, { params: { id } });
}

/**
 * Where a draft resumes (a URL without `etape`): the first of steps 1 to 3
 * the procedure does not say complete, else the summary.
 */
export async function etapeDeReprise(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<1 | 2 | 3 | 4> {
  const { etapesCompletes } = await procedureDe(request, context, id);
  return ([1, 2, 3] as const).find((numero) => !etapesCompletes[numero]) ?? 4;
}

/** GET /api/demande/{id}/procedure-etp: labels and years of the staffing figures. */
export function procedureEtpDe(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<ProcedureEtp> {
  return callEndpoint(request, context, lireProcedureEtp, { params: { id } });
}

/**
 * What step 1 shows besides the request: the account's company (SIREN,
 * name, qualities), the legal forms and the communes of the saved postal code.
 */
export async function donneesEtape1(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail | null,
) {
  const [compte, formesJuridiques, communes] = await Promise.all([
    callEndpoint(request, context, lireUtilisateurCourant),
    callEndpoint(request, context, listerFormesJuridiques),
    communesDuCodePostal(request, context, demande?.etape1?.codePostal),
  ]);
  return {
    societe: compte.societe ?? { siren: "", raisonSociale: "", qualites: [] },
    formesJuridiques,
    communes,
  };
}

/** Errors of an API answer laid out for conform's `submission.reply()`. */
export interface ErreursFormulaire {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

/**
 * Maps a refused save onto the form: 422 `{ detail, errors }` gives the
 * field errors (and `detail` as a form error when no field is named); 409
 * `{ message }` (step out of order, not editable, cannot create) and 403 give
 * a form error. Anything else is rethrown (the error page).
 */
export function erreursDeApi(error: unknown): ErreursFormulaire {
  const refus = refusApi(error, [403, 409, 422]);
  const fieldErrors = refus.status === 422 ? fieldErrorsOf(refus.body) : {};
  const formErrors =
    Object.keys(fieldErrors).length > 0
      ? []
      : [refus.message || "La demande n'a pas pu être enregistrée."];
  return { fieldErrors, formErrors };
}

/** The notification after "Enregistrer" on step 1 or 2 (spec §2: a draft saved). */
export function toastBrouillon(etape: 1 | 2) {
  return {
    type: "success" as const,
    titre: t("notification.titre.success"),
    description: t(`notification.action.success.demande.ENREGISTRE_BROUILLON_STEP_${etape}`),
  };
}

/** "Paris 11e Arrondissement (75)": the département tells homonyms apart. */
export function nomCommune(commune: Pick<Commune, "nom" | "codeDepartement">): string {
  return `${commune.nom} (${commune.codeDepartement})`;
}

/** What a search of each kind needs (spec §5): the shortest text and the message below it. */
const REGLES_RECHERCHE = {
  epcis: { minimum: RECHERCHE_EPCI_MIN, message: MESSAGE_RECHERCHE_EPCI },
  communes: { minimum: RECHERCHE_COMMUNE_MIN, message: MESSAGE_RECHERCHE_COMMUNE },
} as const;

/**
 * One search of EPCI or communes, whichever endpoint answers it: `terme`
 * trimmed; shorter than spec §5 allows, its message without calling the
 * API; else the matches `chercher` returns, or the API's 422 message (the
 * same message when it gives none). Other failures are thrown.
 */
export async function chercherTerritoires(
  type: keyof typeof REGLES_RECHERCHE,
  terme: string,
  chercher: (query: string) => Promise<ResultatGeographie[]>,
): Promise<RechercheGeographie> {
  const { minimum, message } = REGLES_RECHERCHE[type];
  const query = terme.trim();
  if (query.length < minimum) return { terme, resultats: [], erreur: message };
  try {
    return { terme, resultats: await chercher(query), erreur: null };
  } catch (error) {
    const refus = refusApi(error, [422]);
    return { terme, resultats: [], erreur: refus.message || message };
  }
}

/**
 * GET /api/epcis/filter (spec §5: at least 3 characters, accents and case
 * ignored by the API). A too short text or a 422 gives `erreur`.
 */
export function rechercherEpcis(
  request: Request,
  context: AppLoadContext,
  terme: string,
): Promise<RechercheGeographie> {
  return chercherTerritoires("epcis", terme, async (query) => {
    const epcis = await callEndpoint(request, context, pointRechercheEpcis, { query: { query } });
    return epcis.map(({ code, nom }) => ({ code, nom }));
  });
}

/**
 * GET /api/communes/filter limited to `departements` (spec §5: at least 1
 * character; a commune search needs a chosen région or département).
 */
export async function rechercherCommunes(
  request: Request,
  context: AppLoadContext,
  terme: string,
  departements: readonly string[],
): Promise<RechercheGeographie> {
  if (departements.length === 0)
    return { terme, resultats: [], erreur: MESSAGE_COMMUNE_SANS_TERRITOIRE };
  return chercherTerritoires("communes", terme, async (query) => {
    const communes = await callEndpoint(request, context, pointRechercheCommunes, {
      query: { query, departements },
    });
    return communes.map((commune) => ({ code: commune.code, nom: nomCommune(commune) }));
  });
}

/** The communes of a postal code (step 1 selector); none for a malformed code. */
export async function communesDuCodePostal(
  request: Request,
  context: AppLoadContext,
  codePostal: string | null | undefined,
): Promise<ResultatGeographie[]> {
  const code = codePostal?.trim() ?? "";
  if (!/^\d{5}$/.test(code)) return [];
  const communes = await callEndpoint(request, context, pointRechercheCommunes, {
    query: { query: code, codePostal: code, limit: "50" },
  });
  return communes.map(({ code, nom }) => ({ code, nom }));
}

/** GET /api/departements (public reference data). */
export function chargerDepartements(
  request: Request,
  context: AppLoadContext,
): Promise<Departement[]> {
  return callEndpoint(request, context, listerDepartements);
}

/**
 * The départements a commune search covers: those ticked plus those of the
 * ticked régions.
 */
export function departementsCouverts(
  departements: readonly Departement[],
  regionsCochees: readonly string[],
  departementsCoches: readonly string[],
): string[] {
  const codes = new Set(departementsCoches);
  for (const departement of departements)
    if (regionsCochees.includes(departement.codeRegion)) codes.add(departement.code);
  return [...codes];
}

/** Values of a repeated form field, empty ones dropped. */
export function valeursListe(formData: FormData, name: string): string[] {
  return formData
    .getAll(name)
    .map(String)
    .filter((value) => value !== "");
}

/**
 * The names a perimeter picker posts with the EPCI and communes it
 * displayed (hidden `libellesEpcis` / `libellesCommunes` fields of
 * `code|nom`, see `encoderOption`), so that a page sent back after a
 * refusal or a search still names them.
 */
export function nomsPostes(formData: FormData): {
  epcis: ResultatGeographie[];
  communes: ResultatGeographie[];
} {
  return {
    epcis: nomsDuChamp(formData, "libellesEpcis"),
    communes: nomsDuChamp(formData, "libellesCommunes"),
  };
}

/** The `code|nom` values of one hidden field, one name per code. */
function nomsDuChamp(formData: FormData, name: string): ResultatGeographie[] {
  const noms = new Map<string, string>();
  for (const value of formData.getAll(name)) {
    const option = decoderOption(value);
    if (option) noms.set(option.code, option.nom);
  }
  return [...noms].map(([code, nom]) => ({ code, nom }));
}
