/** The choices of the list filters' selects and checkboxes, and their labels in the tags. */

/** One choice of a list filter's select: the value posted and its label. */
export interface OptionFiltre {
  valeur: string;
  libelle: string;
}

/** The choices of `valeurs`, each labelled by `libelles`. */
export function choixFiltre<V extends string>(
  valeurs: readonly V[],
  libelles: Readonly<Record<V, string>>,
): OptionFiltre[] {
  return valeurs.map((valeur) => ({ valeur, libelle: libelles[valeur] }));
}

/** The label of `valeur` among `options` (for a filter's tag); the value itself when none names it. */
export function libelleOption(options: readonly OptionFiltre[], valeur: string): string {
  return options.find((option) => option.valeur === valeur)?.libelle ?? valeur;
}
