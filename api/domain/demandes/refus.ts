/**
 * Refusal before the opinions are all in (DESIGN §3): the instructeur
 * proposes it, the superviseur confirms or dismisses the proposal, the
 * instructeur then writes the grounds and the refusal letter goes out.
 */
import type { ContexteAction } from "./contexte-action.ts";
import { enregistrerAvis } from "./avis.ts";
import { consignerRefus } from "./decision.ts";
import { acteurDe, etatApres, lireFormulaire } from "./ecriture-action.ts";
import { reprendreDelai } from "./suspension.ts";
import { ecrireTransition } from "./transition.ts";

/**
 * PROPOSER_REFUS_DEMANDE (instructeur, any open instruction state →
 * refus_en_attente): `commentaire` required (422 otherwise, nothing
 * saved), recorded as an avis_instructeur `proposition_refus`. A pending
 * completeness, supplement or edition request is over: the clock restarts
 * (pushed back by the suspended days) and its deadline is cleared.
 */
export async function proposerRefus(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "PROPOSER_REFUS_DEMANDE");
  const { demande, maintenant, deps } = contexte;
  const reprise = reprendreDelai(demande, maintenant);
  await deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "PROPOSER_REFUS_DEMANDE",
      etatApres: etatApres(contexte),
      changements: { ...reprise.changements, dateEcheance: null },
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { typeAvis: "avis_instructeur", avis: "proposition_refus" },
    });
    await enregistrerAvis(tx, deps.fichiers, demande, {
      typeAvis: "avis_instructeur",
      valeur: "proposition_refus",
      commentaire,
      auteurId: contexte.utilisateur.row.id,
      historiqueId,
      date: maintenant,
    });
  });
}

/**
 * CONFIRMER_REFUS (superviseur, refus_en_attente → refus_confirme):
 * optional comment, recorded as an avis_superviseur `refus_confirme`.
 */
export async function confirmerRefus(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "CONFIRMER_REFUS");
  const { demande, maintenant, deps } = contexte;
  await deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "CONFIRMER_REFUS",
      etatApres: etatApres(contexte),
      acteur: acteurDe(contexte),
      maintenant,
      commentaire: commentaire ?? null,
      donnees: { typeAvis: "avis_superviseur", avis: "refus_confirme" },
    });
    await enregistrerAvis(tx, deps.fichiers, demande, {
      typeAvis: "avis_superviseur",
      valeur: "refus_confirme",
      commentaire: commentaire ?? null,
      auteurId: contexte.utilisateur.row.id,
      historiqueId,
      date: maintenant,
    });
  });
}

/**
 * REFUSER_REFUS (superviseur, refus_en_attente → refus_refuse):
 * `commentaire` required (why the proposal is dismissed); instruction
 * resumes where it was checked (refus_refuse offers the actions of affectee).
 */
export async function refuserRefus(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "REFUSER_REFUS");
  await contexte.deps.database.db.transaction((tx) =>
    ecrireTransition(tx, {
      demande: contexte.demande,
      action: "REFUSER_REFUS",
      etatApres: etatApres(contexte),
      acteur: acteurDe(contexte),
      maintenant: contexte.maintenant,
      commentaire,
    }),
  );
}

/**
 * MOTIVER_REFUS (instructeur, refus_confirme → refusee): `commentaire`
 * required, the grounds printed in the refusal letter. One transaction:
 * transition with dateAvisDecideur, the decision recorded as an
 * avis_decideur `AGREMENT_REFUSE` (what the applicant sees), the letter
 * as the decision document, an info `refus`.
 */
export async function motiverRefus(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "MOTIVER_REFUS");
  const { demande, maintenant, deps } = contexte;
  await deps.database.db.transaction(async (tx) => {
    const { demande: refusee, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "MOTIVER_REFUS",
      etatApres: etatApres(contexte),
      changements: { dateAvisDecideur: maintenant },
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { typeAvis: "avis_decideur", avis: "AGREMENT_REFUSE" },
    });
    await enregistrerAvis(tx, deps.fichiers, demande, {
      typeAvis: "avis_decideur",
      valeur: "AGREMENT_REFUSE",
      commentaire,
      auteurId: contexte.utilisateur.row.id,
      historiqueId,
      date: maintenant,
    });
    await consignerRefus(tx, deps.fichiers, refusee, {
      motifs: commentaire,
      historiqueId,
      date: maintenant,
    });
  });
}
