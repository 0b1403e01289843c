package org.occam.task;

/**
 * A way of running tasks other than the local pool, found on the class path by
 * {@link java.util.ServiceLoader} (a {@code META-INF/services/org.occam.task.TaskEngine} entry).
 * The optional {@code occam-spark} module provides {@code spark}.
 */
public interface TaskEngine {
  /** The name given to {@code --engine}. */
  String name();

  /**
   * A runner for the engine.
   *
   * @param master where the engine runs (Spark: {@code local[2]}, {@code spark://host:7077}), or
   *     null for the engine's default
   * @param failFast whether a failed task stops the job
   */
  TaskRunner runner(String master, boolean failFast);
}
