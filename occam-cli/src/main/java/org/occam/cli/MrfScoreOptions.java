package org.occam.cli;

import org.occam.mrf.methods.ExactInferenceLimit;
import org.occam.math.Lbfgs;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.MrfScoreSettings;
import org.occam.io.PriorRange;
import picocli.CommandLine.Option;

/** The options shared by the Boltzmann-machine scoring commands ({@code mrf score}, {@code mrf rank}). */
public final class MrfScoreOptions {
  @Option(names = {"--prior-sigma", "--sigma"}, paramLabel = "σ0",
      description = "σ0 of the prior N(0, σ0² I) on the 0/1 parameters (biases, then weights). Default: the model"
          + " file's \"prior\", else " + GaussianPrior.DEFAULT_SIGMA + "; in [" + PriorRange.MIN_SIGMA + ", "
          + PriorRange.MAX_SIGMA + "]. Parise & Welling (2006) do not state their prior; σ0 = 1 is this project's"
          + " choice.")
  Double priorSigma;

  @Option(names = "--bp-damping", paramLabel = "D", defaultValue = "" + LoopyBeliefPropagation.Settings.DEFAULT_DAMPING,
      description = "Loopy BP (bp-lr, bp-lr-exactgrad): weight of the old message, in [0, 1) (default: ${DEFAULT-VALUE}).")
  double bpDamping;

  @Option(names = "--bp-tolerance", paramLabel = "T", defaultValue = "" + LoopyBeliefPropagation.Settings.DEFAULT_TOLERANCE,
      description = "Loopy BP: converged when the largest message change of a sweep is below T (default: ${DEFAULT-VALUE}).")
  double bpTolerance;

  @Option(names = "--bp-max-iterations", paramLabel = "N",
      defaultValue = "" + LoopyBeliefPropagation.Settings.DEFAULT_MAX_ITERATIONS,
      description = "Loopy BP: the most sweeps per run (default: ${DEFAULT-VALUE}).")
  int bpMaxIterations;

  @Option(names = "--bp-schedule", paramLabel = "S", defaultValue = "SEQUENTIAL",
      description = "Loopy BP update order: SEQUENTIAL or PARALLEL (default: ${DEFAULT-VALUE}).")
  LoopyBeliefPropagation.Schedule bpSchedule;

  @Option(names = "--max-iterations", paramLabel = "N", defaultValue = "" + Lbfgs.Settings.DEFAULT_MAX_ITERATIONS,
      description = "L-BFGS iteration limit of each optimisation (λMP, λML, λMP by BP) (default: ${DEFAULT-VALUE}).")
  int maxIterations;

  @Option(names = "--gradient-tolerance", paramLabel = "G", defaultValue = "" + Lbfgs.Settings.DEFAULT_GRADIENT_TOLERANCE,
      description = "L-BFGS: converged when the gradient of the negative log posterior per row (a moment mismatch)"
          + " is below G in every component (default: ${DEFAULT-VALUE}).")
  double gradientTolerance;

  @Option(names = ExactInferenceLimit.FLAG, paramLabel = "N", defaultValue = "" + ExactInferenceLimit.DEFAULT_STATES,
      description = "Refuse exact inference (every method but bp-lr) whose junction tree has a clique of more"
          + " than N states, found before any work (default: 2^20 = ${DEFAULT-VALUE}; the exact engines stop at"
          + " cliques of 20 variables, or 25 variables in all).")
  long maxCliqueStates;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the sampling-based methods (ais, the sample-based estimators, the posterior samplers); the Laplace"
          + " family is deterministic (default: ${DEFAULT-VALUE}).")
  long seed;

  /** The number of worker threads asked for, at least 1. */
  int threads() {
    return Threads.count(threads);
  }

  /** σ0: the option if given, else the model file's, else the default. */
  double priorSigma(java.util.OptionalDouble fromModel) {
    if (priorSigma != null) {
      return PriorRange.sigma(priorSigma, "--prior-sigma");
    }
    return fromModel.orElse(GaussianPrior.DEFAULT_SIGMA);
  }

  /** The settings these options describe, with the given σ0 and worker threads. */
  MrfScoreSettings settings(double sigma, int threadCount) {
    var bp = new LoopyBeliefPropagation.Settings(bpSchedule, bpDamping, bpTolerance, bpMaxIterations);
    var lbfgs = Lbfgs.Settings.defaults().withMaxIterations(maxIterations).withGradientTolerance(gradientTolerance);
    return MrfScoreSettings.defaults().withPriorSigma(sigma).withBp(bp).withOptimiser(lbfgs).withThreads(threadCount);
  }
}
