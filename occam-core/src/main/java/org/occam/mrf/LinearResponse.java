package org.occam.mrf;

import java.util.OptionalDouble;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * Linear-response estimate of the feature covariance of a binary pairwise MRF from BP beliefs
 * (Welling &amp; Teh, "Linear response algorithms for approximate inference in graphical models",
 * Neural Computation 16, 2004; Parise &amp; Welling 2006, appendix A): the covariance
 * {@code C = ∂(q, ξ)/∂(θ, w)} is the inverse of the Jacobian of the BP fixed-point relation,
 *
 * <pre>
 *   C_LR = J⁻¹,   J = ∂(θ, w)/∂(q, ξ) = −∇²S_Bethe(q, ξ)
 * </pre>
 *
 * with the sparse entries of {@code docs/notes/bethe-linear-response.md} (see {@link #precision}). On a
 * forest at the exact marginals C_LR is the exact covariance. J is symmetric and, at a stable BP
 * fixed point, positive definite; whether it was is reported, and J⁻¹ is still returned when it is
 * indefinite (via its eigendecomposition, with the smallest eigenvalue as the diagnostic).
 *
 * <p>J is built dense (F × F) and inverted by a pluggable {@link Inverter}, by default
 * {@link #DENSE_CHOLESKY} at O(F³). A sparse factorisation, or the message-passing form of linear
 * response, would scale better on large graphs.
 *
 * <pre>{@code
 * BeliefPropagationResult bp = LoopyBeliefPropagation.run(model, LoopyBeliefPropagation.Settings.defaults());
 * LinearResponse lr = LinearResponse.compute(bp);
 * double[][] c = lr.covariance();        // F × F, symmetric
 * boolean stable = lr.precisionPositiveDefinite();
 * }</pre>
 */
public final class LinearResponse {
  /** How J is inverted. */
  @FunctionalInterface
  public interface Inverter {
    /**
     * J⁻¹.
     *
     * @param precision symmetric J (not modified)
     * @throws ArithmeticException if J is singular
     */
    Inverse invert(DMatrixRMaj precision);
  }

  /**
   * An inverse with its diagnostics.
   *
   * @param matrix J⁻¹ (symmetric)
   * @param positiveDefinite whether J was positive definite
   * @param smallestEigenvalue J's smallest eigenvalue, when the inverter computed it (the dense one
   *     does only when J is not positive definite)
   */
  public record Inverse(DMatrixRMaj matrix, boolean positiveDefinite, OptionalDouble smallestEigenvalue) {}

  /**
   * Dense Cholesky inversion; when the factorisation fails (J not positive definite), the symmetric
   * eigendecomposition {@code J⁻¹ = Σ_k v_k v_kᵀ / λ_k}, reporting the smallest eigenvalue.
   */
  public static final Inverter DENSE_CHOLESKY = LinearResponse::denseInverse;

  private final PairwiseGraph graph;
  private final DMatrixRMaj covariance;
  private final boolean positiveDefinite;
  private final OptionalDouble smallestEigenvalue;

  private LinearResponse(PairwiseGraph graph, Inverse inverse) {
    this.graph = graph;
    this.covariance = inverse.matrix();
    this.positiveDefinite = inverse.positiveDefinite();
    this.smallestEigenvalue = inverse.smallestEigenvalue();
  }

  /** C_LR at the feature means of {@code beliefs} (normally a converged BP result). */
  public static LinearResponse compute(MrfInference beliefs) {
    return compute(beliefs.model().graph(), beliefs.featureMeans(), DENSE_CHOLESKY);
  }

  /** C_LR at pseudo-marginals μ = (q, ξ), inverted by {@link #DENSE_CHOLESKY}. */
  public static LinearResponse compute(PairwiseGraph graph, double[] means) {
    return compute(graph, means, DENSE_CHOLESKY);
  }

  /**
   * C_LR at pseudo-marginals μ = (q, ξ).
   *
   * @throws IllegalArgumentException unless every node marginal is in (0, 1) and every edge cell is
   *     positive
   * @throws ArithmeticException if J is singular
   */
  public static LinearResponse compute(PairwiseGraph graph, double[] means, Inverter inverter) {
    Inverse inverse = inverter.invert(precision(graph, means));
    int f = means.length;
    if (inverse.matrix().numRows != f || inverse.matrix().numCols != f) {
      throw new IllegalStateException("the inverter returned a " + inverse.matrix().numRows + "×"
          + inverse.matrix().numCols + " matrix for a " + f + "×" + f + " J");
    }
    return new LinearResponse(graph, inverse);
  }

  /**
   * J = ∂(θ, w)/∂(q, ξ) as a dense F × F matrix (a fresh one), from the entries
   *
   * <pre>
   *   ∂θ_i/∂q_i   = (1 − z_i) / (q_i (1 − q_i)) + Σ_{j∈N(i)} (1/p10_ij + 1/p00_ij)
   *   ∂θ_i/∂q_j   = 1/p00_ij                              j ∈ N(i)
   *   ∂θ_i/∂ξ_ij  = −(1/p10_ij + 1/p00_ij)
   *   ∂w_ij/∂ξ_ij = 1/p11 + 1/p10 + 1/p01 + 1/p00
   * </pre>
   *
   * and their mirror images (J is symmetric); all other entries are zero.
   *
   * @throws IllegalArgumentException unless every node marginal is in (0, 1) and every edge cell is
   *     positive
   */
  public static DMatrixRMaj precision(PairwiseGraph graph, double[] means) {
    PseudoMarginals.requireShape(graph, means);
    int v = graph.vertexCount();
    int f = means.length;
    DMatrixRMaj j = new DMatrixRMaj(f, f);
    for (int i = 0; i < v; i++) {
      double q = means[i];
      PseudoMarginals.requireInterior(q, i, "linear response");
      j.unsafe_set(i, i, (1 - graph.degree(i)) / (q * (1 - q)));
    }
    double[] cell = new double[4];
    for (int e = 0; e < graph.edgeCount(); e++) {
      PseudoMarginals.positiveCells(graph, means, e, cell, "linear response");
      double r00 = 1 / cell[PseudoMarginals.P00];
      double r01 = 1 / cell[PseudoMarginals.P01];
      double r10 = 1 / cell[PseudoMarginals.P10];
      double r11 = 1 / cell[PseudoMarginals.P11];
      int a = graph.edgeFrom(e);
      int b = graph.edgeTo(e);
      int x = v + e;
      j.unsafe_set(a, a, j.unsafe_get(a, a) + r10 + r00);
      j.unsafe_set(b, b, j.unsafe_get(b, b) + r01 + r00);
      j.unsafe_set(a, b, r00);
      j.unsafe_set(b, a, r00);
      j.unsafe_set(a, x, -(r10 + r00));
      j.unsafe_set(x, a, -(r10 + r00));
      j.unsafe_set(b, x, -(r01 + r00));
      j.unsafe_set(x, b, -(r01 + r00));
      j.unsafe_set(x, x, r11 + r10 + r01 + r00);
    }
    return j;
  }

  private static Inverse denseInverse(DMatrixRMaj precision) {
    int n = precision.numRows;
    DMatrixRMaj inverse = new DMatrixRMaj(n, n);
    LinearSolverDense<DMatrixRMaj> cholesky = LinearSolverFactory_DDRM.chol(n);
    if (cholesky.setA(cholesky.modifiesA() ? precision.copy() : precision)) {
      cholesky.invert(inverse);
      symmetrise(inverse);
      return new Inverse(inverse, true, OptionalDouble.empty());
    }
    EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
    if (!eig.decompose(precision.copy())) {
      throw new ArithmeticException("the eigendecomposition of the " + n + "×" + n + " linear-response J failed");
    }
    double smallest = Double.POSITIVE_INFINITY;
    double largestMagnitude = 0;
    for (int k = 0; k < n; k++) {
      double value = eig.getEigenvalue(k).real;
      smallest = Math.min(smallest, value);
      largestMagnitude = Math.max(largestMagnitude, Math.abs(value));
    }
    // Eigenvectors scaled by 1/λ_k as columns of u, unscaled as columns of vectors: J⁻¹ = u vectorsᵀ.
    DMatrixRMaj vectors = new DMatrixRMaj(n, n);
    DMatrixRMaj scaled = new DMatrixRMaj(n, n);
    for (int k = 0; k < n; k++) {
      double value = eig.getEigenvalue(k).real;
      if (!(Math.abs(value) > n * Math.ulp(largestMagnitude))) {
        throw new ArithmeticException("the linear-response J is singular: eigenvalue " + value
            + " against a largest magnitude of " + largestMagnitude);
      }
      DMatrixRMaj vector = eig.getEigenVector(k);
      for (int r = 0; r < n; r++) {
        vectors.unsafe_set(r, k, vector.get(r));
        scaled.unsafe_set(r, k, vector.get(r) / value);
      }
    }
    CommonOps_DDRM.multTransB(scaled, vectors, inverse);
    symmetrise(inverse);
    return new Inverse(inverse, false, OptionalDouble.of(smallest));
  }

  private static void symmetrise(DMatrixRMaj m) {
    int n = m.numRows;
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        double s = 0.5 * (m.unsafe_get(a, b) + m.unsafe_get(b, a));
        m.unsafe_set(a, b, s);
        m.unsafe_set(b, a, s);
      }
    }
  }

  /** F = V + E. */
  public int featureCount() {
    return covariance.numRows;
  }

  /** The graph the pseudo-marginals were on. */
  public PairwiseGraph graph() {
    return graph;
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

  /** The (a, b) entry of C_LR. */
  public double covariance(int a, int b) {
    return covariance.get(a, b);
  }

  /** C_LR as an EJML matrix (a copy). */
  public DMatrixRMaj covarianceMatrix() {
    return covariance.copy();
  }

  /** Whether J was positive definite (so that C_LR is too). */
  public boolean precisionPositiveDefinite() {
    return positiveDefinite;
  }

  /** J's smallest eigenvalue when the inverter computed it (the dense one: only when J is not positive definite). */
  public OptionalDouble smallestPrecisionEigenvalue() {
    return smallestEigenvalue;
  }

  @Override
  public String toString() {
    return "LinearResponse[F=" + featureCount() + ", positiveDefinite=" + positiveDefinite
        + (smallestEigenvalue.isPresent() ? ", smallestEigenvalue=" + smallestEigenvalue.getAsDouble() : "") + "]";
  }
}
