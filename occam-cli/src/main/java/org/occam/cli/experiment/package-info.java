/**
 * {@code occam experiment …}: reproductions of the papers' experiments, each writing CSV tables,
 * PNG figures and a {@code report.md} that sets the reproduced numbers beside the printed ones.
 */
package org.occam.cli.experiment;
