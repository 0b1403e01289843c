package org.occam.cli;

import java.io.PrintWriter;
import java.util.List;
import org.occam.task.TaskRunner;
import org.occam.task.TaskRunners;
import picocli.CommandLine.Option;

/**
 * Where a command's tasks run ({@code --engine}, {@code --master}) and what a failed task does
 * ({@code --fail-fast}): the options of the commands that fan out.
 */
public final class EngineOptions {
  @Option(names = "--engine", paramLabel = "NAME", defaultValue = TaskRunners.LOCAL,
      description = "Where the tasks run: local (this process, on --threads) or spark (the optional occam-spark"
          + " module, see the README's Spark section); the numbers are the same (default: ${DEFAULT-VALUE}).")
  String engine;

  @Option(names = "--master", paramLabel = "URL",
      description = "Spark's master with --engine spark: local[2], local[2,4] (each task tried up to 4 times),"
          + " spark://host:7077 (default: spark-submit's, else local[*]).")
  String master;

  @Option(names = "--fail-fast", description = "Stop at the first task that fails and write nothing. Without it a"
      + " failed task is reported with its key, the other results are still written, and the exit code is "
      + Occam.TASKS_FAILED + ".")
  boolean failFast;

  /** The runner asked for; the local engine runs on {@code threads} threads. */
  public TaskRunner runner(int threads) {
    return TaskRunners.of(engine, master, threads, failFast);
  }

  /**
   * Says which tasks failed, one line each on stderr, and returns the exit code: 0 when none did,
   * else {@link Occam#TASKS_FAILED}.
   *
   * @param tasks how many tasks the job had, or 0 when not counted
   * @param failures each failed task's key and failure
   */
  public static int exitCode(PrintWriter err, String command, int tasks, List<String> failures) {
    return exitCode(err, command, tasks, failures, "their results are NaN and marked \"failed\"");
  }

  /**
   * As above, for a command that does something else with a failed task's result.
   *
   * @param failedResults what became of the failed tasks' results ("they are left out of the choices")
   */
  public static int exitCode(PrintWriter err, String command, int tasks, List<String> failures,
      String failedResults) {
    if (failures.isEmpty()) {
      return 0;
    }
    err.printf("occam %s: %s failed (%s; the others were written):%n", command,
        tasks > 0 ? failures.size() + " of " + tasks + " tasks" : failures.size() + " task(s)", failedResults);
    for (String f : failures) {
      err.println("  " + f);
    }
    err.flush();
    return Occam.TASKS_FAILED;
  }
}
