import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import {
  DECISIONS_PROCEDURE_AGREMENT,
  TYPES_PROCEDURE_AGREMENT,
  type ActionDemande,
} from "#contract/etats";
import { MIME_TYPES_ACCEPTES } from "#contract/pieces-jointes";
import { LIBELLES_AVIS } from "#contract/schemas/avis";
import { LIBELLES_DECISION_PROCEDURE, LIBELLES_TYPE_PROCEDURE } from "#contract/schemas/procedures";
import {
  InputField,
  RadioField,
  SelectField,
  TextareaField,
  UploadField,
  acceptAttribute,
} from "~/components/forms";
import { INDICE_FICHIER_FACULTATIF } from "./fichier-facultatif";

/** conform's metadata of the fields of an action's form, by name. */
export type ChampsAction = Record<
  string,
  FieldMetadata<string | string[], Record<string, string | string[]>, string[]>
>;

/** What every group of fields of an action's form reads. */
export interface FormulaireChamps {
  action: ActionDemande;
  champs: ChampsAction;
  /** Whether the action's schema has the field `nom`: the form shows only those. */
  aLeChamp: (nom: string) => boolean;
}

/** An instructor the file may be assigned to (GET /api/intervenants). */
export interface InstructeurAssignable {
  id: string;
  libelle: string;
}

/** Label of the comment field, by what the comment is for. */
const LIBELLES_COMMENTAIRE: Partial<Record<ActionDemande, string>> = {
  DEMANDER_COMPLEMENT_COMPLETUDE: "Pièces ou informations attendues",
  DEMANDER_COMPLEMENT: "Pièces complémentaires attendues",
  RETOURNER_EN_EDITION: "Ce que le demandeur doit modifier",
  PROPOSER_REFUS_DEMANDE: "Motif de la proposition de refus",
  REFUSER_REFUS: "Motif",
  MOTIVER_REFUS: "Motifs du refus",
  ANNULER_DEMANDE: "Motif de l'annulation",
  CREER_PROCEDURE: "Motifs de la procédure",
  MODIFIER_PROCEDURE: "Motif de la modification",
  TERMINER_PROCEDURE: "Motifs de la décision",
  MODIFIER_AGREMENT: "Motifs de la modification",
  DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE: "Motifs de l'annulation",
};

/** Label of the optional file, when it is not an opinion's. */
const LIBELLES_FICHIER: Partial<Record<ActionDemande, string>> = {
  DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE: "Pièce jointe à la procédure d'annulation",
};

/** Labels of the CRHH consultation's radios. */
const CONSULTATION_CRHH = { oui: "Oui, consulter le CRHH", non: "Non, sans consultation" };

/** Hint of the comment field, when the comment goes beyond the file. */
const INDICES_COMMENTAIRE: Partial<Record<ActionDemande, string>> = {
  TERMINER_PROCEDURE:
    "En cas de retrait, ces motifs figurent dans la décision adressée à la structure.",
};

/**
 * The instruction's choices, those the action's schema has: the assignee
 * (a select of `instructeurs`), the CRHH consultation, and the opinion or
 * decision among `avis` (none when the action gives no opinion).
 */
export function ChampsAffectationEtAvis({
  formulaire: { action, champs, aLeChamp },
  instructeurs,
  avis,
}: {
  formulaire: FormulaireChamps;
  instructeurs: InstructeurAssignable[];
  avis: { valeurs: readonly string[] } | null;
}) {
  return (
    <>
      {aLeChamp("instructeurId") ? (
        <SelectField
          id={champs.instructeurId.id}
          label="Instructeur"
          hint={
            instructeurs.length === 0
              ? "Aucun instructeur du service ne peut recevoir ce dossier."
              : undefined
          }
          errors={champs.instructeurId.errors}
          placeholder="Sélectionnez un instructeur"
          options={instructeurs.map((instructeur) => ({
            value: instructeur.id,
            label: instructeur.libelle,
          }))}
          selectProps={getSelectProps(champs.instructeurId)}
        />
      ) : null}

      {aLeChamp("consultationCrhh") ? (
        <RadioField
          field={champs.consultationCrhh}
          legend="Le dossier doit-il être soumis à l'avis du CRHH ?"
          required
          inline
          libelles={CONSULTATION_CRHH}
        />
      ) : null}

      {avis ? (
        <RadioField
          field={champs.avis}
          legend={action === "EXPRIMER_AVIS_DECIDEUR" ? "Décision" : "Avis"}
          required
          libelles={LIBELLES_AVIS}
          valeurs={avis.valeurs}
        />
      ) : null}
    </>
  );
}

/**
 * A withdrawal procedure's fields, those the action's schema has: its type
 * (required to open one), the notification date (today at the latest,
 * `aujourdhui`), and its outcome.
 */
export function ChampsProcedure({
  formulaire: { action, champs, aLeChamp },
  aujourdhui,
}: {
  formulaire: FormulaireChamps;
  aujourdhui: string;
}) {
  return (
    <>
      {aLeChamp("type") ? (
        <RadioField
          field={champs.type}
          legend="Type de procédure"
          required={action === "CREER_PROCEDURE"}
          libelles={LIBELLES_TYPE_PROCEDURE}
          valeurs={TYPES_PROCEDURE_AGREMENT}
        />
      ) : null}

      {aLeChamp("dateNotification") ? (
        <InputField
          field={champs.dateNotification}
          type="date"
          label="Date de notification à la structure"
          hint="Date à laquelle la structure a été informée de la procédure, au plus tard aujourd'hui. Format attendu : JJ/MM/AAAA."
          inputProps={{ max: aujourdhui }}
        />
      ) : null}

      {aLeChamp("decision") ? (
        <RadioField
          field={champs.decision}
          legend="Issue de la procédure"
          required
          libelles={LIBELLES_DECISION_PROCEDURE}
          valeurs={DECISIONS_PROCEDURE_AGREMENT}
        />
      ) : null}
    </>
  );
}

/**
 * The comment, labelled by what it is for, when the action's schema has
 * it, then the optional file when the action takes one (`avecFichier`).
 */
export function ChampsMotifEtPiece({
  formulaire: { action, champs, aLeChamp },
  avecFichier,
}: {
  formulaire: FormulaireChamps;
  avecFichier: boolean;
}) {
  return (
    <>
      {aLeChamp("commentaire") ? (
        <TextareaField
          field={champs.commentaire}
          label={LIBELLES_COMMENTAIRE[action] ?? "Commentaire"}
          hint={INDICES_COMMENTAIRE[action]}
          rows={6}
        />
      ) : null}

      {avecFichier ? (
        <UploadField
          id={champs.fichier.id}
          name="fichier"
          label={LIBELLES_FICHIER[action] ?? "Pièce jointe à l'avis"}
          hint={INDICE_FICHIER_FACULTATIF}
          accept={acceptAttribute(MIME_TYPES_ACCEPTES)}
          errors={champs.fichier.errors}
          className="fr-mb-3w"
        />
      ) : null}
    </>
  );
}
