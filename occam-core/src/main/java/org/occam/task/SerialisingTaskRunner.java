package org.occam.task;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a job as an engine in another process would receive it, here and one task after another: the
 * job is sent through Java serialisation, and so is each result on its way back. It shows that a job
 * can be shipped and that what comes back equals what the local runner computes; the tests of every
 * job that fans out use it, so the Spark engine's tests need only check Spark itself.
 */
public class SerialisingTaskRunner implements TaskRunner {
  private final boolean failFast;

  public SerialisingTaskRunner(boolean failFast) {
    this.failFast = failFast;
  }

  @Override
  public <S extends Serializable, T extends Serializable, R extends Serializable> List<TaskOutcome<R>> run(
      TaskJob<S, T, R> job, TaskListener<R> listener) {
    @SuppressWarnings("unchecked")
    TaskJob<S, T, R> shipped = (TaskJob<S, T, R>) copy(job);
    List<TaskOutcome<R>> out = new ArrayList<>(shipped.size());
    for (int i = 0; i < shipped.size(); i++) {
      int task = i;
      @SuppressWarnings("unchecked")
      TaskOutcome<R> outcome = TaskOutcome.of(job.name(), i, shipped.keys().get(i), () -> {
        beforeTask(shipped, task);
        return (R) copy(shipped.runTask(task));
      }, failFast);
      out.add(outcome);
      listener.finished(outcome);
      listener.progress(i + 1);
    }
    return out;
  }

  /**
   * Called before task i of the shipped job runs; what it throws is that task's failure. Tests
   * override it to lose a task or to look at what was shipped.
   */
  protected void beforeTask(TaskJob<?, ?, ?> shipped, int i) {}

  /** {@code o} written with Java serialisation and read back. */
  public static Object copy(Object o) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(o);
      }
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        return in.readObject();
      }
    } catch (IOException | ClassNotFoundException e) {
      throw new IllegalStateException("cannot ship " + o.getClass().getName() + ": " + e, e);
    }
  }

  @Override
  public String description() {
    return "serialising, 1 thread";
  }

  @Override
  public int parallelism() {
    return 1;
  }

  @Override
  public boolean failFast() {
    return failFast;
  }
}
