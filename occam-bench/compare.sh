#!/usr/bin/env bash
# Issue 17, point 6: compares a JMH run of the kernel benchmarks against occam-bench/baseline.json and
# names every benchmark more than 20% slower (time per call up by more than a fifth).
#
#   occam-bench/compare.sh                 run FlopReport's benchmarks now (about 2 min), then compare;
#                                          benchmarks that come out slower are run again (--retries
#                                          times, default 1) and keep their best iteration of all runs,
#                                          so that a burst of other load does not name a kernel
#   occam-bench/compare.sh NEW.json…       compare existing JMH JSON result files (best iteration of all)
#   options: --baseline FILE (default occam-bench/baseline.json), --threshold 0.20, --retries 1
#
# Prints, per benchmark, the baseline and new times (each the best measured iteration, since other load
# on a shared machine only slows iterations down) and the ratio new/baseline; exits 1 when some
# benchmark is slower than the threshold allows, 2 on bad usage or input, 0 otherwise. Needs bash and
# python3 (standard library only); running the benchmarks needs the built occam-bench/target/benchmarks.jar.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
baseline="$here/baseline.json"
threshold="0.20"
retries=1
new=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    --threshold) threshold="$2"; shift 2 ;;
    --retries) retries="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
    *) new+=("$1"); shift ;;
  esac
done

if [[ ! -f "$baseline" ]]; then
  echo "compare.sh: no baseline file $baseline" >&2
  exit 2
fi
compare() { # compare FLAGGED_OUT NEW.json…: the table, exit 1 if some benchmark is slower
  local flagged="$1"
  shift
  python3 - "$baseline" "$threshold" "$flagged" "$@" <<'PY'
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


baseline, threshold, flagged_out = load(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
new = {}
for path in sys.argv[4:]:
    for key, (seconds, unit) in load(path).items():
        if key not in new or seconds < new[key][0]:
            new[key] = (seconds, unit)
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
with open(flagged_out, "w") as f:
    f.writelines(key.split(" ")[0] + "\n" for key, _ in slower)
if slower:
    print(f"\n{len(slower)} benchmark(s) more than {threshold:.0%} slower than the baseline:")
    for key, ratio in slower:
        print(f"  {key}: {ratio:.2f}× the baseline time")
    reference = [r for k, r in slower if ".DotProductBenchmark.dot" in k]
    if reference:
        print(f"the reference dot product is {max(reference):.2f}× slower too: the machine is busier (or slower)"
              " than when the baseline was recorded, so these ratios measure that as well as the code")
    sys.exit(1)
print(f"\nno benchmark more than {threshold:.0%} slower than the baseline")
PY
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ ${#new[@]} -gt 0 ]]; then
  compare "$work/flagged" "${new[@]}"
  exit $?
fi
jar="$here/target/benchmarks.jar"
if [[ ! -f "$jar" ]]; then
  echo "compare.sh: $jar is missing; build it with mvn -B -DskipTests package" >&2
  exit 2
fi
java -cp "$jar" org.occam.bench.FlopReport "$work/run0.json" >&2
runs=("$work/run0.json")
for ((r = 1; ; r++)); do
  status=0
  compare "$work/flagged" "${runs[@]}" > "$work/table" || status=$?
  if [[ $status -ne 1 || $r -gt $retries ]]; then
    cat "$work/table"
    exit $status
  fi
  pattern="^($(sed 's/[.]/\\./g' "$work/flagged" | paste -sd '|'))\$"
  echo "compare.sh: running again: $(paste -sd ' ' "$work/flagged")" >&2
  java -jar "$jar" "$pattern" -rf json -rff "$work/run$r.json" >&2
  runs+=("$work/run$r.json")
done
