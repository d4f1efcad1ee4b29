/**
 * DESIGN §4 "who sees what" as SQL conditions on `demande`, for the lists
 * and exports: the same rule as `peutVoir` (api/domain/acces.ts), which
 * decides for one loaded row. tests/api/listes.test.ts checks on a mixed data
 * set that both agree.
 */
import { and, eq, inArray, isNotNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import { ETATS_BROUILLON_DEMANDE } from "../../../contract/etats.ts";
import { CENTRAL_ROLES, hasAnyRole } from "../../../contract/roles.ts";
import { demandes } from "../../db/schema.ts";
import { ETATS_ATTENTE_SUPERVISEUR } from "../workflow.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";

const AUCUNE = sql`false`;

/** `or` of the defined conditions; false when there is none. */
function ouAucune(...conditions: (SQL | undefined)[]): SQL {
  return or(...conditions) ?? AUCUNE;
}

/**
 * Requests whose head office lies in the superviseur's perimeter (régions or
 * départements), or of his service when he has not defined one yet: the SQL
 * form of `couvre` (contract/perimetre.ts), which `peutVoir` applies.
 */
function perimetreSuperviseur(utilisateur: UtilisateurConnecte): SQL {
  const { perimetreSupervision: perimetre, serviceInstructeurId } = utilisateur.row;
  if (!perimetre)
    return serviceInstructeurId === null
      ? AUCUNE
      : eq(demandes.serviceInstructeurId, serviceInstructeurId);
  return ouAucune(
    perimetre.regions.length ? inArray(demandes.codeRegion, perimetre.regions) : undefined,
    perimetre.departements.length
      ? inArray(demandes.codeDepartement, perimetre.departements)
      : undefined,
  );
}

/**
 * Rows of `demande` that `utilisateur` may see (DESIGN §4, as `peutVoir`):
 * his company's requests, drafts included, for an applicant; never a draft
 * nor a request cancelled before deposit for staff; every other request for central roles; the service's for
 * instructeur and crhh; the perimeter's (or the service's) for a superviseur.
 */
export function conditionVisibilite(utilisateur: UtilisateurConnecte): SQL {
  const { row, roles } = utilisateur;
  const personnel = ouAucune(
    hasAnyRole(roles, CENTRAL_ROLES) ? sql`true` : undefined,
    hasAnyRole(roles, ["instructeur", "crhh"]) && row.serviceInstructeurId !== null
      ? eq(demandes.serviceInstructeurId, row.serviceInstructeurId)
      : undefined,
    roles.includes("superviseur") ? perimetreSuperviseur(utilisateur) : undefined,
  );
  return ouAucune(
    roles.includes("demandeur") && row.societeId
      ? eq(demandes.societeId, row.societeId)
      : undefined,
    and(
      notInArray(demandes.etat, [...ETATS_BROUILLON_DEMANDE]),
      isNotNull(demandes.dateDepot),
      personnel,
    ),
  );
}

/**
 * "My files" (page /mes-dossiers, DESIGN §4, ADR 0014): assigned to him for
 * an instructeur; for a superviseur, the files of his perimeter that wait
 * for him (`ETATS_ATTENTE_SUPERVISEUR`), so that the page differs from "Tous
 * les dossiers", which shows his whole perimeter. Undefined for a user who
 * is neither: the page is for managers only.
 */
export function conditionMesDossiers(utilisateur: UtilisateurConnecte): SQL | undefined {
  const { row, roles } = utilisateur;
  const conditions = [
    roles.includes("instructeur") ? eq(demandes.instructeurId, row.id) : undefined,
    roles.includes("superviseur")
      ? and(
          perimetreSuperviseur(utilisateur),
          inArray(demandes.etat, [...ETATS_ATTENTE_SUPERVISEUR]),
        )
      : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length ? ouAucune(...conditions) : undefined;
}
