package org.occam.mrf;

import java.util.List;
import org.occam.evidence.MethodNames;

/**
 * The Boltzmann-machine scores, by the names Parise &amp; Welling (2006, section 4) and the command
 * line use. The formulas are in {@code notes/laplace-family.md}; {@link MrfScorer} computes the
 * first six. {@link #AIS} and {@link #QUADRATURE} are estimators with their own classes, listed here
 * so that one method list can name them all; {@link MrfScorer} rejects them.
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

  /** Whether the score is computed at the exact MAP point λMP. */
  public boolean usesExactMap() {
    return this == MAP || this == BIC_MAP || this == BP_LR_EXACTGRAD || this == LAPLACE_EXACT;
  }

  /** Whether the score runs loopy BP. */
  public boolean usesBeliefPropagation() {
    return this == BP_LR || this == BP_LR_EXACTGRAD;
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
