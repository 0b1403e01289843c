package org.occam.bench;

import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;
import org.occam.rbm.PersistentContrastiveDivergence;
import org.occam.rbm.Rbm;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 17, point 5, PCD update: {@value #UPDATES} updates of {@link PersistentContrastiveDivergence}
 * (full batch, M = 100 chains, one Gibbs sweep each, one thread, no trace) of an RBM with V = 100
 * visible and K = 10 hidden units on D = 1,000 distinct random rows, each unit on with probability ½,
 * from λ of standard deviation 0.1 (a scaled sum of three uniforms) (Chen &amp; Welling's sizes are V = 100 words and K up to 10 hidden units).
 *
 * <p>Flops per update (a logistic σ is an exp, an add and a division: 3):
 *
 * <ul>
 *   <li>data term: per distinct row d with n_d ones, n_d K adds for the hidden fields, K (σ, ×w, +)
 *       = 5K, and n_d K adds into the W part: {@code Σ_d (2 n_d K + 5K)}; then the partial sums of
 *       the ⌈D/256⌉ chunks are added: {@code (chunks − 1)(VK + K)};
 *   <li>each chain's sweep: ρV·K adds for the hidden fields, 3K for their σ, ρK·V adds for the
 *       visible fields, 3V for their σ; then the chain's E[f | x]: ρV·K + 3K again, and K multiplies,
 *       K adds and ρV (K + 1) adds into the model mean. ρ is the fraction of units on; with data and
 *       λ symmetric about ½ it is ½, and the count takes ρ = ½;
 *   <li>the step: per feature 7 (the gradient 3, its square 2, the step 2), F = VK + V + K.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class PcdUpdateBenchmark {
  static final int UPDATES = 10;
  static final int VISIBLE = 100;
  static final int HIDDEN = 10;
  static final int ROWS = 1000;
  static final int CHAINS = 100;

  private PersistentContrastiveDivergence pcd;
  private Rbm initial;
  private PersistentContrastiveDivergence.Settings settings;

  @Setup
  public void setUp() {
    pcd = new PersistentContrastiveDivergence(data());
    UniformRandomProvider rng = RandomStreams.fromSeed(5);
    Rbm zero = Rbm.zero(VISIBLE, HIDDEN);
    double[] lambda = new double[zero.featureCount()];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = 0.1 * (rng.nextDouble() + rng.nextDouble() + rng.nextDouble() - 1.5) * 2;
    }
    initial = zero.withParameters(lambda);
    settings = PersistentContrastiveDivergence.Settings.defaults().withIterations(UPDATES).withChains(CHAINS)
        .withTrace(100, 0);
  }

  static int[][] data() {
    UniformRandomProvider rng = RandomStreams.fromSeed(4);
    int[][] rows = new int[ROWS][VISIBLE];
    for (int[] row : rows) {
      for (int i = 0; i < VISIBLE; i++) {
        row[i] = rng.nextBoolean() ? 1 : 0;
      }
    }
    return rows;
  }

  /** {@value #UPDATES} updates: see the class comment. */
  public static double flopsPerCall() {
    int[][] rows = data();
    double v = VISIBLE;
    double k = HIDDEN;
    double dataTerm = 0;
    java.util.Set<java.util.List<Integer>> distinct = new java.util.HashSet<>();
    for (int[] row : rows) {
      if (distinct.add(java.util.Arrays.stream(row).boxed().toList())) {
        dataTerm += 2 * java.util.Arrays.stream(row).sum() * k + 5 * k;
      }
    }
    int chunks = (distinct.size() + 255) / 256;
    dataTerm += (chunks - 1) * (v * k + k);
    double rho = 0.5;
    double chain = rho * v * k + 3 * k + rho * k * v + 3 * v + rho * v * k + 3 * k + 2 * k + rho * v * (k + 1);
    double step = 7 * (v * k + v + k);
    return UPDATES * (dataTerm + CHAINS * chain + step);
  }

  @Benchmark
  public PersistentContrastiveDivergence.Result pcdUpdates() {
    return pcd.train(initial, settings, RandomStreams.fromSeed(6), 1, null);
  }
}
