/**
 * The parts the filtered, paged lists declare alike (spec §7: lists as
 * repeated `key[]`, the sort as `order[champ]=asc|desc`): the page number,
 * a list parameter, the sort, the page answer, and the filters handed back
 * to the list's one reader in contract/schemas.
 */
import { z, type AnyZodObject } from "zod";
import { json } from "./composants.ts";

/** `page` as sent: a list's page number. */
export const numeroPage = () =>
  z.string().optional().openapi({ description: "À partir de 1 ; 1 par défaut" });

/** A list parameter, sent as repeated `key[]`; `description` says what it lists. */
export const listeRepetee = (description: string) =>
  z.array(z.string()).optional().openapi({ description });

/** The sort `order[champ]=asc|desc`, `champ` among `tris`; `parDefaut` names the default order. */
export const ordreDeTri = (tris: readonly string[], parDefaut: string) =>
  z
    .record(z.union([z.string(), z.array(z.string())]))
    .optional()
    .openapi({
      description: `Tri \`order[champ]=asc|desc\`, champ parmi ${tris.join(", ")} (${parDefaut} par défaut)`,
    });

/** A page of `schema` items (`page`, `nb_elements`, `nb_pages`, `result`) as a JSON answer. */
export const reponsePage = <S extends z.ZodTypeAny>(schema: S, description: string) =>
  json(
    z.object({
      page: z.number().int(),
      nb_elements: z.number().int(),
      nb_pages: z.number().int(),
      result: z.array(schema),
    }),
    description,
  );

/** A filter value as declared: a string, a list (`key[]`) or a sort (`order[champ]`). */
type ValeurFiltre = string | string[] | Record<string, string | string[]>;

/**
 * The `query` and `rules` of a filtered list: `filtres` as sent, then the
 * same values written back as a query string for `lire`, the list's one
 * reader (contract/schemas), so that the API reads them as the pages do.
 * Values are not checked here: the reader ignores what it does not know.
 */
export function requeteFiltree<F extends AnyZodObject, T>(
  filtres: F,
  lire: (params: URLSearchParams) => T,
) {
  const relus = filtres.transform((valeurs) => {
    const params = new URLSearchParams();
    for (const [cle, valeur] of Object.entries(
      valeurs as Record<string, ValeurFiltre | undefined>,
    )) {
      if (valeur === undefined) continue;
      if (typeof valeur === "string") params.append(cle, valeur);
      else if (Array.isArray(valeur)) for (const item of valeur) params.append(`${cle}[]`, item);
      else
        for (const [champ, sens] of Object.entries(valeur))
          for (const item of [sens].flat()) params.append(`${cle}[${champ}]`, item);
    }
    return lire(params);
  });
  return { query: filtres, rules: { query: relus } };
}
