/**
 * Completeness of a perimeter extension before deposit (spec §5 Deposit;
 * §7 GET api/changement-notable/procedure (type), canBe/depose; ADR 0020):
 * its step-3 rubrics with their limits and files, which steps are complete,
 * and what is still missing, step by step.
 */
import { MESSAGES_EXTENSION } from "../../../contract/schemas/changement-notable.ts";
import type { Manquant, ProcedureDemande } from "../../../contract/schemas/demande.ts";
import { perimetreVide } from "../../../contract/perimetre.ts";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { DemandeRow } from "../acces.ts";
import { rubriquesDuDossier } from "../dossiers/rubriques.ts";
import { contenuExtensionDe } from "./contenu.ts";

/** Step 3 is marked validated by VALIDER_DEPOSER in `etapesEnregistrees`. */
export const ETAPE_VALIDEE = 3;

/**
 * The procedure of a perimeter extension: the rubrics of
 * RUBRIQUES_EXTENSION_PERIMETRE (limits from the configuration, files of
 * `demande` when given), the steps complete, and what VALIDER_DEPOSER still
 * misses (step 1 saved with a non-empty perimeter, step 2 saved, each
 * required rubric filled). Without `demande` (the form not created yet),
 * the same for an empty draft.
 */
export async function procedureExtension(
  database: Database,
  config: Pick<ApiConfig, "uploadMaxMo" | "uploadMaxFichiers">,
  demande: DemandeRow | null,
): Promise<ProcedureDemande> {
  const { rubriques, manquants: piecesManquantes } = await rubriquesDuDossier(
    database,
    config,
    "changement-notable",
    demande,
  );
  const manquants: Manquant[] = [];
  const { perimetre, effectifs } = demande ? contenuExtensionDe(demande) : {};
  const enregistree = (etape: number) => demande?.etapesEnregistrees.includes(etape) ?? false;
  if (!perimetre || !enregistree(1))
    manquants.push({ etape: 1, message: MESSAGES_EXTENSION.etapeAbsente(1) });
  else if (perimetreVide(perimetre))
    manquants.push({ etape: 1, message: MESSAGES_EXTENSION.perimetre });
  if (!effectifs || !enregistree(2))
    manquants.push({ etape: 2, message: MESSAGES_EXTENSION.etapeAbsente(2) });
  manquants.push(...piecesManquantes);
  const complete = (etape: 1 | 2 | 3) => !manquants.some((manquant) => manquant.etape === etape);
  return {
    rubriques,
    documentsDepot: [],
    etapesCompletes: { 1: complete(1), 2: complete(2), 3: complete(3) },
    manquants,
  };
}

/**
 * What still prevents DEPOSER (and `canBe/depose`): the procedure's
 * `manquants`, and step 3 not validated (VALIDER_DEPOSER not done since the
 * last save) as one more line of step 3. Empty when the extension may be
 * deposited.
 */
export async function manquantsAuDepot(
  database: Database,
  config: Pick<ApiConfig, "uploadMaxMo" | "uploadMaxFichiers">,
  demande: DemandeRow,
): Promise<Manquant[]> {
  const { manquants } = await procedureExtension(database, config, demande);
  if (!demande.etapesEnregistrees.includes(ETAPE_VALIDEE))
    return [...manquants, { etape: 3, message: MESSAGES_EXTENSION.nonValidee }];
  return manquants;
}
