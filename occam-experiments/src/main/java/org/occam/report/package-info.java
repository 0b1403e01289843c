/**
 * What people look at and keep: ranking tables on the terminal, PNG line and score-grid plots,
 * result JSON, structures as JSON, summaries (mean, standard deviation, standard error), and the
 * rule that nothing the user gave is overwritten without {@code --force} ({@link OutputFiles}).
 * Used by the experiments and by the command line alike: each command's table, JSON, CSV and PNG
 * are built here ({@code DagScoreReport}, {@code StructureRanking}, {@code DagSearchReport},
 * {@code DagSelectReport} and {@code DagSelectRun}, {@code MrfScoreReport},
 * {@code MrfRankReport}, {@code MrfSearchReport}, {@code RbmScoreReport}, {@code RbmSelectReport},
 * with {@code OrderSelectionReport} and {@code PreviousRun} for the {@code select} commands and
 * their {@code --extend}), so that the commands only parse options, call the library and print.
 */
package org.occam.report;
