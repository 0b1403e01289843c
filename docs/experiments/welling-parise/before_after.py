#!/usr/bin/env python3
"""Before/after tables of two `occam experiment welling-parise` runs made with the same options and seed.

Usage: docs/experiments/welling-parise/before_after.py BEFORE_DIR AFTER_DIR [NOTE] > before-after.md

Reads each run's summary.json (the figures' means, the findings' verdicts, the timings) and the
fig-2/4/5 CSV files (one row per sample set), and prints Markdown tables of the numbers that the
report and the README quote, side by side as "before → after", marking the cells that changed.
NOTE, when given, is printed under the title (where the two runs come from).
"""
import csv
import json
import math
import sys
from pathlib import Path

METHODS = ["bl-mp", "bl-bp", "lv-cd", "mc-bp"]
CSVS = [("figure2", "fig-2-cvm-vs-n.csv", "N"), ("figure4", "fig-4-cvm-vs-d-bias0.csv", "d*4"),
        ("figure5", "fig-5-cvm-vs-d-bias1.csv", "d*4")]
TITLES = {"figure2": "Figure 2: mean CVM against HMC as N grows",
          "figure4": "Figure 4: mean CVM against HMC as the coupling grows, fields 0 (N = 1000)",
          "figure5": "Figure 5: mean CVM against HMC as the coupling grows, fields 1 (N = 1000)"}


def fmt(x, digits=4):
    """The report's style: 4 significant digits."""
    if x is None or (isinstance(x, float) and math.isnan(x)) or x == "NaN":
        return "–"
    x = float(x)
    if x == 0:
        return "0"
    if abs(x) >= 10 ** digits:
        return f"{x:.{digits - 1}e}"
    return f"{x:.{max(0, digits - 1 - int(math.floor(math.log10(abs(x)))))}f}"


def cell(a, b):
    return a if a == b else f"**{a} → {b}**"


def rows(folder, name):
    with open(Path(folder) / name, newline="") as f:
        return list(csv.DictReader(f))


def point(x):
    x = float(x)
    return str(int(x)) if x == int(x) and x >= 10 else f"{x:g}"


