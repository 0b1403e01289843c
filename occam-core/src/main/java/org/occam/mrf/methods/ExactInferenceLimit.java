package org.occam.mrf.methods;

import java.util.List;
import java.util.Optional;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.ExactInferenceCost;
import org.occam.mrf.MrfProblem;
import org.occam.search.WorkEstimate;
import org.occam.search.WorkLimit;

/**
 * The refusal, before any work, of exact inference on a graph whose junction tree is too wide
 * (issue 12): every method of Parise &amp; Welling (2006) but BP-LR evaluates log Z and its
 * moments exactly on the graph ({@link ExactInferenceCost}); BP-LR needs loopy BP only, so it is
 * the alternative the refusal names.
 *
 * <pre>{@code
 * ExactInferenceLimit.require("mrf score", methods, ExactInferenceCost.of(g), 1L << 20, "", "use bp-lr");
 * }</pre>
 */
public final class ExactInferenceLimit {
  /** The option that sets the limit on the command line. */
  public static final String FLAG = "--max-clique-states";
  /** The default limit: 2^20 states in the largest clique. */
  public static final long DEFAULT_STATES = 1L << 20;
  /** From this clique size on, a score says what exact inference will cost. */
  static final int NOTED_CLIQUE = 12;

  private ExactInferenceLimit() {}

  /** The names of the methods that need exact inference: all but bp-lr, in their order. */
  public static List<String> exactMethods(List<EvidenceMethod<MrfProblem>> methods) {
    return methods.stream().map(EvidenceMethod::name).filter(n -> !n.equals("bp-lr")).toList();
  }

  /**
   * Refuses exact inference on a graph of that cost past {@code limitStates} states in its
   * largest clique, when one of {@code methods} needs it: "mrf score: laplace-exact needs exact
   * inference with a largest clique of 40 variables (2^40 states); the limit is 2^20
   * (--max-clique-states); use bp-lr".
   *
   * @param on what the graph is, e.g. {@code ""} or {@code " on the start graph"}
   * @param alternative what to do instead, e.g. {@code "use bp-lr"}
   * @throws InvalidInputException if the limit is below 1 or the largest clique is above it
   */
  public static void require(String command, List<EvidenceMethod<MrfProblem>> methods, ExactInferenceCost cost,
      long limitStates, String on, String alternative) {
    if (limitStates < 1) {
      throw new InvalidInputException(FLAG + " must be >= 1, got " + limitStates);
    }
    List<String> exact = exactMethods(methods);
    if (!exact.isEmpty()) {
      WorkLimit.requireClique(command, String.join(", ", exact) + (exact.size() == 1 ? " needs" : " need")
          + " exact inference" + on, cost, limitStates, FLAG, alternative);
    }
  }

  /**
   * What exact inference will cost, said before a score whose largest clique has 12 or more
   * variables, or empty: "mrf score: exact inference with a largest clique of 14 variables (2^14
   * states; 40,960 clique states in all) for each evaluation of laplace-exact".
   */
  public static Optional<String> costLine(String command, List<EvidenceMethod<MrfProblem>> methods,
      ExactInferenceCost cost) {
    List<String> exact = exactMethods(methods);
    if (cost.largestClique() < NOTED_CLIQUE || exact.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(String.format(java.util.Locale.ROOT, "%s: exact inference with a largest clique of %d"
        + " variables (2^%d states; %s clique states in all) for each evaluation of %s", command,
        cost.largestClique(), cost.largestClique(), WorkEstimate.count(cost.totalStates()), String.join(", ", exact)));
  }
}
