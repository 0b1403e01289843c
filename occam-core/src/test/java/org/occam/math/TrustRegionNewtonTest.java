package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;

/** Newton's method in a trust region, and the Newton decrement as the distance to the minimum. */
class TrustRegionNewtonTest {
  private static final TrustRegionNewton NEWTON = new TrustRegionNewton(new TrustRegionNewton.Settings(1e-14, 200, 1));

  /** f(x) = ½ (x − c)ᵀ A (x − c) + 7 with a badly conditioned A (eigenvalues 1 to 10⁶). */
  private static TrustRegionNewton.TwiceDifferentiableFunction quadratic(double[][] a, double[] c) {
    return new TrustRegionNewton.TwiceDifferentiableFunction() {
      @Override
      public double valueAndGradient(double[] x, double[] g) {
        double f = 7;
        for (int i = 0; i < x.length; i++) {
          g[i] = 0;
          for (int j = 0; j < x.length; j++) {
            g[i] += a[i][j] * (x[j] - c[j]);
          }
          f += 0.5 * (x[i] - c[i]) * g[i];
        }
        return f;
      }

      @Override
      public double[][] hessian(double[] x) {
        double[][] h = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
          h[i] = a[i].clone();
        }
        return h;
      }
    };
  }

  /** A random symmetric positive definite matrix with eigenvalues spread log-evenly over [1, 10⁶]. */
  private static double[][] illConditioned(int n, UniformRandomProvider rng) {
    double[][] q = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        q[i][j] = rng.nextDouble() - 0.5;
      }
      for (int k = 0; k < i; k++) {
        double d = 0;
        for (int j = 0; j < n; j++) {
          d += q[i][j] * q[k][j];
        }
        for (int j = 0; j < n; j++) {
          q[i][j] -= d * q[k][j];
        }
      }
      double norm = 0;
      for (int j = 0; j < n; j++) {
        norm += q[i][j] * q[i][j];
      }
      for (int j = 0; j < n; j++) {
        q[i][j] /= Math.sqrt(norm);
      }
    }
    double[][] a = new double[n][n];
    for (int k = 0; k < n; k++) {
      double lambda = Math.pow(10, 6.0 * k / (n - 1));
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          a[i][j] += lambda * q[k][i] * q[k][j];
        }
      }
    }
    return a;
  }

  /** On a quadratic the decrement is the gap f(x) − min f exactly, and one Newton step closes it. */
  @Test
  void theDecrementIsTheGapOnAQuadraticAndOneStepClosesIt() {
    for (long seed = 11; seed < 16; seed++) {
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      int n = 12;
      double[][] a = illConditioned(n, rng);
      double[] c = new double[n];
      double[] x0 = new double[n];
      for (int i = 0; i < n; i++) {
        c[i] = rng.nextDouble() * 4 - 2;
        x0[i] = rng.nextDouble() * 4 - 2;
      }
      TrustRegionNewton.TwiceDifferentiableFunction f = quadratic(a, c);
      TrustRegionNewton.Result start = TrustRegionNewton.at(f, x0);
      double gap = start.value() - 7;
      assertThat(gap).isGreaterThan(1);
      assertThat(start.decrement()).isCloseTo(gap, within(1e-9 * gap));
      TrustRegionNewton.Result r = new TrustRegionNewton(new TrustRegionNewton.Settings(1e-14, 50, 1e6))
          .minimize(f, x0, x -> true);
      assertThat(r.reason()).isEqualTo(TrustRegionNewton.Reason.CONVERGED);
      assertThat(r.iterations()).isEqualTo(1);
      assertThat(r.value() - 7).isLessThan(1e-9);
    }
  }

  /** From a small first radius the region grows, and the minimum is still found. */
  @Test
  void aSmallFirstRadiusGrows() {
    UniformRandomProvider rng = RandomStreams.fromSeed(21);
    double[][] a = illConditioned(8, rng);
    double[] c = {3, -2, 1, 0.5, -1, 2, -3, 1};
    TrustRegionNewton.Result r = new TrustRegionNewton(new TrustRegionNewton.Settings(1e-14, 100, 1e-3))
        .minimize(quadratic(a, c), new double[8], x -> true);
    assertThat(r.reason()).isEqualTo(TrustRegionNewton.Reason.CONVERGED);
    for (int i = 0; i < 8; i++) {
      assertThat(r.x()[i]).isCloseTo(c[i], within(1e-6));
    }
  }

  /** Rosenbrock's valley, where the Hessian is indefinite away from it. */
  @Test
  void findsRosenbrocksMinimum() {
    TrustRegionNewton.TwiceDifferentiableFunction rosenbrock = new TrustRegionNewton.TwiceDifferentiableFunction() {
      @Override
      public double valueAndGradient(double[] x, double[] g) {
        double a = 1 - x[0];
        double b = x[1] - x[0] * x[0];
        g[0] = -2 * a - 400 * x[0] * b;
        g[1] = 200 * b;
        return a * a + 100 * b * b;
      }

      @Override
      public double[][] hessian(double[] x) {
        return new double[][] {{2 - 400 * (x[1] - 3 * x[0] * x[0]), -400 * x[0]}, {-400 * x[0], 200}};
      }
    };
    TrustRegionNewton.Result r = NEWTON.minimize(rosenbrock, new double[] {-1.2, 1}, x -> true);
    assertThat(r.reason()).isEqualTo(TrustRegionNewton.Reason.CONVERGED);
    assertThat(r.x()[0]).isCloseTo(1, within(1e-6));
    assertThat(r.x()[1]).isCloseTo(1, within(1e-6));
    assertThat(r.decrement()).isLessThanOrEqualTo(1e-14);
    // the result's eigendecomposition (which later runs and RbmLaplace reuse) is that of its Hessian
    SymmetricEigen fresh = SymmetricEigen.of(r.hessian());
    assertThat(r.eigen().values).isEqualTo(fresh.values);
    assertThat(r.eigen().vectors).isDeepEqualTo(fresh.vectors);
    TrustRegionNewton.Result again = NEWTON.minimize(rosenbrock, r, x -> true);
    assertThat(again.x()).isEqualTo(r.x());
    assertThat(again.eigen().values).isEqualTo(fresh.values);
  }

  /**
   * f = x⁴/4 − x²/2 + y²/2 from its saddle at 0, where the gradient is 0 and the Hessian indefinite
   * (the hard case): the step follows the negative curvature to a minimum at x = ±1.
   */
  @Test
  void leavesASaddleAlongNegativeCurvature() {
    TrustRegionNewton.TwiceDifferentiableFunction f = new TrustRegionNewton.TwiceDifferentiableFunction() {
      @Override
      public double valueAndGradient(double[] x, double[] g) {
        g[0] = x[0] * x[0] * x[0] - x[0];
        g[1] = x[1];
        return 0.25 * Math.pow(x[0], 4) - 0.5 * x[0] * x[0] + 0.5 * x[1] * x[1];
      }

      @Override
      public double[][] hessian(double[] x) {
        return new double[][] {{3 * x[0] * x[0] - 1, 0}, {0, 1}};
      }
    };
    TrustRegionNewton.Result start = TrustRegionNewton.at(f, new double[2]);
    assertThat(start.decrement()).isNaN();
    assertThat(start.smallestEigenvalue()).isEqualTo(-1);
    TrustRegionNewton.Result r = NEWTON.minimize(f, start, x -> true);
    assertThat(r.reason()).isEqualTo(TrustRegionNewton.Reason.CONVERGED);
    assertThat(Math.abs(r.x()[0])).isCloseTo(1, within(1e-7));
    assertThat(r.value()).isCloseTo(-0.25, within(1e-12));
  }

  /** A check that forbids the minimum stops the run at the boundary it draws, reported as refused. */
  @Test
  void aRefusingCheckEndsTheRunAtItsBoundary() {
    double[][] a = {{2, 0.5}, {0.5, 1}};
    TrustRegionNewton.Result r = NEWTON.minimize(quadratic(a, new double[] {1, 1}), new double[2],
        x -> x[0] <= 0.5);
    assertThat(r.reason()).isEqualTo(TrustRegionNewton.Reason.ITERATE_REFUSED);
    assertThat(r.x()[0]).isLessThanOrEqualTo(0.5).isGreaterThan(0.45);
    assertThat(r.decrement()).isGreaterThan(0.01);
  }

  /** The boundary solution of the subproblem: ‖p‖ = Δ and (H + μI) p = −g with μ ≥ max(0, −λ_min). */
  @Test
  void theSubproblemsBoundarySolutionMeetsItsOptimalityConditions() {
    double[] values = {-2, 0.5, 3, 40};
    double[] g = {0.3, -1, 2, 5};
    for (double radius : new double[] {0.01, 0.5, 3}) {
      double[] p = TrustRegionNewton.subproblem(values, g, radius);
      double norm = 0;
      for (double v : p) {
        norm += v * v;
      }
      assertThat(Math.sqrt(norm)).isCloseTo(radius, within(1e-10 * radius));
      double mu = -g[0] / p[0] - values[0];
      assertThat(mu).isGreaterThanOrEqualTo(2);
      for (int i = 1; i < values.length; i++) {
        assertThat((values[i] + mu) * p[i]).isCloseTo(-g[i], within(1e-8 * Math.abs(g[i])));
      }
    }
  }
}
