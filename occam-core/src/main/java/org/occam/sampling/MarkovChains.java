package org.occam.sampling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.occam.data.InvalidInputException;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;

/**
 * Posterior draws from Markov chains run side by side, and independent draws from a Gaussian:
 * the machinery every family's posterior sampler shares (Welling &amp; Parise 2006, UAI, section
 * 7: "restarted 5 times and sub-sampled at intervals approximately equal to the auto-correlation
 * time", convergence judged by the MPSRF with threshold 1.1).
 *
 * <p>A run of m chains from the given starts goes in four phases, each chain on its own stream
 * split off the seed in chain order, so the draws are the same with any number of threads:
 *
 * <ol>
 *   <li><b>warm-up</b>: {@code warmup} transitions, discarded, during which each chain tunes its
 *       step size (HMC) or proposal factor (random-walk Metropolis) toward the target acceptance
 *       by Robbins–Monro ({@link StepSizeAdaptation}, gain 1, decay 0.6); the chain's tuned value
 *       is the geometric mean over the second half of its warm-up (Polyak–Ruppert averaging), and
 *       every chain then uses the median of the chains' values, frozen, so all chains run one
 *       kernel. Langevin chains keep their fixed step: the warm-up is burn-in only.
 *   <li><b>pilot</b>: {@code max(200, warmup)} transitions per chain, from which the largest
 *       integrated autocorrelation time τ over the parameters is estimated
 *       ({@link ChainDiagnostics#autocorrelationTimes}, over all chains).
 *   <li><b>thinning</b> {@code h = max(1, round(τ))}; if {@code pilot + perChain·h} would exceed
 *       {@code maxTransitions}, h is lowered to fit (the number of draws is kept, so with a budget
 *       below {@code pilot + perChain} h is 1 and the budget is overrun) and the run is reported as
 *       not converged, reason "thinning capped".
 *   <li><b>draws</b>: {@code perChain} draws per chain, one every h transitions.
 * </ol>
 *
 * <p>The diagnostics, in this order: {@code converged} (MPSRF &lt; 1.1 and the thinning not
 * capped), {@code reason} (when not), {@code mpsrf}, {@code mpsrfIndependentDraws} (what the MPSRF
 * of independent draws of the same shape comes to, {@link ChainDiagnostics#independentDrawsMpsrf}:
 * the floor no run of that many draws gets below; simulated when cheap, and when the run failed
 * the threshold, where the reason then says whether more draws rather than longer chains are
 * needed), {@code psrfMax}, {@code essMin},
 * {@code essMedian} (over parameters, of the kept draws), {@code autocorrelationTime} (the pilot's
 * largest τ, in transitions), {@code thinning}, {@code transitionsPerChain} (warm-up, pilot and
 * draws), and where they apply {@code acceptance} (after the warm-up), {@code stepSize} (the frozen
 * value; for random-walk Metropolis the factor multiplying the per-coordinate proposal scales) and
 * {@code leapfrogSteps}. A singular within-chain covariance makes the MPSRF +∞, reported as such.
 *
 * <p>Chain states live in primitive arrays; the transition loops allocate nothing beyond what
 * {@link HamiltonianMonteCarlo} does (nothing).
 */
public final class MarkovChains {
  /** Robbins–Monro gain γ₀ and decay κ of the warm-up tuning. */
  private static final double ADAPTATION_GAIN = 1.0;
  private static final double ADAPTATION_DECAY = 0.6;
  /**
   * Each HMC transition multiplies ε by a uniform draw from 1 ± this, so that no trajectory length
   * stays in resonance with a period of the target (Neal 2011, section 5.4.2.3: with a fixed εL
   * near a multiple of a direction's period the chain nearly returns to where it was, and its
   * autocorrelation time explodes).
   */
  static final double STEP_SIZE_JITTER = 0.2;
  /** The shortest pilot run. */
  private static final int MIN_PILOT = 200;

  /**
   * The gradient of a log posterior, or an estimate of it (contrastive divergence, a sampled
   * expectation). One instance serves one chain, so it may keep state between calls.
   */
  @FunctionalInterface
  public interface StochasticGradient {
    /**
     * @param lambda the parameters. Not modified.
     * @param out length d. Modified: every component is written.
     * @param rng the chain's stream, for any sampling the estimate needs
     */
    void gradient(double[] lambda, double[] out, UniformRandomProvider rng);
  }

