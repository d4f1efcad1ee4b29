/**
 * The decision on an approval request (DESIGN §3 EXPRIMER_AVIS_DECIDEUR):
 * AGREMENT_VALIDE grants the approval with its certificate, AGREMENT_REFUSE
 * refuses it with a letter stating the appeal routes. Everything the
 * decision produces is written in its one transaction.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { demandes } from "../../db/schema.ts";
import type { FileStore } from "../../files/types.ts";
import { MESSAGES_INSTRUCTION } from "../../../contract/schemas/instruction.ts";
import type { ValeurAvis } from "../../../contract/etats.ts";
import { creerAgrement } from "../agrements.ts";
import type { DemandeRow } from "../acces.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { erreursDeChamps } from "./erreurs.ts";
import { RUBRIQUE_AVIS_DECIDEUR, enregistrerAvis, fichierAvis } from "./avis.ts";
import { joindreLettreRefus } from "./documents-decision.ts";
import {
  acteurDe,
  ajouterInfoComplementaire,
  etatApres,
  lireFormulaire,
} from "./ecriture-action.ts";
import { ecrireTransition } from "./transition.ts";

/**
 * Inside `tx`, for a request just moved to refusee (decision or
 * MOTIVER_REFUS): the refusal letter with `motifs` becomes its decision
 * document, and an info_complementaire `refus` tells the applicant why.
 */
export async function consignerRefus(
  tx: Db,
  stockage: FileStore,
  demande: DemandeRow,
  refus: { motifs: string; historiqueId: number; date: Date },
): Promise<void> {
  await joindreLettreRefus(tx, stockage, demande, refus);
  await ajouterInfoComplementaire(tx, demande, {
    infoType: "refus",
    raison: refus.motifs,
    historiqueId: refus.historiqueId,
    date: refus.date,
  });
}

/**
 * EXPRIMER_AVIS_DECIDEUR (superviseur, instruite_superviseur): `avis`
 * AGREMENT_VALIDE or AGREMENT_REFUSE (422 "Veuillez choisir un avis."
 * otherwise), `commentaire` required, optional single file `fichier`
 * (rubric pj_avis_decideur). In one transaction, guarded by the version
 * (a second decision at once gets 409 and leaves nothing behind):
 * - AGREMENT_VALIDE → agrement_en_attente: the approval is created (en_cours,
 *   AGR-MAR-<année>-<n>, 5 years, perimeter of step 2) with its certificate
 *   PDF as current attestation; the request gets agrementId, dateAgrement,
 *   dateOctroi, dateAvisDecideur and the certificate as decision document;
 * - AGREMENT_REFUSE → refusee: the refusal letter (grounds = the comment)
 *   becomes the decision document; dateAvisDecideur; info `refus`.
 * Both record the avis_decideur opinion. A decision the table's row does
 * not offer to the request's kind (AGREMENT_VALIDE on a notable change,
 * ADR 0018) is refused like a missing one, before anything is read
 * or written.
 */
export async function exprimerAvisDecideur(contexte: ContexteAction): Promise<void> {
  const { avis, commentaire } = lireFormulaire(contexte, "EXPRIMER_AVIS_DECIDEUR");
  if (!contexte.transition.decisions?.[avis as ValeurAvis])
    throw erreursDeChamps({ avis: [MESSAGES_INSTRUCTION.avis] });
  const fichier = await fichierAvis(contexte);
  const { demande, maintenant, deps } = contexte;
  const valide = avis === "AGREMENT_VALIDE";
  const agrementId = valide ? randomUUID() : null;
  await deps.database.db.transaction(async (tx) => {
    const { demande: decidee, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "EXPRIMER_AVIS_DECIDEUR",
      etatApres: etatApres(contexte, valide ? "agrement_en_attente" : "refusee"),
      changements: valide
        ? {
            agrementId,
            dateAgrement: maintenant,
            dateOctroi: maintenant,
            dateAvisDecideur: maintenant,
          }
        : { dateAvisDecideur: maintenant },
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { typeAvis: "avis_decideur", avis, agrementId },
    });
    await enregistrerAvis(tx, deps.fichiers, demande, {
      typeAvis: "avis_decideur",
      valeur: avis as "AGREMENT_VALIDE" | "AGREMENT_REFUSE",
      commentaire,
      auteurId: contexte.utilisateur.row.id,
      historiqueId,
      date: maintenant,
      fichier,
      rubrique: RUBRIQUE_AVIS_DECIDEUR,
    });
    if (agrementId) {
      const { attestation } = await creerAgrement(tx, deps.fichiers, decidee, {
        id: agrementId,
        historiqueId,
        maintenant,
      });
      await tx
        .update(demandes)
        .set({ decisionPieceJointeId: attestation.id })
        .where(eq(demandes.id, demande.id));
    } else {
      await consignerRefus(tx, deps.fichiers, decidee, {
        motifs: commentaire,
        historiqueId,
        date: maintenant,
      });
    }
  });
}
