package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.occam.math.RandomStreams;
import org.occam.sampling.AnnealedImportanceSampler;
import org.occam.sampling.AnnealingSchedule;
import org.occam.testing.RandomDagProblems;

/** AIS over CPTs against the exact evidence of tiny problems. */
class DagAnnealingTargetTest {
  @ParameterizedTest
  @CsvSource({"1, ROW_SWEEP", "2, ROW_SWEEP", "3, ROW_SWEEP", "4, ROW_SWEEP", "5, ROW_SWEEP", "6, ALL_AT_ONCE",
      "7, ALL_AT_ONCE", "8, ALL_AT_ONCE"})
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
