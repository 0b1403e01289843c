package org.occam.math;

import java.util.Arrays;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The eigendecomposition H = Q diag(values) Qᵀ of a symmetric matrix, eigenvalues ascending, each
 * eigenvector scaled to unit length: the Hessians of {@link TrustRegionNewton}'s steps and of the
 * RBM Laplace evidence.
 */
public final class SymmetricEigen {
  /** The eigenvalues, ascending. */
  public final double[] values;
  /** Row i is the unit eigenvector of {@code values[i]}. */
  public final double[][] vectors;

  private SymmetricEigen(double[] values, double[][] vectors) {
    this.values = values;
    this.vectors = vectors;
  }

  /** The decomposition of the symmetric matrix {@code a}; IllegalStateException when EJML's fails. */
  public static SymmetricEigen of(double[][] a) {
    int n = a.length;
    EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
    if (!eig.decompose(new DMatrixRMaj(a))) {
      throw new IllegalStateException("the eigendecomposition of the " + n + "×" + n + " Hessian failed");
    }
    Integer[] order = new Integer[n];
    double[] raw = new double[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
      raw[i] = eig.getEigenvalue(i).getReal();
    }
    Arrays.sort(order, (u, v) -> Double.compare(raw[u], raw[v]));
    double[] values = new double[n];
    double[][] vectors = new double[n][];
    for (int i = 0; i < n; i++) {
      values[i] = raw[order[i]];
      DMatrixRMaj vec = eig.getEigenVector(order[i]);
      double[] v = new double[n];
      double squares = 0;
      for (int b = 0; b < n; b++) {
        v[b] = vec.get(b, 0);
        squares += v[b] * v[b];
      }
      double norm = Math.sqrt(squares);
      for (int b = 0; b < n; b++) {
        v[b] /= norm;
      }
      vectors[i] = v;
    }
    return new SymmetricEigen(values, vectors);
  }

  /** Whether every eigenvalue is positive. */
  public boolean positiveDefinite() {
    return values[0] > 0;
  }

  /** The unit eigenvector of {@code values[i]}. */
  public double[] vector(int i) {
    return vectors[i];
  }

  /** Qᵀv. */
  public double[] rotate(double[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      double s = 0;
      double[] q = vectors[i];
      for (int b = 0; b < v.length; b++) {
        s += q[b] * v[b];
      }
      out[i] = s;
    }
    return out;
  }

  /** Q v. */
  public double[] back(double[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      double[] q = vectors[i];
      for (int b = 0; b < v.length; b++) {
        out[b] += v[i] * q[b];
      }
    }
    return out;
  }

  /** The Newton decrement {@code ½ gᵀH⁻¹g}, NaN unless every eigenvalue is positive. */
  public double decrement(double[] g) {
    if (!positiveDefinite()) {
      return Double.NaN;
    }
    double[] gHat = rotate(g);
    double s = 0;
    for (int i = 0; i < gHat.length; i++) {
      s += gHat[i] * gHat[i] / values[i];
    }
    return 0.5 * s;
  }
}
