package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.loglinear.ChordalGraph;

/**
 * Every undirected simple graph on V labelled vertices, the full class over which Boltzmann-machine
 * structures can be ranked exactly when it is small: 2^(V(V−1)/2) edge sets, 2^15 = 32,768 for
 * V = 6 and already 2^21 for V = 7. Graph {@code k} has pair {@code p} (lexicographic order, see
 * {@link EdgeSet}) when bit {@code p} of {@code k} is set, so graph 0 is the empty graph and the last
 * the complete one; each graph lists its edges in lexicographic order.
 *
 * <p>{@link #chordal} keeps the decomposable ones among them: 18,154 of the 32,768 graphs on six
 * vertices (OEIS A058862).
 */
public final class MrfGraphEnumeration {
  /** The most graphs {@link #all(int)} lists: 2^15, every graph on six vertices. */
  public static final long DEFAULT_LIMIT = 1L << 15;

  private MrfGraphEnumeration() {}

  /** 2^(V(V−1)/2), or {@link Long#MAX_VALUE} when that does not fit a long (V ≥ 12). */
  public static long count(int vertexCount) {
    int pairs = EdgeSet.pairCount(vertexCount);
    return pairs >= 63 ? Long.MAX_VALUE : 1L << pairs;
  }

  /** Every graph on V vertices, refusing more than {@link #DEFAULT_LIMIT}. */
  public static List<PairwiseGraph> all(int vertexCount) {
    return all(vertexCount, DEFAULT_LIMIT);
  }

  /**
   * Every graph on V vertices in index order, built on demand (the list holds no graphs).
   *
   * @param limit the most graphs to accept
   * @throws IllegalArgumentException if there are more than {@code limit} graphs, or V &lt; 1
   */
  public static List<PairwiseGraph> all(int vertexCount, long limit) {
    if (vertexCount < 1) {
      throw new InvalidInputException("a graph needs at least one vertex, got " + vertexCount);
    }
    long n = count(vertexCount);
    if (n > limit) {
      int pairs = EdgeSet.pairCount(vertexCount);
      throw new InvalidInputException("every graph on " + vertexCount + " variables is 2^" + pairs
          + (pairs < 63 ? " = " + n : "") + " structures, more than the limit of " + limit
          + "; use a search instead (at most " + maxVertices(limit) + " variables)");
    }
    if (n > Integer.MAX_VALUE) {
      throw new InvalidInputException(n + " graphs do not fit a list");
    }
    int size = (int) n;
    return new AbstractList<>() {
      @Override
      public PairwiseGraph get(int k) {
        if (k < 0 || k >= size) {
          throw new IndexOutOfBoundsException(k);
        }
        return EdgeSet.fromMask(vertexCount, k).toGraph();
      }

      @Override
      public int size() {
        return size;
      }
    };
  }

  /**
   * The chordal (decomposable) graphs on V vertices, in index order: every graph of {@link #all} is
   * examined, so {@code limit} bounds the graphs examined, as there.
   *
   * @throws org.occam.data.InvalidInputException if there are more than {@code limit} graphs in all
   */
  public static List<PairwiseGraph> chordal(int vertexCount, long limit) {
    List<PairwiseGraph> out = new ArrayList<>();
    for (PairwiseGraph g : all(vertexCount, limit)) {
      if (ChordalGraph.isChordal(g)) {
        out.add(g);
      }
    }
    return out;
  }

  /** The most vertices whose graphs number at most {@code limit}. */
  public static int maxVertices(long limit) {
    int v = 1;
    while (count(v + 1) <= limit && count(v + 1) != Long.MAX_VALUE) {
      v++;
    }
    return v;
  }
}
