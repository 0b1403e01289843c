/**
 * The papers' experiments, as library calls: each takes a settings record (the experiment's
 * choices, defaults from the paper), an output folder, a {@link org.occam.experiments.ProgressSink}
 * and a {@link java.io.PrintWriter} for the console summary, and writes CSV tables, PNG figures,
 * {@code summary.json} and {@code report.md}. The command line ({@code occam experiment …},
 * {@code occam demo}) only parses options into the settings and calls these.
 */
package org.occam.experiments;
