/**
 * Supplements (DESIGN §3, §5): after completeness the instructeur may ask
 * for more documents by a deadline, the clock stopped meanwhile; the
 * applicant answers a completeness or supplement request with files
 * (DONNER_COMPLEMENT, spec §7 `fichier`, `fichier1`…) and the clock
 * restarts.
 */
import { MESSAGES_PJ } from "../../../contract/pieces-jointes.ts";
import { MESSAGES_INSTRUCTION } from "../../../contract/schemas/instruction.ts";
import type { ContexteAction } from "./contexte-action.ts";
import {
  acteurDe,
  ajouterInfoComplementaire,
  etatApres,
  lireFormulaire,
  repondreInfosEnAttente,
} from "./ecriture-action.ts";
import { enregistrerFichiersAction, verifierFichiersAction } from "./fichiers-action.ts";
import { reprendreDelai, suspendreDelai } from "./suspension.ts";
import { ecrireTransition } from "./transition.ts";

/** Rubric of the files an applicant sends in answer (spec §3 `pj_add`). */
export const RUBRIQUE_COMPLEMENT = "pj_add";

/**
 * DEMANDER_COMPLEMENT (complete, complete_sans_crhh, instruite_crhh →
 * `…_complement_demande`): `commentaire` and `dateEcheance` (a date after
 * today, Europe/Paris; "JJ/MM/AAAA" or "AAAA-MM-JJ") required, 422 on the
 * field otherwise and nothing saved. Suspends the clock, sets the
 * deadline, clears the answer flag, records an info_complementaire
 * `complement`.
 */
export async function demanderComplement(contexte: ContexteAction): Promise<void> {
  const { commentaire, dateEcheance } = lireFormulaire(contexte, "DEMANDER_COMPLEMENT");
  const { demande, maintenant } = contexte;
  await contexte.deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "DEMANDER_COMPLEMENT",
      etatApres: etatApres(contexte),
      changements: { ...suspendreDelai(demande, maintenant), dateEcheance, complement: null },
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { dateEcheance },
    });
    await ajouterInfoComplementaire(tx, demande, {
      infoType: "complement",
      raison: commentaire,
      dateEcheance,
      historiqueId,
      date: maintenant,
    });
  });
}

/**
 * DONNER_COMPLEMENT (incomplete → affectee; `…_complement_demande` →
 * `…_complement_recu`), by the applicant: at least one file among the
 * multipart fields `fichier`, `fichier1`… (422 `errors.fichier` "Veuillez
 * joindre au moins un fichier." otherwise), each PDF, PNG, JPEG or ZIP by
 * its bytes (one refused file refuses the whole action: 422, nothing
 * saved); optional `commentaire`. In one transaction: the files become
 * `pj_add` attachments linked to the history row; the clock restarts with
 * its last day pushed back by the days it was suspended
 * (suspension.ts); the deadline is cleared; `complement` =
 * complement_demande_depose; the pending requests get their answer date.
 */
export async function donnerComplement(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "DONNER_COMPLEMENT");
  const { demande, maintenant, deps } = contexte;
  const fichiers = await verifierFichiersAction(contexte.fichiers, {
    requis: true,
    messageRequis: MESSAGES_INSTRUCTION.fichierRequis,
    max: deps.config.uploadMaxFichiers,
    messageMax: MESSAGES_PJ.trop,
  });
  const reprise = reprendreDelai(demande, maintenant);
  await deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "DONNER_COMPLEMENT",
      etatApres: etatApres(contexte),
      changements: {
        ...reprise.changements,
        dateEcheance: null,
        complement: "complement_demande_depose",
      },
      acteur: acteurDe(contexte),
      maintenant,
      commentaire: commentaire ?? null,
      donnees: {
        fichiers: fichiers.map(({ fichier }) => fichier.originalname),
        joursSuspendus: reprise.joursSuspendus,
        dateLimiteInstruction: reprise.changements.dateLimiteInstruction,
      },
    });
    await enregistrerFichiersAction(tx, deps.fichiers, demande, fichiers, {
      rubrique: RUBRIQUE_COMPLEMENT,
      deposeParId: contexte.utilisateur.row.id,
      historiqueId,
      date: maintenant,
    });
    await repondreInfosEnAttente(tx, demande, maintenant);
  });
}
