/**
 * What a perimeter extension does to its approval (DESIGN §3 notable
 * changes; ADR 0021), shared by the decision EXTENSION_PERIMETRE_VALIDE,
 * the tacit acceptance and its annulment: the perimeter asked for, the
 * approval's perimeter grown by it (the former one kept in
 * `contenu.perimetreAvant` of the extension), and the addressee and
 * references of the extension's documents.
 */
import { eq, sql } from "drizzle-orm";
import type { PerimetreExtension } from "../../../contract/schemas/changement-notable.ts";
import type { Db } from "../../db/client.ts";
import { agrements, demandes } from "../../db/schema.ts";
import type { DestinataireCourrier, ReferencesDossier } from "../../pdf/courrier.ts";
import type { DemandeRow } from "../acces.ts";
import type { AgrementRow } from "../agrements.ts";
import { conflit } from "../erreurs.ts";
import { destinataireEtReferences } from "../demandes/documents-decision.ts";

/** An approval's perimeter by codes (`agrement.perimetre`). */
export interface PerimetreAgrement {
  regions: string[];
  departements: string[];
  epcis: string[];
  communes: string[];
}

/** 409 when the extension names no approval, or an approval that no longer exists. */
export const MESSAGE_EXTENSION_SANS_AGREMENT =
  "Cette extension ne porte sur aucun agrément : son périmètre ne peut pas être appliqué.";

const NIVEAUX = ["regions", "departements", "epcis", "communes"] as const;

/** `contenu` of an extension as this module reads and writes it. */
export interface ContenuExtensionStocke {
  extension?: { perimetre?: Partial<PerimetreExtension> };
  /** The approval's perimeter before the extension was applied (ADR 0021). */
  perimetreAvant?: PerimetreAgrement;
  [cle: string]: unknown;
}

/** `contenu` of `extension`, typed. */
export function contenuExtension(extension: Pick<DemandeRow, "contenu">): ContenuExtensionStocke {
  return (extension.contenu ?? {}) as ContenuExtensionStocke;
}

/** The perimeter the extension asks to add (`contenu.extension.perimetre`), every level present. */
export function perimetreDemande(extension: Pick<DemandeRow, "contenu">): PerimetreAgrement {
  const perimetre = contenuExtension(extension).extension?.perimetre ?? {};
  return {
    regions: [...(perimetre.regions ?? [])],
    departements: [...(perimetre.departements ?? [])],
    epcis: [...(perimetre.epcis ?? [])],
    communes: [...(perimetre.communes ?? [])],
  };
}

/** `avant` plus `ajout`, level by level, each code once, `avant`'s order first. */
export function unionPerimetres(
  avant: PerimetreAgrement,
  ajout: PerimetreAgrement,
): PerimetreAgrement {
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    regions: union(avant.regions, ajout.regions),
    departements: union(avant.departements, ajout.departements),
    epcis: union(avant.epcis, ajout.epcis),
    communes: union(avant.communes, ajout.communes),
  };
}

/** Inside `tx`: the approval the extension extends, locked for the rest of the transaction. 409 without one. */
export async function agrementEtendu(tx: Db, extension: DemandeRow): Promise<AgrementRow> {
  if (!extension.agrementId) throw conflit(MESSAGE_EXTENSION_SANS_AGREMENT);
  const [agrement] = await tx
    .select()
    .from(agrements)
    .where(eq(agrements.id, extension.agrementId))
    .for("update");
  if (!agrement) throw conflit(MESSAGE_EXTENSION_SANS_AGREMENT);
  return agrement;
}

/**
 * Inside `tx`: grows the perimeter of `agrement` by the one `extension`
 * asks for (union, no duplicate), bumps the approval's version, and keeps
 * the former perimeter in the extension's `contenu.perimetreAvant`.
 * Returns the approval after and the former perimeter.
 */
export async function etendrePerimetre(
  tx: Db,
  extension: DemandeRow,
  agrement: AgrementRow,
  maintenant: Date,
): Promise<{ agrement: AgrementRow; perimetreAvant: PerimetreAgrement }> {
  const perimetreAvant: PerimetreAgrement = {
    regions: [...agrement.perimetre.regions],
    departements: [...agrement.perimetre.departements],
    epcis: [...agrement.perimetre.epcis],
    communes: [...agrement.perimetre.communes],
  };
  const perimetre = unionPerimetres(perimetreAvant, perimetreDemande(extension));
  const [etendu] = await tx
    .update(agrements)
    .set({ perimetre, version: sql`${agrements.version} + 1`, dateModification: maintenant })
    .where(eq(agrements.id, agrement.id))
    .returning();
  await tx
    .update(demandes)
    .set({ contenu: { ...contenuExtension(extension), perimetreAvant } })
    .where(eq(demandes.id, extension.id));
  return { agrement: etendu, perimetreAvant };
}

/** Whether two perimeters hold the same codes at every level (order aside). */
export function memesZones(a: PerimetreAgrement, b: PerimetreAgrement): boolean {
  return NIVEAUX.every((niveau) => [...a[niveau]].sort().join() === [...b[niveau]].sort().join());
}

/**
 * Inside `tx`: the request the approval was granted on (its step 1 holds
 * the company's head office), or null when it is gone.
 */
export async function demandeOrigine(tx: Db, agrement: AgrementRow): Promise<DemandeRow | null> {
  if (!agrement.demandeId) return null;
  const [row] = await tx.select().from(demandes).where(eq(demandes.id, agrement.demandeId));
  return row ?? null;
}

/**
 * Inside `tx`: who the extension's documents go to (the company and its
 * head office, read from the approval's own request, the extension having
 * no step 1) and the extension's references (its number, deposit date,
 * service instructeur).
 */
export async function destinataireExtension(
  tx: Db,
  extension: DemandeRow,
  agrement: AgrementRow,
): Promise<{ destinataire: DestinataireCourrier; dossier: ReferencesDossier }> {
  const { dossier, destinataire: duDossier } = await destinataireEtReferences(tx, extension);
  const origine = await demandeOrigine(tx, agrement);
  const destinataire = origine
    ? (await destinataireEtReferences(tx, origine)).destinataire
    : duDossier;
  return {
    destinataire: {
      ...destinataire,
      raisonSociale: extension.raisonSociale ?? destinataire.raisonSociale,
      siren: extension.siren ?? destinataire.siren,
    },
    dossier,
  };
}
