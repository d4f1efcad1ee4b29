/**
 * The step-3 attachment rubrics of a case file, whatever its type (spec §3
 * rubrics, §5 Attachments and Deposit; ADR 0044): each rubric with its
 * limits and files, and the rubrics that still miss files before deposit.
 * Used by the procedure of an approval request and of a notable change.
 */
import { asc } from "drizzle-orm";
import type { TypeDossier } from "../../../contract/etats.ts";
import {
  DOCUMENTS_DEPOT_DEMANDE,
  MIME_TYPES_ACCEPTES,
  RUBRIQUES_DEMANDE,
  messageRubriqueIncomplete,
  type Rubrique,
} from "../../../contract/pieces-jointes.ts";
import { RUBRIQUES_EXTENSION_PERIMETRE } from "../../../contract/schemas/changement-notable.ts";
import type {
  Manquant,
  ProcedureDemande,
  RubriqueProcedure,
} from "../../../contract/schemas/demande.ts";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { piecesJointes } from "../../db/schema.ts";
import { versPieceJointe } from "../pieces-jointes.ts";
import type { DemandeRow } from "../acces.ts";
import { deLaRessource, requetePreparee } from "../requetes-preparees.ts";

/** The rubrics an applicant fills at step 3, in display order, by type of case file. */
export const RUBRIQUES_PAR_TYPE: Record<TypeDossier, readonly Rubrique[]> = {
  demande: RUBRIQUES_DEMANDE,
  "changement-notable": RUBRIQUES_EXTENSION_PERIMETRE,
};

/** The attachments of a resource, oldest first (ADR 0035). */
const piecesJointesDeRessource = requetePreparee("procedure_pieces_jointes", (db, nom) =>
  db
    .select()
    .from(piecesJointes)
    .where(deLaRessource(piecesJointes))
    .orderBy(asc(piecesJointes.dateCreation), asc(piecesJointes.nom))
    .prepare(nom),
);

/**
 * The rubrics of `type` with the limits of the configuration (files per
 * rubric, size in Ko, accepted types) and the files of `demande` (none
 * when it is not created yet), one step-3 `Manquant` per rubric with
 * fewer files than its minimum, in French, and the documents the portal
 * produced at its latest deposit (the newest file of each of
 * DOCUMENTS_DEPOT_DEMANDE's rubrics; none for other types).
 */
export async function rubriquesDuDossier(
  database: Database,
  config: Pick<ApiConfig, "uploadMaxMo" | "uploadMaxFichiers">,
  type: TypeDossier,
  demande: DemandeRow | null,
): Promise<{
  rubriques: RubriqueProcedure[];
  manquants: Manquant[];
  documentsDepot: ProcedureDemande["documentsDepot"];
}> {
  const fichiers = demande
    ? await piecesJointesDeRessource(database.db).execute({ kind: demande.kind, id: demande.id })
    : [];
  const rubriques = RUBRIQUES_PAR_TYPE[type].map((rubrique) => ({
    code: rubrique.code,
    libelle: rubrique.libelle,
    description: rubrique.description,
    obligatoire: rubrique.minPj > 0,
    minPj: rubrique.minPj,
    maxPj: config.uploadMaxFichiers,
    tailleMaxKo: config.uploadMaxMo * 1024,
    typesAcceptes: [...MIME_TYPES_ACCEPTES],
    piecesJointes: fichiers
      .filter((fichier) => fichier.rubrique === rubrique.code)
      .map(versPieceJointe),
  }));
  const manquants: Manquant[] = rubriques
    .filter((rubrique) => rubrique.piecesJointes.length < rubrique.minPj)
    .map((rubrique) => ({
      etape: 3,
      message: messageRubriqueIncomplete(rubrique.libelle, rubrique.minPj),
    }));
  const documentsDepot =
    type === "demande"
      ? DOCUMENTS_DEPOT_DEMANDE.flatMap(({ code, libelle }) => {
          const dernier = fichiers.filter((fichier) => fichier.rubrique === code).at(-1);
          return dernier ? [{ ...versPieceJointe(dernier), libelle }] : [];
        })
      : [];
  return { rubriques, manquants, documentsDepot };
}
