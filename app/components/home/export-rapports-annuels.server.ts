/**
 * Server side of the staff home's yearly export of the annual activity
 * reports: who sees the form, and which years it offers.
 */
import type { AppLoadContext } from "@remix-run/node";
import { aujourdhuiParis } from "#contract/delais";
import { STAFF_ROLES, hasAnyRole, type Role } from "#contract/roles";
import { anneesExportRapports } from "~/components/dossier/rapports-annuels-staff";

/**
 * The years of the export form for a user holding `roles`: none unless a
 * staff role (spec §6 gate `staff`, that of GET /api/rapport-annuels/export);
 * else 2024 to the previous Europe/Paris year, newest first. On an
 * acceptance-testing portal whose business date is simulated
 * (HORLOGE_RECETTE, `context.dateSimulee`), that date's year, so that the
 * form follows the API's clock.
 */
export function anneesExportPour(roles: readonly Role[], context: AppLoadContext): number[] {
  if (!hasAnyRole(roles, STAFF_ROLES)) return [];
  const simulee = (context as { dateSimulee?: () => string | null }).dateSimulee?.() ?? null;
  return anneesExportRapports(aujourdhuiParis(simulee ? new Date(simulee) : new Date()));
}
