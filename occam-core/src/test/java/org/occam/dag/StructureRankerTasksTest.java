package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.math.RandomStreams;
import org.occam.task.LocalTaskRunner;
import org.occam.task.SerialisingTaskRunner;

/**
 * {@link StructureRanker}'s structures as task records: what another process receives (the data,
 * the settings, each structure with the state of its stream, serialised and read back) scores
 * every method bit for bit as here, results included; a structure whose scoring fails is kept
 * with NaN scores and the failure, or stops the job when the runner fails fast.
 */
class StructureRankerTasksTest {
  private static List<DagStructure> structures;
  private static Dataset data;
  private static Dataset first8;
  private static final DagScoreSettings SETTINGS = DagScoreSettings.defaults()
      .withAis(new DagAnnealingTarget.Settings(64, DagAnnealingTarget.Settings.DEFAULT_SCHEDULE_E, 3,
          DagAnnealingTarget.Proposal.ROW_SWEEP, false, 1.0, false, java.util.OptionalDouble.of(0.5), 12));
  private static final List<EvidenceMethod<DagProblem>> ALL = DagMethods.REGISTRY.all();

  @BeforeAll
  static void data() {
    var all = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables())
        .structures();
    structures = List.of(all.get(0), all.get(1), all.get(7), all.get(40), all.get(135));
    DagModel truth = BealExample.trueModel();
    DagStructure s = truth.structure();
    int[][] full = AncestralSampler.sample(s, truth.parameters().orElseThrow(), 12, RandomStreams.fromSeed(11));
    int[] observed = s.observedVariables();
    int[][] rows = new int[full.length][observed.length];
    for (int i = 0; i < full.length; i++) {
      for (int a = 0; a < observed.length; a++) {
        rows[i][a] = full[i][observed[a]];
      }
    }
    data = Dataset.of(BealExample.observedVariables(), rows);
    first8 = Dataset.of(BealExample.observedVariables(), java.util.Arrays.copyOf(rows, 8));
  }

  @Test
  void shippedTasksScoreEveryMethodBitForBitAsHere() {
    var here = StructureRanker.scoreWith(structures, data, 1.0, ALL, SETTINGS, 99, 2, null, i -> false, null);
    var shipped = StructureRanker.scoreWith(structures, data, 1.0, ALL, SETTINGS, 99, new SerialisingTaskRunner(true), null,
        i -> false, null);
    assertThat(shipped).hasSize(structures.size());
    for (int i = 0; i < structures.size(); i++) {
      assertThat(shipped.get(i).index()).isEqualTo(i);
      assertThat(shipped.get(i).structure().parents(4)).isEqualTo(structures.get(i).parents(4));
      for (EvidenceMethod<DagProblem> m : ALL) {
        EvidenceEstimate a = here.get(i).estimate(m.name());
        EvidenceEstimate b = shipped.get(i).estimate(m.name());
        assertThat(Double.doubleToRawLongBits(b.logEvidence())).as("%s on structure %d", m.name(), i)
            .isEqualTo(Double.doubleToRawLongBits(a.logEvidence()));
        assertThat(b.stdError()).isEqualTo(a.stdError());
        assertThat(b.seed()).isEqualTo(a.seed());
        assertThat(b.settings()).isEqualTo(a.settings());
        assertThat(b.diagnostics().keySet()).isEqualTo(a.diagnostics().keySet());
        assertThat(b.diagnostics().toString()).isEqualTo(a.diagnostics().toString());
      }
    }
  }

  @Test
  void severalDataSetsInOneJobScoreAsEachAlone() {
    // two sizes of the data (the first 8 rows with fixed restarts, all 12 with adaptive ones, a narrow
    // margin so that only some structures are refined), shipped through serialisation in one job
    DagScoreSettings adaptive = DagScoreSettings.defaults().withAdaptiveRestarts(2, 2, 6, 1.0);
    List<EvidenceMethod<DagProblem>> some = List.of(DagMethods.get("vb"), DagMethods.get("cs"),
        DagMethods.get("bic"));
    List<Integer> jobSizes = new java.util.ArrayList<>();
    var shipping = new SerialisingTaskRunner(true);
    var counting = new org.occam.task.TaskRunner() {
      @Override
      public <S extends java.io.Serializable, T extends java.io.Serializable, R extends java.io.Serializable>
          List<org.occam.task.TaskOutcome<R>> run(org.occam.task.TaskJob<S, T, R> job,
          org.occam.task.TaskListener<R> listener) {
        jobSizes.add(job.size());
        return shipping.run(job, listener);
      }

      @Override
      public String description() {
        return "counting";
      }

      @Override
      public int parallelism() {
        return 1;
      }

      @Override
      public boolean failFast() {
        return true;
      }
    };
    var both = StructureRanker.scoreEach(structures, 1.0, List.of(
        new StructureRanker.Batch("n = 8", first8, ALL, SETTINGS, 21),
        new StructureRanker.Batch("n = 12", data, some, adaptive, 22)), counting, null);
    var alone8 = StructureRanker.scoreWith(structures, first8, 1.0, ALL, SETTINGS, 21, 2, null, i -> false, null);
    var alone12 = StructureRanker.scoreWith(structures, data, 1.0, some, adaptive, 22, 2, null, i -> false, null);
    assertThat(both).hasSize(2);
    assertSameScores(both.get(0), alone8, ALL);
    assertSameScores(both.get(1), alone12, some);
    // one job for both data sets' first pass, one for the adaptive refinement of some of n = 12's
    assertThat(jobSizes).hasSize(2);
    assertThat(jobSizes.get(0)).isEqualTo(2 * structures.size());
    assertThat(jobSizes.get(1)).isBetween(1, structures.size() - 1);
  }

  private static void assertSameScores(List<StructureRanker.Scored> got, List<StructureRanker.Scored> want,
      List<EvidenceMethod<DagProblem>> methods) {
    assertThat(got).hasSameSizeAs(want);
    for (int i = 0; i < want.size(); i++) {
      assertThat(got.get(i).index()).isEqualTo(want.get(i).index());
      for (EvidenceMethod<DagProblem> m : methods) {
        EvidenceEstimate a = want.get(i).estimate(m.name());
        EvidenceEstimate b = got.get(i).estimate(m.name());
        assertThat(Double.doubleToRawLongBits(b.logEvidence())).as("%s on structure %d", m.name(), i)
            .isEqualTo(Double.doubleToRawLongBits(a.logEvidence()));
        assertThat(b.diagnostics().toString()).isEqualTo(a.diagnostics().toString());
      }
    }
  }

  @Test
  void theSettingsSurviveSerialisationWithAndWithoutAnAisTarget() {
    assertThat(roundTrip(SETTINGS)).isEqualTo(SETTINGS);
    assertThat(roundTrip(DagScoreSettings.defaults())).isEqualTo(DagScoreSettings.defaults());
  }

  @Test
  void aStructureThatFailsIsKeptWithNaNScoresAndItsFailureUnlessTheRunnerFailsFast() {
    // exact's term limit between the smallest structures' counts and the largest's: some fail
    var exact = List.of(DagMethods.get("exact"), DagMethods.get("bic"));
    var limited = new DagScoreSettings(3, 1000, 1e-6, DagScoreSettings.defaults().configurationLimit(),
        ExpectationMaximisation.MapBasis.SOFTMAX, 1000, SETTINGS.ais(), DagScoreSettings.DEFAULT_VB_LIMIT_GAP);
    var scored = StructureRanker.scoreWith(structures, data, 1.0, exact, limited, 5, LocalTaskRunner.of(2), null,
        i -> false, null);
    long failed = scored.stream().filter(s -> s.estimate("exact").diagnostics().containsKey(StructureRanker.FAILED))
        .count();
    assertThat(failed).isBetween(1L, (long) structures.size() - 1);
    for (var s : scored) {
      EvidenceEstimate e = s.estimate("exact");
      if (e.diagnostics().containsKey(StructureRanker.FAILED)) {
        assertThat(e.logEvidence()).isNaN();
        assertThat(e.converged()).isFalse();
        assertThat((String) e.diagnostics().get(StructureRanker.FAILED)).contains("terms");
        assertThat(StructureRanker.ranks(scored, "exact", true)[s.index()]).isEqualTo(structures.size() - failed + 1);
      } else {
        assertThat(e.logEvidence()).isFinite();
      }
      // the structure is one task: bic is lost with exact
      assertThat(s.estimate("bic").diagnostics().containsKey(StructureRanker.FAILED))
          .isEqualTo(e.diagnostics().containsKey(StructureRanker.FAILED));
    }
    assertThatThrownBy(() -> StructureRanker.scoreWith(structures, data, 1.0, exact, limited, 5,
        new LocalTaskRunner(2, true), null, i -> false, null)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("terms");
  }

  private static Object roundTrip(Object o) {
    return SerialisingTaskRunner.copy(o);
  }
}
