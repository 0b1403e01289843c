package org.occam.experiments;

import java.util.function.IntConsumer;

/**
 * Where a long run reports how far it has got: one {@link Task} per loop, told the number of steps
 * done. The command line shows a progress bar on a terminal; tests and other callers pass
 * {@link #none()}.
 */
@FunctionalInterface
public interface ProgressSink {
  /** Starts a task of {@code total} steps; close it when the loop ends. */
  Task start(String task, long total);

  /** One loop's progress. */
  interface Task extends AutoCloseable {
    /** A listener told the number of steps done, or null when nobody watches. */
    IntConsumer listener();

    @Override
    void close();
  }

  /** Reports nothing. */
  static ProgressSink none() {
    return (task, total) -> new Task() {
      @Override
      public IntConsumer listener() {
        return null;
      }

      @Override
      public void close() {}
    };
  }
}
