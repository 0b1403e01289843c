package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;

import org.occam.sampling.ParameterSpaceAis;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;

/**
 * Pins the estimates of {@link MrfAnnealedImportanceSampling} bit for bit. The expected strings
 * were printed by the code as it was before the model-independent part moved to
 * {@link org.occam.sampling.ParameterSpaceAis} (commit 4176ce3), so the refactoring is shown to
 * change no number: every double is compared through {@code Double.toString}, which round-trips
 * exactly. Four cases cover Beal's and the linear schedule, pilot and within-run tuning, reverse
 * runs, one and two threads, and both exact engines (enumeration and a clique tree).
 */
class MrfAnnealedImportanceSamplingPinTest {
  private static final ParameterSpaceAis.Settings DEFAULTS =
      MrfAnnealedImportanceSampling.defaultSettings();

  @Test
  void bealScheduleWithPilotAndReverseRunsOnAFourCycle() {
    PairwiseGraph g = PairwiseGraph.grid(2, 2);
    MrfData data = new MrfData(g, 60, ExactInference.exact(MrfTestModels.random(g, 4, 1.0, 1.0)).featureMeans());
    EvidenceEstimate e = new MrfAnnealedImportanceSampling(data, DEFAULTS.withSteps(300).withRuns(4).withReverse(true))
        .estimate(11, 2);
    assertThat(e.logEvidence()).isEqualTo(-161.09849152504972);
    assertThat(e.stdError().getAsDouble()).isEqualTo(0.25054913011173197);
    assertThat(e.settings().toString()).isEqualTo(
        "{steps=300, schedule=beal(K=300, e=0.2), runs=4, transitionsPerTemperature=one HMC transition, leapfrogSteps=10, prior=N(0, 1.0^2 I), targetAcceptance=0.9, adaptationGain=0.05, stepSize=eps~ * (1/sigma0^2 + tau*N/4)^(-1/2), eps~ tuned, times U(1 +- 0.2), stepSizeTuning=pilot, reverse=true}");
    assertThat(e.diagnostics().toString()).isEqualTo(
        "{dataSize=60.0, parameters=8, exactInference=enumeration (junction tree too wide), pilotLo"
        + "gWeight=-161.4915801492523, pilotAcceptanceByQuarter=[0.92, 0.92, 0.8933333333333333, 0.88"
        + "], stepSizeByQuarter=[0.4996140628340392, 0.38850433868710543, 0.28095174988463767, 0.1631"
        + "7693240585868], finalStepSize=0.16317693240585868, acceptanceByQuarter=[0.9366666666666668"
        + ", 0.8866666666666667, 0.8866666666666667, 0.8800000000000001], logWeights=[-161.3271095530"
        + "389, -161.69418737325668, -160.56094707331076, -161.15888884520953], effectiveSampleSize=3"
        + ".36608364471777, stdErrorMethod=delta method on the mean weight: sd(w) / (sqrt(G) mean(w))"
        + ", densityEvaluationsPerRun=6000, reverseLogWeights=[159.65262132525586, 160.1831357376898,"
        + " 160.9319060960658, 161.05622369013244], reverseLogEvidence=-160.60463718027722, hysteresi"
        + "s=0.493854344772501}");
  }

  @Test
  void linearScheduleTunedWithinEveryRunOnAnEdge() {
    var settings = new ParameterSpaceAis.Settings(200, ParameterSpaceAis.Schedule.LINEAR, 0.2,
        3, 10, 1.0, 0.9, 0.05, 0.2, ParameterSpaceAis.StepSizeTuning.WITHIN_RUN, false);
    EvidenceEstimate e = new MrfAnnealedImportanceSampling(MrfQuadratureTest.edge(4, 2, 1, 3), settings).estimate(5, 1);
    assertThat(e.logEvidence()).isEqualTo(-15.187918452269574);
    assertThat(e.stdError().getAsDouble()).isEqualTo(0.1923963877899581);
    assertThat(e.settings().toString()).isEqualTo(
        "{steps=200, schedule=linear(K=200), runs=3, transitionsPerTemperature=one HMC transition, leapfrogSteps=10, prior=N(0, 1.0^2 I), targetAcceptance=0.9, adaptationGain=0.05, stepSize=eps~ * (1/sigma0^2 + tau*N/4)^(-1/2), eps~ tuned, times U(1 +- 0.2), stepSizeTuning=within-run, reverse=false}");
    assertThat(e.diagnostics().toString()).isEqualTo(
        "{dataSize=10.0, parameters=3, exactInference=enumeration (junction tree too wide), finalSt"
        + "epSizes=[0.4050902520878791, 0.4355249272752372, 0.4371852859429526], acceptanceByQuarter="
        + "[0.96, 0.96, 0.9266666666666667, 0.9533333333333334], logWeights=[-15.511634036011555, -15"
        + ".286019384094663, -14.873117474817546], effectiveSampleSize=2.7932109404845296, stdErrorMe"
        + "thod=delta method on the mean weight: sd(w) / (sqrt(G) mean(w)), densityEvaluationsPerRun="
        + "2000}");
  }

