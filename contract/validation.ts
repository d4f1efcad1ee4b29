/**
 * Field rules of spec §5 shared by the forms (conform, client and server) and
 * the API, with their French messages (the spec's from the catalogue,
 * contract/messages). One place for each rule.
 */
import { z } from "zod";
import { formater } from "./messages/format.ts";
import { MESSAGES_VALIDATION, messageValidation } from "./messages/validation.ts";

/**
 * Largest value of a PostgreSQL `integer` (ids of services, page numbers):
 * query schemas bound their integers by it, so that a value out of range is
 * a 422 and never reaches the database.
 */
export const ENTIER_MAX = 2_147_483_647;

/**
 * Messages of the field rules (spec §5): the spec's texts come from the
 * catalogue (contract/messages), the others — where the spec shows none —
 * are decided here, once.
 */
export const MESSAGES = {
  requis: MESSAGES_VALIDATION.required,
  email: MESSAGES_VALIDATION.email,
  format: MESSAGES_VALIDATION.pattern,
  egalite: MESSAGES_VALIDATION.mismatch,
  minLength: (n: number | string) => formater(MESSAGES_VALIDATION.minlength, { n }),
  // Spec §5 maxlength: "text not shown".
  maxLength: (n: number | string) => `Ce champ doit contenir au plus ${n} caractères.`,
  motDePasse:
    "Le mot de passe doit contenir au moins une majuscule, une minuscule, un chiffre et un caractère spécial.",
  siren: MESSAGES_VALIDATION.siren,
  telephone: (value: string) => formater(MESSAGES_VALIDATION.telephone, { value }),
  codePostal: messageValidation("notValidRegex", "codePostal"),
  sansChiffres: MESSAGES_VALIDATION.noNumbers,
  adresse: "La ville et le code postal doivent être renseignés tous les deux.",
  dateAvantAujourdhui: MESSAGES_VALIDATION.dateBefore,
  decimal: MESSAGES_VALIDATION.float,
  deuxDecimales: `${MESSAGES_VALIDATION.float} : deux décimales au plus.`,
  entier: MESSAGES_VALIDATION.integer,
  maximum: (max: number) => formater(MESSAGES_VALIDATION.maximum, { valueMax: max }),
  tousLesChamps: MESSAGES_VALIDATION.tousLesChamps,
  perimetre: MESSAGES_VALIDATION.perimetre,
  cgu: "Vous devez accepter les conditions générales d'utilisation.",
  donneesPersonnelles: "Vous devez accepter la politique de protection des données personnelles.",
} as const;

/** Minimum password length for accounts (spec §5, §9). */
export const MOT_DE_PASSE_LONGUEUR_MIN = 12;

/** Trims; an empty string becomes undefined so that `required` fires. */
export const texte = (max = 255) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.string({ required_error: MESSAGES.requis }).max(max, MESSAGES.maxLength(max)),
  );

/**
 * Spec §5 `noNumbers`: `schema` (a text rule, optional or not) refusing any
 * digit, with the message of "champ.noNumbers", else of `noNumbers`.
 */
export const sansChiffres = <Schema extends z.ZodTypeAny>(schema: Schema, champ: string) =>
  schema.refine(
    (value: unknown) => typeof value !== "string" || !/\d/.test(value),
    messageValidation("noNumbers", champ),
  );

/**
 * Spec §5 `notValidRegex`, the generic regex rule: `schema` (a text rule)
 * whose non-empty value must match `motif`, with the message of
 * "champ.notValidRegex", else of `notValidRegex`.
 */
export const motifValide = <Schema extends z.ZodTypeAny>(
  schema: Schema,
  champ: string,
  motif: RegExp,
) =>
  schema.refine(
    (value: unknown) => typeof value !== "string" || value === "" || motif.test(value),
    messageValidation("notValidRegex", champ),
  );

/** Optional trimmed text; empty → undefined. */
export const texteOptionnel = (max = 255) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.string().max(max, MESSAGES.maxLength(max)).optional(),
  );

export const email = () =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() || undefined : value),
    z.string({ required_error: MESSAGES.requis }).email(MESSAGES.email).max(254),
  );

/** Spec §5 password rule: ≥ 12 characters, 1 upper, 1 lower, 1 digit, 1 special. */
export const motDePasse = () =>
  z
    .string({ required_error: MESSAGES.requis })
    .min(MOT_DE_PASSE_LONGUEUR_MIN, MESSAGES.minLength(MOT_DE_PASSE_LONGUEUR_MIN))
    .max(128, MESSAGES.maxLength(128))
    .refine(
      (value) =>
        /[A-Z]/.test(value) &&
        /[a-z]/.test(value) &&
        /\d/.test(value) &&
        /[^A-Za-z0-9]/.test(value),
      MESSAGES.motDePasse,
    );

