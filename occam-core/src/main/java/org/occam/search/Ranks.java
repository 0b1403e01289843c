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

  /** The rank of every score. {@code scores} is not modified. */
  public static int[] of(double[] scores) {
    int numbers = 0;
    for (double s : scores) {
      numbers += Double.isNaN(s) ? 0 : 1;
    }
    int[] rank = new int[scores.length];
    for (int i = 0; i < scores.length; i++) {
      if (Double.isNaN(scores[i])) {
        rank[i] = numbers + 1;
        continue;
      }
      int higher = 0;
      for (double w : scores) {
        if (w > scores[i]) {
          higher++;
        }
      }
      rank[i] = higher + 1;
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
            .thenComparing((Integer i) -> scores[i], Comparator.reverseOrder())
            .thenComparingInt(i -> i))
        .mapToInt(Integer::intValue).toArray();
  }
}
