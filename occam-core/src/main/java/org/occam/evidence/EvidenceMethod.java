package org.occam.evidence;

import java.util.List;

/**
 * One evidence method of one model family: Beal's {@code vb}, Parise &amp; Welling's {@code bp-lr},
 * Chen &amp; Welling's {@code laplace}… Every method of every family is one class behind this
 * interface, listed in its family's {@link MethodRegistry}; commands, help texts and the contract
 * test suite are driven by the registries.
 *
 * <p>{@code P} is the family's scoring problem: the model structure, the data, the settings and the
 * seed, and the work that several methods share (an EM run, a MAP point, a covariance), computed
 * once on first use. A method reads what it needs from the problem and returns one estimate.
 *
 * @param <P> the family's problem type
 */
public interface EvidenceMethod<P> {
  /** The paper's name in lower case, as on the command line ({@code vb}, {@code laplace-exact}). */
  String name();

  /** One line saying what the method computes, with its source. */
  String description();

  /** What the number is and the tolerance it is held to against the exact evidence. */
  Accuracy accuracy();

  /**
   * {@link #accuracy()} on this problem, for a method whose tolerance depends on the kind of problem
   * (bic-map with hidden variables): by default the method's one accuracy.
   */
  default Accuracy accuracy(P problem) {
    return accuracy();
  }

  /** The names of the settings the method reads (as in its estimates' {@code settings}). */
  List<String> settings();

  /**
   * The estimate for a problem. A method that fails (no positive definite Hessian, a bound that
   * cannot be computed) returns an estimate whose diagnostics say so ({@code failure}); it never
   * returns NaN silently. Bad input (a problem the method refuses, such as a model too large to
   * enumerate) is an {@link IllegalArgumentException}, thrown before any work.
   */
  EvidenceEstimate estimate(P problem);
}