  private MarkovChains() {}

  /**
   * Hamiltonian Monte Carlo chains ({@link HamiltonianMonteCarlo}, identity mass, L leapfrog
   * steps), the step size tuned in the warm-up and jittered by ±{@value #STEP_SIZE_JITTER} at every
   * transition.
   *
   * @param density makes one log density per chain (called once per chain, on its worker thread)
   * @param starts one start per chain ({@code s.chains()} of them), each of length names.size(). Not modified.
   * @param initialStepSize ε at the start of the warm-up (kept as is when {@code warmup} is 0)
   * @throws InvalidInputException if the density is not finite at a start
   */
  public static ParameterSamples hmc(String method, List<String> names,
      Supplier<HamiltonianMonteCarlo.LogDensity> density, double[][] starts, double initialStepSize,
      int leapfrogSteps, SamplerSettings s, long seed) {
    requirePositive(initialStepSize, "initial step size");
    if (leapfrogSteps < 1) {
      throw new IllegalArgumentException("HMC needs at least one leapfrog step, got " + leapfrogSteps);
    }
    Map<String, Object> settings = settings(s, seed);
    settings.put("initialStepSize", initialStepSize);
    settings.put("leapfrogSteps", leapfrogSteps);
    settings.put("stepSizeJitter", STEP_SIZE_JITTER);
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("leapfrogSteps", leapfrogSteps);
    extra.put("stepSizeJitter", STEP_SIZE_JITTER);
    return run(method, names, starts, s, seed, settings, extra,
        (c, rng) -> new HmcChain(starts[c], density.get(), leapfrogSteps, initialStepSize, s, rng, c));
  }

  /**
   * Random-walk Metropolis chains with Gaussian proposals {@code x' = x + f·σ∘z}, σ the
   * per-coordinate scales and f one factor tuned in the warm-up (starting at 1).
   *
   * @param logDensity makes one log density per chain; −∞ or NaN outside the support
   * @param proposalScales σ, positive, length names.size(). Not modified.
   * @throws InvalidInputException if the density is not finite at a start
   */
  public static ParameterSamples randomWalkMetropolis(String method, List<String> names,
      Supplier<ToDoubleFunction<double[]>> logDensity, double[][] starts, double[] proposalScales,
      SamplerSettings s, long seed) {
    requireScales(proposalScales, names.size(), "proposal scales");
    Map<String, Object> settings = settings(s, seed);
    settings.put("proposalScales", boxed(proposalScales));
    return run(method, names, starts, s, seed, settings, new LinkedHashMap<>(),
        (c, rng) -> new MetropolisChain(starts[c], logDensity.get(), proposalScales, s, rng, c));
  }

  /**
   * Unadjusted Langevin chains, {@code λ ← λ + (ε²/2) s²∘g + ε s∘η} with η ~ N(0, I), g the
   * (possibly stochastic) gradient of the log posterior and s the per-coordinate scales (a
   * diagonal preconditioner). Without a Metropolis test the chain's stationary law is off by
   * O(ε²) (Roberts &amp; Tweedie 1996); with a stochastic gradient by more. ε is fixed.
   *
   * @param stepScales s, positive, length names.size(). Not modified.
   * @param stepSize ε &gt; 0
   */
  public static ParameterSamples langevin(String method, List<String> names, Supplier<StochasticGradient> gradient,
      double[][] starts, double[] stepScales, double stepSize, SamplerSettings s, long seed) {
    requireScales(stepScales, names.size(), "step scales");
    requirePositive(stepSize, "step size");
    Map<String, Object> settings = settings(s, seed);
    settings.put("stepScales", boxed(stepScales));
    settings.put("stepSize", stepSize);
    return run(method, names, starts, s, seed, settings, new LinkedHashMap<>(),
        (c, rng) -> new LangevinChain(starts[c], gradient.get(), stepScales, stepSize, rng));
  }

