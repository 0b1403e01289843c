package org.occam.sampling;

import java.util.Arrays;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.occam.math.RandomStreams;

/**
 * Convergence and efficiency diagnostics of Markov chains, on draws laid out as
 * {@code draws[c][t][k]} (chain c, draw t, parameter k; m chains of n draws, p parameters).
 *
 * <p><b>PSRF and MPSRF</b> (Gelman &amp; Rubin 1992; Brooks &amp; Gelman 1998, "General methods for
 * monitoring convergence of iterative simulations", JCGS 7(4), sections 2 and 4). With the
 * within-chain covariance W and the between-chain covariance of the chain means B/n,
 *
 * <pre>
 *   W   = 1/(m(n−1)) Σ_c Σ_t (θ_ct − θ̄_c)(θ_ct − θ̄_c)ᵀ
 *   B/n = 1/(m−1)    Σ_c (θ̄_c − θ̄)(θ̄_c − θ̄)ᵀ
 *   PSRF_k = (n−1)/n + (m+1)/m · (B/n)_kk / W_kk
 *   MPSRF  = (n−1)/n + (m+1)/m · λ₁,   λ₁ the largest eigenvalue of W⁻¹B/n
 * </pre>
 *
 * <p>The MPSRF bounds every PSRF of a linear combination of the parameters, so it is at least the
 * largest PSRF. λ₁ is found as the largest eigenvalue of the symmetric {@code L⁻¹(B/n)L⁻ᵀ}, with
 * {@code W = LLᵀ}. When W is singular (a parameter that does not move, or more parameters than the
 * chains' draws span) the factor is undefined and +∞ is returned, which callers report as not
 * converged. With one chain, its first and second halves serve as the two chains (Gelman et al.,
 * BDA3, section 11.4, "split R̂").
 *
 * <p><b>Integrated autocorrelation time and ESS.</b> {@code τ = 1 + 2 Σ_{k≥1} ρ_k}, estimated by
 * Geyer's (1992, "Practical Markov chain Monte Carlo", Statistical Science 7(4), section 3.3)
 * initial monotone sequence: with the sums of adjacent pairs {@code Γ_j = ρ_{2j} + ρ_{2j+1}}, the
 * sum runs while Γ_j stays positive, each Γ_j lowered to its predecessor if larger, and
 * {@code τ = −1 + 2 Σ_j Γ_j}. Autocovariances are computed directly (divisor n, Geyer's choice,
 * which keeps the sequence positive definite), lazily, only up to the lag where the sequence turns,
 * so the cost is O(n·K) for K lags; the lag never exceeds n − 1. Over several chains the ESS of a
 * parameter follows Stan and Gelman et al. (BDA3, eqns 11.7–11.8): the chains' autocovariances are
 * averaged and combined with the between-chain variance,
 *
 * <pre>  ρ_k = 1 − (W − mean_c γ_{c,k}) / var⁺,   var⁺ = (n−1)/n W + B/n,   ESS = m n / τ</pre>
 *
 * <p>so chains that disagree get a small ESS. τ is floored at {@code 1/log10(m n)} as in Stan (an
 * anti-correlated chain cannot claim unbounded efficiency); a series that does not vary has τ = +∞
 * and ESS 0.
 */
public final class ChainDiagnostics {
  /** A pivot of W below this fraction of its diagonal counts as singular. */
  private static final double SINGULAR = 1e-12;

  private ChainDiagnostics() {}

