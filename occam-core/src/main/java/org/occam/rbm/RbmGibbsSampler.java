package org.occam.rbm;

import org.occam.math.Logistic;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Block Gibbs sampling for an {@link Rbm}: the hidden units are independent given the visible ones
 * and vice versa, so one sweep draws all of z from {@code p(z | x)} and then all of x from
 * {@code p(x | z)} (Hinton 2002; Chen &amp; Welling 2013, §3.1.1 step 2).
 *
 * <p>Randomness comes only from the caller's generator. The sampler holds scratch arrays for the
 * fields, so one instance serves one chain at a time; use one sampler per thread.
 */
public final class RbmGibbsSampler {
  private final Rbm rbm;
  private final double[] visibleFields;
  private final double[] hiddenFields;

  public RbmGibbsSampler(Rbm rbm) {
    this.rbm = rbm;
    this.visibleFields = new double[rbm.visibleCount()];
    this.hiddenFields = new double[rbm.hiddenCount()];
  }

  public Rbm model() {
    return rbm;
  }

  /** Draws {@code z ~ p(z | x)}: {@code z_k = 1} with probability {@code σ(β_k + Σ_i x_i W_ik)}. z is modified. */
  public void sampleHidden(int[] x, int[] z, UniformRandomProvider rng) {
    rbm.checkHidden(z);
    rbm.hiddenFields(x, hiddenFields);
    for (int k = 0; k < z.length; k++) {
      z[k] = Logistic.isBelow(rng.nextDouble(), hiddenFields[k]) ? 1 : 0;
    }
  }

  /** Draws {@code x ~ p(x | z)}: {@code x_i = 1} with probability {@code σ(α_i + Σ_k W_ik z_k)}. x is modified. */
  public void sampleVisible(int[] z, int[] x, UniformRandomProvider rng) {
    rbm.checkVisible(x);
    rbm.visibleFields(z, visibleFields);
    for (int i = 0; i < x.length; i++) {
      x[i] = Logistic.isBelow(rng.nextDouble(), visibleFields[i]) ? 1 : 0;
    }
  }

  /** One sweep x → z → x: z from {@code p(z | x)}, then x from {@code p(x | z)}. Both modified. */
  public void sweep(int[] x, int[] z, UniformRandomProvider rng) {
    sampleHidden(x, z, rng);
    sampleVisible(z, x, rng);
  }

  /**
   * {@link #sweep} for a chain that keeps the list of its x's ones (package-private, for PCD's
   * chains): the same draws in the same order and the same numbers, from the ones rather than all of
   * x, without checking the configurations, and with the uniforms read from an array (K for z, then V
   * for x). The visible fields are added up hidden unit by hidden unit over rows of Wᵀ, in the same
   * order for each unit as {@link Rbm#visibleField}, so they are the same numbers.
   *
   * @param ones the ones of x, ascending, in {@code ones[0 … count − 1]}; rewritten for the new x
   * @param weightsByHidden Wᵀ, from {@link Rbm#weightsByHidden}
   * @param uniforms the sweep's K + V uniforms from {@code uniforms[at]} on
   * @return the number of ones of the new x
   */
  int sweepListingOnes(int[] x, int[] z, int[] ones, int count, double[] weightsByHidden, double[] uniforms,
      int at) {
    rbm.hiddenFieldsOfOnes(ones, count, hiddenFields);
    int k = z.length;
    for (int h = 0; h < k; h++) {
      z[h] = Logistic.isBelow(uniforms[at + h], hiddenFields[h]) ? 1 : 0;
    }
    rbm.visibleFieldsByHidden(z, weightsByHidden, visibleFields);
    int ones1 = 0;
    int from = at + k;
    for (int i = 0; i < x.length; i++) {
      boolean on = Logistic.isBelow(uniforms[from + i], visibleFields[i]);
      x[i] = on ? 1 : 0;
      ones[ones1] = i;
      ones1 += on ? 1 : 0;
    }
    return ones1;
  }

  /**
   * A chain of visible states: {@code burnIn} sweeps from {@code start}, then {@code samples} states
   * each {@code thinning} sweeps apart.
   *
   * @param start the initial visible state (not modified)
   * @return {@code samples} rows of V (fresh arrays)
   */
  public int[][] visibleChain(int[] start, int burnIn, int samples, int thinning, UniformRandomProvider rng) {
    if (burnIn < 0 || samples < 0 || thinning < 1) {
      throw new IllegalArgumentException("need burnIn >= 0, samples >= 0 and thinning >= 1, got " + burnIn + ", "
          + samples + ", " + thinning);
    }
    rbm.checkVisible(start);
    int[] x = start.clone();
    int[] z = new int[rbm.hiddenCount()];
    for (int t = 0; t < burnIn; t++) {
      sweep(x, z, rng);
    }
    int[][] out = new int[samples][];
    for (int n = 0; n < samples; n++) {
      for (int t = 0; t < thinning; t++) {
        sweep(x, z, rng);
      }
      out[n] = x.clone();
    }
    return out;
  }

  @Override
  public String toString() {
    return "RbmGibbsSampler[V=" + rbm.visibleCount() + ", K=" + rbm.hiddenCount() + "]";
  }
}
