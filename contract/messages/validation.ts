import { formater } from "./format.ts";

/**
 * The French texts of spec §5 "Validation rules", keyed by the spec's
 * error key where it names one (required, email, pattern, min, max,
 * minlength, mismatch, dateBefore, float, integer, maximum…). Placeholders
 * are written as the spec writes them (`{min}`); fill them with
 * `formater` (./format.ts). Pinned to the spec's literal text by
 * tests/unit/catalogue-messages.test.ts.
 */
export const MESSAGES_VALIDATION = {
  /** §5 Generic messages, `required`. */
  required: "Ce champ est requis",
  /** §5 Generic messages, invalid e-mail. */
  email: "Cet email n'est pas valide",
  /** §5 Generic messages, `pattern`. */
  pattern: "Le champ n'est pas au bon format",
  /** §5 Generic messages, `min`. */
  min: "Cette valeur est inférieur à {min}",
  /** §5 Generic messages, `max`. */
  max: "Cette valeur est supérieur à {max}",
  /** §5 Generic messages, `minlength`. */
  minlength: "Ce champ doit contenir au moins {n} caractères.",
  /** §5 Generic messages, `mismatch`. */
  mismatch: "Les valeurs ne sont pas égales",
  /** §5 Generic messages, unknown error fallback. */
  inconnu: "Validator {key} is not valid",
  /** §5 Numbers, `noNumbers` (names of people): the spec names the rule, not its text. */
  noNumbers: "Ce champ ne doit pas contenir de chiffres",
  /** §5 Numbers, `notValidRegex` (the generic regex rule): the spec names the rule, not its text. */
  notValidRegex: "La valeur saisie ne respecte pas le format attendu",
  /** §5 Accounts: the spec gives the start, "Ce SIREN est invalide...". */
  siren:
    "Ce SIREN est invalide : il doit comporter 9 chiffres (espaces acceptés) et correspondre à un numéro SIREN existant.",
  /** §5 Phone. */
  telephone: "Le numéro de téléphone saisi : {value} ne correspond pas au format demandé",
  /** §5 Dates, `dateBefore`. */
  dateBefore: "La date doit être inférieure à la date du jour",
  /** §5 Attachments: more files than `maxPj`. */
  maxPj: "Le nombre de fichier dépasse le maximum attendu",
  /** §5 Numbers, `float`. */
  float: "Le format n'est pas correct",
  /** §5 Numbers, `integer`. */
  integer: "Veuillez saisir un nombre entier",
  /** §5 Numbers, `maximum`: the spec gives "inférieure ou égale à {valueMax}". */
  maximum: "La valeur doit être inférieure ou égale à {valueMax}",
  /** §5 ETP: one figure filled, all must be. */
  tousLesChamps: "Tous les champs doivent être remplis.",
  /** §5 Perimeter: the visible text of the empty perimeter ("Ce champs est requis" is its key's text). */
  perimetre: "Le périmètre d'intervention est requis",
  /** §5 Perimeter: a région already in the user's perimeter (the extension of a perimeter). */
  regionDejaDansPerimetre: "Cette région fait déjà partie de votre périmètre d'intervention",
  /** The same for a département (the spec shows the région's text only; this one follows it). */
  departementDejaDansPerimetre: "Ce département fait déjà partie de votre périmètre d'intervention",
} as const;

/** Keys of {@link MESSAGES_VALIDATION}. */
export type CleValidation = keyof typeof MESSAGES_VALIDATION;

/**
 * Texts of one field for one error key ("field.key"), which spec §5 looks
 * up before the key's own text.
 */
export const MESSAGES_VALIDATION_PAR_CHAMP: Readonly<Record<string, string>> = {
  "codePostal.notValidRegex": "Le code postal doit comporter 5 chiffres.",
};

/**
 * The message template of error `cle` on field `champ`, in spec §5's lookup
 * order: "champ.cle" in {@link MESSAGES_VALIDATION_PAR_CHAMP}, then `cle` in
 * {@link MESSAGES_VALIDATION}, then the fallback "Validator {key} is not
 * valid" with `{key}` filled. Placeholders of the first two stay for the
 * caller to fill (`formater`).
 */
export function messageValidation(cle: string, champ?: string): string {
  const duChamp =
    champ === undefined ? undefined : MESSAGES_VALIDATION_PAR_CHAMP[`${champ}.${cle}`];
  if (duChamp !== undefined) return duChamp;
  if (Object.prototype.hasOwnProperty.call(MESSAGES_VALIDATION, cle))
    return MESSAGES_VALIDATION[cle as CleValidation];
  return formater(MESSAGES_VALIDATION.inconnu, { key: cle });
}
