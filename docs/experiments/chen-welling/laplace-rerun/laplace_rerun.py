#!/usr/bin/env python3
"""Compares the Laplace scores of a partial rerun of `experiment chen-welling` with this folder's run.

Usage: laplace_rerun.py OLD_SCORES.csv NEW_SCORES.csv [NEW_SCORES.csv ...]

The rerun must use the same --seed (every score's seed derives from it; the script checks that each
score's seed is the same). ais-pd is taken from OLD (the rerun leaves it out). For each figure and
method of the rerun: how many scores moved, the mean |score - ais-pd| in nats before and after, and
how many scores ended farther from ais-pd than before (and by how much at most), and how many pairs
were left out because a score is NaN on either side. Prints Markdown.
"""
import csv
import statistics
import sys


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def key(r):
    return r["figure"], r["model"], r["n"], r["k"], r["method"], r["run"]


def main(old_path, new_paths):
    old = rows(old_path)
    ais = {key(r)[:4]: float(r["logEvidence"]) for r in old if r["method"] == "ais-pd"}
    before = {key(r): r for r in old}
    groups = {}
    missing = {}
    for path in new_paths:
        for r in rows(path):
            k = key(r)
            if r["method"] == "ais-pd" or k not in before or k[:4] not in ais:
                continue
            if before[k]["seed"] != r["seed"]:
                sys.exit(f"{k}: seed {r['seed']} in the rerun, {before[k]['seed']} before: not the same run")
            if before[k]["logEvidence"] == "" or r["logEvidence"] == "":
                missing[(k[0], k[4])] = missing.get((k[0], k[4]), 0) + 1  # NaN (laplace0 where A is not positive definite)
                continue
            groups.setdefault((k[0], k[4]), []).append(
                (float(before[k]["logEvidence"]), float(r["logEvidence"]), ais[k[:4]]))
    print("| figure | method | scores | moved | mean abs(score - ais-pd) before | after | farther than before | most farther | NaN before or after |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for (fig, method), g in sorted(groups.items()):
        d_old = [abs(o - a) for o, n, a in g]
        d_new = [abs(n - a) for o, n, a in g]
        extra = [dn - do for do, dn in zip(d_old, d_new)]
        farther = [e for e in extra if e > 1e-9]
        print(f"| {fig} | {method} | {len(g)} | {sum(1 for o, n, a in g if o != n)} | "
              f"{statistics.mean(d_old):.3f} | {statistics.mean(d_new):.3f} | {len(farther)} | "
              f"{max(farther) if farther else 0:.3f} | {missing.get((fig, method), 0)} |")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
