#!/usr/bin/env bash
# The server the Playwright suites start by default: a production build on a throw-away embedded database.
# E2E_DATABASE_URL (an empty PostgreSQL database of its own) runs the same suite on PostgreSQL instead.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next-e2e}"
if [ -n "${E2E_DATABASE_URL:-}" ]; then
  export DATABASE_URL="$E2E_DATABASE_URL"
else
  export DATABASE_URL="pglite:./data/e2e-${PORT:-3100}/pglite"
  rm -rf "./data/e2e-${PORT:-3100}"
fi
# E2E_BUILT=1: the build in NEXT_DIST_DIR was just made from this tree with this Node.js (.ci/run makes it
# beside its PostgreSQL Vitest line); otherwise the suite builds its own.
[ "${E2E_BUILT:-}" = 1 ] || npx next build > /dev/null
exec npx tsx scripts/start.ts