/** Luhn checksum, the INSEE key of a SIREN (and of a SIRET). */
export function cleLuhnValide(chiffres: string): boolean {
  let somme = 0;
  for (let index = 0; index < chiffres.length; index++) {
    let chiffre = Number(chiffres[chiffres.length - 1 - index]);
    if (index % 2 === 1) {
      chiffre *= 2;
      if (chiffre > 9) chiffre -= 9;
    }
    somme += chiffre;
  }
  return somme % 10 === 0;
}

/** `prefixe` followed by the one digit that makes the whole number pass {@link cleLuhnValide}. */
export function avecCleLuhn(prefixe: string): string {
  for (let cle = 0; cle <= 9; cle++) if (cleLuhnValide(prefixe + cle)) return prefixe + cle;
  // Unreachable: one digit out of ten always completes a Luhn sum.
  throw new Error(`Aucune clé de Luhn pour ${prefixe}`);
}

/** "832 915 474" → "832915474"; null when not 9 digits with a valid INSEE key. */
export function normaliserSiren(value: string): string | null {
  const chiffres = value.replace(/\s+/g, "");
  return /^\d{9}$/.test(chiffres) && cleLuhnValide(chiffres) ? chiffres : null;
}

/**
 * A required text, trimmed, that `normaliser` turns into its stored form
 * (SIREN, SIRET, date); where it gives null, `message` instead.
 */
export const texteNormalise = (normaliser: (value: string) => string | null, message: string) =>
  z
    .string({ required_error: MESSAGES.requis })
    .trim()
    .min(1, MESSAGES.requis)
    .transform((value, context) => {
      const normalise = normaliser(value);
      if (!normalise) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return normalise;
    });

/** SIREN field: 9 digits with or without spaces, INSEE key checked; outputs the 9 digits. */
export const siren = () => texteNormalise(normaliserSiren, MESSAGES.siren);

/** Prefixes of spec §5 Phone (metropolitan France and overseas). */
export const PREFIXES_TELEPHONE = [
  "33",
  "590",
  "594",
  "596",
  "269",
  "687",
  "689",
  "262",
  "508",
  "681",
] as const;

const TELEPHONE = new RegExp(`^(?:0|\\+?(?:${PREFIXES_TELEPHONE.join("|")}))[1-9]\\d{8}$`);

/** Whether a phone number matches spec §5 (spaces, dots and dashes ignored). */
export function telephoneValide(value: string): boolean {
  return TELEPHONE.test(value.replace(/[\s.-]/g, ""));
}

/** Phone field (spec §5 Phone) with its message quoting the value typed. */
export const telephone = () =>
  z
    .string({ required_error: MESSAGES.requis })
    .trim()
    .min(1, MESSAGES.requis)
    .superRefine((value, context) => {
      if (!telephoneValide(value))
        context.addIssue({ code: "custom", message: MESSAGES.telephone(value) });
    });

/**
 * Spec §5 Address: "city and postal code must both have a value". Put
 * beside an object whose `codePostal` and `ville` fields accept "" (e.g.
 * {@link codePostalSaisi} and `texteSaisi`) with `.and(…)`: both empty
 * gives 'Ce champ est requis' on each, one empty 'La ville et le code
 * postal doivent être renseignés tous les deux.' on the empty one. Runs
 * even when other fields are invalid (one round of errors); outputs {}.
 */
export function regleAdresse(champs: { codePostal: string; ville: string }) {
  return z
    .object({ [champs.codePostal]: z.unknown(), [champs.ville]: z.unknown() })
    .superRefine((value, context) => {
      const vides = [champs.codePostal, champs.ville].filter(
        (champ) => String(value[champ] ?? "").trim() === "",
      );
      for (const champ of vides)
        context.addIssue({
          code: "custom",
          path: [champ],
          message: vides.length === 2 ? MESSAGES.requis : MESSAGES.adresse,
        });
    })
    .transform(() => ({}));
}

/** A postal code that may be "" (its presence is {@link regleAdresse}'s), else 5 digits. */
export const codePostalSaisi = () =>
  z.preprocess((value) => value ?? "", motifValide(z.string().trim(), "codePostal", /^\d{5}$/));

/** A text of at most `max` characters that may be "" (its presence is checked elsewhere). */
export const texteSaisi = (max: number) =>
  z.preprocess((value) => value ?? "", z.string().trim().max(max, MESSAGES.maxLength(max)));

/** A required postal code of 5 digits (spec §5 `notValidRegex`, with the field's own text). */
export const codePostal = () =>
  motifValide(
    z.string({ required_error: MESSAGES.requis }).trim().min(1, MESSAGES.requis),
    "codePostal",
    /^\d{5}$/,
  );

// Building an Intl formatter costs ~50 µs and ~20 KiB; lists call this per row (docs/performance.md).
const FORMAT_DATE_PARIS = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today as a Europe/Paris calendar date, "AAAA-MM-JJ". */
export function aujourdhuiParis(now: Date = new Date()): string {
  return FORMAT_DATE_PARIS.format(now);
}

