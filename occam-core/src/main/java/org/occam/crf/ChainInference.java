package org.occam.crf;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Exact inference on a chain of L spins t_i ∈ {−1, +1} with fields h_i and couplings J_i,
 * {@code p(t) ∝ exp(Σ_i h_i t_i + Σ_i J_i t_i t_{i+1})}: forward–backward in log space for log Z,
 * the node and pair marginals, the full covariance of the 2L−1 statistics
 * u(t) = (t_1…t_L, t_1t_2…t_{L−1}t_L), exact samples (forward filtering, backward sampling) and
 * the most probable labelling (Viterbi, i.e. max-product on the chain).
 *
 * <p>Potentials are passed as one array: the L fields, then the L−1 couplings. State index 0 is the
 * spin −1 and index 1 the spin +1.
 */
public final class ChainInference {
  private static final double[] SPIN = {-1, 1};

  private final int length;
  private final double[] h;
  private final double[] j;
  /** Log forward messages: la[i][k] = log Σ over t_1..t_{i−1} of the unnormalised p with t_i = k. */
  private final double[][] la;
  /** Log backward messages: lb[i][k] = log Σ over t_{i+1}..t_L given t_i = k. */
  private final double[][] lb;
  private final double logZ;

  private ChainInference(int length, double[] potentials) {
    if (length < 1 || potentials.length != 2 * length - 1) {
      throw new IllegalArgumentException("need " + (2 * length - 1) + " potentials for a chain of " + length
          + ", got " + potentials.length);
    }
    this.length = length;
    this.h = new double[length];
    this.j = new double[Math.max(0, length - 1)];
    System.arraycopy(potentials, 0, h, 0, length);
    System.arraycopy(potentials, length, j, 0, length - 1);
    la = new double[length][2];
    lb = new double[length][2];
    for (int k = 0; k < 2; k++) {
      la[0][k] = h[0] * SPIN[k];
    }
    for (int i = 1; i < length; i++) {
      for (int k = 0; k < 2; k++) {
        double a = la[i - 1][0] + j[i - 1] * SPIN[0] * SPIN[k];
        double b = la[i - 1][1] + j[i - 1] * SPIN[1] * SPIN[k];
        la[i][k] = h[i] * SPIN[k] + logAddExp(a, b);
      }
    }
    for (int i = length - 2; i >= 0; i--) {
      for (int k = 0; k < 2; k++) {
        double a = j[i] * SPIN[k] * SPIN[0] + h[i + 1] * SPIN[0] + lb[i + 1][0];
        double b = j[i] * SPIN[k] * SPIN[1] + h[i + 1] * SPIN[1] + lb[i + 1][1];
        lb[i][k] = logAddExp(a, b);
      }
    }
    logZ = logAddExp(la[length - 1][0], la[length - 1][1]);
  }

  /** Runs forward–backward on a chain of {@code length} spins with these potentials. */
  public static ChainInference of(double[] potentials, int length) {
    return new ChainInference(length, potentials);
  }

  /** The largest |potential| {@link #logZAndMeans} handles by scaled messages; beyond it, log space. */
  static final double SCALED_LIMIT = 50;

  /**
   * log Z with E[u(t)] written into {@code meansOut} (2L−1 entries, as {@link #means()}), by
   * forward–backward with normalised probability messages (Rabiner's scaling) instead of log space:
   * two exponentials per position rather than a dozen, for the hot loop of the likelihood's
   * gradient. Each forward message is normalised to sum 1 and log Z is the sum of the logs of the
   * normalisers, so nothing under- or overflows while every potential is at most
   * {@value #SCALED_LIMIT} in absolute value (a normaliser then lies within [e^−100, 2e^200], and their
   * running product is logged once it leaves 1e±200); otherwise it falls back to the log-space run.
   *
   * @param potentials L fields then L−1 couplings. Not modified.
   * @param meansOut length ≥ 2L−1. Modified.
   * @param scratch length ≥ 7L. Modified.
   */
  public static double logZAndMeans(double[] potentials, int length, double[] meansOut, double[] scratch) {
    return logZAndMeans(potentials, null, length, meansOut, scratch);
  }

