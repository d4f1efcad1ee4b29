/**
 * Options of `npm run seed` for the scale dataset, read before anything
 * touches the database: `--scale N` (N > 0, decimals allowed, "0,01" as
 * well as "0.01"), `--reset`, `--seed S`, `--date AAAA-MM-JJ`. A missing
 * or invalid value is a French error and nothing is done.
 */

/** A refusal the command reports as it is (French, no stack trace). */
export class ErreurEchelle extends Error {}

export interface ArgumentsSeed {
  /** Absent: reference and demo data only. */
  echelle?: number;
  reinitialiser: boolean;
  graine?: number;
  aujourdhui?: string;
}

/** Largest scale accepted (10 is the benchmark's export target; 100 leaves room). */
export const ECHELLE_MAX = 100;

const USAGE =
  "Usage : npm run seed [-- --scale N [--reset] [--seed S] [--date AAAA-MM-JJ]] (N > 0, par exemple 1 ou 0,01).";

/** Reads `argv` (the arguments after the script name); throws {@link ErreurEchelle} in French. */
export function lireArguments(argv: readonly string[]): ArgumentsSeed {
  const resultat: ArgumentsSeed = { reinitialiser: false };
  const valeurs = new Map<string, string | undefined>();
  for (let index = 0; index < argv.length; index++) {
    const [option, attachee] = argv[index].split(/=(.*)/s, 2);
    if (option === "--reset") {
      resultat.reinitialiser = true;
      continue;
    }
    if (!["--scale", "--seed", "--date"].includes(option))
      throw new ErreurEchelle(`Option inconnue : « ${argv[index]} ». ${USAGE}`);
    const suivante = argv[index + 1];
    const valeur =
      attachee ?? (suivante !== undefined && !suivante.startsWith("--") ? suivante : undefined);
    if (attachee === undefined && valeur !== undefined) index += 1;
    valeurs.set(option, valeur);
  }
  if (valeurs.has("--scale")) {
    const brute = valeurs.get("--scale");
    const echelle = brute === undefined ? Number.NaN : Number(brute.replace(",", "."));
    if (!brute || !/^\d+([.,]\d+)?$/.test(brute) || !(echelle > 0) || echelle > ECHELLE_MAX)
      throw new ErreurEchelle(
        brute
          ? `--scale attend un nombre strictement positif et au plus ${ECHELLE_MAX} : « ${brute} » ne convient pas. ${USAGE}`
          : `--scale attend un nombre (l'échelle du jeu de données). ${USAGE}`,
      );
    resultat.echelle = echelle;
  }
  if (valeurs.has("--seed")) {
    const brute = valeurs.get("--seed") ?? "";
    if (!/^\d{1,9}$/.test(brute))
      throw new ErreurEchelle(
        `--seed attend un entier positif : « ${brute} » ne convient pas. ${USAGE}`,
      );
    resultat.graine = Number(brute);
  }
  if (valeurs.has("--date")) {
    const brute = valeurs.get("--date") ?? "";
    const date = new Date(`${brute}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(brute) ||
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== brute
    )
      throw new ErreurEchelle(
        `--date attend une date AAAA-MM-JJ : « ${brute} » ne convient pas. ${USAGE}`,
      );
    resultat.aujourdhui = brute;
  }
  if (resultat.echelle === undefined && (resultat.reinitialiser || valeurs.size > 0))
    throw new ErreurEchelle(`--reset, --seed et --date s'emploient avec --scale N. ${USAGE}`);
  return resultat;
}
