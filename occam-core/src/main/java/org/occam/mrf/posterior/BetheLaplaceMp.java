package org.occam.mrf.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.mrf.MrfProblem;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;

/**
 * {@code bl-mp}: the Bethe–Laplace posterior N(λMP, A⁻¹) with λMP the exact MAP point (exact
 * gradients) and {@code A = N C_LR + Λ⁻¹} from linear response on loopy BP at λMP (Welling &amp;
 * Parise 2006, sections 3–4 and 7, "BL-MP"). Independent draws, split into the settings' chains.
 */
final class BetheLaplaceMp implements PosteriorSampler<MrfProblem> {
  @Override
  public String name() {
    return "bl-mp";
  }

  @Override
  public String description() {
    return "Bethe-Laplace Gaussian at the exact MAP point, precision from linear response"
        + " (Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public ParameterSamples sample(MrfProblem problem, SamplerSettings settings, long seed) {
    MrfProblem.Fit fit = problem.exactMap();
    MrfProblem.BetheLaplace bl = problem.betheAtExactMap();
    return BetheLaplaceBp.draw(name(), problem, fit, bl, "exact", settings, seed);
  }

  /** Settings and diagnostics of a Bethe–Laplace Gaussian. */
  static Map<String, Object> describe(MrfProblem problem, MrfProblem.Fit fit, MrfProblem.BetheLaplace bl) {
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("mapOptimiserConverged", fit.result().converged());
    diag.put("mapIterations", fit.result().iterations());
    diag.put("mapSeconds", fit.seconds());
    MrfProblem.describeBethe(bl, diag);
    MrfProblem.describePrecision(bl.precision(), diag);
    diag.put("linearResponseSeconds", bl.seconds());
    return diag;
  }
}
