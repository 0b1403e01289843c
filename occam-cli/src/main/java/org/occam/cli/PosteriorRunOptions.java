package org.occam.cli;

import java.nio.file.Path;
import org.occam.data.InvalidInputException;
import org.occam.report.PosteriorReport;
import org.occam.sampling.SamplerSettings;
import picocli.CommandLine.Option;

/**
 * The options of the commands that draw parameter posteriors ({@code mrf posterior},
 * {@code crf posterior}): how many draws over how many chains after how long a warm-up, and the
 * output folder.
 */
public final class PosteriorRunOptions {
  @Option(names = "--samples", paramLabel = "N", defaultValue = "10000",
      description = "Draws kept per method, over all chains (default: ${DEFAULT-VALUE}).")
  int samples;

  @Option(names = "--chains", paramLabel = "C", defaultValue = "5",
      description = "Chains per method, started apart; converged when their MPSRF is below 1.1. The Gaussian"
          + " methods' independent draws are split into as many sets (default: ${DEFAULT-VALUE}).")
  int chains;

  @Option(names = "--warmup", paramLabel = "W", defaultValue = "1000",
      description = "Transitions per chain discarded first, while step sizes are tuned (default: ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "The folder to write into: created if missing; an existing one must be empty unless --force.")
  Path out;

  @Option(names = "--force", description = "Write into a folder that is not empty, replacing files of the same"
      + " names.")
  boolean force;

  /**
   * The sampler settings on {@code threads} threads.
   *
   * @throws InvalidInputException if a count is out of range
   */
  SamplerSettings sampling(int threads) {
    if (samples < 1 || chains < 1 || warmup < 0) {
      throw new InvalidInputException("need --samples >= 1, --chains >= 1 and --warmup >= 0, got " + samples + ", "
          + chains + " and " + warmup);
    }
    return SamplerSettings.defaults().withSamples(samples).withChains(chains).withWarmup(warmup)
        .withThreads(threads);
  }

  /** The output folder, created, empty unless --force (see {@link PosteriorReport#prepare}). */
  Path prepare() {
    return PosteriorReport.prepare(out, force);
  }
}
