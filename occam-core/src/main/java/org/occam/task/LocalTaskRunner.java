package org.occam.task;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.occam.math.Parallel;

/**
 * The default runner: the tasks on a fixed pool of threads in this process ({@link Parallel#map}),
 * started in the job's order, results by task index.
 */
public final class LocalTaskRunner implements TaskRunner {
  private final int threads;
  private final boolean failFast;

  /**
   * @param threads how many tasks run at once (≥ 1)
   * @param failFast whether a failed task stops the job ({@link TaskFailedException}) instead of
   *     being reported beside the others' results
   */
  public LocalTaskRunner(int threads, boolean failFast) {
    this.threads = TaskJob.requirePositive(threads, "threads");
    this.failFast = failFast;
  }

  /** A runner on {@code threads} threads that reports failures beside the other results. */
  public static LocalTaskRunner of(int threads) {
    return new LocalTaskRunner(threads, false);
  }

  @Override
  public <S extends Serializable, T extends Serializable, R extends Serializable> List<TaskOutcome<R>> run(
      TaskJob<S, T, R> job, TaskListener<R> listener) {
    AtomicInteger done = new AtomicInteger();
    return Parallel.map(job.startOrder(), threads, "occam-task", i -> {
      TaskOutcome<R> outcome = job.outcome(i, failFast);
      listener.finished(outcome);
      listener.progress(done.incrementAndGet());
      return outcome;
    });
  }

  @Override
  public String description() {
    return "local, " + threads + (threads == 1 ? " thread" : " threads");
  }

  @Override
  public int parallelism() {
    return threads;
  }

  @Override
  public boolean failFast() {
    return failFast;
  }
}
