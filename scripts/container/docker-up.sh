# Sourced by run.sh and compose.sh: installs Debian's docker.io, docker-compose and debootstrap if missing and
# starts a dockerd of its own when none answers (without the default bridge or iptables rules, as this
# machine allows), stopped again when the calling script exits. Needs root.
if ! command -v dockerd > /dev/null || ! command -v debootstrap > /dev/null || ! command -v docker-compose > /dev/null; then
  echo "--- installing docker.io, docker-compose and debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io docker-compose debootstrap > /dev/null
fi
if ! docker info > /dev/null 2>&1; then
  echo "--- starting dockerd"
  dockerd --bridge=none --iptables=false > /tmp/pais-container-dockerd.log 2>&1 &
  dockerd_pid=$!
  trap 'kill "$dockerd_pid"; wait "$dockerd_pid" || true' EXIT
  for _ in $(seq 1 60); do docker info > /dev/null 2>&1 && break; sleep 1; done
fi
