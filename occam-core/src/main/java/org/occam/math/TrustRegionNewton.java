package org.occam.math;

import java.util.Objects;
import org.occam.data.InvalidInputException;

/**
 * Newton's method in a trust region, for small problems whose Hessian is affordable (Nocedal &amp;
 * Wright 2006, <i>Numerical Optimization</i>, 2nd ed., Algorithm 4.1 with the subproblem solved
 * exactly from the eigendecomposition {@code H = Q Λ Qᵀ}, section 4.3). Each iteration minimises the
 * model {@code m(p) = f + gᵀp + ½ pᵀHp} over {@code ‖p‖₂ ≤ Δ}: the Newton step when H is positive
 * definite and the step fits, else {@code p(μ) = −(H + μI)⁻¹ g} with {@code μ > max(0, −λ_min)} and
 * {@code ‖p(μ)‖ = Δ} (in the hard case, where g has no part along the lowest eigenvector, that
 * direction is added to reach the boundary). Negative curvature is followed, so the method leaves
 * saddle points that a quasi-Newton method crosses slowly.
 *
 * <p>A step is taken when the actual decrease is at least {@code η = 10⁻⁴} of the model's and the
 * caller's {@link Lbfgs.IterateCheck} accepts the new point; otherwise Δ shrinks to a quarter of
 * the step, and a step that reached the boundary with a decrease of at least ¾ of the model's
 * doubles Δ.
 *
 * <p>The run stops when
 *
 * <ul>
 *   <li>H is positive definite and the Newton decrement {@code ½ gᵀH⁻¹g} (the decrease to the
 *       minimum of the quadratic model, which is f's remaining decrease to its minimum when f is
 *       near quadratic) is at most {@link Settings#decrementTolerance} ({@link Reason#CONVERGED});
 *   <li>Δ fell below {@code 10⁻⁸ · max(1, ‖x‖₂)}: the last trial was refused by the
 *       check ({@link Reason#ITERATE_REFUSED}), or f did not fall as the model said, which near a
 *       minimiser means rounding ({@link Reason#NO_PROGRESS});
 *   <li>{@link Settings#maxIterations} trials (taken or not) were made ({@link Reason#MAX_ITERATIONS}).
 * </ul>
 *
 * <p>Every result carries the decrement at its end point ({@link Result#decrement}, NaN when H is
 * not positive definite there), the measure of how far f is from its minimum.
 */
public final class TrustRegionNewton {
  /** f with its gradient and Hessian. */
  public interface TwiceDifferentiableFunction extends DifferentiableFunction {
    /** {@code ∇²f(x)}, a fresh n×n symmetric array. */
    double[][] hessian(double[] x);
  }

  /** Why a run stopped. */
  public enum Reason {
    /** The Newton decrement fell to the tolerance at a point where H is positive definite. */
    CONVERGED,
    /** The check refused every step down to the smallest trust region. */
    ITERATE_REFUSED,
    /** f did not fall as the model predicted, down to the smallest trust region (rounding). */
    NO_PROGRESS,
    /** The trial limit was reached first. */
    MAX_ITERATIONS
  }

  /**
   * @param decrementTolerance stop when {@code ½ gᵀH⁻¹g} is at most this (H positive definite)
   * @param maxIterations the most trial steps, taken or not
   * @param initialRadius Δ of the first iteration (the Newton step is tried whole when it is shorter)
   */
  public record Settings(double decrementTolerance, int maxIterations, double initialRadius)
      implements java.io.Serializable {
    public Settings {
      if (!(decrementTolerance >= 0) || Double.isInfinite(decrementTolerance)) {
        throw new InvalidInputException("the decrement tolerance must be finite and >= 0, got " + decrementTolerance);
      }
      if (maxIterations < 0) {
        throw new InvalidInputException("max iterations must be >= 0, got " + maxIterations);
      }
      if (!(initialRadius > 0) || Double.isInfinite(initialRadius)) {
        throw new InvalidInputException("the initial radius must be finite and > 0, got " + initialRadius);
      }
    }
  }

