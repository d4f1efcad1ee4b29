/**
 * Executes one row of the transition table (DESIGN §3): an atomic UPDATE
 * guarded by the state and version the actor saw, its history row and the
 * mails it brings (as post-commit work, ADR 0011), in the same transaction.
 * Two actors at once: one wins, the other gets 409.
 */
import { and, eq, sql } from "drizzle-orm";
import type { ActionDemande, EtatDemande } from "../../../contract/etats.ts";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { demandes, historique } from "../../db/schema.ts";
import { conflit } from "../erreurs.ts";
import type { DemandeRow } from "../acces.ts";
import { planifierNotification } from "../notifications.ts";

/** Spec-facing message of a stale version (DESIGN §3). */
export const MESSAGE_VERSION_PERIMEE =
  "Ce dossier a été modifié entre-temps. La page a été rechargée avec son état actuel.";

export interface EcritureTransition {
  /** The request as the actor saw it: its `etat` and `version` guard the update. */
  demande: Pick<DemandeRow, "id" | "etat" | "version" | "kind">;
  action: ActionDemande;
  etatApres: EtatDemande;
  /** Other columns to write with the new state. */
  changements?: PgUpdateSetSource<typeof demandes>;
  acteur: { id: string | null; role: string };
  maintenant: Date;
  commentaire?: string | null;
  donnees?: Record<string, unknown> | null;
  /** 409 message when another write got there first. */
  messageConflit?: string;
}

/**
 * Inside `tx`: moves `demande` to `etatApres` only if it is still in the
 * state and version the actor saw (bumping the version and modification
 * date), then writes the history row and, when the action mails someone
 * (api/domain/notifications.ts), the notification's post-commit work: the
 * mails go out once the transaction commits, and only then. Throws 409
 * otherwise. Returns the updated row and the history row's id (for
 * attachments brought by the action).
 */
export async function ecrireTransition(
  tx: Db,
  ecriture: EcritureTransition,
): Promise<{ demande: DemandeRow; historiqueId: number }> {
  const { demande, maintenant } = ecriture;
  const [apres] = await tx
    .update(demandes)
    .set({
      ...ecriture.changements,
      etat: ecriture.etatApres,
      version: sql`${demandes.version} + 1`,
      dateModification: maintenant,
    })
    .where(
      and(
        eq(demandes.id, demande.id),
        eq(demandes.etat, demande.etat),
        eq(demandes.version, demande.version),
      ),
    )
    .returning();
  if (!apres) throw conflit(ecriture.messageConflit ?? MESSAGE_VERSION_PERIMEE);
  const [entree] = await tx
    .insert(historique)
    .values({
      ressourceType: demande.kind,
      ressourceId: demande.id,
      action: ecriture.action,
      etatAvant: demande.etat,
      etatApres: ecriture.etatApres,
      acteurId: ecriture.acteur.id,
      acteurRole: ecriture.acteur.role,
      commentaire: ecriture.commentaire ?? null,
      donnees: ecriture.donnees ?? null,
      date: maintenant,
    })
    .returning({ id: historique.id });
  await planifierNotification(
    tx,
    {
      type: "transition",
      demande: apres,
      action: ecriture.action,
      acteurId: ecriture.acteur.id,
      commentaire: ecriture.commentaire ?? null,
    },
    maintenant,
  );
  return { demande: apres, historiqueId: entree.id };
}
