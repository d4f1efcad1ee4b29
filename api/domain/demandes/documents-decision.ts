/**
 * The decision documents of a request (DESIGN §3): refusal letter and
 * tacit-rejection notice, generated in the decision's transaction, stored
 * as attachments of the request and pointed at by `decisionPieceJointeId`
 * (the applicant downloads it from his card: `resume.decision`). The
 * certificate of an approval is api/domain/agrements.ts's.
 */
import { eq } from "drizzle-orm";
import type { PieceJointe } from "../../../contract/schemas/demande.ts";
import type { Db } from "../../db/client.ts";
import { communes, demandes, servicesInstructeur } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../pieces-jointes.ts";
import type { FileStore } from "../../files/types.ts";
import { genererAvisRejetTacite } from "../../pdf/avis-rejet-tacite.ts";
import type { DestinataireCourrier, ReferencesDossier } from "../../pdf/courrier.ts";
import { genererLettreRefus } from "../../pdf/lettre-refus.ts";
import type { DemandeRow } from "../acces.ts";
import { contenuDe } from "../../db/contenu-demande.ts";

/** Rubric of the refusal letter among the request's attachments. */
export const RUBRIQUE_LETTRE_REFUS = "decision_refus";
/** Rubric of the tacit-rejection notice. */
export const RUBRIQUE_AVIS_REJET_TACITE = "decision_rejet_tacite";

/**
 * Who a decision on `demande` is addressed to (company, SIREN, head office
 * from step 1 with the commune's name) and the request's references
 * (number, deposit date, name of its service instructeur).
 */
export async function destinataireEtReferences(
  tx: Db,
  demande: DemandeRow,
): Promise<{ destinataire: DestinataireCourrier; dossier: ReferencesDossier }> {
  const { etape1 } = contenuDe(demande);
  const [commune] = etape1?.commune
    ? await tx.select({ nom: communes.nom }).from(communes).where(eq(communes.code, etape1.commune))
    : [];
  const [service] =
    demande.serviceInstructeurId === null
      ? []
      : await tx
          .select({ nom: servicesInstructeur.nom })
          .from(servicesInstructeur)
          .where(eq(servicesInstructeur.id, demande.serviceInstructeurId));
  const adresse = etape1
    ? [
        etape1.adresse,
        ...(etape1.complementAdresse ? [etape1.complementAdresse] : []),
        `${etape1.codePostal} ${commune?.nom ?? etape1.commune}`,
      ]
    : [];
  return {
    destinataire: {
      raisonSociale: demande.raisonSociale ?? "Structure candidate",
      siren: demande.siren,
      adresse,
    },
    dossier: {
      numeroDossier: demande.numeroDossier,
      dateDepot: demande.dateDepot,
      serviceInstructeur: service?.nom ?? null,
    },
  };
}

/** Inside `tx`: makes `piece` the decision document of `demande`. */
async function designerDecision(tx: Db, demandeId: string, piece: PieceJointe): Promise<void> {
  await tx
    .update(demandes)
    .set({ decisionPieceJointeId: piece.id })
    .where(eq(demandes.id, demandeId));
}

/**
 * Inside `tx`, for a request just moved to refusee: generates the refusal
 * letter with `motifs` as its grounds, stores it (rubric decision_refus,
 * linked to the history row) and makes it the request's decision document.
 */
export async function joindreLettreRefus(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  decision: { motifs: string; historiqueId: number; date: Date },
): Promise<PieceJointe> {
  const contenu = await genererLettreRefus({
    ...(await destinataireEtReferences(tx, demande)),
    motifs: decision.motifs,
    date: decision.date,
  });
  const piece = await ajouterPieceJointe(tx, stockage, {
    ressourceType: demande.kind,
    ressourceId: demande.id,
    rubrique: RUBRIQUE_LETTRE_REFUS,
    nom: `decision-refus-${demande.numeroDossier ?? demande.id}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId: decision.historiqueId,
    date: decision.date,
  });
  await designerDecision(tx, demande.id, piece);
  return piece;
}

/**
 * Inside `tx`, for a request just moved to rejetee_tacitement: generates
 * the tacit-rejection notice, stores it (rubric decision_rejet_tacite,
 * linked to the history row) and makes it the request's decision document.
 */
export async function joindreAvisRejetTacite(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  decision: { commentaire: string | null; historiqueId: number; date: Date },
): Promise<PieceJointe> {
  const contenu = await genererAvisRejetTacite({
    ...(await destinataireEtReferences(tx, demande)),
    dateLimiteInstruction: demande.dateLimiteInstruction,
    commentaire: decision.commentaire,
    date: decision.date,
  });
  const piece = await ajouterPieceJointe(tx, stockage, {
    ressourceType: demande.kind,
    ressourceId: demande.id,
    rubrique: RUBRIQUE_AVIS_REJET_TACITE,
    nom: `avis-rejet-tacite-${demande.numeroDossier ?? demande.id}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId: decision.historiqueId,
    date: decision.date,
  });
  await designerDecision(tx, demande.id, piece);
  return piece;
}
