package org.occam.evidence;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.data.InvalidInputException;

/**
 * What every sample-based estimator's estimate carries: the provenance as settings (less its wall
 * time), the provenance's seed, the draw counts and the effective share of the posterior draws, the
 * sampler's convergence combined with the estimator's own, and a failure reason for a number that
 * is not finite.
 */
abstract class AbstractSampleEstimator implements SampleEvidenceEstimator {
  /**
   * One estimator's number.
   *
   * @param logEvidence the estimate
   * @param stdError its standard error, NaN for none
   * @param notConverged why the estimator's own iteration did not converge, or null
   * @param failure why the number is not finite, or null
   */
  record Result(double logEvidence, double stdError, String notConverged, String failure) {
    static Result of(double logEvidence, double stdError) {
      return new Result(logEvidence, stdError, null, null);
    }
  }

  /** The estimator's number; it may add settings and diagnostics. */
  abstract Result compute(SampledLikelihoods in, Map<String, Object> settings, Map<String, Object> diagnostics);

  /** Whether the estimator reads the prior draws (then it refuses likelihoods without any). */
  boolean usesPriorDraws() {
    return false;
  }

  @Override
  public final EvidenceEstimate estimate(SampledLikelihoods in) {
    if (usesPriorDraws() && in.priorDraws() == 0) {
      throw new InvalidInputException(name() + " needs draws from the prior, and there are none");
    }
    long start = System.nanoTime();
    Map<String, Object> settings = new LinkedHashMap<>(in.provenance());
    settings.remove("seconds");
    Map<String, Object> diag = new LinkedHashMap<>();
    Object sampler = in.provenance().get("converged");
    boolean samplerConverged = !(sampler instanceof Boolean b) || b;
    diag.put("converged", samplerConverged);
    diag.put("samplerConverged", samplerConverged);
    diag.put("posteriorDraws", in.posteriorDraws());
    diag.put("posteriorEffectiveDraws", in.posteriorEffectiveDraws());
    diag.put("essRatio", in.posteriorEffectiveDraws() / in.posteriorDraws());
    if (usesPriorDraws()) {
      diag.put("priorDraws", in.priorDraws());
    }
    int zeros = in.posteriorZeroLikelihoods();
    if (zeros > 0) {
      diag.put("posteriorZeroLikelihoods", zeros);
    }
    if (usesPriorDraws() && in.priorZeroLikelihoods() > 0) {
      diag.put("priorZeroLikelihoods", in.priorZeroLikelihoods());
    }
    Result r = compute(in, settings, diag);
    StringBuilder why = new StringBuilder();
    if (!samplerConverged) {
      why.append("the posterior sampler did not converge");
      Object reason = in.provenance().get("notConverged");
      if (reason != null) {
        why.append(" (").append(reason).append(')');
      }
    }
    if (r.notConverged() != null) {
      why.append(why.length() > 0 ? "; " : "").append(r.notConverged());
    }
    if (why.length() > 0) {
      diag.put("converged", false);
      diag.put("notConverged", why.toString());
    }
    if (!Double.isFinite(r.logEvidence())) {
      diag.put("failure", r.failure() != null ? r.failure() : name() + " gave " + r.logEvidence());
    }
    Object seed = in.provenance().get("seed");
    Object sampling = in.provenance().get("seconds");
    double seconds = (System.nanoTime() - start) * 1e-9 + (sampling instanceof Number n ? n.doubleValue() : 0);
    OptionalDouble se = Double.isFinite(r.stdError()) && Double.isFinite(r.logEvidence())
        ? OptionalDouble.of(r.stdError()) : OptionalDouble.empty();
    return new EvidenceEstimate(name(), r.logEvidence(), se, seconds, settings,
        seed instanceof Number n ? OptionalLong.of(n.longValue()) : OptionalLong.empty(), diag);
  }

  /** The message for posterior draws of likelihood 0 under an estimator that divides by the likelihood. */
  static String zeroLikelihoodFailure(String name, int zeros, int draws) {
    return name + ": " + zeros + " of the " + draws + " posterior draws have likelihood 0 (log likelihood −∞), so"
        + " 1/L is infinite there; the draws are not from this likelihood's posterior, or it underflows";
  }
}
