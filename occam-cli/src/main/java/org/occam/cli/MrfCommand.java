package org.occam.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code occam mrf …}: fully observed Boltzmann machines (binary pairwise MRFs). */
@Command(name = "mrf", mixinStandardHelpOptions = true,
    subcommands = {MrfScoreCommand.class, MrfRankCommand.class, MrfSearchCommand.class, MrfSampleCommand.class,
        MrfPosteriorCommand.class},
    description = {
        "Fully observed Boltzmann machines, p(x) ∝ exp(Σ θ_i x_i + Σ w_ij x_i x_j) on x ∈ {0,1}"
            + " (Parise & Welling, NIPS 2006).",
        "",
        "Scores: map (a reference, not an evidence estimate), bic-ml, bic-map, bp-lr (Bethe–Laplace),"
            + " bp-lr-exactgrad, laplace-exact; ground truth: ais (AIS over the parameters) and quadrature (F <= 3).",
        "",
        "Posteriors (mrf posterior): bl-mp, bl-bp, lv-cd, mc-bp against hmc (Welling & Parise, UAI 2006).",
        "",
        "The prior is N(0, σ0² I) on the 0/1 parameters, σ0 = 1 by default (--prior-sigma or the model file's"
            + " \"prior\"). The paper does not state its prior, so absolute scores depend on this choice."})
public final class MrfCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
