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
 * Issue 17, point 5, the second reference: what one core does with the elementary functions the
 * kernels are full of, {@code Σ exp(x_i)}, {@code Σ log(x_i)} and {@code Σ log1p(x_i)} over
 * n = 1024 values in [−1, 0] (exp) or [0, 1] (the logs). The kernel counts take an exp or a log as one flop; these rates say what
 * a kernel made of nothing but them would reach (2n flops per call: the function and the add), and
 * so how far below the dot-product bound an exp- or log-heavy kernel must sit.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class ElementaryFunctionBenchmark {
  @Param({"1024"})
  int n;

  private double[] x;

  @Setup
  public void setUp() {
    UniformRandomProvider rng = RandomStreams.fromSeed(2);
    x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = rng.nextDouble();
    }
  }

  /** 2n: one function and one add per element. */
  public static double flopsPerCall(int n) {
    return 2.0 * n;
  }

  @Benchmark
  public double exp() {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.exp(-x[i]);
    }
    return s;
  }

  @Benchmark
  public double log() {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.log(x[i]);
    }
    return s;
  }

  @Benchmark
  public double log1p() {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += Math.log1p(x[i]);
    }
    return s;
  }
}
