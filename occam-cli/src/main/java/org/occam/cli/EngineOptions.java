package org.occam.cli;

import java.io.PrintWriter;
import java.util.List;
import org.occam.report.TaskFailures;
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
   * The exit code after a job whose failed tasks were reported beside the other results
   * ({@link TaskFailures#print}): 0 when none failed, else {@link Occam#TASKS_FAILED}.
   */
  public static int exitCode(PrintWriter err, String command, int tasks, List<String> failures,
      String failedResults) {
    return TaskFailures.print(err, command, tasks, failures, failedResults) ? Occam.TASKS_FAILED : 0;
  }
}
