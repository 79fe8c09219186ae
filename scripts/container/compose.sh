#!/usr/bin/env bash
# npm run test:compose: runs compose.yaml as a user would (scripts/container/compose.ts) with the images made
# locally where no container registry is reachable: the app on the local Debian + Node.js 24 base
# (base-image.sh), PostgreSQL from Debian's package (postgres-image.sh) in place of the official postgres
# image. Published on APP1_PORT / APP2_PORT (default 3161 / 3162, away from a developer's 3000). Needs root.
# When every check passes, the figures are recorded in bench/results/latest.json and docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINER_RUN_STARTED=$(date +%s) CONTAINER_LOAD_AT_START="$(cut -d' ' -f1-3 /proc/loadavg)"
source scripts/container/docker-up.sh

export BASE_IMAGE=pais-node-base:24-bookworm POSTGRES_IMAGE=pais-postgres:15-bookworm
export COMPOSE_PROJECT_NAME=pais-compose-test COMPOSE_EXTRA_FILE=scripts/container/compose.host-build.yaml
export APP1_PORT=${APP1_PORT:-3161} APP2_PORT=${APP2_PORT:-3162}
export POSTGRES_PASSWORD=compose-test-password NEXTAUTH_SECRET=compose-test-secret-of-at-least-32-characters
export ADMIN_PASSWORD=compose-test-admin-password
echo "--- base images"
t0=$(date +%s)
docker image inspect "$BASE_IMAGE" > /dev/null 2>&1 && CONTAINER_BASE_MADE=0 || CONTAINER_BASE_MADE=1
bash scripts/container/base-image.sh "$BASE_IMAGE"
bash scripts/container/postgres-image.sh "$POSTGRES_IMAGE"
export CONTAINER_BASE_MADE CONTAINER_BASE_SECONDS=$(($(date +%s) - t0))
echo "--- docker-compose build (what the first \`up --build\` does before it starts anything)"
export CONTAINER_BUILD_LOG=${TMPDIR:-/tmp}/pais-compose-build.log
t0=$(date +%s)
if ! docker-compose -f compose.yaml -f "$COMPOSE_EXTRA_FILE" build > "$CONTAINER_BUILD_LOG" 2>&1; then
  tail -n 40 "$CONTAINER_BUILD_LOG"
  exit 1
fi
export CONTAINER_BUILD_SECONDS=$(($(date +%s) - t0))
echo "built in $CONTAINER_BUILD_SECONDS s (log: $CONTAINER_BUILD_LOG)"
echo "--- compose"
npx tsx scripts/container/compose.ts
echo "test:compose took $(($(date +%s) - CONTAINER_RUN_STARTED)) s"
