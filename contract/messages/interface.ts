/**
 * The French texts of the interface that the spec gives (§2 layout, home
 * and alerts; §5 multi-select and dates). Pinned to the spec's literal text
 * by tests/unit/catalogue-messages.test.ts.
 */
export const MESSAGES_INTERFACE = {
  /** §2 Shared interface pieces: title of an alert's close button. */
  masquerMessage: "Masquer le message",
  /** §2 Home for applicants: an applicant without any request. */
  aucuneDemande: "Aucune demande en cours",
  /** §2 Home for applicants: badge of the establishments tile (shown when the referencing comes). */
  aReferencer: "À référencer",
  /** §2 Home for applicants: badge of the annual-report tile (shown when the reports come). */
  aCompleter: "À compléter",
  /** §5 Multi-select: the autocomplete found nothing (also the 418 message of §8). */
  aucunResultat: "Aucun résultat",
  /** §5 Multi-select: what the autocomplete announces. */
  resultatsDisponibles: "{n} résultats disponibles.",
  /** §5 Dates: placeholder of a date input. */
  saisieDate: "Renseignez une date",
} as const;

/** Keys of {@link MESSAGES_INTERFACE}. */
export type CleInterface = keyof typeof MESSAGES_INTERFACE;
