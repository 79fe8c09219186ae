#!/usr/bin/env bash
# The server the Playwright suites start by default: a production build on a throw-away embedded database.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
export NEXT_DIST_DIR="${NEXT_DIST_DIR:-.next-e2e}"
export DATABASE_URL="pglite:./data/e2e-${PORT:-3100}/pglite"
rm -rf "./data/e2e-${PORT:-3100}"
npx next build > /dev/null
exec npx tsx scripts/start.ts
