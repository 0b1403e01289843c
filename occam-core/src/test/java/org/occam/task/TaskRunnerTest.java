package org.occam.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;

/** {@link LocalTaskRunner}, {@link TaskJob}, {@link TaskRunners} and the stream state a task record carries. */
class TaskRunnerTest {
  /** Shared: an offset; task: a number; result: offset + number², failing on the numbers asked. */
  record Shared(long offset, List<Integer> failOn, boolean badInput) implements java.io.Serializable {}

  static Long square(Shared s, Integer x) {
    if (s.failOn().contains(x)) {
      if (s.badInput()) {
        throw new InvalidInputException("number " + x + " is not allowed");
      }
      throw new IllegalStateException("cannot square " + x);
    }
    return s.offset() + (long) x * x;
  }

  static TaskJob<Shared, Integer, Long> job(int n, List<Integer> failOn, boolean badInput) {
    List<Integer> tasks = IntStream.range(0, n).boxed().toList();
    int[] reversed = IntStream.range(0, n).map(i -> n - 1 - i).toArray();
    return new TaskJob<>("squares", new Shared(100, failOn, badInput), tasks,
        tasks.stream().map(i -> "number " + i).toList(), reversed, TaskRunnerTest::square);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 8})
  void resultsComeBackByTaskIndexWhateverTheThreadsAndStartOrder(int threads) {
    List<Integer> progress = Collections.synchronizedList(new ArrayList<>());
    List<Integer> finished = Collections.synchronizedList(new ArrayList<>());
    var out = LocalTaskRunner.of(threads).run(job(20, List.of(), false), new TaskListener<>() {
      @Override
      public void progress(int done) {
        progress.add(done);
      }

      @Override
      public void finished(TaskOutcome<Long> o) {
        finished.add(o.index());
      }
    });
    assertThat(out).hasSize(20);
    for (int i = 0; i < 20; i++) {
      assertThat(out.get(i).index()).isEqualTo(i);
      assertThat(out.get(i).key()).isEqualTo("number " + i);
      assertThat(out.get(i).result()).isEqualTo(100L + i * i);
      assertThat(out.get(i).failed()).isFalse();
    }
    assertThat(progress).containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, 20).boxed().toList());
    assertThat(finished).containsExactlyInAnyOrderElementsOf(IntStream.range(0, 20).boxed().toList());
    if (threads == 1) {
      assertThat(finished).isEqualTo(IntStream.range(0, 20).map(i -> 19 - i).boxed().toList()); // the start order
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void aFailedTaskIsReportedWithItsKeyAndTheOthersStillRun(int threads) {
    var out = LocalTaskRunner.of(threads).run(job(10, List.of(3, 7), false), TaskListener.none());
    assertThat(out).hasSize(10);
    assertThat(out.stream().filter(TaskOutcome::failed).map(TaskOutcome::index)).containsExactly(3, 7);
    assertThat(out.get(3).result()).isNull();
    assertThat(out.get(3).describeFailure()).isEqualTo("number 3: IllegalStateException: cannot square 3");
    assertThat(out.get(9).result()).isEqualTo(181L);
    assertThatThrownBy(() -> TaskRunner.resultsOrThrow("squares", out))
        .isInstanceOf(TaskFailedException.class).hasMessageContaining("task number 3 failed");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void failFastStopsAtTheFirstFailureNamingItsTask(int threads) {
    var runner = new LocalTaskRunner(threads, true);
    assertThat(runner.failFast()).isTrue();
    assertThatThrownBy(() -> runner.run(job(10, List.of(4), false), TaskListener.none()))
        .isInstanceOf(TaskFailedException.class)
        .hasMessage("squares: task number 4 failed: IllegalStateException: cannot square 4 (stopped at the first"
            + " failure, --fail-fast)");
    // the user's own input errors keep their one-line message
    assertThatThrownBy(() -> runner.run(job(10, List.of(4), true), TaskListener.none()))
        .isInstanceOf(InvalidInputException.class).hasMessage("number 4 is not allowed");
  }

  @Test
  void aJobChecksItsKeysAndStartOrder() {
    assertThatThrownBy(() -> new TaskJob<>("j", new Shared(0, List.of(), false), List.of(1, 2), List.of("a"),
        new int[] {0, 1}, TaskRunnerTest::square)).hasMessageContaining("2 tasks, 1 keys");
    assertThatThrownBy(() -> new TaskJob<>("j", new Shared(0, List.of(), false), List.of(1, 2), List.of("a", "b"),
        new int[] {0, 0}, TaskRunnerTest::square)).hasMessageContaining("not a permutation");
    assertThat(TaskJob.of("j", new Shared(0, List.of(), false), List.of(5, 6), List.of("a", "b"),
        TaskRunnerTest::square).startOrder()).containsExactly(0, 1);
  }

  @Test
  void aJobSurvivesSerialisationAndComputesTheSame() {
    var job = job(5, List.of(), false);
    @SuppressWarnings("unchecked")
    var copy = (TaskJob<Shared, Integer, Long>) roundTrip(job);
    for (int i = 0; i < 5; i++) {
      assertThat(copy.runTask(i)).isEqualTo(job.runTask(i));
    }
    assertThat(roundTrip(TaskOutcome.ok(2, "k", 4L))).isEqualTo(TaskOutcome.ok(2, "k", 4L));
  }

  @Test
  void aRestoredStreamDrawsTheSameNumbersAsTheOriginal() {
    for (long seed : new long[] {1, 20261127L, -5}) {
      SplittableUniformRandomProvider root = RandomStreams.fromSeed(seed);
      List<SplittableUniformRandomProvider> streams = RandomStreams.split(root, 3);
      for (SplittableUniformRandomProvider s : streams) {
        byte[] state = RandomStreams.state(s);
        SplittableUniformRandomProvider copy = RandomStreams.restore(state);
        for (int k = 0; k < 100; k++) {
          assertThat(copy.nextLong()).isEqualTo(s.nextLong());
        }
        // and so do streams split off each
        assertThat(copy.split().nextLong()).isEqualTo(s.split().nextLong());
      }
    }
  }

  @Test
  void theLocalEngineIsTheDefaultAndAMissingEngineSaysHowToGetIt() {
    TaskRunner local = TaskRunners.of(null, null, 3, false);
    assertThat(local.description()).isEqualTo("local, 3 threads");
    assertThat(local.parallelism()).isEqualTo(3);
    assertThat(TaskRunners.of("local", null, 1, true).description()).isEqualTo("local, 1 thread");
    assertThatThrownBy(() -> TaskRunners.of("local", "local[2]", 2, false))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("--master is for --engine spark");
    assertThatThrownBy(() -> TaskRunners.of("spark", "local[2]", 2, false))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("--engine spark: no such engine on the class path").hasMessageContaining("-Pspark");
    assertThatThrownBy(() -> TaskRunners.of("flink", null, 2, false)).hasMessageContaining("found: local");
    assertThatThrownBy(() -> LocalTaskRunner.of(0)).hasMessageContaining("threads must be >= 1");
  }

  private static Object roundTrip(Object o) {
    return SerialisingTaskRunner.copy(o);
  }

  @Test
  void theSerialisingRunnerGivesTheLocalOutcomesAndReportsFailuresAlike() {
    var local = LocalTaskRunner.of(1).run(job(6, List.of(2), false), TaskListener.none());
    var shipped = new SerialisingTaskRunner(false).run(job(6, List.of(2), false), TaskListener.none());
    assertThat(shipped).isEqualTo(local);
    assertThatThrownBy(() -> new SerialisingTaskRunner(true).run(job(6, List.of(2), false), TaskListener.none()))
        .isInstanceOf(TaskFailedException.class).hasMessageContaining("task number 2 failed");
    assertThatThrownBy(() -> SerialisingTaskRunner.copy(new Object())).hasMessageContaining("cannot ship");
  }
}
