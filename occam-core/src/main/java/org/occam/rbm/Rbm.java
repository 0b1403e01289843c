package org.occam.rbm;

import org.occam.data.InvalidInputException;
import org.occam.math.Logistic;
import java.util.Arrays;

/**
 * A restricted Boltzmann machine on V visible units x and K hidden units z, all 0/1:
 * {@code p(x, z | λ) = exp(λᵀ f(x, z)) / Z(λ)} with
 * {@code λᵀ f(x, z) = xᵀ W z + αᵀ x + βᵀ z} (Chen &amp; Welling 2013, eqn 1). Immutable.
 *
 * <p>λ is one flat vector of F = V·K + V + K parameters in feature order:
 * <ul>
 *   <li>{@code W_ik} at {@link #weightIndex(int, int) i·K + k} (row-major; feature {@code x_i z_k}),
 *   <li>{@code α_i} at {@link #visibleBiasIndex(int) V·K + i} (feature {@code x_i}),
 *   <li>{@code β_k} at {@link #hiddenBiasIndex(int) V·K + V + k} (feature {@code z_k}).
 * </ul>
 *
 * <p>Given x the hidden units are independent Bernoulli with means {@code σ(β_k + Σ_i x_i W_ik)},
 * and given z the visible units are independent with means {@code σ(α_i + Σ_k W_ik z_k)}; the
 * closed forms below follow from that. Configurations are {@code int[]} of 0s and 1s.
 */
public final class Rbm implements java.io.Serializable {
  private static final long serialVersionUID = 1L;
  private final int visibleCount;
  private final int hiddenCount;
  private final double[] parameters;

  /**
   * @param visibleCount V ≥ 1
   * @param hiddenCount K ≥ 1
   * @param parameters λ in feature order, length V·K + V + K (copied; finite)
   */
  public Rbm(int visibleCount, int hiddenCount, double[] parameters) {
    if (visibleCount < 1 || hiddenCount < 1) {
      throw new InvalidInputException("an RBM needs at least one visible and one hidden unit, got V="
          + visibleCount + ", K=" + hiddenCount);
    }
    long f = (long) visibleCount * hiddenCount + visibleCount + hiddenCount;
    if (f > Integer.MAX_VALUE - 8) {
      throw new InvalidInputException("an RBM with V=" + visibleCount + ", K=" + hiddenCount
          + " has too many parameters (" + f + ") for one array");
    }
    if (parameters.length != f) {
      throw new InvalidInputException("an RBM with V=" + visibleCount + " visible and K=" + hiddenCount
          + " hidden units has V·K + V + K = " + f + " parameters, got " + parameters.length);
    }
    for (int a = 0; a < parameters.length; a++) {
      if (!Double.isFinite(parameters[a])) {
        throw new IllegalArgumentException("parameter " + a + " (" + featureName(visibleCount, hiddenCount, a)
            + ") is not finite: " + parameters[a]);
      }
    }
    this.visibleCount = visibleCount;
    this.hiddenCount = hiddenCount;
    this.parameters = parameters.clone();
  }

  /**
   * An RBM from its blocks.
   *
   * @param weights W, V rows of K (not modified)
   * @param visibleBiases α, length V (not modified)
   * @param hiddenBiases β, length K (not modified)
   */
  public static Rbm of(double[][] weights, double[] visibleBiases, double[] hiddenBiases) {
    int v = visibleBiases.length;
    int k = hiddenBiases.length;
    if (weights.length != v) {
      throw new IllegalArgumentException("W needs one row per visible unit (" + v + "), got " + weights.length);
    }
    double[] lambda = new double[v * k + v + k];
    for (int i = 0; i < v; i++) {
      if (weights[i].length != k) {
        throw new IllegalArgumentException("row " + i + " of W needs one entry per hidden unit (" + k
            + "), got " + weights[i].length);
      }
      System.arraycopy(weights[i], 0, lambda, i * k, k);
    }
    System.arraycopy(visibleBiases, 0, lambda, v * k, v);
    System.arraycopy(hiddenBiases, 0, lambda, v * k + v, k);
    return new Rbm(v, k, lambda);
  }

