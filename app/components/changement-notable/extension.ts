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
import { formulaireEtapes } from "~/components/dossier/formulaire-etapes";

/** The only notable-change type the portal offers (spec §3 typeChangement). */
export const TYPE_EXTENSION = "extension-perimetre";
/** The same type as the API names it (`typeChangement`, `procedure?type=`). */
export const TYPE_CHANGEMENT_API = TYPE_EXTENSION_PERIMETRE;

/** Page of the applicant's notable changes (spec §2). */
export const URL_MES_CHANGEMENTS = "/mes-demandes-changement-notable";

/** Spec §2 "A new notable change link carries query type=extension perimetre". */
export const URL_NOUVELLE_EXTENSION = `${URL_MES_CHANGEMENTS}/${TYPE_EXTENSION}/formulaire?${new URLSearchParams({ type: "extension perimetre" })}`;

export type EtapeExtension = 1 | 2 | 3;

/** Heading of the form and of the cards. */
export const TITRE_EXTENSION = "Extension du périmètre d'intervention";

/** The extension's form (spec §2 "perimeter extension request (3 steps plus confirmation and recap)"). */
export const FORMULAIRE_EXTENSION = formulaireEtapes<EtapeExtension>({
  titre: TITRE_EXTENSION,
  etapes: TITRES_ETAPES_EXTENSION,
  chemin: `${URL_MES_CHANGEMENTS}/${TYPE_EXTENSION}/formulaire`,
  apresDerniere: "Récapitulatif",
  creationImpossible: {
    titre: "Vous ne pouvez pas créer de demande d'extension",
    retour: { href: URL_MES_CHANGEMENTS, libelle: "Retour à mes demandes de changement notable" },
  },
});

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

/** Card and recap title: "Extension du périmètre d'intervention n° MAR-…" once deposited. */
export function titreChangement(demande: { numeroDossier: string | null }): string {
  return demande.numeroDossier ? `${TITRE_EXTENSION} n° ${demande.numeroDossier}` : TITRE_EXTENSION;
}

/** `contenu.extension` of a notable change's detail, whatever the API put around it. */
export function extensionDe(demande: unknown): ContenuExtension {
  const contenu = (demande as { contenu?: { extension?: ContenuExtension } | null }).contenu;
  return contenu?.extension ?? {};
}
