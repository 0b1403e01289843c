#!/usr/bin/env bash
# Issue 17, point 6: compares a JMH run of the kernel benchmarks against occam-bench/baseline.json and
# names every benchmark more than 20% slower (time per call up by more than a fifth).
#
#   occam-bench/compare.sh                 run FlopReport's benchmarks now (about 2 min), then compare
#   occam-bench/compare.sh NEW.json        compare an existing JMH JSON result file
#   options: --baseline FILE (default occam-bench/baseline.json), --threshold 0.20
#
# Prints, per benchmark, the baseline and new times (each the best measured iteration, since other load
# on a shared machine only slows iterations down) and the ratio new/baseline; exits 1 when some
# benchmark is slower than the threshold allows, 2 on bad usage or input, 0 otherwise. Needs bash and
# python3 (standard library only); running the benchmarks needs the built occam-bench/target/benchmarks.jar.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
baseline="$here/baseline.json"
threshold="0.20"
new=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    --threshold) threshold="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    *) new="$1"; shift ;;
  esac
done

if [[ ! -f "$baseline" ]]; then
  echo "compare.sh: no baseline file $baseline" >&2
  exit 2
fi
if [[ -z "$new" ]]; then
  jar="$here/target/benchmarks.jar"
  if [[ ! -f "$jar" ]]; then
    echo "compare.sh: $jar is missing; build it with mvn -B -DskipTests package" >&2
    exit 2
  fi
  new="$(mktemp --suffix=.json)"
  trap 'rm -f "$new"' EXIT
  java -cp "$jar" org.occam.bench.FlopReport "$new" >&2
fi

python3 - "$baseline" "$new" "$threshold" <<'PY'
import json
import sys

SECONDS = {"ns/op": 1e-9, "us/op": 1e-6, "ms/op": 1e-3, "s/op": 1.0}


def fail(message):
    print(f"compare.sh: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path) as f:
            runs = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"cannot read {path}: {e}")
    out = {}
    try:
        for r in runs:
            params = r.get("params") or {}
            key = r["benchmark"] + "".join(f" {k}={v}" for k, v in sorted(params.items()))
            metric = r["primaryMetric"]
            unit = metric["scoreUnit"]
            if unit not in SECONDS:
                fail(f"{path}: {key} is in {unit}, not a time per operation")
            # the best iteration: other load on a shared machine only ever slows an iteration down
            iterations = [x for fork in metric.get("rawData") or [[metric["score"]]] for x in fork]
            out[key] = (min(iterations) * SECONDS[unit], unit)
    except (AttributeError, KeyError, TypeError) as e:
        fail(f"{path} is not a JMH JSON result file ({type(e).__name__}: {e})")
    if not out:
        fail(f"{path} holds no benchmark results")
    return out


def show(seconds):
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3f} {unit}"
    return f"{seconds / 1e-9:.1f} ns"


baseline, new, threshold = load(sys.argv[1]), load(sys.argv[2]), float(sys.argv[3])
slower, missing = [], []
width = max(len(k) for k in list(baseline) + list(new))
print(f"{'benchmark':<{width}}  {'baseline':>12}  {'new':>12}  new/baseline")
for key in sorted(set(baseline) | set(new)):
    if key not in new or key not in baseline:
        missing.append(key)
        where = "the new run" if key not in new else "the baseline"
        print(f"{key:<{width}}  {'':>12}  {'':>12}  (not in {where})")
        continue
    ratio = new[key][0] / baseline[key][0]
    flag = ""
    if ratio > 1 + threshold:
        slower.append((key, ratio))
        flag = "  SLOWER"
    print(f"{key:<{width}}  {show(baseline[key][0]):>12}  {show(new[key][0]):>12}  {ratio:12.2f}{flag}")
if slower:
    print(f"\n{len(slower)} benchmark(s) more than {threshold:.0%} slower than the baseline:")
    for key, ratio in slower:
        print(f"  {key}: {ratio:.2f}× the baseline time")
    sys.exit(1)
print(f"\nno benchmark more than {threshold:.0%} slower than the baseline")
PY
