package org.occam.mrf;

/**
 * Picks an exact engine for a {@link BoltzmannMachine}: enumeration of all 2^V configurations for
 * small V, the junction tree otherwise, and enumeration again (up to
 * {@link ExactEnumeration#MAX_VARIABLES}) for a dense graph whose junction tree is too wide.
 */
public final class ExactInference {
  /** Up to this many variables, enumeration is used (2^16 configurations). */
  public static final int ENUMERATION_VARIABLES = 16;

  private ExactInference() {}

  /**
   * log Z and E[f] by the cheaper exact method.
   *
   * @throws IllegalArgumentException if neither applies: more than
   *     {@link ExactEnumeration#MAX_VARIABLES} variables and a junction tree wider than
   *     {@link JunctionTree#DEFAULT_MAX_CLIQUE_SIZE}
   */
  public static MrfInference exact(BoltzmannMachine model) {
    if (model.variableCount() <= ENUMERATION_VARIABLES) {
      return ExactEnumeration.run(model, false);
    }
    CliqueTree tree;
    try {
      tree = CliqueTree.build(model.graph(), JunctionTree.DEFAULT_MAX_CLIQUE_SIZE);
    } catch (IllegalArgumentException tooWide) {
      if (model.variableCount() <= ExactEnumeration.MAX_VARIABLES) {
        return ExactEnumeration.run(model, false);
      }
      throw tooWide;
    }
    return JunctionTree.run(model, tree);
  }

  /**
   * The exact feature covariance F×F from the junction tree, in F calibrations (enumeration would
   * cost {@code O(2^V F²)}).
   *
   * @param threads worker threads (≥ 1)
   * @throws IllegalArgumentException if the junction tree is wider than
   *     {@link JunctionTree#DEFAULT_MAX_CLIQUE_SIZE}
   */
  public static double[][] covariance(BoltzmannMachine model, int threads) {
    return JunctionTree.run(model).covariance(threads);
  }
}
