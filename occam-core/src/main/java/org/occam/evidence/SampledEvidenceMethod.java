package org.occam.evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A sample-based estimator as an evidence method of one model family: the estimate reads the
 * problem's cached posterior and prior likelihoods (sampled and evaluated once per problem, shared
 * by every such method) and applies the estimator. For example
 * {@code new SampledEvidenceMethod<MrfProblem>(SampleEvidenceEstimators.get("harmonic1"),
 * MrfPosteriorDraws::likelihoods)}.
 *
 * <p>Its settings are the likelihoods' provenance — which must name {@link #PROVENANCE} — and the
 * estimator's own; its diagnostics say {@code converged} false when the sampler did not converge
 * (provenance {@code converged}) or the estimator's own iteration did not.
 *
 * @param <P> the family's problem type
 */
public final class SampledEvidenceMethod<P> implements EvidenceMethod<P> {
  /** The provenance every family's likelihoods carry, listed in {@link #settings()}. */
  public static final List<String> PROVENANCE = List.of("sampler", "likelihood", "samples", "chains", "priorDraws");

  private final SampleEvidenceEstimator estimator;
  private final Function<P, SampledLikelihoods> likelihoods;

  /**
   * @param estimator the estimator
   * @param likelihoods the problem's likelihoods at its posterior and prior draws (cached by the problem)
   */
  public SampledEvidenceMethod(SampleEvidenceEstimator estimator, Function<P, SampledLikelihoods> likelihoods) {
    this.estimator = Objects.requireNonNull(estimator, "estimator");
    this.likelihoods = Objects.requireNonNull(likelihoods, "likelihoods");
  }

  /** The estimator this method applies. */
  public SampleEvidenceEstimator estimator() {
    return estimator;
  }

  @Override
  public String name() {
    return estimator.name();
  }

  @Override
  public String description() {
    return estimator.description();
  }

  @Override
  public Accuracy accuracy() {
    return estimator.accuracy();
  }

  @Override
  public List<String> settings() {
    List<String> out = new ArrayList<>(PROVENANCE);
    out.addAll(estimator.settings());
    return List.copyOf(out);
  }

  @Override
  public EvidenceEstimate estimate(P problem) {
    return estimator.estimate(likelihoods.apply(problem));
  }
}
