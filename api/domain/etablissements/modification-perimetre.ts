/**
 * Updating the intervention perimeter of a referenced establishment (spec
 * §5: referencing data cannot be edited afterwards, except the perimeter;
 * §7 POST /api/etablissement/{id}/update-perimetre). The new perimeter is
 * not empty (the form's rule) and lies inside the approval's, which must be
 * en_cours; the update and its history row MODIFIER_PERIMETRE_ETABLISSEMENT
 * (the former and new perimeters in `donnees`) commit together.
 */
import { eq } from "drizzle-orm";
import type {
  Etablissement,
  PerimetreEtablissementForm,
} from "../../../contract/schemas/etablissement.ts";
import type { Database } from "../../db/client.ts";
import { etablissements, historique } from "../../db/schema.ts";
import { conflit, interdit, invalide } from "../erreurs.ts";
import type { Horloge } from "../horloge.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import {
  MESSAGE_PERIMETRE_AGREMENT_NON_EN_COURS,
  chargerEtablissementDuDemandeur,
} from "./acces.ts";
import { versEtablissement } from "./dto.ts";
import { dedoublonner, horsPerimetreAgrement } from "./perimetre-agrement.ts";

/** History action of a perimeter update. */
export const ACTION_MODIFIER_PERIMETRE = "MODIFIER_PERIMETRE_ETABLISSEMENT";
/** Why, as its history row says it. */
export const MOTIF_MODIFICATION_PERIMETRE =
  "Périmètre d'intervention modifié par la structure agréée.";
/** 409 message: the establishment is no longer referenced. */
export const MESSAGE_DEREFERENCE =
  "L'établissement n'est plus référencé : son périmètre ne peut plus être modifié.";

/**
 * Sets the perimeter of establishment `id` of `utilisateur`'s company to
 * `saisie` and returns it. Errors: 404 (not his company's), 403 (approval
 * not en_cours), 409 (dereferenced), 422 on the levels outside the approval.
 */
export async function modifierPerimetre(
  deps: { database: Database; horloge: Horloge },
  utilisateur: UtilisateurConnecte,
  id: string,
  saisie: PerimetreEtablissementForm,
): Promise<Etablissement> {
  const { database, horloge } = deps;
  const perimetre = dedoublonner(saisie);
  const resultat = await database.db.transaction(async (tx) => {
    const { etablissement, agrement } = await chargerEtablissementDuDemandeur(tx, utilisateur, id);
    if (agrement.etat !== "en_cours") throw interdit(MESSAGE_PERIMETRE_AGREMENT_NON_EN_COURS);
    if (!etablissement.referencee) throw conflit(MESSAGE_DEREFERENCE);
    const erreurs = await horsPerimetreAgrement(tx, perimetre, agrement.perimetre);
    if (Object.keys(erreurs).length > 0)
      throw invalide(Object.values(erreurs).flat().join("\n"), { champs: erreurs });
    const maintenant = horloge.now();
    const [modifie] = await tx
      .update(etablissements)
      .set({ perimetre, dateModification: maintenant })
      .where(eq(etablissements.id, etablissement.id))
      .returning();
    await tx.insert(historique).values({
      ressourceType: "etablissement",
      ressourceId: etablissement.id,
      action: ACTION_MODIFIER_PERIMETRE,
      acteurId: utilisateur.row.id,
      acteurRole: "demandeur",
      commentaire: MOTIF_MODIFICATION_PERIMETRE,
      donnees: { agrementId: agrement.id, avant: etablissement.perimetre, apres: perimetre },
      date: maintenant,
    });
    return { modifie, numero: agrement.numeroAgrement };
  });
  return versEtablissement(database, resultat.modifie, resultat.numero);
}