  /**
   * As {@link #logZAndMeans(double[], int, double[], double[])}, with {@code e^{2·potential}} given
   * for every potential (or {@code null} to compute them): the likelihood makes them as products of
   * e^{2λ_k} over a position's active 0/1 features, with no exponential per position.
   *
   * @param expTwice e^{2 potentials[r]} for r &lt; 2L−1, or null. Not modified.
   */
  public static double logZAndMeans(double[] potentials, double[] expTwice, int length, double[] meansOut,
      double[] scratch) {
    int l = length;
    double shift = 0;
    boolean inRange = true;
    for (int r = 0; r < 2 * l - 1; r++) {
      inRange &= Math.abs(potentials[r]) <= SCALED_LIMIT;
      shift += potentials[r];
    }
    double logZ = Double.NaN;
    if (inRange) {
      if (expTwice == null) {
        for (int r = 0; r < 2 * l - 1; r++) {
          scratch[5 * l + r] = Math.exp(2 * potentials[r]);
        }
        logZ = scaled(scratch, 5 * l, shift, l, meansOut, scratch);
      } else {
        logZ = scaled(expTwice, 0, shift, l, meansOut, scratch);
      }
    }
    if (Double.isNaN(logZ)) {
      ChainInference c = of(java.util.Arrays.copyOf(potentials, 2 * l - 1), l);
      System.arraycopy(c.means(), 0, meansOut, 0, 2 * l - 1);
      return c.logZ;
    }
    return logZ;
  }

  /** e^{−2·limit} and e^{2·limit}: the range of e^{2·potential} that {@link #scaled} accepts. */
  static final double EXP_MIN = Math.exp(-2 * SCALED_LIMIT);
  static final double EXP_MAX = Math.exp(2 * SCALED_LIMIT);

  /**
   * The scaled forward–backward of {@link #logZAndMeans} from e^{2·potential} alone (at
   * {@code expTwice[offset…offset+2L−1)}, fields then couplings) and {@code shift} = Σ h_i + Σ J_i;
   * NaN, with nothing else promised, if some e^{2·potential} is outside [e^−100, e^100] (a potential
   * past the scaled limit): the caller then takes the log-space run.
   *
   * @param scratch length ≥ 5L (and the e's may live in it from 5L on). Modified.
   */
  public static double scaled(double[] expTwice, int offset, double shift, int length, double[] meansOut,
      double[] scratch) {
    int l = length;
    // scratch: a0, a1 (normalised forward), b0, b1 (backward, scaled by the same normalisers),
    // the normalisers' reciprocals
    int a0 = 0;
    int a1 = l;
    int b0 = 2 * l;
    int b1 = 3 * l;
    int ic = 4 * l;
    int eh = offset;
    int ej = offset + l;
    // h t = −h + 2h [t = +1] and J t t' = −J + 2J [t = t']: with φ'(−1) = 1, φ'(+1) = e^{2h} and
    // ψ'(same) = e^{2J}, ψ'(different) = 1, log Z = log Z' − Σ h_i − Σ J_i.
    double logAcc = 0;
    double prod = 1;
    double p1 = expTwice[eh];
    if (!(p1 >= EXP_MIN && p1 <= EXP_MAX)) {
      return Double.NaN;
    }
    double c = 1 + p1;
    double inv = 1 / c;
    scratch[a0] = inv;
    scratch[a1] = p1 * inv;
    scratch[ic] = inv;
    prod *= c;
    for (int i = 1; i < l; i++) {
      double w = expTwice[ej + i - 1];
      double e = expTwice[eh + i];
      if (!(w >= EXP_MIN && w <= EXP_MAX && e >= EXP_MIN && e <= EXP_MAX)) {
        return Double.NaN;
      }
      double f0 = scratch[a0 + i - 1];
      double f1 = scratch[a1 + i - 1];
      // to −1: from −1 (same: w), from +1 (different: 1); to +1: from −1 (1), from +1 (w), times e^{2h}
      double q0 = f0 * w + f1;
      double q1 = (f0 + f1 * w) * e;
      c = q0 + q1;
      inv = 1 / c;
      scratch[a0 + i] = q0 * inv;
      scratch[a1 + i] = q1 * inv;
      scratch[ic + i] = inv;
      prod *= c;
      if (prod > 1e200 || prod < 1e-200) {
        logAcc += Math.log(prod);
        prod = 1;
      }
    }
    double logZ = logAcc + Math.log(prod) - shift;
    // backward: β̂_L = 1, β̂_i(j) = Σ_k ψ'(j,k) φ'_{i+1}(k) β̂_{i+1}(k) / c_{i+1}. With α̂_i = α_i / (c_1⋯c_i)
    // and β̂_i = β_i / (c_{i+1}⋯c_L), α̂_i(j) β̂_i(j) = α_i(j) β_i(j) / Z' is the marginal itself (and so is the
    // pair product below): they sum to 1 up to rounding, so no division normalises them (Rabiner 1989, sec. V.A)
    scratch[b0 + l - 1] = 1;
    scratch[b1 + l - 1] = 1;
    for (int i = l - 2; i >= 0; i--) {
      double w = expTwice[ej + i];
      double g0 = scratch[b0 + i + 1] * scratch[ic + i + 1];
      double g1 = scratch[b1 + i + 1] * expTwice[eh + i + 1] * scratch[ic + i + 1];
      scratch[b0 + i] = w * g0 + g1;
      scratch[b1 + i] = g0 + w * g1;
      // pair (i, i+1): p(j,k) = α̂_i(j) ψ'(j,k) φ'_{i+1}(k) β̂_{i+1}(k) / c_{i+1}
      double f0 = scratch[a0 + i];
      double f1 = scratch[a1 + i];
      double same = w * (f0 * g0 + f1 * g1);
      double diff = f0 * g1 + f1 * g0;
      meansOut[l + i] = same - diff;
    }
    for (int i = 0; i < l; i++) {
      double n0 = scratch[a0 + i] * scratch[b0 + i];
      double n1 = scratch[a1 + i] * scratch[b1 + i];
      meansOut[i] = n1 - n0;
    }
    return logZ;
  }

