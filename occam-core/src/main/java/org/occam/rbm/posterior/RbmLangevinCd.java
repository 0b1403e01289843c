package org.occam.rbm.posterior;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.function.Supplier;
import org.occam.math.RandomStreams;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmProblem;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;

/**
 * {@code lv-cd}: "brief" Langevin dynamics over an RBM's parameters with contrastive-divergence
 * gradients, Chen &amp; Welling's (2013, section 3.2 and 4) sampler for their MCMC-based evidence
 * estimators, after Murray &amp; Ghahramani (2004) and Fan &amp; Xing (2006): unadjusted Langevin
 * ({@link MarkovChains#langevin}) {@code λ ← λ + (ε²/2) s²∘g + ε s∘η} with g the CD-1 estimate
 * of the log posterior's gradient ({@link RbmContrastiveDivergenceGradient}: the data term exact,
 * the model term from one Gibbs step started at the data rows), and the N(0, σ0² I) prior's
 * gradient (σ0 = 1 in the paper).
 *
 * <p>The chains (10 in the paper, converged when the MPSRF is below 1.1) start over-dispersed
 * around λMP of the Laplace procedure ({@link RbmProblem#mapRun()}), with the Gaussian
 * {@code N(λMP, A⁻¹)} inflated ({@link MarkovChains#dispersedStarts}); the per-coordinate scales
 * are {@code s_a = 1/√A_aa} ({@link RbmPosteriorCurvature}), so ε is a step in units of the
 * conditional posterior standard deviations. The draws are biased twice: by the discretisation (no
 * Metropolis correction) and by CD-1's gradient, which is the one-step kernel's, not the model's.
 *
 * <p>The RBM posterior is multimodal — permuting hidden units, or flipping one
 * ({@code z_k → 1 − z_k}), maps a mode to another with the same likelihood — and chains started
 * around one λMP stay in its mode, as Chen &amp; Welling's do (section 4: "initialized at λMP ...
 * so that they do not escape from their modes"). The estimators built on these draws estimate the
 * evidence of one mode; Laplace's equivalent-mode count is not applied to them.
 */
public final class RbmLangevinCd implements PosteriorSampler<RbmProblem> {
  /** How far the starts are spread beyond N(λMP, A⁻¹) (Gelman &amp; Rubin's over-dispersion). */
  static final double START_INFLATION = 2;

  @Override
  public String name() {
    return PosteriorDrawSettings.LV_CD;
  }

  @Override
  public String description() {
    return "brief Langevin with CD-1 gradients from lambdaMP (Chen & Welling 2013 4; Murray & Ghahramani 2004)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public ParameterSamples sample(RbmProblem problem, SamplerSettings settings, long seed) {
    problem.progress().accept("lv-cd");
    Rbm mode = problem.mapRun().model();
    RbmData data = problem.laplace().data();
    double sigma = problem.settings().priorSigma();
    RbmPosteriorCurvature curvature = RbmPosteriorCurvature.at(mode, data, sigma, problem.threads());
    double[][] starts = MarkovChains.dispersedStarts(mode.parameters(), curvature.precision(), settings.chains(),
        START_INFLATION, RandomStreams.taskSeed(seed, 1));
    int[][] rows = data.rows();
    long[] longCounts = data.counts();
    double[] counts = new double[longCounts.length];
    for (int n = 0; n < counts.length; n++) {
      counts[n] = longCounts[n];
    }
    int v = mode.visibleCount();
    int k = mode.hiddenCount();
    Supplier<MarkovChains.StochasticGradient> gradients = () -> {
      RbmContrastiveDivergenceGradient cd = new RbmContrastiveDivergenceGradient(v, k, rows, counts, sigma,
          RbmContrastiveDivergenceGradient.DEFAULT_MAX_REPLICAS);
      return cd::gradient;
    };
    return MarkovChains.langevin(name(), RbmPosteriorSamplers.parameterNames(mode), gradients, starts,
        curvature.scales(), problem.posteriorSettings().langevinStep(), settings, RandomStreams.taskSeed(seed, 2));
  }
}