def main(before, after, note=None):
    sb = json.loads((Path(before) / "summary.json").read_text())
    sa = json.loads((Path(after) / "summary.json").read_text())
    out = ["# `experiment welling-parise`: before and after", ""]
    if note:
        out += [note, ""]
    out += [f"Before: `{before}`; after: `{after}`. A changed cell reads **before → after**. "
            "CVM numbers are means over the models and sample sets, as in the report "
            f"(noise floor {sa['nullFloor']}).", ""]

    # Per sample set: how many CVM scores moved.
    out += ["## Sample sets whose CVM score changed", "", "| figure | method | sets | changed | largest change |",
            "|---|---|---:|---:|---:|"]
    for key, name, _ in CSVS:
        rb = {(r["model"], r["d4"], r["n"], r["method"], r["set"]): r for r in rows(before, name)}
        ra = rows(after, name)
        for m in METHODS:
            sets = changed = 0
            largest = 0.0
            for r in ra:
                if r["method"] != m:
                    continue
                sets += 1
                b = rb.get((r["model"], r["d4"], r["n"], r["method"], r["set"]))
                if b is None or b["cvm"] == "" or r["cvm"] == "":
                    changed += (b is None) or (b["cvm"] != r["cvm"])
                    continue
                d = abs(float(r["cvm"]) - float(b["cvm"]))
                if d > 1e-6 * max(1.0, abs(float(b["cvm"]))):
                    changed += 1
                    largest = max(largest, d)
            out.append(f"| {key[-1]} | {m} | {sets} | {changed} | {fmt(largest) if changed else '–'} |")
    out.append("")

    for key, _, axis in CSVS:
        fb = {(r["x"], r["method"]): r for r in sb["figures"][key]}
        fa = sa["figures"][key]
        xs = list(dict.fromkeys(r["x"] for r in fa))
        out += [f"## {TITLES[key]}", "", f"| {axis} | " + " | ".join(METHODS) + " | BP runs not converged |",
                "|---" * (len(METHODS) + 2) + "|"]
        for x in xs:
            ra = {r["method"]: r for r in fa if r["x"] == x}
            cells = [cell(fmt(fb.get((x, m), {}).get("meanCvm")), fmt(ra[m]["meanCvm"])) for m in METHODS]
            bp_b = sum(fb.get((x, m), {}).get("bpNotConverged", 0) for m in ("bl-bp", "mc-bp"))
            bp_a = sum(ra[m]["bpNotConverged"] for m in ("bl-bp", "mc-bp"))
            out.append(f"| {point(x)} | " + " | ".join(cells) + f" | {cell(str(bp_b), str(bp_a))} |")
        out.append("")

    # Convergence over all sample sets (the report's table).
    def conv(folder):
        res = {}
        for _, name, _ in CSVS:
            for r in rows(folder, name):
                c = res.setdefault(r["method"], {"sets": 0, "failed": 0, "notConverged": 0, "maxMpsrf": 0.0,
                                                 "bp": 0, "seconds": 0.0})
                c["sets"] += 1
                c["failed"] += r["note"] != "" and r["mpsrf"] == ""
                c["notConverged"] += r["converged"] != "true"
                if r["mpsrf"] not in ("", "NaN"):
                    c["maxMpsrf"] = max(c["maxMpsrf"], float(r["mpsrf"]))
                c["bp"] += int(r["bpNotConverged"] or 0)
                c["seconds"] += float(r["seconds"] or 0)
        return res

    cb, ca = conv(before), conv(after)
    out += ["## Convergence and time per sample set (all figures)", "",
            "| method | sets | not converged | largest MPSRF | BP runs not converged | mean s per set |",
            "|---|---:|---:|---:|---:|---:|"]
    for m in ["hmc"] + METHODS:
        b, a = cb.get(m, {}), ca[m]
        out.append(f"| {m} | {a['sets']} | {cell(str(b.get('notConverged')), str(a['notConverged']))} | "
                   f"{cell(fmt(b.get('maxMpsrf')), fmt(a['maxMpsrf']))} | {cell(str(b.get('bp')), str(a['bp']))} | "
                   f"{fmt(b['seconds'] / b['sets']) if b else '–'} → {fmt(a['seconds'] / a['sets'])} |")
    out += ["", "Times depend on the machine's load; they are shown before → after without marking.", ""]

    def ratios(s, c):
        def mean(key, x, m):
            return next(float(r["meanCvm"]) for r in s["figures"][key] if r["x"] == x and r["method"] == m)
        n0, n1 = s["design"]["sizes"][0], s["design"]["sizes"][-1]
        d0, d1 = s["design"]["strengthsTimes4"][0], s["design"]["strengthsTimes4"][-1]
        per_set = {m: c[m]["seconds"] / c[m]["sets"] for m in c}
        return [
            (f"bl-bp, N = {n0} → {n1} (Figure 2)", mean("figure2", n1, "bl-bp") / mean("figure2", n0, "bl-bp")),
            (f"lv-cd, N = {n0} → {n1} (Figure 2)", mean("figure2", n1, "lv-cd") / mean("figure2", n0, "lv-cd")),
            (f"bl-bp, d*4 = {d0:g} → {d1:g} (Figure 4)", mean("figure4", d1, "bl-bp") / mean("figure4", d0, "bl-bp")),
            (f"lv-cd, d*4 = {d0:g} → {d1:g} (Figure 4)", mean("figure4", d1, "lv-cd") / mean("figure4", d0, "lv-cd")),
            (f"bl-bp / bl-mp at N = {n0}", mean("figure2", n0, "bl-bp") / mean("figure2", n0, "bl-mp")),
            (f"bl-bp / bl-mp at N = {n1}", mean("figure2", n1, "bl-bp") / mean("figure2", n1, "bl-mp")),
            ("speed: faster sampler's s per set / slower Bethe-Laplace's",
             min(per_set["lv-cd"], per_set["mc-bp"]) / max(per_set["bl-mp"], per_set["bl-bp"])),
        ]

    out += ["## The ratios the report and the README quote", "", "| ratio | value |", "|---|---:|"]
    for (label, b), (_, a) in zip(ratios(sb, cb), ratios(sa, ca)):
        out.append(f"| {label} | {cell(f'{b:.2f}', f'{a:.2f}')} |")
    out += ["", "The speed ratio depends on the machine's load.", ""]

    f3b, f3a = sb["figures"]["figure3"], sa["figures"]["figure3"]
    out += ["## Figure 3: where bl-mp scores worst", "",
            "| | model | N | set | mean CVM | set CVM | parameters shown |", "|---|---|---|---|---|---|---|"]
    for label, f in (("before", f3b), ("after", f3a)):
        out.append(f"| {label} | {f['model']} | {f['n']} | {f['set']} | {fmt(f['meanCvm'])} | {fmt(f['setCvm'])} | "
                   + ", ".join(f["parameters"]) + " |")
    out.append("")

    vb = {c["claim"]: c for c in sb["claims"]}
    out += ["## The paper's findings", "", "| finding | verdict |", "|---|---|"]
    for c in sa["claims"]:
        out.append(f"| {c['claim']} | {cell(vb.get(c['claim'], {}).get('verdict', '–'), c['verdict'])} |")
    out.append("")

    tb, ta = sb["timing"], sa["timing"]
    out += ["## Run time", "", "| | before | after |", "|---|---:|---:|",
            f"| wall, minutes (of this process: without the resumed units' time) | {tb['totalSeconds'] / 60:.1f} | "
            f"{ta['totalSeconds'] / 60:.1f} |",
            f"| process CPU, minutes | {tb['processCpuSeconds'] / 60:.1f} | {ta['processCpuSeconds'] / 60:.1f} |",
            f"| units (resumed from the journal) | {tb['units']} ({tb['resumedUnits']}) | "
            f"{ta['units']} ({ta['resumedUnits']}) |",
            f"| threads | {tb['threads']} | {ta['threads']} |",
            f"| load average at start, end | {tb['loadAverageAtStart']:.1f}, {tb['loadAverageAtEnd']:.1f} | "
            f"{ta['loadAverageAtStart']:.1f}, {ta['loadAverageAtEnd']:.1f} |", ""]
    print("\n".join(out))


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])
