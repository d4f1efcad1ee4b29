/**
 * The cancellation and suspension notices of a request (spec §9:
 * "cancellation, tacit-rejection, suspension and withdrawal notices
 * exist"), stored like the other decision documents
 * (documents-decision.ts): an attachment of the request linked to the
 * history row of its action, pointed at by `decisionPieceJointeId`, so the
 * staff file page ("Décision") and the applicant's card show it and
 * GET /api/piece-jointe/{id} serves it with the usual access rules.
 */
import { and, eq } from "drizzle-orm";
import type { PieceJointe } from "../../../contract/schemas/demande.ts";
import { finSuspension } from "../../../contract/delais.ts";
import type { Db } from "../../db/client.ts";
import { agrements, attestations, demandes } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../pieces-jointes.ts";
import type { FileStore } from "../../files/types.ts";
import { genererAvisAnnulation } from "../../pdf/avis-annulation.ts";
import { genererAvisSuspension } from "../../pdf/avis-suspension.ts";
import type { DemandeRow } from "../acces.ts";
import { destinataireEtReferences } from "./documents-decision.ts";

/** Rubric of the cancellation notice among the request's attachments. */
export const RUBRIQUE_AVIS_ANNULATION = "decision_annulation";
/** Rubric of the suspension notice. */
export const RUBRIQUE_AVIS_SUSPENSION = "decision_suspension";

async function designerDecision(tx: Db, demandeId: string, pieceId: string): Promise<void> {
  await tx
    .update(demandes)
    .set({ decisionPieceJointeId: pieceId })
    .where(eq(demandes.id, demandeId));
}

/**
 * Inside `tx`, for a request just moved to annulee: generates the
 * cancellation notice (reason = `motif`, cancelled by `annuleePar`, dated
 * `date`), stores it (rubric decision_annulation, linked to the history
 * row) and makes it the request's decision document. Returns null without
 * writing anything for a request never filed (`dateDepot` null): a draft
 * deleted before its deposit was never before Anah, so there is nothing to
 * notify.
 */
export async function joindreAvisAnnulation(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  annulation: { motif: string; annuleePar: string; historiqueId: number; date: Date },
): Promise<PieceJointe | null> {
  if (demande.dateDepot === null) return null;
  const contenu = await genererAvisAnnulation({
    ...(await destinataireEtReferences(tx, demande)),
    annuleePar: annulation.annuleePar,
    motif: annulation.motif,
    date: annulation.date,
  });
  const piece = await ajouterPieceJointe(tx, stockage, {
    ressourceType: demande.kind,
    ressourceId: demande.id,
    rubrique: RUBRIQUE_AVIS_ANNULATION,
    nom: `avis-annulation-${demande.numeroDossier ?? demande.id}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId: annulation.historiqueId,
    date: annulation.date,
  });
  await designerDecision(tx, demande.id, piece.id);
  return piece;
}

/**
 * Inside `tx`, when a procedure with suspension starts (CREER_PROCEDURE
 * retrait_avec_suspension, or MODIFIER_PROCEDURE switching it on):
 * generates the suspension notice of approval `agrementId` (notified on
 * `dateNotification` "AAAA-MM-JJ", over at the latest on
 * finSuspension(dateNotification)), stores it (rubric
 * decision_suspension, linked to the history row) and makes it the
 * request's decision document while the suspension lasts (see
 * {@link retablirAttestation}).
 */
export async function joindreAvisSuspension(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  suspension: {
    agrementId: string;
    dateNotification: string;
    historiqueId: number;
    date: Date;
  },
): Promise<PieceJointe> {
  const [agrement] = await tx
    .select({ numeroAgrement: agrements.numeroAgrement })
    .from(agrements)
    .where(eq(agrements.id, suspension.agrementId));
  const contenu = await genererAvisSuspension({
    ...(await destinataireEtReferences(tx, demande)),
    numeroAgrement: agrement.numeroAgrement,
    dateNotification: suspension.dateNotification,
    finSuspension: finSuspension(suspension.dateNotification),
    // The superviseur's comment stays staff-side (contract/historique-visibilite.ts:
    // CREER_PROCEDURE and MODIFIER_PROCEDURE "sans_commentaire", their form never
    // says it reaches the company): the notice refers to the notification instead.
    motifs: null,
    date: suspension.date,
  });
  const piece = await ajouterPieceJointe(tx, stockage, {
    ressourceType: demande.kind,
    ressourceId: demande.id,
    rubrique: RUBRIQUE_AVIS_SUSPENSION,
    nom: `avis-suspension-${agrement.numeroAgrement}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId: suspension.historiqueId,
    date: suspension.date,
  });
  await designerDecision(tx, demande.id, piece.id);
  return piece;
}

/**
 * Inside `tx`, when a suspension ends with the approval kept (procedure
 * without suspension any more, or maintained): the current certificate of
 * approval `agrementId` becomes the request's decision document again, as
 * it was before the suspension notice replaced it. No-op without a current
 * certificate.
 */
export async function retablirAttestation(
  tx: Db,
  demandeId: string,
  agrementId: string,
): Promise<void> {
  const [courante] = await tx
    .select({ pieceJointeId: attestations.pieceJointeId })
    .from(attestations)
    .where(and(eq(attestations.agrementId, agrementId), eq(attestations.isCurrent, true)));
  if (courante) await designerDecision(tx, demandeId, courante.pieceJointeId);
}
