#!/usr/bin/env python3
"""Before/after tables of two `occam experiment crf-faq` runs made with the same options and seed.

Usage: docs/experiments/crf-faq/before_after.py BEFORE_DIR AFTER_DIR [NOTE] > before-after.md

Reads each run's summary.json, fig-5-scores.csv, fig-6-cvm-vs-n.csv and prediction.csv, and prints
Markdown tables of the numbers that the report and the README quote (Figure 5's distances from AIS,
Figure 6's CVM scores and flags, the prediction errors, the times), side by side as
"before → after", marking the cells that changed. NOTE, when given, is printed under the title.
"""
import csv
import json
import math
import sys
from pathlib import Path


def fmt(x, digits=4):
    """4 significant digits, as the report."""
    if x is None or x == "" or (isinstance(x, float) and math.isnan(x)):
        return "–"
    x = float(x)
    if x == 0:
        return "0"
    if abs(x) >= 10 ** digits or abs(x) < 1e-3:
        return f"{x:.{digits - 1}e}"
    return f"{x:.{max(0, digits - 1 - int(math.floor(math.log10(abs(x)))))}f}"


def cell(a, b):
    return a if a == b else f"**{a} → {b}**"


def timed(label, a, b):
    """Times depend on the machine's load: shown before → after without marking."""
    return f"{a} → {b}" if "(a time)" in label else cell(a, b)


def rows(folder, name):
    with open(Path(folder) / name, newline="") as f:
        return list(csv.DictReader(f))


