package org.occam.crf.posterior;

import java.util.LinkedHashMap;
import java.util.Map;
import org.occam.crf.CrfProblem;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.PosteriorSampler;
import org.occam.sampling.SamplerSettings;
import org.occam.sampling.Whitening;

/**
 * {@code bl-mp}: the Laplace Gaussian N(λMP, A⁻¹) of a CRF posterior (Welling &amp; Parise 2006,
 * sections 5 and 7, "BL-MP" in the newsgroup-FAQ experiment), independent draws
 * ({@link MarkovChains#gaussian}) split into the settings' chains.
 *
 * <p>λMP is the exact MAP point and {@code A = Σ_n C_{x_n}(λMP) + Λ⁻¹} (eqn 12). C_{x_n} is built
 * as the paper builds it: the covariance C_u of the untied chain statistics
 * u = (t_1…t_L, t_1t_2…t_{L−1}t_L) — for a document of 100 lines 199 of them, one field per line and
 * one coupling per pair — projected onto the tied parameters by the design Φ_n,
 * {@code C_{x_n} = Φ_nᵀ C_u Φ_n} ({@link org.occam.crf.CrfFeatures#addProjectedCovariance}); that is the
 * paper's 199 → 48 projection. On a chain BP and linear response are exact, so C_u is the exact
 * covariance (forward–backward) and BL-MP here is the exact Laplace approximation, BL-BP would be
 * the same Gaussian.
 *
 * <p>The diagnostics add the Gaussian's mean ({@code mode}, λMP) and marginal standard deviations
 * ({@code laplaceSd}, √diag A⁻¹) to the MAP fit's and A's.
 */
final class CrfBetheLaplaceMp implements PosteriorSampler<CrfProblem> {
  @Override
  public String name() {
    return "bl-mp";
  }

  @Override
  public String description() {
    return "Laplace Gaussian N(lambdaMP, A^-1), A from the untied chain covariance projected to the tied"
        + " parameters (Welling & Parise 2006, sec. 7)";
  }

  @Override
  public boolean exact() {
    return false;
  }

  @Override
  public ParameterSamples sample(CrfProblem problem, SamplerSettings settings, long seed) {
    double[] mode = problem.map().lambda();
    double[][] a = Whitening.toArray(problem.precision().matrix());
    ParameterSamples s = MarkovChains.gaussian(name(), problem.features().parameterNames(), mode, a, settings, seed);
    Map<String, Object> set = new LinkedHashMap<>(s.settings());
    set.put("covariance", "exact chain covariance, untied statistics projected by the design");
    set.put("priorSigma", problem.settings().priorSigma());
    Map<String, Object> diag = new LinkedHashMap<>(s.diagnostics());
    CrfLaplace.describe(problem, diag);
    diag.put("mode", CrfLaplace.boxed(mode));
    diag.put("laplaceSd", CrfLaplace.boxed(CrfLaplace.whitening(problem).standardDeviations()));
    return new ParameterSamples(name(), s.parameterNames(), s.draws(), s.seconds() + CrfLaplace.seconds(problem), set,
        diag);
  }
}
