/**
 * MODIFIER_AGREMENT (DESIGN §3, spec §4 approval-level actions): the
 * superviseur changes the perimeter an approval grants; a new certificate
 * replaces the current one and the applicant is invited to see it
 * (agrement_modifie_en_attente, then VISUALISER_RESULTAT → agree).
 */
import { eq, sql } from "drizzle-orm";
import type { Etape2 } from "../../../contract/schemas/demande.ts";
import { agrements, demandes } from "../../db/schema.ts";
import { emettreAttestation } from "../agrements.ts";
import { restreindreEtablissements } from "../etablissements/regles.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { acteurDe, etatApres, lireFormulaire } from "./ecriture-action.ts";
import { erreursDeChamps } from "./erreurs.ts";
import { verifierEtape2 } from "./etapes.ts";
import { ecrireTransition } from "./transition.ts";
import { conflit } from "../erreurs.ts";

/** A granted perimeter: codes by level. */
type Perimetre = { regions: string[]; departements: string[]; epcis: string[]; communes: string[] };

export const MESSAGES_MODIFICATION_AGREMENT = {
  sansAgrement: "Ce dossier ne porte aucun agrément à modifier.",
  inchange:
    "Le périmètre saisi est celui que l'agrément accorde déjà : modifiez au moins une zone.",
} as const;

/** Whether two perimeters name the same zones (order aside). */
function memePerimetre(a: Perimetre, b: Perimetre): boolean {
  const egal = (x: string[], y: string[]) =>
    x.length === y.length && [...x].sort().join() === [...y].sort().join();
  return (
    egal(a.regions, b.regions) &&
    egal(a.departements, b.departements) &&
    egal(a.epcis, b.epcis) &&
    egal(a.communes, b.communes)
  );
}

/**
 * Superviseur, agree → agrement_modifie_en_attente. Input: `regions`,
 * `departements`, `epcis`, `communes` (codes, repeated `key[]`; at least
 * one zone) and `commentaire` (required), checked like step 2's perimeter
 * (unknown codes → 422 on their field, départements of a chosen région
 * dropped, communes inside the chosen zones); 422 on `regions` when the
 * perimeter is the one already granted. One transaction guarded by the
 * request's version: the history row (perimeter before and after), the
 * approval's new perimeter (validity unchanged), a new certificate as the
 * current attestation (the previous one kept, no longer current) and as
 * the request's decision document, and the establishments' perimeters
 * narrowed to the new one (spec §4; emptied ones dereferenced).
 */
export async function modifierAgrement(contexte: ContexteAction): Promise<void> {
  const { commentaire, ...saisie } = lireFormulaire(contexte, "MODIFIER_AGREMENT");
  const { demande, maintenant, deps } = contexte;
  if (!demande.agrementId) throw conflit(MESSAGES_MODIFICATION_AGREMENT.sansAgrement);
  const verifie = await verifierEtape2(deps.database, { ...saisie } as Etape2);
  const perimetre: Perimetre = {
    regions: verifie.regions,
    departements: verifie.departements,
    epcis: verifie.epcis,
    communes: verifie.communes,
  };
  const [actuel] = await deps.database.db
    .select()
    .from(agrements)
    .where(eq(agrements.id, demande.agrementId));
  if (!actuel) throw conflit(MESSAGES_MODIFICATION_AGREMENT.sansAgrement);
  if (memePerimetre(actuel.perimetre, perimetre))
    throw erreursDeChamps({ regions: [MESSAGES_MODIFICATION_AGREMENT.inchange] });
  await deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "MODIFIER_AGREMENT",
      etatApres: etatApres(contexte),
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { agrementId: actuel.id, perimetreAvant: actuel.perimetre, perimetre },
    });
    const [modifie] = await tx
      .update(agrements)
      .set({ perimetre, version: sql`${agrements.version} + 1`, dateModification: maintenant })
      .where(eq(agrements.id, actuel.id))
      .returning();
    const attestation = await emettreAttestation(tx, deps.fichiers, demande, modifie, {
      historiqueId,
      maintenant,
    });
    await tx
      .update(demandes)
      .set({ decisionPieceJointeId: attestation.id })
      .where(eq(demandes.id, demande.id));
    // Spec §4: the establishments keep only what the new perimeter covers;
    // one left with no zone is dereferenced.
    await restreindreEtablissements(tx, {
      agrementId: actuel.id,
      accorde: perimetre,
      acteur: acteurDe(contexte),
      maintenant,
    });
  });
}
