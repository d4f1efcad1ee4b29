/**
 * The applicant's perimeter extension (spec §2 routes
 * `/mes-demandes-changement-notable/{type}/formulaire?id={id}`,
 * `/changement-notable/recapitulatif/{id}`, `/changement-notable/completude/{id}`;
 * §5 Perimeter and ETP): URLs, step titles and the shared form schemas,
 * used by the server modules and the pages alike (no server import here).
 */
import {
  TITRES_ETAPES_EXTENSION,
  TYPE_EXTENSION_PERIMETRE,
  type ContenuExtension,
} from "#contract/schemas/changement-notable";

/** The only notable-change type the portal offers (spec §3 typeChangement). */
export const TYPE_EXTENSION = "extension-perimetre";
/** The same type as the API names it (`typeChangement`, `procedure?type=`). */
export const TYPE_CHANGEMENT_API = TYPE_EXTENSION_PERIMETRE;

/** Page of the applicant's notable changes (spec §2). */
export const URL_MES_CHANGEMENTS = "/mes-demandes-changement-notable";

/** Spec §2 "A new notable change link carries query type=extension perimetre". */
export const URL_NOUVELLE_EXTENSION = `${URL_MES_CHANGEMENTS}/${TYPE_EXTENSION}/formulaire?${new URLSearchParams({ type: "extension perimetre" })}`;

/** Number of steps (spec §2 "perimeter extension request (3 steps plus confirmation and recap)"). */
export const NOMBRE_ETAPES_EXTENSION = 3;

export type EtapeExtension = 1 | 2 | 3;

/** "2" → 2; anything else → null. */
export function lireEtapeExtension(value: string | null | undefined): EtapeExtension | null {
  const etape = Number(value);
  return etape === 1 || etape === 2 || etape === 3 ? etape : null;
}

/**
 * URL of a step (DESIGN §6: one URL per step):
 * `/mes-demandes-changement-notable/extension-perimetre/formulaire?id=<id>&etape=<n>`;
 * without id, a new extension (step 1).
 */
export function urlEtapeExtension(id: string | null | undefined, etape: EtapeExtension): string {
  const params = new URLSearchParams();
  if (id) params.set("id", id);
  params.set("etape", String(etape));
  return `${URL_MES_CHANGEMENTS}/${TYPE_EXTENSION}/formulaire?${params}`;
}

/** Recap of a notable change (spec §2). */
export function urlRecapitulatifChangement(id: string): string {
  return `/changement-notable/recapitulatif/${id}`;
}

/** Completeness answer of a notable change (spec §2). */
export function urlCompletudeChangement(id: string): string {
  return `/changement-notable/completude/${id}`;
}

/** Confirmation page after an action (existing route `/demande/{type}/confirmation/{id}`). */
export function urlConfirmationChangement(id: string, action: string): string {
  return `/demande/changement-notable/confirmation/${id}?actionType=${action}`;
}

/** Page title of a step: "Étape 1 sur 3 – Périmètre à ajouter – Extension du périmètre d'intervention". */
export function titreEtapeExtension(etape: EtapeExtension): string {
  return `Étape ${etape} sur ${NOMBRE_ETAPES_EXTENSION} – ${TITRES_ETAPES_EXTENSION[etape]} – ${TITRE_EXTENSION}`;
}

/** Heading of the form and of the cards. */
export const TITRE_EXTENSION = "Extension du périmètre d'intervention";

/** Card and recap title: "Extension du périmètre d'intervention n° MAR-…" once deposited. */
export function titreChangement(demande: { numeroDossier: string | null }): string {
  return demande.numeroDossier ? `${TITRE_EXTENSION} n° ${demande.numeroDossier}` : TITRE_EXTENSION;
}

/** `contenu.extension` of a notable change's detail, whatever the API put around it. */
export function extensionDe(demande: unknown): ContenuExtension {
  const contenu = (demande as { contenu?: { extension?: ContenuExtension } | null }).contenu;
  return contenu?.extension ?? {};
}
