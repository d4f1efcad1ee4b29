/**
 * Reading query strings whatever the app's query parser: spec §7 sends lists
 * as repeated `key[]`; Express 5's "simple" parser keeps the `[]` in the key,
 * the "extended" one strips it.
 */
import type { Request } from "express";

function strings(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object")
    return Object.values(value as Record<string, unknown>).flatMap(strings);
  return [String(value)];
}

/** All values of list parameter `name` (`name[]=a&name[]=b`, `name=a`, `name[0]=a`). */
export function queryList(req: Request, name: string): string[] {
  const query = req.query as Record<string, unknown>;
  return [...strings(query[`${name}[]`]), ...strings(query[name])].filter((value) => value !== "");
}

/** The first value of scalar parameter `name`, or undefined when absent or empty. */
export function queryValue(req: Request, name: string): string | undefined {
  const [value] = strings((req.query as Record<string, unknown>)[name]);
  return value === "" ? undefined : value;
}
