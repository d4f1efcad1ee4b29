/** Users as the API shows them (spec §3 Current user, §7 Intervenants). */
import { z } from "zod";
import { ROLES } from "../roles.ts";

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
  authenticated: z.literal(true),
  /** The company of a demandeur; null for staff. */
  societe: societeResumeSchema.nullable(),
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
  servicesInstructeur: z.array(z.coerce.number().int().positive()).max(200).default([]),
});

/** GET /api/intervenants/services-instructeur item. */
export const serviceInstructeurSchema = serviceResumeSchema.extend({
  email: z.string().nullable(),
  departements: z.array(z.object({ code: z.string(), nom: z.string() })),
});
export type ServiceInstructeur = z.infer<typeof serviceInstructeurSchema>;
