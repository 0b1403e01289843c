package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.data.Dataset;
import org.occam.math.RandomStreams;

/**
 * Issue 16's target on {@code occam demo}'s data at n = 10,240 (the true model's rows drawn from the
 * seed), in a form cheap enough for every build: with the demo's settings ({@link
 * DagScoreSettings#demoDefaults()}: adaptive restarts, VBEM's SQUAREM jumps), VB and CS rank the true
 * structure first among it and its closest rivals (the structures within 15 nats of the top by CS
 * or within 31 by VB in the demo on seed 3 with 3 restarts). Scoring a subset draws other restarts
 * than the demo does (a structure's stream is its position in the list). The full demo over all 136
 * structures on the default seed and 10 fresh ones (20261128 to 20261137) is a measured command
 * (README, "Restarts"): 19–51 s a seed on 2 shared cores, the true structure first by both in 11 of 11,
 * with plain VBEM and again with its jumps (README, "Accelerated VBEM and EM").
 */
class DemoTrueStructureFirstTest {
  /** Indices in Beal's class: the true structure (98) and its rivals. */
  private static final int[] SUBSET = {15, 57, 96, 97, 98, 99, 125, 135};

  @ParameterizedTest
  @ValueSource(longs = {3, 20261128, 20261129})
  void vbAndCsRankTheTrueStructureFirst(long seed) {
    DagModel truth = BealExample.trueModel();
    int[][] rows = AncestralSampler.sampleObserved(truth.structure(), truth.parameters().orElseThrow(), 10240,
        RandomStreams.fromSeed(seed));
    Dataset d = Dataset.of(BealExample.observedVariables(), rows);
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    List<DagStructure> all = cls.structures();
    assertThat(cls.indexOf(truth.structure())).isEqualTo(98);
    List<DagStructure> some = java.util.Arrays.stream(SUBSET).mapToObj(all::get).toList();
    var scored = StructureRanker.scoreAll(some, d, 1.0, DagMethod.parseList("cs,vb"),
        DagScoreSettings.demoDefaults(), seed, 2, null);
    int trueAt = java.util.Arrays.binarySearch(SUBSET, 98);
    for (DagMethod m : List.of(DagMethod.CS, DagMethod.VB)) {
      assertThat(StructureRanker.ranks(scored, m)[trueAt]).as("seed %d, %s", seed, m.label()).isEqualTo(1);
    }
  }

  /**
   * The demo's iteration limit ({@link DagScoreSettings#DEMO_MAX_ITERATIONS}): on the demo's data (seed
   * 3, n = 10,240) the structures whose VBEM stopped at Beal's 1,000 iterations in {@code dag rank}
   * (indices 3, 6, 10, 11, 12, 80, 91, 128) all end by VBEM's own rule with the demo's settings; at
   * 1,000 some of them still stop at the limit. (Measured with {@code dag rank} on the demo's data of
   * seed 3 and 10 fresh seeds, 20261128 to 20261137: 8–13 of 136 structures at the limit with 1,000;
   * with the demo's limit none on 9 of the 11 seeds and one on the other two, in about the same time.)
   */
  @Test
  void theDemosVbRunsEndByTheirRuleNotAtTheLimit() {
    DagModel truth = BealExample.trueModel();
    int[][] rows = AncestralSampler.sampleObserved(truth.structure(), truth.parameters().orElseThrow(), 10240,
        RandomStreams.fromSeed(3));
    Dataset d = Dataset.of(BealExample.observedVariables(), rows);
    List<DagStructure> all = new BipartiteStructureClass(BealExample.hiddenVariables(),
        BealExample.observedVariables()).structures();
    List<DagStructure> slow = java.util.stream.IntStream.of(3, 6, 10, 11, 12, 80, 91, 128).mapToObj(all::get).toList();
    DagScoreSettings demo = DagScoreSettings.demoDefaults();
    assertThat(demo.maxIterations()).isEqualTo(DagScoreSettings.DEMO_MAX_ITERATIONS);
    var scored = StructureRanker.scoreAll(slow, d, 1.0, List.of(DagMethod.VB), demo, 3, 2, null);
    for (var x : scored) {
      assertThat(x.estimate(DagMethod.VB).converged()).as("structure %d", x.index()).isTrue();
    }
    var atBeals = StructureRanker.scoreAll(slow, d, 1.0, List.of(DagMethod.VB),
        demo.withMaxIterations(DagScoreSettings.DEFAULT_MAX_ITERATIONS), 3, 2, null);
    assertThat(atBeals.stream().filter(x -> !x.estimate(DagMethod.VB).converged()).count()).isPositive();
  }
}
