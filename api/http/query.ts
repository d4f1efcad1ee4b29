/**
 * Reading query strings as spec §7 sends them (lists as repeated `key[]`,
 * null values skipped), whatever Express's query parser: its "simple"
 * parser keeps the `[]` in the key, the "extended" one strips it.
 */
import type { AnyZodObject, ZodTypeAny } from "zod";
import { isList } from "../../contract/api/endpoint.ts";

/**
 * The query string of `url` as an object for `schema` (spec §7): `key[]`
 * (also `key` and `key[0]`, as the API always read them) of a list field
 * gathered into an array; an empty value of a declared field skipped (spec
 * §7 skips nulls); a value repeated for a single-valued field, or sent as
 * `key[]`, kept as an array so that the schema refuses it; unknown keys
 * kept so that a strict schema refuses them.
 */
export function readQuery(url: string, schema: AnyZodObject): Record<string, unknown> {
  const start = url.indexOf("?");
  const search = new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
  const shape: Record<string, ZodTypeAny> = schema.shape;
  const fieldOf = (name: string) => (Object.hasOwn(shape, name) ? shape[name] : undefined);
  const values = new Map<string, { list: boolean; items: string[] }>();
  for (const [key, value] of search) {
    const indexed = /^(.+)\[(\d*)\]$/.exec(key);
    const indexedField = indexed ? fieldOf(indexed[1]) : undefined;
    const marked =
      indexed !== null && (indexed[2] === "" || (indexedField && isList(indexedField)));
    const name = marked ? indexed[1] : key;
    const field = fieldOf(name);
    if (field && value === "") continue;
    const entry = values.get(name) ?? { list: false, items: [] };
    entry.list ||= Boolean(marked) || Boolean(field && isList(field));
    entry.items.push(value);
    values.set(name, entry);
  }
  return Object.fromEntries(
    [...values].map(([name, { list, items }]) => [
      name,
      list || items.length > 1 ? items : items[0],
    ]),
  );
}
