package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.sampling.AnnealingSchedule;
import org.occam.sampling.ParameterSpaceAis;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.sampling.SamplerSettings;
import org.occam.task.LocalTaskRunner;
import org.occam.task.SerialisingTaskRunner;
import org.occam.task.TaskJob;
import org.occam.task.TaskListener;
import org.occam.task.TaskRunner;

/**
 * {@link RbmOrderTasks}: what another process receives (the data, the settings, the method names,
 * each K; serialised and read back) scores every method and the cross-validation bit for bit as
 * here, results included, and a K's numbers do not depend on the threads it runs on.
 */
class RbmOrderTasksTest {
  private static final int[] HIDDEN = {1, 2, 3};
  private static final PersistentContrastiveDivergence.Settings PCD =
      PersistentContrastiveDivergence.Settings.defaults().withIterations(300).withChains(20);
  private static final RbmLaplace.Settings LAPLACE = RbmLaplace.Settings.defaults().withTraining(PCD)
      .withSamples(10, 50, 20, 2);
  private static final ParameterSpaceAis.Settings AIS_PD = RbmParameterAis.defaultSettings().withSteps(200)
      .withRuns(3);
  private static final RbmCrossValidation.Settings CV = RbmCrossValidation.Settings.defaults().withFolds(3)
      .withTraining(PCD);
  /** Cross-validation with log Z by AIS, so that the folds' AIS results travel too. */
  private static final RbmCrossValidation.Settings CV_AIS = CV.withLogZ(RbmLogPartition.Method.AIS)
      .withAis(RbmPartitionAis.Settings.defaults().withSchedule(AnnealingSchedule.linear(100)).withRuns(5));
  /** Few posterior draws, for the sample-based estimators. */
  private static final PosteriorDrawSettings POSTERIOR = PosteriorDrawSettings.defaults()
      .withSampling(new SamplerSettings(400, 4, 100, 2_000_000, 0.8, 1)).withPriorDraws(400);
  private static RbmData data;

  @BeforeAll
  static void sampleData() {
    Rbm truth = Rbm.of(new double[][] {{2, 0}, {2, -2}, {0, 2}}, new double[] {-1, 0, -1}, new double[] {-1, -0.5});
    data = RbmData.of(new RbmExactSampler(truth).sampleVisible(30, RandomStreams.fromSeed(5)));
  }

  private static RbmOrderTasks.Inputs inputs(List<String> methods, RbmCrossValidation.Settings cv, int threads) {
    return new RbmOrderTasks.Inputs(data, LAPLACE, AIS_PD, POSTERIOR, methods, cv, 7L, threads);
  }

  @Test
  void shippedTasksScoreEveryMethodAndTheCrossValidationBitForBitAsHere() {
    for (RbmOrderTasks.Inputs in : List.of(inputs(List.of("laplace", "laplace0", "map"), CV, 2),
        inputs(List.of("ml-bic", "ais-pd"), CV_AIS, 2),
        inputs(List.of("bp-lr", "laplace-exact", "harmonic1", "bridge-opt", "dic"), null, 2))) {
      List<RbmOrderTasks.Scores> here = run(LocalTaskRunner.of(1), in);
      List<RbmOrderTasks.Scores> shipped = run(new SerialisingTaskRunner(true), in);
      for (int i = 0; i < HIDDEN.length; i++) {
        assertSame(shipped.get(i), here.get(i));
      }
    }
  }

  @Test
  void aKScoresTheSameOnOneThreadAsOnTwo() {
    RbmOrderTasks.Inputs in = inputs(List.of("laplace", "ml-bic", "ais-pd"), CV_AIS, 1);
    List<RbmOrderTasks.Scores> one = run(LocalTaskRunner.of(1), in);
    List<RbmOrderTasks.Scores> two = run(LocalTaskRunner.of(1), in.withThreads(2));
    // and three K side by side, each on two threads
    List<RbmOrderTasks.Scores> sideBySide = run(LocalTaskRunner.of(3), in.withThreads(2));
    for (int i = 0; i < HIDDEN.length; i++) {
      assertSame(two.get(i), one.get(i));
      assertSame(sideBySide.get(i), one.get(i));
    }
  }

