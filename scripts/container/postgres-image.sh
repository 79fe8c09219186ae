#!/usr/bin/env bash
# Builds the local stand-in for the official postgres image (scripts/container/postgres/) as the image named
# $1, on a Debian bookworm imported from base-image.sh's debootstrap cache. Kept between runs.
set -euo pipefail
image=${1:?image name}
debian=pais-debian-base:bookworm
cache=${PAIS_CONTAINER_CACHE:-/var/tmp/pais-container}
if docker image inspect "$image" > /dev/null 2>&1; then exit 0; fi
if ! docker image inspect "$debian" > /dev/null 2>&1; then
  [ -f "$cache/rootfs/.complete" ] || { echo "run scripts/container/base-image.sh first (it fills $cache)" >&2; exit 1; }
  tar -C "$cache/rootfs" --exclude=./.complete -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$debian" > /dev/null
fi
docker build --quiet --network host --build-arg DEBIAN_IMAGE="$debian" -t "$image" "$(dirname "$0")/postgres" > /dev/null
echo "postgres image $image: Debian bookworm + $(docker run --rm --entrypoint postgres "$image" --version)"
