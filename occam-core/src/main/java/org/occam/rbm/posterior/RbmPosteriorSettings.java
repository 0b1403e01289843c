package org.occam.rbm.posterior;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.occam.data.InvalidInputException;
import org.occam.sampling.SamplerSettings;

/**
 * How the sample-based estimators of an RBM get their draws and likelihoods.
 *
 * @param sampler {@code lv-cd} (brief Langevin with CD-1 gradients, Chen &amp; Welling's) or
 *     {@code hmc} (exact gradients; small models only)
 * @param sampling draws, chains, warm-up and budget of the sampler (its thread count is replaced by
 *     the problem's)
 * @param betheLikelihood whether log Z(λ) in {@code ln p(D | λ)} is the Bethe approximation (else exact)
 * @param priorDraws independent prior draws for the bridge estimators (≥ 1)
 * @param langevinStep lv-cd's step ε, in units of the per-coordinate scales (0 &lt; ε &lt; 2)
 */
public record RbmPosteriorSettings(String sampler, SamplerSettings sampling, boolean betheLikelihood, int priorDraws,
    double langevinStep) {
  /** The samplers by name. */
  public static final String LV_CD = "lv-cd";
  public static final String HMC = "hmc";
  /**
   * lv-cd's default step: with scales {@code 1/√A_aa} the discretisation inflates the variance
   * along a direction of scaled curvature μ by {@code 1/(1 − ε²μ/4)}, 2% at μ = 1 with ε = 0.3.
   */
  public static final double DEFAULT_LANGEVIN_STEP = 0.3;

  public RbmPosteriorSettings {
    Objects.requireNonNull(sampling, "sampling");
    sampler = sampler.toLowerCase(Locale.ROOT);
    if (!sampler.equals(LV_CD) && !sampler.equals(HMC)) {
      throw new InvalidInputException("--sampler must be lv-cd or hmc, got " + sampler);
    }
    if (priorDraws < 1) {
      throw new InvalidInputException("--prior-draws must be >= 1, got " + priorDraws);
    }
    if (!(langevinStep > 0 && langevinStep < 2)) {
      throw new InvalidInputException("--langevin-step must be in (0, 2), got " + langevinStep);
    }
  }

  /** lv-cd, 10,000 draws over 10 chains (the paper's), 1,000 warm-up steps, exact likelihood, 10,000 prior draws. */
  public static RbmPosteriorSettings defaults() {
    return new RbmPosteriorSettings(LV_CD, new SamplerSettings(10_000, 10, 1_000, 2_000_000, 0.8, 1), false, 10_000,
        DEFAULT_LANGEVIN_STEP);
  }

  public RbmPosteriorSettings withSampler(String s) {
    return new RbmPosteriorSettings(s, sampling, betheLikelihood, priorDraws, langevinStep);
  }

  public RbmPosteriorSettings withSampling(SamplerSettings s) {
    return new RbmPosteriorSettings(sampler, s, betheLikelihood, priorDraws, langevinStep);
  }

  public RbmPosteriorSettings withBetheLikelihood(boolean b) {
    return new RbmPosteriorSettings(sampler, sampling, b, priorDraws, langevinStep);
  }

  public RbmPosteriorSettings withPriorDraws(int n) {
    return new RbmPosteriorSettings(sampler, sampling, betheLikelihood, n, langevinStep);
  }

  public RbmPosteriorSettings withLangevinStep(double e) {
    return new RbmPosteriorSettings(sampler, sampling, betheLikelihood, priorDraws, e);
  }

  /** The settings by name, for provenance. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sampler", sampler);
    m.put("samples", sampling.samples());
    m.put("chains", sampling.chains());
    m.put("warmup", sampling.warmup());
    m.put("maxTransitions", sampling.maxTransitions());
    m.put("likelihood", betheLikelihood ? "bethe" : "exact");
    m.put("priorDraws", priorDraws);
    if (sampler.equals(LV_CD)) {
      m.put("langevinStep", langevinStep);
    } else {
      m.put("targetAcceptance", sampling.targetAcceptance());
    }
    return m;
  }
}
