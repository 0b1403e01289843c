package org.occam.math;

/**
 * Fast log-gamma and digamma for positive arguments, for the hot loops (AIS Hastings ratios, VB
 * updates) where Commons Numbers' Boost-accurate versions dominated the profile.
 *
 * <p>Both shift the argument up to {@code y ≥ 7} with the recurrences
 * {@code lnΓ(x) = lnΓ(x + m) − ln(x (x+1) ⋯ (x+m−1))} and {@code ψ(x) = ψ(x + m) − Σ 1/(x+i)}, then
 * use the asymptotic (Stirling) series to the y⁻¹³ term, whose truncation error at y = 7 is below
 * 1e-14. Agreement with Commons Numbers is tested to 1e-13 absolute over (1e-300, 1e6].
 * Arguments must be positive; zero gives +∞ (lnΓ) or −∞ (ψ), as the limits.
 */
public final class GammaFunctions {
  private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);
  private static final double SHIFT = 7;

  private GammaFunctions() {}

  /** ln Γ(x) for x ≥ 0. */
  public static double logGamma(double x) {
    double y = x;
    double product = 1;
    while (y < SHIFT) {
      product *= y;
      y += 1;
    }
    double r = 1 / y;
    double r2 = r * r;
    double series = r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 * (1.0 / 1680
        - r2 * (1.0 / 1188 - r2 * (691.0 / 360360 - r2 * (1.0 / 156)))))));
    double stirling = (y - 0.5) * Math.log(y) - y + HALF_LOG_TWO_PI + series;
    return product == 1 ? stirling : stirling - Math.log(product);
  }

  /** ψ(x) = d ln Γ(x)/dx for x ≥ 0. */
  public static double digamma(double x) {
    double y = x;
    double shift = 0;
    while (y < SHIFT) {
      shift += 1 / y;
      y += 1;
    }
    double r = 1 / y;
    double r2 = r * r;
    double series = r2 * (1.0 / 12 - r2 * (1.0 / 120 - r2 * (1.0 / 252 - r2 * (1.0 / 240
        - r2 * (1.0 / 132 - r2 * (691.0 / 32760 - r2 * (1.0 / 12)))))));
    return Math.log(y) - 0.5 * r - series - shift;
  }

  /**
   * {@link #logGamma} and {@link #digamma} of the same x at once, bit for bit the values of those two
   * (the same operations in the same order), sharing the shift, 1/y and ln y: returns lnΓ(x) and writes
   * ψ(x) into {@code digammaOut[at]}.
   */
  public static double logGammaAndDigamma(double x, double[] digammaOut, int at) {
    double y = x;
    double product = 1;
    double shift = 0;
    while (y < SHIFT) {
      product *= y;
      shift += 1 / y;
      y += 1;
    }
    double r = 1 / y;
    double r2 = r * r;
    double logY = Math.log(y);
    double psiSeries = r2 * (1.0 / 12 - r2 * (1.0 / 120 - r2 * (1.0 / 252 - r2 * (1.0 / 240
        - r2 * (1.0 / 132 - r2 * (691.0 / 32760 - r2 * (1.0 / 12)))))));
    digammaOut[at] = logY - 0.5 * r - psiSeries - shift;
    double series = r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 * (1.0 / 1680
        - r2 * (1.0 / 1188 - r2 * (691.0 / 360360 - r2 * (1.0 / 156)))))));
    double stirling = (y - 0.5) * logY - y + HALF_LOG_TWO_PI + series;
    return product == 1 ? stirling : stirling - Math.log(product);
  }

  /**
   * {@code Σ_i [lnΓ(a_i) − lnΓ(b_i)]} over the first k entries, with one logarithm for all the
   * recurrence products instead of one per term (the hot part of a Dirichlet Hastings ratio).
   * Arguments below 1e-30 fall back to {@link #logGamma} term by term, so the products stay in range.
   */
  public static double logGammaDifferenceSum(double[] a, double[] b, int k) {
    double sum = 0;
    double ratio = 1;
    for (int i = 0; i < k; i++) {
      double x = a[i];
      double y = b[i];
      if (!(x >= 1e-30) || !(y >= 1e-30)) {
        sum += logGamma(x) - logGamma(y);
        continue;
      }
      while (x < SHIFT) {
        ratio *= x;
        x += 1;
      }
      while (y < SHIFT) {
        ratio /= y;
        y += 1;
      }
      sum += stirling(x) - stirling(y);
      if (ratio > 1e100 || ratio < 1e-100) {
        sum -= Math.log(ratio);
        ratio = 1;
      }
    }
    return sum - Math.log(ratio);
  }

  /**
   * The same sum given also {@code ln a_i} and {@code ln b_i}: an argument that needs no shift uses
   * its given logarithm instead of taking one, and the recurrence products of the a's and of the
   * b's are kept apart (multiplications only, no division chain), with one division at the end.
   * An argument below {@link #SHIFT} is shifted by exactly 7 (at most 13!/6! per factor).
   */
  public static double logGammaDifferenceSum(double[] a, double[] logA, double[] b, double[] logB, int k) {
    double sum = 0;
    double num = 1;
    double den = 1;
    for (int i = 0; i < k; i++) {
      double x = a[i];
      double y = b[i];
      if (!(x >= 1e-30) || !(y >= 1e-30)) {
        sum += logGamma(x) - logGamma(y);
        continue;
      }
      double lx;
      if (x >= SHIFT) {
        lx = logA[i];
      } else {
        // a fixed shift by 7 (no data-dependent loop to mispredict)
        num *= x * (x + 1) * ((x + 2) * (x + 3)) * ((x + 4) * (x + 5) * (x + 6));
        x += 7;
        lx = Math.log(x);
      }
      double ly;
      if (y >= SHIFT) {
        ly = logB[i];
      } else {
        // a fixed shift by 7 (no data-dependent loop to mispredict)
        den *= y * (y + 1) * ((y + 2) * (y + 3)) * ((y + 4) * (y + 5) * (y + 6));
        y += 7;
        ly = Math.log(y);
      }
      sum += stirling(x, lx) - stirling(y, ly);
      // each term multiplies a product by a factor within [1e-30 * 720, 13!/6!]
      if (num > 1e100 || num < 1e-100) {
        sum -= Math.log(num);
        num = 1;
      }
      if (den > 1e100 || den < 1e-100) {
        sum += Math.log(den);
        den = 1;
      }
    }
    return sum - Math.log(num / den);
  }

  /** lnΓ(y) by the asymptotic series, for y ≥ {@link #SHIFT}, given ln y. */
  private static double stirling(double y, double logY) {
    double r = 1 / y;
    double r2 = r * r;
    double series = r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 * (1.0 / 1680
        - r2 * (1.0 / 1188 - r2 * (691.0 / 360360 - r2 * (1.0 / 156)))))));
    return (y - 0.5) * logY - y + HALF_LOG_TWO_PI + series;
  }

  /** lnΓ(y) by the asymptotic series, for y ≥ {@link #SHIFT}. */
  private static double stirling(double y) {
    double r = 1 / y;
    double r2 = r * r;
    double series = r * (1.0 / 12 - r2 * (1.0 / 360 - r2 * (1.0 / 1260 - r2 * (1.0 / 1680
        - r2 * (1.0 / 1188 - r2 * (691.0 / 360360 - r2 * (1.0 / 156)))))));
    return (y - 0.5) * Math.log(y) - y + HALF_LOG_TWO_PI + series;
  }
}
