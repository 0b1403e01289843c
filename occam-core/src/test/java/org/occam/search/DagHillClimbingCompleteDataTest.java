package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.dag.AncestralSampler;
import org.occam.dag.CompleteDataEvidence;
import org.occam.dag.DagMethod;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagScorer;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.dag.HiddenStateEnumeration;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;

/**
 * Structure search on complete data: the family scores against the full-structure scores, the
 * family cache, and recovery of a known 8-node DAG's equivalence class from n = 10,000 rows.
 */
class DagHillClimbingCompleteDataTest {
  /** A..H binary: A → C ← B (v-structure), C → D → E, B → F → G, E → H ← G (v-structure). */
  static DagStructure eightNodes() {
    List<Variable> vars = new ArrayList<>();
    for (String n : List.of("A", "B", "C", "D", "E", "F", "G", "H")) {
      vars.add(Variable.withCount(n, 2));
    }
    return DagStructure.of(vars, new boolean[8],
        new int[][] {{}, {}, {0, 1}, {2}, {3}, {1}, {5}, {4, 6}});
  }

  /** P(x = 1 | parent configuration), first parent slowest, expanded to the flat CPTs. */
  static double[] eightNodeParameters(DagStructure s) {
    double[][] one = {{.4}, {.6}, {.1, .8, .7, .95}, {.2, .85}, {.15, .8}, {.8, .25}, {.3, .9},
        {.05, .7, .6, .9}};
    double[] theta = new double[s.tableSize()];
    for (int j = 0; j < s.size(); j++) {
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        theta[s.offset(j) + 2 * l] = 1 - one[j][l];
        theta[s.offset(j) + 2 * l + 1] = one[j][l];
      }
    }
    return theta;
  }

  static Dataset sample(DagStructure s, int n, long seed) {
    int[][] rows = AncestralSampler.sample(s, eightNodeParameters(s), n, RandomStreams.fromSeed(seed));
    return Dataset.of(s.variables(), rows);
  }

  private static DagSearchSpace space(int maxParents) {
    DagStructure s = eightNodes();
    return new DagSearchSpace(s.variables(), new boolean[8], DagArcConstraint.GENERAL, maxParents);
  }

  @Test
  void familyScoresSumToTheFullStructureScores() {
    var space = space(3);
    Dataset data = sample(eightNodes(), 500, 3);
    var bde = DagCompleteDataScore.bde(space, data, 1.0);
    var bic = DagCompleteDataScore.bic(space, data);
    UniformRandomProvider rng = RandomStreams.fromSeed(5);
    DagStructure s = space.empty();
    for (int step = 0; step < 25; step++) {
      List<DagMove> moves = space.moves(s);
      s = space.apply(s, moves.get(rng.nextInt(moves.size())));
      var compiled = new HiddenStateEnumeration(s, data, HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT);
      double exact = CompleteDataEvidence.logEvidence(s, DirichletPrior.uniform(8, 1.0), compiled.completeCounts());
      assertThat(sum(bde, s)).isCloseTo(exact, within(1e-9 * Math.abs(exact)));
      var scored = DagScorer.score(compiled, DirichletPrior.uniform(8, 1.0), List.of(DagMethod.EXACT, DagMethod.BIC),
          DagScoreSettings.defaults(), RandomStreams.fromSeed(1), 1);
      assertThat(sum(bde, s)).isCloseTo(scored.get(0).logEvidence(), within(1e-9 * Math.abs(exact)));
      // EM from a random start reaches the complete-data ML estimate; BIC agrees to EM's tolerance
      assertThat(sum(bic, s)).isCloseTo(scored.get(1).logEvidence(), within(1e-3));
    }
  }

  private static double sum(DagFamilyScore f, DagStructure s) {
    double total = 0;
    for (int j = 0; j < s.size(); j++) {
      total += f.logLocalScore(j, s.parents(j));
    }
    return total;
  }

  @Test
  void theFamilyCacheGivesTheSameSearchAsFullScoresWithFewerLocalScores() {
    var space = space(3);
    Dataset data = sample(eightNodes(), 2000, 11);
    var bde = DagCompleteDataScore.bde(space, data, 1.0);
    var settings = DagHillClimbing.Settings.defaults(1).withRestarts(3);
    var byFamily = new DagHillClimbing(space, settings).search(bde, 7, null);
    var whole = new DagHillClimbing(space, settings).search((DagStructureScore) s -> sum(bde, s), 7, null);
    assertThat(byFamily.bestScore()).isEqualTo(whole.bestScore());
    assertThat(byFamily.best().toString()).isEqualTo(whole.best().toString());
    assertThat(byFamily.path()).hasSameSizeAs(whole.path());
    assertThat(byFamily.structuresScored()).isEqualTo(whole.structuresScored());
    // a move changes one or two families: most local scores come from the cache
    assertThat(byFamily.familiesScored()).isPositive()
        .isLessThan(byFamily.structuresScored() * 8 / 3);
    assertThat(byFamily.familyCacheHits()).isGreaterThan(byFamily.familiesScored());
    assertThat(whole.familiesScored()).isZero();
  }

  /**
   * Greedy search in DAG space can stop at the complete triangle over a v-structure (one parameter
   * more than the truth, every single move downhill; Chickering 2002), so the search needs tabu moves
   * to walk the equivalent orientations: with 20 restarts, a tabu list of 20 and 10 non-improving
   * moves it recovered the class on 8 of data seeds 101–110 (where these settings were chosen) and
   * on all of the fresh seeds 111–120 used here; Beal-class defaults recovered 3 of 10.
   */
  @Test
  void bdeRecoversTheEquivalenceClassOfTheEightNodeDagFromTenThousandRows() {
    DagStructure truth = eightNodes();
    var space = space(3);
    var settings = new DagHillClimbing.Settings(20, 20, 10, 2, DagHillClimbing.Settings.DEFAULT_MAX_STEPS, 1);
    int recovered = 0;
    List<String> misses = new ArrayList<>();
    for (long seed = 11; seed <= 20; seed++) {
      Dataset data = sample(truth, 10_000, 100 + seed);
      var bde = DagCompleteDataScore.bde(space, data, 1.0);
      var result = new DagHillClimbing(space, settings).search(bde, seed, null);
      assertThat(result.bestScore()).isEqualTo(sum(bde, result.best()));
      if (DagEquivalence.equivalent(result.best(), truth)) {
        recovered++;
        assertThat(DagEquivalence.vStructures(result.best())).isEqualTo(2);
        assertThat(result.bestScore()).isGreaterThanOrEqualTo(sum(bde, truth) - 1e-9 * Math.abs(result.bestScore()));
      } else {
        misses.add("seed " + seed + ": " + result.best() + " at " + result.bestScore() + ", truth at " + sum(bde, truth));
      }
    }
    assertThat(recovered).as("misses: %s", misses).isGreaterThanOrEqualTo(9);
  }
}
