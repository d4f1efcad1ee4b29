/**
 * Withdrawal procedures on a granted approval (DESIGN §3 CREER_PROCEDURE,
 * MODIFIER_PROCEDURE, TERMINER_PROCEDURE; §5 suspension at most 3 months,
 * withdrawal observations; spec §4 Agreement procedure and Effects of
 * actions). The request carries the workflow state
 * (agrement_procedure_en_cours, its etatNormalise read from the procedure),
 * the procedure_agrement row carries type, notification date and outcome,
 * the approval carries its own etat (suspendu while a procedure with
 * suspension runs, retire after a withdrawal). All three change in one
 * transaction, guarded by the request's version.
 */
import { and, eq, sql } from "drizzle-orm";
import type { TypeProcedureAgrement } from "../../../contract/etats.ts";
import {
  DUREE_MAX_SUSPENSION_MOIS,
  JOURS_OBSERVATIONS_RETRAIT,
  debutDecisionRetrait,
  decalerDate,
  finSuspension,
} from "../../../contract/delais.ts";
import { afficherDate, aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database, Db } from "../../db/client.ts";
import { agrements, demandes, proceduresAgrement } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../pieces-jointes.ts";
import type { FileStore } from "../../files/types.ts";
import { conflit } from "../erreurs.ts";
import {
  dereferencerEtablissements,
  masquerEtablissements,
  reafficherEtablissements,
} from "../etablissements/regles.ts";
import { genererLettreRetrait } from "../../pdf/lettre-retrait.ts";
import type { DemandeRow } from "../acces.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { destinataireEtReferences } from "./documents-decision.ts";
import { joindreAvisSuspension, retablirAttestation } from "./avis-annulation-suspension.ts";
import { acteurDe, etatApres, lireFormulaire } from "./ecriture-action.ts";
import { erreursDeChamps } from "./erreurs.ts";
import { ecrireTransition } from "./transition.ts";

export type ProcedureRow = typeof proceduresAgrement.$inferSelect;

/** Rubric of the withdrawal decision among the request's attachments. */
export const RUBRIQUE_DECISION_RETRAIT = "decision_retrait";

export const MESSAGES_PROCEDURE = {
  sansAgrement: "Ce dossier ne porte aucun agrément : aucune procédure de retrait n'est possible.",
  sansProcedure: "Aucune procédure de retrait n'est en cours sur cet agrément.",
  suspensionEchue: (limite: string) =>
    `Une suspension dure ${DUREE_MAX_SUSPENSION_MOIS} mois au plus à compter de la notification : avec suspension, la date de notification doit être postérieure au ${afficherDate(limite)}.`,
  aucuneModification:
    "Aucune modification : changez le type de procédure ou la date de notification.",
  observationsEnCours: (debut: string) =>
    `Le retrait ne peut être décidé qu'à l'issue du délai de ${JOURS_OBSERVATIONS_RETRAIT} jours laissé à la structure pour présenter ses observations, soit à partir du ${afficherDate(debut)}.`,
} as const;

/** The approval state a procedure of `type` leaves in force (spec §4 Effects of actions). */
export function etatAgrementPendant(type: TypeProcedureAgrement): "suspendu" | "en_cours" {
  return type === "retrait_avec_suspension" ? "suspendu" : "en_cours";
}

/**
 * 422 on `dateNotification` when a procedure with suspension would start
 * already past its 3 months (the suspension could not take effect).
 */
function verifierDureeSuspension(
  type: TypeProcedureAgrement,
  dateNotification: string,
  maintenant: Date,
): void {
  if (type !== "retrait_avec_suspension") return;
  const aujourdhui = aujourdhuiParis(maintenant);
  if (finSuspension(dateNotification) <= aujourdhui)
    throw erreursDeChamps({
      dateNotification: [
        MESSAGES_PROCEDURE.suspensionEchue(
          decalerDate(aujourdhui, { mois: -DUREE_MAX_SUSPENSION_MOIS }),
        ),
      ],
    });
}

/** The approval of `demande`; 409 when it has none (only an inconsistent row can). */
function agrementDe(demande: DemandeRow): string {
  if (!demande.agrementId) throw conflit(MESSAGES_PROCEDURE.sansAgrement);
  return demande.agrementId;
}

/**
 * The ongoing (en_cours) withdrawal procedure of approval `agrementId`;
 * 409 when there is none.
 */
export async function procedureEnCours(
  handle: Database | Db,
  agrementId: string,
): Promise<ProcedureRow> {
  const db = "exec" in handle ? handle.db : handle;
  const [procedure] = await db
    .select()
    .from(proceduresAgrement)
    .where(
      and(eq(proceduresAgrement.agrementId, agrementId), eq(proceduresAgrement.etat, "en_cours")),
    );
  if (!procedure) throw conflit(MESSAGES_PROCEDURE.sansProcedure);
  return procedure;
}

