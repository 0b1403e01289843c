package org.occam.crf.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.occam.crf.CrfLikelihood;
import org.occam.crf.CrfProblem;
import org.occam.math.RandomStreams;
import org.occam.sampling.HamiltonianMonteCarlo;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.sampling.Whitening;
import org.occam.math.DifferentiableFunction;

/**
 * {@code hmc}: Hybrid Monte Carlo (Duane et al. 1987; Neal 2011) on the exact CRF log posterior
 * {@code Σ_n [λᵀ f(t_n, x_n) − log Z(x_n, λ)] − ½ |λ|²/σ0²}, log Z and its gradient
 * {@code Σ_n (f(t_n, x_n) − E[f | x_n, λ])} by forward–backward ({@link CrfLikelihood}): a ground
 * truth of the CRF posterior (Welling &amp; Parise 2006, section 7), the faster of the two exact
 * samplers (with {@code mh}).
 *
 * <p>As the Boltzmann-machine {@code hmc}: the chains run in the coordinates that whiten the
 * Laplace approximation at λMP ({@link Whitening}, HMC with mass matrix A), start over-dispersed
 * (twice the Laplace spread), with an initial step of ½ tuned in the warm-up to the settings' target
 * acceptance, and {@link #leapfrogSteps} leapfrog steps for a trajectory εL ≈ π/2 at the step
 * size a CRF posterior tunes to (a quarter period of the whitened Gaussian's dynamics). Each chain evaluates the likelihood on its own thread, so draws do not depend
 * on the thread count.
 */
final class CrfHamiltonianMonteCarlo implements PosteriorSampler<CrfProblem> {
  /**
   * The tuned ε of leapfrog in the whitened coordinates of a CRF posterior is about this times
   * d^(−1/4), not the Gaussian's 1.8 ({@link Whitening#STEP_PER_DIMENSION}): on the 48-parameter FAQ
   * model with 10 documents of 100 lines the posterior is far enough from its Laplace Gaussian that ε
   * tuned to 0.42 with 2 leapfrog steps and to 0.32–0.33 with 4–6. With the Gaussian's rule (L = 2,
   * εL = 0.84) the autocorrelation time was 22 transitions and 1,000 draws took 62 s; with L = 4 it
   * was 4.9 (34 s), with L = 6 2.3 (28 s), at the same ESS per second. On the two-parameter CRFs
   * of the tests the posterior is nearly Gaussian, ε tunes to 1.3–1.5 and this rule's L = 2 makes
   * εL ≈ 2.8, nearly half a period: the draws come out antithetic (ESS above the number of draws
   * for the means, about the number of draws for the squares), harmless for moments and the CVM.
   */
  static final double STEP_PER_DIMENSION = 0.85;
  static final double INITIAL_STEP = 0.5;
  static final double START_INFLATION = 2.0;

  @Override
  public String name() {
    return "hmc";
  }

  @Override
  public String description() {
    return "Hybrid Monte Carlo on the exact log posterior (forward-backward gradients), a ground truth"
        + " (Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public ParameterSamples sample(CrfProblem problem, SamplerSettings settings, long seed) {
    long t0 = System.nanoTime();
    Whitening w = CrfLaplace.whitening(problem);
    int f = problem.dimension();
    double precision = problem.prior().precision();
    CrfLikelihood likelihood = problem.likelihood();
    Supplier<HamiltonianMonteCarlo.LogDensity> density = () -> {
      double[] lambda = new double[f];
      double[] gradLambda = new double[f];
      return (u, gradU) -> {
        w.toLambda(u, lambda);
        if (!DifferentiableFunction.allFinite(lambda)) {
          java.util.Arrays.fill(gradU, Double.NaN);
          return Double.NaN;
        }
        double value = likelihood.valueAndGradient(lambda, gradLambda, 1);
        for (int k = 0; k < f; k++) {
          value -= 0.5 * precision * lambda[k] * lambda[k];
          gradLambda[k] -= precision * lambda[k];
        }
        w.gradientToU(gradLambda, gradU);
        return value;
      };
    };
    double[][] starts = MarkovChains.dispersedStarts(new double[f], Whitening.identity(f), settings.chains(),
        START_INFLATION, RandomStreams.taskSeed(seed, 1));
    int leapfrogSteps = leapfrogSteps(f);
    Map<String, Object> diag = new LinkedHashMap<>();
    CrfLaplace.describe(problem, diag);
    double setup = (System.nanoTime() - t0) * 1e-9;
    ParameterSamples inU = MarkovChains.hmc(name(), problem.features().parameterNames(), density, starts,
        INITIAL_STEP, leapfrogSteps, settings, seed);
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("initialStepSize", INITIAL_STEP);
    set.put("startInflation", START_INFLATION);
    set.put("massMatrix", "exact posterior precision at the MAP point");
    set.put("priorSigma", problem.settings().priorSigma());
    return w.toParameters(inU, name(), inU.parameterNames(), set, diag, setup);
  }

  /** L = max(1, round((π/2) / (0.85 d^(−1/4)))): 2 for d = 2, 5 for the papers' 48 parameters. */
  static int leapfrogSteps(int dimension) {
    return Whitening.leapfrogSteps(dimension, STEP_PER_DIMENSION);
  }
}
