/**
 * Reading query strings as spec §7 sends them (lists as repeated `key[]`,
 * maps as `key[name]=value` such as `order[field]=asc`, null values
 * skipped), whatever Express's query parser: its "simple" parser keeps the
 * brackets in the key, the "extended" one builds objects of its own.
 */
import { z, type AnyZodObject, type ZodTypeAny } from "zod";
import { isList, unwrap } from "../../contract/api/endpoint.ts";

/** Whether query field `schema` is a map, sent as `key[name]=value` (`order[field]=asc`). */
function isMap(schema: ZodTypeAny): boolean {
  return unwrap(schema) instanceof z.ZodRecord;
}

/**
 * The query string of `url` as an object for `schema` (spec §7): `key[]`
 * (also `key` and `key[0]`, as the API always read them) of a list field
 * gathered into an array; `key[name]` of a map field gathered into the
 * object `key` (a name sent twice gives an array, for the schema to
 * refuse); an empty value of a declared field skipped (spec §7 skips
 * nulls); a value repeated for a single-valued field, or sent as `key[]`,
 * kept as an array so that the schema refuses it; unknown keys kept so
 * that a strict schema refuses them.
 */
export function readQuery(url: string, schema: AnyZodObject): Record<string, unknown> {
  const start = url.indexOf("?");
  const search = new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
  const shape: Record<string, ZodTypeAny> = schema.shape;
  const fieldOf = (name: string) => (Object.hasOwn(shape, name) ? shape[name] : undefined);
  const values = new Map<string, { list: boolean; items: string[] }>();
  const maps = new Map<string, Map<string, string[]>>();
  for (const [key, value] of search) {
    const keyed = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    const mapField = keyed ? fieldOf(keyed[1]) : undefined;
    if (keyed && mapField && isMap(mapField)) {
      if (value === "") continue;
      const map = maps.get(keyed[1]) ?? new Map<string, string[]>();
      map.set(keyed[2], [...(map.get(keyed[2]) ?? []), value]);
      maps.set(keyed[1], map);
      continue;
    }
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
  const query: Record<string, unknown> = Object.fromEntries(
    [...values].map(([name, { list, items }]) => [
      name,
      list || items.length > 1 ? items : items[0],
    ]),
  );
  for (const [name, map] of maps) {
    // Sent both as `key=…` and `key[name]=…`: kept as a list, for the schema to refuse.
    const entries = Object.fromEntries(
      [...map].map(([cle, items]) => [cle, items.length > 1 ? items : items[0]]),
    );
    query[name] = Object.hasOwn(query, name) ? [query[name], entries] : entries;
  }
  return query;
}
