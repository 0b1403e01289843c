package org.occam.mrf;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.CholeskyDecomposition_F64;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The posterior precision of the Laplace approximation for a fully observed log-linear model,
 * {@code A = N C + Λ⁻¹} with {@code Λ = σ0² I} ({@code docs/notes/laplace-family.md}), and its log
 * determinant for the Laplace score {@code … + (F/2) log 2π − ½ log det A}.
 *
 * <p>log det A comes from a Cholesky factor, {@code 2 Σ log L_kk}. With an exact covariance A is
 * always positive definite; with the linear-response C_LR of an unstable BP fixed point it may not
 * be. Then the Laplace approximation has no Gaussian to integrate, and instead of a NaN this class
 * gives {@code log |det A| = Σ_k log |μ_k|} over the eigenvalues μ_k of A (the Gaussian integral with
 * every curvature taken by its magnitude), with {@link #positiveDefinite()} false and the smallest
 * eigenvalue to say how far from definite A was. An eigenvalue of A that is zero to rounding
 * ({@code |μ| ≤ F · ulp(max |μ|)}) would make the score infinite; it is floored at that level and
 * {@link #singular()} says so. Callers put these flags in the result's diagnostics. The smallest and
 * largest eigenvalues are computed in every case (a symmetric eigenvalue decomposition, O(F³)).
 */
public final class PosteriorPrecision {
  private final DMatrixRMaj matrix;
  private final double logDeterminant;
  private final boolean positiveDefinite;
  private final boolean singular;
  private final double smallestEigenvalue;
  private final double largestEigenvalue;

  private PosteriorPrecision(DMatrixRMaj matrix, double logDeterminant, boolean positiveDefinite, boolean singular,
      double smallestEigenvalue, double largestEigenvalue) {
    this.matrix = matrix;
    this.logDeterminant = logDeterminant;
    this.positiveDefinite = positiveDefinite;
    this.singular = singular;
    this.smallestEigenvalue = smallestEigenvalue;
    this.largestEigenvalue = largestEigenvalue;
  }

  /**
   * {@code A = N C + I/σ0²}.
   *
   * @param covariance C, F × F symmetric (exact or linear response). Not modified.
   * @param rows N
   * @param prior supplies {@code 1/σ0²}
   */
  public static PosteriorPrecision of(double[][] covariance, double rows, GaussianPrior prior) {
    return of(new DMatrixRMaj(covariance), rows, prior);
  }

  /** As {@link #of(double[][], double, GaussianPrior)}, C as an EJML matrix. Not modified. */
  public static PosteriorPrecision of(DMatrixRMaj covariance, double rows, GaussianPrior prior) {
    int f = covariance.numRows;
    if (covariance.numCols != f) {
      throw new IllegalArgumentException("the covariance must be square, got " + f + "×" + covariance.numCols);
    }
    DMatrixRMaj a = new DMatrixRMaj(f, f);
    double precision = prior.precision();
    for (int r = 0; r < f; r++) {
      for (int c = 0; c < f; c++) {
        // symmetrised, so that rounding in C cannot make the factorisations disagree
        a.unsafe_set(r, c, rows * 0.5 * (covariance.unsafe_get(r, c) + covariance.unsafe_get(c, r))
            + (r == c ? precision : 0));
      }
    }
    return ofMatrix(a);
  }

  /**
   * The log determinant and definiteness of a given symmetric A.
   *
   * @param a A (copied; not modified)
   * @throws ArithmeticException if A has a non-finite entry or the eigenvalue decomposition fails
   */
  public static PosteriorPrecision ofMatrix(DMatrixRMaj a) {
    int f = a.numRows;
    if (a.numCols != f || f == 0) {
      throw new IllegalArgumentException("A must be square and non-empty, got " + f + "×" + a.numCols);
    }
    for (int k = 0; k < f * f; k++) {
      if (!Double.isFinite(a.data[k])) {
        throw new ArithmeticException("the posterior precision A has a non-finite entry: " + a.data[k]);
      }
    }
    DMatrixRMaj copy = a.copy();
    EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(f, false, true);
    if (!eig.decompose(a.copy())) {
      throw new ArithmeticException("the eigenvalue decomposition of the " + f + "×" + f + " posterior precision failed");
    }
    double smallest = Double.POSITIVE_INFINITY;
    double largest = Double.NEGATIVE_INFINITY;
    double largestMagnitude = 0;
    for (int k = 0; k < f; k++) {
      double mu = eig.getEigenvalue(k).real;
      smallest = Math.min(smallest, mu);
      largest = Math.max(largest, mu);
      largestMagnitude = Math.max(largestMagnitude, Math.abs(mu));
    }
    CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(f, true);
    if (chol.decompose(copy)) {
      DMatrixRMaj lower = chol.getT(null);
      double logDet = 0;
      for (int k = 0; k < f; k++) {
        logDet += Math.log(lower.unsafe_get(k, k));
      }
      return new PosteriorPrecision(a.copy(), 2 * logDet, true, false, smallest, largest);
    }
    double floor = f * Math.ulp(largestMagnitude);
    double logDet = 0;
    boolean singular = false;
    for (int k = 0; k < f; k++) {
      double magnitude = Math.abs(eig.getEigenvalue(k).real);
      if (!(magnitude > floor)) {
        singular = true;
        magnitude = Math.max(floor, Double.MIN_NORMAL);
      }
      logDet += Math.log(magnitude);
    }
    return new PosteriorPrecision(a.copy(), logDet, false, singular, smallest, largest);
  }

  /** F. */
  public int dimension() {
    return matrix.numRows;
  }

  /** A (a copy). */
  public DMatrixRMaj matrix() {
    return matrix.copy();
  }

  /** log det A when A is positive definite, otherwise {@code Σ_k log |μ_k|} (see the class comment). */
  public double logDeterminant() {
    return logDeterminant;
  }

  /** Whether the Cholesky factorisation of A succeeded. */
  public boolean positiveDefinite() {
    return positiveDefinite;
  }

  /** Whether an eigenvalue of A was zero to rounding and floored (only when A is not positive definite). */
  public boolean singular() {
    return singular;
  }

  /** The smallest eigenvalue of A. */
  public double smallestEigenvalue() {
    return smallestEigenvalue;
  }

  /** The largest eigenvalue of A. */
  public double largestEigenvalue() {
    return largestEigenvalue;
  }

  /**
   * The Laplace correction {@code (F/2) log 2π − ½ log det A} that turns the log posterior at the
   * mode into the Laplace approximation to the log evidence.
   */
  public double laplaceCorrection() {
    return 0.5 * dimension() * Math.log(2 * Math.PI) - 0.5 * logDeterminant;
  }

  /**
   * The Newton decrement {@code ½ gᵀA⁻¹g} of a log posterior whose gradient is g: how many nats a
   * Newton step would gain on the quadratic model. NaN when A is not positive definite.
   *
   * @param g length F. Not modified.
   */
  public double newtonDecrement(double[] g) {
    if (g.length != dimension()) {
      throw new IllegalArgumentException("the gradient has " + g.length + " components, A is " + dimension() + " square");
    }
    if (!positiveDefinite) {
      return Double.NaN;
    }
    CholeskyDecomposition_F64<DMatrixRMaj> chol = DecompositionFactory_DDRM.chol(dimension(), true);
    if (!chol.decompose(matrix.copy())) {
      return Double.NaN;
    }
    // ½ |L⁻¹g|² with A = L Lᵀ
    DMatrixRMaj l = chol.getT(null);
    double[] y = g.clone();
    int n = y.length;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      double v = y[i];
      for (int k = 0; k < i; k++) {
        v -= l.get(i, k) * y[k];
      }
      y[i] = v / l.get(i, i);
      sum += y[i] * y[i];
    }
    return 0.5 * sum;
  }

  @Override
  public String toString() {
    return "PosteriorPrecision[F=" + dimension() + ", logDet=" + logDeterminant + ", positiveDefinite="
        + positiveDefinite + ", smallestEigenvalue=" + smallestEigenvalue + "]";
  }
}
