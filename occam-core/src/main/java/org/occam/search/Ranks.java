package org.occam.search;

import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The one ranking rule of every ranked structure list (DAG and MRF alike): a structure's rank is
 * 1 + the number of structures with a strictly higher score, so equal scores share a rank and the
 * next rank is skipped ("competition ranking"). A NaN score (a failed estimate) is never higher
 * than anything and ranks after every number: all NaN scores share rank 1 + (number of non-NaN
 * scores).
 */
public final class Ranks {
  private Ranks() {}

  /** The rank of every score, in O(n log n). {@code scores} is not modified. */
  public static int[] of(double[] scores) {
    int[] order = bestFirst(scores);
    int[] rank = new int[scores.length];
    for (int r = 0; r < order.length; r++) {
      int i = order[r];
      boolean tiesPrevious = r > 0 && (scores[i] == scores[order[r - 1]]
          || Double.isNaN(scores[i]) && Double.isNaN(scores[order[r - 1]]));
      rank[i] = tiesPrevious ? rank[order[r - 1]] : r + 1;
    }
    return rank;
  }

  /**
   * The indices of {@code scores} from the highest score to the lowest, equal scores in index
   * order, NaN scores last (in index order): the order in which ranked tables list structures.
   */
  public static int[] bestFirst(double[] scores) {
    return IntStream.range(0, scores.length).boxed()
        .sorted(Comparator.comparingInt((Integer i) -> Double.isNaN(scores[i]) ? 1 : 0)
            .thenComparing((Integer i) -> scores[i], (x, y) -> Double.compare(y, x))
            .thenComparingInt(i -> i))
        .mapToInt(Integer::intValue).toArray();
  }
}