  /** The RBM with all parameters zero (every configuration equally likely). */
  public static Rbm zero(int visibleCount, int hiddenCount) {
    return new Rbm(visibleCount, hiddenCount,
        new double[visibleCount * hiddenCount + visibleCount + hiddenCount]);
  }

  /** The same shape with other parameters λ (copied). */
  public Rbm withParameters(double[] lambda) {
    return new Rbm(visibleCount, hiddenCount, lambda);
  }

  /** V. */
  public int visibleCount() {
    return visibleCount;
  }

  /** K. */
  public int hiddenCount() {
    return hiddenCount;
  }

  /** F = V·K + V + K. */
  public int featureCount() {
    return parameters.length;
  }

  /** λ in feature order (a fresh copy). */
  public double[] parameters() {
    return parameters.clone();
  }

  /** λ_a. */
  public double parameter(int a) {
    return parameters[a];
  }

  /** W_ik. */
  public double weight(int i, int k) {
    return parameters[i * hiddenCount + k];
  }

  /** α_i. */
  public double visibleBias(int i) {
    return parameters[visibleCount * hiddenCount + i];
  }

  /** β_k. */
  public double hiddenBias(int k) {
    return parameters[visibleCount * hiddenCount + visibleCount + k];
  }

  /** The index of W_ik (feature {@code x_i z_k}) in λ: {@code i·K + k}. */
  public int weightIndex(int i, int k) {
    return i * hiddenCount + k;
  }

  /** The index of α_i (feature {@code x_i}) in λ: {@code V·K + i}. */
  public int visibleBiasIndex(int i) {
    return visibleCount * hiddenCount + i;
  }

  /** The index of β_k (feature {@code z_k}) in λ: {@code V·K + V + k}. */
  public int hiddenBiasIndex(int k) {
    return visibleCount * hiddenCount + visibleCount + k;
  }

  /** A readable name for feature a, e.g. {@code W[2,0]}, {@code α[1]}, {@code β[3]}. */
  public String featureName(int a) {
    return featureName(visibleCount, hiddenCount, a);
  }

  private static String featureName(int v, int k, int a) {
    if (a < v * k) {
      return "W[" + a / k + "," + a % k + "]";
    }
    return a < v * k + v ? "α[" + (a - v * k) + "]" : "β[" + (a - v * k - v) + "]";
  }

  /** λᵀ f(x, z) = xᵀ W z + αᵀ x + βᵀ z, the unnormalised log probability of (x, z). */
  public double logPotential(int[] x, int[] z) {
    checkVisible(x);
    checkHidden(z);
    double s = 0;
    for (int k = 0; k < hiddenCount; k++) {
      if (z[k] != 0) {
        s += hiddenBias(k);
      }
    }
    for (int i = 0; i < visibleCount; i++) {
      if (x[i] != 0) {
        s += visibleBias(i);
        int row = i * hiddenCount;
        for (int k = 0; k < hiddenCount; k++) {
          if (z[k] != 0) {
            s += parameters[row + k];
          }
        }
      }
    }
    return s;
  }

  /**
   * f(x, z) into {@code out} (length F; modified): {@code x_i z_k} row-major, then x, then z.
   */
  public void features(int[] x, int[] z, double[] out) {
    checkVisible(x);
    checkHidden(z);
    checkLength(out, parameters.length, "feature output");
    int vk = visibleCount * hiddenCount;
    for (int i = 0; i < visibleCount; i++) {
      for (int k = 0; k < hiddenCount; k++) {
        out[i * hiddenCount + k] = x[i] * z[k];
      }
      out[vk + i] = x[i];
    }
    for (int k = 0; k < hiddenCount; k++) {
      out[vk + visibleCount + k] = z[k];
    }
  }

