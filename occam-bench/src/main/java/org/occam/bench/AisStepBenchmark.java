package org.occam.bench;

import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;
import org.occam.rbm.RbmPartitionAis;
import org.occam.sampling.AnnealingSchedule;
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
 * Issue 17, point 5, AIS step: one run of {@link RbmPartitionAis} (Salakhutdinov &amp; Murray's AIS
 * for an RBM's log Z, step 5 of Chen &amp; Welling's Algorithm 1) over {@value #STEPS} linear
 * temperatures, one thread, for an RBM with V = 100 visible and K = 20 hidden units, zero biases and
 * weights U[−0.1, 0.1], from the uniform base. Each temperature is one weight increment (hidden
 * units summed out) and one Gibbs sweep z | x, x | z.
 *
 * <p>Flops per temperature ({@link #flopsPerCall()}; softplus 3, a Bernoulli draw
 * {@code u (1 + e^−t) < 1} 3 — exp, add, multiply —, drawing a uniform none):
 *
 * <ul>
 *   <li>the increment {@code ln f_to(x) − ln f_from(x)}: two ln f of 4 + 5K (the visible terms, and
 *       per hidden unit a multiply, a softplus and an add), and their difference: 9 + 10K;
 *   <li>the hidden draws: K (a multiply and a Bernoulli, 4);
 *   <li>the visible draws: per unit ρK adds of the weights of the hidden units that are on, and 7
 *       (the tempered field 4, the Bernoulli 3): V (ρK + 7);
 *   <li>the refresh of the sums from the new x: ρV (K + 2).
 * </ul>
 *
 * <p>ρ is the fraction of units on. With zero biases and weights this small every unit's field is
 * near zero at every temperature, so ρ ≈ ½, which the count takes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class AisStepBenchmark {
  static final int STEPS = 1000;
  static final int VISIBLE = 100;
  static final int HIDDEN = 20;

  private RbmPartitionAis ais;
  private RbmPartitionAis.Settings settings;

  @Setup
  public void setUp() {
    UniformRandomProvider rng = RandomStreams.fromSeed(7);
    double[][] w = new double[VISIBLE][HIDDEN];
    for (double[] row : w) {
      for (int k = 0; k < HIDDEN; k++) {
        row[k] = 0.2 * rng.nextDouble() - 0.1;
      }
    }
    ais = RbmPartitionAis.withUniformBase(w, new double[VISIBLE], new double[HIDDEN]);
    settings = new RbmPartitionAis.Settings(AnnealingSchedule.linear(STEPS), 1, false);
  }

  /** {@value #STEPS} temperatures: see the class comment. */
  public static double flopsPerCall() {
    double v = VISIBLE;
    double k = HIDDEN;
    double rho = 0.5;
    return STEPS * (9 + 10 * k + 4 * k + v * (rho * k + 7) + rho * v * (k + 2));
  }

  @Benchmark
  public RbmPartitionAis.Result aisRun() {
    return ais.estimate(settings, 8, 1);
  }
}
