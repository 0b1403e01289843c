package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.Stream;
import org.occam.sampling.ParameterSpaceAis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.sampling.AnnealedImportanceSampler;

/** AIS over the parameters against the quadrature, which shares no code with it but the likelihood. */
class MrfAnnealedImportanceSamplingTest {
  /** K = 2000, G = 40: standard errors of 0.005–0.04 on these models, about 0.3 s each. */
  static final ParameterSpaceAis.Settings TEST_SETTINGS =
      MrfAnnealedImportanceSampling.defaultSettings().withSteps(2000).withRuns(40);

  static Stream<Arguments> smallModels() {
    return Stream.of(
        Arguments.of("1 parameter, N = 10", MrfQuadratureTest.bias(10, 3)),
        Arguments.of("1 parameter, N = 100", MrfQuadratureTest.bias(100, 27)),
        Arguments.of("2 parameters, N = 10", MrfQuadratureTest.independent(10, 2, 7)),
        Arguments.of("2 parameters, N = 100", MrfQuadratureTest.independent(100, 35, 81)),
        Arguments.of("3 parameters (an edge), N = 10", MrfQuadratureTest.edge(4, 2, 1, 3)),
        Arguments.of("3 parameters (an edge), N = 100", MrfQuadratureTest.edge(40, 20, 10, 30)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("smallModels")
  void agreesWithQuadratureWithinThreeStandardErrors(String name, MrfData data) {
    EvidenceEstimate quadrature = MrfQuadrature.estimate(data, MrfQuadrature.Settings.defaults());
    EvidenceEstimate ais = new MrfAnnealedImportanceSampling(data, TEST_SETTINGS).estimate(20240611L, 2);
    double se = ais.stdError().orElseThrow();
    assertThat(se).isPositive().isLessThan(0.05);
    assertThat(ais.logEvidence()).isCloseTo(quadrature.logEvidence(), within(3 * se));
  }

  @Test
  void bealsScheduleWithReverseRunsAgreesToo() {
    MrfData data = MrfQuadratureTest.edge(40, 20, 10, 30);
    EvidenceEstimate quadrature = MrfQuadrature.estimate(data, MrfQuadrature.Settings.defaults());
    EvidenceEstimate ais = new MrfAnnealedImportanceSampling(data, TEST_SETTINGS.withBealSchedule(0.2).withReverse(true))
        .estimate(5, 2);
    double se = ais.stdError().orElseThrow();
    assertThat(se).isLessThan(0.05);
    assertThat(ais.logEvidence()).isCloseTo(quadrature.logEvidence(), within(3 * se));
    assertThat(ais.settings().get("schedule").toString()).startsWith("beal");
    assertThat((double) ais.diagnostics().get("reverseLogEvidence")).isCloseTo(quadrature.logEvidence(), within(0.2));
    assertThat(Math.abs((double) ais.diagnostics().get("hysteresis"))).isLessThan(0.2);
  }

  @Test
  void theSameSeedGivesTheSameEstimateWithOneAndTwoThreads() {
    MrfData data = MrfQuadratureTest.edge(4, 2, 1, 3);
    var settings = MrfAnnealedImportanceSampling.defaultSettings().withSteps(200).withRuns(6);
    EvidenceEstimate one = new MrfAnnealedImportanceSampling(data, settings).estimate(77, 1);
    EvidenceEstimate two = new MrfAnnealedImportanceSampling(data, settings).estimate(77, 2);
    assertThat(two.logEvidence()).isEqualTo(one.logEvidence());
    assertThat(two.stdError()).isEqualTo(one.stdError());
    assertThat(two.diagnostics().get("logWeights")).isEqualTo(one.diagnostics().get("logWeights"));
    EvidenceEstimate other = new MrfAnnealedImportanceSampling(data, settings).estimate(78, 2);
    assertThat(other.logEvidence()).isNotEqualTo(one.logEvidence());
  }

  @Test
  void aChainsCachedLogLikelihoodIsTheExactOneAtItsState() {
    // The chain adopts the likelihood of HMC's last evaluation on acceptance; check it against a
    // fresh exact computation after transitions at rising temperatures.
    PairwiseGraph g = PairwiseGraph.grid(2, 2);
    BoltzmannMachine truth = MrfTestModels.random(g, 4, 1.0, 1.0);
    MrfData data = new MrfData(g, 80, ExactInference.exact(truth).featureMeans());
    var target = new MrfAnnealedImportanceSampling(data, MrfAnnealedImportanceSampling.defaultSettings());
    var chain =  target.start(RandomStreams.fromSeed(3));
    for (int k = 1; k <= 300; k++) {
      chain.transition(k / 300.0);
      if (k % 50 == 0) {
        double[] lambda = chain.parameters();
        double dot = 0;
        for (int a = 0; a < lambda.length; a++) {
          dot += lambda[a] * data.featureMeans()[a];
        }
        double exact = data.rows() * (dot - ExactEnumeration.logPartition(new BoltzmannMachine(g, lambda)));
        assertThat(chain.logLikelihood()).isCloseTo(exact, within(1e-9 * (1 + Math.abs(exact))));
      }
    }
    assertThat(chain.accepted()).isPositive().isLessThan(chain.proposed());
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(doubles = {0.7, 0.9})
  void stepSizeTuningReachesItsTargetAcceptanceInEveryQuarter(double target) {
    MrfData data = MrfQuadratureTest.edge(40, 20, 10, 30);
    var settings = MrfAnnealedImportanceSampling.defaultSettings().withTargetAcceptance(target);
    EvidenceEstimate ais = new MrfAnnealedImportanceSampling(data, settings).estimate(9, 2);
    @SuppressWarnings("unchecked")
    List<Double> runs = (List<Double>) ais.diagnostics().get("acceptanceByQuarter");
    @SuppressWarnings("unchecked")
    List<Double> pilot = (List<Double>) ais.diagnostics().get("pilotAcceptanceByQuarter");
    @SuppressWarnings("unchecked")
    List<Double> steps = (List<Double>) ais.diagnostics().get("stepSizeByQuarter");
    // Per quarter: 10 runs × 250 accept/reject outcomes, from a step size tuned on one pilot run.
    assertThat(runs).allSatisfy(a -> assertThat(a).isCloseTo(target, within(0.05)));
    assertThat(pilot).allSatisfy(a -> assertThat(a).isCloseTo(target, within(0.08)));
    // The posterior narrows as τ grows, and the step size with it.
    assertThat(steps.get(3)).isLessThan(steps.get(0));
    assertThat((double) ais.diagnostics().get("finalStepSize")).isEqualTo(steps.get(3));
  }

  @Test
  void reportsMethodSettingsSeedAndDiagnostics() {
    var defaults = MrfAnnealedImportanceSampling.defaultSettings();
    assertThat(defaults.steps()).isEqualTo(10_000);
    assertThat(defaults.runs()).isEqualTo(10);
    assertThat(defaults.leapfrogSteps()).isEqualTo(10);
    assertThat(defaults.priorSigma()).isEqualTo(1.0);
    assertThat(defaults.schedule()).isEqualTo(ParameterSpaceAis.Schedule.BEAL);
    assertThat(defaults.tuning()).isEqualTo(ParameterSpaceAis.StepSizeTuning.PILOT);
    MrfData data = MrfQuadratureTest.bias(10, 3);
    EvidenceEstimate ais = new MrfAnnealedImportanceSampling(data, defaults.withSteps(100).withRuns(4)).estimate(12, 1);
    assertThat(ais.method()).isEqualTo("ais");
    assertThat(ais.seed()).hasValue(12);
    assertThat(ais.stdError()).isPresent();
    assertThat(ais.seconds()).isPositive();
    assertThat(ais.settings()).containsEntry("steps", 100).containsEntry("runs", 4).containsEntry("leapfrogSteps", 10)
        .containsEntry("schedule", "beal(K=100, e=0.2)").containsEntry("stepSizeTuning", "pilot")
        .containsKeys("prior", "targetAcceptance", "stepSize");
    assertThat(ais.diagnostics()).containsKeys("acceptanceByQuarter", "logWeights", "effectiveSampleSize",
        "stdErrorMethod", "stepSizeByQuarter", "finalStepSize", "pilotLogWeight", "exactInference");
    assertThat((List<?>) ais.diagnostics().get("logWeights")).hasSize(4);
  }

  @Test
  void withinRunTuningReportsEveryRunsFinalStepSize() {
    MrfData data = MrfQuadratureTest.independent(10, 2, 7);
    var settings = MrfAnnealedImportanceSampling.defaultSettings().withSteps(300).withRuns(5)
        .withTuning(ParameterSpaceAis.StepSizeTuning.WITHIN_RUN);
    EvidenceEstimate one = new MrfAnnealedImportanceSampling(data, settings).estimate(4, 1);
    EvidenceEstimate two = new MrfAnnealedImportanceSampling(data, settings).estimate(4, 2);
    assertThat((List<?>) one.diagnostics().get("finalStepSizes")).hasSize(5);
    assertThat(two.diagnostics().get("finalStepSizes")).isEqualTo(one.diagnostics().get("finalStepSizes"));
    assertThat(two.logEvidence()).isEqualTo(one.logEvidence());
    assertThat(one.settings()).containsEntry("stepSizeTuning", "within-run");
  }

  @Test
  void rejectsBadSettingsAndStepFactors() {
    var d = MrfAnnealedImportanceSampling.defaultSettings();
    assertThatThrownBy(() -> d.withRuns(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> d.withLeapfrogSteps(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> d.withPriorSigma(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> d.withTargetAcceptance(1)).isInstanceOf(IllegalArgumentException.class);
    var target = new MrfAnnealedImportanceSampling(MrfQuadratureTest.bias(10, 3), d.withSteps(10));
    assertThatThrownBy(() -> target.withStepFactors(new double[10])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> target.withStepFactors(new double[11])).isInstanceOf(IllegalArgumentException.class);
    double[] ok = new double[11];
    java.util.Arrays.fill(ok, 0.5);
    AnnealedImportanceSampler.Run run =
        AnnealedImportanceSampler.run(target.withStepFactors(ok), d.withSteps(10).annealingSchedule(),
            RandomStreams.fromSeed(1));
    assertThat(Double.isFinite(run.logWeight())).isTrue();
  }
}
