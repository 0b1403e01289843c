package org.occam.mrf.methods;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.List;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.evidence.SampleEvidenceEstimators;
import org.occam.evidence.SampledEvidenceMethod;
import org.occam.mrf.posterior.MrfPosteriorDraws;
import org.occam.mrf.MrfProblem;

/**
 * The evidence methods for fully observed Boltzmann machines (Parise &amp; Welling 2006, section 4,
 * with AIS and quadrature as ground truth), in the order help texts list them. Adding a method is
 * one class and one line here.
 */
public final class MrfMethods {
  /** The settings the exact-gradient scores read. */
  static final List<String> OPTIMISER_SETTINGS = List.of("priorSigma", "optimiser", "pmmCellPseudoCount",
      "mlPseudoObservations", "exactStart", "point", "logZ");
  /** The settings the BP scores read. */
  static final List<String> BP_SETTINGS = List.of("priorSigma", "optimiser", "bp", "pmmCellPseudoCount", "point",
      "logZ", "covariance");
  /**
   * What BIC is held to on the reference models (one vertex with N = 25, one edge with N = 20 and
   * 200): the largest error measured there was 2.06 nats (bic-map, N = 20).
   */
  static final double BIC_TOLERANCE = 2.5;
  /** What the Laplace scores are held to on the reference models: the largest error measured was 0.028 nats. */
  static final double LAPLACE_TOLERANCE = 0.04;
  /** What quadrature is held to against an independent brute-force grid. */
  static final double QUADRATURE_TOLERANCE = 1e-6;

  /** Every MRF method. */
  public static final MethodRegistry<MrfProblem> REGISTRY = new MethodRegistry<>("MRF", List.of(
      new MrfMap(),
      new BicMl(),
      new BicMap(),
      new BpLr(),
      new BpLrExactGrad(),
      new LaplaceExact(),
      new MrfAis(),
      sampled("harmonic1"),
      sampled("harmonic4"),
      sampled("bridge-geo"),
      sampled("bridge-opt"),
      sampled("dic"),
      new MrfQuadratureMethod()));

  /**
   * A sample-based estimator (Chen &amp; Welling 2013, section 4) on the problem's posterior draws
   * ({@link MrfPosteriorDraws}: the sampler and likelihood of its {@code PosteriorDrawSettings}).
   */
  private static EvidenceMethod<MrfProblem> sampled(String name) {
    return new SampledEvidenceMethod<MrfProblem>(SampleEvidenceEstimators.get(name), MrfPosteriorDraws::likelihoods);
  }

  private MrfMethods() {}

  /** The method of that name (case-insensitive). */
  public static EvidenceMethod<MrfProblem> get(String name) {
    return REGISTRY.get(name);
  }

  /** A comma-separated list of names. */
  public static List<EvidenceMethod<MrfProblem>> parseList(String list) {
    return REGISTRY.parseList(list);
  }
}
