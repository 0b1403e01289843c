package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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

/**
 * The search on Beal's 136-structure class (2 binary hidden, 4 five-valued observed variables,
 * arcs only hidden → observed) against exhaustive scoring, on 10 fresh data sets of n = 480 drawn
 * from Beal's true model (data seeds 9601–9610; the search defaults were chosen on 4801–4810).
 * Measured: the optimum found for all five scores on all 10 data sets, 47.5 of the 136 structures
 * scored on average (about 40 s on 2 idle cores, most of it the exhaustive scoring). The exhaustive scores ({@link StructureRanker#scoreAll}) are computed
 * once per data set and the search reads them through its score function, which is exactly what
 * {@link DagMethodScore} with the class's streams would compute (checked bit for bit in
 * {@link DagMethodScoreTest}); the search only sees the structures it asks for, counted once each.
 */
class DagHillClimbingBealTest {
  private static final List<DagMethod> METHODS =
      List.of(DagMethod.MAP, DagMethod.BIC, DagMethod.BICP, DagMethod.CS, DagMethod.VB);
  private static final int N = 480;
  private static final int SEEDS = 10;

  static Dataset sample(int n, long seed) {
    DagModel truth = BealExample.trueModel();
    DagStructure s = truth.structure();
    int[][] rows = AncestralSampler.sampleObserved(s, truth.parameters().orElseThrow(), n, RandomStreams.fromSeed(seed));
    return Dataset.of(BealExample.observedVariables(), rows);
  }

  @Test
  void tenRestartsFindTheExhaustiveOptimumForEveryScoreOnNineOfTenDataSets() {
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    var space = DagSearchSpace.of(BealExample.hiddenVariables(), BealExample.observedVariables(),
        DagArcConstraint.BIPARTITE, 2);
    var settings = DagHillClimbing.Settings.defaults(1);
    Map<DagMethod, Integer> found = new LinkedHashMap<>();
    Map<DagMethod, List<Integer>> scoredCounts = new LinkedHashMap<>();
    for (DagMethod m : METHODS) {
      found.put(m, 0);
      scoredCounts.put(m, new ArrayList<>());
    }
    for (int seed = 1; seed <= SEEDS; seed++) {
      Dataset data = sample(N, 9600L + seed);
      var scored = StructureRanker.scoreAll(cls.structures(), data, 1.0, METHODS, DagScoreSettings.defaults(), seed,
          2, null);
      for (DagMethod m : METHODS) {
        double optimum = scored.stream().mapToDouble(x -> x.estimate(m).logEvidence()).max().orElseThrow();
        DagStructureScore lookup = st -> scored.get(cls.indexOf(st)).estimate(m).logEvidence();
        var result = new DagHillClimbing(space, settings).search(lookup, seed, null);
        assertThat(result.bestScore()).isLessThanOrEqualTo(optimum);
        assertThat(result.bestScore()).isEqualTo(lookup.logScore(result.best()));
        if (result.bestScore() == optimum) {
          found.put(m, found.get(m) + 1);
        }
        scoredCounts.get(m).add(result.structuresScored());
      }
      System.out.printf("seed %d: found %s; scored %s%n", seed, found, scoredCounts);
    }
    double meanScored = scoredCounts.values().stream().flatMap(List::stream).mapToInt(Integer::intValue).average()
        .orElseThrow();
    System.out.printf("optimum found: %s of %d data sets; mean distinct structures scored %.1f of 136%n", found, SEEDS,
        meanScored);
    found.forEach((m, f) -> assertThat(f).as(m.label()).isGreaterThanOrEqualTo(9));
    assertThat(meanScored).isLessThan(68);
  }
}
