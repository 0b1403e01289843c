package org.occam.math;

import java.util.Objects;

/**
 * A line search for a step length α along a descent direction p that satisfies the strong Wolfe
 * conditions (Nocedal &amp; Wright 2006, <i>Numerical Optimization</i>, 2nd ed., eqn 3.7): with
 * {@code φ(α) = f(x + αp)} and {@code 0 < c1 < c2 < 1},
 *
 * <pre>
 *   φ(α) ≤ φ(0) + c1 α φ'(0)        (3.7a, sufficient decrease)
 *   |φ'(α)| ≤ c2 |φ'(0)|             (3.7b, curvature)
 * </pre>
 *
 * <p>The search is Algorithm 3.5 (bracketing) followed by Algorithm 3.6 ({@code zoom}). Inside a
 * bracket the next trial is the minimiser of the cubic that interpolates φ and φ' at the
 * bracket's ends (eqn 3.59), kept at least a tenth of the bracket's width away from either end
 * so that every trial shrinks the bracket by at least 10%. Before a bracket is found, the same
 * cubic through the last two trials extrapolates, limited to between 1.1 and 4 times the last
 * increase of the step. A trial whose value or slope is not finite is treated as a step too long:
 * it closes the bracket, and the next trial backs off nine tenths of the way to the best step so
 * far (f's domain may end far short of the failed trial).
 *
 * <p>An instance owns the trial buffers for one dimension and allocates nothing per search; it is
 * therefore not thread-safe. The accessors {@link #step()}, {@link #value()} and
 * {@link #evaluations()} describe the most recent search.
 */
public final class StrongWolfeLineSearch {
  /** How a search ended. */
  public enum Status {
    /** The returned step satisfies both strong Wolfe conditions. */
    STRONG_WOLFE,
    /**
     * No step satisfying both conditions was found within the evaluation budget, or the bracket
     * shrank to rounding level. The returned point is the best trial that met the
     * sufficient-decrease condition, or the starting point if none did ({@code step() == 0}).
     */
    FAILED,
    /** As {@link #FAILED}, and some trial's value or slope was not finite. */
    NON_FINITE
  }

  /** Steps beyond this are not tried: the objective is taken to be unbounded along p. */
  static final double MAX_STEP = 1e20;
  /** A bracket narrower than this relative to its upper end has no distinct steps left in it. */
  private static final double RELATIVE_WIDTH = Math.ulp(1.0);
  /** Fraction of the bracket's width that a zoom trial keeps from either end. */
  private static final double SAFEGUARD = 0.1;
  /** Bounds on an extrapolated step increase, relative to the previous increase. */
  private static final double MIN_EXTRAPOLATION = 1.1;
  private static final double MAX_EXTRAPOLATION = 4.0;

  private final int dimension;
  private final double c1;
  private final double c2;
  private final int maxEvaluations;

  private double[] xTrial;
  private double[] gTrial;
  private double[] xLo;
  private double[] gLo;

  private double step;
  private double value;
  private int evaluations;

  /**
   * @param dimension n, the length of every point, gradient and direction
   * @param c1 the sufficient-decrease constant, in (0, c2)
   * @param c2 the curvature constant, in (c1, 1)
   * @param maxEvaluations the most evaluations of f per search, at least 1
   */
  public StrongWolfeLineSearch(int dimension, double c1, double c2, int maxEvaluations) {
    if (dimension < 1) {
      throw new IllegalArgumentException("dimension must be >= 1, got " + dimension);
    }
    if (!(c1 > 0 && c1 < c2 && c2 < 1)) {
      throw new IllegalArgumentException("need 0 < c1 < c2 < 1, got c1 = " + c1 + ", c2 = " + c2);
    }
    if (maxEvaluations < 1) {
      throw new IllegalArgumentException("max evaluations must be >= 1, got " + maxEvaluations);
    }
    this.dimension = dimension;
    this.c1 = c1;
    this.c2 = c2;
    this.maxEvaluations = maxEvaluations;
    this.xTrial = new double[dimension];
    this.gTrial = new double[dimension];
    this.xLo = new double[dimension];
    this.gLo = new double[dimension];
  }

