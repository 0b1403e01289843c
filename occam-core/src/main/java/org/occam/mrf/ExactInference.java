package org.occam.mrf;

/**
 * Picks an exact engine for a {@link BoltzmannMachine}: whichever of the junction tree and the
 * enumeration of all 2^V configurations has fewer terms, and enumeration (up to
 * {@link ExactEnumeration#MAX_VARIABLES}) for a dense graph whose junction tree is too wide.
 */
public final class ExactInference {
  /** Above this many variables enumeration is used only when the junction tree is too wide. */
  public static final int ENUMERATION_VARIABLES = 16;

  private ExactInference() {}

  /**
   * log Z and E[f] by the cheaper exact method: the junction tree when its clique tables hold
   * fewer entries than the 2^V configurations (on a 4×4 grid a few hundred against 65,536) or V is
   * above {@link #ENUMERATION_VARIABLES}, else enumeration.
   *
   * @throws IllegalArgumentException if neither applies: more than
   *     {@link ExactEnumeration#MAX_VARIABLES} variables and a junction tree wider than
   *     {@link JunctionTree#DEFAULT_MAX_CLIQUE_SIZE}
   */
  public static MrfInference exact(BoltzmannMachine model) {
    CliqueTree tree = cliqueTreeIfCheaper(model.graph());
    if (tree != null) {
      return JunctionTree.run(model, tree);
    }
    if (model.variableCount() <= ExactEnumeration.MAX_VARIABLES) {
      return ExactEnumeration.run(model, false);
    }
    // neither: let the junction tree say why it cannot
    return JunctionTree.run(model);
  }

  /**
   * The clique tree of the graph when a calibration is cheaper than enumeration (see
   * {@link #exact}), or null when enumeration should be used: small graphs whose tree is no
   * smaller, and graphs whose tree is wider than {@link JunctionTree#DEFAULT_MAX_CLIQUE_SIZE}.
   * Callers that run many models on one graph build it once.
   */
  public static CliqueTree cliqueTreeIfCheaper(PairwiseGraph graph) {
    CliqueTree tree;
    try {
      tree = CliqueTree.build(graph, JunctionTree.DEFAULT_MAX_CLIQUE_SIZE);
    } catch (IllegalArgumentException tooWide) {
      return null;
    }
    int v = graph.vertexCount();
    boolean enumerate = v <= ENUMERATION_VARIABLES && tree.tableEntries() >= (1L << v);
    return enumerate ? null : tree;
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
