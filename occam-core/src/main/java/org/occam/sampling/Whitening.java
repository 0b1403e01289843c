package org.occam.sampling;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ejml.data.DMatrixRMaj;

/**
 * The affine map {@code λ = m + R⁻ᵀ u} with {@code A = R Rᵀ} (R lower triangular, the Cholesky
 * factor of a Gaussian approximation's precision A), under which that Gaussian becomes N(0, I). The
 * Markov chains run in u: the same target (the Jacobian is constant), but the step sizes and
 * proposal scales of a nearly isotropic density, which is what Hybrid Monte Carlo with mass matrix
 * A, Langevin preconditioned by A⁻¹, and random-walk proposals N(0, c² A⁻¹) are (Neal 2011,
 * section 5.4.1; Roberts &amp; Rosenthal 2001 for the random walk). When A is not positive definite
 * (linear response at an unstable BP fixed point) the map falls back to the diagonal,
 * {@code R = diag(sqrt(max(A_kk, 1/σ0²)))}, and says so.
 *
 * <p>Allocates nothing per call; immutable, so one instance serves every chain.
 */
public final class Whitening {
  /**
   * The HMC trajectory length aimed at in whitened coordinates, εL ≈ π/2: a quarter period of the
   * standard Gaussian's dynamics, where the end point is nearly independent of the start. Longer
   * ones come back: with Chen &amp; Welling's L = 10 the tuned ε on a 5×5 grid (65 parameters) was
   * 0.63, εL ≈ 2π, a full period, and the autocorrelation time 12 transitions; at L = 2 (what
   * {@link #leapfrogSteps} gives there) ε was 0.51 and the autocorrelation time 4.8, and 10,000 draws
   * (smallest ESS 7,900 both times) took 5–7 s instead of 49 s.
   */
  public static final double TRAJECTORY = Math.PI / 2;
  /**
   * ε of leapfrog on N(0, I_d) at the target acceptance 0.8 is about this times d^(−1/4) (measured:
   * 0.63 at d = 65 with L = 10).
   */
  public static final double STEP_PER_DIMENSION = 1.8;

  private final double[] mean;
  /** Lower triangular R, row-major: {@code r[i][k]}, k ≤ i. */
  private final double[][] r;
  private final boolean full;
  /** Whether R is diagonal (the fallback, or a diagonal A): the maps then take O(F), not O(F²). */
  private final boolean diagonal;

  private Whitening(double[] mean, double[][] r, boolean full) {
    this.mean = mean.clone();
    this.r = r;
    this.full = full;
    this.diagonal = isDiagonal(r);
  }

