package org.occam.mrf;

import java.util.List;
import org.occam.evidence.MethodNames;

/**
 * The names of the Boltzmann-machine scores of Parise &amp; Welling (2006, section 4), as the command
 * line uses them; each is one class of {@link org.occam.mrf.methods.MrfMethods}, where new methods are
 * registered. {@link MrfScorer#score(PairwiseGraph, MrfData, java.util.List, MrfScoreSettings)}
 * computes the first six (the deterministic Laplace family).
 */
public enum MrfMethod {
  /** {@code L(λMP) + log p(λMP)}, exact, at the exact MAP point: not an evidence estimate, a reference. */
  MAP("map"),
  /** {@code L(λML) − (F/2) log N} at the exact maximum-likelihood point. */
  BIC_ML("bic-ml"),
  /** {@code L(λMP) − (F/2) log N} at the exact MAP point. */
  BIC_MAP("bic-map"),
  /**
   * Bethe–Laplace: the Laplace approximation with λMP found by BP gradients from the PMM point, log Z
   * by the Bethe free energy and C by linear response.
   */
  BP_LR("bp-lr"),
  /** As {@link #BP_LR}, but at the λMP of exact gradients. */
  BP_LR_EXACTGRAD("bp-lr-exactgrad"),
  /** The Laplace approximation with every quantity exact (λMP, log Z, C). */
  LAPLACE_EXACT("laplace-exact"),
  /** Annealed importance sampling over the parameters: not computed by {@link MrfScorer}. */
  AIS("ais"),
  /** Numerical integration over the parameters (few parameters only): not computed by {@link MrfScorer}. */
  QUADRATURE("quadrature");

  private final String label;

  MrfMethod(String label) {
    this.label = label;
  }

  /** The lower-case name used in results and on the command line. */
  public String label() {
    return label;
  }

  /** Whether {@link MrfScorer} computes this score (the Laplace family), rather than a separate estimator. */
  public boolean handledByScorer() {
    return this != AIS && this != QUADRATURE;
  }

  /** Parses a method name (case-insensitive). */
  public static MrfMethod parse(String name) {
    return MethodNames.parse(MrfMethod.class, MrfMethod::label, "MRF", name);
  }

  /** Parses a comma-separated list, keeping order and dropping repeats. */
  public static List<MrfMethod> parseList(String list) {
    return MethodNames.parseList(MrfMethod.class, MrfMethod::label, "MRF", list);
  }

  /** All names, comma-separated. */
  public static String names() {
    return MethodNames.names(MrfMethod.class, MrfMethod::label);
  }
}
