/**
 * Dates as the portal shows them (spec §5 "day/month/year", §9 24-hour
 * time): instants are read in Europe/Paris (DESIGN §5), calendar dates
 * ("AAAA-MM-JJ") as they are.
 */
/*
 * One formatter of each kind for the whole process: Intl formatters are
 * costly to build and date-fns' time-zone dates cost ≈ 10 µs a call, which
 * added up to 1 ms per list page (issue 5). fr-FR writes "21/11/2026" and
 * "14:05" exactly as spec §5 and §9 want them.
 */
const JOUR_PARIS = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const HEURE_PARIS = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "AAAA-MM-JJ" or an ISO 8601 instant → "jj/mm/aaaa"; "" for null or undefined. */
export function dateFr(valeur: string | null | undefined): string {
  if (!valeur) return "";
  const jour = /^(\d{4})-(\d{2})-(\d{2})$/.exec(valeur);
  return jour ? `${jour[3]}/${jour[2]}/${jour[1]}` : JOUR_PARIS.format(new Date(valeur));
}

/** An ISO 8601 instant → "jj/mm/aaaa à HH:mm" in Europe/Paris. */
export function dateHeureFr(iso: string): string {
  const instant = new Date(iso);
  return `${JOUR_PARIS.format(instant)} à ${HEURE_PARIS.format(instant)}`;
}
