/**
 * Structure and order selection on top of the evidence methods: ranking ({@link
 * org.occam.search.Ranks}, the one rank rule), hill climbing over DAG structures with hidden
 * variables ({@link org.occam.search.DagHillClimbing}) and over Boltzmann-machine edge sets ({@link
 * org.occam.search.MrfEdgeSearch}, {@link org.occam.search.GreedyEdgePath}, every graph by {@link
 * org.occam.search.MrfGraphEnumeration}, or every decomposable one), Bayesian model averaging over a ranked or searched set
 * ({@link org.occam.search.ModelAveraging}: structure and edge posteriors, Occam's window), and the
 * choice of a model order over a range ({@link org.occam.search.OrderSelection}, {@link
 * org.occam.search.LatentClassOrders}). Scores come in as small thread-safe functions, so every
 * registered evidence method can drive a search; the searches know nothing of files or printing.
 * Work is counted before it is done ({@link org.occam.search.WorkCounts}), refused past a limit
 * ({@link org.occam.search.WorkLimit}) and forecast from its first units ({@link
 * org.occam.search.WorkEstimate}, {@link org.occam.search.ScaledWorkEstimate}).
 */
package org.occam.search;
