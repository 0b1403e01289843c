package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParallelTest {
  @Test
  void resultsAreInIndexOrderWhateverTheStartOrderAndThreadCount() {
    List<Integer> one = Parallel.map(50, 1, "t", i -> i * i);
    List<Integer> two = Parallel.map(new int[] {4, 3, 2, 1, 0}, 2, "t", i -> i * 10);
    assertThat(one.get(7)).isEqualTo(49);
    assertThat(one).hasSize(50);
    assertThat(two).containsExactly(0, 10, 20, 30, 40);
  }

  @Test
  void aTasksRuntimeExceptionIsRethrownAsIs() {
    assertThatThrownBy(() -> Parallel.map(10, 2, "t", i -> {
      if (i == 6) {
        throw new IllegalArgumentException("bad task 6");
      }
      return i;
    })).isInstanceOf(IllegalArgumentException.class).hasMessage("bad task 6");
    assertThatThrownBy(() -> Parallel.map(3, 0, "t", i -> i)).hasMessageContaining("threads");
  }

  @Test
  void workersRunEveryTaskOnceAndCanBeReused() {
    for (int threads = 1; threads <= 3; threads++) {
      try (Parallel.Workers workers = Parallel.workers(threads, "t")) {
        assertThat(workers.threads()).isEqualTo(threads);
        for (int round = 0; round < 20; round++) {
          int[] hits = new int[37];
          workers.forEach(hits.length, i -> hits[i]++);
          assertThat(hits).containsOnly(1);
        }
        workers.forEach(0, i -> {
          throw new AssertionError("no tasks");
        });
      }
    }
  }

  @Test
  void aWorkersTasksRuntimeExceptionIsRethrownAsIs() {
    try (Parallel.Workers workers = Parallel.workers(2, "t")) {
      assertThatThrownBy(() -> workers.forEach(10, i -> {
        if (i == 6) {
          throw new IllegalArgumentException("bad task 6");
        }
      })).isInstanceOf(IllegalArgumentException.class).hasMessage("bad task 6");
      int[] hits = new int[5];
      workers.forEach(hits.length, i -> hits[i]++);
      assertThat(hits).containsOnly(1);
    }
    assertThatThrownBy(() -> Parallel.workers(0, "t")).hasMessageContaining("threads");
  }

  @Test
  void workersHandOverManyShortLoopsAndLongOnesWhereTheThreadsPark() {
    for (int threads = 2; threads <= 3; threads++) {
      try (Parallel.Workers workers = Parallel.workers(threads, "t")) {
        long[] sums = new long[4];
        for (int loop = 0; loop < 20_000; loop++) {
          int base = loop;
          workers.forEach(sums.length, i -> sums[i] += base + i);
        }
        for (int i = 0; i < sums.length; i++) {
          assertThat(sums[i]).isEqualTo(20_000L * 19_999 / 2 + 20_000L * i);
        }
        // tasks long enough (about 10^7 multiply-adds each) that the waiting threads stop spinning and park
        double[] results = new double[5];
        for (int loop = 0; loop < 3; loop++) {
          workers.forEach(results.length, i -> {
            double x = i;
            for (int step = 0; step < 10_000_000; step++) {
              x = x * 0.999999 + 1e-6;
            }
            results[i] = x;
          });
        }
        for (int i = 0; i < results.length; i++) {
          double x = i;
          for (int step = 0; step < 10_000_000; step++) {
            x = x * 0.999999 + 1e-6;
          }
          assertThat(results[i]).isEqualTo(x);
        }
      }
    }
  }

  @Test
  void aFailureOnAHelperThreadReachesTheCallerAndClosedWorkersRefuseLoops() {
    Parallel.Workers workers = Parallel.workers(2, "t");
    Thread caller = Thread.currentThread();
    java.util.concurrent.atomic.AtomicBoolean helperStarted = new java.util.concurrent.atomic.AtomicBoolean();
    // the caller's task waits until the other task has started, so that one runs on the helper
    assertThatThrownBy(() -> workers.forEach(2, i -> {
      if (Thread.currentThread() == caller) {
        while (!helperStarted.get()) {
          Thread.onSpinWait();
        }
        return;
      }
      helperStarted.set(true);
      throw new IllegalStateException("the helper's task");
    })).isInstanceOf(IllegalStateException.class).hasMessage("the helper's task");
    int[] hits = new int[9];
    workers.forEach(hits.length, i -> hits[i]++);
    assertThat(hits).containsOnly(1);
    workers.close();
    assertThatThrownBy(() -> workers.forEach(3, i -> { })).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }
}
