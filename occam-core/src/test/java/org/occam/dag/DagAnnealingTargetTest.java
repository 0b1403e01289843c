package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.math.RandomStreams;
import org.occam.sampling.AnnealedImportanceSampler;
import org.occam.sampling.AnnealingSchedule;
import org.occam.testing.RandomDagProblems;

/** AIS over CPTs against the exact evidence of tiny problems. */
class DagAnnealingTargetTest {
  /** The standard-error target of the fresh-seed test, in nats. */
  private static final double TARGET = 0.05;

  /**
   * 16 fresh random problems, each with its own AIS seed (fixed before any result on them was
   * seen): row sweeps of K = 4000 and G = 24 runs first, then runs are added up to 192 until the
   * standard error is at most {@value #TARGET}. On the even problems of 102–132 the first 24 runs
   * gave standard errors of 0.006–0.072; with a first batch of 8 instead, problem 122 stopped after
   * those 8 runs 3.0 standard errors from the exact value (a few runs that miss the rare large
   * weights look tight), hence G = 24.
   */
  @ParameterizedTest
  @ValueSource(longs = {20261127L, 20261128L, 20261129L, 20261130L, 20261131L, 20261132L, 20261133L, 20261134L,
      20261135L, 20261136L, 20261137L, 20261138L, 20261139L, 20261140L, 20261141L, 20261142L})
  void meetsAStandardErrorTargetOnFreshSeedsWithinThreeStandardErrorsOfTheExactEvidence(long seed) {
    var p = RandomDagProblems.random(seed, RandomDagProblems.Spec.tiny(seed % 2 == 0 ? 0.2 : 0.0));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    double exact = ExactEvidence.logEvidence(e, p.prior(), 1e9);
    var settings = new DagAnnealingTarget.Settings(4000, 0.2, 24, DagAnnealingTarget.Proposal.ROW_SWEEP, true, 5.0)
        .withStdErrorTarget(TARGET);
    assertThat(settings.runBudget()).isEqualTo(192);
    var est = AnnealedImportanceSampler.estimateToTarget(new DagAnnealingTarget(e, p.prior(), settings),
        settings.schedule(), settings.runs(), TARGET, settings.runBudget(), RandomStreams.fromSeed(seed), 2, false);
    System.out.printf(java.util.Locale.ROOT, "DAG AIS seed %d: runs %d, se %.4f, (ais - exact)/se %+.2f%n", seed,
        est.runs().size(), est.stdError(), (est.logEstimate() - exact) / est.stdError());
    assertThat(est.stdError()).as("standard error").isPositive().isLessThanOrEqualTo(TARGET);
    assertThat(est.runs().size()).isIn(24, 48, 96, 192);
    assertThat(est.logEstimate()).as("AIS vs exact %s", exact)
        .isCloseTo(exact, org.assertj.core.data.Offset.offset(3 * est.stdError()));
  }

  /**
   * Beal's all-at-once proposal on its original problems and seeds. Its spread varies far more from
   * problem to problem (standard errors 0.02–0.54 with G = 24 on problems 101–131; one still at 0.16
   * after 384 runs), so no fixed target is asserted for it: it needs more temperatures, not runs.
   */
  @ParameterizedTest
  @CsvSource({"6, ALL_AT_ONCE", "7, ALL_AT_ONCE", "8, ALL_AT_ONCE"})
  void agreesWithTheExactEvidenceWithinThreeStandardErrors(long seed, DagAnnealingTarget.Proposal proposal) {
    var p = RandomDagProblems.random(seed, RandomDagProblems.Spec.tiny(seed % 2 == 0 ? 0.2 : 0.0));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    double exact = ExactEvidence.logEvidence(e, p.prior(), 1e9);
    var settings = new DagAnnealingTarget.Settings(proposal == DagAnnealingTarget.Proposal.ROW_SWEEP ? 4000 : 12000, 0.2, 24, proposal, true, 5.0);
    var est = AnnealedImportanceSampler.estimate(new DagAnnealingTarget(e, p.prior(), settings), settings.schedule(),
        settings.runs(), seed, 2);
    assertThat(est.stdError()).as("standard error").isLessThan(0.15);
    assertThat(est.logEstimate()).as("AIS vs exact %s", exact)
        .isCloseTo(exact, org.assertj.core.data.Offset.offset(3 * est.stdError() + 1e-3));
  }

