package org.occam.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.DagModel;
import org.occam.dag.DagScoreSettings;
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
 * Beal's ranking task (issue 2, acceptance 8): all 136 structures of the k = 2, p = 4 class
 * scored with map, bic, bicp, cs and vb (3 restarts each) on 480 rows from the true model. The
 * first iteration is cold (the JIT has not compiled the E step yet), as in one command-line run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 5)
@Fork(value = 1)
public class BealRankBenchmark {
  @Param({"480"})
  int rows;

  @Param({"1", "2"})
  int threads;

  private Dataset data;
  private List<DagStructure> structures;
  private final List<DagMethod> methods = DagMethod.parseList("map,bic,bicp,cs,vb");

  @Setup
  public void setUp() {
    DagModel truth = BealExample.trueModel();
    DagStructure s = truth.structure();
    int[][] full = AncestralSampler.sample(s, truth.parameters().orElseThrow(), rows, RandomStreams.fromSeed(3));
    int[] obs = s.observedVariables();
    int[][] y = new int[rows][obs.length];
    for (int i = 0; i < rows; i++) {
      for (int v = 0; v < obs.length; v++) {
        y[i][v] = full[i][obs[v]];
      }
    }
    data = Dataset.of(BealExample.observedVariables(), y);
    structures = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables())
        .structures();
  }

  @Benchmark
  public List<StructureRanker.Scored> rankAll136() {
    return StructureRanker.scoreAll(structures, data, 1.0, methods, DagScoreSettings.defaults(), 1, threads, null);
  }
}
