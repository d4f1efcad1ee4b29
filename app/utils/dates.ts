/**
 * Dates as the portal shows them (spec §5 "day/month/year", §9 24-hour
 * time): instants are read in Europe/Paris (DESIGN §5), calendar dates
 * ("AAAA-MM-JJ") as they are.
 */
import { afficherDate, aujourdhuiParis } from "#contract/validation";
/*
 * Shared Intl formatters rather than date-fns' time-zone dates, which cost
 * ≈ 10 µs a call and added up to 1 ms per list page. fr-FR writes
 * "14:05" as spec §9 wants it.
 */
const HEURE_PARIS = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "AAAA-MM-JJ" or an ISO 8601 instant → "jj/mm/aaaa"; "" for null or undefined. */
export function dateFr(valeur: string | null | undefined): string {
  if (!valeur) return "";
  return afficherDate(
    /^\d{4}-\d{2}-\d{2}$/.test(valeur) ? valeur : aujourdhuiParis(new Date(valeur)),
  );
}

/** An ISO 8601 instant → "jj/mm/aaaa à HH:mm" in Europe/Paris. */
export function dateHeureFr(iso: string): string {
  const instant = new Date(iso);
  return `${dateFr(iso)} à ${HEURE_PARIS.format(instant)}`;
}
