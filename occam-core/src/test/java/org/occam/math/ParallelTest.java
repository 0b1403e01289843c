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
}
