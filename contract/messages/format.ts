/**
 * Placeholders of the message catalogue: the spec writes them `{name}`
 * ("Cette valeur est inférieur à {min}"); the catalogue keeps that form so
 * that its texts read exactly as the spec's, and fills them here.
 */

/** Names of the `{name}` placeholders of a template, as a union of string literals. */
export type Variables<Modele extends string> =
  Modele extends `${string}{${infer Nom}}${infer Reste}` ? Nom | Variables<Reste> : never;

/** Values of a template's placeholders; none for a template without any. */
export type Valeurs<Modele extends string> = Record<Variables<Modele>, string | number>;

/**
 * `modele` with each `{name}` replaced by `valeurs[name]`; the placeholder
 * names are checked at compile time. A placeholder without a value stays as
 * it is.
 */
export function formater<Modele extends string>(modele: Modele, valeurs: Valeurs<Modele>): string {
  const table = valeurs as Record<string, string | number>;
  return modele.replace(/\{(\w+)\}/g, (marque, nom: string) =>
    Object.prototype.hasOwnProperty.call(table, nom) ? String(table[nom]) : marque,
  );
}

/**
 * The same template in the interface's placeholder syntax (app/i18n.ts:
 * `{{name}}`), for the texts of `app/locales/fr/` that come from the catalogue.
 */
export function versModeleInterface(modele: string): string {
  return modele.replace(/\{(\w+)\}/g, "{{$1}}");
}
