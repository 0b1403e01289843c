/**
 * What people look at and keep: ranking tables on the terminal, PNG line and score-grid plots,
 * result JSON, structures as JSON, summaries (mean, standard deviation, standard error), and the
 * rule that nothing the user gave is overwritten without {@code --force} ({@link OutputFiles}).
 * Used by the experiments and by the command line alike.
 */
package org.occam.report;
