/**
 * A TCP relay in front of PostgreSQL that counts the statements the portal
 * sends, for the profile of a page (how many SQL round trips one page
 * costs). It reads the frontend side of the wire protocol: after the
 * untyped start-up messages, every message is a type byte and a length;
 * `Q` (simple query) and `E` (execute of the extended protocol, what
 * node-postgres sends for a parameterised query) each count as one
 * statement, kept with its SQL text (from `P`, parse) and its parameters
 * when sent as text (from `B`, bind) so the profile can EXPLAIN it. Bytes
 * pass through unchanged; TLS is not supported (the benchmark talks to a
 * local server without it).
 */
import { createServer, connect, type Server, type Socket } from "node:net";

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** One statement as sent: SQL text and parameters (null for SQL NULL or a binary value). */
export interface SentStatement {
  sql: string;
  params: (string | null)[];
}

export interface PgCounter {
  /** DATABASE_URL that goes through the relay. */
  url: string;
  /** Statements sent so far, all connections together. */
  statements(): number;
  /** The statements sent since the last call (all connections). */
  take(): SentStatement[];
  close(): Promise<void>;
}

function cString(buffer: Buffer, start: number): { text: string; next: number } {
  const end = buffer.indexOf(0, start);
  return { text: buffer.toString("utf8", start, end), next: end + 1 };
}

/** Parameters of a Bind message body (after the type and length). */
function bindParams(body: Buffer): { statement: string; params: (string | null)[] } {
  const portal = cString(body, 0);
  const statement = cString(body, portal.next);
  let offset = statement.next;
  const formatCount = body.readInt16BE(offset);
  offset += 2;
  const formats: number[] = [];
  for (let i = 0; i < formatCount; i++, offset += 2) formats.push(body.readInt16BE(offset));
  const paramCount = body.readInt16BE(offset);
  offset += 2;
  const params: (string | null)[] = [];
  for (let i = 0; i < paramCount; i++) {
    const length = body.readInt32BE(offset);
    offset += 4;
    const format = formats.length === 1 ? formats[0] : (formats[i] ?? 0);
    if (length < 0) params.push(null);
    else {
      params.push(format === 0 ? body.toString("utf8", offset, offset + length) : null);
      offset += length;
    }
  }
  return { statement: statement.text, params };
}

/** Parses the frontend stream of one connection and reports each statement it sends. */
function frontendParser(sent: (statement: SentStatement) => void) {
  let buffer: Buffer = Buffer.alloc(0);
  let untyped = true;
  const prepared = new Map<string, string>();
  let bound: SentStatement | null = null;
  return (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (untyped) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        untyped = code === SSL_REQUEST || code === GSS_REQUEST;
        buffer = buffer.subarray(length);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const type = String.fromCharCode(buffer[0]);
      const body = buffer.subarray(5, 1 + length);
      if (type === "Q") sent({ sql: cString(body, 0).text, params: [] });
      else if (type === "P") {
        const name = cString(body, 0);
        prepared.set(name.text, cString(body, name.next).text);
      } else if (type === "B") {
        const { statement, params } = bindParams(body);
        bound = { sql: prepared.get(statement) ?? "", params };
      } else if (type === "E") sent(bound ?? { sql: "", params: [] });
      buffer = buffer.subarray(1 + length);
    }
  };
}

/** Starts the relay on a free port of 127.0.0.1 towards the server of `databaseUrl`. */
export async function startPgCounter(databaseUrl: string): Promise<PgCounter> {
  const target = new URL(databaseUrl);
  const host = target.hostname || "127.0.0.1";
  const port = Number(target.port || 5432);
  let statements = 0;
  let recorded: SentStatement[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(port, host);
    // As node-postgres and PostgreSQL do: without it, Nagle's algorithm and delayed
    // acknowledgements held some statements 40 ms in the relay, inflating the profile.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    sockets.add(client).add(upstream);
    const parse = frontendParser((statement) => {
      statements += 1;
      if (recorded.length < 10_000) recorded.push(statement);
    });
    client.on("data", (chunk: Buffer) => {
      parse(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const relayed = new URL(databaseUrl);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(typeof address === "object" && address ? address.port : 0);
  return {
    url: relayed.toString(),
    statements: () => statements,
    take: () => {
      const taken = recorded;
      recorded = [];
      return taken;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
