package org.occam.rbm.posterior;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.occam.math.RandomStreams;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmProblem;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.sampling.Whitening;

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
 * {@code N(λMP, A⁻¹)} inflated ({@link MarkovChains#dispersedStarts}), and run in the coordinates
 * that whiten it ({@link Whitening}: {@code λ = λMP + R⁻ᵀu}, A = RRᵀ the exact curvature of
 * {@link RbmPosteriorCurvature}, or its diagonal when F is too large or A is not positive
 * definite), so ε is a step on the standardised scale — Langevin preconditioned by A⁻¹. The draws
 * are biased twice: by the discretisation (no Metropolis correction) and by CD-1's gradient, which
 * is the one-step kernel's, not the model's. That second bias, not the conditioning, is what makes
 * the chains slow: whitening took the autocorrelation time on 5 words, K = 3, N = 100 only from
 * 1,410 to 1,240 steps (at ε = 0.3 an exact-gradient chain on a standard Gaussian needs about 20),
 * and harmonic1 on its draws sat 30 nats below harmonic1 on HMC's (−262 against −232).
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
    long t0 = System.nanoTime();
    Rbm mode = problem.mapRun().model();
    RbmData data = problem.laplace().data();
    double sigma = problem.settings().priorSigma();
    RbmPosteriorCurvature curvature = RbmPosteriorCurvature.at(mode, data, sigma, problem.threads());
    Whitening w = Whitening.of(mode.parameters(), curvature.precision(), 1 / (sigma * sigma));
    int[][] rows = data.rows();
    long[] longCounts = data.counts();
    double[] counts = new double[longCounts.length];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = longCounts[i];
    }
    int v = mode.visibleCount();
    int k = mode.hiddenCount();
    Supplier<MarkovChains.StochasticGradient> gradients = () -> new RbmContrastiveDivergenceGradient(v, k, rows,
        counts, sigma, RbmContrastiveDivergenceGradient.DEFAULT_MAX_REPLICAS)::gradient;
    double setup = (System.nanoTime() - t0) * 1e-9;
    ParameterSamples inU = w.langevin(name(), RbmPosteriorSamplers.parameterNames(mode), gradients,
        problem.posteriorSettings().langevinStep(), START_INFLATION, settings, RandomStreams.taskSeed(seed, 1),
        RandomStreams.taskSeed(seed, 2));
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("langevinStep", problem.posteriorSettings().langevinStep());
    set.put("gibbsSweepsPerStep", 1);
    set.put("startInflation", START_INFLATION);
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("scales", curvature.exact()
        ? (curvature.positiveDefinite() ? "exact Laplace precision at lambdaMP"
            : "diagonal of the exact Laplace precision at lambdaMP (not positive definite)")
        : "diagonal of the data's conditional feature variances at lambdaMP (F too large for the full matrix)");
    return w.toParameters(inU, name(), inU.parameterNames(), set, diag, setup);
  }
}
