import type { Departement, Region } from "#contract/schemas/geographie";
import type { PerimetreSupervision } from "#contract/schemas/utilisateur";

/**
 * A perimeter or bound (ADR 0041) in words: its régions by name, then the
 * départements that are not in one of them, as "Nom (code)", joined by
 * " ; " — "Aucun" when empty. `regions` and `departements` are the
 * referential (names); an unknown code shows as itself.
 */
export function libellePerimetre(
  perimetre: PerimetreSupervision,
  regions: readonly Region[],
  departements: readonly Departement[],
): string {
  const nomsRegions = perimetre.regions.map(
    (code) => regions.find((region) => region.code === code)?.nom ?? code,
  );
  const seuls = perimetre.departements.flatMap((code) => {
    const departement = departements.find((ligne) => ligne.code === code);
    if (departement && perimetre.regions.includes(departement.codeRegion)) return [];
    return [departement ? `${departement.nom} (${code})` : code];
  });
  return [...nomsRegions, ...seuls].join(" ; ") || "Aucun";
}
