#!/usr/bin/env bash
# npm run test:container: builds the image on a local Debian + Node.js 24 base (no registry needed) with host
# networking and checks it (scripts/container/test.ts). Installs docker.io and debootstrap if missing and
# runs its own dockerd when none answers, stopping it again at the end (docker-up.sh). Needs root and PostgreSQL on
# 127.0.0.1:5432 (CONTAINER_TEST_DATABASE_URL to use another server).
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
base=pais-node-base:24-bookworm
image=pais:container-test

source scripts/container/docker-up.sh

echo "--- base image $base"
bash scripts/container/base-image.sh "$base"
echo "--- building $image"
t0=$(date +%s)
docker build --quiet --network host --build-arg BASE_IMAGE="$base" -t "$image" . > /dev/null
echo "built in $(($(date +%s) - t0)) s"
echo "--- checks"
npx tsx scripts/container/test.ts "$image" "${CONTAINER_TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
echo "test:container took $(($(date +%s) - started)) s"
