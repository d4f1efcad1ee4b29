import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import type { ActionDemande, TypeDossier } from "#contract/etats";
import { valeursAvisPour } from "#contract/schemas/avis";
import { ACTIONS_AVEC_FICHIERS } from "#contract/schemas/instruction";
import {
  DUREE_MAX_SUSPENSION_MOIS,
  JOURS_OBSERVATIONS_RETRAIT,
} from "#contract/schemas/procedures";
import {
  CheckboxInputField,
  FormErrorSummary,
  InputField,
  RequiredFieldsNotice,
} from "~/components/forms";
import { libelleAction, schemaFormulaireAction } from "./actions";
import {
  ChampsAffectationEtAvis,
  ChampsMotifEtPiece,
  ChampsProcedure,
  type FormulaireChamps,
  type InstructeurAssignable,
} from "./champs-action";
import { ChampsPerimetreAgrement, type GeographieAgrement } from "./champs-perimetre-agrement";

export type { InstructeurAssignable };

/** What happens, in a sentence, when the action is confirmed (the page's lead text). */
const DESCRIPTIONS: Partial<Record<ActionDemande, string>> = {
  AFFECTER_INSTRUCTEUR:
    "Choisissez l'instructeur chargé du dossier. Le dossier passera à l'état « Affectée ».",
  REAFFECTER_INSTRUCTEUR:
    "Choisissez le nouvel instructeur chargé du dossier. L'état du dossier ne change pas.",
  DEMANDER_COMPLEMENT_COMPLETUDE:
    "Le demandeur sera invité à compléter son dossier dans un délai d'un mois. Le délai d'instruction est suspendu jusqu'à sa réponse.",
  DEMANDER_COMPLEMENT:
    "Le demandeur sera invité à transmettre des pièces complémentaires avant la date que vous fixez. Le délai d'instruction est suspendu jusqu'à sa réponse.",
  RETOURNER_EN_EDITION:
    "Le demandeur pourra de nouveau modifier sa demande, puis la déposer à nouveau.",
  CONFIRMER_COMPLETUDE:
    "Le dossier est complet. Indiquez s'il doit être soumis à l'avis du comité régional de l'habitat et de l'hébergement (CRHH).",
  EXPRIMER_AVIS_CRHH: "L'avis du CRHH et son commentaire seront versés au dossier.",
  EXPRIMER_AVIS_INSTRUCTEUR: "Votre avis et son commentaire seront versés au dossier.",
  EXPRIMER_AVIS_SUPERVISEUR: "Votre avis et son commentaire seront versés au dossier.",
  EXPRIMER_AVIS_DECIDEUR:
    "La décision sera communiquée au demandeur : l'agrément validé donne lieu à une attestation d'agrément, le refus à une lettre indiquant les voies de recours.",
  PROPOSER_REFUS_DEMANDE:
    "La proposition de refus sera soumise au superviseur, qui la confirmera ou l'écartera.",
  CONFIRMER_REFUS:
    "Vous confirmez le refus proposé par l'instructeur, qui en rédigera ensuite la motivation.",
  REFUSER_REFUS: "Vous écartez la proposition de refus : l'instruction du dossier reprend.",
  MOTIVER_REFUS:
    "Ces motifs figureront dans la lettre de refus adressée au demandeur. Le dossier passera à l'état « Refusée ».",
  REJETER_TACITEMENT_DOSSIER:
    "Le délai d'instruction est expiré : le dossier sera rejeté tacitement. Cette action est définitive.",
  ANNULER_DEMANDE: "L'annulation de la demande est définitive.",
  CREER_PROCEDURE: `Une procédure de retrait de l'agrément sera ouverte. Avec suspension, l'agrément est suspendu dès l'ouverture, pendant ${DUREE_MAX_SUSPENSION_MOIS} mois au plus à compter de la notification ; la procédure se poursuit ensuite sans suspension.`,
  MODIFIER_PROCEDURE:
    "Vous pouvez changer le type de la procédure en cours ou sa date de notification. Passer à un retrait avec suspension suspend l'agrément ; passer à un retrait sans suspension lève la suspension.",
  TERMINER_PROCEDURE: `Indiquez l'issue de la procédure : l'agrément est maintenu, ou il est retiré et les établissements de la structure sont déréférencés. Le retrait ne peut être décidé qu'à l'issue du délai d'observations de ${JOURS_OBSERVATIONS_RETRAIT} jours suivant la notification ; la décision de retrait, qui indique les voies et délais de recours, est adressée à la structure.`,
  MODIFIER_AGREMENT:
    "Le périmètre d'intervention agréé sera remplacé par celui que vous cochez et une nouvelle attestation d'agrément sera émise ; le demandeur sera invité à la consulter.",
  DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE:
    "L'extension du périmètre accordée tacitement sera annulée : le périmètre d'intervention de l'agrément redevient celui d'avant l'extension, et les établissements qui en sortent sont retirés de ce périmètre, ou déréférencés s'il ne leur reste aucune zone. Cette action est définitive.",
};

