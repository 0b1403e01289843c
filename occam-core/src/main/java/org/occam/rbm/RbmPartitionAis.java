package org.occam.rbm;

import org.occam.data.InvalidInputException;
import org.occam.math.Logistic;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.sampling.AnnealedImportanceSampler;
import org.occam.sampling.AnnealingSchedule;
import org.occam.sampling.ImportanceWeights;

/**
 * Annealed importance sampling for the log partition function of a binary RBM,
 * {@code p(x, z) = exp(aᵀx + bᵀz + xᵀWz) / Z} with x ∈ {0,1}^V, z ∈ {0,1}^K, as Salakhutdinov
 * &amp; Murray (2008, "On the quantitative analysis of deep belief networks", section 4.1) and Chen
 * &amp; Welling (2013, step 5 of Algorithm 1) do it.
 *
 * <p><b>Base model.</b> {@code p₀(x, z) ∝ exp(b₀ᵀx)}: visible units independent with biases b₀
 * (fitted to the data's visible means, {@code b₀ = ln(p̂ / (1 − p̂))}, or zero for the uniform
 * distribution) and the K hidden units independent with bias zero, so
 *
 * <pre>  ln Z₀ = Σ_i softplus(b₀_i) + K ln 2.</pre>
 *
 * <p><b>Path.</b> The joint energies are mixed geometrically,
 * {@code p_β(x, z) ∝ exp((1 − β) b₀ᵀx + β (aᵀx + bᵀz + xᵀWz))}, and summing z out gives
 *
 * <pre>  ln f_β(x) = (1 − β) b₀ᵀx + β aᵀx + Σ_k softplus(β (b_k + xᵀW_{·k})).</pre>
 *
 * <p>At β = 0 each hidden unit contributes softplus(0) = ln 2, so Σ_x f₀(x) = Z₀ above; at β = 1
 * f₁ is the RBM's unnormalised marginal, Σ_x f₁(x) = Z. This is Salakhutdinov &amp; Murray's
 * equation (15) with the base model's own hidden units (weights zero) dropped: they add the
 * β-independent constant K_A ln 2, which cancels in every weight ratio and only shifts ln Z_A.
 *
 * <p><b>Weights and moves.</b> A run draws x from p₀ exactly, then for each step k adds
 * {@code ln f_{β_k}(x) − ln f_{β_{k−1}}(x)} to its log weight (hidden units summed out, as in S&amp;M
 * equation (11)) and makes one Gibbs sweep z | x, x | z under {@code p_{β_k}(x, z)}:
 *
 * <pre>  z_k ~ Bernoulli(σ(β (b_k + xᵀW_{·k}))),   x_i ~ Bernoulli(σ((1 − β) b₀_i + β (a_i + W_{i·} z))),</pre>
 *
 * <p>which leaves p_β(x, z), hence f_β(x), invariant. The runs go through the generic
 * {@link AnnealedImportanceSampler}, so each run has its own stream split off the seed and the
 * estimate is the same with any number of threads; {@code ln Ẑ = ln Z₀ + ln mean(w)}.
 *
 * <p>ln f_β is not linear in β (the softplus terms), so the chain overrides the engine's
 * {@link AnnealedImportanceSampler.Chain#logWeightIncrement} with {@code ln f_to(x) − ln f_from(x)}.
 *
 * <p>Example:
 *
 * <pre>{@code
 * RbmPartitionAis ais = RbmPartitionAis.withDataBase(w, a, b, data, 1.0);
 * RbmPartitionAis.Result r = ais.estimate(RbmPartitionAis.Settings.defaults(), 42L, 2);
 * System.out.printf("ln Z = %.4f ± %.4f (ESS %.1f)%n", r.logZ(), r.stdError(), r.effectiveSampleSize());
 * }</pre>
 *
 * <p>Immutable; the parameters are copied in.
 */
public final class RbmPartitionAis {
  private final int visibleCount;
  private final int hiddenCount;
  /** W row-major, V × K: {@code weights[i * K + k]}. */
  private final double[] weights;
  private final double[] visibleBias;
  private final double[] hiddenBias;
  private final double[] baseVisibleBias;

  /**
   * Settings of a run.
   *
   * @param schedule the inverse temperatures β from the base model (0) to the RBM (1)
   * @param runs the number of independent annealing runs (chains)
   * @param reverse whether each run continues with a reverse run from its final state (Neal 2001,
   *     section 6), giving an estimate that errs the other way
   */
  public record Settings(AnnealingSchedule schedule, int runs, boolean reverse) implements java.io.Serializable {
    public Settings {
      if (schedule == null || runs < 1) {
        throw new InvalidInputException("need a schedule and runs >= 1");
      }
    }

