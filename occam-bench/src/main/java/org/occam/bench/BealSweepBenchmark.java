package org.occam.bench;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagScorer;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;
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
 * Issue 3, acceptance 6, second half: one instance of Beal's parameter sweep — true parameters
 * drawn from the prior, all 20 nested sizes × 136 structures × MAP/BIC/BICp/CS/CS†/VB with 3
 * restarts (2720 scores per method). The full sweep is 106 instances; multiply the time per
 * operation by 106 (target: under 30 minutes, i.e. under 17 s per instance on 2 cores; Beal: about
 * 6.6 hours per instance). {@code occam experiment beal} reports the measured total as well.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1)
public class BealSweepBenchmark {
  @Param({"2"})
  int threads;

  private Dataset[] data;
  private List<DagStructure> structures;
  private final List<DagMethod> methods = DagMethod.parseList("map,bic,bicp,cs,cs-dagger,vb");

  @Setup
  public void setUp() {
    var s = BealExample.structure();
    double[] theta = DagScorer.randomParameters(s, RandomStreams.fromSeed(11));
    int[][] rows = BealData.observed(theta, 10240, 12);
    data = new Dataset[BealExample.SIZES.length];
    for (int k = 0; k < data.length; k++) {
      data[k] = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, BealExample.SIZES[k]));
    }
    structures = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables())
        .structures();
  }

  @Benchmark
  public int oneInstanceAllSizes() {
    int firsts = 0;
    for (Dataset d : data) {
      var scored = StructureRanker.scoreAll(structures, d, 1.0, methods, DagScoreSettings.defaults(), 1, threads, null);
      firsts += StructureRanker.ranks(scored, DagMethod.VB)[0] == 1 ? 1 : 0;
    }
    return firsts;
  }
}