/** Lead texts of a perimeter extension's own forms, where they differ (ADR 0021). */
const DESCRIPTIONS_CHANGEMENT_NOTABLE: Partial<Record<ActionDemande, string>> = {
  EXPRIMER_AVIS_DECIDEUR:
    "La décision sera communiquée au demandeur : l'extension validée étend le périmètre d'intervention de l'agrément et donne lieu à une attestation modificative d'agrément, le refus à une lettre indiquant les voies de recours.",
};

/** The lead text of an action page, on a file of `kind` (an approval request when absent). */
export function descriptionAction(action: ActionDemande, kind: TypeDossier = "demande"): string {
  return (
    (kind === "changement-notable" ? DESCRIPTIONS_CHANGEMENT_NOTABLE[action] : undefined) ??
    DESCRIPTIONS[action] ??
    "Confirmez-vous cette action sur le dossier ?"
  );
}

/** Props of {@link FormulaireAction}. */
export interface FormulaireActionProps {
  action: ActionDemande;
  /** The file's kind: decides the decision values offered (an approval request when absent). */
  kind?: TypeDossier;
  /** The file's version when the page was loaded (409 if it changed since). */
  version: number;
  /** Where "Retour au dossier" goes. */
  urlRetour: string;
  /** Europe/Paris date of the page ("AAAA-MM-JJ"): deadlines must come after it. */
  aujourdhui: string;
  /** Choices of the assignee select (AFFECTER / REAFFECTER). */
  instructeurs: InstructeurAssignable[];
  /** Values the fields start with (`valeursInitialesAction`: current procedure, perimeter). */
  valeursInitiales?: Record<string, string | string[]>;
  /** Régions, départements and current EPCI and communes (MODIFIER_AGREMENT only). */
  geographie?: GeographieAgrement | null;
  lastResult?: SubmissionResult<string[]>;
}

/**
 * The form of one action (spec §4): the fields of the
 * contract's schema for that action (assignee select, comment, deadline
 * date, CRHH consultation, opinion value and optional file, procedure
 * type, notification date or outcome, granted perimeter, cancellation
 * confirmation), starting from `valeursInitiales`, the hidden `version`, the
 * action's button and "Retour au dossier". A plain form: without
 * JavaScript the browser posts it and the server answers with the errors
 * in place, everything typed kept.
 */
export function FormulaireAction({
  action,
  kind = "demande",
  version,
  urlRetour,
  aujourdhui,
  instructeurs,
  valeursInitiales,
  geographie,
  lastResult,
}: FormulaireActionProps) {
  const schema = schemaFormulaireAction(action, aujourdhui);
  const contrainte = getZodConstraint(schema);
  const aLeChamp = (nom: string) => nom in contrainte;
  const [form, champs] = useForm<Record<string, string | string[]>>({
    id: `action-${action}`,
    lastResult,
    defaultValue: valeursInitiales,
    constraint: contrainte,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const avecFichier = ACTIONS_AVEC_FICHIERS.includes(action);
  // The kind's own decisions (ADR 0018, 0021): never AGREMENT_VALIDE on a notable change.
  const valeursAvis = valeursAvisPour(action, kind);
  const avis = valeursAvis.length > 0 ? { valeurs: valeursAvis } : null;
  const formulaire: FormulaireChamps = { action, champs, aLeChamp };
  return (
    <Form
      method="post"
      encType={avecFichier ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
    >
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />
      <input type="hidden" name="version" value={version} />

      <ChampsAffectationEtAvis formulaire={formulaire} instructeurs={instructeurs} avis={avis} />
      <ChampsProcedure formulaire={formulaire} aujourdhui={aujourdhui} />

      {aLeChamp("dateEcheance") ? (
        <InputField
          field={champs.dateEcheance}
          type="date"
          label="Date limite de réponse du demandeur"
          hint="Postérieure à la date du jour. Format attendu : JJ/MM/AAAA."
          inputProps={{ min: lendemain(aujourdhui) }}
        />
      ) : null}

      {aLeChamp("regions") && geographie ? (
        <ChampsPerimetreAgrement
          geographie={geographie}
          champs={{
            regions: champs.regions,
            departements: champs.departements,
            epcis: champs.epcis,
            communes: champs.communes,
          }}
        />
      ) : null}

      <ChampsMotifEtPiece formulaire={formulaire} avecFichier={avecFichier} />

      {aLeChamp("confirmation") ? (
        <CheckboxInputField
          field={champs.confirmation}
          label="Je confirme vouloir annuler définitivement cette demande"
        />
      ) : null}

      <ul className="fr-btns-group fr-btns-group--inline-md fr-mt-4w">
        <li>
          <button type="submit" className="fr-btn">
            {libelleAction(action)}
          </button>
        </li>
        <li>
          <Link className="fr-btn fr-btn--secondary" to={urlRetour}>
            Retour au dossier
          </Link>
        </li>
      </ul>
    </Form>
  );
}

/** The day after `aujourdhui` ("AAAA-MM-JJ"), the earliest deadline a date input offers. */
function lendemain(aujourdhui: string): string {
  const date = new Date(`${aujourdhui}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