  /**
   * Searches along {@code direction} from {@code x}.
   *
   * @param f the objective
   * @param x the starting point. Not modified.
   * @param value {@code f(x)}, finite
   * @param gradient {@code ∇f(x)}. Not modified.
   * @param direction p, with {@code ∇f(x)·p < 0}. Not modified.
   * @param initialStep the first trial α, finite and &gt; 0
   * @param xOut the accepted point {@code x + step()·p}. Modified.
   * @param gradientOut the gradient at {@code xOut}. Modified.
   * @return whether the accepted step satisfies the strong Wolfe conditions
   * @throws IllegalArgumentException if p is not a descent direction or the initial step is not
   *     positive and finite
   */
  public Status search(DifferentiableFunction f, double[] x, double value, double[] gradient,
      double[] direction, double initialStep, double[] xOut, double[] gradientOut) {
    Objects.requireNonNull(f, "f");
    requireLength("x", x);
    requireLength("gradient", gradient);
    requireLength("direction", direction);
    requireLength("xOut", xOut);
    requireLength("gradientOut", gradientOut);
    double slope0 = dot(gradient, direction);
    if (!(slope0 < 0)) {
      throw new IllegalArgumentException("not a descent direction: gradient·direction = " + slope0);
    }
    if (!(initialStep > 0) || Double.isInfinite(initialStep)) {
      throw new IllegalArgumentException("initial step must be finite and > 0, got " + initialStep);
    }
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("the value at the starting point is not finite: " + value);
    }
    int n = dimension;
    System.arraycopy(x, 0, xLo, 0, n);
    System.arraycopy(gradient, 0, gLo, 0, n);
    // lo: the best step so far that meets (3.7a); hi: the other end of the bracket, once there is one.
    double aLo = 0;
    double fLo = value;
    double dLo = slope0;
    double aHi = Double.NaN;
    double fHi = Double.NaN;
    double dHi = Double.NaN;
    boolean bracketed = false;
    boolean hiFinite = false;
    boolean sawNonFinite = false;
    double a = Math.min(initialStep, MAX_STEP);
    evaluations = 0;
    while (evaluations < maxEvaluations) {
      boolean distinct = false;
      for (int i = 0; i < n; i++) {
        xTrial[i] = x[i] + a * direction[i];
        distinct |= xTrial[i] != xLo[i];
      }
      if (!distinct) {
        break; // the step is below rounding: x + αp is the best point already
      }
      double fa = f.valueAndGradient(xTrial, gTrial);
      evaluations++;
      double da = dot(gTrial, direction);
      if (!Double.isFinite(fa) || !Double.isFinite(da)) {
        sawNonFinite = true;
        bracketed = true;
        hiFinite = false;
        aHi = a;
      } else if (fa > value + c1 * a * slope0 || fa >= fLo) {
        bracketed = true;
        hiFinite = true;
        aHi = a;
        fHi = fa;
        dHi = da;
      } else {
        if (Math.abs(da) <= -c2 * slope0) {
          return finish(Status.STRONG_WOLFE, a, fa, xTrial, gTrial, xOut, gradientOut);
        }
        double aPrev = aLo;
        double fPrev = fLo;
        double dPrev = dLo;
        // Keep a minimiser between lo and hi: if φ' at the new lo points towards the old lo, the
        // old lo becomes hi (Algorithm 3.6, and Algorithm 3.5 when φ'(α) ≥ 0).
        if (bracketed ? da * (aHi - aLo) >= 0 : da >= 0) {
          aHi = aLo;
          fHi = fLo;
          dHi = dLo;
          hiFinite = true;
          bracketed = true;
        }
        aLo = a;
        fLo = fa;
        dLo = da;
        double[] swap = xLo;
        xLo = xTrial;
        xTrial = swap;
        swap = gLo;
        gLo = gTrial;
        gTrial = swap;
        if (!bracketed) {
          if (aLo >= MAX_STEP) {
            break;
          }
          a = Math.min(extrapolate(aPrev, fPrev, dPrev, aLo, fLo, dLo), MAX_STEP);
          continue;
        }
      }
      double lower = Math.min(aLo, aHi);
      double upper = Math.max(aLo, aHi);
      double width = upper - lower;
      if (width <= RELATIVE_WIDTH * upper) {
        break;
      }
      double t;
      if (!hiFinite) {
        t = aLo + SAFEGUARD * (aHi - aLo); // back off most of the way: f's domain may end well short of hi
      } else {
        t = cubicMinimiser(aLo, fLo, dLo, aHi, fHi, dHi);
        if (Double.isNaN(t)) {
          t = 0.5 * (lower + upper);
        }
      }
      a = Math.max(lower + SAFEGUARD * width, Math.min(upper - SAFEGUARD * width, t));
    }
    return finish(sawNonFinite ? Status.NON_FINITE : Status.FAILED, aLo, fLo, xLo, gLo, xOut, gradientOut);
  }

  /** The accepted step length α of the last search, 0 if it made no progress. */
  public double step() {
    return step;
  }

  /** {@code f} at the point accepted by the last search. */
  public double value() {
    return value;
  }

  /** The evaluations of f made by the last search. */
  public int evaluations() {
    return evaluations;
  }

  private Status finish(Status status, double a, double fa, double[] xa, double[] ga, double[] xOut,
      double[] gradientOut) {
    step = a;
    value = fa;
    System.arraycopy(xa, 0, xOut, 0, dimension);
    System.arraycopy(ga, 0, gradientOut, 0, dimension);
    return status;
  }

  /**
   * The next step beyond {@code b} when φ is still decreasing there: the cubic's minimiser,
   * limited to {@code b + [1.1, 4]·(b − a)}, or the upper limit if the cubic has none.
   */
  private static double extrapolate(double a, double fa, double da, double b, double fb, double db) {
    double lowest = b + MIN_EXTRAPOLATION * (b - a);
    double highest = b + MAX_EXTRAPOLATION * (b - a);
    double t = cubicMinimiser(a, fa, da, b, fb, db);
    if (Double.isNaN(t) || t > highest) {
      return highest;
    }
    return Math.max(lowest, t);
  }

  /**
   * The local minimiser of the cubic with values {@code fa, fb} and slopes {@code da, db} at
   * {@code a, b} (Nocedal &amp; Wright eqn 3.59), or NaN if it has none. The square root is
   * scaled so that large slopes do not overflow (as in Moré &amp; Thuente 1994).
   */
  static double cubicMinimiser(double a, double fa, double da, double b, double fb, double db) {
    double d1 = da + db - 3 * (fa - fb) / (a - b);
    double scale = Math.max(Math.abs(d1), Math.max(Math.abs(da), Math.abs(db)));
    if (scale == 0) {
      return Double.NaN;
    }
    double disc = (d1 / scale) * (d1 / scale) - (da / scale) * (db / scale);
    if (disc < 0) {
      return Double.NaN;
    }
    double d2 = Math.signum(b - a) * scale * Math.sqrt(disc);
    double t = b - (b - a) * (db + d2 - d1) / (db - da + 2 * d2);
    return Double.isFinite(t) ? t : Double.NaN;
  }

  private void requireLength(String name, double[] v) {
    Objects.requireNonNull(v, name);
    if (v.length != dimension) {
      throw new IllegalArgumentException(name + " has length " + v.length + ", expected " + dimension);
    }
  }

  private static double dot(double[] u, double[] v) {
    double s = 0;
    for (int i = 0; i < u.length; i++) {
      s += u[i] * v[i];
    }
    return s;
  }
}
