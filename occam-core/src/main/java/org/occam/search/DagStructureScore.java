package org.occam.search;

import org.occam.dag.DagStructure;

/**
 * A structure's log score (e.g. an evidence estimate {@code ln p(y | m)}), for structure search.
 * Implementations must be thread-safe (candidates are scored in parallel) and should give a
 * structure the same score whenever it is asked, whatever was scored before, so that a search is
 * reproducible with any number of threads.
 */
@FunctionalInterface
public interface DagStructureScore {
  /** The log score of a structure; must be finite or {@code -∞}, never NaN. */
  double logScore(DagStructure structure);
}
