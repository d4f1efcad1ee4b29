/**
 * Forms of the account settings (spec §2 "account settings sections", §5
 * Accounts, §7 Accounts and users, §8; ADR 0025): change
 * of e-mail, change of password, supervision perimeter. The same schemas
 * drive the forms of /account/params (conform) and the API's rules.
 */
import { z } from "zod";
import { MESSAGES_ERREURS } from "../messages/erreurs.ts";
import { MESSAGES, email, motDePasse } from "../validation.ts";
export type { PerimetreSupervision } from "./utilisateur.ts";

/** Spec §8 invalid e-mail token: an unknown, expired or already used link. */
export const MESSAGE_LIEN_PLUS_VALABLE = MESSAGES_ERREURS.verifyToken;

/** Spec §5 Accounts: the new password must differ from the old. */
export const MESSAGE_MOT_DE_PASSE_IDENTIQUE =
  "Le nouveau mot de passe doit être différent de l'ancien.";

/** Bad input: the current password does not match. */
export const MESSAGE_MOT_DE_PASSE_ACTUEL_INCORRECT = "Le mot de passe actuel est incorrect.";

/** Bad input: the new address belongs to an account already. */
export const MESSAGE_EMAIL_DEJA_UTILISE =
  "Cette adresse électronique est déjà utilisée par un autre compte.";

/** The new address is the current one. */
export const MESSAGE_EMAIL_IDENTIQUE = "Cette adresse électronique est déjà celle de votre compte.";

/** The password is kept by an external identity provider (Keycloak): not changeable here. */
export const MESSAGE_MOT_DE_PASSE_EXTERNE =
  "Votre mot de passe est géré par le service d'authentification de l'Anah.";

/** Spec §5 Perimeter, for the supervision perimeter: at least one région or département. */
export const MESSAGE_PERIMETRE_SUPERVISION_REQUIS = "Le périmètre de supervision est requis";

/** ADR 0041: a région or département outside what the superviseur may choose. */
export const MESSAGE_PERIMETRE_HORS_BORNE = "Ce périmètre dépasse celui qui vous est ouvert";

/** Validity of an e-mail change link, in hours (ADR 0025). */
export const VALIDITE_LIEN_CHANGEMENT_EMAIL_HEURES = 24;

/** The current password, required before any change of who can reach the account. */
const motDePasseActuel = () =>
  z.string({ required_error: MESSAGES.requis }).min(1, MESSAGES.requis);

/**
 * POST /api/user/token-mail/changement: the new address and the current
 * password (whoever borrows a signed-in session must not redirect the
 * account's mail, then reset its password from there).
 */
export const schemaChangementEmail = z.object({
  email: email(),
  motDePasseActuel: motDePasseActuel(),
});
export type ChangementEmail = z.infer<typeof schemaChangementEmail>;

/** POST /api/user/token-mail/confirmation: the token of the link. */
export const schemaConfirmationEmail = z.object({
  token: z
    .string({ required_error: MESSAGE_LIEN_PLUS_VALABLE })
    .trim()
    .min(1, MESSAGE_LIEN_PLUS_VALABLE),
});

/**
 * POST /api/user/mot-de-passe: current password, new one (spec §5 rule,
 * contract/validation.ts `motDePasse`), its confirmation (equal). "Different
 * from the old" needs the stored hash: the API checks it.
 */
export const schemaChangementMotDePasse = z
  .object({
    motDePasseActuel: motDePasseActuel(),
    motDePasse: motDePasse(),
    confirmation: z.string({ required_error: MESSAGES.requis }).min(1, MESSAGES.requis),
  })
  .superRefine((valeur, ctx) => {
    if (valeur.confirmation && valeur.confirmation !== valeur.motDePasse)
      ctx.addIssue({ code: "custom", path: ["confirmation"], message: MESSAGES.egalite });
  });
export type ChangementMotDePasse = z.infer<typeof schemaChangementMotDePasse>;

/** A list posted as repeated keys (`regions[]`, `regions`) or one value; codes only. */
export const listeDeCodes = z.preprocess(
  (valeur) =>
    valeur === undefined || valeur === null || valeur === ""
      ? []
      : Array.isArray(valeur)
        ? valeur
        : [valeur],
  z
    .array(
      z
        .string()
        .trim()
        .regex(/^[0-9A-Z]{2,3}$/, MESSAGES.format),
    )
    .max(200),
);

/**
 * POST /api/user/perimetre-supervision (spec §7): régions and départements
 * (codes), at least one of them, and the current password (ADR 0041: a
 * change of what the account can reach). Whether each code exists and lies
 * within the account's bound, and whether the password is needed (held
 * here, not by an external identity provider), are the API's checks.
 */
export const schemaPerimetreSupervision = z
  .object({
    regions: listeDeCodes,
    departements: listeDeCodes,
    motDePasseActuel: z.string().optional(),
  })
  .superRefine((valeur, ctx) => {
    if (valeur.regions.length === 0 && valeur.departements.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["regions"],
        message: MESSAGE_PERIMETRE_SUPERVISION_REQUIS,
      });
  });
export type SaisiePerimetreSupervision = z.infer<typeof schemaPerimetreSupervision>;

/** GET /api/user/token-mail/changement?token= (spec §3 `isEmailTokenValid`). */
export const verificationLienEmailSchema = z.object({
  isEmailTokenValid: z.boolean(),
  /** The address the link would confirm, when valid. */
  email: z.string().nullable(),
});
export type VerificationLienEmail = z.infer<typeof verificationLienEmailSchema>;

/**
 * Whether a superviseur must choose his perimeter first (spec §6: a perimeter
 * defined but holding no région and no département → blocking modal).
 * `null` (never defined) does not block: his service's files stand in (DESIGN §4).
 */
export function perimetreSupervisionABloquer(utilisateur: {
  roles: readonly string[];
  perimetreSupervision: { regions: string[]; departements: string[] } | null;
}): boolean {
  const perimetre = utilisateur.perimetreSupervision;
  return (
    utilisateur.roles.includes("superviseur") &&
    perimetre !== null &&
    perimetre.regions.length === 0 &&
    perimetre.departements.length === 0
  );
}
