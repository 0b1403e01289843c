package org.occam.search;

import java.math.BigInteger;
import org.occam.data.InvalidInputException;

/**
 * A refusal before work: when a count made by {@link WorkCounts} (or an exact-inference cost) is
 * above the caller's limit, one line naming the count, the limit, the option that raises it and
 * the alternative to use, as an {@link InvalidInputException} (exit code 2 on the command line).
 *
 * <pre>{@code
 * WorkLimit.require("dag rank", count, "structures", 20_000, "--max-structures",
 *     "use `occam dag search` for classes this size");
 * }</pre>
 */
public final class WorkLimit {
  private WorkLimit() {}

  /**
   * Refuses when {@code count > limit}.
   *
   * @param command who refuses, e.g. {@code "dag rank"}
   * @param what what is counted, plural, e.g. {@code "structures"}
   * @param flag the option that raises the limit
   * @param alternative what to do instead, e.g. {@code "use bp-lr"}
   * @throws InvalidInputException if the count is above the limit
   */
  public static void require(String command, BigInteger count, String what, long limit, String flag,
      String alternative) {
    if (count.compareTo(BigInteger.valueOf(limit)) > 0) {
      throw new InvalidInputException(command + ": " + WorkEstimate.count(count) + " " + what + "; the limit is "
          + WorkEstimate.count(limit) + " (" + flag + "); " + alternative);
    }
  }

  /** As {@link #require(String, BigInteger, String, long, String, String)} for a count that fits a long. */
  public static void require(String command, long count, String what, long limit, String flag, String alternative) {
    require(command, BigInteger.valueOf(count), what, limit, flag, alternative);
  }

  /**
   * Refuses exact inference whose largest clique has more states than {@code limitStates}:
   * "mrf score: laplace-exact needs exact inference with a largest clique of 40 variables (2^40
   * states); the limit is 2^20 (--max-clique-states); use bp-lr".
   *
   * @param needs who needs exact inference and on what, e.g. {@code "laplace-exact needs exact
   *     inference"}
   * @throws InvalidInputException if the largest clique has more states than the limit
   */
  public static void requireClique(String command, String needs, org.occam.mrf.ExactInferenceCost cost,
      long limitStates, String flag, String alternative) {
    if (cost.largestCliqueStates().compareTo(BigInteger.valueOf(limitStates)) > 0) {
      throw new InvalidInputException(command + ": " + needs + " with a largest clique of " + cost.largestClique()
          + " variables (2^" + cost.largestClique() + " states); the limit is " + states(limitStates) + " (" + flag
          + "); " + alternative);
    }
  }

  /**
   * Refuses an EM/VBEM fit whose iteration would sum more than {@code limit} configurations of the
   * rows' unobserved variables ({@link WorkCounts#emConfigurations}): "dag select: an EM iteration
   * would sum 2,700,000 configurations of the unobserved variables (32 distinct rows, hidden
   * states [300, 300]); the limit is 1,000 (--max-em-configurations); try fewer hidden states".
   *
   * @param hiddenCardinalities the states of each hidden variable
   * @param alternative what to do instead
   * @return the configurations counted
   * @throws InvalidInputException if they are above the limit
   */
  public static double requireEm(String command, org.occam.data.Dataset data, int[] hiddenCardinalities,
      double limit, String alternative) {
    double configurations = WorkCounts.emConfigurations(data, hiddenCardinalities);
    if (configurations > limit) {
      throw new InvalidInputException(String.format(java.util.Locale.ROOT, "%s: an EM iteration would sum %,.0f"
          + " configurations of the unobserved variables (%d distinct rows, hidden states %s); the limit is %,.0f"
          + " (--max-em-configurations); %s", command, configurations, data.distinctRows(),
          java.util.Arrays.toString(hiddenCardinalities), limit, alternative));
    }
    return configurations;
  }

  /** 2^20 for a power of two, else the count. */
  public static String states(long n) {
    return n > 0 && Long.bitCount(n) == 1 ? "2^" + Long.numberOfTrailingZeros(n) : WorkEstimate.count(n);
  }
}
