package org.occam.task;

import java.io.Serializable;
import java.util.List;

/**
 * Runs a job's tasks and returns every outcome, by task index. A task's numbers depend only on the
 * shared inputs and its record, so every runner gives the same results; runners differ in where
 * the tasks run. A task that throws becomes a failed outcome naming its key, and the other tasks
 * still run, unless the runner stops at the first failure ({@link #failFast()}), when it throws
 * {@link TaskFailedException}. Errors (out of memory) are not caught.
 */
public interface TaskRunner {
  /** Every task's outcome, by task index. */
  <S extends Serializable, T extends Serializable, R extends Serializable> List<TaskOutcome<R>> run(
      TaskJob<S, T, R> job, TaskListener<R> listener);

  /** How the tasks run, for reports: "local, 2 threads", "spark local[2]". */
  String description();

  /** How many tasks run at once (for progress estimates). */
  int parallelism();

  /** Whether the first failed task stops the job. */
  boolean failFast();

  /**
   * Whether each job costs enough to start (a cluster's scheduling, a tenth of a second or more)
   * that work split into several small jobs should go as one: false for a local pool, whose jobs
   * cost nothing to start and report each task as it ends.
   */
  default boolean prefersFewJobs() {
    return false;
  }

  /** The results of a job that must not fail: the first failure (by index) is thrown. */
  static <R extends Serializable> List<R> resultsOrThrow(String job, List<TaskOutcome<R>> outcomes) {
    for (TaskOutcome<R> o : outcomes) {
      if (o.failed()) {
        throw o.asException(job);
      }
    }
    return outcomes.stream().map(TaskOutcome::result).toList();
  }
}
