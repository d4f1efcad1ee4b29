/**
 * URLs of the applicant's annual activity report pages (spec §2
 * `/rapport-annuel-activite/` and its children; DESIGN §6 one URL per step).
 */
import type { NumeroEtapeRapport } from "#contract/schemas/rapport-annuel";

/** The section's entry: leads to the report to fill or to the latest synthesis. */
export const URL_RAPPORT_ANNUEL = "/rapport-annuel-activite";

/** The page after a deposit (spec §4 "Depositing an annual report leads to …/confirmation"). */
export const URL_CONFIRMATION = "/rapport-annuel-activite/confirmation";

/** `/rapport-annuel-activite/2025/etape/2`. */
export function urlEtapeRapport(annee: number, etape: NumeroEtapeRapport): string {
  return `${URL_RAPPORT_ANNUEL}/${annee}/etape/${etape}`;
}

/** `/rapport-annuel-activite/2025/synthese`. */
export function urlSynthese(annee: number): string {
  return `${URL_RAPPORT_ANNUEL}/${annee}/synthese`;
}

/** The PDF of the synthesis, through the portal (resource route). */
export function urlSynthesePdf(annee: number): string {
  return `${URL_RAPPORT_ANNUEL}/${annee}/synthese.pdf`;
}