    /** Salakhutdinov &amp; Murray's schedule, 100 runs, forward only. */
    public static Settings defaults() {
      return new Settings(salakhutdinovMurraySchedule(), 100, false);
    }

    public Settings withSchedule(AnnealingSchedule s) {
      return new Settings(s, runs, reverse);
    }

    public Settings withRuns(int g) {
      return new Settings(schedule, g, reverse);
    }

    public Settings withReverse(boolean r) {
      return new Settings(schedule, runs, r);
    }

    /** The settings by name, for provenance. */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("schedule", schedule.toString());
      m.put("steps", schedule.steps());
      m.put("runs", runs);
      m.put("reverse", reverse);
      return m;
    }

    @Override
    public String toString() {
      return "RbmPartitionAis" + toMap();
    }
  }

  /**
   * An estimate of ln Z with its diagnostics.
   *
   * @param logZ {@code ln Z₀ + ln mean(w)}, the log of the (unbiased) mean-weight estimate of Z
   * @param stdError the delta-method standard error of logZ, {@code sd(w) / (√G mean(w))}
   * @param logBaseNormaliser ln Z₀ of the base model
   * @param meanLogWeightEstimate {@code ln Z₀ + mean(ln w)}, which under-estimates ln Z in
   *     expectation; far below logZ means the weights are very uneven
   * @param effectiveSampleSize {@code (Σ w)² / Σ w²}, between 1 and the number of runs
   * @param reverseLogZ {@code ln Z₀ − ln mean(w_rev)} when reverse runs were made; it over-estimates
   *     ln Z in expectation
   * @param logWeights every run's ln w (without ln Z₀), in run order
   * @param settings the settings used
   * @param seed the seed the runs' streams were split off
   */
  public record Result(double logZ, double stdError, double logBaseNormaliser, double meanLogWeightEstimate,
      double effectiveSampleSize, OptionalDouble reverseLogZ, double[] logWeights, Settings settings, long seed)
      implements java.io.Serializable {
    /** Serialised as {@link SerialForm} (an OptionalDouble is not serialisable). */
    private Object writeReplace() {
      return new SerialForm(logZ, stdError, logBaseNormaliser, meanLogWeightEstimate, effectiveSampleSize,
          reverseLogZ.isPresent(), reverseLogZ.orElse(0), logWeights, settings, seed);
    }

    /** The result with the reverse estimate as a flag and a value, for serialisation. */
    private record SerialForm(double logZ, double stdError, double logBaseNormaliser, double meanLogWeightEstimate,
        double effectiveSampleSize, boolean hasReverse, double reverseLogZ, double[] logWeights, Settings settings,
        long seed) implements java.io.Serializable {
      private Object readResolve() {
        return new Result(logZ, stdError, logBaseNormaliser, meanLogWeightEstimate, effectiveSampleSize,
            hasReverse ? OptionalDouble.of(reverseLogZ) : OptionalDouble.empty(), logWeights, settings, seed);
      }
    }

    /** reverseLogZ − logZ when reverse runs were made: near zero when the annealing is slow enough. */
    public OptionalDouble hysteresis() {
      return reverseLogZ.isPresent() ? OptionalDouble.of(reverseLogZ.getAsDouble() - logZ) : OptionalDouble.empty();
    }
  }

  /**
   * An RBM with W (V × K), visible biases a (V) and hidden biases b (K), annealed from the base
   * model with visible biases b₀ (V). Not modified.
   */
  public RbmPartitionAis(double[][] w, double[] a, double[] b, double[] baseVisibleBias) {
    visibleCount = a.length;
    hiddenCount = b.length;
    if (w.length != visibleCount || baseVisibleBias.length != visibleCount) {
      throw new InvalidInputException("W, a and b0 need one row/entry per visible unit");
    }
    weights = new double[visibleCount * hiddenCount];
    for (int i = 0; i < visibleCount; i++) {
      if (w[i].length != hiddenCount) {
        throw new InvalidInputException("W row " + i + " needs one entry per hidden unit");
      }
      System.arraycopy(w[i], 0, weights, i * hiddenCount, hiddenCount);
    }
    visibleBias = a.clone();
    hiddenBias = b.clone();
    this.baseVisibleBias = baseVisibleBias.clone();
    for (double v : weights) {
      requireFinite(v);
    }
    for (double[] v : new double[][] {visibleBias, hiddenBias, this.baseVisibleBias}) {
      for (double x : v) {
        requireFinite(x);
      }
    }
  }

  /**
   * AIS for an {@link Rbm}'s log Z, from a base-rate model with visible biases {@code b0}
   * (e.g. {@link #baseRatesFromData}; zeros for the uniform base).
   */
  public static RbmPartitionAis of(Rbm rbm, double[] baseVisibleBias) {
    int v = rbm.visibleCount();
    int k = rbm.hiddenCount();
    double[][] w = new double[v][k];
    double[] a = new double[v];
    double[] b = new double[k];
    for (int i = 0; i < v; i++) {
      a[i] = rbm.visibleBias(i);
      for (int j = 0; j < k; j++) {
        w[i][j] = rbm.weight(i, j);
      }
    }
    for (int j = 0; j < k; j++) {
      b[j] = rbm.hiddenBias(j);
    }
    return new RbmPartitionAis(w, a, b, baseVisibleBias);
  }

  /** Annealing from the uniform distribution over x (b₀ = 0). */
  public static RbmPartitionAis withUniformBase(double[][] w, double[] a, double[] b) {
    return new RbmPartitionAis(w, a, b, new double[a.length]);
  }

  /** Annealing from the base-rate model fitted to {@code data} (see {@link #baseRatesFromData}). */
  public static RbmPartitionAis withDataBase(double[][] w, double[] a, double[] b, int[][] data, double pseudoCount) {
    return new RbmPartitionAis(w, a, b, baseRatesFromData(data, pseudoCount));
  }

  /**
   * The base-rate biases {@code b₀_i = ln(p̂_i / (1 − p̂_i))} with smoothed visible means
   * {@code p̂_i = (Σ_n x_ni + α) / (N + 2α)} (α the pseudo-count), the maximum-likelihood
   * independent model under a Beta(α + 1, α + 1) prior. {@code data}: N rows of V 0/1 values, not
   * modified.
   */
  public static double[] baseRatesFromData(int[][] data, double pseudoCount) {
    if (data.length == 0 || !(pseudoCount >= 0)) {
      throw new InvalidInputException("need data rows and a pseudo-count >= 0");
    }
    int v = data[0].length;
    double[] ones = new double[v];
    for (int[] row : data) {
      if (row.length != v) {
        throw new InvalidInputException("rows of unequal length");
      }
      for (int i = 0; i < v; i++) {
        if (row[i] != 0 && row[i] != 1) {
          throw new InvalidInputException("visible values must be 0 or 1");
        }
        ones[i] += row[i];
      }
    }
    double[] b0 = new double[v];
    for (int i = 0; i < v; i++) {
      double p = (ones[i] + pseudoCount) / (data.length + 2 * pseudoCount);
      if (!(p > 0 && p < 1)) {
        throw new InvalidInputException("unit " + i + " is constant in the data; use a pseudo-count > 0");
      }
      b0[i] = Math.log(p) - Math.log1p(-p);
    }
    return b0;
  }

  /** Salakhutdinov &amp; Murray's schedule: 1000, 4000 and 10000 equal steps over [0, 0.5], [0.5, 0.9], [0.9, 1]. */
  public static AnnealingSchedule salakhutdinovMurraySchedule() {
    return AnnealingSchedule.piecewiseLinear(new double[] {0, 0.5, 0.9, 1}, new int[] {1000, 4000, 10000});
  }

  public int visibleCount() {
    return visibleCount;
  }

  public int hiddenCount() {
    return hiddenCount;
  }

  /** The base model's visible biases b₀ (a copy). */
  public double[] baseVisibleBias() {
    return baseVisibleBias.clone();
  }

  /** {@code ln Z₀ = Σ_i softplus(b₀_i) + K ln 2}. */
  public double logBaseNormaliser() {
    double s = hiddenCount * Math.log(2);
    for (double b0 : baseVisibleBias) {
      s += Logistic.softplus(b0);
    }
    return s;
  }

  /**
   * {@code ln f_β(x) = (1 − β) b₀ᵀx + β aᵀx + Σ_k softplus(β (b_k + xᵀW_{·k}))}, the intermediate
   * distribution's unnormalised log marginal; at β = 1 the RBM's. {@code x}: V values 0/1, not modified.
   */
  public double logUnnormalisedMarginal(double beta, int[] x) {
    if (x.length != visibleCount) {
      throw new InvalidInputException("x needs " + visibleCount + " values");
    }
    double base = 0;
    double visible = 0;
    double[] hiddenInput = hiddenBias.clone();
    for (int i = 0; i < visibleCount; i++) {
      if (x[i] != 0) {
        base += baseVisibleBias[i];
        visible += visibleBias[i];
        for (int k = 0; k < hiddenCount; k++) {
          hiddenInput[k] += weights[i * hiddenCount + k];
        }
      }
    }
    return logF(beta, base, visible, hiddenInput);
  }

  /** G annealing runs on streams split off {@code seed}, on {@code threads} threads (same result for any count). */
  public Result estimate(Settings settings, long seed, int threads) {
    AnnealingSchedule schedule = settings.schedule();
    AnnealedImportanceSampler.Estimate e = AnnealedImportanceSampler.estimate(
        rng -> new GibbsChain(rng), schedule, settings.runs(), seed, threads, settings.reverse());
    double logZ0 = logBaseNormaliser();
    double[] logWeights = e.runs().stream().mapToDouble(AnnealedImportanceSampler.Run::logWeight).toArray();
    double meanLog = 0;
    for (double lw : logWeights) {
      meanLog += lw / logWeights.length;
    }
    OptionalDouble reverse = e.reverseLogEstimate().isPresent()
        ? OptionalDouble.of(logZ0 + e.reverseLogEstimate().getAsDouble())
        : OptionalDouble.empty();
    return new Result(logZ0 + e.logEstimate(), e.stdError(), logZ0, logZ0 + meanLog, ImportanceWeights.effectiveSampleSize(logWeights),
        reverse, logWeights, settings, seed);
  }

  private double logF(double beta, double base, double visible, double[] hiddenInput) {
    double s = (1 - beta) * base + beta * visible;
    for (double h : hiddenInput) {
      s += Logistic.softplus(beta * h);
    }
    return s;
  }

  private static boolean bernoulli(UniformRandomProvider rng, double logit) {
    return rng.nextDouble() * (1 + Math.exp(-logit)) < 1;
  }

  private static void requireFinite(double v) {
    if (!Double.isFinite(v)) {
      throw new InvalidInputException("parameters must be finite");
    }
  }

  /** One run's state: x, with the sums b₀ᵀx, aᵀx and b + Wᵀx kept current. */
  private final class GibbsChain implements AnnealedImportanceSampler.Chain {
    private final UniformRandomProvider rng;
    private final int[] x = new int[visibleCount];
    private final int[] z = new int[hiddenCount];
    private final double[] hiddenInput = new double[hiddenCount];
    private double base;
    private double visible;
    private long sweeps;

    GibbsChain(UniformRandomProvider rng) {
      this.rng = rng;
      for (int i = 0; i < visibleCount; i++) {
        x[i] = bernoulli(rng, baseVisibleBias[i]) ? 1 : 0;
      }
      refresh();
    }

    /**
     * ln f_1(x) − ln f_0(x), the whole path's log ratio at x; the engine uses
     * {@link #logWeightIncrement} instead, because ln f_β is not linear in β.
     */
    @Override
    public double logLikelihood() {
      return logF(1, base, visible, hiddenInput) - logF(0, base, visible, hiddenInput);
    }

    @Override
    public double logWeightIncrement(double from, double to) {
      return logF(to, base, visible, hiddenInput) - logF(from, base, visible, hiddenInput);
    }

    @Override
    public void transition(double beta) {
      for (int k = 0; k < hiddenCount; k++) {
        z[k] = bernoulli(rng, beta * hiddenInput[k]) ? 1 : 0;
      }
      for (int i = 0; i < visibleCount; i++) {
        double input = visibleBias[i];
        int row = i * hiddenCount;
        for (int k = 0; k < hiddenCount; k++) {
          if (z[k] != 0) {
            input += weights[row + k];
          }
        }
        x[i] = bernoulli(rng, (1 - beta) * baseVisibleBias[i] + beta * input) ? 1 : 0;
      }
      refresh();
      sweeps++;
    }

    private void refresh() {
      base = 0;
      visible = 0;
      System.arraycopy(hiddenBias, 0, hiddenInput, 0, hiddenCount);
      for (int i = 0; i < visibleCount; i++) {
        if (x[i] != 0) {
          base += baseVisibleBias[i];
          visible += visibleBias[i];
          int row = i * hiddenCount;
          for (int k = 0; k < hiddenCount; k++) {
            hiddenInput[k] += weights[row + k];
          }
        }
      }
    }

    /** Gibbs moves are always accepted. */
    @Override
    public long accepted() {
      return sweeps;
    }

    @Override
    public long proposed() {
      return sweeps;
    }
  }
}
