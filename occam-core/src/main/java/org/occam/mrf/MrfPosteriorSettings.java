package org.occam.mrf;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.occam.data.InvalidInputException;
import org.occam.sampling.SamplerSettings;

/**
 * How the sample-based evidence estimators of a Boltzmann machine ({@code harmonic1},
 * {@code harmonic4}, {@code bridge-geo}, {@code bridge-opt}, {@code dic}) get their draws: which
 * posterior sampler, with which chain settings, whether the likelihood at the draws uses the exact
 * log Z or the Bethe free energy (Chen &amp; Welling 2013 used BP where log Z could not be
 * enumerated), and how many prior draws the bridge estimators get.
 *
 * @param sampler the posterior sampler's name ({@code lv-cd}, {@code hmc}, {@code mc-bp},
 *     {@code bl-mp}, {@code bl-bp})
 * @param sampling its chain settings
 * @param betheLikelihood ln p(D | λ) with log Z replaced by the Bethe free energy at BP's fixed point
 * @param priorDraws the number of independent draws from the prior N(0, σ0² I) (≥ 0)
 * @param langevinStepSize ε of {@code lv-cd} on the standardised scale (each coordinate's step
 *     scaled by its Laplace standard deviation), &gt; 0
 */
public record MrfPosteriorSettings(String sampler, SamplerSettings sampling, boolean betheLikelihood, int priorDraws,
    double langevinStepSize) {
  /** The samplers {@link #sampler} may name. */
  public static final List<String> SAMPLERS = List.of("bl-mp", "bl-bp", "lv-cd", "mc-bp", "hmc");

  /**
   * ε of {@code lv-cd} on the standardised scale. The unadjusted Langevin chain's stationary
   * variance exceeds the target's by a factor of about 1/(1 − ε²/4) on a Gaussian target (its
   * bias), 2.3 % at 0.3; larger steps mix faster but drift further.
   */
  public static final double DEFAULT_LANGEVIN_STEP_SIZE = 0.3;

  public MrfPosteriorSettings {
    Objects.requireNonNull(sampler, "sampler");
    Objects.requireNonNull(sampling, "sampling");
    sampler = sampler.toLowerCase(Locale.ROOT);
    if (!SAMPLERS.contains(sampler)) {
      throw new InvalidInputException("unknown posterior sampler '" + sampler + "'; expected one of "
          + String.join(", ", SAMPLERS));
    }
    if (priorDraws < 0) {
      throw new InvalidInputException("the number of prior draws must be >= 0, got " + priorDraws);
    }
    if (!(langevinStepSize > 0 && langevinStepSize < Double.POSITIVE_INFINITY)) {
      throw new InvalidInputException("the Langevin step size must be finite and > 0, got " + langevinStepSize);
    }
  }

  /** As the record, with the default Langevin step size. */
  public MrfPosteriorSettings(String sampler, SamplerSettings sampling, boolean betheLikelihood, int priorDraws) {
    this(sampler, sampling, betheLikelihood, priorDraws, DEFAULT_LANGEVIN_STEP_SIZE);
  }

  /**
   * {@code lv-cd}, 10,000 draws over 10 chains (Chen &amp; Welling's 10 chains), the exact
   * likelihood, 10,000 prior draws.
   */
  public static MrfPosteriorSettings defaults() {
    return new MrfPosteriorSettings("lv-cd", SamplerSettings.defaults().withChains(10), false, 10_000);
  }

  public MrfPosteriorSettings withSampler(String name) {
    return new MrfPosteriorSettings(name, sampling, betheLikelihood, priorDraws, langevinStepSize);
  }

  public MrfPosteriorSettings withSampling(SamplerSettings s) {
    return new MrfPosteriorSettings(sampler, s, betheLikelihood, priorDraws, langevinStepSize);
  }

  public MrfPosteriorSettings withBetheLikelihood(boolean bethe) {
    return new MrfPosteriorSettings(sampler, sampling, bethe, priorDraws, langevinStepSize);
  }

  public MrfPosteriorSettings withPriorDraws(int n) {
    return new MrfPosteriorSettings(sampler, sampling, betheLikelihood, n, langevinStepSize);
  }

  public MrfPosteriorSettings withLangevinStepSize(double epsilon) {
    return new MrfPosteriorSettings(sampler, sampling, betheLikelihood, priorDraws, epsilon);
  }

  /** The settings by name, for the estimates' provenance. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sampler", sampler);
    m.put("samples", sampling.samples());
    m.put("chains", sampling.chains());
    m.put("warmup", sampling.warmup());
    m.put("maxTransitions", sampling.maxTransitions());
    m.put("targetAcceptance", sampling.targetAcceptance());
    m.put("likelihood", betheLikelihood ? "bethe" : "exact");
    m.put("priorDraws", priorDraws);
    m.put("langevinStepSize", langevinStepSize);
    return m;
  }
}
