package org.occam.task;

/**
 * A task failed and its job was asked to stop at the first failure ({@code --fail-fast}): the
 * message names the task's key; no result of the job is written.
 */
public final class TaskFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TaskFailedException(String job, String key, String failure, Throwable cause) {
    super(job + ": task " + key + " failed: " + failure + " (stopped at the first failure, --fail-fast)", cause);
  }
}