  /**
   * The hidden units' input fields {@code b_k = β_k + Σ_i x_i W_ik} into {@code out} (length K;
   * modified).
   */
  public void hiddenFields(int[] x, double[] out) {
    checkVisible(x);
    checkLength(out, hiddenCount, "hidden field output");
    int vk = visibleCount * hiddenCount;
    System.arraycopy(parameters, vk + visibleCount, out, 0, hiddenCount);
    for (int i = 0; i < visibleCount; i++) {
      if (x[i] != 0) {
        int row = i * hiddenCount;
        for (int k = 0; k < hiddenCount; k++) {
          out[k] += parameters[row + k];
        }
      }
    }
  }

  /**
   * {@link #hiddenFields} of the x whose ones are {@code ones[0 … count − 1]} (ascending, unchecked):
   * the same additions in the same order, so the same numbers, without a pass over the zeros.
   */
  void hiddenFieldsOfOnes(int[] ones, int count, double[] out) {
    fieldsOfOnes(parameters, visibleCount, hiddenCount, ones, 0, count, out);
  }

  /**
   * {@code out[ones[p]·K + k] += values[k]} for p = from … to − 1 and every k (package-private: the W
   * part of E[f | x] summed into a mean, in PCD's data and model terms). Each element gets the same
   * additions in the same order as a loop over p and then k; the values are held in registers across
   * the ones, nine (first, when K = 9, 17, …), eight or four at a time and then one by one, 1.7 times
   * faster than reading them again for each one.
   */
  static void addAtOnes(double[] values, int k, int[] ones, int from, int to, double[] out) {
    int h = 0;
    if (k % 8 == 1 && k >= 9) {
      // K = 9, 17, …: the first nine in one pass, as in fieldsOfOnes
      double f0 = values[h];
      double f1 = values[h + 1];
      double f2 = values[h + 2];
      double f3 = values[h + 3];
      double f4 = values[h + 4];
      double f5 = values[h + 5];
      double f6 = values[h + 6];
      double f7 = values[h + 7];
      double f8 = values[h + 8];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        out[row] += f0;
        out[row + 1] += f1;
        out[row + 2] += f2;
        out[row + 3] += f3;
        out[row + 4] += f4;
        out[row + 5] += f5;
        out[row + 6] += f6;
        out[row + 7] += f7;
        out[row + 8] += f8;
      }
      h = 9;
    }
    for (; h + 8 <= k; h += 8) {
      double f0 = values[h];
      double f1 = values[h + 1];
      double f2 = values[h + 2];
      double f3 = values[h + 3];
      double f4 = values[h + 4];
      double f5 = values[h + 5];
      double f6 = values[h + 6];
      double f7 = values[h + 7];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        out[row] += f0;
        out[row + 1] += f1;
        out[row + 2] += f2;
        out[row + 3] += f3;
        out[row + 4] += f4;
        out[row + 5] += f5;
        out[row + 6] += f6;
        out[row + 7] += f7;
      }
    }
    if (h + 4 <= k) {
      double f0 = values[h];
      double f1 = values[h + 1];
      double f2 = values[h + 2];
      double f3 = values[h + 3];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        out[row] += f0;
        out[row + 1] += f1;
        out[row + 2] += f2;
        out[row + 3] += f3;
      }
      h += 4;
    }
    // the last units one at a time: each addition goes to its own element, so nothing waits on it
    for (; h < k; h++) {
      double f = values[h];
      for (int p = from; p < to; p++) {
        out[ones[p] * k + h] += f;
      }
    }
  }

  /**
   * {@code out[k] = β_k + Σ_p W_{ones[p], k}} over p = from … to − 1, for λ laid out as an RBM's
   * parameters (package-private, the one loop behind {@link #hiddenFieldsOfOnes} and PCD's data
   * term). Each field is added up in a register, in the order of the ones as in
   * {@link #hiddenFields}, so the numbers are the same; an array element updated once per one is two
   * to three times slower. The hidden units go in blocks of nine (first, when K = 9, 17, …), eight,
   * five, four, three, two or one, at most two blocks below eight: a block of one is a single running
   * sum that waits on each addition, as slow per one as a block of eight, so K = 9 as 8 + 1 took 20%
   * longer in PCD than as one block of nine.
   */
  static void fieldsOfOnes(double[] lambda, int v, int k, int[] ones, int from, int to, double[] out) {
    sumRows(lambda, k, lambda, v * k + v, ones, from, to, out, 0);
  }

  /**
   * {@code out[outAt + k] = start[startAt + k] + Σ_p table[ones[p]·K + k]} over p = from … to − 1, each
   * sum added up in a register from its start in the order of p (package-private: the loop behind
   * {@link #fieldsOfOnes}, and PCD's data term summing the rows' weighted σ word by word). The
   * start may be {@code out}'s own element.
   */
  static void sumRows(double[] table, int k, double[] start, int startAt, int[] ones, int from, int to,
      double[] out, int outAt) {
    int h = 0;
    if (k % 8 == 1 && k >= 9) {
      // K = 9, 17, …: the first nine in one pass, so that no unit is left to a pass of its own
      double a0 = start[startAt + h];
      double a1 = start[startAt + h + 1];
      double a2 = start[startAt + h + 2];
      double a3 = start[startAt + h + 3];
      double a4 = start[startAt + h + 4];
      double a5 = start[startAt + h + 5];
      double a6 = start[startAt + h + 6];
      double a7 = start[startAt + h + 7];
      double a8 = start[startAt + h + 8];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        a0 += table[row];
        a1 += table[row + 1];
        a2 += table[row + 2];
        a3 += table[row + 3];
        a4 += table[row + 4];
        a5 += table[row + 5];
        a6 += table[row + 6];
        a7 += table[row + 7];
        a8 += table[row + 8];
      }
      out[outAt + h] = a0;
      out[outAt + h + 1] = a1;
      out[outAt + h + 2] = a2;
      out[outAt + h + 3] = a3;
      out[outAt + h + 4] = a4;
      out[outAt + h + 5] = a5;
      out[outAt + h + 6] = a6;
      out[outAt + h + 7] = a7;
      out[outAt + h + 8] = a8;
      h = 9;
    }
    for (; h + 8 <= k; h += 8) {
      double a0 = start[startAt + h];
      double a1 = start[startAt + h + 1];
      double a2 = start[startAt + h + 2];
      double a3 = start[startAt + h + 3];
      double a4 = start[startAt + h + 4];
      double a5 = start[startAt + h + 5];
      double a6 = start[startAt + h + 6];
      double a7 = start[startAt + h + 7];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        a0 += table[row];
        a1 += table[row + 1];
        a2 += table[row + 2];
        a3 += table[row + 3];
        a4 += table[row + 4];
        a5 += table[row + 5];
        a6 += table[row + 6];
        a7 += table[row + 7];
      }
      out[outAt + h] = a0;
      out[outAt + h + 1] = a1;
      out[outAt + h + 2] = a2;
      out[outAt + h + 3] = a3;
      out[outAt + h + 4] = a4;
      out[outAt + h + 5] = a5;
      out[outAt + h + 6] = a6;
      out[outAt + h + 7] = a7;
    }
    int rest = k - h;
    if (rest == 5) {
      double a0 = start[startAt + h];
      double a1 = start[startAt + h + 1];
      double a2 = start[startAt + h + 2];
      double a3 = start[startAt + h + 3];
      double a4 = start[startAt + h + 4];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        a0 += table[row];
        a1 += table[row + 1];
        a2 += table[row + 2];
        a3 += table[row + 3];
        a4 += table[row + 4];
      }
      out[outAt + h] = a0;
      out[outAt + h + 1] = a1;
      out[outAt + h + 2] = a2;
      out[outAt + h + 3] = a3;
      out[outAt + h + 4] = a4;
      return;
    }
    if (rest >= 4) {
      double a0 = start[startAt + h];
      double a1 = start[startAt + h + 1];
      double a2 = start[startAt + h + 2];
      double a3 = start[startAt + h + 3];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        a0 += table[row];
        a1 += table[row + 1];
        a2 += table[row + 2];
        a3 += table[row + 3];
      }
      out[outAt + h] = a0;
      out[outAt + h + 1] = a1;
      out[outAt + h + 2] = a2;
      out[outAt + h + 3] = a3;
      h += 4;
      rest -= 4;
    }
    if (rest == 3) {
      double a0 = start[startAt + h];
      double a1 = start[startAt + h + 1];
      double a2 = start[startAt + h + 2];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        a0 += table[row];
        a1 += table[row + 1];
        a2 += table[row + 2];
      }
      out[outAt + h] = a0;
      out[outAt + h + 1] = a1;
      out[outAt + h + 2] = a2;
    } else if (rest == 2) {
      double a0 = start[startAt + h];
      double a1 = start[startAt + h + 1];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        a0 += table[row];
        a1 += table[row + 1];
      }
      out[outAt + h] = a0;
      out[outAt + h + 1] = a1;
    } else if (rest == 1) {
      double a0 = start[startAt + h];
      for (int p = from; p < to; p++) {
        int row = ones[p] * k + h;
        a0 += table[row];
      }
      out[outAt + h] = a0;
    }
  }

  /**
   * The visible units' input fields {@code a_i = α_i + Σ_k W_ik z_k} into {@code out} (length V;
   * modified).
   */
  public void visibleFields(int[] z, double[] out) {
    checkHidden(z);
    checkLength(out, visibleCount, "visible field output");
    int vk = visibleCount * hiddenCount;
    for (int i = 0; i < visibleCount; i++) {
      int row = i * hiddenCount;
      double a = parameters[vk + i];
      for (int k = 0; k < hiddenCount; k++) {
        if (z[k] != 0) {
          a += parameters[row + k];
        }
      }
      out[i] = a;
    }
  }

  /**
   * {@link #visibleFields} from Wᵀ (package-private, unchecked): the fields start at α and each hidden
   * unit on adds its row of {@code byHidden} (from {@link #weightsByHidden}), a loop over contiguous
   * memory; each field gets the same additions in the same order, so the same numbers.
   */
  void visibleFieldsByHidden(int[] z, double[] byHidden, double[] out) {
    System.arraycopy(parameters, visibleCount * hiddenCount, out, 0, visibleCount);
    for (int k = 0; k < hiddenCount; k++) {
      if (z[k] != 0) {
        int row = k * visibleCount;
        for (int i = 0; i < visibleCount; i++) {
          out[i] += byHidden[row + i];
        }
      }
    }
  }

  /** Wᵀ in one fresh array (package-private): row k holds {@code W_ik} for i = 0 … V − 1. */
  double[] weightsByHidden() {
    double[] t = new double[visibleCount * hiddenCount];
    for (int k = 0; k < hiddenCount; k++) {
      for (int i = 0; i < visibleCount; i++) {
        t[k * visibleCount + i] = parameters[i * hiddenCount + k];
      }
    }
    return t;
  }

  /**
   * {@code log Z(x, λ) = log Σ_z exp(λᵀ f(x, z)) = αᵀ x + Σ_k softplus(β_k + Σ_i x_i W_ik)}, the
   * hidden units summed out in closed form.
   */
  public double logZGivenVisible(int[] x) {
    double[] b = new double[hiddenCount];
    hiddenFields(x, b);
    double s = 0;
    for (int i = 0; i < visibleCount; i++) {
      if (x[i] != 0) {
        s += visibleBias(i);
      }
    }
    for (int k = 0; k < hiddenCount; k++) {
      s += Logistic.softplus(b[k]);
    }
    return s;
  }

  /**
   * {@code log Σ_x exp(λᵀ f(x, z)) = βᵀ z + Σ_i softplus(α_i + Σ_k W_ik z_k)}, the visible units
   * summed out: the unnormalised log marginal of z.
   */
  public double logZGivenHidden(int[] z) {
    double[] a = new double[visibleCount];
    visibleFields(z, a);
    double s = 0;
    for (int k = 0; k < hiddenCount; k++) {
      if (z[k] != 0) {
        s += hiddenBias(k);
      }
    }
    for (int i = 0; i < visibleCount; i++) {
      s += Logistic.softplus(a[i]);
    }
    return s;
  }

  /** {@code E[z_k | x] = σ(β_k + Σ_i x_i W_ik)} into {@code out} (length K; modified). */
  public void hiddenPosteriorMeans(int[] x, double[] out) {
    hiddenFields(x, out);
    for (int k = 0; k < hiddenCount; k++) {
      out[k] = Logistic.sigmoid(out[k]);
    }
  }

  /**
   * {@code E[f | x]} under {@code p(z | x, λ)} into {@code out} (length F; modified): {@code x_i σ_k}
   * for {@code x_i z_k}, {@code x_i} for {@code x_i}, {@code σ_k} for {@code z_k}, where
   * {@code σ_k = E[z_k | x]}.
   */
  public void conditionalFeatureMeans(int[] x, double[] out) {
    checkLength(out, parameters.length, "feature output");
    double[] sigma = new double[hiddenCount];
    hiddenPosteriorMeans(x, sigma);
    int vk = visibleCount * hiddenCount;
    for (int i = 0; i < visibleCount; i++) {
      for (int k = 0; k < hiddenCount; k++) {
        out[i * hiddenCount + k] = x[i] != 0 ? sigma[k] : 0;
      }
      out[vk + i] = x[i];
    }
    System.arraycopy(sigma, 0, out, vk + visibleCount, hiddenCount);
  }

  /**
   * {@code C_x = Cov(f | x)} under {@code p(z | x, λ)} into {@code out} (F×F; modified). The hidden
   * units are independent given x with variances {@code v_k = σ_k (1 − σ_k)}, so the only non-zero
   * entries pair features that share one hidden unit k: {@code Cov(x_i z_k, x_j z_k) = x_i x_j v_k},
   * {@code Cov(x_i z_k, z_k) = x_i v_k}, {@code Var(z_k) = v_k}; the visible features are constant.
   */
  public void conditionalFeatureCovariance(int[] x, double[][] out) {
    checkVisible(x);
    int f = parameters.length;
    if (out.length != f) {
      throw new IllegalArgumentException("covariance output needs " + f + " rows, got " + out.length);
    }
    double[] sigma = new double[hiddenCount];
    hiddenPosteriorMeans(x, sigma);
    for (double[] row : out) {
      checkLength(row, f, "covariance output row");
      Arrays.fill(row, 0);
    }
    int hb = visibleCount * hiddenCount + visibleCount;
    for (int k = 0; k < hiddenCount; k++) {
      double var = sigma[k] * (1 - sigma[k]);
      out[hb + k][hb + k] = var;
      for (int i = 0; i < visibleCount; i++) {
        if (x[i] == 0) {
          continue;
        }
        int a = i * hiddenCount + k;
        out[a][hb + k] = var;
        out[hb + k][a] = var;
        for (int j = 0; j < visibleCount; j++) {
          if (x[j] != 0) {
            out[a][j * hiddenCount + k] = var;
          }
        }
      }
    }
  }

  void checkVisible(int[] x) {
    checkConfiguration(x, visibleCount, "visible");
  }

  void checkHidden(int[] z) {
    checkConfiguration(z, hiddenCount, "hidden");
  }

  private static void checkConfiguration(int[] s, int n, String side) {
    if (s.length != n) {
      throw new IllegalArgumentException("a " + side + " configuration needs " + n + " units, got " + s.length);
    }
    for (int i = 0; i < n; i++) {
      if (s[i] != 0 && s[i] != 1) {
        throw new IllegalArgumentException(side + " unit " + i + " must be 0 or 1, got " + s[i]);
      }
    }
  }

  private static void checkLength(double[] out, int n, String what) {
    if (out.length != n) {
      throw new IllegalArgumentException(what + " needs length " + n + ", got " + out.length);
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Rbm r && r.visibleCount == visibleCount && r.hiddenCount == hiddenCount
        && Arrays.equals(r.parameters, parameters);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * visibleCount + hiddenCount) + Arrays.hashCode(parameters);
  }

  @Override
  public String toString() {
    return "Rbm[V=" + visibleCount + ", K=" + hiddenCount + ", λ=" + Arrays.toString(parameters) + "]";
  }
}
