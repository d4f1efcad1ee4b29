/**
 * Reference (and demonstration) data, written at every start by
 * server/app.ts and by `npm run seed`. Idempotent: a second run changes
 * nothing and costs a few queries.
 */
import type { Logger } from "pino";
import type { Database } from "../client.ts";
import { seedDemo } from "./demo.ts";
import { seedGeographie } from "./geographie.ts";
import { seedReference } from "./reference.ts";

/** Loads reference data once (idempotent), and demo data when `demo`. */
export async function seedDatabase(
  database: Database,
  options: { demo: boolean; logger: Logger },
): Promise<void> {
  await seedGeographie(database, options.logger);
  await seedReference(database);
  if (options.demo) await seedDemo(database);
}
