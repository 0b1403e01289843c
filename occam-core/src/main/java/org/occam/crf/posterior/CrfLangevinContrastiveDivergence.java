package org.occam.crf.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.occam.crf.CrfProblem;
import org.occam.math.RandomStreams;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.sampling.Whitening;

/**
 * {@code lv-cd}: brief (unadjusted) Langevin dynamics with contrastive-divergence gradients
 * (Murray &amp; Ghahramani 2004; Welling &amp; Parise 2006, section 7, "LV-CD" in the CRF experiment):
 * no log Z and no accept step, {@code λ ← λ + (ε²/2) M g + ε M^½ η} with g the CD estimate of the log
 * posterior's gradient from one Gibbs sweep of every training chain ({@link ChainContrastiveDivergence})
 * and M = A⁻¹ the Laplace covariance at λMP (the chains run in the coordinates that whiten A,
 * {@link Whitening}, with unit step scales, so ε is on the standardised scale). ε is the problem's
 * {@link org.occam.sampling.PosteriorDrawSettings#langevinStep()} (0.3 by default). As the
 * Boltzmann-machine {@code lv-cd}: chains start over-dispersed (twice the Laplace spread), and the
 * draws are biased — on a Gaussian the unadjusted chain's variance is too large by about
 * 1/(1 − ε²/4), and CD's bias adds to it.
 */
final class CrfLangevinContrastiveDivergence implements PosteriorSampler<CrfProblem> {
  static final double START_INFLATION = 2.0;

  @Override
  public String name() {
    return "lv-cd";
  }

  @Override
  public String description() {
    return "brief Langevin with contrastive-divergence gradients, one Gibbs sweep of each chain from its labels"
        + " (Murray & Ghahramani 2004; Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public ParameterSamples sample(CrfProblem problem, SamplerSettings settings, long seed) {
    long t0 = System.nanoTime();
    Whitening w = CrfLaplace.whitening(problem);
    double priorPrecision = problem.prior().precision();
    double epsilon = problem.settings().posterior().langevinStep();
    Supplier<MarkovChains.StochasticGradient> gradient = () ->
        new ChainContrastiveDivergence(problem.features(), priorPrecision)::gradient;
    Map<String, Object> diag = new LinkedHashMap<>();
    CrfLaplace.describe(problem, diag);
    diag.put("sweepsPerGradient", problem.sequences());
    double setup = (System.nanoTime() - t0) * 1e-9;
    ParameterSamples inU = w.langevin(name(), problem.features().parameterNames(), gradient, epsilon, START_INFLATION,
        settings, RandomStreams.taskSeed(seed, 1), seed);
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("langevinStep", epsilon);
    set.put("gibbsSweepsPerStep", 1);
    set.put("startInflation", START_INFLATION);
    set.put("scales", "exact Laplace at the MAP point");
    set.put("priorSigma", problem.settings().priorSigma());
    return w.toParameters(inU, name(), inU.parameterNames(), set, diag, setup);
  }
}
