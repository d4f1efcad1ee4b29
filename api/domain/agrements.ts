/**
 * Approvals (spec §3 Agrement, §4 approval status; DESIGN §3 decision
 * AGREMENT_VALIDE, §4 who sees what, §5 five-year validity): creating one
 * with its certificate, who may see one, and the shape the API answers.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { libelleQualite } from "../../contract/qualites.ts";
import { anneeParis, periodeValidite } from "../../contract/delais.ts";
import type { Agrement } from "../../contract/schemas/agrement.ts";
import type { PieceJointe } from "../../contract/schemas/demande.ts";
import type { Database, Db } from "../db/client.ts";
import {
  agrements,
  attestations,
  demandes,
  piecesJointes,
  proceduresAgrement,
} from "../db/schema.ts";
import { ajouterPieceJointe, versPieceJointe } from "./pieces-jointes.ts";
import type { FileStore } from "../files/types.ts";
import type { UtilisateurConnecte } from "./utilisateur-connecte.ts";
import { introuvable } from "./erreurs.ts";
import { genererAttestationAgrement } from "../pdf/attestation-agrement.ts";
import { peutVoir, type DemandeRow } from "./acces.ts";
import { destinataireEtReferences } from "./demandes/documents-decision.ts";
import { contenuDe } from "../db/contenu-demande.ts";
import { peutCreerChangementNotable } from "./demandes/creation-changement.ts";
import { nommerPerimetre } from "./demandes/perimetre.ts";
import {
  limiteModificationDe,
  rapportsDe,
  rapportsEtActionsDe,
  resumesRapports,
} from "./rapports-annuels/lecture.ts";
import type { ApiConfig } from "../config.ts";

export type AgrementRow = typeof agrements.$inferSelect;

/** Rubric of a certificate among the approval's attachments. */
export const RUBRIQUE_ATTESTATION = "attestation";

/** States in which the applicant's approval page is accessible (spec §4). */
export const ETATS_AGREMENT_CONSULTABLE = ["en_cours", "suspendu"] as const;

/** 404 message of GET /api/agrement/mon-agrement without a current approval. */
export const MESSAGE_SANS_AGREMENT = "Votre structure ne détient pas d'agrément en cours.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "AGR-MAR-<année>-<6 chiffres>" from `numero_agrement_seq`, computed
 * inside the INSERT (a decision that loses a race consumes no number).
 */
function numeroAgrementSql(annee: number) {
  return sql<string>`${`AGR-MAR-${annee}-`} || lpad(nextval('numero_agrement_seq')::text, 6, '0')`;
}

/**
 * Inside `tx`, for the decision AGREMENT_VALIDE on `demande`: inserts the
 * approval `id` (etat en_cours, its number, validity, the perimeter of
 * step 2, company, quality, head office and service of the request) and
 * issues its certificate ({@link emettreAttestation}). Returns the
 * approval and the certificate.
 */
export async function creerAgrement(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  creation: { id: string; historiqueId: number; maintenant: Date },
): Promise<{ agrement: AgrementRow; attestation: PieceJointe }> {
  const { maintenant } = creation;
  const { etape2 } = contenuDe(demande);
  const perimetre = {
    regions: etape2?.regions ?? [],
    departements: etape2?.departements ?? [],
    epcis: etape2?.epcis ?? [],
    communes: etape2?.communes ?? [],
  };
  const [agrement] = await tx
    .insert(agrements)
    .values({
      id: creation.id,
      societeId: demande.societeId,
      demandeId: demande.id,
      numeroAgrement: numeroAgrementSql(anneeParis(maintenant)),
      etat: "en_cours",
      ...periodeValidite(maintenant),
      dateOctroi: maintenant,
      perimetre,
      raisonSociale: demande.raisonSociale ?? "",
      qualite: demande.qualite,
      codeDepartement: demande.codeDepartement,
      codeRegion: demande.codeRegion,
      serviceInstructeurId: demande.serviceInstructeurId,
      dateCreation: maintenant,
      dateModification: maintenant,
    })
    .returning();
  const attestation = await emettreAttestation(tx, stockage, demande, agrement, creation);
  return { agrement, attestation };
}