  /**
   * {@link #scaled} with each e^{2·potential} looked up in a table, e^{2·potential_r} =
   * {@code table[row[r]]}, every entry already known to lie in [e^−100, e^100] (the likelihood checks
   * its distinct rows once per evaluation, not every position): the same arithmetic in the same
   * order, so the same numbers as {@link #scaled} on the gathered values.
   *
   * @param table e^{2·potential} per distinct row. Not modified.
   * @param row the table index of each of the 2L−1 potentials. Not modified.
   * @param scratch length ≥ 3L. Modified.
   */
  static double scaledGathered(double[] table, int[] row, double shift, int length, double[] meansOut,
      double[] scratch) {
    int l = length;
    // scratch: a0, a1 (normalised forward), the normalisers' reciprocals; the messages of the last
    // position are carried in locals, not read back from the array, to keep loads off the recursion
    int a0 = 0;
    int a1 = l;
    int ic = 2 * l;
    double logAcc = 0;
    double prod = 1;
    double p1 = table[row[0]];
    double c = 1 + p1;
    double inv = 1 / c;
    double f0 = inv;
    double f1 = p1 * inv;
    scratch[a0] = f0;
    scratch[a1] = f1;
    scratch[ic] = inv;
    prod *= c;
    for (int i = 1; i < l; i++) {
      double w = table[row[l + i - 1]];
      double e = table[row[i]];
      double q0 = f0 * w + f1;
      double q1 = (f0 + f1 * w) * e;
      c = q0 + q1;
      inv = 1 / c;
      f0 = q0 * inv;
      f1 = q1 * inv;
      scratch[a0 + i] = f0;
      scratch[a1 + i] = f1;
      scratch[ic + i] = inv;
      prod *= c;
      if (prod > 1e200 || prod < 1e-200) {
        logAcc += Math.log(prod);
        prod = 1;
      }
    }
    double logZ = logAcc + Math.log(prod) - shift;
    double b0 = 1;
    double b1 = 1;
    meansOut[l - 1] = f1 * b1 - f0 * b0;
    for (int i = l - 2; i >= 0; i--) {
      double w = table[row[l + i]];
      double next = scratch[ic + i + 1];
      double g0 = b0 * next;
      double g1 = b1 * table[row[i + 1]] * next;
      b0 = w * g0 + g1;
      b1 = g0 + w * g1;
      f0 = scratch[a0 + i];
      f1 = scratch[a1 + i];
      double same = w * (f0 * g0 + f1 * g1);
      double diff = f0 * g1 + f1 * g0;
      meansOut[l + i] = same - diff;
      meansOut[i] = f1 * b1 - f0 * b0;
    }
    return logZ;
  }

