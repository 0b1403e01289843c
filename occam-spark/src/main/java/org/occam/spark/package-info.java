/**
 * The optional Spark engine ({@code mvn -Pspark}): {@link org.occam.spark.SparkTaskRunner} maps a
 * job's task records over a Spark RDD, with the job (data, settings, records) broadcast once, and
 * collects the outcomes in task order; {@link org.occam.spark.SparkEngine} makes it
 * {@code --engine spark}; {@link org.occam.spark.OccamSpark} is the main class for
 * {@code spark-submit}.
 */
package org.occam.spark;
