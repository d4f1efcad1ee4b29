/**
 * Completeness of a deposited request (DESIGN §3, §5; arrêté art. 5): the
 * instructeur asks for missing documents within one month, the clock
 * stopped meanwhile, or confirms the file complete, with or without
 * consulting the CRHH.
 */
import { echeanceCompletude } from "../../../contract/delais.ts";
import type { ContexteAction } from "./contexte-action.ts";
import {
  acteurDe,
  ajouterInfoComplementaire,
  etatApres,
  lireFormulaire,
} from "./ecriture-action.ts";
import { suspendreDelai } from "./suspension.ts";
import { ecrireTransition } from "./transition.ts";

/**
 * DEMANDER_COMPLEMENT_COMPLETUDE (affectee, refus_refuse → incomplete):
 * `commentaire` required (422 otherwise, nothing saved) and sent to the
 * applicant as the reason; `dateEcheance` = `echeanceCompletude`
 * (contract/delais.ts: one calendar month);
 * the instruction clock is suspended; any earlier answer flag is cleared
 * (`complement` null); an info_complementaire `complement_completude` with
 * the reason and the deadline is recorded with the history row.
 */
export async function demanderComplementCompletude(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "DEMANDER_COMPLEMENT_COMPLETUDE");
  const { demande, maintenant } = contexte;
  const dateEcheance = echeanceCompletude(maintenant);
  await contexte.deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "DEMANDER_COMPLEMENT_COMPLETUDE",
      etatApres: etatApres(contexte),
      changements: { ...suspendreDelai(demande, maintenant), dateEcheance, complement: null },
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { dateEcheance },
    });
    await ajouterInfoComplementaire(tx, demande, {
      infoType: "complement_completude",
      raison: commentaire,
      dateEcheance,
      historiqueId,
      date: maintenant,
    });
  });
}

/**
 * CONFIRMER_COMPLETUDE (affectee, refus_refuse): `consultationCrhh` "oui"
 * → complete (the CRHH gives its opinion next), "non" → complete_sans_crhh
 * (422 on `consultationCrhh` without a choice); optional comment; history
 * row with the choice.
 */
export async function confirmerCompletude(contexte: ContexteAction): Promise<void> {
  const { consultationCrhh, commentaire } = lireFormulaire(contexte, "CONFIRMER_COMPLETUDE");
  await contexte.deps.database.db.transaction((tx) =>
    ecrireTransition(tx, {
      demande: contexte.demande,
      action: "CONFIRMER_COMPLETUDE",
      etatApres: etatApres(
        contexte,
        consultationCrhh === "oui" ? "complete" : "complete_sans_crhh",
      ),
      acteur: acteurDe(contexte),
      maintenant: contexte.maintenant,
      commentaire: commentaire ?? null,
      donnees: { consultationCrhh },
    }),
  );
}
