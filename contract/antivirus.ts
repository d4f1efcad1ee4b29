/**
 * Antivirus verdict of an attachment as pages and answers show it
 * (ADR 0030). Only `sain` (clamd found nothing) and `non_analyse` (no
 * scanner configured: the embedded default) files may be downloaded; the
 * others are listed without a link.
 */

/** States of api/db/schema.ts ETATS_ANTIVIRUS that forbid a download. */
export const ETATS_ANTIVIRUS_BLOQUANTS = ["en_attente", "erreur", "infecte"] as const;
export type EtatAntivirusBloquant = (typeof ETATS_ANTIVIRUS_BLOQUANTS)[number];

/** Whether a file in state `etat` (api/db/schema.ts ETATS_ANTIVIRUS) may be downloaded. */
export function telechargeable(etat: string | null | undefined): boolean {
  return !ETATS_ANTIVIRUS_BLOQUANTS.includes(etat as EtatAntivirusBloquant);
}

/** Shown instead of the link while clamd has not answered (a scan failure is retried too). */
export const LIBELLE_ANALYSE_EN_COURS = "Analyse antivirus en cours";

/** Shown instead of the link of an infected file. */
export const LIBELLE_FICHIER_INFECTE = "Fichier bloqué : un virus a été détecté";

/** The label a page shows instead of the link of a file in state `etat`. */
export function libelleEtatAntivirus(etat: EtatAntivirusBloquant): string {
  return etat === "infecte" ? LIBELLE_FICHIER_INFECTE : LIBELLE_ANALYSE_EN_COURS;
}

/** 409 of GET /api/piece-jointe/{id} while the scan is pending (or failed and re-queued). */
export const MESSAGE_ANALYSE_EN_COURS =
  "Analyse antivirus en cours : ce fichier pourra être ouvert dès qu'il aura été reconnu sain. " +
  "Réessayez dans quelques minutes.";

/** 409 of GET /api/piece-jointe/{id} for an infected file. */
export const MESSAGE_FICHIER_INFECTE =
  "Ce fichier ne peut pas être ouvert : l'antivirus y a détecté un virus. " +
  "Il est exclu des archives et des exports.";

/**
 * Limits of an uploaded ZIP: entries (nested archives' included), expansion
 * ratio (bytes actually inflated, nested archives' included, over the
 * upload's size), and levels of archives inside archives.
 */
export const LIMITES_ZIP = { entreesMax: 1000, facteurMax: 10, profondeurMax: 2 } as const;

/** 422 messages of a refused ZIP (under `fichier`). */
export const MESSAGES_ZIP = {
  tropDEntrees: `Cette archive ZIP est refusée : elle contient plus de 1\u00a0000 fichiers.`,
  tropGrande: `Cette archive ZIP est refusée : une fois décompressée, elle ferait plus de ${LIMITES_ZIP.facteurMax} fois sa taille.`,
  illisible: "Cette archive ZIP est refusée : elle est endommagée, chiffrée ou illisible.",
  nomInterdit:
    "Cette archive ZIP est refusée : un de ses fichiers porte un nom interdit (chemin absolu, remontée « .. » ou caractère de contrôle).",
  tropProfonde: `Cette archive ZIP est refusée : elle contient des archives imbriquées sur plus de ${LIMITES_ZIP.profondeurMax} niveaux.`,
} as const;

/**
 * History action written on a file's resource when clamd finds it infected
 * (staff read it; the applicant's side does not: contract/historique-visibilite.ts
 * withholds actions it does not list).
 */
export const ACTION_FICHIER_INFECTE = "FICHIER_INFECTE";

/** How the history names {@link ACTION_FICHIER_INFECTE}. */
export const LIBELLE_ACTION_FICHIER_INFECTE = "Fichier bloqué par l'antivirus";
