package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.math.RandomStreams;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.RandomDagProblems;
import org.occam.testing.RandomDagProblems.Problem;
import org.occam.testing.RandomDagProblems.Spec;

/**
 * MAP-EM accelerated by SQUAREM ({@link ExpectationMaximisation.Settings#accelerated()}): the run's
 * likelihood, counts and objective are the brute-force oracle's at the θ̂ it returns, and the
 * Cheeseman–Stutz value there is below the exact evidence; the objective never falls along a run; on
 * latent class models it ends at least as high as plain EM's Beal stop, in fewer steps. Seeds were
 * fixed before any accelerated run was looked at.
 */
class ExpectationMaximisationAccelerationTest {
  private static void assertNeverFalls(double[] trace, String where) {
    for (int k = 1; k < trace.length; k++) {
      assertThat(trace[k]).as(where + ", step " + k).isGreaterThanOrEqualTo(trace[k - 1] - 1e-9 * Math.abs(trace[k]));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {20261241, 20261242, 20261243, 20261244, 20261245, 20261246})
  void theRunIsTheOraclesAtItsThetaHat(long seed) {
    Problem pr = RandomDagProblems.random(seed, Spec.tiny(seed % 2 == 1 ? 0.2 : 0.0));
    double exact = pr.exactLogEvidence();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    var basis = ExpectationMaximisation.MapBasis.defaultFor(pr.prior());
    var settings = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, 600, 1e-9, true);
    double tol = 1e-9 * (1 + Math.abs(exact));
    for (int start = 0; start < 3; start++) {
      double[] theta = DagScorer.randomParameters(pr.structure(), RandomStreams.fromSeed(seed * 7 + start));
      var em = ExpectationMaximisation.run(enumeration, pr.prior(), theta, settings);
      String where = "seed " + seed + ", start " + start;
      var atHat = BruteForceEvidence.rowSums(pr.model(), em.theta(), pr.rows(), null);
      assertThat(em.logLikelihood()).as(where).isCloseTo(atHat.logLikelihood(), within(tol));
      assertThat(em.expectedCounts()).as(where).containsExactly(atHat.expectedCounts(), within(1e-10));
      double priorTerm = basis == ExpectationMaximisation.MapBasis.SIMPLEX
          ? BruteForceEvidence.logDirichletDensity(pr.model(), em.theta())
          : BruteForceEvidence.softmaxLogPrior(pr.model(), em.theta());
      assertThat(em.objective()).as(where).isCloseTo(atHat.logLikelihood() + priorTerm, within(tol));
      assertThat(em.trace()[em.trace().length - 1]).as(where).isCloseTo(em.objective(), within(tol));
      assertThat(BruteForceEvidence.cheesemanStutz(pr.model(), em.theta(), pr.rows(), null)).as(where)
          .isLessThanOrEqualTo(exact + 1e-9);
      assertNeverFalls(em.trace(), where);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4})
  void onLatentClassModelsItEndsAtLeastAsHighInFewerSteps(int states) {
    var basis = ExpectationMaximisation.MapBasis.SIMPLEX;
    var plain = ExpectationMaximisation.Settings.beal(ExpectationMaximisation.Estimator.MAP, basis);
    var longPlain = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, 20_000, 0);
    for (long seed : new long[] {20261251, 20261252, 20261253, 20261254}) {
      var c = LatentClassCase.of(seed, states, 1280);
      var data = c.data();
      var prior = c.prior();
      double[] start = c.start();
      var fast = ExpectationMaximisation.run(data, prior, start, plain.withAcceleration(true));
      var beal = ExpectationMaximisation.run(data, prior, start, plain);
      var limit = ExpectationMaximisation.run(data, prior, start, longPlain);
      String where = "seed " + seed + ", " + states + " states";
      assertThat(fast.converged()).as(where).isTrue();
      assertThat(fast.iterations()).as(where).isLessThan(beal.iterations());
      assertThat(fast.objective()).as(where).isGreaterThanOrEqualTo(beal.objective() - 1e-6);
      assertThat(limit.objective() - fast.objective()).as(where).isLessThan(limit.objective() - beal.objective() + 1e-6);
      assertNeverFalls(fast.trace(), where);
    }
  }

  /**
   * Aitken's stop at 10⁻⁶ nats ({@link ExpectationMaximisation.Settings#limitGap()}) with SQUAREM's
   * jumps stops at a fixed point of EM, and there within 10⁻⁵ nats of where 20,000 plain steps end or
   * above (measured: 0 to 5·10⁻⁹ below, twice 1.1 and 7.7 above at higher optima, once 0.28 below at a
   * saddle), where Beal's stop ended 0.06–2.5 nats below; plain steps with Aitken's stop end at least as
   * high as Beal's (not held to the limit: with 4 states one plain run stopped on a plateau 0.62 nats
   * short, where the rate looked settled); a limit gap of 0 is Beal's rule, step for step.
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4})
  void aitkensStopEndsAtTheLimit(int states) {
    var basis = ExpectationMaximisation.MapBasis.SIMPLEX;
    var beal = ExpectationMaximisation.Settings.beal(ExpectationMaximisation.Estimator.MAP, basis);
    var aitken = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, 20_000, 0, false,
        1e-6);
    var longPlain = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, 20_000, 0);
    var oneStep = new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, 2, 0);
    int within = 0;
    long[] seeds = {20261301, 20261302, 20261303};
    for (long seed : seeds) {
      var c = LatentClassCase.of(seed, states, 1280);
      String where = "seed " + seed + ", " + states + " states";
      var limit = ExpectationMaximisation.run(c.data(), c.prior(), c.start(), longPlain);
      var bealRun = ExpectationMaximisation.run(c.data(), c.prior(), c.start(), beal);
      var bealRunWithZeroGap = ExpectationMaximisation.run(c.data(), c.prior(), c.start(),
          new ExpectationMaximisation.Settings(ExpectationMaximisation.Estimator.MAP, basis, 1000, 1e-6, false, 0));
      assertThat(bealRunWithZeroGap.trace()).as(where).containsExactly(bealRun.trace());
      for (boolean jumps : new boolean[] {false, true}) {
        var run = ExpectationMaximisation.run(c.data(), c.prior(), c.start(), aitken.withAcceleration(jumps));
        String how = where + (jumps ? ", squarem" : ", plain");
        assertThat(run.objective()).as(how).isGreaterThanOrEqualTo(bealRun.objective() - 1e-9);
        if (jumps) {
          // it stops at a fixed point of EM: one more plain step gains less than 10⁻⁷ nats (1.6·10⁻⁸ at the saddle)
          assertThat(run.converged()).as(how).isTrue();
          var next = ExpectationMaximisation.run(c.data(), c.prior(), run.theta(), oneStep);
          assertThat(next.trace()[1] - next.trace()[0]).as(how).isLessThan(1e-7);
          within += limit.objective() - run.objective() < 1e-5 ? 1 : 0;
        }
      }
    }
    // the jumps can leave the plain steps' path and stop at a saddle of the objective, where plain EM
    // from the same start passes by: 1 of the 9 runs (4 states), 0.28 nats below; restarts are for that
    assertThat(within).as(states + " states").isGreaterThanOrEqualTo(seeds.length - (states == 4 ? 1 : 0));
  }
}
