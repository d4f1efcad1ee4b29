/**
 * Where one page's time goes, for the lead who fixes the slow paths: with
 * the portal logging every request (LOG_LEVEL=info) and, on PostgreSQL,
 * its connections going through the counting relay (pg-counter.ts), five
 * requests per measured URL (after one warm-up request), of which the one
 * of median server time is kept, give
 * - the API calls the Remix loaders made (path, status, server time),
 * - the SQL statements sent, and among them those whose plan reads a big
 *   table (≥ 1,000 rows) by sequential scan (EXPLAIN of the statement with
 *   the parameters it was sent with).
 * Server times come from pino-http (whole milliseconds).
 */
import pg from "pg";
import type { PgCounter, SentStatement } from "./pg-counter.ts";
import type { RunningServer } from "./processes.ts";

/** A URL to profile, with what it must be sent with. */
export interface ProfileTarget {
  id: string;
  url: string;
  headers: Record<string, string>;
}

export interface PageProfile {
  /** Server time of the request itself, in ms (pino-http). */
  serverMs: number | null;
  status: number;
  /** Loopback API calls made while answering (BFF → API), in order of completion. */
  apiCalls: { method: string; path: string; status: number; ms: number }[];
  /** SQL statements sent (PostgreSQL only; null on PGlite). */
  statements: number | null;
  /** Statements EXPLAIN could plan (the others: BEGIN, COMMIT…). */
  explained: number;
  /** Statements whose plan scans a big table sequentially (PostgreSQL only). */
  seqScans: { table: string; rows: number; sql: string }[];
  /** The statements' SQL in the order sent, cut at 200 characters. */
  sql: string[];
}

interface LogLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** Tables and their estimated row counts (pg_class.reltuples, after ANALYZE). */
async function tableSizes(client: pg.Client): Promise<Map<string, number>> {
  const { rows } = await client.query<{ relname: string; reltuples: number }>(
    "select relname, reltuples::float8 as reltuples from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace",
  );
  return new Map(rows.map((row) => [row.relname, Number(row.reltuples)]));
}

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

function seqScannedTables(node: PlanNode, found: Set<string>): Set<string> {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"]) found.add(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScannedTables(child, found);
  return found;
}

const literal = (value: string | null) =>
  value === null ? "NULL" : `'${value.replace(/'/g, "''")}'`;

/** Tables a statement scans sequentially, per EXPLAIN; null when it cannot be explained (BEGIN…). */
async function explain(client: pg.Client, statement: SentStatement): Promise<string[] | null> {
  if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.sql)) return null;
  try {
    await client.query(`prepare bench_profil as ${statement.sql}`);
    const args = statement.params.length ? `(${statement.params.map(literal).join(", ")})` : "";
    const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `explain (format json) execute bench_profil${args}`,
    );
    return [...seqScannedTables(rows[0]["QUERY PLAN"][0].Plan, new Set())];
  } catch {
    return null;
  } finally {
    await client.query("deallocate all");
  }
}

/** Profiled requests per URL; the one of median server time is kept. */
const REPEATS = 5;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Profiles every target against `server` (started with LOG_LEVEL=info).
 * `postgres` gives the relay the portal talks through and the direct URL
 * used for EXPLAIN.
 */
export async function profile(
  server: RunningServer,
  targets: ProfileTarget[],
  postgres?: { counter: PgCounter; databaseUrl: string },
): Promise<Record<string, PageProfile>> {
  const client = postgres ? new pg.Client({ connectionString: postgres.databaseUrl }) : undefined;
  await client?.connect();
  const sizes = client ? await tableSizes(client) : new Map<string, number>();
  const profiles: Record<string, PageProfile> = {};
  try {
    for (const target of targets) {
      const send = async () => {
        const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
        await response.arrayBuffer();
        return response.status;
      };
      await send();
      await pause(100);
      postgres?.counter.take();
      const path = new URL(target.url).pathname + new URL(target.url).search;
      const samples: { status: number; own?: LogLine; lines: LogLine[]; sent?: SentStatement[] }[] =
        [];
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        const lines: LogLine[] = [];
        const stop = server.onLine((line) => {
          if (!line.startsWith("{")) return;
          try {
            lines.push(JSON.parse(line) as LogLine);
          } catch {
            // not a log line
          }
        });
        const status = await send();
        await pause(150);
        stop();
        const own = lines.findLast((line) => line.req?.url === path);
        samples.push({ status, own, lines, sent: postgres?.counter.take() });
      }
      // The sample of median server time stands for the page (the machine is shared: single runs vary).
      samples.sort((a, b) => (a.own?.responseTime ?? 0) - (b.own?.responseTime ?? 0));
      const { status, own, lines, sent } = samples[Math.floor(samples.length / 2)];
      const apiCalls = lines
        .filter((line) => line !== own && line.req?.url?.startsWith("/api/"))
        .map((line) => ({
          method: line.req?.method ?? "",
          path: line.req?.url ?? "",
          status: line.res?.statusCode ?? 0,
          ms: line.responseTime ?? Number.NaN,
        }));
      const seqScans: PageProfile["seqScans"] = [];
      let explained = 0;
      for (const statement of sent ?? []) {
        const tables = await explain(client!, statement);
        if (tables) explained += 1;
        for (const table of tables ?? []) {
          const rows = sizes.get(table) ?? 0;
          if (rows >= 1000) seqScans.push({ table, rows, sql: statement.sql.slice(0, 300) });
        }
      }
      profiles[target.id] = {
        serverMs: own?.responseTime ?? null,
        status,
        apiCalls,
        statements: sent ? sent.length : null,
        explained,
        seqScans,
        sql: (sent ?? []).map((statement) => statement.sql.slice(0, 200)),
      };
    }
  } finally {
    await client?.end();
  }
  return profiles;
}