  /**
   * {@link #scaledGathered} on two chains of the same length at once, their recursions interleaved:
   * one chain's forward recursion waits on a division per position, and the processor has the
   * room to run the other's meanwhile. Each chain's arithmetic is its own and in its own order, so
   * the numbers are those of two calls of {@link #scaledGathered}, bit for bit.
   *
   * @param shiftA Σ h_i + Σ J_i of chain A (and likewise B)
   * @param logZOut log Z of chain A then of chain B. Modified.
   */
  static void scaledGatheredPair(double[] table, int length, int[] rowA, double shiftA, double[] meansA,
      double[] scratchA, int[] rowB, double shiftB, double[] meansB, double[] scratchB, double[] logZOut) {
    forwardPair(table, length, rowA, shiftA, scratchA, rowB, shiftB, scratchB, logZOut);
    backwardPair(table, length, rowA, meansA, scratchA, rowB, meansB, scratchB);
  }

  /**
   * {@link #scaledGathered} on four chains of the same length at once: the forward recursions
   * interleaved four ways (two leave the processor idle part of the time), the backward ones two.
   * The numbers of four calls of {@link #scaledGathered}, bit for bit.
   *
   * @param row the table indices of chain c's potentials, c = 0…3. Not modified.
   * @param shift Σ h_i + Σ J_i of each chain
   * @param means E[u] of each chain. Modified.
   * @param scratch length ≥ 3L each. Modified.
   * @param logZOut log Z of each. Modified.
   */
  static void scaledGatheredQuad(double[] table, int length, int[][] row, double[] shift, double[][] means,
      double[][] scratch, double[] logZOut) {
    int l = length;
    int a0 = 0;
    int a1 = l;
    int ic = 2 * l;
    int[] rowA = row[0];
    int[] rowB = row[1];
    int[] rowC = row[2];
    int[] rowD = row[3];
    double[] sA = scratch[0];
    double[] sB = scratch[1];
    double[] sC = scratch[2];
    double[] sD = scratch[3];
    double logAccA = 0;
    double logAccB = 0;
    double logAccC = 0;
    double logAccD = 0;
    double p1A = table[rowA[0]];
    double p1B = table[rowB[0]];
    double p1C = table[rowC[0]];
    double p1D = table[rowD[0]];
    double cA = 1 + p1A;
    double cB = 1 + p1B;
    double cC = 1 + p1C;
    double cD = 1 + p1D;
    double invA = 1 / cA;
    double invB = 1 / cB;
    double invC = 1 / cC;
    double invD = 1 / cD;
    double f0A = invA;
    double f1A = p1A * invA;
    double f0B = invB;
    double f1B = p1B * invB;
    double f0C = invC;
    double f1C = p1C * invC;
    double f0D = invD;
    double f1D = p1D * invD;
    sA[a0] = f0A;
    sA[a1] = f1A;
    sA[ic] = invA;
    sB[a0] = f0B;
    sB[a1] = f1B;
    sB[ic] = invB;
    sC[a0] = f0C;
    sC[a1] = f1C;
    sC[ic] = invC;
    sD[a0] = f0D;
    sD[a1] = f1D;
    sD[ic] = invD;
    double prodA = cA;
    double prodB = cB;
    double prodC = cC;
    double prodD = cD;
    for (int i = 1; i < l; i++) {
      double wA = table[rowA[l + i - 1]];
      double eA = table[rowA[i]];
      double wB = table[rowB[l + i - 1]];
      double eB = table[rowB[i]];
      double wC = table[rowC[l + i - 1]];
      double eC = table[rowC[i]];
      double wD = table[rowD[l + i - 1]];
      double eD = table[rowD[i]];
      double q0A = f0A * wA + f1A;
      double q0B = f0B * wB + f1B;
      double q0C = f0C * wC + f1C;
      double q0D = f0D * wD + f1D;
      double q1A = (f0A + f1A * wA) * eA;
      double q1B = (f0B + f1B * wB) * eB;
      double q1C = (f0C + f1C * wC) * eC;
      double q1D = (f0D + f1D * wD) * eD;
      cA = q0A + q1A;
      cB = q0B + q1B;
      cC = q0C + q1C;
      cD = q0D + q1D;
      invA = 1 / cA;
      invB = 1 / cB;
      invC = 1 / cC;
      invD = 1 / cD;
      f0A = q0A * invA;
      f1A = q1A * invA;
      f0B = q0B * invB;
      f1B = q1B * invB;
      f0C = q0C * invC;
      f1C = q1C * invC;
      f0D = q0D * invD;
      f1D = q1D * invD;
      sA[a0 + i] = f0A;
      sA[a1 + i] = f1A;
      sA[ic + i] = invA;
      sB[a0 + i] = f0B;
      sB[a1 + i] = f1B;
      sB[ic + i] = invB;
      sC[a0 + i] = f0C;
      sC[a1 + i] = f1C;
      sC[ic + i] = invC;
      sD[a0 + i] = f0D;
      sD[a1 + i] = f1D;
      sD[ic + i] = invD;
      prodA *= cA;
      prodB *= cB;
      prodC *= cC;
      prodD *= cD;
      if (prodA > 1e200 || prodA < 1e-200) {
        logAccA += Math.log(prodA);
        prodA = 1;
      }
      if (prodB > 1e200 || prodB < 1e-200) {
        logAccB += Math.log(prodB);
        prodB = 1;
      }
      if (prodC > 1e200 || prodC < 1e-200) {
        logAccC += Math.log(prodC);
        prodC = 1;
      }
      if (prodD > 1e200 || prodD < 1e-200) {
        logAccD += Math.log(prodD);
        prodD = 1;
      }
    }
    logZOut[0] = logAccA + Math.log(prodA) - shift[0];
    logZOut[1] = logAccB + Math.log(prodB) - shift[1];
    logZOut[2] = logAccC + Math.log(prodC) - shift[2];
    logZOut[3] = logAccD + Math.log(prodD) - shift[3];
    backwardPair(table, l, rowA, means[0], sA, rowB, means[1], sB);
    backwardPair(table, l, rowC, means[2], sC, rowD, means[3], sD);
  }

