package org.occam.report;

import java.io.PrintWriter;
import java.util.List;

/** How a command says which of its tasks failed, when the others' results were still written. */
public final class TaskFailures {
  private TaskFailures() {}

  /** What becomes of a failed structure's scores in a ranking. */
  public static final String NAN_SCORES = "their results are NaN and marked \"failed\"";

  /**
   * One line naming the count, then each failed task's key and failure, on {@code err}; nothing
   * when none failed.
   *
   * @param tasks how many tasks the job had, or 0 when not counted
   * @param failedResults what became of the failed tasks' results ("they are left out of the choices")
   * @return whether any task failed
   */
  public static boolean print(PrintWriter err, String command, int tasks, List<String> failures,
      String failedResults) {
    if (failures.isEmpty()) {
      return false;
    }
    err.printf("occam %s: %s failed (%s; the others were written):%n", command,
        tasks > 0 ? failures.size() + " of " + tasks + " tasks" : failures.size() + " task(s)", failedResults);
    for (String f : failures) {
      err.println("  " + f);
    }
    err.flush();
    return true;
  }
}
