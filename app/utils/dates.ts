/**
 * Dates as the portal shows them (spec §5 "day/month/year", §9 24-hour
 * time): instants are read in Europe/Paris (DESIGN §5), calendar dates
 * ("AAAA-MM-JJ") as they are.
 */
import { tz } from "@date-fns/tz";
import { format, parseISO } from "date-fns";

const PARIS = tz("Europe/Paris");

/** "AAAA-MM-JJ" or an ISO 8601 instant → "jj/mm/aaaa"; "" for null or undefined. */
export function dateFr(valeur: string | null | undefined): string {
  if (!valeur) return "";
  return /^\d{4}-\d{2}-\d{2}$/.test(valeur)
    ? format(parseISO(valeur), "dd/MM/yyyy")
    : format(new Date(valeur), "dd/MM/yyyy", { in: PARIS });
}

/** An ISO 8601 instant → "jj/mm/aaaa à HH:mm" in Europe/Paris. */
export function dateHeureFr(iso: string): string {
  return format(new Date(iso), "dd/MM/yyyy 'à' HH:mm", { in: PARIS });
}