/**
 * "JJ/MM/AAAA" (typed in a text field by an old browser) or "AAAA-MM-JJ"
 * (native date input) → "AAAA-MM-JJ"; null when not a real calendar date.
 */
export function lireDate(value: string): string | null {
  const trimmed = value.trim();
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [annee, mois, jour] = fr
    ? [Number(fr[3]), Number(fr[2]), Number(fr[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [NaN, NaN, NaN];
  if (!annee) return null;
  const date = new Date(Date.UTC(annee, mois - 1, jour));
  if (date.getUTCMonth() !== mois - 1 || date.getUTCDate() !== jour) return null;
  return date.toISOString().slice(0, 10);
}

/** "AAAA-MM-JJ" → "JJ/MM/AAAA" (spec §5 display format). */
export function afficherDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const [annee, mois, jour] = iso.slice(0, 10).split("-");
  return `${jour}/${mois}/${annee}`;
}

/**
 * A required date, "JJ/MM/AAAA" or "AAAA-MM-JJ" in, "AAAA-MM-JJ" out, that
 * `accepte(iso, aujourdhui)` must accept, else `message`. `aujourdhui`
 * defaults to the Europe/Paris date at validation time.
 */
export const dateSelonAujourdhui = (
  accepte: (iso: string, aujourdhui: string) => boolean,
  message: string,
  aujourdhui?: string,
) =>
  z
    .string({ required_error: MESSAGES.requis })
    .trim()
    .min(1, MESSAGES.requis)
    .transform((value, context) => {
      const iso = lireDate(value);
      if (!iso) {
        context.addIssue({ code: "custom", message: MESSAGES.format });
        return z.NEVER;
      }
      if (!accepte(iso, aujourdhui ?? aujourdhuiParis())) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return iso;
    });

/** A date strictly before today (spec §5 dateBefore), as "AAAA-MM-JJ". */
export const dateAvantAujourdhui = (aujourdhui?: string) =>
  dateSelonAujourdhui((iso, jour) => iso < jour, MESSAGES.dateAvantAujourdhui, aujourdhui);

/**
 * Reads a decimal typed the French way (spec §5 Numbers: "7,5", at most two
 * decimals). Returns the number, or an error message of spec §5.
 */
export function lireDecimal(value: string, max: number): number | string {
  const normalise = value.trim().replace(/\s+/g, "").replace(",", ".");
  if (!/^\d+(?:\.\d+)?$/.test(normalise)) return MESSAGES.decimal;
  if (!/^\d+(?:\.\d{1,2})?$/.test(normalise)) return MESSAGES.deuxDecimales;
  const nombre = Number(normalise);
  if (nombre > max) return MESSAGES.maximum(max);
  return nombre;
}

/**
 * An optional decimal typed the French way ({@link lireDecimal}), empty →
 * undefined; a JSON number is taken as it is. Out of `min`…`max`: the
 * message of spec §5 `maximum`.
 */
export const decimalOptionnel = (max: number, min = -Infinity) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z
      .union([z.string(), z.number()])
      .optional()
      .transform((value, context) => {
        if (value === undefined) return undefined;
        const lu = typeof value === "number" ? value : lireDecimal(value, max);
        if (typeof lu === "string") {
          context.addIssue({ code: "custom", message: lu });
          return z.NEVER;
        }
        if (lu > max || lu < min) {
          context.addIssue({ code: "custom", message: MESSAGES.maximum(max) });
          return z.NEVER;
        }
        return lu;
      }),
  );

/**
 * Spec §5 "not above" rules of a form, for its `superRefine`: for each
 * `[champ, plafond, message]`, `message` on `champ` when both are numbers
 * and `champ` is above `plafond` (accompaniment ETP above the structure's…).
 */
export function verifierPlafonds(
  valeurs: object,
  plafonds: readonly (readonly [champ: string, plafond: string, message: string])[],
  context: z.RefinementCtx,
): void {
  const lu = valeurs as Record<string, unknown>;
  for (const [champ, plafond, message] of plafonds) {
    const [valeur, max] = [lu[champ], lu[plafond]];
    if (typeof valeur === "number" && typeof max === "number" && valeur > max)
      context.addIssue({ code: "custom", path: [champ], message });
  }
}

/** 7.5 → "7,5"; 7.50 → "7,5"; 7.25 → "7,25" (spec §9 decimal display). */
export function afficherDecimal(nombre: number | null | undefined): string {
  if (nombre === null || nombre === undefined) return "";
  return String(Math.round(nombre * 100) / 100).replace(".", ",");
}

/** A checkbox that must be ticked: "on"/"true"/true → true, else the message. */
export const caseCochee = (message: string) =>
  z.preprocess(
    (value) => value === true || value === "on" || value === "true",
    z.literal(true, { errorMap: () => ({ message }) }),
  );