  /**
   * The MPSRF of Brooks &amp; Gelman (1998): +∞ when W is singular.
   *
   * @param draws {@code [chain][draw][parameter]}, at least 2 draws per chain (4 for one chain). Not modified.
   */
  public static double mpsrf(double[][][] draws) {
    double[][][] x = forComparison(draws);
    int m = x.length;
    int n = x[0].length;
    int p = x[0][0].length;
    double[][] means = chainMeans(x);
    double[] grand = grandMean(means);
    // W from the centred columns of each chain: contiguous dot products
    double[][] w = new double[p][p];
    double[][] column = new double[p][n];
    for (int c = 0; c < m; c++) {
      for (int t = 0; t < n; t++) {
        double[] draw = x[c][t];
        for (int i = 0; i < p; i++) {
          column[i][t] = draw[i] - means[c][i];
        }
      }
      for (int i = 0; i < p; i++) {
        double[] ci = column[i];
        for (int j = 0; j <= i; j++) {
          double[] cj = column[j];
          double s = 0;
          for (int t = 0; t < n; t++) {
            s += ci[t] * cj[t];
          }
          w[i][j] += s;
        }
      }
    }
    double[] d = new double[p];
    double[][] b = new double[p][p];
    for (int c = 0; c < m; c++) {
      for (int i = 0; i < p; i++) {
        d[i] = means[c][i] - grand[i];
      }
      for (int i = 0; i < p; i++) {
        for (int j = 0; j <= i; j++) {
          b[i][j] += d[i] * d[j];
        }
      }
    }
    for (int i = 0; i < p; i++) {
      for (int j = 0; j <= i; j++) {
        w[i][j] /= (double) m * (n - 1);
        w[j][i] = w[i][j];
        b[i][j] /= m - 1;
        b[j][i] = b[i][j];
      }
    }
    double[][] l = cholesky(w);
    if (l == null) {
      return Double.POSITIVE_INFINITY;
    }
    // M = L⁻¹ B L⁻ᵀ: solve L Y = B column by column, then L Mᵀ = Yᵀ.
    double[][] y = forwardSolveColumns(l, b);
    double[][] mt = forwardSolveColumns(l, transpose(y));
    DMatrixRMaj matrix = new DMatrixRMaj(p, p);
    for (int i = 0; i < p; i++) {
      for (int j = 0; j < p; j++) {
        matrix.set(i, j, 0.5 * (mt[i][j] + mt[j][i]));
      }
    }
    double lambda;
    if (p == 1) {
      lambda = matrix.get(0, 0);
    } else {
      EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(p, false, true);
      if (!eig.decompose(matrix)) {
        return Double.POSITIVE_INFINITY;
      }
      lambda = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < p; k++) {
        lambda = Math.max(lambda, eig.getEigenvalue(k).real);
      }
    }
    return (n - 1.0) / n + (m + 1.0) / m * lambda;
  }

  /**
   * What the MPSRF of m chains of n <em>independent</em> draws of p parameters comes to: the median
   * over {@code replicates} simulations of i.i.d. standard normal draws of that shape. The MPSRF is
   * invariant under an affine map of the parameters, so this is its value for independent draws
   * of any Gaussian, and a floor for correlated chains with n effective draws each. It grows with
   * p/n (for p = 1 its mean is {@code (n−1)/n + (m+1)/(mn) · d/(d−2)}, d = m(n−1), from the F
   * distribution; for p ≫ m about {@code 1 + (m+1)/m · p/((m−1)n)}): Brooks &amp; Gelman's 1.1 is
   * reached by converged chains only when the draws well outnumber the parameters — with m = 10
   * chains of 1,000 draws and p = 1,009 parameters independent draws give about 1.16. +∞ when the
   * within-chain covariance is singular for such draws ({@code m(n−1) < p}).
   *
   * @param seed the simulation's stream; the result is a property of (m, n, p) up to Monte Carlo error
   */
  public static double independentDrawsMpsrf(int m, int n, int p, int replicates, long seed) {
    double[] sims = independentDrawsMpsrfs(m, n, p, replicates, seed);
    Arrays.sort(sims);
    int r = sims.length;
    return r % 2 == 1 ? sims[r / 2] : 0.5 * (sims[r / 2 - 1] + sims[r / 2]);
  }

  /**
   * An approximation of {@link #independentDrawsMpsrf} for many parameters (p ≫ m), without
   * simulation: {@code (n−1)/n + (m+1)/m · p/((m−1)n) · d/(d−p−1) · (1 + √((m−1)/p))²}, d = m(n−1).
   * B/n has rank m−1, and its nonzero eigenvalues against W are those of the (m−1)×(m−1) Gram
   * matrix of the chain means' deviations, whose diagonal is about p/((m−1)n); {@code d/(d−p−1)} is
   * the mean inflation of W⁻¹ (an inverse Wishart), and {@code (1 + √((m−1)/p))²} the edge of the
   * Marchenko–Pastur law for the largest eigenvalue of that Gram matrix (an asymptote: with m − 1
   * = 9 the largest eigenvalue's median sits below it, while W's noise lifts it above the mean
   * inflation when p/(mn) is large). It is within 30% of the simulated excess over 1 for p ≥ 50
   * (tested; 26% over at p = 50, n = 100); +∞ when d ≤ p + 1. Messages use it where simulating
   * costs too much.
   */
  public static double approximateIndependentDrawsMpsrf(int m, int n, int p) {
    if (m == 1) {
      return approximateIndependentDrawsMpsrf(2, n / 2, p);
    }
    double d = m * (n - 1.0);
    if (d <= p + 1) {
      return Double.POSITIVE_INFINITY;
    }
    double edge = 1 + Math.sqrt((m - 1.0) / p);
    return (n - 1.0) / n + (m + 1.0) / m * p / ((m - 1.0) * n) * d / (d - p - 1) * edge * edge;
  }

  /** The simulations of {@link #independentDrawsMpsrf}, in the order drawn. */
  static double[] independentDrawsMpsrfs(int m, int n, int p, int replicates, long seed) {
    if (m < 1 || n < 2 || p < 1 || replicates < 1 || (m == 1 && n < 4)) {
      throw new IllegalArgumentException("an MPSRF needs m >= 1 chains of n >= 2 draws (4 for one chain) of p >= 1"
          + " parameters and at least one replicate; got m = " + m + ", n = " + n + ", p = " + p
          + ", replicates = " + replicates);
    }
    double[] out = new double[replicates];
    if ((long) (m == 1 ? 2 : m) * ((m == 1 ? n / 2 : n) - 1) < p) {
      Arrays.fill(out, Double.POSITIVE_INFINITY);
      return out;
    }
    ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(RandomStreams.fromSeed(seed));
    double[][][] x = new double[m][n][p];
    for (int r = 0; r < replicates; r++) {
      for (double[][] chain : x) {
        for (double[] draw : chain) {
          for (int k = 0; k < p; k++) {
            draw[k] = z.sample();
          }
        }
      }
      out[r] = mpsrf(x);
    }
    return out;
  }

  /**
   * The PSRF of each parameter (Gelman &amp; Rubin 1992, in Brooks &amp; Gelman's form with the
   * (m+1)/m correction): +∞ for a parameter whose within-chain variance is 0.
   *
   * @param draws {@code [chain][draw][parameter]}, at least 2 draws per chain (4 for one chain). Not modified.
   */
  public static double[] psrf(double[][][] draws) {
    double[][][] x = forComparison(draws);
    int m = x.length;
    int n = x[0].length;
    int p = x[0][0].length;
    double[][] means = chainMeans(x);
    double[] grand = grandMean(means);
    double[] out = new double[p];
    for (int k = 0; k < p; k++) {
      double w = 0;
      for (int c = 0; c < m; c++) {
        for (int t = 0; t < n; t++) {
          double d = x[c][t][k] - means[c][k];
          w += d * d;
        }
      }
      w /= (double) m * (n - 1);
      double bn = 0;
      for (int c = 0; c < m; c++) {
        double d = means[c][k] - grand[k];
        bn += d * d;
      }
      bn /= m - 1;
      out[k] = w > 0 ? (n - 1.0) / n + (m + 1.0) / m * bn / w : Double.POSITIVE_INFINITY;
    }
    return out;
  }

  /**
   * τ of one series by Geyer's initial monotone sequence estimator: about 1 for independent
   * draws, {@code (1+ρ)/(1−ρ)} for an AR(1) series; +∞ for a constant series.
   *
   * @param series at least 2 values. Not modified.
   */
  public static double integratedAutocorrelationTime(double[] series) {
    int n = series.length;
    if (n < 2) {
      throw new IllegalArgumentException("an autocorrelation time needs at least 2 draws, got " + n);
    }
    double mean = 0;
    for (double v : series) {
      mean += v;
    }
    mean /= n;
    double[] centred = new double[n];
    for (int t = 0; t < n; t++) {
      centred[t] = series[t] - mean;
    }
    double gamma0 = autocovariance(centred, 0);
    if (!(gamma0 > 0)) {
      return Double.POSITIVE_INFINITY;
    }
    double[][] one = {centred};
    return geyer(one, n, gamma0, 0.0, 0.0, n);
  }

  /**
   * τ of each parameter over all chains (the chains' autocovariances averaged, with the
   * between-chain variance, as in the class comment); {@code m n / τ} is the ESS.
   *
   * @param draws {@code [chain][draw][parameter]}, at least 2 draws per chain. Not modified.
   */
  public static double[] autocorrelationTimes(double[][][] draws) {
    requireShape(draws, 2);
    int m = draws.length;
    int n = draws[0].length;
    int p = draws[0][0].length;
    double[] out = new double[p];
    double[][] centred = new double[m][n];
    double[] chainMean = new double[m];
    for (int k = 0; k < p; k++) {
      double grand = 0;
      for (int c = 0; c < m; c++) {
        double s = 0;
        for (int t = 0; t < n; t++) {
          s += draws[c][t][k];
        }
        chainMean[c] = s / n;
        grand += chainMean[c] / m;
        for (int t = 0; t < n; t++) {
          centred[c][t] = draws[c][t][k] - chainMean[c];
        }
      }
      double meanGamma0 = 0;
      for (int c = 0; c < m; c++) {
        meanGamma0 += autocovariance(centred[c], 0) / m;
      }
      double w = meanGamma0 * n / (n - 1.0);
      double bn = 0;
      if (m > 1) {
        for (int c = 0; c < m; c++) {
          double d = chainMean[c] - grand;
          bn += d * d;
        }
        bn /= m - 1;
      }
      double varPlus = (n - 1.0) / n * w + bn;
      out[k] = varPlus > 0 ? geyer(centred, n, varPlus, w, 1.0, m * n) : Double.POSITIVE_INFINITY;
    }
    return out;
  }

  /**
   * The ESS of each parameter over all chains: {@code m n / τ} (the chains' autocovariances
   * averaged, not per-chain ESS summed); 0 for a parameter that does not vary.
   *
   * @param draws {@code [chain][draw][parameter]}, at least 2 draws per chain. Not modified.
   */
  public static double[] effectiveSampleSizes(double[][][] draws) {
    double[] tau = autocorrelationTimes(draws);
    double total = (double) draws.length * draws[0].length;
    double[] out = new double[tau.length];
    for (int k = 0; k < tau.length; k++) {
      out[k] = total / tau[k];
    }
    return out;
  }

  /**
   * Geyer's initial monotone sequence (ρ_0 = 1) on {@code ρ_k = 1 − (w − mean_c γ_{c,k}) / scale} when
   * {@code shift} is 1 (several chains), or {@code ρ_k = γ_k / scale} when it is 0 (one series).
   */
  private static double geyer(double[][] centred, int n, double scale, double w, double shift, int total) {
    int m = centred.length;
    double sum = 0;
    double previous = Double.POSITIVE_INFINITY;
    for (int lag = 0; lag + 1 < n; lag += 2) {
      double pair = rho(centred, m, lag, scale, w, shift) + rho(centred, m, lag + 1, scale, w, shift);
      if (!(pair > 0)) {
        break;
      }
      pair = Math.min(pair, previous);
      sum += pair;
      previous = pair;
    }
    double tau = -1 + 2 * sum;
    double floor = 1 / Math.log10(Math.max(total, 10));
    return Math.max(tau, floor);
  }

  private static double rho(double[][] centred, int m, int lag, double scale, double w, double shift) {
    if (lag == 0) {
      return 1.0;
    }
    double g = 0;
    for (double[] series : centred) {
      g += autocovariance(series, lag);
    }
    g /= m;
    return shift == 0 ? g / scale : 1 - (w - g) / scale;
  }

  /** {@code (1/n) Σ_t x_t x_{t+lag}} of a centred series. */
  private static double autocovariance(double[] centred, int lag) {
    int n = centred.length;
    double s = 0;
    for (int t = 0; t + lag < n; t++) {
      s += centred[t] * centred[t + lag];
    }
    return s / n;
  }

  /** The chains as given, or the two halves of a single chain. */
  private static double[][][] forComparison(double[][][] draws) {
    if (draws.length == 1) {
      requireShape(draws, 4);
      int half = draws[0].length / 2;
      double[][][] split = new double[2][half][];
      int offset = draws[0].length - 2 * half;
      for (int t = 0; t < half; t++) {
        split[0][t] = draws[0][offset + t];
        split[1][t] = draws[0][offset + half + t];
      }
      return split;
    }
    requireShape(draws, 2);
    return draws;
  }

  private static void requireShape(double[][][] draws, int minDraws) {
    if (draws.length == 0 || draws[0].length < minDraws || draws[0][0].length == 0) {
      throw new IllegalArgumentException("chain diagnostics need at least " + minDraws
          + " draws of at least one parameter per chain");
    }
    for (double[][] chain : draws) {
      if (chain.length != draws[0].length) {
        throw new IllegalArgumentException("chains of different lengths: " + chain.length + " and "
            + draws[0].length);
      }
    }
  }

  private static double[][] chainMeans(double[][][] x) {
    int p = x[0][0].length;
    double[][] means = new double[x.length][p];
    for (int c = 0; c < x.length; c++) {
      for (double[] draw : x[c]) {
        for (int k = 0; k < p; k++) {
          means[c][k] += draw[k];
        }
      }
      for (int k = 0; k < p; k++) {
        means[c][k] /= x[c].length;
      }
    }
    return means;
  }

  private static double[] grandMean(double[][] means) {
    double[] g = new double[means[0].length];
    for (double[] mc : means) {
      for (int k = 0; k < g.length; k++) {
        g[k] += mc[k] / means.length;
      }
    }
    return g;
  }

  /** The lower Cholesky factor of a symmetric matrix, or null if a pivot is not clearly positive. */
  private static double[][] cholesky(double[][] a) {
    int p = a.length;
    double[][] l = new double[p][p];
    for (int j = 0; j < p; j++) {
      double s = a[j][j];
      for (int k = 0; k < j; k++) {
        s -= l[j][k] * l[j][k];
      }
      if (!(s > SINGULAR * a[j][j]) || !(a[j][j] > 0)) {
        return null;
      }
      l[j][j] = Math.sqrt(s);
      for (int i = j + 1; i < p; i++) {
        double r = a[i][j];
        for (int k = 0; k < j; k++) {
          r -= l[i][k] * l[j][k];
        }
        l[i][j] = r / l[j][j];
      }
    }
    return l;
  }

  /** {@code L⁻¹ B} for lower-triangular L, by forward substitution on each column of B. */
  private static double[][] forwardSolveColumns(double[][] l, double[][] b) {
    int p = l.length;
    double[][] y = new double[p][p];
    for (int col = 0; col < p; col++) {
      for (int i = 0; i < p; i++) {
        double s = b[i][col];
        for (int k = 0; k < i; k++) {
          s -= l[i][k] * y[k][col];
        }
        y[i][col] = s / l[i][i];
      }
    }
    return y;
  }

  private static double[][] transpose(double[][] a) {
    int p = a.length;
    double[][] t = new double[p][p];
    for (int i = 0; i < p; i++) {
      for (int j = 0; j < p; j++) {
        t[j][i] = a[i][j];
      }
    }
    return t;
  }
}