  @Test
  void linearScheduleWithOtherPriorAcceptanceAndLeapfrogStepsOnK4() {
    PairwiseGraph k4 = MrfTestModels.k4();
    MrfData data = new MrfData(k4, 30, ExactInference.exact(MrfTestModels.random(k4, 8, 0.5, 0.5)).featureMeans());
    var settings = new ParameterSpaceAis.Settings(150, ParameterSpaceAis.Schedule.LINEAR, 0.2,
        3, 5, 0.7, 0.8, 0.05, 0.2, ParameterSpaceAis.StepSizeTuning.PILOT, false);
    EvidenceEstimate e = new MrfAnnealedImportanceSampling(data, settings).estimate(123, 2);
    assertThat(e.logEvidence()).isEqualTo(-87.5498143035257);
    assertThat(e.stdError().getAsDouble()).isEqualTo(0.10134463791046838);
    assertThat(e.settings().toString()).isEqualTo(
        "{steps=150, schedule=linear(K=150), runs=3, transitionsPerTemperature=one HMC transition, leapfrogSteps=5, prior=N(0, 0.7^2 I), targetAcceptance=0.8, adaptationGain=0.05, stepSize=eps~ * (1/sigma0^2 + tau*N/4)^(-1/2), eps~ tuned, times U(1 +- 0.2), stepSizeTuning=pilot, reverse=false}");
    assertThat(e.diagnostics().toString()).isEqualTo(
        "{dataSize=30.0, parameters=10, exactInference=enumeration (junction tree too wide), pilotL"
        + "ogWeight=-87.40984008534994, pilotAcceptanceByQuarter=[0.7894736842105263, 0.8108108108108"
        + "109, 0.7105263157894737, 0.8648648648648649], stepSizeByQuarter=[0.4194879130733472, 0.350"
        + "6352143983474, 0.29373324714625254, 0.2730308359304923], finalStepSize=0.2730308359304923,"
        + " acceptanceByQuarter=[0.8070175438596492, 0.8468468468468469, 0.8508771929824561, 0.810810"
        + "8108108109], logWeights=[-87.48447277754713, -87.42605323455756, -87.77204449551307], effe"
        + "ctiveSampleSize=2.9396159631585053, stdErrorMethod=delta method on the mean weight: sd(w) "
        + "/ (sqrt(G) mean(w)), densityEvaluationsPerRun=750}");
  }

  @Test
  void cliqueTreeEngineOnAChainOfTwelve() {
    PairwiseGraph g = MrfTestModels.chain(12);
    MrfData data = new MrfData(g, 40, ExactInference.exact(MrfTestModels.random(g, 9, 1.0, 1.0)).featureMeans());
    EvidenceEstimate e = new MrfAnnealedImportanceSampling(data, DEFAULTS.withSteps(100).withRuns(3)).estimate(2024, 2);
    assertThat(e.logEvidence()).isEqualTo(-321.6739213521175);
    assertThat(e.stdError().getAsDouble()).isEqualTo(0.9449557269097167);
    assertThat(e.settings().toString()).isEqualTo(
        "{steps=100, schedule=beal(K=100, e=0.2), runs=3, transitionsPerTemperature=one HMC transition, leapfrogSteps=10, prior=N(0, 1.0^2 I), targetAcceptance=0.9, adaptationGain=0.05, stepSize=eps~ * (1/sigma0^2 + tau*N/4)^(-1/2), eps~ tuned, times U(1 +- 0.2), stepSizeTuning=pilot, reverse=false}");
    assertThat(e.diagnostics().toString()).isEqualTo(
        "{dataSize=40.0, parameters=23, exactInference=CliqueTree[ordering=min-fill, cliques=11, ma"
        + "xCliqueSize=2, tableEntries=44], pilotLogWeight=-319.97089441883645, pilotAcceptanceByQuar"
        + "ter=[0.8, 0.92, 0.88, 0.96], stepSizeByQuarter=[0.4461587680034925, 0.351993481429516, 0.2"
        + "5281096134572406, 0.1556719444094036], finalStepSize=0.1556719444094036, acceptanceByQuart"
        + "er=[0.96, 0.96, 0.9466666666666667, 0.92], logWeights=[-325.3702328743456, -320.6128082537"
        + "495, -324.13199695420445], effectiveSampleSize=1.076857992649149, stdErrorMethod=delta met"
        + "hod on the mean weight: sd(w) / (sqrt(G) mean(w)), densityEvaluationsPerRun=1000}");
  }
}
