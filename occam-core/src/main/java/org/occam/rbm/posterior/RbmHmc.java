package org.occam.rbm.posterior;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.function.Supplier;
import org.occam.math.RandomStreams;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLogLikelihood;
import org.occam.rbm.RbmProblem;
import org.occam.sampling.HamiltonianMonteCarlo;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;

/**
 * {@code hmc}: Hamiltonian Monte Carlo over an RBM's parameters with the exact log posterior and its
 * gradient — {@code ln p(D | λ) + ln N(λ; 0, σ0² I)}, log Z(λ) and E_λ[f] by enumerating the smaller
 * side at every leapfrog step ({@link RbmLogLikelihood}, as {@link org.occam.rbm.RbmParameterAis}
 * does) — the accurate sampler of Chen &amp; Welling's Figure 5 (2013, section 4.1). Ten leapfrog
 * steps, the step size tuned in the warm-up to the target acceptance and then frozen
 * ({@link MarkovChains#hmc}). Only for models with min(V, K) ≤
 * {@value RbmLogLikelihood#MAX_ENUMERATED_UNITS}; larger ones are refused in one line.
 *
 * <p>Chains start over-dispersed around λMP as in {@link RbmLangevinCd}, and like its chains they
 * stay in the mode of λMP: the posterior has K!·2^K equivalent modes (hidden-unit permutations and
 * flips) that one chain does not cross.
 */
public final class RbmHmc implements PosteriorSampler<RbmProblem> {
  /** Leapfrog steps per transition (Chen &amp; Welling's 10). */
  static final int LEAPFROG_STEPS = 10;

  @Override
  public String name() {
    return PosteriorDrawSettings.HMC;
  }

  @Override
  public String description() {
    return "Hamiltonian Monte Carlo with the exact gradient, log Z by enumeration (small models; Chen & Welling 4.1)";
  }

  @Override
  public boolean exact() {
    return true;
  }

  @Override
  public ParameterSamples sample(RbmProblem problem, SamplerSettings settings, long seed) {
    RbmData data = problem.laplace().data();
    RbmDrawLikelihood.checkEnumerable(data.visibleCount(), problem.hiddenCount(), "hmc");
    problem.progress().accept("hmc");
    Rbm mode = problem.mapRun().model();
    double sigma = problem.settings().priorSigma();
    RbmPosteriorCurvature curvature = RbmPosteriorCurvature.at(mode, data, sigma, problem.threads());
    double[][] starts = MarkovChains.dispersedStarts(mode.parameters(), curvature.precision(), settings.chains(),
        RbmLangevinCd.START_INFLATION, RandomStreams.taskSeed(seed, 1));
    RbmLogLikelihood prototype = new RbmLogLikelihood(problem.hiddenCount(), data);
    double precision = 1 / (sigma * sigma);
    Supplier<HamiltonianMonteCarlo.LogDensity> densities = () -> {
      RbmLogLikelihood likelihood = prototype.copy();
      return (lambda, grad) -> {
        double value = likelihood.valueAndGradient(lambda, grad);
        double squares = 0;
        for (int a = 0; a < lambda.length; a++) {
          squares += lambda[a] * lambda[a];
          grad[a] -= precision * lambda[a];
        }
        return value - 0.5 * precision * squares;
      };
    };
    double smallest = Double.POSITIVE_INFINITY;
    for (double s : curvature.scales()) {
      smallest = Math.min(smallest, s);
    }
    return MarkovChains.hmc(name(), RbmPosteriorSamplers.parameterNames(mode), densities, starts, 0.5 * smallest,
        LEAPFROG_STEPS, settings, RandomStreams.taskSeed(seed, 2));
  }
}