/** Inside `tx`: sets the approval's etat (a new version of it). */
export async function changerEtatAgrement(
  tx: Db,
  agrementId: string,
  etat: "en_cours" | "suspendu" | "retire",
  maintenant: Date,
): Promise<void> {
  await tx
    .update(agrements)
    .set({ etat, version: sql`${agrements.version} + 1`, dateModification: maintenant })
    .where(eq(agrements.id, agrementId));
}

/**
 * CREER_PROCEDURE (superviseur, agree → agrement_procedure_en_cours):
 * `type` retrait_avec_suspension or retrait_sans_suspension, `dateNotification`
 * (the day the company was notified, not in the future) and `commentaire`
 * (the grounds) required: 422 keyed by field otherwise, nothing saved. With
 * suspension the notification must be less than 3 months old (422 on
 * `dateNotification`). One transaction: the transition and its history row
 * (type, notification date, approval in `donnees`), the procedure (en_cours),
 * and with suspension the approval set to suspendu (etatNormalise then reads
 * agrement_suspendu; without suspension agree) and its establishments
 * hidden from households (MASQUER_ETABLISSEMENT rows, spec §4).
 * With suspension the suspension notice (PDF, spec §9) becomes the
 * request's decision document (avis-annulation-suspension.ts).
 */
export async function creerProcedure(contexte: ContexteAction): Promise<void> {
  const { type, dateNotification, commentaire } = lireFormulaire(contexte, "CREER_PROCEDURE");
  const { demande, maintenant, deps } = contexte;
  const agrementId = agrementDe(demande);
  verifierDureeSuspension(type, dateNotification, maintenant);
  await deps.database.db.transaction(async (tx) => {
    const { demande: suspendue, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "CREER_PROCEDURE",
      etatApres: etatApres(contexte),
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { agrementId, type, dateNotification },
    });
    await tx.insert(proceduresAgrement).values({
      agrementId,
      demandeId: demande.id,
      type,
      etat: "en_cours",
      dateNotification,
      dateCreation: maintenant,
    });
    if (type === "retrait_avec_suspension") {
      await changerEtatAgrement(tx, agrementId, "suspendu", maintenant);
      // Spec §4: a suspended approval hides its establishments from households.
      await masquerEtablissements(tx, { agrementId, acteur: acteurDe(contexte), maintenant });
      // Spec §9: the suspension notice, the request's decision document while it lasts.
      await joindreAvisSuspension(tx, deps.fichiers, suspendue, {
        agrementId,
        dateNotification,
        historiqueId,
        date: maintenant,
      });
    }
  });
}

/**
 * MODIFIER_PROCEDURE (superviseur, agrement_procedure_en_cours, same state):
 * a new `type` and/or `dateNotification` (blank: unchanged), `commentaire`
 * required. 422 on `type` when nothing changes, on `dateNotification` when
 * the result would be a suspension past its 3 months. One transaction: the
 * history row (before and after in `donnees`), the procedure updated, and
 * the approval suspended or back in force when the suspension is switched
 * on or off, its establishments hidden or shown again with it (spec §4).
 * Switched on, a suspension notice becomes the decision document; switched
 * off, the current certificate is again.
 */
export async function modifierProcedure(contexte: ContexteAction): Promise<void> {
  const saisie = lireFormulaire(contexte, "MODIFIER_PROCEDURE");
  const { demande, maintenant, deps } = contexte;
  const agrementId = agrementDe(demande);
  const avant = await procedureEnCours(deps.database, agrementId);
  const type = saisie.type ?? (avant.type as TypeProcedureAgrement);
  const dateNotification = saisie.dateNotification ?? avant.dateNotification;
  if (type === avant.type && dateNotification === avant.dateNotification)
    throw erreursDeChamps({ type: [MESSAGES_PROCEDURE.aucuneModification] });
  if (dateNotification) verifierDureeSuspension(type, dateNotification, maintenant);
  await deps.database.db.transaction(async (tx) => {
    const { demande: modifiee, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "MODIFIER_PROCEDURE",
      etatApres: etatApres(contexte),
      acteur: acteurDe(contexte),
      maintenant,
      commentaire: saisie.commentaire,
      donnees: {
        agrementId,
        procedureId: avant.id,
        avant: { type: avant.type, dateNotification: avant.dateNotification },
        apres: { type, dateNotification },
      },
    });
    await tx
      .update(proceduresAgrement)
      .set({ type, dateNotification })
      .where(eq(proceduresAgrement.id, avant.id));
    if (type !== avant.type) {
      const etat = etatAgrementPendant(type);
      await changerEtatAgrement(tx, agrementId, etat, maintenant);
      // Spec §4: suspension switched on hides the establishments, switched off shows them again.
      const regle = { agrementId, acteur: acteurDe(contexte), maintenant };
      if (etat === "suspendu") await masquerEtablissements(tx, regle);
      else await reafficherEtablissements(tx, regle);
      // Spec §9: a suspension switched on gets its notice; switched off, the certificate is back.
      if (etat !== "suspendu") await retablirAttestation(tx, demande.id, agrementId);
      else if (dateNotification)
        await joindreAvisSuspension(tx, deps.fichiers, modifiee, {
          agrementId,
          dateNotification,
          historiqueId,
          date: maintenant,
        });
    }
  });
}