  private static boolean isDiagonal(double[][] r) {
    for (int i = 0; i < r.length; i++) {
      for (int k = 0; k < i; k++) {
        if (r[i][k] != 0) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * @param mean m. Not modified.
   * @param precision A. Not modified.
   * @param priorPrecision 1/σ0², the floor of the diagonal fallback
   */
  public static Whitening of(double[] mean, DMatrixRMaj precision, double priorPrecision) {
    return of(mean, toArray(precision), priorPrecision);
  }

  /** As {@link #of(double[], DMatrixRMaj, double)}, A as arrays. Not modified. */
  public static Whitening of(double[] mean, double[][] a, double priorPrecision) {
    int f = mean.length;
    double[][] r = cholesky(a);
    if (r != null) {
      return new Whitening(mean, r, true);
    }
    r = new double[f][f];
    for (int i = 0; i < f; i++) {
      r[i][i] = Math.sqrt(Math.max(a[i][i], priorPrecision));
    }
    return new Whitening(mean, r, false);
  }

  public static double[][] toArray(DMatrixRMaj m) {
    double[][] out = new double[m.numRows][m.numCols];
    for (int i = 0; i < m.numRows; i++) {
      for (int j = 0; j < m.numCols; j++) {
        out[i][j] = m.get(i, j);
      }
    }
    return out;
  }

  /** The lower Cholesky factor, or null if A is not (numerically) positive definite. */
  private static double[][] cholesky(double[][] a) {
    int n = a.length;
    double[][] r = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double s = 0.5 * (a[i][j] + a[j][i]);
        for (int k = 0; k < j; k++) {
          s -= r[i][k] * r[j][k];
        }
        if (i == j) {
          if (!(s > 0) || !Double.isFinite(s)) {
            return null;
          }
          r[i][i] = Math.sqrt(s);
        } else {
          r[i][j] = s / r[j][j];
        }
      }
    }
    return r;
  }

  public int dimension() {
    return mean.length;
  }

  /** Whether the full Cholesky factor is used (A positive definite), not the diagonal fallback. */
  public boolean full() {
    return full;
  }

  /**
   * λ = m + R⁻ᵀ u (back substitution).
   *
   * @param u not modified
   * @param lambda modified
   */
  public void toLambda(double[] u, double[] lambda) {
    int f = mean.length;
    if (diagonal) {
      for (int i = 0; i < f; i++) {
        lambda[i] = mean[i] + u[i] / r[i][i];
      }
      return;
    }
    for (int i = f - 1; i >= 0; i--) {
      double s = u[i];
      for (int k = i + 1; k < f; k++) {
        s -= r[k][i] * lambda[k];
      }
      lambda[i] = s / r[i][i];
    }
    for (int i = 0; i < f; i++) {
      lambda[i] += mean[i];
    }
  }

  /**
   * ∇_u = R⁻¹ ∇_λ (forward substitution).
   *
   * @param gradLambda not modified
   * @param gradU modified
   */
  public void gradientToU(double[] gradLambda, double[] gradU) {
    int f = mean.length;
    if (diagonal) {
      for (int i = 0; i < f; i++) {
        gradU[i] = gradLambda[i] / r[i][i];
      }
      return;
    }
    for (int i = 0; i < f; i++) {
      double s = gradLambda[i];
      for (int k = 0; k < i; k++) {
        s -= r[i][k] * gradU[k];
      }
      gradU[i] = s / r[i][i];
    }
  }

  /**
   * The marginal standard deviations of the Gaussian, sqrt(diag(A⁻¹)) (the Laplace sd's), from
   * the rows of R⁻¹: {@code A⁻¹ = R⁻ᵀ R⁻¹}, so {@code (A⁻¹)_kk = Σ_i (R⁻¹)_ik²}.
   */
  public double[] standardDeviations() {
    int f = mean.length;
    double[] var = new double[f];
    double[] e = new double[f];
    double[] col = new double[f];
    for (int k = 0; k < f; k++) {
      java.util.Arrays.fill(e, 0);
      e[k] = 1;
      gradientToU(e, col); // column k of R⁻¹
      double s = 0;
      for (int i = 0; i < f; i++) {
        s += col[i] * col[i];
      }
      var[k] = s;
    }
    double[] sd = new double[f];
    for (int k = 0; k < f; k++) {
      sd[k] = Math.sqrt(var[k]);
    }
    return sd;
  }

  /** Chains of u transformed to λ, every draw a fresh array. */
  public double[][][] toLambda(double[][][] u) {
    double[][][] out = new double[u.length][][];
    for (int c = 0; c < u.length; c++) {
      out[c] = new double[u[c].length][];
      for (int t = 0; t < u[c].length; t++) {
        out[c][t] = new double[mean.length];
        toLambda(u[c][t], out[c][t]);
      }
    }
    return out;
  }

  /**
   * Brief Langevin ({@link MarkovChains#langevin}) in u: the chains start over-dispersed around
   * u = 0 (λ̂), {@code N(0, startInflation² I)} as {@link MarkovChains#dispersedStarts} draws them,
   * and each step's gradient is {@code inLambda}'s, taken at λ(u) and mapped to u, so ε is a step
   * on the standardised scale. The draws come back in u: {@link #toParameters} maps them to λ.
   *
   * @param inLambda a stochastic gradient of ln p(λ | D) in λ per chain (each gets its own buffers)
   * @param startSeed the stream of the starts
   * @param chainSeed the stream of the chains
   */
  public ParameterSamples langevin(String method, List<String> names,
      java.util.function.Supplier<MarkovChains.StochasticGradient> inLambda, double epsilon, double startInflation,
      SamplerSettings settings, long startSeed, long chainSeed) {
    int f = mean.length;
    double[][] starts = MarkovChains.dispersedStarts(new double[f], identity(f), settings.chains(), startInflation,
        startSeed);
    double[] unitScales = new double[f];
    java.util.Arrays.fill(unitScales, 1.0);
    java.util.function.Supplier<MarkovChains.StochasticGradient> inU = () -> {
      MarkovChains.StochasticGradient g = inLambda.get();
      double[] lambda = new double[f];
      double[] gradLambda = new double[f];
      return (u, out, rng) -> {
        toLambda(u, lambda);
        g.gradient(lambda, gradLambda, rng);
        gradientToU(gradLambda, out);
      };
    };
    return MarkovChains.langevin(method, names, inU, starts, unitScales, epsilon, settings, chainSeed);
  }

  /**
   * The chains of a sampler run in u, as draws of λ: the per-parameter diagnostics (ESS, PSRF; also
   * the list {@code ess} per parameter) recomputed on λ (the MPSRF is affine invariant, ESS is not),
   * and the caller's settings and diagnostics added.
   */
  public ParameterSamples toParameters(ParameterSamples inU, String method, List<String> names,
      Map<String, Object> settings, Map<String, Object> diagnostics, double extraSeconds) {
    double[][][] draws = toLambda(inU.draws());
    Map<String, Object> diag = new LinkedHashMap<>(inU.diagnostics());
    diag.put("whitened", full ? "cholesky" : "diagonal");
    if (draws[0].length > 3) {
      double[] ess = ChainDiagnostics.effectiveSampleSizes(draws);
      double[] sorted = ess.clone();
      java.util.Arrays.sort(sorted);
      diag.put("essMin", sorted[0]);
      diag.put("essMedian", sorted.length % 2 == 1 ? sorted[sorted.length / 2]
          : 0.5 * (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]));
      diag.put("ess", java.util.Arrays.stream(ess).boxed().toList());
      if (draws.length > 1) {
        // affine invariant, so the chains' convergence verdict stands; recomputed on λ all the same
        diag.put("mpsrf", ChainDiagnostics.mpsrf(draws));
        double psrfMax = 0;
        for (double x : ChainDiagnostics.psrf(draws)) {
          psrfMax = Math.max(psrfMax, x);
        }
        diag.put("psrfMax", psrfMax);
      }
    }
    diag.putAll(diagnostics);
    Map<String, Object> set = new LinkedHashMap<>(inU.settings());
    set.putAll(settings);
    return new ParameterSamples(method, names, draws, inU.seconds() + extraSeconds, set, diag);
  }

