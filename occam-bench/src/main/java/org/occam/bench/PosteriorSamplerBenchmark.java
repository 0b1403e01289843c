package org.occam.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactSampler;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.posterior.MrfPosteriorSamplers;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.SamplerSettings;
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
 * Issue 13, speed: posterior draws for a Boltzmann machine on the UAI paper's 5×5 grid (Welling
 * &amp; Parise 2006, section 7: 25 binary variables, 40 edges, 65 parameters), N = 1,000 exact rows
 * from a model with spin fields and couplings drawn from N(0, 0.25). Each invocation builds a fresh
 * problem (so λMP, the junction tree and linear response are part of the time) and draws 10,000
 * samples over 5 chains: {@code bl-mp} and {@code bl-bp} (independent Gaussian draws; target under
 * 1 s) and {@code hmc} (exact gradients; target 10,000 effective draws under 60 s).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1)
public class PosteriorSamplerBenchmark {
  @Param({"bl-mp", "bl-bp", "hmc"})
  String method;

  private PairwiseGraph grid;
  private MrfData data;
  private SamplerSettings sampling;

  @Setup
  public void setUp() {
    grid = PairwiseGraph.grid(5, 5);
    var rng = RandomStreams.fromSeed(7);
    double[] fields = new double[grid.vertexCount()];
    double[] couplings = new double[grid.edgeCount()];
    var normal = org.apache.commons.rng.sampling.distribution.ZigguratSampler.NormalizedGaussian.of(rng);
    for (int i = 0; i < fields.length; i++) {
      fields[i] = 0.5 * normal.sample();
    }
    for (int e = 0; e < couplings.length; e++) {
      couplings[e] = 0.5 * normal.sample();
    }
    BoltzmannMachine model = BoltzmannMachine.fromSpins(grid, fields, couplings);
    ExactSampler.DistinctRows rows = ExactSampler.of(model).sampleDistinct(1000, RandomStreams.fromSeed(8));
    List<Variable> vars = new ArrayList<>();
    for (int i = 0; i < grid.vertexCount(); i++) {
      vars.add(Variable.withCount("v" + i, 2));
    }
    data = MrfData.of(grid, Dataset.of(vars, rows.rows(), Arrays.stream(rows.counts()).asDoubleStream().toArray()));
    sampling = SamplerSettings.defaults().withSamples(10_000).withChains(5).withThreads(2);
  }

  @Benchmark
  public ParameterSamples draw() {
    MrfProblem problem = new MrfProblem(grid, data, MrfScoreSettings.defaults(), 1);
    return MrfPosteriorSamplers.get(method).sample(problem, sampling, 1);
  }
}
