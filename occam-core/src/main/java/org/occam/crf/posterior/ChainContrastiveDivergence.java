package org.occam.crf.posterior;

import org.apache.commons.rng.UniformRandomProvider;
import org.occam.crf.CrfFeatures;

/**
 * The contrastive-divergence estimate of a CRF log posterior's gradient (Hinton 2002; for posterior
 * sampling Murray &amp; Ghahramani 2004; for CRFs Welling &amp; Parise 2006, section 7: "1 step of a
 * Gibbs sampler (updating all variables in the CRF chain once)"):
 *
 * <pre>  ∇ ≈ Σ_n [f(t_n, x_n) − f(t̃_n, x_n)] − λ/σ0²,   t̃_n = one Gibbs sweep of chain n from its labels t_n</pre>
 *
 * <p>in place of the exact {@code Σ_n [f(t_n, x_n) − E[f | x_n, λ]] − λ/σ0²}. The sweep visits the
 * positions in order, each once, drawing {@code t_i ~ p(t_i | t_{i−1}, t_{i+1}, x_n, λ)}, i.e.
 * {@code p(t_i = +1) = σ(2 m_i)} with the local field {@code m_i = h_i + J_{i−1} t̃_{i−1} + J_i t_{i+1}}
 * (t̃_{i−1} already swept, t_{i+1} still the data's), h and J the potentials {@code Φ_n λ}. Since
 * {@code f(t, x_n) = Φ_nᵀ u(t)}, only the chain statistics u are accumulated, and they are
 * Rao–Blackwellised as the Boltzmann-machine CD is: position i adds {@code E[t̃_i | …] = tanh m_i}
 * instead of its draw and the pair (i−1, i) adds {@code t̃_{i−1} tanh m_i} (t̃_{i−1} is final by
 * then) — the same expectation as f(t̃_n, x_n), with less variance.
 *
 * <p>All loops over primitive arrays; one instance per chain (buffers reused, nothing allocated per call).
 */
final class ChainContrastiveDivergence {
  private final CrfFeatures features;
  private final int f;
  private final double priorPrecision;
  private final double[] dataTerm;
  private final double[] potentials;
  private final double[] u;
  private final int[] t;
  private final double[] model;

  /**
   * @param features the design and labels of the training sequences (every label known)
   * @param priorPrecision 1/σ0²
   */
  ChainContrastiveDivergence(CrfFeatures features, double priorPrecision) {
    this.features = features;
    this.f = features.dimension();
    this.priorPrecision = priorPrecision;
    int longest = 1;
    dataTerm = new double[f];
    for (int n = 0; n < features.size(); n++) {
      longest = Math.max(longest, features.length(n));
      double[] s = features.statistics(n, features.spins(n));
      for (int k = 0; k < f; k++) {
        dataTerm[k] += s[k];
      }
    }
    potentials = new double[2 * longest - 1];
    u = new double[2 * longest - 1];
    t = new int[longest];
    model = new double[f];
  }

  /** Σ_n f(t_n, x_n), the data's feature sums. A copy. */
  double[] dataTerm() {
    return dataTerm.clone();
  }

  /**
   * The CD estimate of ∇ log p(λ | D).
   *
   * @param lambda not modified
   * @param out length F. Modified.
   */
  void gradient(double[] lambda, double[] out, UniformRandomProvider rng) {
    java.util.Arrays.fill(model, 0);
    for (int n = 0; n < features.size(); n++) {
      sweep(n, lambda, rng);
      double[][] phi = features.design(n);
      for (int r = 0; r < phi.length; r++) {
        double w = u[r];
        if (w == 0) {
          continue;
        }
        double[] row = phi[r];
        for (int k = 0; k < f; k++) {
          model[k] += w * row[k];
        }
      }
    }
    for (int k = 0; k < f; k++) {
      out[k] = dataTerm[k] - model[k] - priorPrecision * lambda[k];
    }
  }

  /** One Gibbs sweep of sequence n from its labels; the Rao–Blackwellised statistics into u. */
  private void sweep(int n, double[] lambda, UniformRandomProvider rng) {
    double[][] phi = features.design(n);
    int len = features.length(n);
    for (int r = 0; r < phi.length; r++) {
      double[] row = phi[r];
      double s = 0;
      for (int k = 0; k < f; k++) {
        s += row[k] * lambda[k];
      }
      potentials[r] = s;
    }
    System.arraycopy(features.spins(n), 0, t, 0, len);
    for (int i = 0; i < len; i++) {
      double field = potentials[i];
      if (i > 0) {
        field += potentials[len + i - 1] * t[i - 1];
      }
      if (i + 1 < len) {
        field += potentials[len + i] * t[i + 1];
      }
      double mean = Math.tanh(field);
      u[i] = mean;
      if (i > 0) {
        u[len + i - 1] = t[i - 1] * mean;
      }
      // p(t_i = +1) = (1 + tanh m)/2 = σ(2m)
      t[i] = rng.nextDouble() < 0.5 * (1 + mean) ? 1 : -1;
    }
  }
}
