package org.occam.report;

import java.util.Locale;

/**
 * The words of the DAG commands' warning for EM or VBEM runs that stopped at {@code --max-iterations}
 * ({@code dag score}, {@code dag rank}, {@code dag search}; {@code dag select} marks such scores in
 * its table), written once so that every command says it the same way and names the way round.
 */
public final class IterationLimit {
  /** What to do about it. */
  public static final String WAY_ROUND = "--max-iterations raises the limit";

  private IterationLimit() {}

  /**
   * {@code warning: METHOD did not converge within LIMIT iterations[ for WHICH]; its score is (their
   * scores are) from the last iteration (--max-iterations raises the limit)}.
   *
   * @param which what stopped, after "for " (e.g. "3 structure(s)"), or null for the one score
   * @param several whether {@code which} names several scores
   */
  public static String warning(String method, int limit, String which, boolean several) {
    return String.format(Locale.ROOT, "warning: %s did not converge within %d iterations%s; %s from the last"
        + " iteration (%s)", method, limit, which == null ? "" : " for " + which,
        several ? "their scores are" : "its score is", WAY_ROUND);
  }
}
