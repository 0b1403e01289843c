package org.occam.task;

import java.io.Serializable;
import java.util.function.Supplier;
import org.occam.data.InvalidInputException;

/**
 * One task's result, or why it failed.
 *
 * @param index the task's index in its job
 * @param key the task's key, as the job names it
 * @param result what the task returned, or null when it failed
 * @param failure the failure's one-line description (exception class and message), or null
 * @param badInput whether the failure was the user's input ({@link InvalidInputException}), not a bug
 */
public record TaskOutcome<R extends Serializable>(int index, String key, R result, String failure, boolean badInput)
    implements Serializable {
  /**
   * Runs a task's work and returns its outcome: its result, or its failure naming its key. With
   * {@code failFast} a failure is thrown instead — the user's input error as it is (its one-line
   * message says what to change), anything else as a {@link TaskFailedException} naming the task.
   *
   * @param job the job's name, for the exception
   */
  public static <R extends Serializable> TaskOutcome<R> of(String job, int index, String key, Supplier<R> work,
      boolean failFast) {
    try {
      return ok(index, key, work.get());
    } catch (RuntimeException e) {
      if (failFast && e instanceof InvalidInputException) {
        throw e;
      }
      if (failFast) {
        throw new TaskFailedException(job, key, describe(e), e);
      }
      return failed(index, key, e);
    }
  }

  /** A task that returned. */
  public static <R extends Serializable> TaskOutcome<R> ok(int index, String key, R result) {
    return new TaskOutcome<>(index, key, result, null, false);
  }

  /** A task that threw {@code e}. */
  public static <R extends Serializable> TaskOutcome<R> failed(int index, String key, Throwable e) {
    return new TaskOutcome<>(index, key, null, describe(e), e instanceof InvalidInputException);
  }

  /** Whether the task failed. */
  public boolean failed() {
    return failure != null;
  }

  /** "IllegalStateException: singular matrix" (the message alone for Occam's own input errors). */
  public static String describe(Throwable e) {
    String m = e.getMessage();
    String type = e.getClass().getSimpleName();
    if (e instanceof InvalidInputException) {
      return m == null ? type : m;
    }
    return m == null ? type : type + ": " + m;
  }

  /**
   * What a runner that fails fast throws for this failed outcome: the user's input error with its
   * own message, else a {@link TaskFailedException} naming the task.
   */
  public RuntimeException asException(String job) {
    return badInput ? new InvalidInputException(failure) : new TaskFailedException(job, key, failure, null);
  }

  /** "structure 17 (…): IllegalStateException: singular matrix". */
  public String describeFailure() {
    return key + ": " + failure;
  }
}
