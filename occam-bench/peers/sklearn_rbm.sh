#!/usr/bin/env bash
# scikit-learn's BernoulliRBM beside Occam's PCD at equal work (issue 17); not part of CI.
# Usage: occam-bench/peers/sklearn_rbm.sh [DATA.csv] [--epochs 20,100] [--step-size 0.05] [--threads 2] ...
# Needs Debian's python3-sklearn (installed here if /usr/bin/python3 cannot import it; root or sudo) and
# occam-cli/target/occam.jar (built here if missing).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# the system Python: a pyenv or virtualenv python3 on the PATH does not see Debian's packages
py=/usr/bin/python3
if ! "$py" -c 'import sklearn, numpy' 2>/dev/null; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  echo "sklearn_rbm: installing python3-sklearn python3-numpy" >&2
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y python3-sklearn python3-numpy >&2; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y python3-sklearn python3-numpy >&2
  fi
fi
if [ ! -f "$repo/occam-cli/target/occam.jar" ]; then
  echo "sklearn_rbm: building occam-cli/target/occam.jar" >&2
  (cd "$repo" && mvn -B -q package -DskipTests -pl occam-cli -am)
fi
exec "$py" "$here/sklearn_rbm.py" "$@"
