package org.occam.mrf.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.mrf.MrfProblem;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.sampling.Whitening;

/**
 * {@code bl-bp}: the Bethe–Laplace posterior N(λMP_BP, A⁻¹) with the mode found on the Bethe
 * log posterior — pseudo-moment matching, then BP-gradient ascent on the penalised Bethe
 * likelihood — and {@code A = N C_LR + Λ⁻¹} from linear response there (Welling &amp; Parise 2006,
 * section 7, "BL-BP"). Needs no exact inference, so it runs where the junction tree cannot. On a
 * tree BP and linear response are exact, and it equals {@code bl-mp}.
 */
final class BetheLaplaceBp implements PosteriorSampler<MrfProblem> {
  @Override
  public String name() {
    return "bl-bp";
  }

  @Override
  public String description() {
    return "Bethe-Laplace Gaussian at the BP MAP point (PMM then BP-gradient ascent), precision from"
        + " linear response (Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public ParameterSamples sample(MrfProblem problem, SamplerSettings settings, long seed) {
    MrfProblem.Fit fit = problem.bpMap();
    MrfProblem.BetheLaplace bl = problem.betheAtBpMap();
    return draw(name(), problem, fit, bl, "bethe", settings, seed);
  }

  static ParameterSamples draw(String method, MrfProblem problem, MrfProblem.Fit fit, MrfProblem.BetheLaplace bl,
      String point, SamplerSettings settings, long seed) {
    double[][] a = Whitening.toArray(bl.precision().matrix());
    ParameterSamples s = MarkovChains.gaussian(method, MrfPosteriorSamplers.parameterNames(problem), fit.lambda(), a,
        settings, seed);
    Map<String, Object> set = new LinkedHashMap<>(s.settings());
    set.put("mode", point);
    set.put("covariance", "linear response");
    set.put("bp", problem.settings().bp().toString());
    set.put("priorSigma", problem.settings().priorSigma());
    Map<String, Object> diag = new LinkedHashMap<>(s.diagnostics());
    diag.putAll(BetheLaplaceMp.describe(problem, fit, bl));
    if (fit.bpCalls() > 0) {
      diag.put("bpCalls", fit.bpCalls());
      diag.put("bpNonConvergedCalls", fit.bpNonConvergedCalls());
    }
    return new ParameterSamples(method, s.parameterNames(), s.draws(), s.seconds() + fit.seconds() + bl.seconds(),
        set, diag);
  }
}
