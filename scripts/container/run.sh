#!/usr/bin/env bash
# npm run test:container: builds the image on a local Debian + Node.js 24 base (no registry needed) with host
# networking and checks it (scripts/container/test.ts). Installs docker.io and debootstrap if missing and
# runs its own dockerd when none answers, stopping it again at the end (docker-up.sh). Needs root and PostgreSQL on
# 127.0.0.1:5432 (CONTAINER_TEST_DATABASE_URL to use another server). When every check passes, the figures
# (build time and whether Docker's build cache served it, image size, times to ready, the whole run) are
# recorded in bench/results/latest.json and docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINER_RUN_STARTED=$(date +%s) CONTAINER_LOAD_AT_START="$(cut -d' ' -f1-3 /proc/loadavg)"
base=pais-node-base:24-bookworm
image=pais:container-test

source scripts/container/docker-up.sh

echo "--- base image $base"
t0=$(date +%s)
docker image inspect "$base" > /dev/null 2>&1 && CONTAINER_BASE_MADE=0 || CONTAINER_BASE_MADE=1
bash scripts/container/base-image.sh "$base"
export CONTAINER_BASE_IMAGE=$base CONTAINER_BASE_MADE CONTAINER_BASE_SECONDS=$(($(date +%s) - t0))
echo "--- building $image"
export CONTAINER_BUILD_LOG=${TMPDIR:-/tmp}/pais-container-build.log
t0=$(date +%s)
if ! docker build --network host --build-arg BASE_IMAGE="$base" -t "$image" . > "$CONTAINER_BUILD_LOG" 2>&1; then
  tail -n 40 "$CONTAINER_BUILD_LOG"
  exit 1
fi
export CONTAINER_BUILD_SECONDS=$(($(date +%s) - t0))
echo "built in $CONTAINER_BUILD_SECONDS s (log: $CONTAINER_BUILD_LOG)"
echo "--- checks"
npx tsx scripts/container/test.ts "$image" "${CONTAINER_TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
echo "test:container took $(($(date +%s) - CONTAINER_RUN_STARTED)) s"
