package org.occam.task;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import org.occam.data.InvalidInputException;

/**
 * Work that fans out: inputs shared by every task (sent once to each worker), the task records,
 * their keys (how a failure names its task: "structure 17 (h1 -> x2)", "K = 3"), the order in
 * which a local pool starts them, and the function.
 *
 * @param name what the job is, for messages ("dag rank")
 * @param startOrder a permutation of the task indices: the order a pool starts them in (the
 *     longest first, so no thread idles at the end); results are indexed by task whatever the order
 */
public record TaskJob<S extends Serializable, T extends Serializable, R extends Serializable>(String name,
    S shared, List<T> tasks, List<String> keys, int[] startOrder, TaskFunction<S, T, R> function)
    implements Serializable {
  public TaskJob {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(function, "function");
    tasks = List.copyOf(tasks);
    keys = List.copyOf(keys);
    if (keys.size() != tasks.size() || startOrder.length != tasks.size()) {
      throw new IllegalArgumentException(name + ": " + tasks.size() + " tasks, " + keys.size() + " keys, "
          + startOrder.length + " in the start order");
    }
    boolean[] seen = new boolean[tasks.size()];
    for (int i : startOrder) {
      if (i < 0 || i >= seen.length || seen[i]) {
        throw new IllegalArgumentException(name + ": the start order is not a permutation of the tasks");
      }
      seen[i] = true;
    }
    startOrder = startOrder.clone();
  }

  /** A job whose tasks start in index order. */
  public static <S extends Serializable, T extends Serializable, R extends Serializable> TaskJob<S, T, R> of(
      String name, S shared, List<T> tasks, List<String> keys, TaskFunction<S, T, R> function) {
    int[] order = new int[tasks.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    return new TaskJob<>(name, shared, tasks, keys, order, function);
  }

  /** The number of tasks. */
  public int size() {
    return tasks.size();
  }

  @Override
  public int[] startOrder() {
    return startOrder.clone();
  }

  /** Runs task i here: what every engine does on its worker. */
  public R runTask(int i) {
    return function.apply(shared, tasks.get(i));
  }

  /**
   * Runs task i here and returns its outcome: its result, or its failure naming its key. With
   * {@code failFast} a failure is thrown instead — the user's input error as it is (its one-line
   * message says what to change), anything else as a {@link TaskFailedException}.
   */
  public TaskOutcome<R> outcome(int i, boolean failFast) {
    return TaskOutcome.of(name, i, keys.get(i), () -> runTask(i), failFast);
  }

  /** Refuses a runner's thread or slot count below 1. */
  static int requirePositive(int n, String what) {
    if (n < 1) {
      throw new InvalidInputException(what + " must be >= 1, got " + n);
    }
    return n;
  }
}
