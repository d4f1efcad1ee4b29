/**
 * CREER_EXTENSION_PERIMETRE (spec §4 approval-level actions, §6 flag
 * `creation_extension_perimetre`; DESIGN §3 notable changes; ADR 0020): the
 * applicant of a company holding an approval en_cours opens the draft of a
 * perimeter extension of that approval.
 */
import { eq, sql } from "drizzle-orm";
import { TYPE_EXTENSION_PERIMETRE } from "../../../contract/schemas/changement-notable.ts";
import type { Database } from "../../db/client.ts";
import { agrements, demandes, historique, societes } from "../../db/schema.ts";
import type { DemandeRow } from "../acces.ts";
import { interdit } from "../erreurs.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import {
  RAISONS_CHANGEMENT_IMPOSSIBLE,
  peutCreerChangementNotable,
} from "../demandes/creation-changement.ts";

type AgrementRow = typeof agrements.$inferSelect;

/**
 * Creates the brouillon of a perimeter extension of `agrement` for
 * `utilisateur` at `maintenant`, with its CREER_EXTENSION_PERIMETRE history
 * row (etatAvant null → brouillon), in one transaction. Company, service
 * instructeur, head office (département, région), company name and quality
 * are copied from the approval; nothing is saved in the steps yet.
 * 403 (`interdit`, French reason of `peutCreerChangementNotable`) when the
 * caller is not an applicant of the approval's company, when the approval
 * is not en_cours, when the flag is off, or when the company already has a
 * notable change in progress — checked again under a per-company lock, so
 * that two tabs cannot create two. Returns the new row.
 */
export async function creerExtensionPerimetre(
  database: Database,
  utilisateur: UtilisateurConnecte,
  agrement: AgrementRow,
  maintenant: Date,
): Promise<DemandeRow> {
  if (!utilisateur.roles.includes("demandeur") || utilisateur.row.societeId !== agrement.societeId)
    throw interdit();
  if (agrement.etat !== "en_cours") throw interdit(RAISONS_CHANGEMENT_IMPOSSIBLE.sansAgrement);
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`changement-notable:${agrement.societeId}`}))`,
    );
    const verdict = await peutCreerChangementNotable({ ...database, db: tx }, utilisateur);
    if (!verdict.can) throw interdit(verdict.raison);
    const [societe] = await tx.select().from(societes).where(eq(societes.id, agrement.societeId));
    const [creee] = await tx
      .insert(demandes)
      .values({
        kind: "changement-notable",
        typeChangement: TYPE_EXTENSION_PERIMETRE,
        agrementId: agrement.id,
        societeId: agrement.societeId,
        demandeurId: utilisateur.row.id,
        etat: "brouillon",
        contenu: { extension: {} },
        etapesEnregistrees: [],
        raisonSociale: societe?.raisonSociale ?? agrement.raisonSociale,
        siren: societe?.siren ?? null,
        qualite: agrement.qualite,
        codeDepartement: agrement.codeDepartement,
        codeRegion: agrement.codeRegion,
        serviceInstructeurId: agrement.serviceInstructeurId,
        dateCreation: maintenant,
        dateModification: maintenant,
      })
      .returning();
    await tx.insert(historique).values({
      ressourceType: creee.kind,
      ressourceId: creee.id,
      action: "CREER_EXTENSION_PERIMETRE",
      etatAvant: null,
      etatApres: "brouillon",
      acteurId: utilisateur.row.id,
      acteurRole: "demandeur",
      date: maintenant,
    });
    return creee;
  });
}
