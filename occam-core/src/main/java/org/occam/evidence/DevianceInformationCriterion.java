package org.occam.evidence;

import java.util.Map;

/**
 * {@code dic}: the deviance information criterion of Spiegelhalter, Best, Carlin &amp; van der Linde
 * (2002, JRSS B 64), with deviance D(λ) = −2 ln p(D | λ):
 *
 * <pre>  D̄ = mean_s D(λ_s),   pD = D̄ − D(λ̄),   DIC = D̄ + pD</pre>
 *
 * λ̄ the mean of the posterior draws. Reported as −DIC/2, on the scale of the log evidence, as Chen
 * &amp; Welling plot it beside the evidence estimates — it is not an estimate of the evidence (their
 * words: informative in comparing models, but not a good approximation to the marginal likelihood),
 * hence {@link Accuracy.Kind#REFERENCE}. The diagnostics carry {@code pD} (the effective number of
 * parameters: it tends to the number of parameters as the prior flattens, for a posterior near
 * Gaussian), {@code meanDeviance} (D̄), {@code devianceAtPosteriorMean} (D(λ̄)) and {@code dic}.
 */
final class DevianceInformationCriterion extends AbstractSampleEstimator {
  @Override
  public String name() {
    return "dic";
  }

  @Override
  public String description() {
    return "−DIC/2, the deviance information criterion on the evidence's scale (Spiegelhalter et al. 2002)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.reference("DIC is a predictive criterion, not an estimate of ln p(D) (Chen & Welling report it"
        + " for comparison)");
  }

  @Override
  Result compute(SampledLikelihoods in, Map<String, Object> settings, Map<String, Object> diagnostics) {
    double[] ell = in.posteriorLogLikelihoods();
    double sum = 0;
    for (double v : ell) {
      sum += v;
    }
    double meanDeviance = -2 * sum / ell.length;
    double atMean = -2 * in.logLikelihoodAtPosteriorMean();
    if (!Double.isFinite(meanDeviance) || !Double.isFinite(atMean)) {
      String where = !Double.isFinite(meanDeviance)
          ? in.posteriorZeroLikelihoods() + " posterior draws have likelihood 0, so the mean deviance is infinite"
          : "the likelihood at the posterior mean is 0, so its deviance is infinite";
      return new Result(Double.NEGATIVE_INFINITY, Double.NaN, null, name() + ": " + where);
    }
    double pD = meanDeviance - atMean;
    double dic = meanDeviance + pD;
    diagnostics.put("pD", pD);
    diagnostics.put("meanDeviance", meanDeviance);
    diagnostics.put("devianceAtPosteriorMean", atMean);
    diagnostics.put("dic", dic);
    return Result.of(-dic / 2, Double.NaN);
  }
}
