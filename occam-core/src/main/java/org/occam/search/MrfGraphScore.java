package org.occam.search;

import org.occam.mrf.PairwiseGraph;

/**
 * The score of a Boltzmann-machine structure, e.g. its log evidence by one of Parise &amp; Welling's
 * (2006) methods: {@code graph → log score}, higher is better. Structure searches call it from
 * several threads at once, so it must be thread-safe, and for searches to replay exactly it must
 * be deterministic (a sampling-based score takes a fixed seed).
 *
 * <pre>{@code
 * MrfGraphScore laplace = g -> MrfScorer.score(g, MrfData.of(g, dataset),
 *     List.of(MrfMethod.LAPLACE_EXACT), MrfScoreSettings.defaults()).get(0).logEvidence();
 * }</pre>
 */
@FunctionalInterface
public interface MrfGraphScore {
  /** The log score of {@code graph}, which must not depend on the order of its edges. */
  double logScore(PairwiseGraph graph);
}
