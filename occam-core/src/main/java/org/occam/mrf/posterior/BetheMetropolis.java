package org.occam.mrf.posterior;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfLikelihood;
import org.occam.mrf.MrfProblem;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.sampling.Whitening;

/**
 * {@code mc-bp}: random-walk Metropolis–Hastings with symmetric Gaussian proposals whose acceptance
 * uses the Bethe log posterior, log Z replaced by {@code −F_Bethe} at loopy BP's fixed point
 * (Welling &amp; Parise 2006, section 7, "MC-BP"). Its stationary distribution is the Bethe
 * posterior, not the true one; on a tree they coincide.
 *
 * <p>Proposals are N(0, c² A⁻¹) with A the linear-response precision at the BP MAP point (the
 * chains run in the coordinates that whiten it, {@link Whitening}; the diagonal when A is not
 * positive definite), the factor c tuned in the warm-up to acceptance {@value #TARGET_ACCEPTANCE}
 * (Roberts, Gelman &amp; Gilks 1997), which overrides the settings' target (meant for HMC). Each
 * chain has its own BP engine, warm-started from the previous proposal's messages; BP runs that
 * stop without converging still give a value (from the last sweep) and are counted in the
 * diagnostics ({@code bpNonConvergedCalls}).
 */
final class BetheMetropolis implements PosteriorSampler<MrfProblem> {
  static final double TARGET_ACCEPTANCE = 0.234;
  static final double START_INFLATION = 2.0;

  @Override
  public String name() {
    return "mc-bp";
  }

  @Override
  public String description() {
    return "random-walk Metropolis on the Bethe log posterior (log Z by the Bethe free energy)"
        + " (Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public ParameterSamples sample(MrfProblem problem, SamplerSettings settings, long seed) {
    long t0 = System.nanoTime();
    MrfProblem.Fit fit = problem.bpMap();
    MrfProblem.BetheLaplace bl = problem.betheAtBpMap();
    Whitening w = Whitening.of(fit.lambda(), bl.precision().matrix(), problem.prior().precision());
    int f = problem.featureCount();
    List<MrfLikelihood> engines = new ArrayList<>();
    Supplier<ToDoubleFunction<double[]>> density = () -> {
      MrfLikelihood bethe = MrfLikelihood.bethe(problem.data(), problem.prior(), problem.settings().bp());
      synchronized (engines) {
        engines.add(bethe);
      }
      double[] lambda = new double[f];
      return u -> {
        w.toLambda(u, lambda);
        for (double l : lambda) {
          if (!Double.isFinite(l)) {
            return Double.NEGATIVE_INFINITY;
          }
        }
        return bethe.evaluate(lambda).logPosterior();
      };
    };
    double[] scales = new double[f];
    java.util.Arrays.fill(scales, 1.0);
    double[][] starts = MarkovChains.dispersedStarts(new double[f], Whitening.identity(f),
        settings.chains(), START_INFLATION, RandomStreams.taskSeed(seed, 1));
    SamplerSettings rw = new SamplerSettings(settings.samples(), settings.chains(), settings.warmup(),
        settings.maxTransitions(), TARGET_ACCEPTANCE, settings.threads());
    double setup = (System.nanoTime() - t0) * 1e-9;
    ParameterSamples inU = MarkovChains.randomWalkMetropolis(name(), MrfPosteriorSamplers.parameterNames(problem),
        density, starts, scales, rw, seed);
    long calls = 0;
    long nonConverged = 0;
    synchronized (engines) {
      for (MrfLikelihood e : engines) {
        calls += e.bpCalls();
        nonConverged += e.bpNonConvergedCalls();
      }
    }
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("targetAcceptance", TARGET_ACCEPTANCE);
    set.put("startInflation", START_INFLATION);
    set.put("bp", problem.settings().bp().toString());
    set.put("priorSigma", problem.settings().priorSigma());
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("bpCalls", calls);
    diag.put("bpNonConvergedCalls", nonConverged);
    MrfProblem.describeBethe(bl, diag);
    return w.toParameters(inU, name(), inU.parameterNames(), set, diag, setup + fit.seconds() + bl.seconds());
  }
}
