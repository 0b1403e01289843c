package org.occam.sampling;

/**
 * How many draws a posterior sampler returns and how hard it may work for them.
 *
 * @param samples the number of kept draws in total, over all chains (each chain keeps
 *     {@code ceil(samples / chains)})
 * @param chains the number of chains, started apart (for the MPSRF); independent draws are split
 *     into this many sets as well
 * @param warmup transitions per chain discarded before any draw is kept (step sizes are tuned
 *     during them and frozen after)
 * @param maxTransitions the most transitions a chain may make after the warm-up; a chain that
 *     would need more to keep its draws at the thinning interval is stopped there and the result
 *     says it did not converge
 * @param targetAcceptance the acceptance rate the warm-up tunes HMC and random-walk proposals to
 * @param threads worker threads (chains run in parallel; results do not depend on the count)
 */
public record SamplerSettings(int samples, int chains, int warmup, long maxTransitions, double targetAcceptance,
    int threads) implements java.io.Serializable {
  /** The MPSRF below which chains count as converged (Brooks &amp; Gelman 1998; both papers use 1.1). */
  public static final double MPSRF_THRESHOLD = 1.1;

  public SamplerSettings {
    if (samples < 1 || chains < 1 || warmup < 0 || maxTransitions < 1 || threads < 1) {
      throw new org.occam.data.InvalidInputException("need samples >= 1, chains >= 1, warmup >= 0,"
          + " maxTransitions >= 1 and threads >= 1, got " + samples + ", " + chains + ", " + warmup + ", "
          + maxTransitions + ", " + threads);
    }
    if (!(targetAcceptance > 0 && targetAcceptance < 1)) {
      throw new org.occam.data.InvalidInputException("the target acceptance must be in (0, 1), got "
          + targetAcceptance);
    }
  }

  /** 10,000 draws over 5 chains (the UAI paper's sets), 1,000 warm-up transitions, acceptance 0.8. */
  public static SamplerSettings defaults() {
    return new SamplerSettings(10_000, 5, 1_000, 2_000_000, 0.8, Runtime.getRuntime().availableProcessors());
  }

  /** Kept draws per chain. */
  public int perChain() {
    return (samples + chains - 1) / chains;
  }

  public SamplerSettings withSamples(int n) {
    return new SamplerSettings(n, chains, warmup, maxTransitions, targetAcceptance, threads);
  }

  public SamplerSettings withChains(int n) {
    return new SamplerSettings(samples, n, warmup, maxTransitions, targetAcceptance, threads);
  }

  public SamplerSettings withWarmup(int n) {
    return new SamplerSettings(samples, chains, n, maxTransitions, targetAcceptance, threads);
  }

  public SamplerSettings withThreads(int n) {
    return new SamplerSettings(samples, chains, warmup, maxTransitions, targetAcceptance, n);
  }
}
