package org.occam.sampling;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.DifferentiableFunction;

/**
 * The evidence of a model with at most 3 parameters by numerical integration, independent of any
 * sampler, for any exact log likelihood L(λ) ({@link ParameterLikelihood}) under the prior
 * N(0, σ0² I):
 *
 * <pre>  ln p(D) = ln ∫ N(λ; 0, σ0² I) exp(L(λ)) dλ</pre>
 *
 * <p>For a log-linear family (Boltzmann machines, CRFs) L is concave, so the integrand is
 * log-concave and Newton's method with backtracking finds the mode λ̂ from 0, with the exact
 * gradient and the Hessian {@code −A}, {@code A = K(λ) + I/σ0²}, K = −∇²L the likelihood's
 * curvature supplied by the family (N times the feature covariance for a Boltzmann machine, the
 * summed conditional covariances Σ_n C_{x_n} for a CRF). The integral is then taken in whitened
 * coordinates {@code λ = λ̂ + R⁻ᵀ u}, {@code A = R Rᵀ} (Cholesky), where the posterior is close to
 * N(0, I): a tensor trapezoid rule on the box {@code u ∈ [−h, h]^F} (h = 10 posterior standard
 * deviations by default), summed in log space. For a smooth integrand that is negligible at the
 * box's faces the trapezoid rule converges geometrically in the number of points (Trefethen &amp;
 * Weideman 2014, "The exponentially convergent trapezoidal rule", SIAM Review 56), faster than
 * Gauss–Legendre or Simpson on the same box.
 *
 * <p>The largest integrand on the box's faces is reported relative to the mode; if it is not at
 * least e^−{@value #MIN_FACE_DROP} smaller, the box is widened by half at the same spacing (up to
 * {@value #MAX_WIDENINGS} times). The error estimate is the difference from the nested grid with
 * every other point per axis (half the points, twice the spacing): the coarse grid's error, so a
 * conservative bound for the fine one's.
 *
 * <p>Example (a CRF):
 *
 * <pre>{@code
 * EvidenceEstimate q = ParameterQuadrature.estimate(likelihood, l -> likelihood.covarianceSum(l, 1),
 *     ParameterQuadrature.Settings.defaults());
 * }</pre>
 */
public final class ParameterQuadrature {
  /** The most parameters integrated (a 3-D grid of 81³ ≈ 5·10⁵ points by default). */
  public static final int MAX_PARAMETERS = 3;
  /** The faces of the box must be this far (in log density) below the mode. */
  public static final double MIN_FACE_DROP = 40;
  static final int MAX_WIDENINGS = 4;
  private static final int MAX_NEWTON_ITERATIONS = 200;

  /** K(λ) = −∇²L(λ), the likelihood's curvature (positive semidefinite), F × F, freshly allocated. */
  @FunctionalInterface
  public interface Curvature {
    double[][] at(double[] lambda);
  }

  /**
   * @param priorSigma σ0 of the prior N(0, σ0² I)
   * @param halfWidth h, the box's half width in posterior standard deviations (of the Laplace
   *     approximation at the mode)
   * @param pointsPerAxis odd, ≥ 5: the grid spacing is {@code 2h / (pointsPerAxis − 1)}, and the
   *     nested half grid has {@code (pointsPerAxis + 1)/2} points per axis
   */
  public record Settings(double priorSigma, double halfWidth, int pointsPerAxis) {
    public static final double DEFAULT_HALF_WIDTH = 10;
    /** 81 points on ±10: spacing 0.25 posterior standard deviations. */
    public static final int DEFAULT_POINTS_PER_AXIS = 81;

    public Settings {
      if (!(priorSigma > 0) || !Double.isFinite(priorSigma) || !(halfWidth > 0) || !Double.isFinite(halfWidth)) {
        throw new InvalidInputException("need a positive finite prior sigma and half width, got " + priorSigma
            + " and " + halfWidth);
      }
      if (pointsPerAxis < 5 || pointsPerAxis % 2 == 0) {
        throw new InvalidInputException("points per axis must be odd and at least 5, got " + pointsPerAxis);
      }
    }

