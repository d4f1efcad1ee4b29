/**
 * Business roles and role groups (spec §6). Only these roles are read from the
 * token's `realm_access.roles`; anything else a realm carries is ignored.
 */
export const ROLES = [
  "mar_admin",
  "anah_centrale",
  "crhh",
  "instructeur",
  "superviseur",
  "admin_fonctionnel",
  "demandeur",
] as const;

export type Role = (typeof ROLES)[number];

export const CENTRAL_ROLES = ["mar_admin", "anah_centrale"] as const satisfies readonly Role[];
export const INSTRUCTION_ROLES = [
  "crhh",
  "instructeur",
  "superviseur",
] as const satisfies readonly Role[];
export const STAFF_ROLES = [...CENTRAL_ROLES, ...INSTRUCTION_ROLES] as const;
/** "Managers" of the spec's menus: the instruction roles that run files day to day. */
export const MANAGER_ROLES = ["instructeur", "superviseur"] as const satisfies readonly Role[];

/** French labels shown to users (home card, account page). */
export const ROLE_LABELS: Record<Role, string> = {
  mar_admin: "Administrateur MAR",
  anah_centrale: "Anah centrale",
  crhh: "Membre du CRHH",
  instructeur: "Instructeur",
  superviseur: "Superviseur",
  admin_fonctionnel: "Administrateur fonctionnel",
  demandeur: "Demandeur",
};

/** Keeps the business roles of a raw role list, in the order of ROLES. */
export function businessRoles(raw: readonly unknown[] | undefined | null): Role[] {
  const set = new Set(raw ?? []);
  return ROLES.filter((role) => set.has(role));
}

export function hasAnyRole(roles: readonly Role[], wanted: readonly Role[]): boolean {
  return roles.some((role) => wanted.includes(role));
}

/** The role gates of spec §6, by name. */
export const ROLE_GATES = {
  instruction: INSTRUCTION_ROLES,
  staff: STAFF_ROLES,
  superviseur: ["superviseur"],
  adminFonctionnel: ["admin_fonctionnel"],
  demandeur: ["demandeur"],
  central: CENTRAL_ROLES,
  manager: MANAGER_ROLES,
} as const satisfies Record<string, readonly Role[]>;

export type RoleGate = keyof typeof ROLE_GATES;
