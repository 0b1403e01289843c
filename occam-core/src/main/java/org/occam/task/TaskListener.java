package org.occam.task;

import java.io.Serializable;

/**
 * Told of a job's tasks as they end: the count for progress bars, each outcome for journals. A
 * local pool calls it from its worker threads as each task ends; a distributed engine may call
 * {@link #finished} only when the results reach the driver, in task order.
 */
public interface TaskListener<R extends Serializable> {
  /** {@code done} tasks of the job have ended so far. */
  default void progress(int done) {}

  /** A task's outcome (a result or a failure). */
  default void finished(TaskOutcome<R> outcome) {}

  /** A listener that is told nothing. */
  static <R extends Serializable> TaskListener<R> none() {
    return new TaskListener<>() {};
  }
}
