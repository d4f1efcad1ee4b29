/**
 * The message catalogue (DESIGN §2 "the spec's French messages live in one
 * catalogue"): the French texts the spec gives, with their spec keys or
 * HTTP statuses, for the API, the pages, the PDFs and the mails. One file
 * per concept:
 * - validation.ts: spec §5 field rules (required, email, pattern…);
 * - interface.ts: spec §2 and §5 interface texts;
 * - erreurs.ts: spec §8 error pages and error messages;
 * - recours.ts: the appeal routes of a decision (spec §8).
 * Texts the spec does not give stay beside their rule (e.g. MESSAGES of
 * contract/validation.ts for the password rule, MESSAGES_PJ of
 * contract/pieces-jointes.ts for file types), built on these entries when
 * they share one. tests/unit/catalogue-messages.test.ts pins every entry
 * of {@link CATALOGUE_MESSAGES} to the spec's literal text.
 */
import { MESSAGES_ERREURS, PAGES_ERREUR } from "./erreurs.ts";
import { MESSAGES_INTERFACE } from "./interface.ts";
import { VOIES_DE_RECOURS } from "./recours.ts";
import { MESSAGES_VALIDATION, MESSAGES_VALIDATION_PAR_CHAMP } from "./validation.ts";

export { MESSAGES_ERREURS, PAGES_ERREUR } from "./erreurs.ts";
export { formater, versModeleInterface, type Valeurs, type Variables } from "./format.ts";
export { MESSAGES_INTERFACE, type CleInterface } from "./interface.ts";
export { TEXTE_RECOURS, VOIES_DE_RECOURS } from "./recours.ts";
export {
  MESSAGES_VALIDATION,
  MESSAGES_VALIDATION_PAR_CHAMP,
  messageValidation,
  type CleValidation,
} from "./validation.ts";

/** Every entry of the catalogue, by concept (what the pinning test walks). */
export const CATALOGUE_MESSAGES = {
  validation: MESSAGES_VALIDATION,
  validationParChamp: MESSAGES_VALIDATION_PAR_CHAMP,
  interface: MESSAGES_INTERFACE,
  erreurs: MESSAGES_ERREURS,
  pagesErreur: PAGES_ERREUR,
  recours: VOIES_DE_RECOURS,
} as const;
