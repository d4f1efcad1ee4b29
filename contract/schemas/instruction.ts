/**
 * Forms of the instruction actions (spec §4 actions; DESIGN §3): one
 * zod schema per action, used by the page through conform and by the API
 * handler, and the actions' French labels. The other instruction concepts
 * have their own module: avis.ts, complements.ts, notes.ts, procedures.ts,
 * agrement.ts, listes.ts, parametres-mail.ts.
 */
import { z } from "zod";
import {
  DECISIONS_PROCEDURE_AGREMENT,
  TYPES_PROCEDURE_AGREMENT,
  type ActionDemande,
} from "../etats.ts";
import { perimetreVide } from "../perimetre.ts";
import { AVIS_PAR_ACTION } from "./avis.ts";
import { listeCodes } from "./demande.ts";
import { MESSAGES, dateSelonAujourdhui, texte, texteOptionnel } from "../validation.ts";

// ── Action forms ─────────────────────────────────────────────────────────────

/** Messages of the action forms. */
export const MESSAGES_INSTRUCTION = {
  instructeur: "Veuillez choisir un instructeur.",
  instructeurInconnu: "Cet instructeur n'instruit pas les dossiers de ce service.",
  avis: "Veuillez choisir un avis.",
  crhh: "Veuillez indiquer si le CRHH doit être consulté.",
  dateApresAujourdhui: "La date doit être postérieure à la date du jour",
  fichierRequis: "Veuillez joindre au moins un fichier.",
  typeProcedure: "Veuillez choisir le type de procédure.",
  decisionProcedure: "Veuillez choisir l'issue de la procédure.",
  dateNotificationFuture: "La date de notification ne peut pas être postérieure à la date du jour",
} as const;

/** A date strictly after today (Europe/Paris), "JJ/MM/AAAA" or "AAAA-MM-JJ" in, "AAAA-MM-JJ" out. */
export const dateApresAujourdhui = (aujourdhui?: string) =>
  dateSelonAujourdhui(
    (iso, jour) => iso > jour,
    MESSAGES_INSTRUCTION.dateApresAujourdhui,
    aujourdhui,
  );

/** A date not after today (Europe/Paris), "JJ/MM/AAAA" or "AAAA-MM-JJ" in, "AAAA-MM-JJ" out. */
export const dateJusquAujourdhui = (aujourdhui?: string) =>
  dateSelonAujourdhui(
    (iso, jour) => iso <= jour,
    MESSAGES_INSTRUCTION.dateNotificationFuture,
    aujourdhui,
  );

const commentaireRequis = texte(5000);
const commentaireOptionnel = texteOptionnel(5000);

/** An empty form value reads as absent (a field left blank is "no change"). */
const videCommeAbsent = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const typeProcedure = z.enum(TYPES_PROCEDURE_AGREMENT, {
  errorMap: () => ({ message: MESSAGES_INSTRUCTION.typeProcedure }),
});

/**
 * MODIFIER_AGREMENT: the granted perimeter as step 2 takes it (codes of
 * régions, départements, EPCI, communes; at least one, spec §5 Perimeter)
 * and the grounds. The geography (known codes, communes inside the chosen
 * zones) is checked by the API.
 */
const schemaModificationAgrement = z
  .object({
    regions: listeCodes,
    departements: listeCodes,
    epcis: listeCodes,
    communes: listeCodes,
  })
  .superRefine((value, context) => {
    if (perimetreVide(value))
      context.addIssue({ code: "custom", path: ["regions"], message: MESSAGES.perimetre });
  })
  // An intersection, so that a missing comment and an empty perimeter are both reported at once.
  .and(z.object({ commentaire: commentaireRequis }));

const avis = (valeurs: readonly [string, ...string[]]) =>
  z.object({
    avis: z.enum(valeurs as [string, ...string[]], {
      errorMap: () => ({ message: MESSAGES_INSTRUCTION.avis }),
    }),
    commentaire: commentaireRequis,
  });

/**
 * The form of each action with input (fields besides `action` and
 * `version`). Files (`fichier`, `fichier1`…) are not in the schemas: the
 * API reads them from the multipart body (DONNER_COMPLEMENT needs at least
 * one, the opinions accept one). `aujourdhui` is the Europe/Paris date the
 * deadline fields compare with.
 */
