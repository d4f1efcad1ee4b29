/**
 * Creates (`create`) or drops (`drop <url>`) a throw-away PostgreSQL database
 * for one run of the test suite, so runs never see each other's data.
 * `create` prints the new database's URL, or nothing when no server listens
 * at TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres):
 * connection refused, unknown host or no answer in 3 s. A server that
 * answers but refuses us (wrong password, unknown role or database, no
 * right to create a database) is an error: the reason on stderr, exit 1.
 * `create <modele>` makes it a copy of the database `modele` (an already
 * seeded one, for `npm run bench -- --modele`; nobody may be connected to it).
 */
import pg from "pg";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const [command, target] = process.argv.slice(2);

const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
/** Error codes of a connection that found no server (as opposed to one that refused us). */
const AUCUN_SERVEUR = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "EAI_AGAIN"]);

try {
  await client.connect();
} catch (error) {
  const code = (error as { code?: string }).code ?? "";
  const message = error instanceof Error ? error.message : String(error);
  if (AUCUN_SERVEUR.has(code) || /timeout/i.test(message)) process.exit(0);
  console.error(`PostgreSQL (${new URL(adminUrl).host}) a refusé la connexion : ${message}`);
  process.exit(1);
}
try {
  if (command === "create") {
    const name = `mar_test_${Date.now()}_${process.pid}`;
    if (target && !/^[a-z_][a-z0-9_]*$/.test(target))
      throw new Error(`Base modèle invalide : ${target}`);
    await client.query(`create database ${name}${target ? ` template ${target}` : ""}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    process.stdout.write(url.toString());
  } else if (command === "drop" && target) {
    const name = new URL(target).pathname.slice(1);
    if (/^mar_test_\d+_\d+$/.test(name))
      await client.query(`drop database if exists ${name} with (force)`);
  } else {
    console.error("usage: test-database.ts create [modele] | drop <url>");
    process.exitCode = 2;
  }
} finally {
  await client.end();
}
