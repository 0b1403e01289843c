package org.occam.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.SparkContext;
import org.occam.task.TaskEngine;
import org.occam.task.TaskRunner;

/**
 * {@code --engine spark}: a {@link SparkTaskRunner} on this JVM's Spark context, started on first
 * use (the same context a spark-submit application gets). A local master ({@code local[2]}, {@code local[2,4]}) binds the driver to 127.0.0.1 and has
 * no web UI; any other master is used as given, and without one the master is spark-submit's
 * ({@code spark.master}) or {@code local[*]}. Spark stops the session when the JVM exits.
 */
public final class SparkEngine implements TaskEngine {
  @Override
  public String name() {
    return "spark";
  }

  @Override
  public TaskRunner runner(String master, boolean failFast) {
    return new SparkTaskRunner(context(master), failFast);
  }

  /** The Spark context of this JVM, started with the master on first use. */
  static synchronized JavaSparkContext context(String master) {
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
