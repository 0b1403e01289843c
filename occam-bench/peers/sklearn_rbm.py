#!/usr/bin/python3
"""scikit-learn's BernoulliRBM beside Occam's PCD (`occam rbm train`) at equal work.

Both train K hidden units on the same binary data by stochastic maximum likelihood (persistent
contrastive divergence): mini-batches of B rows, B persistent chains, one Gibbs sweep per update,
the same constant step on the mean gradient, the same number of updates (E epochs x ceil(N/B)
mini-batches for scikit-learn). The script times scikit-learn's fit() and Occam's training (the
JSON's "seconds"; the whole Java process too), computes scikit-learn's exact log-likelihood here
in numpy (log Z by enumerating the 2^K hidden states) and recomputes Occam's from its JSON
parameters the same way, and prints one table row per number of epochs.

Run it through sklearn_rbm.sh, which installs Debian's python3-sklearn when it is missing.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import sklearn
from sklearn.neural_network import BernoulliRBM

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_DATA = os.path.normpath(os.path.join(REPO, "..", "shared", "data", "spamassassin_w100.csv"))
DEFAULT_JAR = os.path.join(REPO, "occam-cli", "target", "occam.jar")


def read_binary_csv(path):
    """The 0/1 matrix of a CSV with a header row; refuses any other cell."""
    with open(path) as f:
        header = f.readline().rstrip("\n").split(",")
    x = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
    if x.shape[1] != len(header):
        sys.exit(f"sklearn_rbm: {path}: {len(header)} header names but {x.shape[1]} columns")
    if not np.isin(x, (0.0, 1.0)).all():
        sys.exit(f"sklearn_rbm: {path}: cells other than 0 and 1 (an id or count column?)")
    return x


def softplus(a):
    return np.logaddexp(0.0, a)


def exact_log_likelihood(x, w, b, c):
    """sum_n log p(x_n) of the RBM with weights w (K x V), visible biases b, hidden biases c.

    log Z = logsumexp_h [c.h + sum_i softplus(b_i + (W^T h)_i)] over the 2^K hidden states h;
    log p(v) = b.v + sum_k softplus(c_k + W_k.v) - log Z.
    """
    k = w.shape[0]
    if k > 20:
        raise ValueError(f"2^{k} hidden states are too many to enumerate")
    h = ((np.arange(2 ** k)[:, None] >> np.arange(k)[None, :]) & 1).astype(np.float64)
    terms = h @ c + softplus(h @ w + b).sum(axis=1)
    top = terms.max()
    log_z = top + math.log(np.exp(terms - top).sum())
    free = x @ b + softplus(x @ w.T + c).sum(axis=1)
    return float(free.sum() - x.shape[0] * log_z)


def run_sklearn(x, args, epochs):
    rbm = BernoulliRBM(n_components=args.hidden, batch_size=args.batch_size, learning_rate=args.step_size,
                       n_iter=epochs, random_state=args.seed)
    start = time.perf_counter()
    rbm.fit(x)
    seconds = time.perf_counter() - start
    ll = exact_log_likelihood(x, rbm.components_.astype(np.float64), rbm.intercept_visible_.astype(np.float64),
                              rbm.intercept_hidden_.astype(np.float64))
    return seconds, ll


def run_occam(x, args, updates, out_dir):
    out = os.path.join(out_dir, f"occam-{updates}.json")
    cmd = ["java", "-jar", args.jar, "rbm", "train", "--data", args.data, "--hidden", str(args.hidden), "--ml",
           "--batch-size", str(args.batch_size), "--pcd-chains", str(args.batch_size), "--pcd-sweeps", "1",
           "--pcd-iterations", str(updates), "--step-size", repr(args.step_size), "--step-decay", "none",
           "--seed", str(args.seed), "--threads", str(args.threads), "--json", out, "--force"]
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    process_seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit("sklearn_rbm: occam failed: " + " ".join(cmd) + "\n" + done.stderr)
    with open(out) as f:
        result = json.load(f)
    p = result["parameters"]
    w = np.asarray(p["weights"], dtype=np.float64).T  # Occam's W is V x K
    recomputed = exact_log_likelihood(x, w, np.asarray(p["visibleBiases"]), np.asarray(p["hiddenBiases"]))
    own = result["logLikelihood"]
    if abs(recomputed - own) > 1e-6 * abs(own):
        sys.exit(f"sklearn_rbm: Occam's log-likelihood {own} and numpy's {recomputed} from its parameters differ")
    return result["seconds"], process_seconds, own, " ".join(cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", default=DEFAULT_DATA, help="CSV of 0/1 columns with a header")
    ap.add_argument("--epochs", default="100", help="comma-separated epoch counts, one table row each")
    ap.add_argument("--hidden", type=int, default=9)
    ap.add_argument("--batch-size", type=int, default=100)
    ap.add_argument("--step-size", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--jar", default=DEFAULT_JAR)
    args = ap.parse_args()
    args.data = os.path.abspath(args.data)
    x = read_binary_csv(args.data)
    n, v = x.shape
    batches = math.ceil(n / args.batch_size)
    print(f"data {args.data}: N = {n} rows, V = {v}; K = {args.hidden}, mini-batches of {args.batch_size} rows,"
          f" {args.batch_size} persistent chains, 1 Gibbs sweep per update, constant step {args.step_size},"
          f" maximum likelihood, seed {args.seed}")
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]};"
          f" occam --threads {args.threads}; load average {' '.join(f'{l:.2f}' for l in os.getloadavg())}")
    header = ("epochs", "updates", "sklearn s", "occam s", "ratio", "occam process s", "sklearn logL/row",
              "occam logL/row", "sklearn logL", "occam logL")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for epochs in (int(e) for e in args.epochs.split(",")):
            updates = epochs * batches
            sk_seconds, sk_ll = run_sklearn(x, args, epochs)
            oc_seconds, oc_process, oc_ll, cmd = run_occam(x, args, updates, tmp)
            rows.append((str(epochs), str(updates), f"{sk_seconds:.2f}", f"{oc_seconds:.2f}",
                         f"{sk_seconds / oc_seconds:.1f}x", f"{oc_process:.2f}", f"{sk_ll / n:.4f}",
                         f"{oc_ll / n:.4f}", f"{sk_ll:.1f}", f"{oc_ll:.1f}"))
    print("occam command (last row): " + cmd)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print("  ".join(h.rjust(w) for h, w in zip(header, widths)))
    for r in rows:
        print("  ".join(c.rjust(w) for c, w in zip(r, widths)))
    print("ratio = sklearn seconds / occam training seconds (the JSON's, without JVM start-up and reading);"
          " logL = exact log-likelihood, log Z by enumerating 2^%d hidden states" % args.hidden)


if __name__ == "__main__":
    main()
