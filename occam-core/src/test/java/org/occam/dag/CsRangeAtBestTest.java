package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.dag.methods.DagMethods;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.search.LatentClassOrders;

/**
 * {@code csRangeAtBest}: how far apart CS is over the MAP-EM restarts that reach the best objective.
 * Where the data do not identify the hidden parameters the optimum is flat and CS differs along it;
 * where they do, every restart at the best ends at one point (up to relabelling) and CS agrees.
 */
class CsRangeAtBestTest {
  private static final long[] FRESH_SEEDS = {20261130L, 20261131L, 20261132L};
  private static final int RESTARTS = 8;

  private static DagScoreSettings settings() {
    return new DagScoreSettings(RESTARTS, DagScoreSettings.DEFAULT_MAX_ITERATIONS,
        DagScoreSettings.DEFAULT_TOLERANCE_PER_DATUM, HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null);
  }

  /** Beal's four observed variables, {@code rows} rows drawn from his true model. */
  private static Dataset data(long seed, int rows) {
    DagModel truth = BealExample.trueModel();
    int[][] y = AncestralSampler.sampleObserved(truth.structure(), truth.parameters().orElseThrow(), rows,
        RandomStreams.fromSeed(seed));
    return Dataset.of(BealExample.observedVariables(), y);
  }

  private static List<EvidenceEstimate> score(DagStructure s, Dataset d, long seed) {
    return score(s, d, seed, settings());
  }

  private static List<EvidenceEstimate> score(DagStructure s, Dataset d, long seed, DagScoreSettings settings) {
    return DagScorer.score(new HiddenStateEnumeration(s, d), DirichletPrior.uniform(s.size(), 1.0),
        DagMethod.parseList("cs,cs-dagger"), settings, RandomStreams.fromSeed(seed), 2);
  }

  @SuppressWarnings("unchecked")
  private static double[] objectives(EvidenceEstimate e) {
    return ((List<Map<String, Object>>) e.diagnostics().get("restarts")).stream()
        .mapToDouble(r -> (Double) r.get("objective")).toArray();
  }

  private static double range(EvidenceEstimate e) {
    return ((Number) e.diagnostics().get(DagMethods.CS_RANGE_AT_BEST)).doubleValue();
  }

  /**
   * A binary hidden variable whose only child is y1 (5 states): any split of y1's distribution into
   * two components fits it, so under the uniform prior every restart reaches the same MAP objective
   * (the empirical distribution's likelihood) at a different point, and CS, a function of the
   * expected counts there, differs by nats.
   */
  @Test
  void aHiddenVariableWithOneChildLeavesCsToWhereEmStopped() {
    List<Variable> vars = new ArrayList<>();
    vars.add(Variable.withCount("h", 2));
    vars.addAll(BealExample.observedVariables());
    DagStructure s = DagStructure.of(vars, new boolean[] {true, false, false, false, false},
        new int[][] {{}, {0}, {}, {}, {}});
    for (long seed : FRESH_SEEDS) {
      List<EvidenceEstimate> est = score(s, data(seed, 400), seed + 1);
      for (EvidenceEstimate e : est) {
        double[] obj = objectives(e);
        double best = java.util.Arrays.stream(obj).max().orElseThrow();
        // a flat optimum: every restart ends at the same objective
        double worst = java.util.Arrays.stream(obj).min().orElseThrow();
        assertThat(best - worst).as("seed %d", seed).isLessThan(1e-3);
        assertThat(e.diagnostics().get("restartsAtBest")).isEqualTo(RESTARTS);
        assertThat(range(e)).as("seed %d %s", seed, e.method()).isGreaterThan(DagMethods.CS_RANGE_NOTED);
      }
      assertThat(range(est.get(1))).isEqualTo(range(est.get(0)));
    }
  }