  /**
   * The outcome of a run.
   *
   * @param x the final point (a fresh array)
   * @param value f at x
   * @param gradient ∇f at x
   * @param hessian ∇²f at x
   * @param gradientNorm {@code ‖∇f(x)‖∞}
   * @param decrement {@code ½ gᵀH⁻¹g} at x, NaN when H is not positive definite
   * @param smallestEigenvalue the smallest eigenvalue of H at x
   * @param iterations the steps taken
   * @param trials the trial steps, taken or not
   * @param reason why the run stopped
   * @param eigen the eigendecomposition of {@code hessian} (made once: a later run from this point, and
   *     a caller that needs H's spectrum at the end, take it from here)
   */
  public record Result(double[] x, double value, double[] gradient, double[][] hessian, double gradientNorm,
      double decrement, double smallestEigenvalue, int iterations, int trials, Reason reason, SymmetricEigen eigen) {}

  private static final double ETA = 1e-4;
  /** The run ends when Δ falls below this times max(1, ‖x‖₂). */
  static final double MIN_RADIUS = 1e-8;

  private final Settings settings;

  public TrustRegionNewton(Settings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** f, its gradient and Hessian at x, as a result of no steps (reason null): where a run may start. */
  public static Result at(TwiceDifferentiableFunction f, double[] x) {
    double[] point = x.clone();
    double[] g = new double[point.length];
    double fx = f.valueAndGradient(point, g);
    if (!Double.isFinite(fx) || !DifferentiableFunction.allFinite(g)) {
      throw new IllegalArgumentException("trust-region Newton: f or its gradient is not finite at the start");
    }
    double[][] h = f.hessian(point);
    SymmetricEigen eigen = SymmetricEigen.of(h);
    return new Result(point, fx, g, h, maxAbs(g), eigen.decrement(g), eigen.values[0], 0, 0, null, eigen);
  }

  /**
   * Minimises f from {@code x0}, moving only to points {@code check} accepts.
   *
   * @param x0 the start (not modified; need not pass the check)
   */
  public Result minimize(TwiceDifferentiableFunction f, double[] x0, Lbfgs.IterateCheck check) {
    return minimize(f, at(f, x0), check);
  }

  /** As above from a point already evaluated ({@link #at}). */
  public Result minimize(TwiceDifferentiableFunction f, Result start, Lbfgs.IterateCheck check) {
    Objects.requireNonNull(f, "f");
    Objects.requireNonNull(check, "check");
    int n = start.x().length;
    double[] x = start.x().clone();
    double[] g = start.gradient().clone();
    double fx = start.value();
    double[][] h = start.hessian();
    SymmetricEigen eigen = start.eigen();
    double radius = settings.initialRadius();
    int iterations = 0;
    int trials = 0;
    boolean refused = false;
    Reason reason = null;
    double[] y = new double[n];
    double[] gy = new double[n];
    while (true) {
      double decrement = eigen.decrement(g);
      if (decrement <= settings.decrementTolerance()) {
        reason = Reason.CONVERGED;
        break;
      }
      if (trials >= settings.maxIterations()) {
        reason = Reason.MAX_ITERATIONS;
        break;
      }
      if (radius < MIN_RADIUS * Math.max(1, norm2(x))) {
        reason = refused ? Reason.ITERATE_REFUSED : Reason.NO_PROGRESS;
        break;
      }
      trials++;
      double[] gHat = eigen.rotate(g);
      double[] pHat = subproblem(eigen.values, gHat, radius);
      double predicted = 0;
      double length = 0;
      for (int i = 0; i < n; i++) {
        predicted -= gHat[i] * pHat[i] + 0.5 * eigen.values[i] * pHat[i] * pHat[i];
        length += pHat[i] * pHat[i];
      }
      length = Math.sqrt(length);
      double[] p = eigen.back(pHat);
      for (int i = 0; i < n; i++) {
        y[i] = x[i] + p[i];
      }
      double fy = Double.NaN;
      boolean accepted = check.accept(y);
      refused = !accepted;
      if (accepted) {
        fy = f.valueAndGradient(y, gy);
      }
      double rho = accepted && Double.isFinite(fy) && DifferentiableFunction.allFinite(gy) && predicted > 0
          ? (fx - fy) / predicted : Double.NEGATIVE_INFINITY;
      if (rho < 0.25) {
        radius = 0.25 * length;
      } else if (rho > 0.75 && length >= 0.99 * radius) {
        radius = 2 * radius;
      }
      if (rho > ETA) {
        iterations++;
        double[] swap = x;
        x = y;
        y = swap;
        swap = g;
        g = gy;
        gy = swap;
        fx = fy;
        h = f.hessian(x);
        eigen = SymmetricEigen.of(h);
      }
    }
    return new Result(x, fx, g, h, maxAbs(g), eigen.decrement(g), eigen.values[0], iterations, trials, reason,
        eigen);
  }

  /**
   * {@code ½ gᵀH⁻¹g} when H is positive definite, else NaN: the decrease from f(x) to the minimum of
   * the quadratic model at x.
   */
  public static double newtonDecrement(double[] g, double[][] h) {
    return SymmetricEigen.of(h).decrement(g);
  }

  /**
   * The minimiser of {@code ĝᵀp + ½ Σ λ_i p_i²} over {@code ‖p‖ ≤ Δ}, in the eigenbasis: the Newton
   * step if it fits (λ all positive), else {@code p_i = −ĝ_i/(λ_i + μ)} on the boundary, μ found by
   * bisection on the decreasing ‖p(μ)‖; in the hard case the lowest eigenvector fills the rest.
   */
  static double[] subproblem(double[] values, double[] gHat, double radius) {
    int n = values.length;
    double lowest = values[0];
    double[] p = new double[n];
    if (lowest > 0) {
      double squares = 0;
      for (int i = 0; i < n; i++) {
        p[i] = -gHat[i] / values[i];
        squares += p[i] * p[i];
      }
      if (Math.sqrt(squares) <= radius) {
        return p;
      }
    }
    double gNorm = norm2(gHat);
    double floor = Math.max(0, -lowest);
    // ‖p(μ)‖ ≤ ‖g‖/(μ − floor'), so μ = floor + ‖g‖/Δ gives a step no longer than Δ
    double hi = floor + gNorm / radius + Double.MIN_NORMAL;
    double lo = floor;
    double atFloor = stepNorm(values, gHat, lo);
    if (atFloor <= radius) {
      // the hard case: g (numerically) has no part along the lowest eigenvectors
      double squares = 0;
      for (int i = 0; i < n; i++) {
        double d = values[i] + floor;
        p[i] = d > 0 ? -gHat[i] / d : 0;
        squares += p[i] * p[i];
      }
      p[0] += Math.sqrt(Math.max(0, radius * radius - squares));
      return p;
    }
    for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
      double mid = 0.5 * (lo + hi);
      if (stepNorm(values, gHat, mid) > radius) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    for (int i = 0; i < n; i++) {
      p[i] = -gHat[i] / (values[i] + hi);
    }
    return p;
  }

  private static double stepNorm(double[] values, double[] gHat, double mu) {
    double squares = 0;
    for (int i = 0; i < values.length; i++) {
      double d = values[i] + mu;
      if (d <= 0) {
        if (gHat[i] != 0) {
          return Double.POSITIVE_INFINITY;
        }
        continue;
      }
      double q = gHat[i] / d;
      squares += q * q;
    }
    return Math.sqrt(squares);
  }

  private static double norm2(double[] v) {
    double s = 0;
    for (double a : v) {
      s += a * a;
    }
    return Math.sqrt(s);
  }

  private static double maxAbs(double[] v) {
    double m = 0;
    for (double a : v) {
      m = Math.max(m, Math.abs(a));
    }
    return m;
  }
}