/**
 * Inside `tx`: generates the certificate PDF of `agrement` as it stands
 * (number, validity, perimeter by name; company, quality, head office and
 * references of `demande`, the request it was granted on), dated
 * `maintenant`; stores it as an attachment of the approval (rubric
 * attestation, linked to the history row of the decision or modification)
 * and makes it the current attestation, the previous ones kept with
 * isCurrent false (spec §3 `attestations`). Returns the certificate.
 */
export async function emettreAttestation(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  agrement: AgrementRow,
  emission: {
    historiqueId: number;
    maintenant: Date;
    /** A modified certificate of a perimeter extension (ADR 0021): the extension's number. */
    modificative?: { numeroDossier: string | null };
  },
): Promise<PieceJointe> {
  const { maintenant } = emission;
  const { destinataire, dossier } = await destinataireEtReferences(tx, demande);
  const contenu = await genererAttestationAgrement({
    numeroAgrement: agrement.numeroAgrement,
    structure: {
      ...destinataire,
      qualite: demande.qualite ? libelleQualite(demande.qualite) : null,
    },
    dossier,
    dateDebut: agrement.dateDebut,
    dateFin: agrement.dateFin,
    perimetre: await nommerPerimetre(tx, agrement.perimetre),
    date: maintenant,
    ...(emission.modificative ? { modificative: emission.modificative } : {}),
  });
  const attestation = await ajouterPieceJointe(tx, stockage, {
    ressourceType: "agrement",
    ressourceId: agrement.id,
    rubrique: RUBRIQUE_ATTESTATION,
    nom: `attestation-${emission.modificative ? "modificative-" : ""}agrement-${agrement.numeroAgrement}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId: emission.historiqueId,
    date: maintenant,
  });
  await tx
    .update(attestations)
    .set({ isCurrent: false })
    .where(eq(attestations.agrementId, agrement.id));
  await tx.insert(attestations).values({
    agrementId: agrement.id,
    pieceJointeId: attestation.id,
    isCurrent: true,
    date: maintenant,
  });
  return attestation;
}

/**
 * Whether `utilisateur` may see `agrement` (DESIGN §4): an applicant of
 * the company holding it, or staff who may see the request it was granted
 * on (`peutVoir`: its service, a superviseur's perimeter, central roles).
 */
export function peutVoirAgrement(
  utilisateur: UtilisateurConnecte,
  agrement: Pick<AgrementRow, "societeId">,
  demande: DemandeRow | undefined,
): boolean {
  if (
    utilisateur.roles.includes("demandeur") &&
    utilisateur.row.societeId !== null &&
    utilisateur.row.societeId === agrement.societeId
  )
    return true;
  return demande !== undefined && peutVoir(utilisateur, demande);
}

/**
 * The approval `id` if `utilisateur` may see it; 404 otherwise (same
 * answer for a foreign, unknown or malformed id).
 */
export async function chargerAgrementAccessible(
  database: Database,
  utilisateur: UtilisateurConnecte,
  id: string,
): Promise<AgrementRow> {
  if (!UUID.test(id)) throw introuvable();
  const [ligne] = await database.db
    .select({ agrement: agrements, demande: demandes })
    .from(agrements)
    .leftJoin(demandes, eq(demandes.id, agrements.demandeId))
    .where(eq(agrements.id, id));
  if (!ligne || !peutVoirAgrement(utilisateur, ligne.agrement, ligne.demande ?? undefined))
    throw introuvable();
  return ligne.agrement;
}

/**
 * The approval of `utilisateur`'s company whose page is accessible
 * (etat en_cours or suspendu, spec §4), the most recently granted if
 * several; null when none (or no company).
 */
export async function monAgrement(
  database: Database,
  utilisateur: UtilisateurConnecte,
): Promise<AgrementRow | null> {
  if (!utilisateur.row.societeId) return null;
  const [agrement] = await database.db
    .select()
    .from(agrements)
    .where(
      and(
        eq(agrements.societeId, utilisateur.row.societeId),
        inArray(agrements.etat, [...ETATS_AGREMENT_CONSULTABLE]),
      ),
    )
    .orderBy(desc(agrements.dateOctroi))
    .limit(1);
  return agrement ?? null;
}

/** Who reads an approval and when: its report actions and listed years depend on them. */
export interface LectureAgrement {
  utilisateur: UtilisateurConnecte;
  /** The API clock's now. */
  maintenant: Date;
  config: Pick<ApiConfig, "raaDateLimiteModification">;
}

/**
 * The contract `Agrement` of `row`: validity dates, perimeter by name,
 * attestations (newest first, the current one flagged), withdrawal
 * procedures (newest first), and its annual reports: with `lecture`, the
 * years listed now and the caller's report actions (ADR 0017); without,
 * only the reports created so far and no action.
 */
export async function versAgrement(
  database: Database,
  row: AgrementRow,
  lecture?: LectureAgrement,
): Promise<Agrement> {
  const { db } = database;
  const lignesAttestations = await db
    .select({ attestation: attestations, piece: piecesJointes })
    .from(attestations)
    .innerJoin(piecesJointes, eq(piecesJointes.id, attestations.pieceJointeId))
    .where(eq(attestations.agrementId, row.id))
    .orderBy(desc(attestations.date), desc(attestations.id));
  const procedures = await db
    .select()
    .from(proceduresAgrement)
    .where(eq(proceduresAgrement.agrementId, row.id))
    .orderBy(desc(proceduresAgrement.dateCreation), desc(proceduresAgrement.id));
  return {
    id: row.id,
    etat: row.etat,
    numeroAgrement: row.numeroAgrement,
    raisonSociale: row.raisonSociale,
    dateDebut: row.dateDebut,
    dateFin: row.dateFin,
    dateOctroi: row.dateOctroi.toISOString(),
    demandeId: row.demandeId,
    perimetre: await nommerPerimetre(database, row.perimetre),
    attestations: lignesAttestations.map(({ attestation, piece }) => ({
      id: attestation.id,
      isCurrent: attestation.isCurrent,
      date: attestation.date.toISOString(),
      pieceJointe: versPieceJointe(piece),
    })),
    proceduresAgrement: procedures.map((procedure) => ({
      id: procedure.id,
      etat: procedure.etat,
      type: procedure.type,
      data: {
        dateNotification: procedure.dateNotification,
        decision: procedure.decision,
        dateDecision: procedure.dateDecision,
      },
    })),
    ...(await rapportsDeLAgrement(database, row, lecture)),
  };
}

/** `actionsDisponibles` and `rapportAnnuelActivites` of {@link versAgrement}. */
async function rapportsDeLAgrement(
  database: Database,
  row: AgrementRow,
  lecture: LectureAgrement | undefined,
): Promise<Pick<Agrement, "actionsDisponibles" | "rapportAnnuelActivites">> {
  if (lecture) {
    const { rapports, actions } = await rapportsEtActionsDe(database, row, {
      utilisateur: lecture.utilisateur,
      maintenant: lecture.maintenant,
      limite: limiteModificationDe(lecture.config),
    });
    return {
      actionsDisponibles: [
        ...actions,
        ...((await extensionPossible(database, row, lecture.utilisateur))
          ? (["CREER_EXTENSION_PERIMETRE"] as const)
          : []),
      ],
      rapportAnnuelActivites: rapports,
    };
  }
  const stockes = await rapportsDe(database.db, row.id);
  const annees = [...stockes.keys()].sort((a, b) => b - a);
  return {
    actionsDisponibles: [],
    rapportAnnuelActivites: await resumesRapports(database.db, row, stockes, annees),
  };
}

/**
 * Whether `utilisateur` may open a perimeter extension of `row` now
 * (CREER_EXTENSION_PERIMETRE in its `actionsDisponibles`, ADR 0020): an
 * applicant of the approval's company, the approval en_cours, and
 * `peutCreerChangementNotable` saying yes (flag on, no change in progress).
 */
async function extensionPossible(
  database: Database,
  row: AgrementRow,
  utilisateur: UtilisateurConnecte,
): Promise<boolean> {
  if (!utilisateur.roles.includes("demandeur")) return false;
  if (row.etat !== "en_cours" || utilisateur.row.societeId !== row.societeId) return false;
  return (await peutCreerChangementNotable(database, utilisateur)).can;
}
