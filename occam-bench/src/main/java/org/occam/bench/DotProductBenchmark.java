package org.occam.bench;

import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 17, point 5: the reference rate that every hot kernel is measured against — one core on a
 * dense double dot product {@code Σ x_i y_i} (and the update {@code y ← y + a x}), arrays of
 * {@code n} = 1024 doubles (8 KB each, so both stay in L1), one thread. Each multiply and each add
 * is one flop: 2n flops per call ({@link #flopsPerCall(int)}).
 *
 * <ul>
 *   <li>{@code dot}: the plain loop. Java must add in order, so every add waits for the previous
 *       one: this is the add latency, not the core's throughput.
 *   <li>{@code dotEightAccumulators}: eight independent partial sums, enough to hide the add
 *       latency; the fastest dense dot product plain Java reaches on one core, and the bound
 *       {@link FlopReport} divides by.
 *   <li>{@code axpy}: no reduction, so the JIT vectorises it; shown for comparison.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class DotProductBenchmark {
  @Param({"1024"})
  int n;

  private double[] x;
  private double[] y;

  @Setup
  public void setUp() {
    UniformRandomProvider rng = RandomStreams.fromSeed(1);
    x = new double[n];
    y = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = rng.nextDouble() - 0.5;
      y[i] = rng.nextDouble() - 0.5;
    }
  }

  /** 2n: one multiply and one add per element. */
  public static double flopsPerCall(int n) {
    return 2.0 * n;
  }

  @Benchmark
  public double dot() {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += x[i] * y[i];
    }
    return s;
  }

  @Benchmark
  public double dotEightAccumulators() {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    double s4 = 0;
    double s5 = 0;
    double s6 = 0;
    double s7 = 0;
    int i = 0;
    for (; i + 8 <= x.length; i += 8) {
      s0 += x[i] * y[i];
      s1 += x[i + 1] * y[i + 1];
      s2 += x[i + 2] * y[i + 2];
      s3 += x[i + 3] * y[i + 3];
      s4 += x[i + 4] * y[i + 4];
      s5 += x[i + 5] * y[i + 5];
      s6 += x[i + 6] * y[i + 6];
      s7 += x[i + 7] * y[i + 7];
    }
    for (; i < x.length; i++) {
      s0 += x[i] * y[i];
    }
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
  }

  /**
   * y ← y + a x with a = ±1e-9 alternating, so y stays bounded however many calls JMH makes.
   */
  @Benchmark
  public double[] axpy() {
    double a = y[0] > 0 ? -1e-9 : 1e-9;
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
    return y;
  }
}
