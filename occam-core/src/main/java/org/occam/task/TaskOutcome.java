package org.occam.task;

import java.io.Serializable;

/**
 * One task's result, or why it failed.
 *
 * @param index the task's index in its job
 * @param key the task's key, as the job names it
 * @param result what the task returned, or null when it failed
 * @param failure the failure's one-line description (exception class and message), or null
 */
public record TaskOutcome<R extends Serializable>(int index, String key, R result, String failure)
    implements Serializable {
  /** A task that returned. */
  public static <R extends Serializable> TaskOutcome<R> ok(int index, String key, R result) {
    return new TaskOutcome<>(index, key, result, null);
  }

  /** A task that threw {@code e}. */
  public static <R extends Serializable> TaskOutcome<R> failed(int index, String key, Throwable e) {
    return new TaskOutcome<>(index, key, null, describe(e));
  }

  /** Whether the task failed. */
  public boolean failed() {
    return failure != null;
  }

  /** "IllegalStateException: singular matrix" (the message alone for Occam's own input errors). */
  public static String describe(Throwable e) {
    String m = e.getMessage();
    String type = e.getClass().getSimpleName();
    if (e instanceof org.occam.data.InvalidInputException) {
      return m == null ? type : m;
    }
    return m == null ? type : type + ": " + m;
  }

  /** "structure 17 (…): IllegalStateException: singular matrix". */
  public String describeFailure() {
    return key + ": " + failure;
  }
}
