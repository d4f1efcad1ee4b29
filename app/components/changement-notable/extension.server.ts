/**
 * Server side of the applicant's perimeter extension (contract of ADR
 * 0020): the feature flag, the approval's
 * CREER_EXTENSION_PERIMETRE, reading a notable change, its procedure, and
 * the mapping of the API's refusals onto the forms (spec §8 422 messages).
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Agrement } from "#contract/schemas/agrement";
import type {
  DemandeDetail,
  DemandeResume,
  Manquant,
  ProcedureDemande,
} from "#contract/schemas/demande";
import type { ApiError } from "~/.server/api.server";
import { callEndpoint, lireDemande, listerRegions } from "~/.server/api-client.server";
import { chargerMonAgrement } from "~/components/agrement/mon-agrement.server";
import {
  ETATS_MODIFIABLES,
  chargerDepartements,
  pageNonTrouvee,
} from "~/components/demande/formulaire/formulaire.server";
import { listerFonctionnalites } from "../../../contract/api/reference.ts";
import {
  lireProcedureChangementNotable,
  listerMesChangementsNotables,
} from "../../../contract/api/changements-notables.ts";
import { TYPE_CHANGEMENT_API, extensionDe, urlRecapitulatifChangement } from "./extension";
import type { PerimetreNomme } from "./recapitulatif-extension";

/** The flag behind the extension flow (spec §6). */
export const DRAPEAU_EXTENSION = "creation_extension_perimetre";

/** The approval-level action that creates an extension (spec §4). */
export const ACTION_CREER_EXTENSION = "CREER_EXTENSION_PERIMETRE";

/** `GET /api/feature-flipping/list`: whether `creation_extension_perimetre` is on. */
export async function drapeauExtensionActif(
  request: Request,
  context: AppLoadContext,
): Promise<boolean> {
  const drapeaux = await callEndpoint(request, context, listerFonctionnalites);
  return drapeaux[DRAPEAU_EXTENSION] === true;
}

/** The creation routes answer 404 while the flag is off. */
export async function exigerDrapeauExtension(
  request: Request,
  context: AppLoadContext,
): Promise<void> {
  if (!(await drapeauExtensionActif(request, context))) throw pageNonTrouvee();
}

/** Whether the approval offers CREER_EXTENSION_PERIMETRE now (`actionsDisponibles`). */
export function peutCreerExtension(agrement: Agrement | null): boolean {
  return ((agrement?.actionsDisponibles ?? []) as readonly string[]).includes(
    ACTION_CREER_EXTENSION,
  );
}

/**
 * The approval's perimeter as codes (régions, départements): what an
 * extension cannot add again (spec §5 Perimeter).
 */
export function perimetreCouvert(agrement: Agrement | null): {
  regions: string[];
  departements: string[];
} {
  return {
    regions: agrement?.perimetre.regions.map((region) => region.code) ?? [],
    departements: agrement?.perimetre.departements.map((departement) => departement.code) ?? [],
  };
}

/** `GET /api/changement-notable/{id}` (404 thrown when unknown or another company's). */
export function lireChangement(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<DemandeDetail> {
  return callEndpoint(request, context, lireDemande, {
    params: { kind: "changement-notable", id },
  });
}

/**
 * A notable change the form may edit (a draft, or one returned for
 * edition); anything else redirects to its recap.
 */
export async function lireChangementModifiable(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<DemandeDetail> {
  const demande = await lireChangement(request, context, id);
  if (!ETATS_MODIFIABLES.includes(demande.etat)) throw redirect(urlRecapitulatifChangement(id));
  return demande;
}

/**
 * `GET /api/changement-notable/procedure?type=extension_perimetre&id={id}`:
 * the rubrics with the change's files, completeness by step and what is
 * missing (same shape as a request's procedure).
 */
export function procedureChangement(
  request: Request,
  context: AppLoadContext,
  id: string | null,
): Promise<ProcedureDemande> {
  return callEndpoint(request, context, lireProcedureChangementNotable, {
    query: id ? { type: TYPE_CHANGEMENT_API, id } : { type: TYPE_CHANGEMENT_API },
  }) as Promise<ProcedureDemande>;
}

/** The signed-in operator's approval (null without one). */
export const agrementDuDemandeur = chargerMonAgrement;

/**
 * What a 422 of VALIDER_DEPOSER or DEPOSER lists as missing: its
 * `manquants` when the body has them, else nothing (the caller then reads
 * the procedure).
 */
export function manquantsDe(error: ApiError): Manquant[] {
  const body = error.body as { manquants?: unknown } | null;
  return Array.isArray(body?.manquants) ? (body.manquants as Manquant[]) : [];
}

/**
 * The extension's perimeter with names: régions and départements from the
 * reference lists, EPCI and communes from the detail's `libelles` (else
 * their codes). Null before step 1 is saved.
 */
export async function perimetreNomme(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail,
): Promise<PerimetreNomme | null> {
  const perimetre = extensionDe(demande).perimetre;
  if (!perimetre) return null;
  const [regions, departements] = await Promise.all([
    callEndpoint(request, context, listerRegions),
    chargerDepartements(request, context),
  ]);
  const nommer = (codes: readonly string[], connus: readonly { code: string; nom: string }[]) =>
    codes.map((code) => ({ code, nom: connus.find((item) => item.code === code)?.nom ?? code }));
  return {
    regions: nommer(perimetre.regions, regions),
    departements: nommer(perimetre.departements, departements),
    epcis: nommer(perimetre.epcis, demande.libelles?.epcis ?? []),
    communes: nommer(perimetre.communes, demande.libelles?.communes ?? []),
    precisions: perimetre.precisions ?? null,
  };
}

/** `GET /api/changement-notables/mes-changements-notables`: the company's notable changes. */
export async function mesChangements(
  request: Request,
  context: AppLoadContext,
): Promise<DemandeResume[]> {
  return (await callEndpoint(
    request,
    context,
    listerMesChangementsNotables,
  )) as unknown as DemandeResume[];
}