    /** σ0 = 1, ±10 posterior standard deviations, 81 points per axis. */
    public static Settings defaults() {
      return new Settings(1.0, DEFAULT_HALF_WIDTH, DEFAULT_POINTS_PER_AXIS);
    }

    public Settings withPriorSigma(double sigma) {
      return new Settings(sigma, halfWidth, pointsPerAxis);
    }

    public Settings withPointsPerAxis(int n) {
      return new Settings(priorSigma, halfWidth, n);
    }

    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("prior", "N(0, " + priorSigma + "^2 I)");
      m.put("rule", "tensor trapezoid in the Hessian-whitened coordinates at the mode");
      m.put("halfWidth", halfWidth);
      m.put("pointsPerAxis", pointsPerAxis);
      return m;
    }
  }

  private ParameterQuadrature() {}

  /**
   * ln p(D) by quadrature (method {@code quadrature}). The diagnostics start with
   * {@link ParameterLikelihood#describe()}, then the mode, the grid and the error estimate.
   *
   * @param likelihood the exact L(λ) and ∇L(λ)
   * @param curvature −∇²L(λ), for Newton's method and the whitening
   * @throws InvalidInputException for more than {@value #MAX_PARAMETERS} parameters
   */
  public static EvidenceEstimate estimate(ParameterLikelihood likelihood, Curvature curvature, Settings settings) {
    int f = likelihood.dimension();
    if (f > MAX_PARAMETERS) {
      throw new InvalidInputException("quadrature integrates over at most " + MAX_PARAMETERS
          + " parameters, but this model has F = " + f + "; use AIS (method ais) instead");
    }
    long t0 = System.nanoTime();
    DifferentiableFunction evaluator = likelihood.newEvaluator();
    double sigma = settings.priorSigma();
    double logPriorNorm = -0.5 * f * Math.log(2 * Math.PI * sigma * sigma);
    double[] scratch = new double[f];
    LogPosterior logPosterior = lambda -> {
      double s = logPriorNorm + evaluator.valueAndGradient(lambda, scratch);
      for (double l : lambda) {
        s -= 0.5 * l * l / (sigma * sigma);
      }
      return s;
    };

    Map<String, Object> diag = new LinkedHashMap<>(likelihood.describe());
    diag.putIfAbsent("parameters", f);
    Mode mode = mode(evaluator, curvature, f, sigma);
    diag.put("mode", Arrays.stream(mode.lambda).boxed().toList());
    diag.put("newtonIterations", mode.iterations);
    diag.put("newtonConverged", mode.converged);
    diag.put("logPosteriorAtMode", logPosterior.at(mode.lambda));
    double[][] r = cholesky(mode.precision);
    diag.put("laplaceStdDevs", Arrays.stream(laplaceStdDevs(r)).boxed().toList());

    int n = settings.pointsPerAxis();
    double spacing = 2 * settings.halfWidth() / (n - 1);
    Grid grid = null;
    int widenings = 0;
    while (true) {
      grid = integrate(logPosterior, mode.lambda, r, n, spacing);
      if (grid.faceDrop >= MIN_FACE_DROP || widenings == MAX_WIDENINGS) {
        break;
      }
      widenings++;
      n = 2 * (int) Math.ceil(1.5 * ((n - 1) / 2)) + 1;
    }
    double error = Math.abs(grid.logIntegral - grid.halfGridLogIntegral);
    diag.put("gridPointsPerAxis", n);
    diag.put("gridPoints", (long) Math.pow(n, f));
    diag.put("gridSpacing", spacing);
    diag.put("halfWidthUsed", spacing * (n - 1) / 2);
    diag.put("boxWidenings", widenings);
    diag.put("faceLogDensityDrop", grid.faceDrop);
    diag.put("halfGridLogEvidence", grid.halfGridLogIntegral);
    diag.put("errorEstimate", error);
    diag.put("errorEstimateMethod", "|fine grid - nested grid with half the points per axis|");
    diag.put("converged", mode.converged && grid.faceDrop >= MIN_FACE_DROP);
    double seconds = (System.nanoTime() - t0) * 1e-9;
    return new EvidenceEstimate("quadrature", grid.logIntegral, OptionalDouble.empty(), seconds, settings.toMap(),
        OptionalLong.empty(), diag);
  }

  @FunctionalInterface
  private interface LogPosterior {
    double at(double[] lambda);
  }

  private record Mode(double[] lambda, double[][] precision, int iterations, boolean converged) {}

  /** Newton's method with backtracking on the concave log posterior, from λ = 0. */
  private static Mode mode(DifferentiableFunction likelihood, Curvature curvature, int f, double sigma) {
    double[] lambda = new double[f];
    double[] grad = new double[f];
    double[] trial = new double[f];
    double[] trialGrad = new double[f];
    double value = objective(likelihood, lambda, grad, sigma);
    for (int it = 1; it <= MAX_NEWTON_ITERATIONS; it++) {
      double[][] a = precision(curvature, lambda, sigma);
      double[] step = solve(cholesky(a), grad);
      double decrement = 0;
      for (int i = 0; i < f; i++) {
        decrement += grad[i] * step[i];
      }
      if (decrement < 1e-20) {
        return new Mode(lambda, a, it, true);
      }
      double t = 1;
      double next;
      // Near the mode the gain of a Newton step (½ the decrement) falls below the rounding of the
      // log posterior's value, so no line search can see it: take the full step, which on a concave
      // objective this close to its mode is safe.
      boolean belowRounding = decrement < 1e-12 * Math.max(1, Math.abs(value));
      while (true) {
        for (int i = 0; i < f; i++) {
          trial[i] = lambda[i] + t * step[i];
        }
        next = objective(likelihood, trial, trialGrad, sigma);
        if (belowRounding || next >= value + 0.25 * t * decrement || t < 1e-12) {
          break;
        }
        t *= 0.5;
      }
      System.arraycopy(trial, 0, lambda, 0, f);
      System.arraycopy(trialGrad, 0, grad, 0, f);
      value = next;
    }
    return new Mode(lambda, precision(curvature, lambda, sigma), MAX_NEWTON_ITERATIONS, false);
  }

  /** L(λ) − |λ|²/(2σ0²), with its gradient. */
  private static double objective(DifferentiableFunction likelihood, double[] lambda, double[] grad, double sigma) {
    double v = likelihood.valueAndGradient(lambda, grad);
    for (int i = 0; i < lambda.length; i++) {
      v -= 0.5 * lambda[i] * lambda[i] / (sigma * sigma);
      grad[i] -= lambda[i] / (sigma * sigma);
    }
    return v;
  }

  /** A = K(λ) + I/σ0². */
  private static double[][] precision(Curvature curvature, double[] lambda, double sigma) {
    double[][] c = curvature.at(lambda);
    for (int i = 0; i < c.length; i++) {
      c[i][i] += 1 / (sigma * sigma);
    }
    return c;
  }

  /** The lower Cholesky factor R of a symmetric positive definite matrix, A = R Rᵀ. */
  static double[][] cholesky(double[][] a) {
    int n = a.length;
    double[][] r = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double s = a[i][j];
        for (int k = 0; k < j; k++) {
          s -= r[i][k] * r[j][k];
        }
        if (i == j) {
          if (!(s > 0)) {
            throw new IllegalStateException("the posterior precision is not positive definite (pivot " + s + ")");
          }
          r[i][i] = Math.sqrt(s);
        } else {
          r[i][j] = s / r[j][j];
        }
      }
    }
    return r;
  }

  /** A⁻¹ b from A's Cholesky factor. */
  private static double[] solve(double[][] r, double[] b) {
    int n = b.length;
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      double s = b[i];
      for (int k = 0; k < i; k++) {
        s -= r[i][k] * y[k];
      }
      y[i] = s / r[i][i];
    }
    double[] x = new double[n];
    for (int i = n - 1; i >= 0; i--) {
      double s = y[i];
      for (int k = i + 1; k < n; k++) {
        s -= r[k][i] * x[k];
      }
      x[i] = s / r[i][i];
    }
    return x;
  }

  /** sqrt(diag(A⁻¹)): the Laplace approximation's marginal standard deviations. */
  private static double[] laplaceStdDevs(double[][] r) {
    int n = r.length;
    double[] out = new double[n];
    for (int j = 0; j < n; j++) {
      double[] e = new double[n];
      e[j] = 1;
      out[j] = Math.sqrt(solve(r, e)[j]);
    }
    return out;
  }

  private record Grid(double logIntegral, double halfGridLogIntegral, double faceDrop) {}

  /**
   * The trapezoid rule over u ∈ {−m…m}·spacing per axis (n = 2m + 1 points), λ = λ̂ + R⁻ᵀ u, with
   * the Jacobian |R⁻ᵀ| = 1/Π R_ii; and the same on the even-indexed points.
   */
  private static Grid integrate(LogPosterior logPosterior, double[] mode, double[][] r, int n, double spacing) {
    int f = mode.length;
    double logJacobian = 0;
    for (int i = 0; i < f; i++) {
      logJacobian -= Math.log(r[i][i]);
    }
    double atMode = logPosterior.at(mode);
    int[] index = new int[f];
    double[] u = new double[f];
    double[] lambda = new double[f];
    long total = 1;
    for (int i = 0; i < f; i++) {
      total *= n;
    }
    // Running sums relative to the mode's value (the integrand's maximum, up to rounding).
    double fine = 0;
    double coarse = 0;
    double faceMax = Double.NEGATIVE_INFINITY;
    for (long p = 0; p < total; p++) {
      long rest = p;
      boolean onFace = false;
      boolean even = true;
      double logWeight = 0;
      double logCoarseWeight = 0;
      for (int i = 0; i < f; i++) {
        index[i] = (int) (rest % n);
        rest /= n;
        u[i] = (index[i] - (n - 1) / 2) * spacing;
        boolean end = index[i] == 0 || index[i] == n - 1;
        onFace |= end;
        even &= index[i] % 2 == 0;
        if (end) {
          logWeight -= Math.log(2);
          logCoarseWeight -= Math.log(2);
        }
      }
      // λ = λ̂ + R⁻ᵀ u: solve Rᵀ z = u by back substitution.
      for (int i = f - 1; i >= 0; i--) {
        double s = u[i];
        for (int k = i + 1; k < f; k++) {
          s -= r[k][i] * lambda[k];
        }
        lambda[i] = s / r[i][i];
      }
      for (int i = 0; i < f; i++) {
        lambda[i] += mode[i];
      }
      double v = logPosterior.at(lambda) - atMode;
      if (!(v < Double.POSITIVE_INFINITY) || Double.isNaN(v)) {
        throw new IllegalStateException("the log posterior is not finite at " + Arrays.toString(lambda));
      }
      if (onFace) {
        faceMax = Math.max(faceMax, v);
      }
      double e = Math.exp(v + logWeight);
      fine += e;
      if (even) {
        coarse += Math.exp(v + logCoarseWeight);
      }
    }
    double logFine = atMode + Math.log(fine) + f * Math.log(spacing) + logJacobian;
    double logCoarse = atMode + Math.log(coarse) + f * Math.log(2 * spacing) + logJacobian;
    // Lower bound 0: if the maximum is off the mode by rounding, report no drop rather than a negative one.
    return new Grid(logFine, logCoarse, Math.max(0, -faceMax));
  }
}
