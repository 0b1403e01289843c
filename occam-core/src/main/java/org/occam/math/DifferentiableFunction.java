package org.occam.math;

/**
 * A smooth objective {@code f : ℝⁿ → ℝ} evaluated together with its gradient, since most
 * objectives share nearly all of their work between the two.
 *
 * <p>An implementation may return a non-finite value (or write non-finite gradient components)
 * outside its domain; the minimisers in this package treat such a point as a step too far and
 * back off from it.
 */
@FunctionalInterface
public interface DifferentiableFunction {
  /**
   * The value {@code f(x)}, with {@code ∇f(x)} written into {@code gradOut}.
   *
   * @param x the point. Not modified.
   * @param gradOut the gradient, of length {@code x.length}. Modified: every component is written.
   * @return {@code f(x)}
   */
  double valueAndGradient(double[] x, double[] gradOut);

  /** Whether every component of {@code x} is finite. */
  static boolean allFinite(double[] x) {
    for (double v : x) {
      if (!Double.isFinite(v)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The convention for a point outside the domain (a non-finite component, as a line search may
   * try): when {@code x} has one, {@code gradOut} is filled with NaN and true is returned, and the
   * caller returns its own out-of-domain value.
   */
  static boolean outsideDomain(double[] x, double[] gradOut) {
    if (allFinite(x)) {
      return false;
    }
    java.util.Arrays.fill(gradOut, Double.NaN);
    return true;
  }
}
