#!/usr/bin/env bash
# npm run test:container: builds the image on a local Debian + Node.js 24 base (no registry needed) with host
# networking and checks it (scripts/container/test.ts). Installs docker.io and debootstrap if missing and
# runs its own dockerd when none answers, stopping it again at the end. Needs root and PostgreSQL on
# 127.0.0.1:5432 (CONTAINER_TEST_DATABASE_URL to use another server).
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
base=pais-node-base:24-bookworm
image=pais:container-test

if ! command -v dockerd > /dev/null || ! command -v debootstrap > /dev/null; then
  echo "--- installing docker.io and debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io debootstrap > /dev/null
fi
if ! docker info > /dev/null 2>&1; then
  echo "--- starting dockerd"
  dockerd --bridge=none --iptables=false > /tmp/pais-container-dockerd.log 2>&1 &
  dockerd_pid=$!
  trap 'kill "$dockerd_pid"; wait "$dockerd_pid" || true' EXIT
  for _ in $(seq 1 60); do docker info > /dev/null 2>&1 && break; sleep 1; done
fi

echo "--- base image $base"
bash scripts/container/base-image.sh "$base"
echo "--- building $image"
t0=$(date +%s)
docker build --quiet --network host --build-arg BASE_IMAGE="$base" -t "$image" . > /dev/null
echo "built in $(($(date +%s) - t0)) s"
echo "--- checks"
npx tsx scripts/container/test.ts "$image" "${CONTAINER_TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
echo "test:container took $(($(date +%s) - started)) s"
