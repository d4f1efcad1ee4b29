#!/usr/bin/env bash
# The whole test suite (README: `npm test`), ADR 0040:
# 1. build;
# 2. vitest on PostgreSQL, the production engine: every file once, two at a
#    time, each file on a copy of the run's model database;
# 3. vitest on PGlite, the embedded engine: the files whose behaviour can
#    differ between the engines (tests/projets.ts), then the check that every
#    API operation answered successfully on PGlite (scripts/couverture-pglite.ts);
# 4. Playwright (JavaScript on and off), one portal per worker.
# Without a PostgreSQL server, step 2 is replaced by every file on PGlite
# except those that need PostgreSQL (named in the log); REQUIRE_POSTGRES=1
# (the CI) makes a missing server an error. A server that answers but
# refuses the connection is always an error.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/etapes.sh

pg_url=""
journal_routes="$(mktemp -d)"
nettoyer() {
  [ -n "$pg_url" ] && npx tsx scripts/test-database.ts drop "$pg_url" || true
  rm -rf "$journal_routes"
  if [ "${ETAPES_PROPRIETAIRE:-0}" = "1" ]; then
    tableau_des_etapes
    rm -f "$ETAPES_FICHIER"
  fi
}
trap nettoyer EXIT

etape "Construction" npm run build --silent

# Empty output: no server answers; exit code 1: a server refused us.
pg_url="$(npx tsx scripts/test-database.ts create)"

if [ -n "$pg_url" ]; then
  etape "vitest sur PostgreSQL (tous les fichiers)" \
    env DATABASE_URL="$pg_url" npx vitest run
  etape "vitest sur PGlite (fichiers des deux moteurs)" \
    env -u DATABASE_URL TEST_PASSE=pglite TEST_JOURNAL_ROUTES="$journal_routes" \
    npx vitest run --project base
  etape "Couverture de l'API sur PGlite" npx tsx scripts/couverture-pglite.ts "$journal_routes"
elif [ "${REQUIRE_POSTGRES:-0}" = "1" ]; then
  echo "Aucun serveur PostgreSQL ne répond (TEST_POSTGRES_URL) alors que REQUIRE_POSTGRES=1" >&2
  exit 1
else
  echo "Aucun serveur PostgreSQL ne répond (TEST_POSTGRES_URL) : tous les tests sur PGlite," >&2
  echo "sauf ceux qui ont besoin de PostgreSQL, non lancés :" >&2
  npx tsx -e 'import("./tests/projets.ts").then((p) => console.error(p.NECESSITENT_POSTGRES.map((f) => "  " + f).join("\n")))'
  etape "vitest sur PGlite (tous les fichiers)" \
    env -u DATABASE_URL TEST_SANS_POSTGRES=1 npx vitest run
fi

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium introuvable : installez-le avec « sudo apt-get install -y chromium »." >&2
  exit 1
fi
etape "Playwright (Chromium de Debian, avec et sans JavaScript)" npx playwright test
