/**
 * Annulment of a tacit acceptance (DESIGN §3 notable changes:
 * DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE; ADR 0021): the
 * superviseur takes back a perimeter extension accepted by silence; the
 * approval's former perimeter comes back and the establishments outside it
 * are narrowed or dereferenced, all in one transaction.
 */
import { eq, sql } from "drizzle-orm";
import { agrements } from "../../db/schema.ts";
import { fichierAvis } from "../demandes/avis.ts";
import type { ContexteAction } from "../demandes/contexte-action.ts";
import {
  acteurDe,
  ajouterInfoComplementaire,
  etatApres,
  lireFormulaire,
} from "../demandes/ecriture-action.ts";
import { enregistrerFichiersAction } from "../demandes/fichiers-action.ts";
import { ecrireTransition } from "../demandes/transition.ts";
import { conflit } from "../erreurs.ts";
import { restreindreEtablissements } from "../etablissements/regles.ts";
import { agrementEtendu, contenuExtension } from "./effets-extension.ts";

/** Rubric of the file that may go with the annulment's grounds. */
export const RUBRIQUE_ANNULATION_EXTENSION = "pj_annulation_extension";

/** 409 when the extension kept no former perimeter (it was never applied). */
export const MESSAGE_SANS_PERIMETRE_AVANT =
  "Le périmètre antérieur à l'extension n'est pas connu : l'accord tacite ne peut pas être annulé.";

/**
 * Superviseur, accordee_tacitement → annulee. Input: `commentaire` (the
 * grounds, required) and an optional single file `fichier`. One
 * transaction guarded by the extension's version: the history row (grounds,
 * perimeters before and after in `donnees`), the file if any, `motifAnnulation`, an info `annulation`,
 * the approval's perimeter back to `contenu.perimetreAvant`, and the
 * establishments restricted to it (`restreindreEtablissements`: narrowed,
 * or dereferenced when nothing is left). 409 when no former perimeter was
 * kept or the approval is gone.
 */
export async function deposerProcedureAnnulationExtension(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(
    contexte,
    "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
  );
  const fichier = await fichierAvis(contexte);
  const { demande, maintenant, deps } = contexte;
  const perimetreAvant = contenuExtension(demande).perimetreAvant;
  if (!perimetreAvant) throw conflit(MESSAGE_SANS_PERIMETRE_AVANT);
  const acteur = acteurDe(contexte);
  await deps.database.db.transaction(async (tx) => {
    const agrement = await agrementEtendu(tx, demande);
    const { demande: annulee, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
      etatApres: etatApres(contexte),
      changements: { motifAnnulation: commentaire },
      acteur,
      maintenant,
      commentaire,
      donnees: { agrementId: agrement.id, perimetre: agrement.perimetre, perimetreAvant },
    });
    if (fichier)
      await enregistrerFichiersAction(tx, deps.fichiers, annulee, [fichier], {
        rubrique: RUBRIQUE_ANNULATION_EXTENSION,
        deposeParId: acteur.id,
        historiqueId,
        date: maintenant,
      });
    await ajouterInfoComplementaire(tx, annulee, {
      infoType: "annulation",
      raison: commentaire,
      historiqueId,
      date: maintenant,
    });
    await tx
      .update(agrements)
      .set({
        perimetre: perimetreAvant,
        version: sql`${agrements.version} + 1`,
        dateModification: maintenant,
      })
      .where(eq(agrements.id, agrement.id));
    // Spec §4 (as MODIFIER_AGREMENT): establishments keep only what the restored perimeter covers.
    await restreindreEtablissements(tx, {
      agrementId: agrement.id,
      accorde: perimetreAvant,
      acteur,
      maintenant,
    });
  });
}
