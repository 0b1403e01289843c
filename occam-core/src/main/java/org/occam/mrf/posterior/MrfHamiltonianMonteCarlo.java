package org.occam.mrf.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.occam.math.RandomStreams;
import org.occam.mrf.ExactLogLikelihood;
import org.occam.mrf.MrfProblem;
import org.occam.sampling.HamiltonianMonteCarlo;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;

/**
 * {@code hmc}: Hybrid Monte Carlo (Duane et al. 1987; Neal 2011) on the exact log posterior
 * {@code N (λᵀ f̄ − log Z(λ)) − ½ |λ|²/σ0²}, log Z and its gradient {@code N (f̄ − E_λ[f])} by the
 * junction tree or enumeration — the ground truth of Welling &amp; Parise (2006, section 7).
 *
 * <p>The chains run in the coordinates u that whiten the Laplace approximation at λMP
 * ({@code λ = λMP + R⁻ᵀ u}, {@code A = R Rᵀ} the exact posterior precision; {@link Whitening}):
 * HMC with mass matrix A, exact for any A since the map is linear. They start over-dispersed from
 * that Gaussian (Gelman &amp; Rubin 1992), take {@value #LEAPFROG_STEPS} leapfrog steps per
 * transition (as Chen &amp; Welling's AIS did) with an initial step of half the smallest posterior
 * standard deviation (½ in u), tuned in the warm-up to the settings' target acceptance and then
 * frozen. The reported step size is in u.
 */
final class MrfHamiltonianMonteCarlo implements PosteriorSampler<MrfProblem> {
  static final int LEAPFROG_STEPS = 10;
  static final double INITIAL_STEP = 0.5;
  /** The over-dispersion of the starts (the Gaussian's spread multiplied by this). */
  static final double START_INFLATION = 2.0;

  @Override
  public String name() {
    return "hmc";
  }

  @Override
  public String description() {
    return "Hybrid Monte Carlo on the exact log posterior (junction tree gradients), the ground truth"
        + " (Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public ParameterSamples sample(MrfProblem problem, SamplerSettings settings, long seed) {
    long t0 = System.nanoTime();
    MrfProblem.Fit fit = problem.exactMap();
    Whitening w = Whitening.of(fit.lambda(), problem.exactPrecision(), problem.prior().precision());
    int f = problem.featureCount();
    double precision = problem.prior().precision();
    Supplier<ExactLogLikelihood> likelihoods = ExactLogLikelihood.perChain(problem.data());
    Supplier<HamiltonianMonteCarlo.LogDensity> density = () -> {
      ExactLogLikelihood likelihood = likelihoods.get();
      double[] lambda = new double[f];
      double[] gradLambda = new double[f];
      return (u, gradU) -> {
        w.toLambda(u, lambda);
        double value = likelihood.valueAndGradient(lambda, gradLambda);
        for (int k = 0; k < f; k++) {
          value -= 0.5 * precision * lambda[k] * lambda[k];
          gradLambda[k] -= precision * lambda[k];
        }
        w.gradientToU(gradLambda, gradU);
        return value;
      };
    };
    double[][] starts = MarkovChains.dispersedStarts(new double[f], identity(f), settings.chains(), START_INFLATION,
        RandomStreams.taskSeed(seed, 1));
    double setup = (System.nanoTime() - t0) * 1e-9;
    ParameterSamples inU = MarkovChains.hmc(name(), MrfPosteriorSamplers.parameterNames(problem), density, starts,
        INITIAL_STEP, LEAPFROG_STEPS, settings, seed);
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("leapfrogSteps", LEAPFROG_STEPS);
    set.put("initialStepSize", INITIAL_STEP);
    set.put("startInflation", START_INFLATION);
    set.put("massMatrix", "exact posterior precision at the MAP point");
    set.put("priorSigma", problem.settings().priorSigma());
    return w.toParameters(inU, name(), inU.parameterNames(), set, Map.of(), setup);
  }

  static double[][] identity(int f) {
    double[][] a = new double[f][f];
    for (int i = 0; i < f; i++) {
      a[i][i] = 1;
    }
    return a;
  }
}
