/**
 * Files that come with an action (spec §7: DONNER_COMPLEMENT sends
 * `fichier`, `fichier1`…; an opinion may carry one `fichier`): checked from
 * their bytes before anything is written, then stored in the action's
 * transaction, linked to its history row (DESIGN §7).
 */
import { MESSAGES_PJ } from "../../../contract/pieces-jointes.ts";
import type { PieceJointe } from "../../../contract/schemas/demande.ts";
import type { Db } from "../../db/client.ts";
import { LIBELLES_TYPES_ACCEPTES, ajouterPieceJointe } from "../pieces-jointes.ts";
import { detecterTypeFichier } from "../../files/type-fichier.ts";
import type { FileStore } from "../../files/types.ts";
import type { MimeTypeAccepte } from "../../../contract/pieces-jointes.ts";
import { erreursDeChamps } from "./erreurs.ts";
import type { DemandeRow } from "../acces.ts";

/** Multipart names a file may come under: `fichier`, `fichier[]`, `fichier1`… (spec §7). */
export const CHAMP_FICHIER = /^fichier(\d+|\[\])?$/;

/** A posted file whose type was read from its bytes. */
export interface FichierVerifie {
  fichier: Express.Multer.File;
  mimeType: MimeTypeAccepte;
}

/**
 * The files of `fichiers` posted under a `fichier…` name, each with its
 * type read from its bytes. 422 `{ detail, errors: { fichier } }` when one
 * is not PDF, PNG, JPEG or ZIP (the whole action is refused), when
 * `options.requis` and there is none (message `options.messageRequis`), or
 * when more than `options.max` came.
 */
export async function verifierFichiersAction(
  fichiers: readonly Express.Multer.File[],
  options: { requis: boolean; messageRequis: string; max: number; messageMax: string },
): Promise<FichierVerifie[]> {
  const recus = fichiers.filter((fichier) => CHAMP_FICHIER.test(fichier.fieldname));
  if (options.requis && recus.length === 0)
    throw erreursDeChamps({ fichier: [options.messageRequis] });
  if (recus.length > options.max) throw erreursDeChamps({ fichier: [options.messageMax] });
  const verifies: FichierVerifie[] = [];
  for (const fichier of recus) {
    const mimeType = await detecterTypeFichier(fichier.buffer);
    if (!mimeType) throw erreursDeChamps({ fichier: [MESSAGES_PJ.type(LIBELLES_TYPES_ACCEPTES)] });
    verifies.push({ fichier, mimeType });
  }
  return verifies;
}

/**
 * Inside `tx`: stores the checked files as attachments of `demande` under
 * `rubrique` (pj_add, pj_avis, pj_avis_decideur), posted by `deposeParId`
 * and linked to history row `historiqueId`. Returns them in posted order.
 */
export async function enregistrerFichiersAction(
  tx: Db,
  stockage: FileStore,
  demande: Pick<DemandeRow, "id" | "kind">,
  fichiers: readonly FichierVerifie[],
  piece: { rubrique: string; deposeParId: string; historiqueId: number; date: Date },
): Promise<PieceJointe[]> {
  const enregistrees: PieceJointe[] = [];
  for (const { fichier, mimeType } of fichiers)
    enregistrees.push(
      await ajouterPieceJointe(tx, stockage, {
        ressourceType: demande.kind,
        ressourceId: demande.id,
        rubrique: piece.rubrique,
        nom: fichier.originalname,
        contenu: fichier.buffer,
        mimeType,
        deposeParId: piece.deposeParId,
        historiqueId: piece.historiqueId,
        date: piece.date,
      }),
    );
  return enregistrees;
}
