/**
 * What the generation of the scale dataset's rows shares (lignes.ts,
 * lignes-dossier.ts, lignes-agrement.ts, echanges.ts, commentaires.ts): the
 * lot of rows by table, the numbers the database hands out, the context of
 * one company, and the helpers that number files and approvals and add an
 * attachment. Its own module so that those files do not import each other
 * in a circle.
 */
import type { FichierStocke } from "../../../files/types.ts";
import type {
  agrements,
  attestations,
  avis,
  demandes,
  etablissements,
  historique,
  infosComplementaires,
  lectures,
  messages,
  notes,
  piecesJointes,
  proceduresAgrement,
  registreEtablissements,
  societes,
  utilisateurs,
} from "../../schema.ts";
import { jourParis } from "./chronologie.ts";
import type { Hasard } from "./hasard.ts";
import { uuidEchelle } from "./identifiants.ts";
import type { EquipePlan } from "./personnel.ts";
import type { DossierPlan, Plan } from "./plan.ts";
import type { Referentiel } from "./referentiel.ts";
import type { SocietePlan } from "./societes.ts";
import { NOMS_FICHIERS } from "./vocabulaire.ts";

/** The rows of some companies, table by table, in an order the foreign keys accept. */
export interface Lot {
  societe: (typeof societes.$inferInsert)[];
  utilisateur: (typeof utilisateurs.$inferInsert)[];
  demande: (typeof demandes.$inferInsert)[];
  historique: (typeof historique.$inferInsert)[];
  piece_jointe: (typeof piecesJointes.$inferInsert)[];
  avis: (typeof avis.$inferInsert)[];
  info_complementaire: (typeof infosComplementaires.$inferInsert)[];
  message: (typeof messages.$inferInsert)[];
  note: (typeof notes.$inferInsert)[];
  lecture: (typeof lectures.$inferInsert)[];
  agrement: (typeof agrements.$inferInsert)[];
  attestation: (typeof attestations.$inferInsert)[];
  procedure_agrement: (typeof proceduresAgrement.$inferInsert)[];
  etablissement: (typeof etablissements.$inferInsert)[];
  /** The company registry's establishments (embedded registry, ADR 0016). */
  registre_etablissement: (typeof registreEtablissements.$inferInsert)[];
}

export type TableLot = keyof Lot;

/** Tables in insertion order (parents first). */
export const TABLES_LOT: readonly TableLot[] = [
  "societe",
  "utilisateur",
  "demande",
  "historique",
  "piece_jointe",
  "avis",
  "info_complementaire",
  "message",
  "note",
  "lecture",
  "agrement",
  "attestation",
  "procedure_agrement",
  "etablissement",
  "registre_etablissement",
];

/** An empty lot. */
export function lotVide(): Lot {
  return Object.fromEntries(TABLES_LOT.map((table) => [table, []])) as unknown as Lot;
}

/**
 * Numbers the database hands out: file numbers (numero_dossier_seq),
 * approval numbers (numero_agrement_seq) and history ids, by rank.
 */
export interface Numerotation {
  dossier(ordinal: number): number;
  agrement(ordinal: number): number;
  historique(rang: number): number;
}

/** A stored file every attachment record of the dataset points to (file store key, hash, bytes). */
export type Fichier = FichierStocke;

/** What the generation of one company's rows shares. */
export interface ContexteSociete {
  plan: Plan;
  referentiel: Referentiel;
  numerotation: Numerotation;
  fichiers: { document: Fichier; attestation: Fichier };
  hasard: Hasard;
  societe: SocietePlan;
  equipe: EquipePlan;
  lot: Lot;
  compteurs: { pieces: number; etablissements: number };
  /** SIRETs of the company already in `lot.registre_etablissement` (one registry row each). */
  siretsRegistre: Set<string>;
  /** Rank of the first history row of each request of the plan. */
  premierHistorique: number[];
}

/** "MAR-2025-000123": the file number of a deposited request. */
export function numeroDossier(contexte: ContexteSociete, dossier: DossierPlan): string | null {
  if (dossier.ordinalNumero === null) return null;
  const numero = contexte.numerotation.dossier(dossier.ordinalNumero);
  return `MAR-${jourParis(dossier.chronologie.dateDepot!).slice(0, 4)}-${String(numero).padStart(6, "0")}`;
}

/** "AGR-MAR-2025-000045": the number of the approval granted on `dossier`. */
export function numeroAgrement(contexte: ContexteSociete, dossier: DossierPlan): string {
  const { agrement } = dossier;
  const numero = contexte.numerotation.agrement(agrement!.ordinal);
  return `AGR-MAR-${jourParis(agrement!.dateOctroi).slice(0, 4)}-${String(numero).padStart(6, "0")}`;
}

/**
 * Adds an attachment record (the stored `fichier`, PDF) to the lot and
 * returns its id. `nom` defaults to a file name usual for the rubric.
 */
export function piece(
  contexte: ContexteSociete,
  valeurs: {
    ressourceType: "demande" | "changement-notable" | "agrement";
    ressourceId: string;
    rubrique: string;
    nom?: string;
    deposeParId: string | null;
    historiqueId?: number | null;
    date: number;
    fichier?: Fichier;
  },
): string {
  const id = uuidEchelle("piece_jointe", contexte.compteurs.pieces++);
  const fichier = valeurs.fichier ?? contexte.fichiers.document;
  const noms = NOMS_FICHIERS[valeurs.rubrique];
  contexte.lot.piece_jointe.push({
    id,
    ressourceType: valeurs.ressourceType,
    ressourceId: valeurs.ressourceId,
    rubrique: valeurs.rubrique,
    nom: valeurs.nom ?? (noms ? contexte.hasard.choix(noms) : `${valeurs.rubrique}.pdf`),
    mimeType: "application/pdf",
    taille: fichier.taille,
    sha256: fichier.sha256,
    cle: fichier.cle,
    deposeParId: valeurs.deposeParId,
    historiqueId: valeurs.historiqueId ?? null,
    dateCreation: new Date(valeurs.date),
  });
  return id;
}
