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
import org.occam.mrf.MrfMethod;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.MrfScorer;
import org.occam.mrf.PairwiseGraph;
import org.occam.search.MrfEdgeSearch;
import org.occam.search.MrfGraphScore;
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
 * Issue 11, speed: one step of {@link MrfEdgeSearch} with the BP-LR score (Parise &amp; Welling 2006)
 * on 10 binary variables: the current graph's score and its 45 neighbours' (one edge toggled),
 * each a Bethe–Laplace evidence with BP-gradient optimisation, from an empty cache. The data are
 * 5,000 exact draws from a 10-node Boltzmann machine with 12 edges (a chain plus three chords,
 * |w| between 1.0 and 1.4, spin-symmetric biases); the step starts from that true graph, the typical
 * size of a graph in the middle of a search.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 1)
public class MrfSearchStepBenchmark {
  private static final int[][] EDGES = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8}, {8, 9},
      {0, 5}, {2, 7}, {4, 9}};
  private static final double[] WEIGHTS = {1.2, -1.1, 1.4, 1.0, -1.3, 1.2, 1.1, -1.2, 1.3, 1.0, -1.1, 1.2};

  @Param({"1"})
  int threads;

  private PairwiseGraph start;
  private MrfGraphScore score;
  private MrfEdgeSearch.Settings settings;

  @Setup
  public void setUp() {
    start = new PairwiseGraph(10, EDGES);
    double[] lambda = new double[10 + EDGES.length];
    for (int e = 0; e < EDGES.length; e++) {
      lambda[10 + e] = WEIGHTS[e];
      lambda[EDGES[e][0]] -= WEIGHTS[e] / 2;
      lambda[EDGES[e][1]] -= WEIGHTS[e] / 2;
    }
    ExactSampler.DistinctRows rows = ExactSampler.of(new BoltzmannMachine(start, lambda))
        .sampleDistinct(5000, RandomStreams.fromSeed(1));
    List<Variable> vars = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      vars.add(Variable.withCount("v" + i, 2));
    }
    Dataset data = Dataset.of(vars, rows.rows(), Arrays.stream(rows.counts()).asDoubleStream().toArray());
    MrfScoreSettings scoreSettings = MrfScoreSettings.defaults();
    score = g -> MrfScorer.score(g, MrfData.of(g, data), List.of(MrfMethod.BP_LR), scoreSettings).get(0)
        .logEvidence();
    settings = MrfEdgeSearch.Settings.defaults().withMaxSteps(1).withThreads(threads);
  }

  @Benchmark
  public MrfEdgeSearch.Result step() {
    return MrfEdgeSearch.run(start, score, settings, null);
  }
}
