package org.occam.rbm.posterior;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.data.InvalidInputException;
import org.occam.math.Logistic;

/**
 * The contrastive-divergence estimate of the gradient of an RBM's log posterior, the "brief"
 * gradient of Chen &amp; Welling's Langevin sampler (2013, section 4: "one step of Gibbs sampling
 * at every iteration", after Fan &amp; Xing 2006 and Murray &amp; Ghahramani 2004):
 *
 * <pre>
 *   g(λ) = Σ_n c_n E[f | x_n, λ]  −  Σ_n (c_n / r_n) Σ_{j=1..r_n} E[f | x'_nj, λ]  −  λ / σ0²
 * </pre>
 *
 * <p>The data term is exact (the hidden units summed out: {@code E[x_i z_k | x] = x_i σ(b_k)}).
 * The model term {@code N E_λ[f]} is replaced by one Gibbs step started at each data row: for each
 * distinct row x_n, {@code r_n = min(c_n, maxReplicas)} reconstructions {@code z ~ p(z | x_n)},
 * {@code x' ~ p(x | z)}, each weighted {@code c_n / r_n} and Rao–Blackwellised over the hidden
 * units ({@code E[f | x']}). Its expectation is the one-step kernel's, not the model's: equal to
 * {@code N E_λ[f]} only when the rows are distributed as the model (one Gibbs step keeps the
 * model's distribution) — the bias CD-1 is known for.
 *
 * <p>Not thread-safe: one instance per chain (it keeps its buffers). Primitive arrays only;
 * {@link #gradient} allocates nothing.
 */
public final class RbmContrastiveDivergenceGradient {
  /** The most reconstructions per distinct row by default. */
  public static final int DEFAULT_MAX_REPLICAS = 16;

  private final int v;
  private final int k;
  private final int[][] rows;
  private final double[] counts;
  private final int[] replicas;
  private final double priorPrecision;
  private final double[] sigma;
  private final int[] hidden;
  private final int[] visible;
  private final double[] reconstructedSigma;

  /**
   * @param visibleCount V
   * @param hiddenCount K
   * @param rows the distinct data rows (not copied, not modified)
   * @param counts c_n, the rows' counts (or weights) &gt; 0
   * @param priorSigma σ0 of the N(0, σ0² I) prior
   * @param maxReplicas the most reconstructions per row (≥ 1)
   */
  public RbmContrastiveDivergenceGradient(int visibleCount, int hiddenCount, int[][] rows, double[] counts,
      double priorSigma, int maxReplicas) {
    if (rows.length != counts.length || rows.length == 0) {
      throw new InvalidInputException("need one count per row and at least one row, got " + rows.length + " rows and "
          + counts.length + " counts");
    }
    if (maxReplicas < 1 || !(priorSigma > 0)) {
      throw new InvalidInputException("need maxReplicas >= 1 and σ0 > 0, got " + maxReplicas + " and " + priorSigma);
    }
    this.v = visibleCount;
    this.k = hiddenCount;
    this.rows = rows;
    this.counts = counts.clone();
    this.replicas = new int[rows.length];
    for (int n = 0; n < rows.length; n++) {
      if (rows[n].length != v) {
        throw new InvalidInputException("row " + n + " has " + rows[n].length + " values, expected " + v);
      }
      if (!(counts[n] > 0)) {
        throw new InvalidInputException("row " + n + " has count " + counts[n] + ", expected > 0");
      }
      replicas[n] = (int) Math.max(1, Math.min(maxReplicas, Math.round(counts[n])));
    }
    this.priorPrecision = 1 / (priorSigma * priorSigma);
    this.sigma = new double[k];
    this.hidden = new int[k];
    this.visible = new int[v];
    this.reconstructedSigma = new double[k];
  }

  /** F = V·K + V + K. */
  public int dimension() {
    return v * k + v + k;
  }

  /**
   * The CD estimate of the gradient of the log posterior at λ.
   *
   * @param lambda λ in {@link org.occam.rbm.Rbm}'s feature order. Not modified.
   * @param out the estimate, length F. Modified.
   * @param rng the chain's stream
   */
  public void gradient(double[] lambda, double[] out, UniformRandomProvider rng) {
    int vk = v * k;
    Arrays.fill(out, 0);
    for (int n = 0; n < rows.length; n++) {
      int[] x = rows[n];
      double c = counts[n];
      hiddenMeans(lambda, x, sigma);
      addFeatureMeans(x, sigma, c, out);
      double w = -c / replicas[n];
      for (int r = 0; r < replicas[n]; r++) {
        for (int u = 0; u < k; u++) {
          hidden[u] = rng.nextDouble() < sigma[u] ? 1 : 0;
        }
        for (int i = 0; i < v; i++) {
          double a = lambda[vk + i];
          int row = i * k;
          for (int u = 0; u < k; u++) {
            if (hidden[u] != 0) {
              a += lambda[row + u];
            }
          }
          visible[i] = Logistic.isBelow(rng.nextDouble(), a) ? 1 : 0;
        }
        hiddenMeans(lambda, visible, reconstructedSigma);
        addFeatureMeans(visible, reconstructedSigma, w, out);
      }
    }
    for (int a = 0; a < out.length; a++) {
      out[a] -= priorPrecision * lambda[a];
    }
  }

  /** σ(β_k + Σ_i x_i W_ik) into {@code out}. */
  private void hiddenMeans(double[] lambda, int[] x, double[] out) {
    int hb = v * k + v;
    System.arraycopy(lambda, hb, out, 0, k);
    for (int i = 0; i < v; i++) {
      if (x[i] != 0) {
        int row = i * k;
        for (int u = 0; u < k; u++) {
          out[u] += lambda[row + u];
        }
      }
    }
    for (int u = 0; u < k; u++) {
      out[u] = Logistic.sigmoid(out[u]);
    }
  }

  /** {@code out += weight · E[f | x]} given the hidden means. */
  private void addFeatureMeans(int[] x, double[] means, double weight, double[] out) {
    int vk = v * k;
    int hb = vk + v;
    for (int i = 0; i < v; i++) {
      if (x[i] != 0) {
        int row = i * k;
        for (int u = 0; u < k; u++) {
          out[row + u] += weight * means[u];
        }
        out[vk + i] += weight;
      }
    }
    for (int u = 0; u < k; u++) {
      out[hb + u] += weight * means[u];
    }
  }
}
