package org.occam.math;

/** Smooth test objectives with known minimisers, written for the optimiser tests. */
final class TestObjectives {
  private TestObjectives() {}

  /**
   * The chained Rosenbrock function {@code Σ_{i<n−1} 100 (x_{i+1} − x_i²)² + (1 − x_i)²}, minimum
   * 0 at (1, …, 1). For n = 2 it is Rosenbrock's banana (Moré, Garbow &amp; Hillstrom 1981, #1).
   */
  static double chainedRosenbrock(double[] x, double[] g) {
    int n = x.length;
    java.util.Arrays.fill(g, 0);
    double f = 0;
    for (int i = 0; i < n - 1; i++) {
      double a = 1 - x[i];
      double b = x[i + 1] - x[i] * x[i];
      f += a * a + 100 * b * b;
      g[i] += -2 * a - 400 * x[i] * b;
      g[i + 1] += 200 * b;
    }
    return f;
  }

  /**
   * The extended Rosenbrock function of Moré, Garbow &amp; Hillstrom (1981, #21): n/2 independent
   * bananas {@code 100 (x_{2i+1} − x_{2i}²)² + (1 − x_{2i})²}, minimum 0 at (1, …, 1), standard
   * start (−1.2, 1, −1.2, 1, …).
   */
  static double extendedRosenbrock(double[] x, double[] g) {
    double f = 0;
    for (int i = 0; i + 1 < x.length; i += 2) {
      double a = 1 - x[i];
      double b = x[i + 1] - x[i] * x[i];
      f += a * a + 100 * b * b;
      g[i] = -2 * a - 400 * x[i] * b;
      g[i + 1] = 200 * b;
    }
    return f;
  }

  /** (−1.2, 1, −1.2, 1, …), the standard Rosenbrock start. */
  static double[] rosenbrockStart(int n) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = i % 2 == 0 ? -1.2 : 1.0;
    }
    return x;
  }

  /** The largest |x_i − 1|. */
  static double maxDistanceFromOnes(double[] x) {
    double d = 0;
    for (double v : x) {
      d = Math.max(d, Math.abs(v - 1));
    }
    return d;
  }
}
