package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;
import org.occam.rbm.PersistentContrastiveDivergence;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmExactSampler;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmOrderTasks;
import org.occam.rbm.RbmParameterAis;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.search.OrderSelection;
import org.occam.task.LocalTaskRunner;
import org.occam.task.SerialisingTaskRunner;
import org.occam.task.TaskJob;

/**
 * {@link RbmSelectReport#run} on task runners: another engine (here one that ships the job and the
 * results through Java serialisation, as a cluster would) gets every K on one thread and gives the
 * rows the local pool gives; a K whose task failed is named and left out of the choices.
 */
class RbmSelectTasksTest {
  private static final PersistentContrastiveDivergence.Settings PCD =
      PersistentContrastiveDivergence.Settings.defaults().withIterations(200).withChains(10);

  private static RbmOrderTasks.Inputs inputs() {
    Rbm truth = Rbm.of(new double[][] {{2, 0}, {2, -2}, {0, 2}}, new double[] {-1, 0, -1}, new double[] {-1, -0.5});
    RbmData data = RbmData.of(new RbmExactSampler(truth).sampleVisible(30, RandomStreams.fromSeed(5)));
    return new RbmOrderTasks.Inputs(data, RbmLaplace.Settings.defaults().withTraining(PCD).withSamples(10, 20, 20, 2),
        RbmParameterAis.defaultSettings().withSteps(100).withRuns(2), PosteriorDrawSettings.defaults(),
        List.of("map", "ml-bic"), RbmCrossValidation.Settings.defaults().withFolds(2).withTraining(PCD), 3L, 2);
  }

  @Test
  void anotherEngineRunsEachKOnOneThreadAndGivesTheLocalRows() {
    List<Integer> told = Collections.synchronizedList(new ArrayList<>());
    RbmSelectReport.Run local = RbmSelectReport.run(new int[] {1, 2, 3}, null, inputs(), LocalTaskRunner.of(2), null,
        (k, row, seconds) -> told.add(k));
    // one after another, the largest first, as the selection always scored them
    assertThat(told).containsExactly(3, 2, 1);
    ShippingRunner shipping = new ShippingRunner(null);
    told.clear();
    RbmSelectReport.Run shipped = RbmSelectReport.run(new int[] {1, 2, 3}, null, inputs(), shipping, null,
        (k, row, seconds) -> told.add(k));
    assertThat(shipping.threads).isEqualTo(1);
    assertThat(told).containsExactly(1, 2, 3);
    assertThat(shipped.failures()).isEmpty();
    assertThat(shipped.tasks()).isEqualTo(3);
    assertThat(shipped.result().orders()).containsExactly(1, 2, 3);
    for (int i = 0; i < 3; i++) {
      OrderSelection.Scored<Row> a = shipped.result().scored().get(i);
      OrderSelection.Scored<Row> b = local.result().scored().get(i);
      assertThat(a.scores()).isEqualTo(b.scores());
    }
    assertThat(shipped.result().bestOrders()).isEqualTo(local.result().bestOrders());
  }

  @Test
  void aFailedKIsNamedAndLeftOutOfTheChoices() {
    List<String> said = new ArrayList<>();
    RbmSelectReport.Run run = RbmSelectReport.run(new int[] {1, 2, 3}, null, inputs(), new ShippingRunner("K = 2"),
        null, new RbmSelectReport.Listener() {
          @Override
          public void finished(int hidden, Row row, double seconds) {}

          @Override
          public void failed(String failure) {
            said.add(failure);
          }
        });
    assertThat(run.failures()).containsExactly("K = 2: IllegalStateException: lost");
    assertThat(said).isEqualTo(run.failures());
    assertThat(run.failed()).containsExactly(2);
    assertThat(run.withoutFailed(new int[] {1, 2, 3})).containsExactly(1, 3);
    assertThat(run.result().orders()).containsExactly(1, 3);
  }

  /** The shared serialising runner, losing the task keyed {@code failing} (or none) and noting the threads shipped. */
  static final class ShippingRunner extends SerialisingTaskRunner {
    private final String failing;
    int threads;

    ShippingRunner(String failing) {
      super(false);
      this.failing = failing;
    }

    @Override
    protected void beforeTask(TaskJob<?, ?, ?> shipped, int i) {
      threads = ((RbmOrderTasks.Inputs) shipped.shared()).threads();
      if (shipped.keys().get(i).equals(failing)) {
        throw new IllegalStateException("lost");
      }
    }
  }
}
