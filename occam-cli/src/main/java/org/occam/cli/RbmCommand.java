package org.occam.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code occam rbm …}: restricted Boltzmann machines with hidden units (Chen &amp; Welling 2013). */
@Command(name = "rbm", mixinStandardHelpOptions = true, subcommands = {RbmScoreCommand.class, RbmSelectCommand.class, RbmTrainCommand.class},
    description = {
        "Restricted Boltzmann machines, p(x, z) ∝ exp(xᵀW z + αᵀx + βᵀz) with V visible and K hidden 0/1 units"
            + " (Chen & Welling, UAI 2013).",
        "",
        "Scores: laplace (Algorithm 1 with the trapezoid and equivalent-mode corrections), laplace0 (eqn 5"
            + " alone), map (the first three terms of eqn 5), ml-bic (the first four terms at λML), ais-pd"
            + " (ground truth: AIS over the parameters with exact log Z; small min(V, K) only); cv: 10-fold"
            + " cross-validated test log-likelihood per row.",
        "",
        "train: one PCD run with given settings, its time and exact log-likelihood (to compare with other"
            + " libraries at equal work).",
        "",
        "The prior is N(0, σ0² I) on every parameter, σ0 = 1 as in the paper (--prior-sigma)."})
public final class RbmCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
