package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.Arrays;
import java.util.TreeSet;

/**
 * The model orders a selection tries, written as a range {@code 1..6}, a list {@code 2,3,5}, one
 * number {@code 4}, or a mix ({@code 1..3,5}). Used by every {@code select} command, so the hidden
 * units of an RBM and the hidden states of a latent class model are read the same way.
 */
public final class OrderRange {
  private OrderRange() {}

  /**
   * Parses a range or list into ascending, distinct orders.
   *
   * @param text the user's text, e.g. {@code "1..6"}, {@code "2,3,5"} or {@code "4"}
   * @param smallest the smallest order that makes sense (1 hidden unit, 1 hidden state…)
   * @param option the option's name for messages, e.g. {@code --hidden-states}
   * @throws IllegalArgumentException (one line, naming the option) for unreadable text, an empty
   *     range {@code 3..1}, or an order below {@code smallest}
   */
  public static int[] parse(String text, int smallest, String option) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException(option + ": give orders such as 1..6 or 2,3,5");
    }
    TreeSet<Integer> orders = new TreeSet<>();
    for (String part : text.split(",")) {
      String p = part.trim();
      try {
        int dots = p.indexOf("..");
        if (dots >= 0) {
          int from = Integer.parseInt(p.substring(0, dots).trim());
          int to = Integer.parseInt(p.substring(dots + 2).trim());
          if (to < from) {
            throw new InvalidInputException(option + ": the range " + p + " is empty");
          }
          if ((long) to - from > 100_000) {
            throw new InvalidInputException(option + ": the range " + p + " is too long");
          }
          for (int k = from; k <= to; k++) {
            orders.add(k);
          }
        } else {
          orders.add(Integer.parseInt(p));
        }
      } catch (NumberFormatException e) {
        throw new InvalidInputException(option + ": cannot read \"" + p + "\" (write e.g. 1..6, 2,3,5 or 4)");
      }
    }
    if (orders.first() < smallest) {
      throw new InvalidInputException(option + " needs orders >= " + smallest + ", got " + text.trim());
    }
    return orders.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The ascending union of two sets of orders. */
  public static int[] union(int[] a, int[] b) {
    return java.util.stream.IntStream.concat(Arrays.stream(a), Arrays.stream(b)).distinct().sorted().toArray();
  }

  /** How a set of orders is written back: {@code 1..6} when contiguous, else {@code 2,3,5}. */
  public static String format(int[] orders) {
    if (orders.length >= 2 && orders[orders.length - 1] - orders[0] == orders.length - 1) {
      return orders[0] + ".." + orders[orders.length - 1];
    }
    return String.join(",", Arrays.stream(orders).mapToObj(Integer::toString).toList());
  }
}
