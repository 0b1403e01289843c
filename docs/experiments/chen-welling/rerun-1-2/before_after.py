#!/usr/bin/env python3
"""Before/after tables of two `occam experiment chen-welling` runs made with the same seed.

Usage: docs/experiments/chen-welling/rerun-1-2/before_after.py BEFORE_DIR AFTER_DIR > before-after.md

Compares only the figures the AFTER run made (its summary.json "parts"). From each run's files:
- Figure 2 (fig-2-chosen-k.csv): the mean and sd of the chosen K, the mean |K - K*| and how many
  models got K* exactly, per N and method; and how many of choices.csv's single choices moved;
- Figures 1-2 (scores.csv): how many laplace scores are not converged, by their note's first words;
- Figures 4 and 6 (scores.csv): per method, the mean over every score (each run) of
  |score - ais-pd| per document, where ais-pd is the same run's; and how many scores moved.
A changed cell reads **before -> after**. The two runs must have the same seeds: the script stops
if any score's seed differs.
"""
import csv
import json
import math
import sys
from collections import Counter, defaultdict
from pathlib import Path


def rows(folder, name):
    with open(Path(folder) / name, newline="") as f:
        return list(csv.DictReader(f))


def number(text):
    return float(text) if text not in ("", None, "NaN") else float("nan")


def cell(a, b, digits):
    fa, fb = f"{a:.{digits}f}", f"{b:.{digits}f}"
    return fa if fa == fb else f"**{fa} → {fb}**"


def figure_two(before, after, out):
    b = {(r["n"], r["method"]): r for r in rows(before, "fig-2-chosen-k.csv")}
    a = {(r["n"], r["method"]): r for r in rows(after, "fig-2-chosen-k.csv")}
    out += ["## Figure 2: the chosen K (K* = 5)", "",
            "| N | method | mean K | sd K | mean abs(K − K*) | K = K* |", "|---|---|---|---|---|---|"]
    for key in a:
        x, y = b[key], a[key]
        out.append(f"| {key[0]} | {key[1]} | {cell(number(x['meanChosenK']), number(y['meanChosenK']), 2)} | "
                   f"{cell(number(x['sdChosenK']), number(y['sdChosenK']), 2)} | "
                   f"{cell(number(x['meanAbsErrorFromTrueK']), number(y['meanAbsErrorFromTrueK']), 2)} | "
                   f"{cell(number(x['correct']), number(y['correct']), 0)} of {y['models']} |")
    cb = {(r["model"], r["n"], r["method"]): r["chosenK"] for r in rows(before, "choices.csv")}
    moved = Counter()
    total = Counter()
    for r in rows(after, "choices.csv"):
        total[r["method"]] += 1
        moved[r["method"]] += cb[(r["model"], r["n"], r["method"])] != r["chosenK"]
    out += ["", "Single choices (one model, one N) that moved: "
            + ", ".join(f"{m} {moved[m]} of {total[m]}" for m in total) + ".", ""]


def convergence(before_scores, after_scores, out):
    out += ["## Figures 1–2: laplace scores not converged", "", "| N | before | after | after, by note |",
            "|---|---|---|---|"]
    def count(scores):
        c, notes = Counter(), defaultdict(Counter)
        for r in scores:
            if r["figure"] == "1-2" and r["method"] == "laplace" and r["converged"] != "true":
                c[r["n"]] += 1
                notes[r["n"]][" ".join(r["note"].split()[:3]) or "(no note)"] += 1
        return c, notes
    cb, _ = count(before_scores)
    ca, na = count(after_scores)
    ns = sorted({r["n"] for r in after_scores if r["figure"] == "1-2"}, key=int)
    for n in ns:
        per = sum(1 for r in after_scores if r["figure"] == "1-2" and r["method"] == "laplace" and r["n"] == n)
        notes = "; ".join(f"{k}: {v}" for k, v in na[n].most_common()) or "–"
        out.append(f"| {n} | {cb[n]} of {per} | {ca[n]} of {per} | {notes} |")
    out.append("")


def closeness(before_scores, after_scores, figure, out):
    def table(scores):
        ref = {(r["n"], r["k"], r["run"]): number(r["perDocument"]) for r in scores
               if r["figure"] == figure and r["method"] == "ais-pd"}
        ref_any = {(r["n"], r["k"]): number(r["perDocument"]) for r in scores
                   if r["figure"] == figure and r["method"] == "ais-pd"}
        dist = defaultdict(list)
        for r in scores:
            if r["figure"] != figure or r["method"] == "ais-pd" or (r["n"], r["k"]) not in ref_any:
                continue  # Figure 7's K = 11 and 13 have no ais-pd
            d = number(r["perDocument"]) - ref.get((r["n"], r["k"], r["run"]), ref_any[(r["n"], r["k"])])
            if not math.isnan(d):
                dist[r["method"]].append(abs(d))
        return dist
    b, a = table(before_scores), table(after_scores)
    sb = {(r["n"], r["k"], r["method"], r["run"]): r["perDocument"] for r in before_scores if r["figure"] == figure}
    moved = Counter()
    for r in after_scores:
        if r["figure"] == figure:
            moved[r["method"]] += f"{number(sb[(r['n'], r['k'], r['method'], r['run'])]):.6g}" \
                != f"{number(r['perDocument']):.6g}"
    out += [f"## Figure {figure}: mean abs(score − ais-pd) per document, over every score", "",
            "| method | scores | moved | before | after | largest after |", "|---|---|---|---|---|---|"]
    for m in a:
        out.append(f"| {m} | {len(a[m])} | {moved[m]} | {sum(b[m]) / len(b[m]):.4f} | {sum(a[m]) / len(a[m]):.4f} "
                   f"| {max(a[m]):.4f} |")
    out.append(f"| ais-pd | – | {moved['ais-pd']} | – | – | – |")
    out.append("")


def main(before, after):
    parts = json.loads((Path(after) / "summary.json").read_text())["parts"]
    before_scores, after_scores = rows(before, "scores.csv"), rows(after, "scores.csv")
    seeds = {(r["figure"], r["model"], r["n"], r["k"], r["method"], r["run"]): r["seed"] for r in before_scores}
    for r in after_scores:
        key = (r["figure"], r["model"], r["n"], r["k"], r["method"], r["run"])
        if seeds.get(key) != r["seed"]:
            sys.exit(f"not the same task: {key} has seed {r['seed']} after and {seeds.get(key)} before")
    out = ["# `experiment chen-welling`: before and after", "",
           f"Before: `{before}`; after: `{after}` (parts {', '.join(parts)}; every score's seed is the same in "
           "both). A changed cell reads **before → after**.", ""]
    if "1-2" in parts:
        figure_two(before, after, out)
        convergence(before_scores, after_scores, out)
    for figure in ("4", "6", "7"):
        if figure in parts:
            closeness(before_scores, after_scores, figure, out)
    print("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
