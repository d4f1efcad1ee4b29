#!/usr/bin/env bash
# The whole test suite (README: `npm test`): build, vitest on PGlite, vitest
# again on PostgreSQL for the tests that use a database, then Playwright (JS
# on and off) on the built portal.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "▶ Construction"
npm run build --silent

echo "▶ Tests unitaires et d'API sur PGlite"
env -u DATABASE_URL npx vitest run

echo "▶ Tests unitaires et d'API sur PostgreSQL"
pg_url="$(npx tsx scripts/test-database.ts create)"
if [ -n "$pg_url" ]; then
  trap 'npx tsx scripts/test-database.ts drop "$pg_url"' EXIT
  # Every API and identity-provider test, and any other test that opens a
  # database; the pure unit tests gave their answer on the first pass.
  mapfile -t fichiers_base < <(
    {
      ls tests/api/*.test.ts tests/idp/*.test.ts
      grep -rlE 'startTestPortal|openDatabase|DATABASE_URL' --include='*.test.ts' \
        tests/unit app contract api idp || true
    } | sort -u
  )
  DATABASE_URL="$pg_url" npx vitest run "${fichiers_base[@]}"
elif [ "${REQUIRE_POSTGRES:-0}" = "1" ]; then
  echo "PostgreSQL injoignable (TEST_POSTGRES_URL) alors que REQUIRE_POSTGRES=1" >&2
  exit 1
else
  echo "PostgreSQL injoignable : passe ignorée (définissez TEST_POSTGRES_URL)." >&2
fi

echo "▶ Tests de bout en bout (Playwright, Chromium de Debian)"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium introuvable : installez-le avec « sudo apt-get install -y chromium »." >&2
  exit 1
fi
npx playwright test
