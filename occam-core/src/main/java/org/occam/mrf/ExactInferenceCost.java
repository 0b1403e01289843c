package org.occam.mrf;

import java.math.BigInteger;

/**
 * What exact inference on a graph costs, found before any of it is done: the junction tree that
 * {@link CliqueTree#build} would choose (min-fill or min-degree elimination, whichever has the
 * smaller total table size Σ_c 2^|C_c|; Koller &amp; Friedman 2009, §9.4.3), its largest clique
 * and that clique's 2^w states. Unlike {@link CliqueTree#build} it has no width limit, so it
 * can say how far a graph is beyond one (the complete graph on 40 vertices: a 40-clique, 2^40
 * states).
 *
 * @param largestClique the most variables in one clique, w
 * @param totalStates Σ_c 2^|C_c| over the elimination cliques
 */
public record ExactInferenceCost(int largestClique, BigInteger totalStates) {
  /** The cost of exact inference on {@code g}. */
  public static ExactInferenceCost of(PairwiseGraph g) {
    if (g.vertexCount() == 0) {
      return new ExactInferenceCost(0, BigInteger.ZERO);
    }
    ExactInferenceCost fill = fromSizes(EliminationOrdering.cliqueSizes(g, EliminationOrdering.minFill(g)));
    ExactInferenceCost degree = fromSizes(EliminationOrdering.cliqueSizes(g, EliminationOrdering.minDegree(g)));
    return fill.totalStates.compareTo(degree.totalStates) <= 0 ? fill : degree;
  }

  /** The complete graph on V vertices: one clique of V (no ordering needed). */
  public static ExactInferenceCost complete(int vertices) {
    return new ExactInferenceCost(vertices, BigInteger.ONE.shiftLeft(vertices));
  }

  private static ExactInferenceCost fromSizes(int[] sizes) {
    int largest = 0;
    BigInteger total = BigInteger.ZERO;
    for (int s : sizes) {
      largest = Math.max(largest, s);
      total = total.add(BigInteger.ONE.shiftLeft(s));
    }
    return new ExactInferenceCost(largest, total);
  }

  /** 2^w, the states of the largest clique. */
  public BigInteger largestCliqueStates() {
    return BigInteger.ONE.shiftLeft(largestClique);
  }
}
