/**
 * Validation texts of the interface (spec §5), under the spec's error keys.
 * The spec's texts come from the catalogue (contract/messages), written
 * with the interface's `{{name}}` placeholders; maxlength (no text in the
 * spec) from the field rules (contract/validation.ts).
 */
import {
  MESSAGES_INTERFACE,
  MESSAGES_VALIDATION,
  versModeleInterface,
} from "#contract/messages/index";
import { MESSAGES } from "#contract/validation";

export default {
  validation: {
    required: MESSAGES_VALIDATION.required,
    email: MESSAGES_VALIDATION.email,
    pattern: MESSAGES_VALIDATION.pattern,
    min: versModeleInterface(MESSAGES_VALIDATION.min),
    max: versModeleInterface(MESSAGES_VALIDATION.max),
    minlength: versModeleInterface(MESSAGES_VALIDATION.minlength),
    maxlength: MESSAGES.maxLength("{{n}}"),
    mismatch: MESSAGES_VALIDATION.mismatch,
    inconnu: versModeleInterface(MESSAGES_VALIDATION.inconnu),
    telephone: versModeleInterface(MESSAGES_VALIDATION.telephone),
    dateAvantAujourdhui: MESSAGES_VALIDATION.dateBefore,
    dateSaisie: MESSAGES_INTERFACE.saisieDate,
    perimetreRequis: MESSAGES_VALIDATION.perimetre,
    nombreDecimal: MESSAGES_VALIDATION.float,
    nombreEntier: MESSAGES_VALIDATION.integer,
    tousLesChamps: MESSAGES_VALIDATION.tousLesChamps,
    aucunResultat: MESSAGES_INTERFACE.aucunResultat,
    resultatsDisponibles: versModeleInterface(MESSAGES_INTERFACE.resultatsDisponibles),
  },
};
