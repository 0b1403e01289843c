#!/usr/bin/python3
"""BayesPy's variational Bayes beside Occam's `vb` bound on latent class models (issue 16).

The model, in both: a hidden z with K states is the parent of Beal's four observed five-valued
variables y1..y4 (Beal 2003, section 6.4);

    pi ~ Dirichlet(lambda 1_K),  theta_jk ~ Dirichlet(lambda 1_5),
    z_i ~ Categorical(pi),  y_ij | z_i = k ~ Categorical(theta_jk),

with lambda = 1, Occam's default `dirichlet(1.0)` prior (one symmetric lambda for every CPT row,
the hidden variable's included). Both fit q(z) q(pi) q(theta) by coordinate ascent and report the
bound F = E_q[ln p(y, z, pi, theta)] - E_q[ln q] <= ln p(y): the Dirichlet KL terms included, no
alias correction (Occam's `uncorrectedLogEvidence`). For each seed the script draws n rows from
Beal's true model with `occam dag sample`, scores the latent class model with `occam dag score
--methods vb`, and runs BayesPy from many random q(z) to its convergence (relative change of the
bound below 1e-13), keeping the best bound. One table row per seed and K.

Run it through bayespy_vb.sh, which installs Debian's python3-bayespy when it is missing.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
import warnings

import numpy as np
import bayespy
from bayespy.inference import VB
from bayespy.nodes import Categorical, Dirichlet, Mixture

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_JAR = os.path.join(REPO, "occam-cli", "target", "occam.jar")
TRUE_MODEL = os.path.join(REPO, "examples", "beal-true.json")
OBSERVED = ["y1", "y2", "y3", "y4"]


def occam(jar, *args):
    """Runs the occam command line; its standard output."""
    out = subprocess.run(["java", "-jar", jar, *args], check=True, capture_output=True, text=True)
    return out.stdout


def read_rows(path, states):
    """The observed columns as state indices, each variable's states in the model file's order."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    y = np.empty((len(rows), len(OBSERVED)), dtype=int)
    for j, name in enumerate(OBSERVED):
        index = {label: s for s, label in enumerate(states[name])}
        for i, row in enumerate(rows):
            y[i, j] = index[row[name]]
    return y


def state_labels(model_path):
    with open(model_path) as f:
        model = json.load(f)
    labels = {}
    for v in model["variables"]:
        names = v.get("stateNames") or v.get("labels")
        labels[v["name"]] = [str(s) for s in names] if names else [str(s) for s in range(v["states"])]
    return labels


def occam_vb(jar, data, k, lam, restarts, seed):
    """Occam's vb bound without alias correction, its iterations and the estimated gap to the limit."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "vb.json")
        occam(jar, "dag", "score", "--parents", ";".join(f"{y}<-h" for y in OBSERVED),
              "--hidden-states", f"h={k}", "--states", ",".join(f"{y}=5" for y in OBSERVED),
              "--prior", str(lam), "--data", data, "--methods", "vb", "--restarts", str(restarts),
              "--seed", str(seed), "--json", out)
        with open(out) as f:
            result = json.load(f)["results"][0]
    d = result["diagnostics"]
    return d["uncorrectedLogEvidence"], d["iterations"], d.get("estimatedGapToLimit"), result["seconds"]


def bayespy_vb(y, k, lam, restarts, seed, max_iterations):
    """BayesPy's best bound over `restarts` random initialisations of q(z), the most iterations a restart took,
    and the time of all restarts."""
    n, p = y.shape
    best = -np.inf
    iterations = 0
    t0 = time.time()
    for r in range(restarts):
        np.random.seed(seed * 100003 + k * 1009 + r)
        pi = Dirichlet(lam * np.ones(k), name="pi")
        z = Categorical(pi, plates=(n,), name="z")
        thetas = [Dirichlet(lam * np.ones(5), plates=(k,), name=f"theta{j}") for j in range(p)]
        ys = [Mixture(z, Categorical, thetas[j], name=f"y{j}") for j in range(p)]
        for j in range(p):
            ys[j].observe(y[:, j])
        z.initialize_from_random()
        q = VB(*ys, pi, *thetas, z, tol=1e-13)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            q.update(repeat=max_iterations, verbose=False)
        bound = q.compute_lowerbound()
        iterations = max(iterations, q.iter)
        best = max(best, bound)
    return best, iterations, time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=1280)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--states", default="2,3,4")
    ap.add_argument("--prior", type=float, default=1.0, help="the Dirichlet lambda of every CPT row")
    ap.add_argument("--restarts", type=int, default=20, help="BayesPy's random initialisations")
    ap.add_argument("--occam-restarts", type=int, default=10, help="Occam's --restarts")
    ap.add_argument("--max-iterations", type=int, default=5000, help="BayesPy's iteration limit per restart")
    ap.add_argument("--jar", default=DEFAULT_JAR)
    a = ap.parse_args()
    labels = state_labels(TRUE_MODEL)
    print(f"latent class models of Beal's y1..y4, n = {a.rows}, dirichlet({a.prior}); BayesPy {bayespy.__version__}"
          f" best of {a.restarts} restarts, Occam best of {a.occam_restarts}")
    # iterations: Occam's best restart's; BayesPy's longest restart's
    print("seed  K  occam vb (uncorrected)  iterations  est. gap  bayespy best  iterations  bayespy-occam  "
          "occam s  bayespy s")
    for seed in (int(s) for s in a.seeds.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            data = os.path.join(tmp, "d.csv")
            occam(a.jar, "dag", "sample", "--model", TRUE_MODEL, "--rows", str(a.rows), "--seed", str(seed),
                  "--out", data)
            y = read_rows(data, labels)
            for k in (int(s) for s in a.states.split(",")):
                f, it, gap, secs = occam_vb(a.jar, data, k, a.prior, a.occam_restarts, seed)
                g, git, gsecs = bayespy_vb(y, k, a.prior, a.restarts, seed, a.max_iterations)
                gap_text = "-" if gap is None else f"{gap:.4f}"
                print(f"{seed:4d} {k:2d}  {f:22.4f}  {it:10d}  {gap_text:>8}  {g:12.4f}  {git:10d}  {g - f:13.4f}  "
                      f"{secs:7.2f}  {gsecs:9.1f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
