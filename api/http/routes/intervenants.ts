/**
 * Instruction staff and services (spec §7 Intervenants): used by assignment
 * and dashboard filters. Staff only (spec §6 gate `staff`).
 */
import { and, arrayOverlaps, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { Router, type RequestHandler } from "express";
import {
  CENTRAL_ROLES,
  INSTRUCTION_ROLES,
  businessRoles,
  hasAnyRole,
} from "../../../contract/roles.ts";
import {
  listerIntervenants,
  listerServicesInstructeurs,
} from "../../../contract/api/intervenants.ts";
import type { Intervenant, ServiceInstructeur } from "../../../contract/schemas/utilisateur.ts";
import type { Database } from "../../db/client.ts";
import {
  departements,
  serviceInstructeurDepartements,
  servicesInstructeur,
  utilisateurs,
} from "../../db/schema.ts";
import { endpoints } from "../endpoint.ts";

/** Routes under /intervenants (contract/api/intervenants.ts); staff, signed in. */
export function intervenantsRoutes(database: Database, authenticate: RequestHandler): Router {
  const { db } = database;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * Instruction-role users of `servicesInstructeur[]` (service ids); without
   * the parameter, of the caller's service, or of every service for central
   * roles. Sorted by last then first name.
   */
  points.register(listerIntervenants, async ({ utilisateur, query }, _req, res) => {
    const { row, roles } = utilisateur;
    const demandes = query.servicesInstructeur;
    let serviceIds: number[] | "tous";
    if (demandes.length > 0) serviceIds = demandes;
    else if (row.serviceInstructeurId) serviceIds = [row.serviceInstructeurId];
    else serviceIds = hasAnyRole(roles, CENTRAL_ROLES) ? "tous" : [];
    if (serviceIds !== "tous" && serviceIds.length === 0) {
      res.json([]);
      return;
    }
    const rows = await db
      .select({
        id: utilisateurs.id,
        firstName: utilisateurs.prenom,
        lastName: utilisateurs.nom,
        email: utilisateurs.email,
        roles: utilisateurs.roles,
        serviceId: servicesInstructeur.id,
        serviceCode: servicesInstructeur.code,
        serviceNom: servicesInstructeur.nom,
      })
      .from(utilisateurs)
      .innerJoin(servicesInstructeur, eq(servicesInstructeur.id, utilisateurs.serviceInstructeurId))
      .where(
        and(
          isNotNull(utilisateurs.serviceInstructeurId),
          eq(utilisateurs.statut, "actif"),
          arrayOverlaps(utilisateurs.roles, [...INSTRUCTION_ROLES]),
          serviceIds === "tous"
            ? undefined
            : inArray(utilisateurs.serviceInstructeurId, serviceIds),
        ),
      )
      .orderBy(asc(utilisateurs.nom), asc(utilisateurs.prenom));
    const result: Intervenant[] = rows.map((item) => ({
      id: item.id,
      firstName: item.firstName,
      lastName: item.lastName,
      email: item.email,
      roles: businessRoles(item.roles),
      service: { id: item.serviceId, code: item.serviceCode, nom: item.serviceNom },
    }));
    res.json(result);
  });

  /** Every service instructeur with the départements it covers, by code. */
  points.register(listerServicesInstructeurs, async (_entree, _req, res) => {
    const rows = await db
      .select({
        id: servicesInstructeur.id,
        code: servicesInstructeur.code,
        nom: servicesInstructeur.nom,
        email: servicesInstructeur.email,
        codeDepartement: departements.code,
        nomDepartement: departements.nom,
      })
      .from(servicesInstructeur)
      .leftJoin(
        serviceInstructeurDepartements,
        eq(serviceInstructeurDepartements.serviceInstructeurId, servicesInstructeur.id),
      )
      .leftJoin(departements, eq(departements.code, serviceInstructeurDepartements.codeDepartement))
      .orderBy(asc(servicesInstructeur.code), asc(departements.code));
    const services = new Map<number, ServiceInstructeur>();
    for (const item of rows) {
      const service =
        services.get(item.id) ??
        services
          .set(item.id, {
            id: item.id,
            code: item.code,
            nom: item.nom,
            email: item.email,
            departements: [],
          })
          .get(item.id)!;
      if (item.codeDepartement && item.nomDepartement) {
        service.departements.push({ code: item.codeDepartement, nom: item.nomDepartement });
      }
    }
    res.json([...services.values()]);
  });

  return router;
}
