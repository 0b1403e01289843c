package org.occam.bench;

import java.util.concurrent.TimeUnit;
import org.occam.dag.BealExample;
import org.occam.dag.methods.DagMethods;
import org.occam.dag.DagScoreSettings;
import org.occam.data.Dataset;
import org.occam.search.DagArcConstraint;
import org.occam.search.DagHillClimbing;
import org.occam.search.DagMethodScore;
import org.occam.search.DagSearchSpace;
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
 * One step of {@code dag search} on Beal's class (issue 11): from the true structure (y1 ← h1,
 * y2 ← h1,h2, y3 ← h1,h2, y4 ← h2) on 480 rows, score it and its 8 neighbours with vb (3 VBEM
 * restarts each, nothing cached) and take the best move.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1)
public class DagSearchStepBenchmark {
  @Param({"480"})
  int rows;

  @Param({"1", "2"})
  int threads;

  private Dataset data;
  private DagSearchSpace space;

  @Setup
  public void setUp() {
    data = BealData.rows(rows, 3);
    space = DagSearchSpace.of(BealExample.hiddenVariables(), BealExample.observedVariables(),
        DagArcConstraint.BIPARTITE, 2);
  }

  @Benchmark
  public DagHillClimbing.Result oneStep() {
    var settings = new DagHillClimbing.Settings(0, 0, 0, 1, 1, threads);
    var score = new DagMethodScore(data, 1.0, DagMethods.get("vb"), DagScoreSettings.defaults(), 1, null);
    return new DagHillClimbing(space, settings).search(score, 1, space.structureLike(BealExample.structure()), null);
  }
}
