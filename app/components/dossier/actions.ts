/**
 * The actions of a file as staff see them (spec §4 "Actions on a request",
 * DESIGN §3): which ones go in the main area and which are set apart, the
 * address of each action's page, and the form each one needs. The API
 * decides which actions exist (`actionsDisponibles`); this module only
 * arranges and describes them.
 */
import { z } from "zod";
import {
  ACTIONS_DEMANDE,
  ACTIONS_DEMANDE_SECONDAIRES,
  TYPES_DOSSIER,
  type ActionDemande,
  type TypeDossier,
} from "#contract/etats";
import {
  schemaAnnulation,
  type DemandeDetail,
  type DemandeResume,
} from "#contract/schemas/demande";
import { LIBELLES_ACTION, schemasAction } from "#contract/schemas/instruction";
import { ACTION_FICHIER_INFECTE, LIBELLE_ACTION_FICHIER_INFECTE } from "#contract/antivirus";
import { texteOptionnel } from "#contract/validation";

/** The file kind of a URL segment, or null (the page answers 404). */
export function lireTypeDossier(segment: string | undefined): TypeDossier | null {
  return TYPES_DOSSIER.find((type) => type === segment) ?? null;
}

/** The action of a URL segment, or null (the page answers 404). */
export function lireAction(segment: string | undefined): ActionDemande | null {
  return ACTIONS_DEMANDE.find((action) => action === segment) ?? null;
}

/** `/dossier/{kind}/{id}`: the staff detail page of a file. */
export function urlDossier(kind: TypeDossier, id: string): string {
  return `/dossier/${kind}/${encodeURIComponent(id)}`;
}

/** `/dossier/{kind}/{id}/action/{ACTION}`: the form of one action. */
export function urlAction(kind: TypeDossier, id: string, action: ActionDemande): string {
  return `${urlDossier(kind, id)}/action/${action}`;
}

/** Labels of the actions no button offers, as the history shows them. */
const LIBELLES_SANS_BOUTON: Partial<Record<ActionDemande, string>> = {
  ENREGISTRE_BROUILLON_STEP_1: "Brouillon enregistré (étape 1)",
  ENREGISTRE_BROUILLON_STEP_2: "Brouillon enregistré (étape 2)",
  APPLIQUER_ARRETE: "Mise à jour selon l'arrêté en vigueur",
  DELAIS_COMPLETUDE_DEPASSE: "Délai de réponse pour complétude dépassé",
  DELAIS_AJOUT_PJ_DEPASSE: "Délai d'envoi des pièces complémentaires dépassé",
  DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE:
    "Décision modificative d'extension du périmètre déposée",
  DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE:
    "Procédure d'annulation de l'extension du périmètre déposée",
  ACCORD_TACITE: "Extension du périmètre accordée tacitement (deux mois sans décision)",
  MODIFIER_INFO_SOCIETE: "Informations de la structure modifiées",
};

/**
 * The label of an action: its button label (contract LIBELLES_ACTION),
 * else how the history names it, else the code itself.
 */
export function libelleAction(action: string): string {
  return (
    LIBELLES_ACTION[action as ActionDemande] ??
    LIBELLES_SANS_BOUTON[action as ActionDemande] ??
    (action === ACTION_FICHIER_INFECTE ? LIBELLE_ACTION_FICHIER_INFECTE : undefined) ??
    action
  );
}

/** Where each available action of a file goes on its detail page. */
export interface RepartitionActions {
  principales: ActionDemande[];
  /** "Autres actions", set apart (spec §4). */
  autres: ActionDemande[];
}

/**
 * Splits `actionsDisponibles` (spec §4): REAFFECTER_INSTRUCTEUR,
 * ANNULER_DEMANDE, REJETER_TACITEMENT_DOSSIER, MODIFIER_AGREMENT and the
 * three procedure actions (ACTIONS_DEMANDE_SECONDAIRES) are set apart, and so
 * is DEMANDER_COMPLEMENT when the file is not in state affectee; everything
 * else is a main action. Order is the API's. In state incomplete,
 * DEMANDER_COMPLEMENT becomes its completeness variant
 * DEMANDER_COMPLEMENT_COMPLETUDE (spec §4), once.
 */
export function repartirActions(
  demande: Pick<DemandeResume, "etat" | "actionsDisponibles">,
): RepartitionActions {
  const apart = (action: ActionDemande) =>
    (ACTIONS_DEMANDE_SECONDAIRES as readonly ActionDemande[]).includes(action) ||
    (action === "DEMANDER_COMPLEMENT" && demande.etat !== "affectee");
  const actions = [
    ...new Set(
      demande.actionsDisponibles.map(({ action }) =>
        action === "DEMANDER_COMPLEMENT" && demande.etat === "incomplete"
          ? "DEMANDER_COMPLEMENT_COMPLETUDE"
          : action,
      ),
    ),
  ];
  return {
    principales: actions.filter((action) => !apart(action)),
    autres: actions.filter(apart),
  };
}

const commentaireOptionnel = texteOptionnel(5000);

const SANS_SAISIE = z.object({ commentaire: commentaireOptionnel });

/**
 * The zod schema of the form of `action` (fields besides `action` and
 * `version`): the contract's `schemasAction(aujourdhui)` (the API parses
 * the same), the cancellation form for ANNULER_DEMANDE, else an optional
 * comment. `aujourdhui` ("AAAA-MM-JJ", Europe/Paris) bounds the date fields.
 */
export function schemaFormulaireAction(action: ActionDemande, aujourdhui?: string): z.ZodTypeAny {
  const schemas: Partial<Record<ActionDemande, z.ZodTypeAny>> = {
    ANNULER_DEMANDE: schemaAnnulation,
    ...schemasAction(aujourdhui),
  };
  return schemas[action] ?? SANS_SAISIE;
}

/**
 * What the form of `action` shows before anything is typed, read from the
 * file: the ongoing withdrawal procedure's type and notification date
 * (MODIFIER_PROCEDURE), the approval's granted régions and départements
 * (MODIFIER_AGREMENT; its EPCI and communes are kept through hidden
 * fields). Empty for the other actions.
 */
export function valeursInitialesAction(
  action: ActionDemande,
  demande: Pick<DemandeDetail, "agrement">,
): Record<string, string | string[]> {
  const agrement = demande.agrement;
  if (!agrement) return {};
  if (action === "MODIFIER_PROCEDURE") {
    const enCours = agrement.proceduresAgrement.find((procedure) => procedure.etat === "en_cours");
    if (!enCours) return {};
    return {
      type: enCours.type,
      ...(enCours.data.dateNotification ? { dateNotification: enCours.data.dateNotification } : {}),
    };
  }
  if (action === "MODIFIER_AGREMENT") {
    const codes = (zones: { code: string }[]) => zones.map((zone) => zone.code);
    return {
      regions: codes(agrement.perimetre.regions),
      departements: codes(agrement.perimetre.departements),
      epcis: codes(agrement.perimetre.epcis),
      communes: codes(agrement.perimetre.communes),
    };
  }
  return {};
}

/** Message shown when an action page is opened for an action the file does not offer. */
export const MESSAGE_ACTION_INDISPONIBLE = "Cette action n'est pas disponible pour ce dossier.";
