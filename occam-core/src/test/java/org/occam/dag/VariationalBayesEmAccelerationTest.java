package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.RandomDagProblems;
import org.occam.testing.RandomDagProblems.Problem;
import org.occam.testing.RandomDagProblems.Spec;

/**
 * VBEM accelerated by SQUAREM ({@link VariationalBayesEm}, {@code accelerated}): its bound is the
 * bound of the counts it returns (recomputed by the brute-force oracle) and below the exact
 * evidence; it never falls along a run; it ends where plain VBEM's long runs end on latent class
 * models; on Beal's class at n = 5,120 it needs fewer VBE steps than plain VBEM and ends higher.
 * Seeds were fixed before any accelerated run was looked at.
 */
class VariationalBayesEmAccelerationTest {
  private static final double BOUND_SLACK = 1e-9;

  private static VariationalBayesEm.Settings accelerated(int maxIterations) {
    return VariationalBayesEm.Settings.aitken(maxIterations, DagScoreSettings.DEFAULT_VB_LIMIT_GAP)
        .withAcceleration(true);
  }

  private static void assertNeverFalls(double[] trace, String where) {
    for (int k = 1; k < trace.length; k++) {
      assertThat(trace[k]).as(where + ", step " + k).isGreaterThanOrEqualTo(trace[k - 1] - 1e-9 * Math.abs(trace[k]));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {20261201, 20261202, 20261203, 20261204, 20261205, 20261206, 20261207, 20261208})
  void theBoundIsTheOraclesAtTheReturnedCountsAndBelowTheExactEvidence(long seed) {
    Problem pr = RandomDagProblems.random(seed, Spec.tiny(seed % 2 == 1 ? 0.2 : 0.0));
    double exact = pr.exactLogEvidence();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    for (int start = 0; start < 3; start++) {
      double[] theta = DagScorer.randomParameters(pr.structure(), RandomStreams.fromSeed(seed * 7 + start));
      var run = VariationalBayesEm.run(enumeration, pr.prior(), theta, accelerated(600));
      String where = "seed " + seed + ", start " + start;
      double oracle = BruteForceEvidence.variationalBound(pr.model(), run.posteriorCounts(), pr.rows(), null);
      assertThat(run.lowerBound()).as(where).isCloseTo(oracle, within(1e-9 * (1 + Math.abs(exact))));
      assertThat(oracle).as(where).isLessThanOrEqualTo(exact + BOUND_SLACK);
      assertThat(run.trace()[run.trace().length - 1]).as(where).isEqualTo(run.lowerBound());
      assertThat(run.trace().length).as(where).isLessThanOrEqualTo(run.iterations());
      assertNeverFalls(run.trace(), where);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4})
  void itEndsWithinTheTargetOfPlainVbemsLongRun(int states) {
    for (long seed : new long[] {20261211, 20261212, 20261213, 20261214}) {
      var c = LatentClassCase.of(seed, states, 1280);
      var data = c.data();
      var prior = c.prior();
      double[] start = c.start();
      var fast = VariationalBayesEm.run(data, prior, start, accelerated(1000));
      var longRun = VariationalBayesEm.run(data, prior, start, new VariationalBayesEm.Settings(20_000, 0, 0));
      String where = "seed " + seed + ", " + states + " states";
      assertThat(fast.converged()).as(where).isTrue();
      // the measured gap: where the rate had not settled when a probe's increment fell below the rule's
      // floor, Aitken's estimate is unknown (infinite), as the class comment says
      // measured when written: 1.3e-9 to 7.6e-6 nats below the long run (plain VBEM's default stop:
      // 0.0045-0.0051), in 61-247 steps against plain's 123-470
      assertThat(longRun.lowerBound() - fast.lowerBound()).as(where).isLessThan(2e-5);
      assertThat(fast.iterations()).as(where).isLessThan(
          VariationalBayesEm.run(data, prior, start, DagScoreSettings.defaults().vbSettings()).iterations());
      assertNeverFalls(fast.trace(), where);
    }
  }

  @Test
  void onBealsClassAtN5120ItTakesFewerStepsAndEndsHigher() {
    DagModel truth = BealExample.trueModel();
    int[][] y = AncestralSampler.sampleObserved(truth.structure(), truth.parameters().orElseThrow(), 5120,
        RandomStreams.fromSeed(20261221));
    Dataset d = Dataset.of(BealExample.observedVariables(), y);
    List<DagStructure> all = new BipartiteStructureClass(BealExample.hiddenVariables(),
        BealExample.observedVariables()).structures();
    var plainSettings = DagScoreSettings.defaults().vbSettings();
    var fastSettings = DagScoreSettings.defaults().withVbAcceleration(true).vbSettings();
    assertThat(fastSettings).isEqualTo(accelerated(1000));
    long plainSteps = 0;
    long fastSteps = 0;
    int plainAtLimit = 0;
    int fastAtLimit = 0;
    int higher = 0;
    int lower = 0;
    for (int i = 0; i < all.size(); i += 4) {
      DagStructure s = all.get(i);
      var data = new HiddenStateEnumeration(s, d);
      var prior = DirichletPrior.uniform(s.size(), 1.0);
      double[] start = DagScorer.randomParameters(s, RandomStreams.fromSeed(20261222L + i));
      var plain = VariationalBayesEm.run(data, prior, start, plainSettings);
      var fast = VariationalBayesEm.run(data, prior, start, fastSettings);
      plainSteps += plain.iterations();
      fastSteps += fast.iterations();
      plainAtLimit += plain.converged() ? 0 : 1;
      fastAtLimit += fast.converged() ? 0 : 1;
      higher += fast.lowerBound() > plain.lowerBound() + 0.01 ? 1 : 0;
      lower += fast.lowerBound() < plain.lowerBound() - 0.01 ? 1 : 0;
      assertNeverFalls(fast.trace(), "structure " + i);
    }
    // Measured when written, on 34 structures: see the README's "Accelerated VBEM and EM" paragraph
    assertThat(fastSteps).as("VBE steps, accelerated against plain").isLessThan(plainSteps * 7 / 10);
    assertThat(fastAtLimit).as("runs at the step limit").isLessThan(plainAtLimit / 2);
    assertThat(higher).as("runs ending > 0.01 nats higher than plain VBEM").isGreaterThan(4 * lower);
  }

  @Test
  void aShortLimitEndsAtItUnconvergedWithTheBoundOfItsCounts() {
    Problem pr = RandomDagProblems.random(20261231, Spec.tiny(0.0));
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    double[] theta = DagScorer.randomParameters(pr.structure(), RandomStreams.fromSeed(20261232));
    for (int limit = 1; limit <= 7; limit++) {
      var run = VariationalBayesEm.run(enumeration, pr.prior(), theta, accelerated(limit));
      assertThat(run.iterations()).isLessThanOrEqualTo(limit);
      double oracle = BruteForceEvidence.variationalBound(pr.model(), run.posteriorCounts(), pr.rows(), null);
      assertThat(run.lowerBound()).isCloseTo(oracle, within(1e-9 * (1 + Math.abs(oracle))));
      assertNeverFalls(run.trace(), "limit " + limit);
    }
  }

  @Test
  void theSettingIsReportedAndParsed() {
    assertThat(DagScoreSettings.defaults().toMap()).containsEntry("vbAcceleration", "none");
    assertThat(DagScoreSettings.defaults().withVbAcceleration(true).toMap()).containsEntry("vbAcceleration", "squarem");
    assertThat(DagScoreSettings.defaults().vbSettings().accelerated()).isFalse();
    assertThat(DagScoreSettings.demoDefaults().vbSettings().accelerated()).isTrue();
    assertThat(DagScoreSettings.demoDefaults().emAccelerated()).isFalse();
    assertThat(DagScoreSettings.accelerationNamed("--vb-acceleration", "squarem")).isTrue();
    assertThat(DagScoreSettings.accelerationNamed("--vb-acceleration", "none")).isFalse();
    assertThatThrownBy(() -> DagScoreSettings.accelerationNamed("--vb-acceleration", "fast"))
        .isInstanceOf(InvalidInputException.class).hasMessage("--vb-acceleration: 'fast' is neither none nor squarem");
  }
}