export function schemasAction(aujourdhui?: string) {
  return {
    AFFECTER_INSTRUCTEUR: z.object({
      instructeurId: z
        .string({ required_error: MESSAGES_INSTRUCTION.instructeur })
        .uuid(MESSAGES_INSTRUCTION.instructeur),
      commentaire: commentaireOptionnel,
    }),
    REAFFECTER_INSTRUCTEUR: z.object({
      instructeurId: z
        .string({ required_error: MESSAGES_INSTRUCTION.instructeur })
        .uuid(MESSAGES_INSTRUCTION.instructeur),
      commentaire: commentaireOptionnel,
    }),
    /** The deadline is fixed: 1 month from the request (DESIGN §5). */
    DEMANDER_COMPLEMENT_COMPLETUDE: z.object({ commentaire: commentaireRequis }),
    DEMANDER_COMPLEMENT: z.object({
      commentaire: commentaireRequis,
      dateEcheance: dateApresAujourdhui(aujourdhui),
    }),
    DONNER_COMPLEMENT: z.object({ commentaire: commentaireOptionnel }),
    RETOURNER_EN_EDITION: z.object({ commentaire: commentaireRequis }),
    DEPOSER_EN_EDITION: z.object({}),
    CONFIRMER_COMPLETUDE: z.object({
      consultationCrhh: z.enum(["oui", "non"], {
        errorMap: () => ({ message: MESSAGES_INSTRUCTION.crhh }),
      }),
      commentaire: commentaireOptionnel,
    }),
    EXPRIMER_AVIS_CRHH: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_CRHH.valeurs),
    EXPRIMER_AVIS_INSTRUCTEUR: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_INSTRUCTEUR.valeurs),
    EXPRIMER_AVIS_SUPERVISEUR: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_SUPERVISEUR.valeurs),
    EXPRIMER_AVIS_DECIDEUR: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_DECIDEUR.valeurs),
    PROPOSER_REFUS_DEMANDE: z.object({ commentaire: commentaireRequis }),
    CONFIRMER_REFUS: z.object({ commentaire: commentaireOptionnel }),
    REFUSER_REFUS: z.object({ commentaire: commentaireRequis }),
    /** The grounds written in the refusal letter. */
    MOTIVER_REFUS: z.object({ commentaire: commentaireRequis }),
    REJETER_TACITEMENT_DOSSIER: z.object({ commentaire: commentaireOptionnel }),
    VISUALISER_RESULTAT: z.object({}),
    /**
     * Opens a withdrawal procedure: its type, the date the company was
     * notified (not in the future) and the grounds.
     */
    CREER_PROCEDURE: z.object({
      type: typeProcedure,
      dateNotification: dateJusquAujourdhui(aujourdhui),
      commentaire: commentaireRequis,
    }),
    /** Changes the type and/or the notification date (blank: unchanged); grounds required. */
    MODIFIER_PROCEDURE: z.object({
      type: z.preprocess(videCommeAbsent, typeProcedure.optional()),
      dateNotification: z.preprocess(videCommeAbsent, dateJusquAujourdhui(aujourdhui).optional()),
      commentaire: commentaireRequis,
    }),
    /** Ends the procedure: approval kept or withdrawn; the grounds go into the withdrawal letter. */
    TERMINER_PROCEDURE: z.object({
      decision: z.enum(DECISIONS_PROCEDURE_AGREMENT, {
        errorMap: () => ({ message: MESSAGES_INSTRUCTION.decisionProcedure }),
      }),
      commentaire: commentaireRequis,
    }),
    MODIFIER_AGREMENT: schemaModificationAgrement,
    /**
     * Annuls a tacitly accepted perimeter extension (ADR 0021): the grounds
     * (required); a file may go with them (multipart `fichier`, optional).
     */
    DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE: z.object({ commentaire: commentaireRequis }),
  } satisfies Partial<Record<ActionDemande, z.ZodTypeAny>>;
}
export type SchemasAction = ReturnType<typeof schemasAction>;
export type ActionAvecFormulaire = keyof SchemasAction;

/** Actions whose form takes files (`fichier`, `fichier1`…): required for DONNER_COMPLEMENT. */
export const ACTIONS_AVEC_FICHIERS: readonly ActionDemande[] = [
  "DONNER_COMPLEMENT",
  "EXPRIMER_AVIS_CRHH",
  "EXPRIMER_AVIS_INSTRUCTEUR",
  "EXPRIMER_AVIS_SUPERVISEUR",
  "EXPRIMER_AVIS_DECIDEUR",
  "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
];

/** Button and page labels of the actions (French). */
export const LIBELLES_ACTION: Partial<Record<ActionDemande, string>> = {
  DEPOSER: "Déposer la demande",
  DEPOSER_EN_EDITION: "Déposer la demande modifiée",
  AFFECTER_INSTRUCTEUR: "Affecter le dossier",
  REAFFECTER_INSTRUCTEUR: "Réaffecter le dossier",
  DEMANDER_COMPLEMENT_COMPLETUDE: "Demander un complément pour complétude",
  DEMANDER_COMPLEMENT: "Demander des pièces complémentaires",
  DONNER_COMPLEMENT: "Transmettre les compléments",
  RETOURNER_EN_EDITION: "Retourner la demande en édition",
  CONFIRMER_COMPLETUDE: "Confirmer la complétude",
  EXPRIMER_AVIS_CRHH: "Donner l'avis du CRHH",
  EXPRIMER_AVIS_INSTRUCTEUR: "Donner l'avis de l'instructeur",
  EXPRIMER_AVIS_SUPERVISEUR: "Donner l'avis du superviseur",
  EXPRIMER_AVIS_DECIDEUR: "Prendre la décision",
  PROPOSER_REFUS_DEMANDE: "Proposer un refus",
  CONFIRMER_REFUS: "Confirmer le refus",
  REFUSER_REFUS: "Écarter la proposition de refus",
  MOTIVER_REFUS: "Motiver le refus",
  REJETER_TACITEMENT_DOSSIER: "Rejeter tacitement le dossier",
  ANNULER_DEMANDE: "Annuler la demande",
  VISUALISER_RESULTAT: "Consulter la décision",
  CREER_PROCEDURE: "Ouvrir une procédure de retrait",
  MODIFIER_PROCEDURE: "Modifier la procédure",
  TERMINER_PROCEDURE: "Terminer la procédure",
  MODIFIER_AGREMENT: "Modifier l'agrément",
  DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE: "Annuler l'accord tacite",
};
