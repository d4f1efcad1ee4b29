/**
 * The decision on a perimeter extension (DESIGN §3 notable changes,
 * EXPRIMER_AVIS_DECIDEUR; ADR 0021): EXTENSION_PERIMETRE_VALIDE grows the
 * approval's perimeter and issues a modified certificate
 * (DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE), EXTENSION_PERIMETRE_REFUSE
 * refuses it with a letter stating the appeal routes (ADR 0019).
 * Everything the decision produces is written in its one transaction.
 */
import { eq } from "drizzle-orm";
import { MESSAGES_INSTRUCTION } from "../../../contract/schemas/instruction.ts";
import type { ValeurAvis } from "../../../contract/etats.ts";
import type { PieceJointe } from "../../../contract/schemas/demande.ts";
import type { Db } from "../../db/client.ts";
import { demandes } from "../../db/schema.ts";
import { ajouterPieceJointe } from "../pieces-jointes.ts";
import type { FileStore } from "../../files/types.ts";
import { genererLettreRefusExtension } from "../../pdf/courriers-extension.ts";
import type { DemandeRow } from "../acces.ts";
import { emettreAttestation } from "../agrements.ts";
import { RUBRIQUE_AVIS_DECIDEUR, enregistrerAvis, fichierAvis } from "../demandes/avis.ts";
import type { ContexteAction } from "../demandes/contexte-action.ts";
import { RUBRIQUE_LETTRE_REFUS, destinataireEtReferences } from "../demandes/documents-decision.ts";
import {
  acteurDe,
  ajouterInfoComplementaire,
  etatApres,
  lireFormulaire,
} from "../demandes/ecriture-action.ts";
import { erreursDeChamps } from "../demandes/erreurs.ts";
import { ecrireTransition } from "../demandes/transition.ts";
import {
  agrementEtendu,
  demandeOrigine,
  destinataireExtension,
  etendrePerimetre,
} from "./effets-extension.ts";

/** Inside `tx`: makes `piece` the decision document of the extension. */
export async function designerDecisionExtension(
  tx: Db,
  extensionId: string,
  piece: PieceJointe,
): Promise<void> {
  await tx
    .update(demandes)
    .set({ decisionPieceJointeId: piece.id })
    .where(eq(demandes.id, extensionId));
}

/**
 * Inside `tx`, for an extension just moved to refusee: the refusal letter
 * (grounds = `motifs`, appeal routes) stored as its attachment (rubric
 * decision_refus, linked to the history row) and decision document, and an
 * info_complementaire `refus`.
 */
async function consignerRefusExtension(
  tx: Db,
  stockage: FileStore,
  extension: DemandeRow,
  refus: { motifs: string; historiqueId: number; date: Date },
): Promise<void> {
  const adresse = extension.agrementId
    ? await destinataireExtension(tx, extension, await agrementEtendu(tx, extension))
    : await destinataireEtReferences(tx, extension);
  const contenu = await genererLettreRefusExtension({
    ...adresse,
    motifs: refus.motifs,
    date: refus.date,
  });
  const piece = await ajouterPieceJointe(tx, stockage, {
    ressourceType: extension.kind,
    ressourceId: extension.id,
    rubrique: RUBRIQUE_LETTRE_REFUS,
    nom: `decision-refus-extension-${extension.numeroDossier ?? extension.id}.pdf`,
    contenu,
    mimeType: "application/pdf",
    deposeParId: null,
    historiqueId: refus.historiqueId,
    date: refus.date,
  });
  await designerDecisionExtension(tx, extension.id, piece);
  await ajouterInfoComplementaire(tx, extension, {
    infoType: "refus",
    raison: refus.motifs,
    historiqueId: refus.historiqueId,
    date: refus.date,
  });
}

/**
 * EXPRIMER_AVIS_DECIDEUR on a perimeter extension (superviseur,
 * instruite_superviseur): `avis` EXTENSION_PERIMETRE_VALIDE or
 * EXTENSION_PERIMETRE_REFUSE (422 "Veuillez choisir un avis." otherwise,
 * AGREMENT_VALIDE included, before anything is written), `commentaire`
 * required, optional single file `fichier`. One transaction guarded by the
 * version (a second decision at once gets 409 and leaves nothing):
 * - VALIDE → disponible: the avis_decideur opinion; the approval's perimeter
 *   becomes its union with `contenu.extension.perimetre` (the former one in
 *   the extension's `contenu.perimetreAvant`); a second history row
 *   DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE (same state, same
 *   actor, perimeters before and after) carrying the modified certificate,
 *   which becomes the approval's current attestation (the former one kept,
 *   no longer current) and the extension's decision document;
 * - REFUSE → refusee: the opinion, the refusal letter with the appeal routes
 *   as decision document, an info `refus`; the approval is unchanged.
 * 409 when the extension names no approval.
 */
export async function exprimerAvisDecideurExtension(contexte: ContexteAction): Promise<void> {
  const { avis, commentaire } = lireFormulaire(contexte, "EXPRIMER_AVIS_DECIDEUR");
  if (!contexte.transition.decisions?.[avis as ValeurAvis])
    throw erreursDeChamps({ avis: [MESSAGES_INSTRUCTION.avis] });
  const fichier = await fichierAvis(contexte);
  const { demande, maintenant, deps } = contexte;
  const valide = avis === "EXTENSION_PERIMETRE_VALIDE";
  const acteur = acteurDe(contexte);
  await deps.database.db.transaction(async (tx) => {
    const { demande: decidee, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "EXPRIMER_AVIS_DECIDEUR",
      etatApres: etatApres(contexte, valide ? "disponible" : "refusee"),
      changements: { dateAvisDecideur: maintenant },
      acteur,
      maintenant,
      commentaire,
      donnees: { typeAvis: "avis_decideur", avis, agrementId: demande.agrementId },
    });
    await enregistrerAvis(tx, deps.fichiers, demande, {
      typeAvis: "avis_decideur",
      valeur: avis as ValeurAvis,
      commentaire,
      auteurId: contexte.utilisateur.row.id,
      historiqueId,
      date: maintenant,
      fichier,
      rubrique: RUBRIQUE_AVIS_DECIDEUR,
    });
    if (!valide) {
      await consignerRefusExtension(tx, deps.fichiers, decidee, {
        motifs: commentaire,
        historiqueId,
        date: maintenant,
      });
      return;
    }
    const agrement = await agrementEtendu(tx, decidee);
    const { agrement: etendu, perimetreAvant } = await etendrePerimetre(
      tx,
      decidee,
      agrement,
      maintenant,
    );
    const { historiqueId: historiqueModificative } = await ecrireTransition(tx, {
      demande: decidee,
      action: "DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE",
      etatApres: "disponible",
      acteur,
      maintenant,
      donnees: { agrementId: agrement.id, perimetreAvant, perimetre: etendu.perimetre },
    });
    const attestation = await emettreAttestation(
      tx,
      deps.fichiers,
      (await demandeOrigine(tx, agrement)) ?? decidee,
      etendu,
      {
        historiqueId: historiqueModificative,
        maintenant,
        modificative: { numeroDossier: decidee.numeroDossier },
      },
    );
    await designerDecisionExtension(tx, decidee.id, attestation);
  });
}
