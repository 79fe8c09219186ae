#!/usr/bin/env bash
# npm run test:compose: runs compose.yaml as a user would (scripts/container/compose.ts) with the images made
# locally where no container registry is reachable: the app on the local Debian + Node.js 24 base
# (base-image.sh), PostgreSQL from Debian's package (postgres-image.sh) in place of the official postgres
# image. Published on APP1_PORT / APP2_PORT (default 3161 / 3162, away from a developer's 3000). Needs root.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
source scripts/container/docker-up.sh

export BASE_IMAGE=pais-node-base:24-bookworm POSTGRES_IMAGE=pais-postgres:15-bookworm
export COMPOSE_PROJECT_NAME=pais-compose-test COMPOSE_EXTRA_FILE=scripts/container/compose.host-build.yaml
export APP1_PORT=${APP1_PORT:-3161} APP2_PORT=${APP2_PORT:-3162}
export POSTGRES_PASSWORD=compose-test-password NEXTAUTH_SECRET=compose-test-secret-of-at-least-32-characters
export ADMIN_PASSWORD=compose-test-admin-password
echo "--- base images"
bash scripts/container/base-image.sh "$BASE_IMAGE"
bash scripts/container/postgres-image.sh "$POSTGRES_IMAGE"
echo "--- docker-compose build (what the first \`up --build\` does before it starts anything)"
t0=$(date +%s)
docker-compose -f compose.yaml -f "$COMPOSE_EXTRA_FILE" build --quiet
echo "built in $(($(date +%s) - t0)) s"
echo "--- compose"
npx tsx scripts/container/compose.ts
echo "test:compose took $(($(date +%s) - started)) s"
