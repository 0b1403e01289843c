package org.occam.spark;

import java.util.concurrent.CompletableFuture;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.SparkContext;
import org.occam.task.TaskEngine;
import org.occam.task.TaskRunner;

/**
 * {@code --engine spark}: a {@link SparkTaskRunner} on this JVM's Spark context (the same context
 * a spark-submit application gets), started on a background thread when the runner is made, or
 * earlier by {@link OccamSpark} before the command line is parsed. A local master
 * ({@code local[2]}, {@code local[2,4]}) binds the driver to 127.0.0.1 and has no web UI; any
 * other master is used as given, and without one the master is spark-submit's
 * ({@code spark.master}) or {@code local[*]}. Spark stops the session when the JVM exits.
 */
public final class SparkEngine implements TaskEngine {
  @Override
  public String name() {
    return "spark";
  }

  /**
   * A runner whose context starts now on a background thread, so that Spark's start (seconds)
   * overlaps with the command's own start (reading data, building the job); the thread then runs
   * a small warm-up job ({@link SparkTaskRunner#warmUp}), and the first job waits for both. A
   * failure to start is thrown by the runner's first job.
   */
  @Override
  public TaskRunner runner(String master, boolean failFast) {
    String m = master(master);
    return new SparkTaskRunner(m, start(m), failFast);
  }

  /** The master asked for, else spark-submit's (the system property spark.master, as a SparkConf reads it). */
  static String master(String asked) {
    return asked != null ? asked : System.getProperty("spark.master", "local[*]");
  }

  /** The context on {@code master}: the one started early on it ({@link #startEarly}), else one starting now. */
  static synchronized CompletableFuture<JavaSparkContext> start(String master) {
    if (early != null && early.master.equals(master)) {
      return early.context;
    }
    return startInBackground(master);
  }

  /** A context started early, before the command line is parsed, and its master. */
  private record Early(String master, CompletableFuture<JavaSparkContext> context) {}

  private static Early early;

  /**
   * Starts the context on {@code master} now, in the background, for a runner asked for later with
   * the same master (a runner with another master starts its own, and fails: a JVM has one context).
   */
  static synchronized void startEarly(String master) {
    if (early == null) {
      early = new Early(master, startInBackground(master));
    }
  }

  private static CompletableFuture<JavaSparkContext> startInBackground(String master) {
    CompletableFuture<JavaSparkContext> starting = new CompletableFuture<>();
    Thread start = new Thread(() -> {
      try {
        JavaSparkContext context = context(master);
        SparkTaskRunner.warmUp(context);
        starting.complete(context);
      } catch (Throwable t) { // to the first job, on the command's thread
        starting.completeExceptionally(t);
      }
    }, "occam-spark-start");
    start.setDaemon(true); // a command that ends early (bad input) does not wait for Spark
    start.start();
    return starting;
  }

  /**
   * The Spark context of this JVM, started with the master on first use. Not synchronized on this
   * class: the background start holds no lock that {@link #start} or {@link #startEarly} need, so the
   * command's thread goes on (reading data, drawing instances) while the context starts, and waits
   * only in its first job. ({@code SparkContext.getOrCreate} makes one context per JVM.)
   */
  static JavaSparkContext context(String master) {
    SparkConf conf = new SparkConf().setAppName("occam");
    String m = master != null ? master : conf.get("spark.master", "local[*]");
    conf.setMaster(m);
    if (m.startsWith("local")) {
      conf.set("spark.driver.bindAddress", "127.0.0.1").set("spark.driver.host", "127.0.0.1")
          .set("spark.ui.enabled", "false");
    }
    // the plain Spark context: Occam maps tasks over an RDD and needs no SQL session (seconds to start)
    JavaSparkContext context = JavaSparkContext.fromSparkContext(SparkContext.getOrCreate(conf));
    if (!context.master().equals(m)) {
      throw new org.occam.data.InvalidInputException("--master " + m + ": this JVM's Spark context already runs on "
          + context.master());
    }
    context.setLogLevel("WARN");
    return context;
  }
}
