package org.occam.math;

import org.occam.data.InvalidInputException;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * Limited-memory BFGS minimisation of a smooth function (Liu &amp; Nocedal 1989, <i>Math.
 * Programming</i> 45:503–528; Nocedal &amp; Wright 2006, <i>Numerical Optimization</i>, 2nd ed.,
 * Algorithm 7.5). Each iteration moves along {@code p_k = −H_k ∇f_k}, where H_k is applied by the
 * two-loop recursion (Algorithm 7.4) over the last m pairs
 * {@code s_i = x_{i+1} − x_i, y_i = ∇f_{i+1} − ∇f_i}, starting from
 *
 * <pre>  H_k⁰ = γ_k I,  γ_k = s_{k−1}ᵀ y_{k−1} / y_{k−1}ᵀ y_{k−1}     (7.20)</pre>
 *
 * <p>The step length satisfies the strong Wolfe conditions ({@link StrongWolfeLineSearch}), which
 * guarantee {@code s_kᵀ y_k > 0} and so keep H_k positive definite; a pair whose
 * {@code s_kᵀ y_k} is not positive by more than rounding is not stored. The first step, and any
 * step after the memory is cleared, is along {@code −∇f} with unit length.
 *
 * <p>A run stops, after the first test that holds, when
 *
 * <ul>
 *   <li>{@code ‖∇f‖∞ ≤ gradientTolerance · max(1, ‖x‖∞)} ({@link Reason#GRADIENT_TOLERANCE}, also
 *       checked at the start);
 *   <li>an iteration lowered f by at most {@code relativeFunctionTolerance · max(|f_k|, |f_{k+1}|)}
 *       ({@link Reason#FUNCTION_TOLERANCE});
 *   <li>{@code maxIterations} steps have been taken ({@link Reason#MAX_ITERATIONS});
 *   <li>the line search found no lower point, even along {@code −∇f} with the memory cleared
 *       ({@link Reason#LINE_SEARCH_FAILED}, or {@link Reason#NON_FINITE} if some of its trials
 *       were not finite). Near a minimiser this happens when the decrease that the gradient
 *       tolerance asks for is below the rounding error of f: then loosen the tolerance;
 *   <li>the caller's {@link IterateCheck}, if one is given, refuses the next iterate
 *       ({@link Reason#ITERATE_REFUSED}); the result is the last iterate it accepted.
 * </ul>
 *
 * <p>Non-convergence is reported in the {@link Result}, never thrown. A line search that fails
 * after finding a lower point that meets the sufficient-decrease condition still moves there.
 * Every buffer is allocated once per run, before the first iteration.
 *
 * <pre>{@code
 * DifferentiableFunction rosenbrock = (x, g) -> {
 *   double a = 1 - x[0];
 *   double b = x[1] - x[0] * x[0];
 *   g[0] = -2 * a - 400 * x[0] * b;
 *   g[1] = 200 * b;
 *   return a * a + 100 * b * b;
 * };
 * Lbfgs.Result r = new Lbfgs(Lbfgs.Settings.defaults()).minimize(rosenbrock, new double[] {-1.2, 1});
 * // r.x() within 1e-7 of {1, 1} after 36 iterations, r.converged(), r.reason() == GRADIENT_TOLERANCE
 * }</pre>
 */
public final class Lbfgs {
  /** Why a run stopped. */
  public enum Reason {
    /** The gradient test held: a stationary point to the requested accuracy. */
    GRADIENT_TOLERANCE(true),
    /** f stopped decreasing, relative to its size. */
    FUNCTION_TOLERANCE(true),
    /** The iteration limit was reached first. */
    MAX_ITERATIONS(false),
    /** No step along the search direction, nor along −∇f, lowered f. */
    LINE_SEARCH_FAILED(false),
    /** The line search found no lower point and met non-finite values, or the direction overflowed. */
    NON_FINITE(false),
    /**
     * The caller's check refused the next iterate (for example an importance sampler's effective
     * sample size fell below its limit there); the run ends at the last iterate that passed.
     */
    ITERATE_REFUSED(false);

    private final boolean converged;

    Reason(boolean converged) {
      this.converged = converged;
    }

    /** Whether this reason is one of the convergence tests. */
    public boolean converged() {
      return converged;
    }
  }

  /**
   * How a run is controlled. The two convergence tests are not equally strict: near a minimiser
   * an iteration lowers f by about {@code ½ ∇fᵀH⁻¹∇f}, which shrinks like ‖∇f‖², so on an
   * objective of size |f| ≫ 1 the function test usually stops the run first (on the logistic
   * regression in the tests, f ≈ 74, it stops at ‖∇f‖∞ ≈ 1e-5 with the parameters within 3e-7 of
   * the minimiser). Set the function tolerance to 0 to let the gradient test decide; do not ask
   * for a gradient so small that the decrease it implies is below f's rounding error, or the
   * line search will fail first ({@link Reason#LINE_SEARCH_FAILED}).
   *
   * @param memory m, the number of correction pairs kept
   * @param gradientTolerance the gradient test's ε: stop when {@code ‖∇f‖∞ ≤ ε · max(1, ‖x‖∞)}
   * @param relativeFunctionTolerance stop when an iteration lowers f by at most this times
   *     {@code max(|f_k|, |f_{k+1}|)}; 0 turns the test off except for no decrease at all
   * @param maxIterations the most iterations (accepted steps)
   * @param c1 the sufficient-decrease constant of the line search
   * @param c2 the curvature constant of the line search
   * @param maxLineSearchEvaluations the most evaluations of f in one line search
   */
  public record Settings(int memory, double gradientTolerance, double relativeFunctionTolerance,
      int maxIterations, double c1, double c2, int maxLineSearchEvaluations) implements java.io.Serializable {
    /** Nocedal &amp; Wright's suggested memory (section 7.2: 3 ≤ m ≤ 20). */
    public static final int DEFAULT_MEMORY = 10;
    public static final double DEFAULT_GRADIENT_TOLERANCE = 1e-6;
    public static final double DEFAULT_RELATIVE_FUNCTION_TOLERANCE = 1e-12;
    public static final int DEFAULT_MAX_ITERATIONS = 1000;
    /** Nocedal &amp; Wright's c1 (section 3.1). */
    public static final double DEFAULT_C1 = 1e-4;
    /** Nocedal &amp; Wright's c2 for quasi-Newton methods (section 3.1). */
    public static final double DEFAULT_C2 = 0.9;
    public static final int DEFAULT_MAX_LINE_SEARCH_EVALUATIONS = 20;

    public Settings {
      if (memory < 1) {
        throw new InvalidInputException("memory must be >= 1, got " + memory);
      }
      if (!(gradientTolerance >= 0) || Double.isInfinite(gradientTolerance)) {
        throw new InvalidInputException("gradient tolerance must be finite and >= 0, got " + gradientTolerance);
      }
      if (!(relativeFunctionTolerance >= 0) || Double.isInfinite(relativeFunctionTolerance)) {
        throw new InvalidInputException(
            "relative function tolerance must be finite and >= 0, got " + relativeFunctionTolerance);
      }
      if (maxIterations < 1) {
        throw new InvalidInputException("max iterations must be >= 1, got " + maxIterations);
      }
      if (!(c1 > 0 && c1 < c2 && c2 < 1)) {
        throw new InvalidInputException("need 0 < c1 < c2 < 1, got c1 = " + c1 + ", c2 = " + c2);
      }
      if (maxLineSearchEvaluations < 1) {
        throw new InvalidInputException(
            "max line-search evaluations must be >= 1, got " + maxLineSearchEvaluations);
      }
    }

    /** m = 10, ε_g = 1e-6, ε_f = 1e-12, 1000 iterations, c1 = 1e-4, c2 = 0.9, 20 evaluations per search. */
    public static Settings defaults() {
      return new Settings(DEFAULT_MEMORY, DEFAULT_GRADIENT_TOLERANCE, DEFAULT_RELATIVE_FUNCTION_TOLERANCE,
          DEFAULT_MAX_ITERATIONS, DEFAULT_C1, DEFAULT_C2, DEFAULT_MAX_LINE_SEARCH_EVALUATIONS);
    }

    public Settings withMemory(int newMemory) {
      return new Settings(newMemory, gradientTolerance, relativeFunctionTolerance, maxIterations, c1, c2,
          maxLineSearchEvaluations);
    }

    public Settings withGradientTolerance(double newTolerance) {
      return new Settings(memory, newTolerance, relativeFunctionTolerance, maxIterations, c1, c2,
          maxLineSearchEvaluations);
    }

    public Settings withRelativeFunctionTolerance(double newTolerance) {
      return new Settings(memory, gradientTolerance, newTolerance, maxIterations, c1, c2,
          maxLineSearchEvaluations);
    }

    public Settings withMaxIterations(int newMaxIterations) {
      return new Settings(memory, gradientTolerance, relativeFunctionTolerance, newMaxIterations, c1, c2,
          maxLineSearchEvaluations);
    }

    /** For example {@code LBFGS[m=10,gtol=1e-6,ftol=1e-12,maxiter=1000,c1=1e-4,c2=0.9,maxls=20]}. */
    @Override
    public String toString() {
      return "LBFGS[m=" + memory + ",gtol=" + shortest(gradientTolerance) + ",ftol="
          + shortest(relativeFunctionTolerance) + ",maxiter=" + maxIterations + ",c1=" + shortest(c1)
          + ",c2=" + shortest(c2) + ",maxls=" + maxLineSearchEvaluations + "]";
    }

    /** The shortest decimal that reads back as v, in powers of ten below 10⁻³: 1e-6, 2.5e-7, 0.9. */
    private static String shortest(double v) {
      BigDecimal d = BigDecimal.valueOf(v).stripTrailingZeros();
      if (v != 0 && (Math.abs(v) < 1e-3 || Math.abs(v) >= 1e6)) {
        int exponent = d.precision() - d.scale() - 1;
        return d.movePointLeft(exponent).toPlainString() + "e" + exponent;
      }
      return d.toPlainString();
    }
  }

  /**
   * The outcome of a run.
   *
   * <p>Its arrays are not copied (they are large or read in hot loops): they belong to this record;
   * callers read them and never modify them.
   *
   * @param x the final point (a fresh array)
   * @param value f at x
   * @param gradientNorm {@code ‖∇f(x)‖∞}
   * @param iterations the steps taken
   * @param evaluations the evaluations of f and ∇f, including the one at the start
   * @param reason why the run stopped
   */
  public record Result(double[] x, double value, double gradientNorm, int iterations, int evaluations,
      Reason reason) {
    public Result {
      Objects.requireNonNull(x, "x");
      Objects.requireNonNull(reason, "reason");
    }

    /** Whether a convergence test, rather than a limit or a failure, stopped the run. */
    public boolean converged() {
      return reason.converged();
    }

    @Override
    public String toString() {
      return "Lbfgs.Result[n=" + x.length + ", value=" + value + ", gradientNorm=" + gradientNorm
          + ", iterations=" + iterations + ", evaluations=" + evaluations + ", converged=" + converged()
          + ", reason=" + reason + "]";
    }
  }

  /** A pair is kept only if {@code sᵀy > EPSILON · ‖s‖ ‖y‖}: the cosine of its angle is above rounding. */
  private static final double EPSILON = Math.ulp(1.0);

  private final Settings settings;

  public Lbfgs(Settings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  public Settings settings() {
    return settings;
  }

  /**
   * Minimises f from {@code x0}.
   *
   * @param f the objective
   * @param x0 the starting point. Not modified.
   * @return the final point and why the run stopped
   * @throws IllegalArgumentException if {@code x0} is empty or has a non-finite component, or f or
   *     its gradient is not finite at {@code x0}
   */
  public Result minimize(DifferentiableFunction f, double[] x0) {
    return minimize(f, x0, x -> true);
  }

  /**
   * A condition every accepted iterate must meet, checked after each line search (not at x0).
   * Chen &amp; Welling's fine-tuning stops L-BFGS when the effective sample size of its importance
   * weights would drop below 90% of the samples.
   */
  @FunctionalInterface
  public interface IterateCheck {
    /** Whether the run may move to x (not to be modified). */
    boolean accept(double[] x);
  }

  /**
   * Minimises f from {@code x0}, moving only to iterates that {@code check} accepts: the first one
   * it refuses ends the run at the previous iterate ({@link Reason#ITERATE_REFUSED}).
   *
   * @see #minimize(DifferentiableFunction, double[])
   */
  public Result minimize(DifferentiableFunction f, double[] x0, IterateCheck check) {
    Objects.requireNonNull(f, "f");
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(x0, "x0");
    int n = x0.length;
    if (n == 0) {
      throw new IllegalArgumentException("L-BFGS needs at least one variable");
    }
    requireFinite(x0, "the starting point has a non-finite component");
    int m = settings.memory();
    double[] x = x0.clone();
    double[] g = new double[n];
    double[] xNext = new double[n];
    double[] gNext = new double[n];
    double[] p = new double[n];
    double[][] s = new double[m][n];
    double[][] y = new double[m][n];
    double[] rho = new double[m];
    double[] alpha = new double[m];
    StrongWolfeLineSearch lineSearch = new StrongWolfeLineSearch(n, settings.c1(), settings.c2(),
        settings.maxLineSearchEvaluations());

    double fx = f.valueAndGradient(x, g);
    int evaluations = 1;
    if (!Double.isFinite(fx)) {
      throw new IllegalArgumentException("L-BFGS: the objective is not finite at the starting point (f = " + fx + ")");
    }
    requireFinite(g, "L-BFGS: the gradient is not finite at the starting point");

    int stored = 0;
    int newest = m - 1;
    double gamma = 1;
    int iterations = 0;
    double gradientNorm = maxAbs(g);
    Reason reason = gradientNorm <= settings.gradientTolerance() * Math.max(1, maxAbs(x))
        ? Reason.GRADIENT_TOLERANCE : null;
    while (reason == null) {
      if (iterations >= settings.maxIterations()) {
        reason = Reason.MAX_ITERATIONS;
        break;
      }
      twoLoopDirection(g, s, y, rho, alpha, stored, newest, gamma, p);
      double slope = dot(g, p);
      if (!(slope < 0)) {
        if (stored > 0) {
          stored = 0; // rounding has made H_k useless: start again from steepest descent
          continue;
        }
        reason = Double.isFinite(slope) ? Reason.LINE_SEARCH_FAILED : Reason.NON_FINITE;
        break;
      }
      // A unit-length first step along −∇f; clamped so that a tiny or huge gradient still gives a usable trial.
      double initialStep = stored == 0
          ? Math.max(Double.MIN_NORMAL, Math.min(StrongWolfeLineSearch.MAX_STEP, 1 / norm2(p))) : 1;
      StrongWolfeLineSearch.Status status =
          lineSearch.search(f, x, fx, g, p, initialStep, xNext, gNext);
      evaluations += lineSearch.evaluations();
      if (lineSearch.step() == 0) {
        if (stored > 0) {
          stored = 0;
          continue;
        }
        reason = status == StrongWolfeLineSearch.Status.NON_FINITE ? Reason.NON_FINITE : Reason.LINE_SEARCH_FAILED;
        break;
      }
      if (!check.accept(xNext)) {
        reason = Reason.ITERATE_REFUSED;
        break;
      }
      iterations++;

      double sy = 0;
      double ss = 0;
      double yy = 0;
      for (int i = 0; i < n; i++) {
        double si = xNext[i] - x[i];
        double yi = gNext[i] - g[i];
        sy += si * yi;
        ss += si * si;
        yy += yi * yi;
      }
      if (sy > EPSILON * Math.sqrt(ss) * Math.sqrt(yy)) {
        newest = (newest + 1) % m;
        double[] sNew = s[newest];
        double[] yNew = y[newest];
        for (int i = 0; i < n; i++) {
          sNew[i] = xNext[i] - x[i];
          yNew[i] = gNext[i] - g[i];
        }
        rho[newest] = 1 / sy;
        gamma = sy / yy;
        stored = Math.min(stored + 1, m);
      }

      double[] swap = x;
      x = xNext;
      xNext = swap;
      swap = g;
      g = gNext;
      gNext = swap;
      double fPrevious = fx;
      fx = lineSearch.value();
      gradientNorm = maxAbs(g);
      if (gradientNorm <= settings.gradientTolerance() * Math.max(1, maxAbs(x))) {
        reason = Reason.GRADIENT_TOLERANCE;
      } else if (fPrevious - fx <= settings.relativeFunctionTolerance() * Math.max(Math.abs(fPrevious), Math.abs(fx))) {
        reason = Reason.FUNCTION_TOLERANCE;
      }
    }
    return new Result(x, fx, gradientNorm, iterations, evaluations, reason);
  }

  /**
   * {@code p = −H_k g} by Algorithm 7.4 over the {@code stored} most recent pairs, the newest in
   * slot {@code newest} of the ring buffers s, y, rho. Writes p and alpha; reads the rest.
   */
  private static void twoLoopDirection(double[] g, double[][] s, double[][] y, double[] rho, double[] alpha,
      int stored, int newest, double gamma, double[] p) {
    int n = g.length;
    int m = rho.length;
    for (int i = 0; i < n; i++) {
      p[i] = -g[i];
    }
    if (stored == 0) {
      return;
    }
    for (int j = 0; j < stored; j++) {
      int k = (newest - j + m) % m;
      double a = rho[k] * dot(s[k], p);
      alpha[k] = a;
      double[] yk = y[k];
      for (int i = 0; i < n; i++) {
        p[i] -= a * yk[i];
      }
    }
    for (int i = 0; i < n; i++) {
      p[i] *= gamma;
    }
    for (int j = stored - 1; j >= 0; j--) {
      int k = (newest - j + m) % m;
      double b = rho[k] * dot(y[k], p);
      double c = alpha[k] - b;
      double[] sk = s[k];
      for (int i = 0; i < n; i++) {
        p[i] += c * sk[i];
      }
    }
  }

  private static void requireFinite(double[] v, String message) {
    for (int i = 0; i < v.length; i++) {
      if (!Double.isFinite(v[i])) {
        throw new IllegalArgumentException(message + " (component " + i + " is " + v[i] + ")");
      }
    }
  }

  private static double dot(double[] u, double[] v) {
    double sum = 0;
    for (int i = 0; i < u.length; i++) {
      sum += u[i] * v[i];
    }
    return sum;
  }

  private static double maxAbs(double[] v) {
    double max = 0;
    for (double e : v) {
      max = Math.max(max, Math.abs(e));
    }
    return max;
  }

  /** The Euclidean norm, scaled by the largest component so that it overflows only when that does. */
  private static double norm2(double[] v) {
    double scale = maxAbs(v);
    if (scale == 0 || Double.isInfinite(scale)) {
      return scale;
    }
    double sum = 0;
    for (double e : v) {
      double r = e / scale;
      sum += r * r;
    }
    return scale * Math.sqrt(sum);
  }
}