  /** The forward recursions of {@link #scaledGatheredPair}: the messages, normalisers and log Z. */
  private static void forwardPair(double[] table, int length, int[] rowA, double shiftA, double[] scratchA,
      int[] rowB, double shiftB, double[] scratchB, double[] logZOut) {
    int l = length;
    int a0 = 0;
    int a1 = l;
    int ic = 2 * l;
    double logAccA = 0;
    double logAccB = 0;
    double p1A = table[rowA[0]];
    double p1B = table[rowB[0]];
    double cA = 1 + p1A;
    double cB = 1 + p1B;
    double invA = 1 / cA;
    double invB = 1 / cB;
    double f0A = invA;
    double f1A = p1A * invA;
    double f0B = invB;
    double f1B = p1B * invB;
    scratchA[a0] = f0A;
    scratchA[a1] = f1A;
    scratchA[ic] = invA;
    scratchB[a0] = f0B;
    scratchB[a1] = f1B;
    scratchB[ic] = invB;
    double prodA = cA;
    double prodB = cB;
    for (int i = 1; i < l; i++) {
      double wA = table[rowA[l + i - 1]];
      double eA = table[rowA[i]];
      double wB = table[rowB[l + i - 1]];
      double eB = table[rowB[i]];
      double q0A = f0A * wA + f1A;
      double q0B = f0B * wB + f1B;
      double q1A = (f0A + f1A * wA) * eA;
      double q1B = (f0B + f1B * wB) * eB;
      cA = q0A + q1A;
      cB = q0B + q1B;
      invA = 1 / cA;
      invB = 1 / cB;
      f0A = q0A * invA;
      f1A = q1A * invA;
      f0B = q0B * invB;
      f1B = q1B * invB;
      scratchA[a0 + i] = f0A;
      scratchA[a1 + i] = f1A;
      scratchA[ic + i] = invA;
      scratchB[a0 + i] = f0B;
      scratchB[a1 + i] = f1B;
      scratchB[ic + i] = invB;
      prodA *= cA;
      prodB *= cB;
      if (prodA > 1e200 || prodA < 1e-200) {
        logAccA += Math.log(prodA);
        prodA = 1;
      }
      if (prodB > 1e200 || prodB < 1e-200) {
        logAccB += Math.log(prodB);
        prodB = 1;
      }
    }
    logZOut[0] = logAccA + Math.log(prodA) - shiftA;
    logZOut[1] = logAccB + Math.log(prodB) - shiftB;
  }