def main(before, after, note=None):
    sb = json.loads((Path(before) / "summary.json").read_text())
    sa = json.loads((Path(after) / "summary.json").read_text())
    out = ["# `experiment crf-faq`: before and after", ""]
    if note:
        out += [note, ""]
    out += [f"Before: `{before}`; after: `{after}`. A changed cell reads **before → after**.", ""]

    # Figure 5
    f5b = {(r["features"], r["method"]): r for r in rows(before, "fig-5-scores.csv")}
    f5a = rows(after, "fig-5-scores.csv")
    methods = list(dict.fromkeys(r["method"] for r in f5a))
    out += ["## Figure 5: the 48 nested models' scores on two documents", "",
            "Per method: the models whose log evidence changed (beyond 1e-9 nats), the largest change, "
            "and the mean |score − AIS| per line that the finding rests on.", "",
            "| method | models changed | largest change (nats) | mean \\|score − ais\\| per line |",
            "|---|---:|---:|---:|"]
    db, da = sb["figure5"]["meanAbsDiffPerLineFromAis"], sa["figure5"]["meanAbsDiffPerLineFromAis"]
    for m in methods:
        changed, largest = 0, 0.0
        for r in f5a:
            if r["method"] != m:
                continue
            d = abs(float(r["logEvidence"]) - float(f5b[(r["features"], m)]["logEvidence"]))
            if d > 1e-9:
                changed += 1
                largest = max(largest, d)
        dist = cell(fmt(db[m]), fmt(da[m])) if m in da else "–"
        out.append(f"| {m} | {changed} of 48 | {fmt(largest) if changed else '–'} | {dist} |")
    out.append("")

    def ais_stats(s, rs):
        per = s["figure5"]["perLine"]["ais"]
        ais = [r for r in rs if r["method"] == "ais"]
        se = [float(r["stdError"]) / float(r["lines"]) for r in ais]
        secs = [float(r["seconds"]) for r in ais]
        return [("AIS gain per line per state feature (models 1 to 24)", fmt((per[23] - per[0]) / 23)),
                ("AIS gain per line per transition feature (models 24 to 48)", fmt((per[47] - per[23]) / 24)),
                ("AIS standard error per line, mean over the 48", fmt(sum(se) / len(se))),
                ("AIS standard error per line, largest", fmt(max(se))),
                ("Laplace-Exact's distance / the closer of MAP's and BIC-MAP's",
                 f"{min(s['figure5']['meanAbsDiffPerLineFromAis']['map'], s['figure5']['meanAbsDiffPerLineFromAis']['bic-map']) / s['figure5']['meanAbsDiffPerLineFromAis']['laplace-exact']:.1f}×"),
                ("AIS seconds per model, mean (a time)", f"{sum(secs) / len(secs):.1f}"),
                ("AIS seconds per model, largest (48 features) (a time)", f"{secs[-1]:.1f}")]

    out += ["| Figure 5 number | value |", "|---|---:|"]
    for (label, b), (_, a) in zip(ais_stats(sb, list(f5b.values())), ais_stats(sa, f5a)):
        out.append(f"| {label} | {timed(label, b, a)} |")
    out.append("")

    # Figure 6
    f6b = {(r["n"], r["method"]): r for r in rows(before, "fig-6-cvm-vs-n.csv")}
    f6a = rows(after, "fig-6-cvm-vs-n.csv")
    out += ["## Figure 6: CVM against mh per N (noise floor "
            f"{sa['figure6']['noiseFloor']}), MPSRF and the converged flag", "",
            "| N | method | CVM | MPSRF | converged | seconds |", "|---|---|---:|---:|---|---:|"]
    for r in f6a:
        b = f6b.get((r["n"], r["method"]), {})
        out.append(f"| {r['n']} | {r['method']} | {cell(fmt(b.get('cvm')), fmt(r['cvm']))} | "
                   f"{cell(fmt(b.get('mpsrf')), fmt(r['mpsrf']))} | {cell(b.get('converged', '–'), r['converged'])} | "
                   f"{fmt(b.get('seconds'))} → {fmt(r['seconds'])} |")
    out += ["", "Seconds depend on the machine's load; they are shown without marking.", ""]

    def bl_vs_lv(rs):
        by = {(r["n"], r["method"]): r for r in rs}
        ns = list(dict.fromkeys(r["n"] for r in rs))
        closer = sum(float(by[(n, "bl-mp")]["cvm"]) <= float(by[(n, "lv-cd")]["cvm"]) for n in ns)
        t_bl = sum(float(by[(n, "bl-mp")]["seconds"]) for n in ns) / len(ns)
        t_lv = sum(float(by[(n, "lv-cd")]["seconds"]) for n in ns) / len(ns)
        mh = [float(by[(n, "mh")]["mpsrf"]) for n in ns]
        return [("N where bl-mp is as close to mh as lv-cd or closer", f"{closer} of {len(ns)}"),
                ("mh's MPSRF, range", f"{min(mh):.2f}–{max(mh):.2f}"),
                ("bl-mp seconds per N, mean (a time)", f"{t_bl:.3f}"),
                ("lv-cd seconds per N, mean (a time)", f"{t_lv:.1f}"),
                ("lv-cd / bl-mp time (a time)", f"{t_lv / t_bl:.0f}×")]

    out += ["| Figure 6 number | value |", "|---|---:|"]
    for (label, b), (_, a) in zip(bl_vs_lv(list(f6b.values())), bl_vs_lv(f6a)):
        out.append(f"| {label} | {timed(label, b, a)} |")
    out.append("")

    # Figures 7 and 8
    m7b = {(r["n"], r["method"]): r for r in sb["figures7and8"]}
    out += ["## Figures 7 and 8: worst and best fitting marginals", "",
            "| N | method | worst | worst CVM | best | best CVM |", "|---|---|---|---:|---|---:|"]
    for r in sa["figures7and8"]:
        b = m7b.get((r["n"], r["method"]), {})
        out.append(f"| {r['n']} | {r['method']} | {cell(b.get('worst', '–'), r['worst'])} | "
                   f"{cell(fmt(b.get('worstCvm')), fmt(r['worstCvm']))} | {cell(b.get('best', '–'), r['best'])} | "
                   f"{cell(fmt(b.get('bestCvm')), fmt(r['bestCvm']))} |")
    out.append("")

    # Prediction
    pb = {r["method"]: r for r in rows(before, "prediction.csv")}
    out += ["## Prediction: label error on the held-out documents", "",
            "| method | wrong lines | of | label error |", "|---|---:|---:|---:|"]
    for r in rows(after, "prediction.csv"):
        b = pb.get(r["method"], {})
        err = lambda x: f"{100 * float(x):.2f}%" if x else "–"
        out.append(f"| {r['method']} | {cell(b.get('errors', '–'), r['errors'])} | {r['positions']} | "
                   f"{cell(err(b.get('errorRate')), err(r['errorRate']))} |")
    out.append("")

    vb = {c["claim"]: c for c in sb["claims"]}
    out += ["## The papers' findings", "", "| finding | verdict |", "|---|---|"]
    for c in sa["claims"]:
        out.append(f"| {c['claim']} | {cell(vb.get(c['claim'], {}).get('verdict', '–'), c['verdict'])} |")
    out.append("")

    tb, ta = sb["timing"], sa["timing"]
    out += ["## Run time", "", "| | before | after |", "|---|---:|---:|"]
    for label, key, scale in (("wall, minutes", "totalSeconds", 60), ("Figure 5, minutes", "figure5Seconds", 60),
                              ("Figures 6-8, minutes", "figures6to8Seconds", 60),
                              ("prediction, seconds", "predictionSeconds", 1),
                              ("process CPU, minutes", "processCpuSeconds", 60)):
        out.append(f"| {label} | {tb[key] / scale:.1f} | {ta[key] / scale:.1f} |")
    out += [f"| load average at start, end | {tb['loadAtStart']:.1f}, {tb['loadAtEnd']:.1f} | "
            f"{ta['loadAtStart']:.1f}, {ta['loadAtEnd']:.1f} |", ""]
    print("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])
