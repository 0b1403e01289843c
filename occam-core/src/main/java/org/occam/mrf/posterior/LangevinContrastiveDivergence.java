package org.occam.mrf.posterior;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.PosteriorPrecision;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.sampling.Whitening;

/**
 * {@code lv-cd}: brief (unadjusted) Langevin dynamics with contrastive-divergence gradients
 * (Murray &amp; Ghahramani 2004; Welling &amp; Parise 2006, section 7, "LV-CD"): no log Z and no
 * accept step, {@code λ ← λ + (ε²/2) M g + ε M^½ η} with g the CD estimate of the log posterior's
 * gradient ({@link ContrastiveDivergence}, one Gibbs sweep from every data row) and M the inverse
 * of the Laplace precision at the MAP point (the chains run in the coordinates that whiten it,
 * {@link Whitening}, with unit step scales; so ε is on the standardised scale). ε is
 * {@link org.occam.mrf.PosteriorDrawSettings#langevinStep()} of the problem's posterior
 * settings. Without an accept step the chain is biased: on a Gaussian its variance is too large by
 * about 1/(1 − ε²/4), and CD's bias adds to it.
 *
 * <p>The Laplace precision is the exact one ({@code exactPrecision()}) when exact inference is
 * possible, else linear response at the BP MAP point. The data's distinct rows are needed
 * ({@link org.occam.mrf.MrfData#hasRows()}).
 */
final class LangevinContrastiveDivergence implements PosteriorSampler<MrfProblem> {
  static final double START_INFLATION = 2.0;

  @Override
  public String name() {
    return "lv-cd";
  }

  @Override
  public String description() {
    return "brief Langevin with contrastive-divergence gradients, one Gibbs sweep from the data"
        + " (Murray & Ghahramani 2004; Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public ParameterSamples sample(MrfProblem problem, SamplerSettings settings, long seed) {
    if (!problem.data().hasRows()) {
      throw new InvalidInputException("lv-cd runs Gibbs sweeps from the data rows, but these data were given as"
          + " feature means only");
    }
    long t0 = System.nanoTime();
    double priorPrecision = problem.prior().precision();
    Map<String, Object> diag = new LinkedHashMap<>();
    Whitening w = laplace(problem, diag);
    double epsilon = problem.posteriorSettings().langevinStep();
    long[] sweeps = new long[1];
    java.util.function.Supplier<MarkovChains.StochasticGradient> gradient = () -> {
      ContrastiveDivergence cd = new ContrastiveDivergence(problem.data(), priorPrecision);
      sweeps[0] = cd.sweepsPerGradient();
      return cd::gradient;
    };
    double setup = (System.nanoTime() - t0) * 1e-9;
    ParameterSamples inU = w.langevin(name(), MrfPosteriorSamplers.parameterNames(problem), gradient, epsilon,
        START_INFLATION, settings, RandomStreams.taskSeed(seed, 1), seed);
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("langevinStep", epsilon);
    set.put("gibbsSweepsPerStep", 1);
    set.put("startInflation", START_INFLATION);
    set.put("priorSigma", problem.settings().priorSigma());
    diag.put("sweepsPerGradient", sweeps[0]);
    return w.toParameters(inU, name(), inU.parameterNames(), set, diag, setup);
  }

  /**
   * The Laplace approximation at the exact MAP point when exact inference is possible, else linear
   * response at the BP MAP point.
   */
  static Whitening laplace(MrfProblem problem, Map<String, Object> diag) {
    double priorPrecision = problem.prior().precision();
    try {
      PosteriorPrecision a = problem.exactPrecision();
      diag.put("scales", "exact Laplace at the MAP point");
      return Whitening.of(problem.exactMap().lambda(), a.matrix(), priorPrecision);
    } catch (IllegalArgumentException tooWide) {
      MrfProblem.BetheLaplace bl = problem.betheAtBpMap();
      diag.put("scales", "linear response at the BP MAP point");
      return Whitening.of(problem.bpMap().lambda(), bl.precision().matrix(), priorPrecision);
    }
  }
}
