/**
 * {@code occam experiment …}: one thin command per paper's experiment, parsing the options into the
 * experiment's settings record and calling {@code org.occam.experiments} (occam-experiments), which
 * writes the CSV tables, PNG figures and {@code report.md}.
 */
package org.occam.cli.experiment;
