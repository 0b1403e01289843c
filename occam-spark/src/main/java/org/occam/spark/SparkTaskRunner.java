package org.occam.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.Success$;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.occam.task.TaskJob;
import org.occam.task.TaskListener;
import org.occam.task.TaskOutcome;
import org.occam.task.TaskRunner;

/**
 * Runs a job's tasks on Spark: the job (shared inputs, task records, function) is broadcast once;
 * the task indices, dealt in the job's start order into a few partitions per core in a snake (so a
 * partition holds long and short tasks alike, and Spark's per-task cost is paid per partition),
 * are mapped to outcomes on the executors and collected in task order. A task that throws becomes a
 * failed outcome naming its key; with {@link #failFast()} the first failure (by task index) is
 * thrown once the job's tasks are back, and nothing is returned. (A task's exception is not let out
 * on the executor: Spark would retry a deterministic failure and return it as a string.) A task
 * lost with its executor is retried by Spark with the same record, so with the same seed. Progress comes from
 * Spark's listener: one count per task ended.
 */
public final class SparkTaskRunner implements TaskRunner {
  /** Partitions per core of the cluster's default parallelism. */
  static final int PARTITIONS_PER_CORE = 4;

  private final String master;
  private final CompletableFuture<JavaSparkContext> context;
  private final boolean failFast;
  private final BeforeTask beforeTask;

  /**
   * Called on the executor before each task, with the task's index and Spark's attempt number; what
   * it throws is not caught (Spark retries the partition). For tests that lose a first attempt.
   */
  @FunctionalInterface
  interface BeforeTask extends Serializable {
    void accept(int task, int attempt);
  }

  /** A runner on an existing Spark context. */
  public SparkTaskRunner(JavaSparkContext context, boolean failFast) {
    this(context, failFast, (task, attempt) -> { });
  }

  SparkTaskRunner(JavaSparkContext context, boolean failFast, BeforeTask beforeTask) {
    this(context.master(), CompletableFuture.completedFuture(context), failFast, beforeTask);
  }

  /** A runner on a context still starting on {@code master}: the first job waits for it. */
  SparkTaskRunner(String master, CompletableFuture<JavaSparkContext> context, boolean failFast) {
    this(master, context, failFast, (task, attempt) -> { });
  }

  private SparkTaskRunner(String master, CompletableFuture<JavaSparkContext> context, boolean failFast,
      BeforeTask beforeTask) {
    this.master = master;
    this.context = context;
    this.failFast = failFast;
    this.beforeTask = beforeTask;
  }

  /** The Spark context, once started; what stopped it from starting is thrown here. */
  private JavaSparkContext context() {
    try {
      return context.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error r) {
        throw r;
      }
      throw e;
    }
  }

  @Override
  public <S extends Serializable, T extends Serializable, R extends Serializable> List<TaskOutcome<R>> run(
      TaskJob<S, T, R> job, TaskListener<R> listener) {
    int n = job.size();
    if (n == 0) {
      return List.of();
    }
    JavaSparkContext context = context();
    int partitions = Math.min(n, Math.max(1, parallelism() * PARTITIONS_PER_CORE));
    List<int[]> dealt = deal(job.startOrder(), partitions);
    Broadcast<TaskJob<S, T, R>> shipped = context.broadcast(job);
    AtomicInteger ended = new AtomicInteger();
    SparkListener progress = new SparkListener() {
      @Override
      public void onTaskEnd(SparkListenerTaskEnd end) {
        if (end.reason() == Success$.MODULE$) {
          listener.progress(ended.incrementAndGet());
        }
      }
    };
    BeforeTask before = beforeTask;
    context.sc().addSparkListener(progress);
    List<TaskOutcome<R>> outcomes;
    try {
      context.setJobDescription(job.name() + " (" + n + " tasks)");
      outcomes = new ArrayList<>(context.parallelize(dealt, partitions)
          .flatMap(indices -> runAll(shipped.value(), indices, before))
          .collect());
    } finally {
      context.sc().removeSparkListener(progress);
      shipped.destroy();
    }
    outcomes.sort(Comparator.comparingInt(TaskOutcome::index));
    if (failFast) {
      TaskRunner.resultsOrThrow(job.name(), outcomes); // the first failure, by index, stops the job here
    }
    for (TaskOutcome<R> o : outcomes) {
      listener.finished(o);
    }
    return outcomes;
  }

  /** The tasks of one partition, run one after another on an executor. */
  private static <S extends Serializable, T extends Serializable, R extends Serializable> Iterator<TaskOutcome<R>>
      runAll(TaskJob<S, T, R> job, int[] indices, BeforeTask before) {
    List<TaskOutcome<R>> out = new ArrayList<>(indices.length);
    int attempt = TaskContext.get() == null ? 0 : TaskContext.get().attemptNumber();
    for (int i : indices) {
      before.accept(i, attempt);
      out.add(job.outcome(i, false)); // a failure comes back as an outcome; the driver fails fast
    }
    return out.iterator();
  }

  /**
   * The start order dealt into {@code partitions} lists in a snake: round 0 to partitions 0, 1, …,
   * P − 1, round 1 back from P − 1 to 0, and so on. With the longest tasks first, each partition gets
   * one task of every round, the longer ones balanced against the shorter, so the partitions'
   * loads differ by about one task instead of growing with the rounds (round-robin gave partition 0
   * the longest task of every round), and no core idles long at the end of a job.
   */
  static List<int[]> deal(int[] order, int partitions) {
    List<List<Integer>> parts = new ArrayList<>(partitions);
    for (int p = 0; p < partitions; p++) {
      parts.add(new ArrayList<>());
    }
    for (int k = 0; k < order.length; k++) {
      int round = k / partitions;
      int within = k % partitions;
      parts.get(round % 2 == 0 ? within : partitions - 1 - within).add(order[k]);
    }
    List<int[]> out = new ArrayList<>(partitions);
    for (List<Integer> part : parts) {
      out.add(part.stream().mapToInt(Integer::intValue).toArray());
    }
    return out;
  }

  /**
   * Runs a small job of no-op tasks through the same path as a real one (broadcast, partitions,
   * listener, collect), so that the driver's and the executors' first-job cost — class loading and
   * compiling Spark's scheduler, about a second on these machines — is paid while the context is
   * still starting in the background, not by the command's first job.
   */
  static void warmUp(JavaSparkContext context) {
    int n = 2 * context.defaultParallelism();
    List<Integer> tasks = new ArrayList<>(n);
    List<String> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      tasks.add(i);
      keys.add("warm-up " + i);
    }
    new SparkTaskRunner(context, true).run(TaskJob.of("warm-up", 0, tasks, keys, (s, t) -> s + t),
        TaskListener.none());
  }

  @Override
  public String description() {
    return "spark " + master;
  }

  @Override
  public int parallelism() {
    return context().defaultParallelism();
  }

  @Override
  public boolean failFast() {
    return failFast;
  }

  /** Each Spark job costs a broadcast, a stage and a wait for its last partition. */
  @Override
  public boolean prefersFewJobs() {
    return true;
  }
}
