/**
 * JMH benchmarks. Build with {@code mvn -B -DskipTests package}, run with
 * {@code java -jar occam-bench/target/benchmarks.jar [regex]}.
 */
package org.occam.bench;
