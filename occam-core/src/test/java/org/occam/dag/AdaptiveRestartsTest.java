package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;

/**
 * Adaptive restarts (issue 16): the stopping rule, the fixed mode unchanged, the best value of 15
 * fixed restarts reached on hard cases, and rankings that do not depend on the number of threads.
 */
class AdaptiveRestartsTest {
  private static final List<DagMethod> MAP_VB = DagMethod.parseList("map,vb");
  private static int[][] demoRows;
  private static Dataset demo10240;
  private static List<DagStructure> structures;

  /** The data of {@code occam demo} (seed 3) at n = 10,240. */
  @BeforeAll
  static void demoData() {
    DagModel truth = BealExample.trueModel();
    demoRows = AncestralSampler.sampleObserved(truth.structure(), truth.parameters().orElseThrow(), 10240,
        RandomStreams.fromSeed(3));
    demo10240 = demo(10240);
    structures = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables())
        .structures();
  }

  /** The demo's first n rows. */
  private static Dataset demo(int n) {
    return Dataset.of(BealExample.observedVariables(), java.util.Arrays.copyOf(demoRows, n));
  }

  private static List<EvidenceEstimate> score(DagStructure s, Dataset d, DagScoreSettings settings, long seed) {
    var e = new HiddenStateEnumeration(s, d);
    return DagScorer.score(e, DirichletPrior.uniform(s.size(), 1.0), MAP_VB, settings, RandomStreams.fromSeed(seed),
        seed);
  }

  private static int restartsRun(EvidenceEstimate e) {
    return (Integer) e.diagnostics().get("restartsRun");
  }

  private static double[] values(EvidenceEstimate e) {
    String key = e.method().equals("vb") ? "lowerBound" : "objective";
    return ((List<?>) e.diagnostics().get("restarts")).stream()
        .mapToDouble(r -> (Double) ((Map<?, ?>) r).get(key)).toArray();
  }

  /** Stops as soon as K restarts are at the best, else at the cap; never before the fewest. */
  @Test
  void stopsWhenKRestartsReachTheBestOrAtTheCap() {
    DagScoreSettings adaptive = DagScoreSettings.defaults().withAdaptiveRestarts(3, 2, 12);
    for (int index : new int[] {0, 57, 98, 135}) {
      for (EvidenceEstimate e : score(structures.get(index), demo(1280), adaptive, 5)) {
        double[] v = values(e);
        int run = restartsRun(e);
        int atBest = (Integer) e.diagnostics().get("restartsAtBest");
        assertThat(v).hasSize(run);
        assertThat(run).isBetween(3, 12);
        if (run < 12) {
          assertThat(atBest).as("structure %d, %s", index, e.method()).isGreaterThanOrEqualTo(2);
        }
        if (run > 3) {
          // one restart fewer had not yet reached the rule
          double[] before = java.util.Arrays.copyOf(v, run - 1);
          int best = 0;
          for (int i = 1; i < before.length; i++) {
            best = before[i] > before[best] ? i : best;
          }
          assertThat(DagProblem.restartsAtBest(before, best)).isLessThan(2);
        }
        assertThat(e.settings()).containsEntry("restartsUntilBest", 2).containsEntry("maxRestarts", 12);
      }
    }
  }

  /** Fixed restarts are drawn and reported as before; adaptive ones begin with the same restarts. */
  @Test
  void fixedRestartsAreUnchangedAndAdaptiveOnesBeginWithThem() {
    DagStructure s = structures.get(98);
    Dataset d = demo(640);
    var beal = score(s, d, DagScoreSettings.defaults(), 9);
    var same = score(s, d, DagScoreSettings.defaults().withFixedRestarts(3), 9);
    var adaptive = score(s, d, DagScoreSettings.adaptiveDefaults(), 9);
    for (int m = 0; m < MAP_VB.size(); m++) {
      assertThat(same.get(m).logEvidence()).isEqualTo(beal.get(m).logEvidence());
      assertThat(beal.get(m).settings()).doesNotContainKey("restartsUntilBest");
      assertThat(restartsRun(beal.get(m))).isEqualTo(3);
      double[] first = values(beal.get(m));
      assertThat(java.util.Arrays.copyOf(values(adaptive.get(m)), 3)).containsExactly(first);
    }
  }

  /**
   * On the demo's data at n = 10,240, the structures whose optima differ most between restarts (the
   * true structure's closest rivals, 12 and 16 extra arcs' worth of parameters): the adaptive default
   * reaches the best value of 15 fixed restarts (within 0.01 nats) for MAP-EM, and for VBEM where its
   * runs converge; on structure 125 every VBEM run stops at the 1000-iteration limit, where bounds
   * still rising are compared, and the adaptive best was 0.03 nats short of the fixed one (measured).
   */
  @Test
  void adaptiveReachesTheBestOfFifteenFixedRestartsOnHardCases() {
    for (int index : new int[] {57, 125}) {
      DagStructure s = structures.get(index);
      var fifteen = score(s, demo10240, DagScoreSettings.defaults().withFixedRestarts(15), 1);
      var adaptive = score(s, demo10240, DagScoreSettings.adaptiveDefaults(), 1);
      for (int m = 0; m < MAP_VB.size(); m++) {
        double best15 = java.util.Arrays.stream(values(fifteen.get(m))).max().orElseThrow();
        double bestAdaptive = java.util.Arrays.stream(values(adaptive.get(m))).max().orElseThrow();
        boolean atLimit = !adaptive.get(m).converged();
        assertThat(bestAdaptive).as("structure %d, %s", index, MAP_VB.get(m).label())
            .isGreaterThanOrEqualTo(best15 - (atLimit ? 0.05 : DagProblem.RESTART_AGREEMENT_NATS));
      }
    }
  }

  /** A ranking with adaptive restarts (first pass, then the structures near the top) is the same on 1 and 2 threads. */
  @Test
  void adaptiveRankingIsTheSameOnOneAndTwoThreads() {
    List<DagStructure> some = structures.subList(40, 70);
    Dataset d = demo(320);
    var settings = DagScoreSettings.adaptiveDefaults();
    var one = StructureRanker.scoreAll(some, d, 1.0, DagMethod.parseList("cs,vb"), settings, 17, 1, null);
    var two = StructureRanker.scoreAll(some, d, 1.0, DagMethod.parseList("cs,vb"), settings, 17, 2, null);
    boolean refinedSome = false;
    for (int i = 0; i < one.size(); i++) {
      for (String m : List.of("cs", "vb")) {
        var a = one.get(i).estimate(m);
        var b = two.get(i).estimate(m);
        assertThat(b.logEvidence()).isEqualTo(a.logEvidence());
        assertThat(b.diagnostics().get("restartsRun")).isEqualTo(a.diagnostics().get("restartsRun"));
        refinedSome |= restartsRun(a) > 3;
      }
    }
    assertThat(refinedSome).as("some structure near the top got more restarts").isTrue();
  }
}