  /** The backward recursions of two chains after their forward ones, and the means. */
  private static void backwardPair(double[] table, int length, int[] rowA, double[] meansA, double[] scratchA,
      int[] rowB, double[] meansB, double[] scratchB) {
    int l = length;
    int a0 = 0;
    int a1 = l;
    int ic = 2 * l;
    double b0A = 1;
    double b1A = 1;
    double b0B = 1;
    double b1B = 1;
    double f0A = scratchA[a0 + l - 1];
    double f1A = scratchA[a1 + l - 1];
    double f0B = scratchB[a0 + l - 1];
    double f1B = scratchB[a1 + l - 1];
    meansA[l - 1] = f1A * b1A - f0A * b0A;
    meansB[l - 1] = f1B * b1B - f0B * b0B;
    for (int i = l - 2; i >= 0; i--) {
      double wA = table[rowA[l + i]];
      double wB = table[rowB[l + i]];
      double nextA = scratchA[ic + i + 1];
      double nextB = scratchB[ic + i + 1];
      double g0A = b0A * nextA;
      double g0B = b0B * nextB;
      double g1A = b1A * table[rowA[i + 1]] * nextA;
      double g1B = b1B * table[rowB[i + 1]] * nextB;
      b0A = wA * g0A + g1A;
      b0B = wB * g0B + g1B;
      b1A = g0A + wA * g1A;
      b1B = g0B + wB * g1B;
      f0A = scratchA[a0 + i];
      f1A = scratchA[a1 + i];
      f0B = scratchB[a0 + i];
      f1B = scratchB[a1 + i];
      meansA[l + i] = wA * (f0A * g0A + f1A * g1A) - (f0A * g1A + f1A * g0A);
      meansB[l + i] = wB * (f0B * g0B + f1B * g1B) - (f0B * g1B + f1B * g0B);
      meansA[i] = f1A * b1A - f0A * b0A;
      meansB[i] = f1B * b1B - f0B * b0B;
    }
  }

  /** L. */
  public int length() {
    return length;
  }

  /** log Z. */
  public double logZ() {
    return logZ;
  }

  /** λᵀf(t) = Σ h_i t_i + Σ J_i t_i t_{i+1} for spins t. */
  public double energy(int[] t) {
    double e = 0;
    for (int i = 0; i < length; i++) {
      e += h[i] * t[i];
    }
    for (int i = 0; i + 1 < length; i++) {
      e += j[i] * t[i] * t[i + 1];
    }
    return e;
  }

  /** log p(t) for spins t. */
  public double logProbability(int[] t) {
    return energy(t) - logZ;
  }

  /** u(t) = (t_1…t_L, t_1t_2…t_{L−1}t_L). */
  public static double[] statistics(int[] t) {
    int l = t.length;
    double[] u = new double[2 * l - 1];
    for (int i = 0; i < l; i++) {
      u[i] = t[i];
    }
    for (int i = 0; i + 1 < l; i++) {
      u[l + i] = t[i] * t[i + 1];
    }
    return u;
  }

  /** p(t_i = k) for k = 0 (spin −1), 1 (spin +1). */
  public double[] nodeMarginal(int i) {
    double p1 = Math.exp(la[i][1] + lb[i][1] - logZ);
    double p0 = Math.exp(la[i][0] + lb[i][0] - logZ);
    double s = p0 + p1;
    return new double[] {p0 / s, p1 / s};
  }

