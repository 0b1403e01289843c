package org.occam.mrf;

import java.util.Map;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.sampling.ParameterQuadrature;

/**
 * The evidence of a fully observed Boltzmann machine with at most 3 parameters by numerical
 * integration, independent of any sampler:
 *
 * <pre>  ln p(D) = ln ∫ N(λ; 0, σ0² I) exp(L(λ)) dλ,   L(λ) = N (λᵀ f̄ − log Z(λ))</pre>
 *
 * <p>The grid integration is the family-independent {@link ParameterQuadrature} (Newton to the
 * mode, a trapezoid rule in the Hessian-whitened coordinates, the nested half grid's difference as
 * the error estimate); this class supplies the exact likelihood, with its gradient
 * {@code N (f̄ − E[f])}, and its curvature {@code N C(λ)} (C the exact feature covariance).
 *
 * <p>Example:
 *
 * <pre>{@code
 * EvidenceEstimate q = MrfQuadrature.estimate(MrfData.of(PairwiseGraph.complete(2), dataset), MrfQuadrature.Settings.defaults());
 * }</pre>
 */
public final class MrfQuadrature {
  /** The most parameters integrated (a 3-D grid of 81³ ≈ 5·10⁵ points by default). */
  public static final int MAX_PARAMETERS = ParameterQuadrature.MAX_PARAMETERS;
  /** The faces of the box must be this far (in log density) below the mode. */
  static final double MIN_FACE_DROP = ParameterQuadrature.MIN_FACE_DROP;

  /**
   * @param priorSigma σ0 of the prior N(0, σ0² I)
   * @param halfWidth h, the box's half width in posterior standard deviations (of the Laplace
   *     approximation at the mode)
   * @param pointsPerAxis odd, ≥ 5: the grid spacing is {@code 2h / (pointsPerAxis − 1)}, and the
   *     nested half grid has {@code (pointsPerAxis + 1)/2} points per axis
   */
  public record Settings(double priorSigma, double halfWidth, int pointsPerAxis) {
    public static final double DEFAULT_HALF_WIDTH = ParameterQuadrature.Settings.DEFAULT_HALF_WIDTH;
    /** 81 points on ±10: spacing 0.25 posterior standard deviations. */
    public static final int DEFAULT_POINTS_PER_AXIS = ParameterQuadrature.Settings.DEFAULT_POINTS_PER_AXIS;

    public Settings {
      new ParameterQuadrature.Settings(priorSigma, halfWidth, pointsPerAxis); // validates
    }

    /** σ0 = 1, ±10 posterior standard deviations, 81 points per axis. */
    public static Settings defaults() {
      return new Settings(1.0, DEFAULT_HALF_WIDTH, DEFAULT_POINTS_PER_AXIS);
    }

    public Settings withPriorSigma(double sigma) {
      return new Settings(sigma, halfWidth, pointsPerAxis);
    }

    public Settings withPointsPerAxis(int n) {
      return new Settings(priorSigma, halfWidth, n);
    }

    /** The same settings for {@link ParameterQuadrature}. */
    public ParameterQuadrature.Settings generic() {
      return new ParameterQuadrature.Settings(priorSigma, halfWidth, pointsPerAxis);
    }

    public Map<String, Object> toMap() {
      return generic().toMap();
    }
  }

  private MrfQuadrature() {}

  /**
   * ln p(D) by quadrature.
   *
   * @throws IllegalArgumentException for more than {@value #MAX_PARAMETERS} parameters
   */
  public static EvidenceEstimate estimate(MrfData data, Settings settings) {
    int f = data.featureCount();
    if (f > MAX_PARAMETERS) {
      throw new InvalidInputException("quadrature integrates over at most " + MAX_PARAMETERS
          + " parameters, but this model has F = " + f + " (" + data.graph().vertexCount() + " vertices, "
          + data.graph().edgeCount() + " edges); use AIS (method ais) instead");
    }
    return ParameterQuadrature.estimate(MrfParameterLikelihood.of(data), lambda -> curvature(data, lambda),
        settings.generic());
  }

  /** −∇²L = N C(λ), C the exact feature covariance. */
  private static double[][] curvature(MrfData data, double[] lambda) {
    double[][] c = ExactEnumeration.run(new BoltzmannMachine(data.graph(), lambda), true).covariance();
    for (double[] row : c) {
      for (int j = 0; j < row.length; j++) {
        row[j] *= data.rows();
      }
    }
    return c;
  }

}
