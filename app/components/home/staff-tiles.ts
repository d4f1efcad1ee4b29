import { CENTRAL_ROLES, MANAGER_ROLES, STAFF_ROLES, hasAnyRole, type Role } from "#contract/roles";

export interface StaffTile {
  id: string;
  titre: string;
  description: string;
  href: string;
  /** The tile shows when the user holds one of these roles. */
  roles: readonly Role[];
}

/**
 * The tiles of spec §2 "Home for staff", in display order, with the roles
 * that see each one (spec §6: managers, admin/central, admin_fonctionnel).
 */
export const STAFF_TILES: readonly StaffTile[] = [
  {
    id: "mes-dossiers",
    titre: "Mes dossiers",
    description: "Les dossiers qui vous sont affectés ou qui relèvent de votre périmètre.",
    href: "/mes-dossiers",
    roles: MANAGER_ROLES,
  },
  {
    id: "tous-les-dossiers",
    titre: "Tous les dossiers",
    description: "Les demandes d'agrément et les changements notables.",
    href: "/tous-les-dossiers",
    roles: STAFF_ROLES,
  },
  {
    id: "activite",
    titre: "Suivi de l'activité",
    description: "Les indicateurs de dépôt, d'instruction et de délais.",
    href: "/activite",
    roles: [...MANAGER_ROLES, ...CENTRAL_ROLES],
  },
  {
    id: "gestion-des-comptes",
    titre: "Gestion des comptes",
    description: "Les comptes des structures demandeuses.",
    href: "/gestion-des-comptes",
    roles: ["admin_fonctionnel"],
  },
  {
    id: "etablissements-reference",
    titre: "Référentiel des établissements",
    description: "Télécharger la liste des établissements référencés.",
    href: "/etablissements/reference",
    roles: CENTRAL_ROLES,
  },
  {
    id: "etablissements-liste",
    titre: "Liste des établissements",
    description: "Les établissements référencés par les opérateurs agréés.",
    href: "/etablissements/liste",
    roles: MANAGER_ROLES,
  },
  {
    id: "agrements",
    titre: "Agréments",
    description: "Les agréments délivrés, suspendus ou retirés.",
    href: "/agrements",
    roles: [...MANAGER_ROLES, ...CENTRAL_ROLES],
  },
];

/** The tiles a user with `roles` sees, in display order. */
export function staffTilesFor(roles: readonly Role[]): StaffTile[] {
  return STAFF_TILES.filter((tile) => hasAnyRole(roles, tile.roles));
}