  /** p(t_i = a, t_{i+1} = b), indexed [a][b]. */
  public double[][] pairMarginal(int i) {
    double[][] p = new double[2][2];
    double s = 0;
    for (int a = 0; a < 2; a++) {
      for (int b = 0; b < 2; b++) {
        p[a][b] = Math.exp(la[i][a] + j[i] * SPIN[a] * SPIN[b] + h[i + 1] * SPIN[b] + lb[i + 1][b] - logZ);
        s += p[a][b];
      }
    }
    for (double[] row : p) {
      row[0] /= s;
      row[1] /= s;
    }
    return p;
  }

  /** E[u(t)]: the spins' means, then the adjacent products' means. */
  public double[] means() {
    double[] m = new double[2 * length - 1];
    for (int i = 0; i < length; i++) {
      double[] p = nodeMarginal(i);
      m[i] = p[1] - p[0];
    }
    for (int i = 0; i + 1 < length; i++) {
      double[][] p = pairMarginal(i);
      m[length + i] = p[0][0] + p[1][1] - p[0][1] - p[1][0];
    }
    return m;
  }

  /** p(t_{i+1} = b | t_i = a), indexed [a][b]: the posterior chain runs forward as a Markov chain. */
  private double[][] transition(int i) {
    double[][] t = new double[2][2];
    for (int a = 0; a < 2; a++) {
      double s = 0;
      for (int b = 0; b < 2; b++) {
        t[a][b] = Math.exp(j[i] * SPIN[a] * SPIN[b] + h[i + 1] * SPIN[b] + lb[i + 1][b] - lb[i][a]);
        s += t[a][b];
      }
      t[a][0] /= s;
      t[a][1] /= s;
    }
    return t;
  }

  /**
   * Cov[u(t)], the (2L−1)-square covariance of the spins and adjacent products, exact, in O(L²):
   * conditioned on t_r the posterior is a forward Markov chain, so E[t_j | t_r] and
   * E[t_j t_{j+1} | t_r] for j ≥ r follow by propagating the transition matrices from r.
   */
  public double[][] covariance() {
    int l = length;
    int d = 2 * l - 1;
    double[][][] tr = new double[Math.max(0, l - 1)][][];
    for (int i = 0; i + 1 < l; i++) {
      tr[i] = transition(i);
    }
    double[][] node = new double[l][];
    for (int i = 0; i < l; i++) {
      node[i] = nodeMarginal(i);
    }
    double[][][] pair = new double[Math.max(0, l - 1)][][];
    for (int i = 0; i + 1 < l; i++) {
      pair[i] = pairMarginal(i);
    }
    double[] m = new double[d];
    for (int i = 0; i < l; i++) {
      m[i] = node[i][1] - node[i][0];
    }
    for (int i = 0; i + 1 < l; i++) {
      m[l + i] = pair[i][0][0] + pair[i][1][1] - pair[i][0][1] - pair[i][1][0];
    }
    double[][] c = new double[d][d];
    // a[j][b] = E[t_j | t_r = b], pb[j][b] = E[t_j t_{j+1} | t_r = b], for j ≥ r
    double[][] a = new double[l][2];
    double[][] pb = new double[Math.max(0, l - 1)][2];
    double[][] q = new double[2][2];
    for (int r = 0; r < l; r++) {
      // q[b][k] = p(t_j = k | t_r = b), starting at j = r
      q[0][0] = 1;
      q[0][1] = 0;
      q[1][0] = 0;
      q[1][1] = 1;
      for (int jj = r; jj < l; jj++) {
        for (int b = 0; b < 2; b++) {
          a[jj][b] = q[b][1] - q[b][0];
          if (jj + 1 < l) {
            double[][] t = tr[jj];
            double e = 0;
            for (int k = 0; k < 2; k++) {
              e += q[b][k] * SPIN[k] * (t[k][1] - t[k][0]);
            }
            pb[jj][b] = e;
          }
        }
        if (jj + 1 < l) {
          double[][] t = tr[jj];
          for (int b = 0; b < 2; b++) {
            double n0 = q[b][0] * t[0][0] + q[b][1] * t[1][0];
            double n1 = q[b][0] * t[0][1] + q[b][1] * t[1][1];
            q[b][0] = n0;
            q[b][1] = n1;
          }
        }
      }
      double[] pr = node[r];
      // spin r with spins j ≥ r and with pairs j ≥ r
      for (int jj = r; jj < l; jj++) {
        double e = pr[0] * SPIN[0] * a[jj][0] + pr[1] * SPIN[1] * a[jj][1];
        double v = e - m[r] * m[jj];
        c[r][jj] = v;
        c[jj][r] = v;
      }
      for (int jj = r; jj + 1 < l; jj++) {
        double e = pr[0] * SPIN[0] * pb[jj][0] + pr[1] * SPIN[1] * pb[jj][1];
        double v = e - m[r] * m[l + jj];
        c[r][l + jj] = v;
        c[l + jj][r] = v;
      }
      if (r >= 1) {
        // the pair (r−1, r) with spins j ≥ r and with pairs j ≥ r
        double[][] pp = pair[r - 1];
        double w0 = pp[0][0] * SPIN[0] * SPIN[0] + pp[1][0] * SPIN[1] * SPIN[0]; // weight of t_r = −1
        double w1 = pp[0][1] * SPIN[0] * SPIN[1] + pp[1][1] * SPIN[1] * SPIN[1]; // weight of t_r = +1
        int pi = l + r - 1;
        for (int jj = r; jj < l; jj++) {
          double v = w0 * a[jj][0] + w1 * a[jj][1] - m[pi] * m[jj];
          c[pi][jj] = v;
          c[jj][pi] = v;
        }
        for (int jj = r; jj + 1 < l; jj++) {
          double v = w0 * pb[jj][0] + w1 * pb[jj][1] - m[pi] * m[l + jj];
          c[pi][l + jj] = v;
          c[l + jj][pi] = v;
        }
        double vv = 1 - m[pi] * m[pi];
        c[pi][pi] = vv;
      }
    }
    return c;
  }

