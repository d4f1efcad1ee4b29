/**
 * The French texts of the interface that the spec gives (§2 layout, home
 * and alerts; §5 multi-select and dates), and those the portal adds (form
 * errors, refusal pages). Pinned to their literal text by
 * tests/unit/catalogue-messages.test.ts.
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
  /** Start of the page title while a form shows its errors (RGAA 8.6). */
  prefixeTitreErreur: "Erreur : ",
  /** Title of the error summary at the top of a refused form (RGAA 11.10). */
  resumeErreurs: "Le formulaire contient des erreurs",
  /** Explanation of the 405 page (a method the page does not accept). */
  methodeNonAutorisee:
    "Cette page ne peut pas recevoir ce que votre navigateur lui a envoyé. Revenez à la page précédente ou à la page d'accueil et réessayez.",
  /** The 503 of an unreachable database, page and API (ADR 0032). */
  serviceIndisponible:
    "Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.",
} as const;

/** Keys of {@link MESSAGES_INTERFACE}. */
export type CleInterface = keyof typeof MESSAGES_INTERFACE;
