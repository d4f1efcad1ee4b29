/**
 * The French texts of spec §8 "The error catalogue", by HTTP status or
 * spec code: the error pages' titles, the role gate's 403 message, the
 * 418 message and the invalid e-mail token; and the 400 of a request that
 * breaks its declaration. Pinned to the spec's literal text (or the text
 * decided where the spec gives none) by tests/unit/catalogue-messages.test.ts.
 */
import { MESSAGES_INTERFACE } from "./interface.ts";

/** §8 "Page titles": 'Une erreur est survenue' titles any other error and subtitles 500. */
const UNE_ERREUR_EST_SURVENUE = "Une erreur est survenue";

/**
 * Titles (and subtitles the spec gives) of the error pages, by status:
 * 401, 403, 404, 500 and above, anything else (`autre`).
 */
export const PAGES_ERREUR = {
  401: { titre: "Accès non autorisé", sousTitre: "Cette page n'est pas accessible au public" },
  403: { titre: "Non Autorisé" },
  404: { titre: "Page non trouvée" },
  500: { titre: "Erreur Serveur", sousTitre: UNE_ERREUR_EST_SURVENUE },
  autre: { titre: UNE_ERREUR_EST_SURVENUE },
} as const;

/** Messages of spec §8, by status or spec code. */
export const MESSAGES_ERREURS = {
  /** 403 of a failed role gate, in the body `{ message }` and the page's response text. */
  403: "Forbidden",
  /** 418: the message shown for this status. */
  418: MESSAGES_INTERFACE.aucunResultat,
  /** `verifyToken`: the e-mail confirmation link is invalid or expired. */
  verifyToken:
    "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.",
  /** 400 of a query parameter the endpoint does not declare. */
  parametreInconnu: "Paramètre inconnu : « {nom} ».",
  /** 400 of a body field a strict body does not declare. */
  champInconnu: "Champ inconnu : « {nom} ».",
} as const;