  /**
   * A binary latent class parent of all four observed variables, identified by 1,000 rows. Beal's stop
   * (the change per datum below 10⁻⁶) leaves restarts short of the optimum, each at its own point, and
   * on some data CS nats apart among restarts within 0.01 nats of each other; with Aitken's stop at
   * 10⁻⁶ nats and SQUAREM's jumps the restarts at the best end at one point up to relabelling, at least
   * as high, and CS agrees among them.
   */
  @Test
  void anIdentifiedOptimumGivesOneCsOnceEmReachesIt() {
    DagStructure s = LatentClassOrders.structure(BealExample.observedVariables(), 1, 2);
    DagScoreSettings aitken = settings().withEmLimitGap(1e-6).withEmAcceleration(true);
    double widestBeal = 0;
    for (long seed : FRESH_SEEDS) {
      Dataset d = data(seed, 1000);
      EvidenceEstimate beal = score(s, d, seed + 1).get(0);
      EvidenceEstimate cs = score(s, d, seed + 1, aitken).get(0);
      widestBeal = Math.max(widestBeal, range(beal));
      double bealBest = java.util.Arrays.stream(objectives(beal)).max().orElseThrow();
      double best = java.util.Arrays.stream(objectives(cs)).max().orElseThrow();
      assertThat(best).as("seed %d", seed).isGreaterThanOrEqualTo(bealBest);
      assertThat((Integer) cs.diagnostics().get("restartsAtBest")).as("seed %d", seed).isGreaterThan(1);
      assertThat(range(cs)).as("seed %d", seed).isLessThan(0.01);
    }
    assertThat(widestBeal).isGreaterThan(DagMethods.CS_RANGE_NOTED);
  }

  /**
   * The range is max − min of CS over the restarts within 0.01 nats of the best objective, each CS
   * computed again by the brute-force oracle (every completion of every row, in log space) at that
   * restart's θ̂.
   */
  @Test
  void theRangeIsTheOraclesCsOverTheRestartsAtTheBest() {
    List<Variable> vars = new ArrayList<>();
    vars.add(Variable.withCount("h", 2));
    vars.addAll(BealExample.observedVariables());
    DagStructure s = DagStructure.of(vars, new boolean[] {true, false, false, false, false},
        new int[][] {{}, {0}, {}, {}, {}});
    int[] card = new int[s.size()];
    int[][] parents = new int[s.size()][];
    for (int j = 0; j < s.size(); j++) {
      card[j] = s.cardinality(j);
      parents[j] = s.parents(j);
    }
    var model = new org.occam.testing.BruteForceEvidence.Model(card, parents, new double[] {1, 1, 1, 1, 1});
    for (long seed : FRESH_SEEDS) {
      Dataset d = data(seed, 120);
      int[][] rows = new int[d.distinctRows()][];
      double[] counts = new double[rows.length];
      for (int r = 0; r < rows.length; r++) {
        rows[r] = new int[s.size()];
        rows[r][0] = org.occam.testing.BruteForceEvidence.UNKNOWN;
        System.arraycopy(d.row(r), 0, rows[r], 1, 4);
        counts[r] = d.count(r);
      }
      var problem = new DagProblem(new HiddenStateEnumeration(s, d), DirichletPrior.uniform(s.size(), 1.0), settings(),
          RandomStreams.fromSeed(seed + 1), seed + 1);
      EvidenceEstimate cs = DagMethods.get("cs").estimate(problem);
      double best = problem.mapEm().best().objective();
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (var run : problem.mapEm().runs()) {
        if (run.objective() >= best - DagProblem.RESTART_AGREEMENT_NATS) {
          double oracle = org.occam.testing.BruteForceEvidence.cheesemanStutz(model, run.theta(), rows, counts);
          lo = Math.min(lo, oracle);
          hi = Math.max(hi, oracle);
        }
      }
      assertThat(range(cs)).as("seed %d", seed).isCloseTo(hi - lo, org.assertj.core.data.Offset.offset(1e-8));
      assertThat(range(cs)).as("seed %d", seed).isGreaterThan(0);
    }
  }
}