  /** An exact sample of the spins (forward filtering, backward sampling). */
  public int[] sample(UniformRandomProvider rng) {
    int[] t = new int[length];
    int i = length - 1;
    double p1 = 1 / (1 + Math.exp(la[i][0] - la[i][1]));
    int k = rng.nextDouble() < p1 ? 1 : 0;
    t[i] = (int) SPIN[k];
    for (i = length - 2; i >= 0; i--) {
      double s1 = la[i][1] + j[i] * SPIN[1] * t[i + 1];
      double s0 = la[i][0] + j[i] * SPIN[0] * t[i + 1];
      p1 = 1 / (1 + Math.exp(s0 - s1));
      t[i] = rng.nextDouble() < p1 ? 1 : -1;
    }
    return t;
  }

  /**
   * The most probable spins (Viterbi: max-product on the chain in log space); ties go to −1.
   *
   * @param potentials L fields then L−1 couplings
   */
  public static int[] viterbi(double[] potentials, int length) {
    double[] h = new double[length];
    System.arraycopy(potentials, 0, h, 0, length);
    double[][] best = new double[length][2];
    int[][] back = new int[length][2];
    for (int k = 0; k < 2; k++) {
      best[0][k] = h[0] * SPIN[k];
    }
    for (int i = 1; i < length; i++) {
      double ji = potentials[length + i - 1];
      for (int k = 0; k < 2; k++) {
        double a = best[i - 1][0] + ji * SPIN[0] * SPIN[k];
        double b = best[i - 1][1] + ji * SPIN[1] * SPIN[k];
        back[i][k] = b > a ? 1 : 0;
        best[i][k] = h[i] * SPIN[k] + Math.max(a, b);
      }
    }
    int[] t = new int[length];
    int k = best[length - 1][1] > best[length - 1][0] ? 1 : 0;
    for (int i = length - 1; i >= 0; i--) {
      t[i] = (int) SPIN[k];
      k = back[i][k];
    }
    return t;
  }

  private static double logAddExp(double a, double b) {
    double m = Math.max(a, b);
    if (m == Double.NEGATIVE_INFINITY) {
      return m;
    }
    return m + Math.log(Math.exp(a - m) + Math.exp(b - m));
  }
}
