/**
 * Return to edition (DESIGN §3): the instructeur hands a deposited request
 * back to its applicant, who edits steps 1–3 again (the draft rules of
 * ETATS_MODIFIABLES_DEMANDEUR) and deposits it anew; the clock stands still
 * meanwhile.
 */
import type { ContexteAction } from "./contexte-action.ts";
import { planifierRecapitulatif, verifierDeposable } from "./depot.ts";
import {
  acteurDe,
  ajouterInfoComplementaire,
  etatApres,
  lireFormulaire,
  repondreInfosEnAttente,
} from "./ecriture-action.ts";
import { reprendreDelai, suspendreDelai } from "./suspension.ts";
import { ecrireTransition } from "./transition.ts";

/**
 * RETOURNER_EN_EDITION (affectee, refus_refuse → en_edition): `commentaire`
 * required (what to correct; 422 otherwise, nothing saved); suspends the
 * clock; records an info_complementaire `edition` with the reason.
 */
export async function retournerEnEdition(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "RETOURNER_EN_EDITION");
  const { demande, maintenant } = contexte;
  await contexte.deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "RETOURNER_EN_EDITION",
      etatApres: etatApres(contexte),
      changements: suspendreDelai(demande, maintenant),
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
    });
    await ajouterInfoComplementaire(tx, demande, {
      infoType: "edition",
      raison: commentaire,
      historiqueId,
      date: maintenant,
    });
  });
}

/**
 * DEPOSER_EN_EDITION (en_edition → affectee), by the applicant, guard
 * `deposable`: 422 `{ detail, manquants }` while `canBe/depose` lists
 * anything missing. Otherwise restarts the clock (last day pushed back by
 * the suspended days), answers the edition request, writes the history
 * row, and a new recap and synthesis PDF of the edited request as
 * post-commit work (the newest `pj_recap_demande` and `synthese_demande` are
 * the current ones; the deposit's stay as filed).
 */
export async function deposerEnEdition(contexte: ContexteAction): Promise<void> {
  lireFormulaire(contexte, "DEPOSER_EN_EDITION");
  const { deps, demande, maintenant } = contexte;
  await verifierDeposable(deps, demande);
  const reprise = reprendreDelai(demande, maintenant);
  await deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "DEPOSER_EN_EDITION",
      etatApres: etatApres(contexte),
      changements: reprise.changements,
      acteur: acteurDe(contexte),
      maintenant,
      donnees: {
        joursSuspendus: reprise.joursSuspendus,
        dateLimiteInstruction: reprise.changements.dateLimiteInstruction,
      },
    });
    await repondreInfosEnAttente(tx, demande, maintenant);
    await planifierRecapitulatif(tx, {
      demandeId: demande.id,
      historiqueId,
      utilisateurId: contexte.utilisateur.row.id,
      maintenant,
    });
  });
}
