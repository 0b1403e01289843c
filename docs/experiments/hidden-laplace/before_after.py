#!/usr/bin/env python3
"""Before/after tables of two `occam experiment hidden-laplace` runs made with the same options and seed.

Usage: docs/experiments/hidden-laplace/before_after.py BEFORE_DIR AFTER_DIR > before-after.md

Reads each run's fig-a.csv (part a: mean |score - AIS| per kind, N and method) and fig-b.csv (part b:
score - ais-pd per word set, K and method) and prints Markdown tables of the values side by side as
"before -> after", marking the cells that moved by more than the rounding.
"""
import csv
import sys
from pathlib import Path


def rows(folder, name):
    with open(Path(folder) / name, newline="") as f:
        return list(csv.DictReader(f))


def cell(a, b, digits):
    fa, fb = f"{a:.{digits}f}", f"{b:.{digits}f}"
    return fa if fa == fb else f"**{fa} → {fb}**"


def number(text):
    return float(text) if text not in ("", None) else float("nan")


def part_a(before, after, out):
    b = {(r["group"], r["n"], r["method"]): r for r in rows(before, "fig-a.csv")}
    a = {(r["group"], r["n"], r["method"]): r for r in rows(after, "fig-a.csv")}
    methods = list(dict.fromkeys(k[2] for k in a))
    groups = list(dict.fromkeys(k[0] for k in a))
    out.append("## Part (a): mean |score − AIS| (nats)")
    out.append("")
    changed = 0
    for g in groups:
        out.append(f"### {g}")
        out.append("")
        out.append("| N | " + " | ".join(methods) + " |")
        out.append("|---|" + "---|" * len(methods))
        for n in dict.fromkeys(k[1] for k in a if k[0] == g):
            cells = []
            for m in methods:
                x, y = number(b[(g, n, m)]["meanAbsDiffNats"]), number(a[(g, n, m)]["meanAbsDiffNats"])
                c = cell(x, y, 3)
                changed += c.startswith("**")
                cells.append(c)
            out.append(f"| {n} | " + " | ".join(cells) + " |")
        out.append("")
    return changed


def part_b(before, after, out):
    b = {(r["words"], r["hiddenUnits"], r["method"]): r for r in rows(before, "fig-b.csv")}
    a = {(r["words"], r["hiddenUnits"], r["method"]): r for r in rows(after, "fig-b.csv")}
    methods = [m for m in dict.fromkeys(k[2] for k in a) if m != "ais-pd"]
    out.append("## Part (b): score − ais-pd (nats); ais-pd itself")
    out.append("")
    out.append("| words | K | ais-pd | " + " | ".join(methods) + " |")
    out.append("|---|---|---|" + "---|" * len(methods))
    changed = 0
    for (w, k) in dict.fromkeys((x[0], x[1]) for x in a):
        cells = [cell(number(b[(w, k, "ais-pd")]["logEvidence"]), number(a[(w, k, "ais-pd")]["logEvidence"]), 2)]
        for m in methods:
            c = cell(number(b[(w, k, m)]["diffFromAisPd"]), number(a[(w, k, m)]["diffFromAisPd"]), 2)
            changed += c.startswith("**")
            cells.append(c)
        out.append(f"| {w} | {k} | " + " | ".join(cells) + " |")
    out.append("")
    return changed


def main(before, after):
    out = ["# `experiment hidden-laplace`: before and after", ""]
    out.append(f"Before: `{before}`; after: `{after}`. A changed cell reads **before → after**.")
    out.append("")
    body = []
    ca = part_a(before, after, body)
    cb = part_b(before, after, body)
    out.append(f"Changed: {ca} cells of part (a), {cb} of part (b)'s score − ais-pd.")
    out.append("")
    print("\n".join(out + body))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