  /** Many very short runs: the mean weight is unbiased for p(y | m) even where single runs are poor. */
  @Test
  void meanWeightIsUnbiasedForTheEvidence() {
    var p = RandomDagProblems.random(21, new RandomDagProblems.Spec(1, 1, 2, 2, 0.0, false, 5, 1L << 14));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    double exact = ExactEvidence.logEvidence(e, p.prior(), 1e9);
    var settings = new DagAnnealingTarget.Settings(10, 0.2, 6000, DagAnnealingTarget.Proposal.ROW_SWEEP, false, 3.0);
    var est = AnnealedImportanceSampler.estimate(new DagAnnealingTarget(e, p.prior(), settings), settings.schedule(),
        settings.runs(), 5, 2);
    double[] lw = est.runs().stream().mapToDouble(AnnealedImportanceSampler.Run::logWeight).toArray();
    double spread = java.util.Arrays.stream(lw).max().orElseThrow() - java.util.Arrays.stream(lw).min().orElseThrow();
    assertThat(spread).isGreaterThan(2);
    assertThat(est.logEstimate()).isCloseTo(exact, org.assertj.core.data.Offset.offset(3 * est.stdError()));
  }

  @Test
  void incrementalLikelihoodStaysEqualToAFullEStep() {
    var p = RandomDagProblems.random(33, RandomDagProblems.Spec.tiny(0.3));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    var target = new DagAnnealingTarget(e, p.prior(), DagAnnealingTarget.Settings.defaults());
    var chain = (DagAnnealingTarget.Chain) target.start(RandomStreams.fromSeed(2));
    for (int k = 0; k < 300; k++) {
      chain.transition(0.3 + k / 600.0);
      if (k % 37 == 0) {
        assertThat(chain.logLikelihood()).isCloseTo(e.logLikelihood(chain.parameters()),
            org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(chain.logLikelihood()))));
      }
    }
    assertThat(chain.accepted()).isPositive().isLessThan(chain.proposed());
    // The sampled parameters stay on the simplex.
    double[] theta = chain.parameters();
    DagModel.checkParameters(p.structure(), theta);
  }

  /**
   * Beal's model with many repeated rows and whole, fractional and large weights: the ratio product
   * runs over several weight classes and the other weights, and must match a full E-step.
   */
  @Test
  void incrementalLikelihoodStaysEqualToAFullEStepAcrossWeightClasses() {
    double[] truth = BealExample.trueModel().parameters().orElseThrow();
    int[][] rows = AncestralSampler.sampleObserved(BealExample.structure(), truth, 300, RandomStreams.fromSeed(8));
    double[] weights = new double[rows.length];
    for (int i = 0; i < rows.length; i++) {
      weights[i] = i % 11 == 0 ? 2.5 : i % 13 == 0 ? 12 : 1 + i % 3;
    }
    var data = org.occam.data.Dataset.of(BealExample.observedVariables(), rows, weights);
    var s = BealExample.structure();
    var e = new HiddenStateEnumeration(s, data);
    var target = new DagAnnealingTarget(e, DirichletPrior.uniform(s.size(), 1.0), DagAnnealingTarget.Settings.defaults());
    var chain = (DagAnnealingTarget.Chain) target.start(RandomStreams.fromSeed(4));
    for (int k = 0; k < 400; k++) {
      chain.transition(k / 400.0);
      if (k % 29 == 0) {
        assertThat(chain.logLikelihood()).isCloseTo(e.logLikelihood(chain.parameters()),
            org.assertj.core.data.Offset.offset(1e-9 * (1 + Math.abs(chain.logLikelihood()))));
      }
    }
    assertThat(chain.accepted()).isPositive().isLessThan(chain.proposed());
  }

  @Test
  void scorerReportsAisWithItsStandardErrorAndAcceptanceByQuarter() {
    var p = RandomDagProblems.random(4, RandomDagProblems.Spec.tiny(0.0));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    var settings = DagScoreSettings.defaults()
        .withAis(new DagAnnealingTarget.Settings(400, 0.2, 5, DagAnnealingTarget.Proposal.ROW_SWEEP, true, 10.0));
    var est = DagScorer.score(e, p.prior(), List.of(DagMethod.AIS), settings, RandomStreams.fromSeed(1), 1).get(0);
    assertThat(est.stdError()).isPresent();
    assertThat(est.diagnostics().get("aliasCorrectionApplied")).isEqualTo(false);
    assertThat((List<?>) est.diagnostics().get("logWeights")).hasSize(5);
    assertThat((List<?>) est.diagnostics().get("acceptanceByQuarter")).hasSize(4);
    assertThat(est.settings().get("steps")).isEqualTo(400);
    assertThat(AnnealingSchedule.beal(400, 0.2).toString()).isEqualTo(est.settings().get("schedule"));
    // without a target nothing about one is reported
    assertThat(est.settings()).doesNotContainKeys("stdErrorTarget", "maxRuns");
    assertThat(est.diagnostics()).doesNotContainKeys("stdErrorTarget", "runs", "runBudget", "stdErrorTargetMet");
  }

  @Test
  void theScorerSaysWhenTheRunBudgetRanOutBeforeTheTarget() {
    var p = RandomDagProblems.random(4, RandomDagProblems.Spec.tiny(0.0));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    var ais = new DagAnnealingTarget.Settings(400, 0.2, 4, DagAnnealingTarget.Proposal.ROW_SWEEP, true, 10.0)
        .withStdErrorTarget(1e-6).withMaxRuns(12);
    var est = DagScorer.score(e, p.prior(), List.of(DagMethod.AIS), DagScoreSettings.defaults().withAis(ais),
        RandomStreams.fromSeed(1), 1).get(0);
    assertThat(est.stdError().orElseThrow()).isGreaterThan(1e-6);
    assertThat(est.diagnostics()).containsEntry("stdErrorTargetMet", false).containsEntry("runs", 12)
        .containsEntry("runBudget", 12).containsEntry("converged", false);
    assertThat((List<?>) est.diagnostics().get("logWeights")).hasSize(12);
    assertThat((String) est.diagnostics().get("notConverged")).contains("budget of 12 runs");
    assertThat(est.settings()).containsEntry("stdErrorTarget", 1e-6).containsEntry("maxRuns", 12);
    // a target the first batch meets still makes the minimum of runs, and gives the numbers of that
    // many runs without a target
    var noTarget = new DagAnnealingTarget.Settings(400, 0.2, 4, DagAnnealingTarget.Proposal.ROW_SWEEP, true, 10.0);
    var plain = DagScorer.score(e, p.prior(), List.of(DagMethod.AIS), DagScoreSettings.defaults().withAis(
        new DagAnnealingTarget.Settings(400, 0.2, AnnealedImportanceSampler.MIN_RUNS_FOR_TARGET,
        DagAnnealingTarget.Proposal.ROW_SWEEP, true, 10.0)), RandomStreams.fromSeed(1), 1).get(0);
    var met = DagScorer.score(e, p.prior(), List.of(DagMethod.AIS), DagScoreSettings.defaults()
        .withAis(noTarget.withStdErrorTarget(1e3)), RandomStreams.fromSeed(1), 1).get(0);
    assertThat(met.diagnostics()).containsEntry("stdErrorTargetMet", true)
        .containsEntry("runs", AnnealedImportanceSampler.MIN_RUNS_FOR_TARGET);
    assertThat(met.logEvidence()).isEqualTo(plain.logEvidence());
    assertThat(met.stdError()).isEqualTo(plain.stdError());
    // and the first 8 of 12 runs are those 8
    assertThat(((List<?>) est.diagnostics().get("logWeights")).subList(0, 8))
        .isEqualTo(plain.diagnostics().get("logWeights"));
  }

  @Test
  void reverseRunsBracketTheExactEvidenceAndReportTheirDiscrepancy() {
    var p = RandomDagProblems.random(6, RandomDagProblems.Spec.tiny(0.0));
    var e = new HiddenStateEnumeration(p.structure(), p.data());
    double exact = ExactEvidence.logEvidence(e, p.prior(), ExactEvidence.DEFAULT_TERM_LIMIT);
    var settings = DagScoreSettings.defaults()
        .withAis(new DagAnnealingTarget.Settings(3000, 0.2, 10, DagAnnealingTarget.Proposal.ROW_SWEEP, true, 10.0)
            .withReverse(true));
    var est = DagScorer.score(e, p.prior(), List.of(DagMethod.AIS), settings, RandomStreams.fromSeed(2), 1).get(0);
    double forward = est.logEvidence();
    double reverse = (double) est.diagnostics().get("reverseLogEvidence");
    double se = est.stdError().orElseThrow();
    assertThat((List<?>) est.diagnostics().get("reverseLogWeights")).hasSize(10);
    assertThat((double) est.diagnostics().get("hysteresis")).isEqualTo(reverse - forward);
    assertThat(est.settings().get("reverse")).isEqualTo(true);
    // with a slow enough schedule both directions agree with the exact evidence
    assertThat(Math.abs(forward - exact)).isLessThan(3 * se + 0.05);
    assertThat(Math.abs(reverse - exact)).isLessThan(0.2);
  }
}
