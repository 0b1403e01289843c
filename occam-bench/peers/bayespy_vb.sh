#!/usr/bin/env bash
# BayesPy's variational Bayes beside Occam's vb bound on latent class models (issue 16); not part of CI.
# Usage: occam-bench/peers/bayespy_vb.sh [--rows 1280] [--seeds 1,2,3] [--states 2,3,4] [--restarts 20] ...
# Needs Debian's python3-bayespy (installed here if /usr/bin/python3 cannot import it; root or sudo) and
# occam-cli/target/occam.jar (built here if missing).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# the system Python: a pyenv or virtualenv python3 on the PATH does not see Debian's packages
py=/usr/bin/python3
if ! "$py" -c 'import bayespy, numpy' 2>/dev/null; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  echo "bayespy_vb: installing python3-bayespy" >&2
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y python3-bayespy >&2; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y python3-bayespy >&2
  fi
fi
if [ ! -f "$repo/occam-cli/target/occam.jar" ]; then
  echo "bayespy_vb: building occam-cli/target/occam.jar" >&2
  (cd "$repo" && mvn -B -q package -DskipTests -pl occam-cli -am)
fi
exec "$py" "$here/bayespy_vb.py" "$@"
