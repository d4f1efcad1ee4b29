/**
 * Opinions on a request (spec §3 Opinion; DESIGN §3): CRHH, instructeur and
 * superviseur opinions, each with a value of its list, a comment and an
 * optional file; the decision and the refusal steps record theirs here too.
 */
import { and, count, eq } from "drizzle-orm";
import type { TypeAvis, ValeurAvis } from "../../../contract/etats.ts";
import { AVIS_PAR_ACTION, type ActionAvis } from "../../../contract/schemas/avis.ts";
import type { Db } from "../../db/client.ts";
import { avis } from "../../db/schema.ts";
import type { FileStore } from "../../files/types.ts";
import type { DemandeRow } from "../acces.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { acteurDe, etatApres, lireFormulaire } from "./ecriture-action.ts";
import {
  enregistrerFichiersAction,
  verifierFichiersAction,
  type FichierVerifie,
} from "./fichiers-action.ts";
import { ecrireTransition } from "./transition.ts";

/** Rubric of a file backing an opinion (spec §3 attachment type codes). */
export const RUBRIQUE_AVIS = "pj_avis";
/** Rubric of a file backing the decision. */
export const RUBRIQUE_AVIS_DECIDEUR = "pj_avis_decideur";

/** 422 on `fichier` when an opinion comes with several files. */
export const MESSAGE_UN_SEUL_FICHIER = "Un seul fichier peut être joint à un avis.";

/**
 * The optional single file `fichier` of an opinion, checked from its bytes
 * (422 `errors.fichier` on a type not accepted or on several files).
 */
export async function fichierAvis(
  contexte: Pick<ContexteAction, "fichiers">,
): Promise<FichierVerifie | null> {
  const [fichier] = await verifierFichiersAction(contexte.fichiers, {
    requis: false,
    messageRequis: "",
    max: 1,
    messageMax: MESSAGE_UN_SEUL_FICHIER,
  });
  return fichier ?? null;
}

/** What {@link enregistrerAvis} records. */
export interface NouvelAvis {
  typeAvis: TypeAvis;
  valeur: ValeurAvis;
  commentaire: string | null;
  auteurId: string;
  historiqueId: number;
  date: Date;
  /** The checked file, stored under `rubrique`. */
  fichier?: FichierVerifie | null;
  rubrique?: string;
}

/**
 * Inside `tx`: stores the opinion's file if any (attachment of the request
 * linked to the history row) and inserts the opinion, its `revision` being
 * the number of earlier opinions of the same type on the request (0 for
 * the first). Returns the opinion's id and revision.
 */
export async function enregistrerAvis(
  tx: Db,
  stockage: FileStore,
  demande: Pick<DemandeRow, "id" | "kind">,
  nouvel: NouvelAvis,
): Promise<{ id: number; revision: number; pieceJointeId: string | null }> {
  const [piece] = nouvel.fichier
    ? await enregistrerFichiersAction(tx, stockage, demande, [nouvel.fichier], {
        rubrique: nouvel.rubrique ?? RUBRIQUE_AVIS,
        deposeParId: nouvel.auteurId,
        historiqueId: nouvel.historiqueId,
        date: nouvel.date,
      })
    : [];
  const [{ anterieurs }] = await tx
    .select({ anterieurs: count() })
    .from(avis)
    .where(
      and(
        eq(avis.ressourceType, demande.kind),
        eq(avis.ressourceId, demande.id),
        eq(avis.typeAvis, nouvel.typeAvis),
      ),
    );
  const revision = Number(anterieurs);
  const [row] = await tx
    .insert(avis)
    .values({
      ressourceType: demande.kind,
      ressourceId: demande.id,
      typeAvis: nouvel.typeAvis,
      valeur: nouvel.valeur,
      commentaire: nouvel.commentaire,
      auteurId: nouvel.auteurId,
      revision,
      pieceJointeId: piece?.id ?? null,
      historiqueId: nouvel.historiqueId,
      dateAvis: nouvel.date,
    })
    .returning({ id: avis.id });
  return { id: row.id, revision, pieceJointeId: piece?.id ?? null };
}

/**
 * EXPRIMER_AVIS_CRHH (crhh: complete, complete_complement_recu →
 * instruite_crhh), EXPRIMER_AVIS_INSTRUCTEUR (→ instruite_instructeur) and
 * EXPRIMER_AVIS_SUPERVISEUR (→ instruite_superviseur): `avis` one of
 * FAVORABLE, FAVORABLE_SOUS_RESERVE, DEFAVORABLE (422 "Veuillez choisir un
 * avis." otherwise), `commentaire` required, optional single file
 * `fichier` (rubric pj_avis). One transaction: transition, file, opinion
 * row (avis_crhh, avis_instructeur or avis_superviseur).
 */
export async function exprimerAvis(contexte: ContexteAction): Promise<void> {
  const action = contexte.transition.action as Exclude<ActionAvis, "EXPRIMER_AVIS_DECIDEUR">;
  const { avis: valeur, commentaire } = lireFormulaire(contexte, action);
  const fichier = await fichierAvis(contexte);
  const { typeAvis } = AVIS_PAR_ACTION[action];
  const { demande, maintenant, deps } = contexte;
  await deps.database.db.transaction(async (tx) => {
    const { historiqueId } = await ecrireTransition(tx, {
      demande,
      action,
      etatApres: etatApres(contexte),
      acteur: acteurDe(contexte),
      maintenant,
      commentaire,
      donnees: { typeAvis, avis: valeur },
    });
    await enregistrerAvis(tx, deps.fichiers, demande, {
      typeAvis,
      valeur: valeur as ValeurAvis,
      commentaire,
      auteurId: contexte.utilisateur.row.id,
      historiqueId,
      date: maintenant,
      fichier,
    });
  });
}