  /**
   * Leapfrog steps of HMC in whitened coordinates, L = max(1, round((π/2) / (1.8 d^(−1/4)))): 1 up to
   * d = 5, 2 for the 65 parameters of a 5×5 grid, 5 at d = 1,000. (A floor of 2 made εL ≈ 2.6 in 2
   * dimensions, nearly antithetic draws whose squares, and so the likelihood, stayed correlated.)
   */
  public static int leapfrogSteps(int dimension) {
    return leapfrogSteps(dimension, STEP_PER_DIMENSION);
  }

  /**
   * As {@link #leapfrogSteps(int)} for a family whose tuned ε is {@code c d^(−1/4)} with another c
   * (a posterior further from its Laplace Gaussian tunes to smaller steps):
   * {@code L = max(1, round((π/2) / (c d^(−1/4))))}.
   */
  public static int leapfrogSteps(int dimension, double stepPerDimension) {
    return (int) Math.max(1, Math.round(TRAJECTORY / (stepPerDimension * Math.pow(dimension, -0.25))));
  }

  /** The d-square identity, the precision of the whitened Gaussian (for {@link MarkovChains#dispersedStarts}). */
  public static double[][] identity(int d) {
    double[][] a = new double[d][d];
    for (int i = 0; i < d; i++) {
      a[i][i] = 1;
    }
    return a;
  }
}
