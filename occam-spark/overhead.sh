#!/usr/bin/env bash
# The Spark engine's overhead on `experiment beal --quick`: each engine run REPEATS times (default 3),
# alternating, on the same seed; prints each run's process wall time and the experiment's own total,
# then the medians and the overhead of spark local[2] over the local engine on 2 threads.
# Not part of CI. Usage: occam-spark/overhead.sh [REPEATS]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repeats="${1:-3}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# build both launch paths first, so no run includes a build or the first run's class archive
"$here/occam" experiment beal --quick --instances 0 --sizes 40 --ais-sizes 0 --out "$out/warm-l" >/dev/null 2>&1
"$here/occam" experiment beal --quick --instances 0 --sizes 40 --ais-sizes 0 --engine spark --master 'local[2]' \
  --out "$out/warm-s" >/dev/null 2>&1
"$here/occam" experiment beal --quick --instances 0 --sizes 40 --ais-sizes 0 --engine spark --master 'local[2]' \
  --out "$out/warm-s2" >/dev/null 2>&1
run() { # engine-label args...
  local label="$1"; shift
  local start end total
  start=$(date +%s.%N)
  total=$("$here/occam" experiment beal --quick --seed 3 "$@" --out "$out/$label" 2>/dev/null \
    | sed -n 's/^total \([0-9.]*\) s.*/\1/p')
  end=$(date +%s.%N)
  rm -rf "${out:?}/$label"
  echo "$label $(echo "$end - $start" | bc -l) $total"
}
for i in $(seq "$repeats"); do
  run local --threads 2
  run spark --engine spark --master 'local[2]'
done | tee "$out/runs.txt" | awk '{printf "%-6s wall %6.1f s  experiment total %6.1f s\n", $1, $2, $3}'
awk '
  { wall[$1] = wall[$1] " " $2; tot[$1] = tot[$1] " " $3 }
  function median(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
      if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END {
    lw = median(wall["local"]); sw = median(wall["spark"]); lt = median(tot["local"]); st = median(tot["spark"])
    printf "median wall: local %.1f s, spark local[2] %.1f s: overhead %.0f%% of the local wall time\n", lw, sw, 100 * (sw - lw) / lw
    printf "median experiment total (start-up excluded): local %.1f s, spark %.1f s: %.0f%%\n", lt, st, 100 * (st - lt) / lt
  }' "$out/runs.txt"
