package org.occam.cli;

import java.nio.file.Path;
import org.occam.crf.CrfSettings;
import org.occam.io.CrfInput;
import org.occam.io.PriorRange;
import org.occam.mrf.GaussianPrior;
import picocli.CommandLine.Option;

/**
 * The model of the {@code occam crf} commands (a model file, or feature templates, or the full
 * model over the data's inputs), the prior, threads and seed.
 */
public final class CrfModelOptions {
  @Option(names = "--model", paramLabel = "FILE",
      description = "A CRF model file (type \"crf\": labels, inputs, feature templates, prior).")
  Path model;

  @Option(names = "--features", paramLabel = "LIST",
      description = "Without --model: the feature templates, comma-separated, from bias, transition, state:INPUT,"
          + " transition:INPUT. Default: bias, transition, then state:* and transition:* over every input.")
  String features;

  @Option(names = {"--prior-sigma", "--sigma"}, paramLabel = "σ0",
      description = "σ0 of the prior N(0, σ0² I) on λ. Default: the model file's \"prior\", else "
          + GaussianPrior.DEFAULT_SIGMA + "; in [" + PriorRange.MIN_SIGMA + ", " + PriorRange.MAX_SIGMA + "].")
  Double priorSigma;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "Seed of the sampling-based methods (default: ${DEFAULT-VALUE}).")
  long seed;

  /** Reads the model (file or templates) and the data for it ({@link CrfInput#load}); fails before any work. */
  CrfInput load(CrfDataOptions in) {
    return CrfInput.load(model, features, priorSigma, in.data, in.readOptions());
  }

  /** The number of worker threads asked for, at least 1. */
  int threads() {
    return Threads.count(threads);
  }

  /** The settings with σ0 and the threads. */
  CrfSettings settings(double sigma) {
    return CrfSettings.defaults().withPriorSigma(sigma).withThreads(threads());
  }
}