  /**
   * Independent draws from {@code N(μ, A⁻¹)} given the precision A: with {@code A = LLᵀ}
   * (Cholesky), {@code μ + L⁻ᵀz} with z ~ N(0, I) has covariance {@code L⁻ᵀL⁻¹ = A⁻¹}. The
   * {@code samples} draws are split into {@code chains} sets of {@code perChain} draws, each set
   * on its own stream, so they are summarised like chains (their MPSRF and ESS are reported too).
   *
   * @param mean μ. Not modified.
   * @param precision A, symmetric. Not modified.
   * @throws InvalidInputException if A is not positive definite (naming the first failing pivot)
   */
  public static ParameterSamples gaussian(String method, List<String> names, double[] mean, double[][] precision,
      SamplerSettings s, long seed) {
    long t0 = System.nanoTime();
    int d = names.size();
    double[][] l = choleskyOfPrecision(mean, precision, names);
    int m = s.chains();
    int perChain = s.perChain();
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(RandomStreams.fromSeed(seed), m);
    List<double[][]> sets = Parallel.map(m, s.threads(), "occam-gaussian", c -> {
      ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(streams.get(c));
      double[][] out = new double[perChain][d];
      for (int t = 0; t < perChain; t++) {
        draw(mean, l, 1.0, z, out[t]);
      }
      return out;
    });
    double[][][] draws = sets.toArray(new double[0][][]);
    Map<String, Object> settings = settings(s, seed);
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("converged", true);
    diag.put("independent", true);
    if (hasDiagnosableLength(draws)) {
      diag.put("mpsrf", ChainDiagnostics.mpsrf(draws));
      putMixing(diag, draws);
    }
    diag.put("thinning", 1);
    return new ParameterSamples(method, names, draws, (System.nanoTime() - t0) * 1e-9, settings, diag);
  }

