package org.occam.bench;

import java.util.concurrent.TimeUnit;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;
import org.occam.mrf.BeliefPropagationResult;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.LinearResponse;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.PairwiseGraph;
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
 * MRF issue, acceptance 8, second half: loopy BP and linear response on a 20 × 20 grid (400
 * variables, 760 edges, F = 1160 features), the BP-LR score's inner work at a size where exact
 * inference is out of reach. Parameters as in Parise &amp; Welling's section 4.1: biases U[−1, 1],
 * weights uniform on [−d−ε, −d] ∪ [d, d+ε] with ε = 0.1/4 and d = {@code strengthTimes4}/4 (0/1
 * variables). {@code bp} is a cold BP run to tolerance 10⁻¹⁰; {@code linearResponse} builds the
 * sparse J and inverts it densely (O(F³)); {@code bpAndLinearResponse} is both, as one BP-LR
 * covariance.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1)
public class LinearResponseGridBenchmark {
  @Param({"20"})
  int side;

  @Param({"0.5"})
  double strengthTimes4;

  private BoltzmannMachine model;
  private LoopyBeliefPropagation.Settings settings;
  private BeliefPropagationResult converged;

  @Setup
  public void setUp() {
    PairwiseGraph grid = PairwiseGraph.grid(side, side);
    UniformRandomProvider rng = RandomStreams.fromSeed(11);
    int v = grid.vertexCount();
    double[] lambda = new double[v + grid.edgeCount()];
    for (int i = 0; i < v; i++) {
      lambda[i] = 2 * rng.nextDouble() - 1;
    }
    double d = strengthTimes4 / 4;
    for (int e = 0; e < grid.edgeCount(); e++) {
      double w = d + 0.1 / 4 * rng.nextDouble();
      lambda[v + e] = rng.nextBoolean() ? w : -w;
    }
    model = new BoltzmannMachine(grid, lambda);
    settings = LoopyBeliefPropagation.Settings.defaults();
    converged = LoopyBeliefPropagation.run(model, settings);
    if (!converged.converged()) {
      throw new IllegalStateException("BP did not converge on the benchmark grid: " + converged);
    }
  }

  @Benchmark
  public BeliefPropagationResult bp() {
    return LoopyBeliefPropagation.run(model, settings);
  }

  @Benchmark
  public LinearResponse linearResponse() {
    return LinearResponse.compute(converged);
  }

  @Benchmark
  public LinearResponse bpAndLinearResponse() {
    return LinearResponse.compute(LoopyBeliefPropagation.run(model, settings));
  }
}
