package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.methods.DagMethods;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;

/**
 * {@link DagMethodScore} gives {@code dag rank}'s numbers on the class it is given, scores do not
 * depend on what was scored before, and a search with it is the same with 1 and 2 threads.
 */
class DagMethodScoreTest {
  private static final BipartiteStructureClass CLASS =
      new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
  private static final DagSearchSpace SPACE = DagSearchSpace.of(BealExample.hiddenVariables(),
      BealExample.observedVariables(), DagArcConstraint.BIPARTITE, 2);

  @Test
  void onItsClassTheScoreIsTheRankersBitForBit() {
    Dataset data = DagHillClimbingBealTest.sample(60, 21);
    var ranked = StructureRanker.scoreAll(CLASS.structures(), data, 1.0, List.of(DagMethod.VB),
        DagScoreSettings.defaults(), 5, 2, null);
    var score = new DagMethodScore(data, 1.0, DagMethods.get("vb"), DagScoreSettings.defaults(), 5, CLASS);
    for (int i : new int[] {135, 0, 77, 13}) { // out of order on purpose
      double expected = ranked.get(i).estimate(DagMethod.VB).logEvidence();
      assertThat(Double.doubleToRawLongBits(score.logScore(CLASS.structures().get(i))))
          .as("structure %d", i).isEqualTo(Double.doubleToRawLongBits(expected));
    }
    // a relabelling of the hidden variables is the same structure of the class: same stream, same score
    var s = SPACE.structure(new long[] {0, 0, 0b01, 0b11, 0b10, 0b10});
    var swapped = SPACE.structure(new long[] {0, 0, 0b10, 0b11, 0b01, 0b01});
    assertThat(score.logScore(s)).isEqualTo(score.logScore(swapped));
  }

  @Test
  void withoutAClassEachStructureHasItsOwnFixedStream() {
    Dataset data = DagHillClimbingBealTest.sample(60, 22);
    var score = new DagMethodScore(data, 1.0, DagMethods.get("bic"), DagScoreSettings.defaults(), 5, null);
    var other = new DagMethodScore(data, 1.0, DagMethods.get("bic"), DagScoreSettings.defaults(), 6, null);
    var a = BealExample.structure();
    double first = score.logScore(a);
    score.logScore(SPACE.empty());
    assertThat(score.logScore(a)).isEqualTo(first);
    assertThat(score.estimate(a).diagnostics().get("bestRestart")).isNotNull();
    // the seed changes the EM restarts (the optimum may coincide, the random starts do not)
    assertThat(other.estimate(a).diagnostics().get("restarts").toString())
        .isNotEqualTo(score.estimate(a).diagnostics().get("restarts").toString());
  }

  @Test
  void aVbSearchIsTheSameWithOneAndTwoThreads() {
    Dataset data = DagHillClimbingBealTest.sample(120, 23);
    var score = new DagMethodScore(data, 1.0, DagMethods.get("vb"), DagScoreSettings.defaults(), 9, null);
    var settings = DagHillClimbing.Settings.defaults(1).withRestarts(3);
    var one = new DagHillClimbing(SPACE, settings).search(score, 4, null);
    List<DagHillClimbing.Step> seen = new java.util.ArrayList<>();
    var two = new DagHillClimbing(SPACE, settings.withThreads(2)).search(score, 4, seen::add);
    assertThat(seen).isEqualTo(two.path().stream().toList());
    assertThat(two.path()).hasSameSizeAs(one.path());
    for (int i = 0; i < one.path().size(); i++) {
      var a = one.path().get(i);
      var b = two.path().get(i);
      assertThat(b.structure().toString()).isEqualTo(a.structure().toString());
      assertThat(Double.doubleToRawLongBits(b.score())).isEqualTo(Double.doubleToRawLongBits(a.score()));
      assertThat(b.move()).isEqualTo(a.move());
      assertThat(b.scored()).isEqualTo(a.scored());
    }
    assertThat(two.structuresScored()).isEqualTo(one.structuresScored());
    assertThat(two.climbs()).hasSize(4);
    // every step's candidates are either scored for the first time or cache hits
    for (var step : one.path()) {
      assertThat(step.scored() + step.cacheHits()).isEqualTo(step.candidates());
    }
    assertThat(one.climbs().stream().mapToInt(DagHillClimbing.Climb::scored).sum()).isEqualTo(one.structuresScored());
    assertThat(one.path().stream().mapToInt(DagHillClimbing.Step::scored).sum())
        .isLessThanOrEqualTo(one.structuresScored());
    // the best is the best of the path
    double bestOnPath = one.path().stream().mapToDouble(DagHillClimbing.Step::score).max().orElseThrow();
    assertThat(one.bestScore()).isEqualTo(bestOnPath);
  }
}