  /**
   * Over-dispersed starting points (Gelman &amp; Rubin 1992): independent draws from
   * {@code N(μ, c² A⁻¹)}, the Gaussian approximation widened by the inflation c.
   *
   * @param inflation c &gt; 0 (2 or 3 is usual)
   * @return {@code [chain][parameter]}
   * @throws InvalidInputException if A is not positive definite
   */
  public static double[][] dispersedStarts(double[] mean, double[][] precision, int chains, double inflation,
      long seed) {
    requirePositive(inflation, "inflation");
    if (chains < 1) {
      throw new IllegalArgumentException("need at least one chain, got " + chains);
    }
    double[][] l = choleskyOfPrecision(mean, precision, null);
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(RandomStreams.fromSeed(seed), chains);
    double[][] out = new double[chains][mean.length];
    for (int c = 0; c < chains; c++) {
      draw(mean, l, inflation, ZigguratSampler.NormalizedGaussian.of(streams.get(c)), out[c]);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // The run

  /** Makes chain c on its stream. */
  @FunctionalInterface
  private interface ChainFactory {
    Chain make(int chain, UniformRandomProvider rng);
  }

  /** One chain's state and kernel. */
  private abstract static class Chain {
    final double[] x;
    long accepted;
    long proposed;

    Chain(double[] start) {
      x = start.clone();
    }

    /** One transition; during the warm-up it tunes and does not count acceptance. */
    abstract void transition(boolean warmup);

    /** The value the warm-up tuned (NaN for a kernel without tuning). */
    double tuned() {
      return Double.NaN;
    }

    /** Fixes the tuned value for the rest of the run. */
    void freeze(double value) {}

    /** The frozen step size or proposal factor, for the record. */
    abstract double stepSize();

    /** Whether the kernel has an accept/reject step. */
    boolean accepts() {
      return true;
    }
  }

  private static ParameterSamples run(String method, List<String> names, double[][] starts, SamplerSettings s,
      long seed, Map<String, Object> settings, Map<String, Object> extra, ChainFactory factory) {
    long t0 = System.nanoTime();
    int m = s.chains();
    int d = names.size();
    if (starts.length != m) {
      throw new IllegalArgumentException(method + ": " + starts.length + " starts for " + m + " chains");
    }
    for (double[] start : starts) {
      if (start.length != d) {
        throw new IllegalArgumentException(method + ": a start of " + start.length + " values for " + d
            + " parameters");
      }
    }
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(RandomStreams.fromSeed(seed), m);
    int threads = s.threads();
    int warmup = s.warmup();
    List<Chain> chains = Parallel.map(m, threads, "occam-chains", c -> {
      Chain chain = factory.make(c, streams.get(c));
      for (int t = 0; t < warmup; t++) {
        chain.transition(true);
      }
      return chain;
    });
    double[] tuned = new double[m];
    for (int c = 0; c < m; c++) {
      tuned[c] = chains.get(c).tuned();
    }
    if (!Double.isNaN(tuned[0])) {
      double common = median(tuned);
      for (Chain chain : chains) {
        chain.freeze(common);
      }
    }
    int pilotLength = Math.max(MIN_PILOT, warmup);
    double[][][] pilot = record(chains, pilotLength, 1, threads);
    double tau = max(ChainDiagnostics.autocorrelationTimes(pilot));
    int perChain = s.perChain();
    long wanted = Double.isFinite(tau) ? Math.max(1L, Math.round(tau)) : Long.MAX_VALUE;
    long budget = s.maxTransitions() - pilotLength;
    boolean capped = wanted > Integer.MAX_VALUE || wanted * perChain > budget;
    int thinning = capped ? (int) Math.max(1L, Math.min(Integer.MAX_VALUE, budget / perChain)) : (int) wanted;
    double[][][] draws = record(chains, perChain, thinning, threads);

    boolean diagnosable = hasDiagnosableLength(draws);
    double mpsrf = diagnosable ? ChainDiagnostics.mpsrf(draws) : Double.POSITIVE_INFINITY;
    List<String> reasons = new ArrayList<>();
    if (!allFinite(draws)) {
      reasons.add("non-finite draws (a chain diverged)");
    }
    boolean mpsrfFailed = !(mpsrf < SamplerSettings.MPSRF_THRESHOLD);
    int p = draws[0][0].length;
    double floor = diagnosable ? independentDrawsMpsrf(m, perChain, p, mpsrfFailed) : Double.NaN;
    if (mpsrfFailed) {
      String why = Double.isInfinite(mpsrf)
          ? "MPSRF undefined (the within-chain covariance is singular, or the chains are too short)"
          : String.format(Locale.ROOT, "MPSRF %.3f >= %.1f", mpsrf, SamplerSettings.MPSRF_THRESHOLD);
      if (Double.isInfinite(floor)) {
        why += String.format(Locale.ROOT, " (%d chains x %d draws are too few to estimate the covariance of %d"
            + " parameters: more draws, not longer chains, are needed)", m, perChain, p);
      } else if (!(floor < SamplerSettings.MPSRF_THRESHOLD)) {
        why += String.format(Locale.ROOT, " (independent draws of this shape, %d chains x %d draws of %d parameters,"
            + " give %s: more draws, not longer chains, would lower it)", m, perChain, p,
            Double.isNaN(floor) ? "about " + approximateIndependentDrawsMpsrf(m, perChain, p) : String.format(
                Locale.ROOT, "%.3f", floor));
      }
      reasons.add(why);
    }
    if (capped) {
      reasons.add("thinning capped");
    }
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("converged", reasons.isEmpty());
    if (!reasons.isEmpty()) {
      diag.put("reason", String.join("; ", reasons));
    }
    diag.put("mpsrf", mpsrf);
    if (!Double.isNaN(floor)) {
      diag.put("mpsrfIndependentDraws", floor);
    }
    if (diagnosable) {
      putMixing(diag, draws);
    }
    diag.put("autocorrelationTime", tau);
    diag.put("thinning", thinning);
    diag.put("transitionsPerChain", warmup + pilotLength + (long) perChain * thinning);
    Chain first = chains.get(0);
    if (first.accepts()) {
      long acc = 0;
      long prop = 0;
      for (Chain chain : chains) {
        acc += chain.accepted;
        prop += chain.proposed;
      }
      diag.put("acceptance", prop == 0 ? 0.0 : (double) acc / prop);
    }
    diag.put("stepSize", first.stepSize());
    diag.putAll(extra);
    return new ParameterSamples(method, names, draws, (System.nanoTime() - t0) * 1e-9, settings, diag);
  }

  /** {@code length} draws per chain, one every {@code thinning} transitions, chains in parallel. */
  private static double[][][] record(List<Chain> chains, int length, int thinning, int threads) {
    List<double[][]> out = Parallel.map(chains.size(), threads, "occam-chains", c -> {
      Chain chain = chains.get(c);
      double[][] kept = new double[length][];
      for (int t = 0; t < length; t++) {
        for (int h = 0; h < thinning; h++) {
          chain.transition(false);
        }
        kept[t] = chain.x.clone();
      }
      return kept;
    });
    return out.toArray(new double[0][][]);
  }

  /** psrfMax, essMin and essMedian. */
  private static void putMixing(Map<String, Object> diag, double[][][] draws) {
    diag.put("psrfMax", max(ChainDiagnostics.psrf(draws)));
    double[] ess = ChainDiagnostics.effectiveSampleSizes(draws);
    double min = Double.POSITIVE_INFINITY;
    for (double e : ess) {
      min = Math.min(min, e);
    }
    diag.put("essMin", min);
    diag.put("essMedian", median(ess));
  }

  private static boolean allFinite(double[][][] draws) {
    for (double[][] chain : draws) {
      for (double[] d : chain) {
        for (double v : d) {
          if (!Double.isFinite(v)) {
            return false;
          }
        }
      }
    }
    return true;
  }

  /** Simulations are cheap below this many multiply-adds (p²·m·n per replicate) and run whenever. */
  private static final double CHEAP_REFERENCE = 1e9;
  /** Above this many, the reference is not simulated but approximated (only when a run failed). */
  private static final double AFFORDABLE_REFERENCE = 2e10;

  /**
   * What the MPSRF of m chains of n independent draws of p parameters comes to: simulated
   * ({@link ChainDiagnostics#independentDrawsMpsrf}, 3 replicates on a fixed stream) when cheap,
   * else {@link ChainDiagnostics#approximateIndependentDrawsMpsrf}. For choosing how many draws a
   * run needs before the 1.1 threshold can be met.
   */
  public static double independentDrawsMpsrf(int m, int n, int p) {
    double simulated = independentDrawsMpsrf(m, n, p, false);
    return Double.isNaN(simulated) ? ChainDiagnostics.approximateIndependentDrawsMpsrf(m, n, p) : simulated;
  }

  /**
   * {@link ChainDiagnostics#independentDrawsMpsrf} for the run's shape on a fixed stream (it is a
   * property of the shape): 3 replicates when cheap, 1 when affordable and the run failed the
   * threshold (where it explains the failure), else NaN.
   */
  private static double independentDrawsMpsrf(int m, int n, int p, boolean failed) {
    double cost = (double) p * p * m * n;
    if (cost > (failed ? AFFORDABLE_REFERENCE : CHEAP_REFERENCE)) {
      return Double.NaN;
    }
    return ChainDiagnostics.independentDrawsMpsrf(m, n, p, cost > CHEAP_REFERENCE ? 1 : 3,
        RandomStreams.taskSeed(0x1DD4L, m, n, p));
  }

  /** {@link ChainDiagnostics#approximateIndependentDrawsMpsrf} to 2 decimals. */
  private static String approximateIndependentDrawsMpsrf(int m, int n, int p) {
    return String.format(Locale.ROOT, "%.2f", ChainDiagnostics.approximateIndependentDrawsMpsrf(m, n, p));
  }

  private static boolean hasDiagnosableLength(double[][][] draws) {
    return draws.length > 1 ? draws[0].length >= 2 : draws[0].length >= 4;
  }

  // ---------------------------------------------------------------------------------------------
  // Kernels

  private static final class HmcChain extends Chain {
    private final HamiltonianMonteCarlo hmc;
    private final HamiltonianMonteCarlo.LogDensity density;
    private final UniformRandomProvider rng;
    private final StepSizeAdaptation adaptation;
    private final int warmup;
    private double stepSize;
    private int warmupDone;
    private double logStepSum;
    private int logStepCount;

    HmcChain(double[] start, HamiltonianMonteCarlo.LogDensity density, int leapfrogSteps, double initialStepSize,
        SamplerSettings s, UniformRandomProvider rng, int index) {
      super(start);
      this.density = density;
      this.rng = rng;
      hmc = new HamiltonianMonteCarlo(start.length, leapfrogSteps, rng);
      try {
        hmc.setState(start, density);
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException("chain " + index + ": the log density or its gradient is not finite at"
            + " the start");
      }
      adaptation = new StepSizeAdaptation(initialStepSize, s.targetAcceptance(), ADAPTATION_GAIN, ADAPTATION_DECAY);
      warmup = s.warmup();
      stepSize = initialStepSize;
    }

    @Override
    void transition(boolean warmupStep) {
      if (warmupStep) {
        double eps = adaptation.stepSize();
        hmc.transition(density, eps * jitter());
        adaptation.update(hmc.lastAcceptanceProbability());
        if (2 * warmupDone >= warmup) {
          logStepSum += Math.log(eps);
          logStepCount++;
        }
        warmupDone++;
      } else {
        proposed++;
        if (hmc.transition(density, stepSize * jitter())) {
          accepted++;
        }
      }
      hmc.position(x);
    }

    private double jitter() {
      return 1 + STEP_SIZE_JITTER * (2 * rng.nextDouble() - 1);
    }

    @Override
    double tuned() {
      return logStepCount == 0 ? Double.NaN : Math.exp(logStepSum / logStepCount);
    }

    @Override
    void freeze(double value) {
      stepSize = value;
    }

    @Override
    double stepSize() {
      return stepSize;
    }
  }

  private static final class MetropolisChain extends Chain {
    private final ToDoubleFunction<double[]> logDensity;
    private final double[] scales;
    private final double[] proposal;
    private final UniformRandomProvider rng;
    private final ZigguratSampler.NormalizedGaussian normal;
    private final StepSizeAdaptation adaptation;
    private final int warmup;
    private double current;
    private double factor = 1.0;
    private int warmupDone;
    private double logFactorSum;
    private int logFactorCount;

    MetropolisChain(double[] start, ToDoubleFunction<double[]> logDensity, double[] scales, SamplerSettings s,
        UniformRandomProvider rng, int index) {
      super(start);
      this.logDensity = logDensity;
      this.scales = scales.clone();
      this.rng = rng;
      normal = ZigguratSampler.NormalizedGaussian.of(rng);
      proposal = new double[start.length];
      current = logDensity.applyAsDouble(x);
      if (!Double.isFinite(current)) {
        throw new InvalidInputException("chain " + index + ": the log density is not finite at the start ("
            + current + ")");
      }
      adaptation = new StepSizeAdaptation(1.0, s.targetAcceptance(), ADAPTATION_GAIN, ADAPTATION_DECAY);
      warmup = s.warmup();
    }

    @Override
    void transition(boolean warmupStep) {
      double f = warmupStep ? adaptation.stepSize() : factor;
      for (int i = 0; i < x.length; i++) {
        proposal[i] = x[i] + f * scales[i] * normal.sample();
      }
      double next = logDensity.applyAsDouble(proposal);
      double logRatio = next - current;
      double probability = Double.isNaN(logRatio) ? 0.0 : logRatio >= 0 ? 1.0 : Math.exp(logRatio);
      boolean accept = probability >= 1.0 || (probability > 0 && rng.nextDouble() < probability);
      if (accept) {
        System.arraycopy(proposal, 0, x, 0, x.length);
        current = next;
      }
      if (warmupStep) {
        adaptation.update(probability);
        if (2 * warmupDone >= warmup) {
          logFactorSum += Math.log(f);
          logFactorCount++;
        }
        warmupDone++;
      } else {
        proposed++;
        if (accept) {
          accepted++;
        }
      }
    }

    @Override
    double tuned() {
      return logFactorCount == 0 ? Double.NaN : Math.exp(logFactorSum / logFactorCount);
    }

    @Override
    void freeze(double value) {
      factor = value;
    }

    @Override
    double stepSize() {
      return factor;
    }
  }

  private static final class LangevinChain extends Chain {
    private final StochasticGradient gradient;
    private final double[] drift;
    private final double[] noise;
    private final double[] g;
    private final double stepSize;
    private final UniformRandomProvider rng;
    private final ZigguratSampler.NormalizedGaussian normal;

    LangevinChain(double[] start, StochasticGradient gradient, double[] scales, double stepSize,
        UniformRandomProvider rng) {
      super(start);
      this.gradient = gradient;
      this.stepSize = stepSize;
      this.rng = rng;
      normal = ZigguratSampler.NormalizedGaussian.of(rng);
      drift = new double[start.length];
      noise = new double[start.length];
      g = new double[start.length];
      for (int i = 0; i < start.length; i++) {
        drift[i] = 0.5 * stepSize * stepSize * scales[i] * scales[i];
        noise[i] = stepSize * scales[i];
      }
    }

    @Override
    void transition(boolean warmupStep) {
      gradient.gradient(x, g, rng);
      for (int i = 0; i < x.length; i++) {
        x[i] += drift[i] * g[i] + noise[i] * normal.sample();
      }
    }

    @Override
    double stepSize() {
      return stepSize;
    }

    @Override
    boolean accepts() {
      return false;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Gaussian helpers

  /**
   * The lower Cholesky factor of the precision, or a one-line refusal naming the first pivot that
   * is not positive (its value, and the parameter when names are given).
   */
  private static double[][] choleskyOfPrecision(double[] mean, double[][] a, List<String> names) {
    int d = mean.length;
    if (a.length != d || (names != null && names.size() != d)) {
      throw new IllegalArgumentException("a mean of " + d + " values with a " + a.length + "-row precision"
          + (names == null ? "" : " and " + names.size() + " names"));
    }
    double[][] l = new double[d][d];
    for (int j = 0; j < d; j++) {
      if (a[j].length != d) {
        throw new IllegalArgumentException("the precision is not square: row " + j + " has " + a[j].length
            + " values");
      }
      double pivot = a[j][j];
      for (int k = 0; k < j; k++) {
        pivot -= l[j][k] * l[j][k];
      }
      if (!(pivot > 0) || !Double.isFinite(pivot)) {
        throw new InvalidInputException("the precision is not positive definite: Cholesky pivot " + j
            + (names == null ? "" : " (" + names.get(j) + ")") + " is " + pivot);
      }
      l[j][j] = Math.sqrt(pivot);
      for (int i = j + 1; i < d; i++) {
        double r = a[i][j];
        for (int k = 0; k < j; k++) {
          r -= l[i][k] * l[j][k];
        }
        l[i][j] = r / l[j][j];
      }
    }
    return l;
  }

  /** {@code out = μ + c L⁻ᵀ z}: z drawn into out, then back substitution on Lᵀ in place. */
  private static void draw(double[] mean, double[][] l, double c, ZigguratSampler.NormalizedGaussian z,
      double[] out) {
    int d = mean.length;
    for (int i = 0; i < d; i++) {
      out[i] = z.sample();
    }
    for (int i = d - 1; i >= 0; i--) {
      double v = out[i];
      for (int k = i + 1; k < d; k++) {
        v -= l[k][i] * out[k];
      }
      out[i] = v / l[i][i];
    }
    for (int i = 0; i < d; i++) {
      out[i] = mean[i] + c * out[i];
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Small helpers

  private static Map<String, Object> settings(SamplerSettings s, long seed) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("samples", s.samples());
    m.put("chains", s.chains());
    m.put("warmup", s.warmup());
    m.put("maxTransitions", s.maxTransitions());
    m.put("targetAcceptance", s.targetAcceptance());
    m.put("seed", seed);
    return m;
  }

  private static double max(double[] a) {
    double m = Double.NEGATIVE_INFINITY;
    for (double v : a) {
      m = Math.max(m, v);
    }
    return m;
  }

  private static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  }

  private static List<Double> boxed(double[] a) {
    return Arrays.stream(a).boxed().toList();
  }

  private static void requirePositive(double v, String what) {
    if (!(v > 0) || !Double.isFinite(v)) {
      throw new IllegalArgumentException("the " + what + " must be positive and finite, got " + v);
    }
  }

  private static void requireScales(double[] scales, int d, String what) {
    if (scales.length != d) {
      throw new IllegalArgumentException(what + ": " + scales.length + " values for " + d + " parameters");
    }
    for (double v : scales) {
      requirePositive(v, what.substring(0, what.length() - 1));
    }
  }
}
