package org.occam.mrf.methods;

import java.util.List;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfQuadrature;

/** {@code quadrature}: the evidence by a whitened trapezoid grid over the parameters ({@link MrfQuadrature}; F ≤ 3). */
final class MrfQuadratureMethod implements EvidenceMethod<MrfProblem> {
  @Override
  public String name() {
    return "quadrature";
  }

  @Override
  public String description() {
    return "numerical integration over λ on a whitened trapezoid grid (at most 3 parameters)";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.exact(MrfMethods.QUADRATURE_TOLERANCE, "a trapezoid rule on a smooth, rapidly decaying"
        + " integrand converges geometrically; 81 points per axis leave under 1e-6 nats on the reference models");
  }

  @Override
  public List<String> settings() {
    return List.of("prior", "halfWidth", "pointsPerAxis");
  }

  @Override
  public EvidenceEstimate estimate(MrfProblem problem) {
    problem.requireFullyObserved(name());
    var q = MrfQuadrature.Settings.defaults();
    return MrfQuadrature.estimate(problem.data(), new MrfQuadrature.Settings(problem.settings().priorSigma(),
        q.halfWidth(), q.pointsPerAxis()));
  }
}
