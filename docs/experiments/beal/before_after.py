#!/usr/bin/env python3
"""Before/after tables of two `occam experiment beal` runs made with the same options and seed.

Usage: docs/experiments/beal/before_after.py BEFORE_DIR AFTER_DIR > before-after.md

Reads each run's table-6.1-true-rank.csv (part one), table-6.5-ranked-first.csv (part two),
table-6.2-vb-vs-others.csv and table-6.4-ais.csv, and prints Markdown tables of the values side by
side as "before → after", marking the cells that changed.
"""
import csv
import sys
from pathlib import Path


def rows(folder, name):
    with open(Path(folder) / name, newline="") as f:
        return list(csv.DictReader(f))


def cell(a, b):
    return a if a == b else f"**{a} → {b}**"


def main(before, after):
    out = ["# `experiment beal`: before and after", ""]
    out.append(f"Before: `{before}`; after: `{after}`. A changed cell reads **before → after**.")
    out.append("")

    b61, a61 = rows(before, "table-6.1-true-rank.csv"), rows(after, "table-6.1-true-rank.csv")
    methods = list(dict.fromkeys(r["method"] for r in a61))
    sizes = list(dict.fromkeys(r["n"] for r in a61))
    rank_b = {(r["n"], r["method"]): r["trueRank"] for r in b61}
    rank_a = {(r["n"], r["method"]): r["trueRank"] for r in a61}
    out.append("## Table 6.1: rank of the true structure (part one, alias-corrected)")
    out.append("")
    out.append("| n | " + " | ".join(methods) + " |")
    out.append("|---" * (len(methods) + 1) + "|")
    changed = 0
    for n in sizes:
        cells = []
        for m in methods:
            b, a = rank_b.get((n, m), "–"), rank_a.get((n, m), "–")
            changed += b != a
            cells.append(cell(b, a))
        out.append(f"| {n} | " + " | ".join(cells) + " |")
    out.append("")
    out.append(f"{changed} of {len(sizes) * len(methods)} ranks changed.")
    out.append("")

    b65, a65 = rows(before, "table-6.5-ranked-first.csv"), rows(after, "table-6.5-ranked-first.csv")
    cols = [c for c in a65[0].keys() if c not in ("n", "instances")]
    first_b = {r["n"]: r for r in b65}
    out.append(f"## Table 6.5: true structure ranked first, of {a65[0]['instances']} instances (part two)")
    out.append("")
    out.append("| n | " + " | ".join(cols) + " |")
    out.append("|---" * (len(cols) + 1) + "|")
    totals_b = {c: 0 for c in cols}
    totals_a = {c: 0 for c in cols}
    for r in a65:
        rb = first_b.get(r["n"], {})
        out.append(f"| {r['n']} | " + " | ".join(cell(rb.get(c, "–"), r[c]) for c in cols) + " |")
        for c in cols:
            totals_b[c] += int(rb.get(c, 0))
            totals_a[c] += int(r[c])
    out.append("| all sizes | " + " | ".join(cell(str(totals_b[c]), str(totals_a[c])) for c in cols) + " |")
    out.append("")

    b62, a62 = rows(before, "table-6.2-vb-vs-others.csv"), rows(after, "table-6.2-vb-vs-others.csv")
    vs_b = {(r["other"], r["corrected"]): r for r in b62}
    out.append("## Table 6.2: VB against the others, % of (instance, size) pairs")
    out.append("")
    out.append("| than | corrected | VB worse | same | VB better |")
    out.append("|---|---|---|---|---|")
    for r in a62:
        rb = vs_b.get((r["other"], r["corrected"]), {})
        vals = [cell(f"{float(rb[k]):.1f}" if k in rb else "–", f"{float(r[k]):.1f}")
                for k in ("vbWorsePct", "samePct", "vbBetterPct")]
        out.append(f"| {r['other']} | {r['corrected']} | " + " | ".join(vals) + " |")
    out.append("")

    b64, a64 = rows(before, "table-6.4-ais.csv"), rows(after, "table-6.4-ais.csv")
    ais_b = {r["n"]: r for r in b64}
    out.append("## Table 6.4: AIS (G-run average) below the VB bound, % of structures")
    out.append("")
    out.append("| n | below uncorrected VB | below corrected VB |")
    out.append("|---|---|---|")
    for r in a64:
        rb = ais_b.get(r["n"], {})
        out.append(f"| {r['n']} | "
                   + cell(f"{float(rb['averagedBelowVbUncorrectedPct']):.1f}" if rb else "–",
                          f"{float(r['averagedBelowVbUncorrectedPct']):.1f}") + " | "
                   + cell(f"{float(rb['averagedBelowVbPct']):.1f}" if rb else "–",
                          f"{float(r['averagedBelowVbPct']):.1f}") + " |")
    out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
