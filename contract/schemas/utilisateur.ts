/** Users as the API shows them (spec §3 Current user, §7 Intervenants). */
import { z } from "zod";
import { ROLES } from "../roles.ts";
import { ENTIER_MAX } from "../validation.ts";
import { PARAMETRES_MAIL, type CodeParametreMail } from "./parametres-mail.ts";

export const roleSchema = z.enum(ROLES);

/** A service instructeur in short. */
export const serviceResumeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nom: z.string(),
});
export type ServiceResume = z.infer<typeof serviceResumeSchema>;

/** Supervision perimeter (spec §3): region and département codes. */
export const perimetreSupervisionSchema = z.object({
  regions: z.array(z.string()),
  departements: z.array(z.string()),
});
export type PerimetreSupervision = z.infer<typeof perimetreSupervisionSchema>;

/** The applicant's company, for a demandeur. */
export const societeResumeSchema = z.object({
  siren: z.string(),
  raisonSociale: z.string(),
  qualites: z.array(z.string()),
});
export type SocieteResume = z.infer<typeof societeResumeSchema>;

/** Mail preferences as the API shows them: every code of PARAMETRES_MAIL → wanted. */
export type ParametresMail = Record<CodeParametreMail, boolean>;

/** Reads a checkbox: ticked when posted as "on" or "true" (or JSON true); absent = no. */
const caseCochee = z.preprocess(
  (value) => value === true || value === "on" || value === "true",
  z.boolean(),
);

/**
 * POST /api/user/parametre-mail (spec §7), form or JSON: one checkbox per
 * code of PARAMETRES_MAIL, checkbox semantics (a code left out means "no"
 * mail of that kind). Unknown fields are ignored. The same schema drives
 * the form of /account/params (conform) and the API.
 */
export const schemaParametresMail = z.object(
  Object.fromEntries(PARAMETRES_MAIL.map(({ code }) => [code, caseCochee])) as Record<
    CodeParametreMail,
    typeof caseCochee
  >,
);

/**
 * The preferences of a stored `parametresMail` map with their defaults: a
 * code never set means yes (spec §3 mail notification parameters).
 */
export function parametresMailAvecDefauts(stockes: Record<string, boolean> | null): ParametresMail {
  return Object.fromEntries(
    PARAMETRES_MAIL.map(({ code }) => [code, stockes?.[code] !== false]),
  ) as ParametresMail;
}

/** GET /api/user/account: the signed-in user. */
export const utilisateurCourantSchema = z.object({
  id: z.string().uuid(),
  idIDP: z.string(),
  email: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  /** Business roles only (contract/roles.ts). */
  roles: z.array(roleSchema),
  service: serviceResumeSchema.nullable(),
  region: z.string().nullable(),
  /** Accepted the CGU version in force. */
  acceptedCgu: z.boolean(),
  /** Version of the CGU last accepted (null: never); differs from CGU_VERSION after an update. */
  cguVersionAcceptee: z.string().nullable(),
  /** True only for a demandeur who has not accepted the CGU version in force. */
  shallAcceptCgu: z.boolean(),
  acceptNotificationActuality: z.boolean(),
  /** null when no perimeter was ever defined. */
  perimetreSupervision: perimetreSupervisionSchema.nullable(),
  /**
   * What a superviseur may choose his perimeter from (ADR 0041): régions,
   * and départements (those of these régions included); null for other roles.
   */
  borneSupervision: perimetreSupervisionSchema.nullable(),
  authenticated: z.literal(true),
  /** The company of a demandeur; null for staff. */
  societe: societeResumeSchema.nullable(),
  /** Mail preferences, one boolean per code of PARAMETRES_MAIL (never set = true). */
  parametresMail: z.object(
    Object.fromEntries(PARAMETRES_MAIL.map(({ code }) => [code, z.boolean()])) as Record<
      CodeParametreMail,
      z.ZodBoolean
    >,
  ),
});
export type UtilisateurCourant = z.infer<typeof utilisateurCourantSchema>;

/** GET /api/intervenants item: an instruction-staff member. */
export const intervenantSchema = z.object({
  id: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  service: serviceResumeSchema.nullable(),
});
export type Intervenant = z.infer<typeof intervenantSchema>;

/** Query of GET /api/intervenants (list sent as repeated `servicesInstructeur[]`). */
export const intervenantsQuerySchema = z.object({
  servicesInstructeur: z
    .array(z.coerce.number().int().positive().max(ENTIER_MAX))
    .max(200)
    .default([]),
});

/** GET /api/intervenants/services-instructeur item. */
export const serviceInstructeurSchema = serviceResumeSchema.extend({
  email: z.string().nullable(),
  departements: z.array(z.object({ code: z.string(), nom: z.string() })),
});
export type ServiceInstructeur = z.infer<typeof serviceInstructeurSchema>;
