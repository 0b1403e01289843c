package org.occam.crf.methods;

import java.util.List;
import org.occam.crf.CrfProblem;
import org.occam.data.InvalidInputException;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.sampling.ParameterQuadrature;

/**
 * {@code quadrature}: the evidence of a CRF with at most 3 parameters by a trapezoid grid over λ in
 * the Hessian-whitened coordinates at the mode ({@link ParameterQuadrature}), with the exact
 * conditional likelihood and its curvature {@code Σ_n C_{x_n}(λ)} by forward–backward: the ground
 * truth that {@code laplace-exact} and {@code ais} are tested against (issue 14, acceptance 4).
 */
final class CrfQuadrature implements EvidenceMethod<CrfProblem> {
  @Override
  public String name() {
    return "quadrature";
  }

  @Override
  public String description() {
    return "numerical integration over λ on a whitened trapezoid grid with exact log Z(x) (at most 3 parameters)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.exact(CrfMethods.QUADRATURE_TOLERANCE, "a trapezoid rule on a smooth, rapidly decaying"
        + " integrand converges geometrically; 81 points per axis leave under 1e-6 nats on the reference CRFs");
  }

  @Override
  public List<String> settings() {
    return List.of("prior", "halfWidth", "pointsPerAxis");
  }

  /** @throws InvalidInputException for more than {@value ParameterQuadrature#MAX_PARAMETERS} parameters */
  @Override
  public EvidenceEstimate estimate(CrfProblem problem) {
    int f = problem.dimension();
    if (f > ParameterQuadrature.MAX_PARAMETERS) {
      throw new InvalidInputException("crf quadrature integrates over at most " + ParameterQuadrature.MAX_PARAMETERS
          + " parameters, but this model has F = " + f + "; use laplace-exact or ais instead");
    }
    var settings = ParameterQuadrature.Settings.defaults().withPriorSigma(problem.settings().priorSigma());
    int threads = problem.settings().threads();
    return ParameterQuadrature.estimate(problem.likelihood(),
        lambda -> problem.likelihood().covarianceSum(lambda, threads), settings);
  }
}
