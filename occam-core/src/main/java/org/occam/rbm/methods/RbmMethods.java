package org.occam.rbm.methods;

import java.util.List;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.evidence.SampleEvidenceEstimators;
import org.occam.evidence.SampledEvidenceMethod;
import org.occam.rbm.posterior.RbmPosteriorDraws;
import org.occam.rbm.RbmProblem;

/**
 * The evidence methods for RBMs (Chen &amp; Welling 2013, section 4), in the order help texts list
 * them: the Laplace family, the RBM as a Boltzmann machine with hidden units (bp-lr, laplace-exact:
 * Welling &amp; Parise 2006, section 6, through the MRF registry's methods), ais-pd, then the
 * MCMC-based estimators of section 3.2. Adding a method is one class and one line here.
 */
public final class RbmMethods {
  /** The settings the Laplace-procedure scores read. */
  static final List<String> LAPLACE_SETTINGS = List.of("training", "sampleChains", "samplesPerChain",
      "essFraction", "eigenvalueThreshold", "logZ", "fineTuning", "pcdRestarts", "exactFineTuning");
  /**
   * What laplace and laplace0 are held to on the reference models (V = 2 and 3, K = 1, N = 10 and
   * 30): the largest error measured there was 0.27 nats below, with the flipped modes summed (there
   * the flipped λMP climbs back to λMP: the error is the single mode's shape).
   */
  static final double LAPLACE_TOLERANCE = 0.4;
  /**
   * What ml-bic is held to on the reference models: 72.4 nats below on 10 rows, where λML runs off
   * towards infinity and ln p(λML) with it; 32.5 on 30 rows.
   */
  static final double BIC_TOLERANCE = 75;

  /** Every RBM method. */
  public static final MethodRegistry<RbmProblem> REGISTRY = new MethodRegistry<>("RBM", List.of(
      new RbmLaplaceScore(),
      new RbmLaplace0(),
      new RbmMap(),
      new RbmMlBic(),
      new RbmBpLr(),
      new RbmLaplaceExact(),
      new RbmAisPd(),
      sampled("harmonic1"),
      sampled("harmonic4"),
      sampled("bridge-geo"),
      sampled("bridge-opt"),
      sampled("dic")));

  /**
   * A sample-based estimator on the problem's posterior draws (lv-cd by default; one run shared by
   * the five, {@link RbmPosteriorDraws#likelihoods}).
   */
  private static EvidenceMethod<RbmProblem> sampled(String name) {
    return new SampledEvidenceMethod<RbmProblem>(SampleEvidenceEstimators.get(name), RbmPosteriorDraws::likelihoods);
  }

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
