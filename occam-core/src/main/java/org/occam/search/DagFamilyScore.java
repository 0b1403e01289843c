package org.occam.search;

/**
 * A decomposable structure score: the log score of a structure is the sum over its variables of
 * a local score of each family (variable, parent set), as for the complete-data BDe score (Beal's
 * eqn 6.9; Heckerman, Geiger &amp; Chickering 1995) and complete-data BIC. A search can then cache
 * local scores by family and rescore a move by the one or two families it changes. Implementations
 * must be thread-safe.
 */
@FunctionalInterface
public interface DagFamilyScore {
  /**
   * The local log score of a variable given its parents.
   *
   * @param variable the variable's index in the search space
   * @param parents its parents' indices, ascending (not modified)
   */
  double logLocalScore(int variable, int[] parents);
}
