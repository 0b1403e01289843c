package org.occam.sampling;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.occam.data.InvalidInputException;

/**
 * How a family's sample-based evidence estimators ({@code harmonic1}, {@code harmonic4},
 * {@code bridge-geo}, {@code bridge-opt}, {@code dic}) get their draws, for Boltzmann machines and
 * RBMs alike: which posterior sampler, with which chain settings, whether the likelihood at the
 * draws uses the exact log Z or the Bethe free energy (Chen &amp; Welling 2013 used BP where log Z
 * could not be enumerated), how many prior draws the bridge estimators get, and brief Langevin's
 * step. The family's sampler registry checks the sampler's name when the draws are made.
 *
 * @param sampler the posterior sampler's name ({@code lv-cd}, {@code hmc}, … as the family lists them)
 * @param sampling its chain settings
 * @param betheLikelihood ln p(D | λ) with log Z replaced by the Bethe free energy at BP's fixed point
 * @param priorDraws the number of independent draws from the prior N(0, σ0² I) (≥ 0)
 * @param langevinStep ε of {@code lv-cd} on the standardised scale (each coordinate's step scaled by
 *     its Laplace standard deviation), in (0, 2): the unadjusted chain is unstable beyond
 */
public record PosteriorDrawSettings(String sampler, SamplerSettings sampling, boolean betheLikelihood, int priorDraws,
    double langevinStep) implements java.io.Serializable {
  /** Brief Langevin with contrastive-divergence gradients (Murray &amp; Ghahramani 2004). */
  public static final String LV_CD = "lv-cd";
  /** Hybrid Monte Carlo with exact gradients. */
  public static final String HMC = "hmc";

  /**
   * ε of {@code lv-cd} on the standardised scale. The unadjusted Langevin chain's stationary
   * variance exceeds the target's by a factor of about 1/(1 − ε²/4) on a Gaussian target (its
   * bias), 2.3 % at 0.3; larger steps mix faster but drift further.
   */
  public static final double DEFAULT_LANGEVIN_STEP = 0.3;

  public PosteriorDrawSettings {
    Objects.requireNonNull(sampler, "sampler");
    Objects.requireNonNull(sampling, "sampling");
    sampler = sampler.trim().toLowerCase(Locale.ROOT);
    if (priorDraws < 0) {
      throw new InvalidInputException("the number of prior draws must be >= 0, got " + priorDraws);
    }
    if (!(langevinStep > 0 && langevinStep < 2)) {
      throw new InvalidInputException("the Langevin step must be in (0, 2), got " + langevinStep);
    }
  }

  /** As the record, with the default Langevin step. */
  public PosteriorDrawSettings(String sampler, SamplerSettings sampling, boolean betheLikelihood, int priorDraws) {
    this(sampler, sampling, betheLikelihood, priorDraws, DEFAULT_LANGEVIN_STEP);
  }

  /**
   * {@code lv-cd} (Chen &amp; Welling's), 10,000 draws over 10 chains (their 10 chains), 1,000
   * warm-up transitions, the exact likelihood, 10,000 prior draws.
   */
  public static PosteriorDrawSettings defaults() {
    return new PosteriorDrawSettings(LV_CD, SamplerSettings.defaults().withChains(10), false, 10_000);
  }

  /**
   * The defaults with a sampler and a likelihood given by name, as the commands take them: the
   * likelihood {@code exact} or {@code bethe}, the sampler {@code auto} (see
   * {@link PosteriorSampler#resolve}), {@code lv-cd} or {@code hmc}; and the draws' budget.
   *
   * @throws InvalidInputException naming the option that is out of range
   */
  public static PosteriorDrawSettings parse(String sampler, String likelihood, int samples, int chains,
      int priorDraws) {
    String l = likelihood.trim().toLowerCase(java.util.Locale.ROOT);
    if (!l.equals("exact") && !l.equals("bethe")) {
      throw new InvalidInputException("--likelihood must be exact or bethe, got '" + likelihood + "'");
    }
    String s = PosteriorSampler.resolve(sampler, l.equals("bethe"));
    if (!s.equals(LV_CD) && !s.equals(HMC)) {
      throw new InvalidInputException("--sampler must be auto, lv-cd or hmc, got '" + sampler + "'");
    }
    if (samples < 1) {
      throw new InvalidInputException("--samples must be >= 1, got " + samples);
    }
    if (chains < 1) {
      throw new InvalidInputException("--chains must be >= 1, got " + chains);
    }
    if (priorDraws < 0) {
      throw new InvalidInputException("--prior-draws must be >= 0, got " + priorDraws);
    }
    PosteriorDrawSettings d = defaults();
    return d.withSampler(s).withSampling(d.sampling().withSamples(samples).withChains(chains))
        .withBetheLikelihood(l.equals("bethe")).withPriorDraws(priorDraws);
  }

  public PosteriorDrawSettings withSampler(String name) {
    return new PosteriorDrawSettings(name, sampling, betheLikelihood, priorDraws, langevinStep);
  }

  public PosteriorDrawSettings withSampling(SamplerSettings s) {
    return new PosteriorDrawSettings(sampler, s, betheLikelihood, priorDraws, langevinStep);
  }

  public PosteriorDrawSettings withBetheLikelihood(boolean bethe) {
    return new PosteriorDrawSettings(sampler, sampling, bethe, priorDraws, langevinStep);
  }

  public PosteriorDrawSettings withPriorDraws(int n) {
    return new PosteriorDrawSettings(sampler, sampling, betheLikelihood, n, langevinStep);
  }

  public PosteriorDrawSettings withLangevinStep(double epsilon) {
    return new PosteriorDrawSettings(sampler, sampling, betheLikelihood, priorDraws, epsilon);
  }

  /** The settings by name, for the estimates' provenance (the step for lv-cd, the target acceptance otherwise). */
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
