package org.occam.mrf.loglinear;

import java.util.OptionalDouble;
import org.ejml.data.DMatrixRMaj;
import org.occam.mrf.LinearResponse;

/**
 * Linear-response estimate of the feature covariance of a log-linear model from its BP beliefs
 * (Welling &amp; Teh, "Linear response algorithms for approximate inference in graphical models",
 * Neural Computation 16, 2004), {@code C_LR = ∂E_BP[f]/∂λ}, by differentiating the BP fixed point:
 * at a fixed point {@code −∇S_Bethe(ν) = P λ}, where ν are the beliefs in Bethe coordinates and P puts
 * λ on the feature coordinates and 0 on the extra ones ({@link LogLinearFactorGraph}); so
 * {@code dν = J⁻¹ P dλ} with {@code J = −∇²S_Bethe} ({@link LogLinearBetheFreeEnergy#hessian}), and
 *
 * <pre>
 *   C_LR = Pᵀ J⁻¹ P         (the F × F feature block of J⁻¹)
 * </pre>
 *
 * <p>On a factor graph without cycles, at the exact marginals, C_LR is the exact covariance; on binary
 * pairwise models it is {@link LinearResponse}'s. J is inverted densely ({@link LinearResponse#DENSE_CHOLESKY},
 * O(D³) for D = F + extra coordinates); when J is not positive definite (an unstable fixed point) its
 * inverse comes from the eigendecomposition and the smallest eigenvalue is reported.
 */
public final class LogLinearLinearResponse {
  private final DMatrixRMaj covariance;
  private final boolean positiveDefinite;
  private final OptionalDouble smallestEigenvalue;

  private LogLinearLinearResponse(DMatrixRMaj covariance, boolean positiveDefinite, OptionalDouble smallest) {
    this.covariance = covariance;
    this.positiveDefinite = positiveDefinite;
    this.smallestEigenvalue = smallest;
  }

  /**
   * C_LR at the beliefs of a (normally converged) BP run.
   *
   * @throws IllegalArgumentException unless every belief cell is positive
   * @throws ArithmeticException if J is singular
   */
  public static LogLinearLinearResponse compute(LogLinearBpResult bp) {
    LogLinearFactorGraph graph = bp.graph();
    int factors = graph.factorCount();
    double[][] fb = new double[factors][];
    for (int g = 0; g < factors; g++) {
      fb[g] = bp.factorBeliefShared(g);
    }
    int n = graph.structure().variableCount();
    double[][] vb = new double[n][];
    for (int v = 0; v < n; v++) {
      vb[v] = bp.variableBeliefShared(v);
    }
    return of(graph, LogLinearBetheFreeEnergy.hessian(graph, fb, vb));
  }

  /** C_LR at locally consistent pseudo-marginals given as feature means (e.g. exact marginals on a tree). */
  public static LogLinearLinearResponse compute(LogLinearFactorGraph graph, double[] means) {
    return of(graph, LogLinearBetheFreeEnergy.hessian(graph, LogLinearBetheFreeEnergy.factorBeliefs(graph, means),
        LogLinearBetheFreeEnergy.variableBeliefs(graph, means)));
  }

  private static LogLinearLinearResponse of(LogLinearFactorGraph graph, DMatrixRMaj j) {
    LinearResponse.Inverse inverse = LinearResponse.DENSE_CHOLESKY.invert(j);
    int f = graph.structure().featureCount();
    int dim = j.numRows;
    DMatrixRMaj c = new DMatrixRMaj(f, f);
    for (int a = 0; a < f; a++) {
      System.arraycopy(inverse.matrix().data, a * dim, c.data, a * f, f);
    }
    return new LogLinearLinearResponse(c, inverse.positiveDefinite(), inverse.smallestEigenvalue());
  }

  /** F. */
  public int featureCount() {
    return covariance.numRows;
  }

  /** C_LR (a fresh F × F array). */
  public double[][] covariance() {
    int f = covariance.numRows;
    double[][] out = new double[f][f];
    for (int a = 0; a < f; a++) {
      System.arraycopy(covariance.data, a * f, out[a], 0, f);
    }
    return out;
  }

  /** C_LR as an EJML matrix (a copy). */
  public DMatrixRMaj covarianceMatrix() {
    return covariance.copy();
  }

  /** Whether J was positive definite (so that C_LR is too). */
  public boolean precisionPositiveDefinite() {
    return positiveDefinite;
  }

  /** J's smallest eigenvalue when it was computed (only when J is not positive definite). */
  public OptionalDouble smallestPrecisionEigenvalue() {
    return smallestEigenvalue;
  }

  @Override
  public String toString() {
    return "LogLinearLinearResponse[F=" + featureCount() + ", positiveDefinite=" + positiveDefinite + "]";
  }
}