  @Test
  void theSettingsSurviveSerialisation() {
    // an annealing schedule has no equals: the settings that hold one are compared by their text
    assertThat(roundTrip(LAPLACE).toString()).isEqualTo(LAPLACE.toString());
    assertThat(roundTrip(CV_AIS).toString()).isEqualTo(CV_AIS.toString());
    ParameterSpaceAis.Settings targeted = AIS_PD.withStdErrorTarget(0.25).withMaxRuns(12);
    assertThat(roundTrip(targeted)).isEqualTo(targeted);
    assertThat(((ParameterSpaceAis.Settings) roundTrip(AIS_PD)).stdErrorTarget()).isEmpty();
    assertThat(roundTrip(PosteriorDrawSettings.defaults())).isEqualTo(PosteriorDrawSettings.defaults());
  }

  @Test
  void theJobStartsTheLargestKFirstAndNamesEachK() {
    TaskJob<RbmOrderTasks.Inputs, Integer, RbmOrderTasks.Scores> job =
        RbmOrderTasks.job(inputs(List.of("map"), null, 1), new int[] {2, 5, 3}, null);
    assertThat(job.startOrder()).containsExactly(1, 2, 0);
    assertThat(job.keys()).containsExactly("K = 2", "K = 5", "K = 3");
  }

  private static List<RbmOrderTasks.Scores> run(TaskRunner runner, RbmOrderTasks.Inputs in) {
    return TaskRunner.resultsOrThrow("rbm select", runner.run(RbmOrderTasks.job(in, HIDDEN, null),
        TaskListener.none()));
  }

  /** Every number of the two K's scores, bit for bit (times and their ratios aside). */
  private static void assertSame(RbmOrderTasks.Scores actual, RbmOrderTasks.Scores expected) {
    assertThat(actual.hidden()).isEqualTo(expected.hidden());
    assertThat(actual.estimates()).hasSameSizeAs(expected.estimates());
    for (int m = 0; m < expected.estimates().size(); m++) {
      EvidenceEstimate a = actual.estimates().get(m);
      EvidenceEstimate e = expected.estimates().get(m);
      String what = e.method() + " at K = " + expected.hidden();
      assertThat(a.method()).isEqualTo(e.method());
      assertThat(Double.doubleToRawLongBits(a.logEvidence())).as(what)
          .isEqualTo(Double.doubleToRawLongBits(e.logEvidence()));
      assertThat(a.stdError()).as(what).isEqualTo(e.stdError());
      assertThat(a.seed()).isEqualTo(e.seed());
      assertThat(a.settings().toString()).isEqualTo(e.settings().toString());
      assertThat(untimed(a.diagnostics()).toString()).as(what).isEqualTo(untimed(e.diagnostics()).toString());
    }
    RbmCrossValidation.Result a = actual.crossValidation();
    RbmCrossValidation.Result e = expected.crossValidation();
    if (e == null) {
      assertThat(a).isNull();
      return;
    }
    assertThat(Double.doubleToRawLongBits(a.meanTestLogLikelihood()))
        .isEqualTo(Double.doubleToRawLongBits(e.meanTestLogLikelihood()));
    assertThat(a.stdError()).isEqualTo(e.stdError());
    assertThat(a.testLogLikelihoods()).isEqualTo(e.testLogLikelihoods());
    assertThat(a.logZMethod()).isEqualTo(e.logZMethod());
    assertThat(untimed(a.diagnostics()).toString()).isEqualTo(untimed(e.diagnostics()).toString());
    for (int f = 0; f < e.folds().size(); f++) {
      RbmCrossValidation.FoldResult af = a.folds().get(f);
      RbmCrossValidation.FoldResult ef = e.folds().get(f);
      assertThat(af.rbm().parameters()).isEqualTo(ef.rbm().parameters());
      assertThat(af.logZ()).isEqualTo(ef.logZ());
      assertThat(af.ais().isPresent()).isEqualTo(ef.ais().isPresent());
      af.ais().ifPresent(r -> assertThat(r.logWeights()).isEqualTo(ef.ais().orElseThrow().logWeights()));
      assertThat(af.training().trace()).isEqualTo(ef.training().trace());
    }
  }

  /** The diagnostics without wall times (keys naming seconds), which differ between runs. */
  private static Map<String, Object> untimed(Map<String, Object> diagnostics) {
    Map<String, Object> m = new TreeMap<>();
    diagnostics.forEach((k, v) -> {
      if (!k.toLowerCase(java.util.Locale.ROOT).contains("seconds")) {
        m.put(k, v instanceof double[] d ? java.util.Arrays.toString(d) : v);
      }
    });
    return m;
  }

  static Object roundTrip(Object o) {
    return SerialisingTaskRunner.copy(o);
  }
}