/**
 * TERMINER_PROCEDURE (superviseur, agrement_procedure_en_cours): `decision`
 * agrement_maintenu or agrement_retire and `commentaire` (the grounds)
 * required. A withdrawal needs the observation period over: 422 on
 * `decision` before notification + {@link JOURS_OBSERVATIONS_RETRAIT} days.
 * One transaction: the procedure ends (termine, decision, dateDecision =
 * today in Paris), then
 * - agrement_maintenu → agree, the approval back to en_cours (its
 *   establishments shown again if it was suspended), its current
 *   certificate the decision document again;
 * - agrement_retire → agrement_retire, the approval retire, its
 *   establishments dereferenced (spec §4), and the withdrawal decision
 *   (PDF, grounds = the comment, two-month appeal) becomes the request's
 *   decision document.
 */
export async function terminerProcedure(contexte: ContexteAction): Promise<void> {
  const { decision, commentaire } = lireFormulaire(contexte, "TERMINER_PROCEDURE");
  const { demande, maintenant, deps } = contexte;
  const agrementId = agrementDe(demande);
  const procedure = await procedureEnCours(deps.database, agrementId);
  const retire = decision === "agrement_retire";
  if (retire && procedure.dateNotification) {
    const debut = debutDecisionRetrait(procedure.dateNotification);
    if (aujourdhuiParis(maintenant) < debut)
      throw erreursDeChamps({ decision: [MESSAGES_PROCEDURE.observationsEnCours(debut)] });
  }
  await deps.database.db.transaction(async (tx) => {
    const { demande: terminee, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "TERMINER_PROCEDURE",
      etatApres: etatApres(contexte, retire ? "agrement_retire" : "agree"),
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { agrementId, procedureId: procedure.id, decision },
    });
    await tx
      .update(proceduresAgrement)
      .set({ etat: "termine", decision, dateDecision: aujourdhuiParis(maintenant) })
      .where(eq(proceduresAgrement.id, procedure.id));
    await changerEtatAgrement(tx, agrementId, retire ? "retire" : "en_cours", maintenant);
    // Spec §4 Effects of actions: a withdrawn approval dereferences its
    // establishments; a maintained one ends its suspension, if any.
    const regle = { agrementId, acteur: acteurDe(contexte), maintenant };
    if (retire) await dereferencerEtablissements(tx, regle);
    else if (procedure.type === "retrait_avec_suspension")
      await reafficherEtablissements(tx, regle);
    // A kept approval: its certificate is the decision again, not the suspension notice.
    if (!retire) await retablirAttestation(tx, demande.id, agrementId);
    if (retire)
      await joindreDecisionRetrait(tx, deps.fichiers, terminee, {
        agrementId,
        procedure,
        motifs: commentaire,
        historiqueId,
        date: maintenant,
      });
  });
}

/**
 * Inside `tx`, for a request just moved to agrement_retire: generates the
 * withdrawal decision, stores it (rubric decision_retrait, linked to the
 * history row) and makes it the request's decision document.
 */
async function joindreDecisionRetrait(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  retrait: {
    agrementId: string;
    procedure: ProcedureRow;
    motifs: string;
    historiqueId: number;
    date: Date;
  },
): Promise<void> {
  const [agrement] = await tx
    .select({ numeroAgrement: agrements.numeroAgrement, dateDebut: agrements.dateDebut })
    .from(agrements)
    .where(eq(agrements.id, retrait.agrementId));
  const contenu = await genererLettreRetrait({
    ...(await destinataireEtReferences(tx, demande)),
    numeroAgrement: agrement.numeroAgrement,
    dateDebut: agrement.dateDebut,
    procedure: {
      type: retrait.procedure.type as TypeProcedureAgrement,
      dateNotification: retrait.procedure.dateNotification,
    },
    motifs: retrait.motifs,
    date: retrait.date,
  });
  const piece = await ajouterPieceJointe(tx, stockage, {
    ressourceType: demande.kind,
    ressourceId: demande.id,
    rubrique: RUBRIQUE_DECISION_RETRAIT,
    nom: `decision-retrait-${agrement.numeroAgrement}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId: retrait.historiqueId,
    date: retrait.date,
  });
  await tx
    .update(demandes)
    .set({ decisionPieceJointeId: piece.id })
    .where(eq(demandes.id, demande.id));
}
