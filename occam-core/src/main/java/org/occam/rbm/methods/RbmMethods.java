package org.occam.rbm.methods;

import java.util.List;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.rbm.RbmProblem;

/**
 * The evidence methods for RBMs (Chen &amp; Welling 2013, section 4), in the order help texts list
 * them. Adding a method is one class and one line here.
 */
public final class RbmMethods {
  /** The settings the Laplace-procedure scores read. */
  static final List<String> LAPLACE_SETTINGS = List.of("training", "sampleChains", "samplesPerChain",
      "essFraction", "eigenvalueThreshold", "logZ", "fineTuning", "pcdRestarts");
  /**
   * What laplace and laplace0 are held to on the reference models (V ≤ 3, K = 1, N ≤ 60): one
   * unmodelled flip mode is ln 2 = 0.69 nats, and the largest error measured there was 0.5 nats.
   */
  static final double LAPLACE_TOLERANCE = 1.0;
  /** What ml-bic is held to on the reference models: the largest error measured was 5.2 nats. */
  static final double BIC_TOLERANCE = 8;

  /** Every RBM method. */
  public static final MethodRegistry<RbmProblem> REGISTRY = new MethodRegistry<>("RBM", List.of(
      new RbmLaplaceScore(),
      new RbmLaplace0(),
      new RbmMap(),
      new RbmMlBic(),
      new RbmAisPd()));

  private RbmMethods() {}

  /** The method of that name (case-insensitive). */
  public static EvidenceMethod<RbmProblem> get(String name) {
    return REGISTRY.get(name);
  }

  /** A comma-separated list of names. */
  public static List<EvidenceMethod<RbmProblem>> parseList(String list) {
    return REGISTRY.parseList(list);
  }
}
