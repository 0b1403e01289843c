package org.occam.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.github.lbfgs4j.liblbfgs.LbfgsConstant;
import com.github.lbfgs4j.liblbfgs.MutableDouble;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Lbfgs} on L2-penalised logistic regression, a smooth strictly convex problem with one
 * minimiser, fitted to seeded synthetic data (200 rows, 5 features and an unpenalised intercept).
 * The minimiser is computed independently by Newton's method (quadratic convergence, to rounding
 * level) and by lbfgs4j 0.2.1 (a Java port of Okazaki's liblbfgs with the Moré–Thuente line
 * search, used in test scope only). The objective's gradient is checked by finite differences.
 */
class LbfgsLogisticRegressionTest {
  private static final int ROWS = 200;
  private static final int FEATURES = 5;
  /** Weights then the intercept. */
  private static final int PARAMETERS = FEATURES + 1;
  private static final double PENALTY = 1.0;
  private static final double[] TRUE_WEIGHTS = {1.0, -2.0, 0.5, 0.0, 1.5};
  private static final double TRUE_INTERCEPT = -0.3;

  private static double[][] features;
  private static double[] labels;
  private static double[] newtonSolution;

  @BeforeAll
  static void simulate() {
    UniformRandomProvider rng = RandomStreams.fromSeed(20_260_611L);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    features = new double[ROWS][FEATURES];
    labels = new double[ROWS];
    for (int r = 0; r < ROWS; r++) {
      double z = TRUE_INTERCEPT;
      for (int j = 0; j < FEATURES; j++) {
        features[r][j] = normal.sample();
        z += TRUE_WEIGHTS[j] * features[r][j];
      }
      labels[r] = rng.nextDouble() < 1 / (1 + Math.exp(-z)) ? 1 : 0;
    }
    newtonSolution = newton();
  }

  /**
   * {@code Σ_r [ln(1 + e^{z_r}) − y_r z_r] + (λ/2) ‖w‖²} with {@code z_r = w·x_r + b}; the gradient
   * is {@code Σ_r (σ(z_r) − y_r) (x_r, 1) + λ (w, 0)}.
   */
  static double negativeLogPosterior(double[] theta, double[] g) {
    java.util.Arrays.fill(g, 0);
    double f = 0;
    for (int r = 0; r < ROWS; r++) {
      double[] x = features[r];
      double z = theta[FEATURES];
      for (int j = 0; j < FEATURES; j++) {
        z += theta[j] * x[j];
      }
      double softplus = z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
      f += softplus - labels[r] * z;
      double residual = 1 / (1 + Math.exp(-z)) - labels[r];
      for (int j = 0; j < FEATURES; j++) {
        g[j] += residual * x[j];
      }
      g[FEATURES] += residual;
    }
    for (int j = 0; j < FEATURES; j++) {
      f += 0.5 * PENALTY * theta[j] * theta[j];
      g[j] += PENALTY * theta[j];
    }
    return f;
  }

  @Test
  void theGradientMatchesCentralDifferences() {
    UniformRandomProvider rng = RandomStreams.fromSeed(7);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] g = new double[PARAMETERS];
    double[] scratch = new double[PARAMETERS];
    for (int trial = 0; trial < 5; trial++) {
      double[] theta = new double[PARAMETERS];
      for (int j = 0; j < PARAMETERS; j++) {
        theta[j] = 2 * normal.sample();
      }
      negativeLogPosterior(theta, g);
      for (int j = 0; j < PARAMETERS; j++) {
        double h = 1e-5 * Math.max(1, Math.abs(theta[j]));
        double[] plus = theta.clone();
        double[] minus = theta.clone();
        plus[j] += h;
        minus[j] -= h;
        double fd = (negativeLogPosterior(plus, scratch) - negativeLogPosterior(minus, scratch)) / (2 * h);
        assertThat(g[j]).as("trial %d, ∂f/∂θ_%d", trial, j).isCloseTo(fd, within(1e-6 * Math.max(1, Math.abs(fd))));
      }
    }
  }

  @Test
  void newtonsMethodReachedTheMinimiser() {
    double[] g = new double[PARAMETERS];
    negativeLogPosterior(newtonSolution, g);
    assertThat(maxAbs(g)).isLessThan(1e-10);
  }

  /**
   * Here f ≈ 74, so its rounding error is about 1e-14 and a decrease of {@code ½ gᵀH⁻¹g} stops
   * being resolvable once ‖∇f‖ is near 1e-9: a gradient tolerance of 1e-8 is about the tightest
   * that a line search on values of f can promise (lbfgs4j reports a rounding error at 1e-9).
   */
  @Test
  void tightToleranceAgreesWithNewtonsMethod() {
    Lbfgs.Settings settings = Lbfgs.Settings.defaults().withGradientTolerance(1e-8).withRelativeFunctionTolerance(0);
    Lbfgs.Result r = new Lbfgs(settings).minimize(LbfgsLogisticRegressionTest::negativeLogPosterior,
        new double[PARAMETERS]);

    assertThat(r.converged()).as(r.toString()).isTrue();
    assertThat(r.reason()).isEqualTo(Lbfgs.Reason.GRADIENT_TOLERANCE);
    assertThat(maxAbsDifference(r.x(), newtonSolution)).isLessThan(1e-7);
  }

  /**
   * With the defaults the run stops on the function test (f changes by less than 1e-12 · 74)
   * while ‖∇f‖∞ is still near 1e-5: Δf shrinks like ‖∇f‖², so the function test is the looser one
   * on an objective of this size. The parameters are still within 1e-6.
   */
  @Test
  void defaultSettingsAgreeWithNewtonsMethod() {
    Lbfgs.Result r = new Lbfgs(Lbfgs.Settings.defaults()).minimize(
        LbfgsLogisticRegressionTest::negativeLogPosterior, new double[PARAMETERS]);

    assertThat(r.converged()).as(r.toString()).isTrue();
    assertThat(maxAbsDifference(r.x(), newtonSolution)).isLessThan(1e-6);
  }

  /**
   * lbfgs4j at its own tolerance ε = 1e-6 on ‖∇f‖₂ / max(1, ‖x‖₂) (at 1e-7 and below it stops
   * with a rounding error, at ‖∇f‖∞ ≈ 2.5e-7 on this problem), against ours at 1e-8.
   */
  @Test
  void agreesWithLbfgs4j() {
    Lbfgs.Settings settings = Lbfgs.Settings.defaults().withGradientTolerance(1e-8).withRelativeFunctionTolerance(0);
    Lbfgs.Result ours = new Lbfgs(settings).minimize(LbfgsLogisticRegressionTest::negativeLogPosterior,
        new double[PARAMETERS]);

    LbfgsConstant.LBFGS_Param param = com.github.lbfgs4j.liblbfgs.Lbfgs.defaultParams();
    param.m = Lbfgs.Settings.DEFAULT_MEMORY;
    param.epsilon = 1e-6;
    double[] theirs = new double[PARAMETERS];
    LbfgsConstant.ReturnValue status = runLbfgs4j(param, theirs);

    assertThat(ours.converged()).as(ours.toString()).isTrue();
    assertThat(status).isEqualTo(LbfgsConstant.ReturnValue.LBFGS_SUCCESS);
    assertThat(maxAbsDifference(ours.x(), theirs)).isLessThan(1e-6);
    double theirValue = negativeLogPosterior(theirs, new double[PARAMETERS]);
    assertThat(ours.value()).isCloseTo(theirValue, within(1e-12 * Math.abs(theirValue)));
    assertThat(maxAbsDifference(theirs, newtonSolution)).isLessThan(1e-6);
  }

  /**
   * lbfgs4j's line search (Moré–Thuente) uses the same constants c1 = 1e-4, c2 = 0.9 and the same
   * first trial step (unit length along −∇f, then 1). On this problem every first trial is
   * accepted by both, so the iterates, which then depend only on the two-loop recursion, must
   * agree to rounding error iteration by iteration.
   */
  @Test
  void theFirstIteratesMatchLbfgs4jStepByStep() {
    for (int k = 1; k <= 8; k++) {
      Lbfgs.Settings settings = Lbfgs.Settings.defaults().withGradientTolerance(0).withRelativeFunctionTolerance(0)
          .withMaxIterations(k);
      Lbfgs.Result ours = new Lbfgs(settings).minimize(LbfgsLogisticRegressionTest::negativeLogPosterior,
          new double[PARAMETERS]);
      LbfgsConstant.LBFGS_Param param = com.github.lbfgs4j.liblbfgs.Lbfgs.defaultParams();
      param.m = Lbfgs.Settings.DEFAULT_MEMORY;
      param.epsilon = 0;
      param.max_iterations = k;
      double[] theirs = new double[PARAMETERS];
      runLbfgs4j(param, theirs);

      assertThat(ours.reason()).isEqualTo(Lbfgs.Reason.MAX_ITERATIONS);
      assertThat(ours.evaluations()).as("one evaluation per iteration").isEqualTo(k + 1);
      assertThat(maxAbsDifference(ours.x(), theirs)).as("iteration %d", k).isLessThan(1e-12);
    }
  }

  private static LbfgsConstant.ReturnValue runLbfgs4j(LbfgsConstant.LBFGS_Param param, double[] x) {
    return com.github.lbfgs4j.liblbfgs.Lbfgs.lbfgs(PARAMETERS, x, new MutableDouble(),
        (instance, point, g, n, step) -> negativeLogPosterior(point, g), null, null, param);
  }

  /** Newton's method with step halving, from θ = 0, until the step stops changing θ. */
  private static double[] newton() {
    double[] theta = new double[PARAMETERS];
    double[] g = new double[PARAMETERS];
    double[] trialGradient = new double[PARAMETERS];
    double f = negativeLogPosterior(theta, g);
    DMatrixRMaj hessian = new DMatrixRMaj(PARAMETERS, PARAMETERS);
    DMatrixRMaj gradient = new DMatrixRMaj(PARAMETERS, 1);
    DMatrixRMaj step = new DMatrixRMaj(PARAMETERS, 1);
    for (int iteration = 0; iteration < 100; iteration++) {
      hessian.zero();
      for (int r = 0; r < ROWS; r++) {
        double[] x = features[r];
        double z = theta[FEATURES];
        for (int j = 0; j < FEATURES; j++) {
          z += theta[j] * x[j];
        }
        double p = 1 / (1 + Math.exp(-z));
        double w = p * (1 - p);
        for (int i = 0; i < PARAMETERS; i++) {
          double xi = i < FEATURES ? x[i] : 1;
          for (int j = 0; j < PARAMETERS; j++) {
            double xj = j < FEATURES ? x[j] : 1;
            hessian.add(i, j, w * xi * xj);
          }
        }
      }
      for (int j = 0; j < FEATURES; j++) {
        hessian.add(j, j, PENALTY);
      }
      for (int j = 0; j < PARAMETERS; j++) {
        gradient.set(j, 0, g[j]);
      }
      if (!CommonOps_DDRM.solve(hessian, gradient, step)) {
        throw new IllegalStateException("singular Hessian");
      }
      double t = 1;
      while (true) {
        double[] trial = new double[PARAMETERS];
        for (int j = 0; j < PARAMETERS; j++) {
          trial[j] = theta[j] - t * step.get(j, 0);
        }
        double fTrial = negativeLogPosterior(trial, trialGradient);
        if (fTrial <= f || t < 1e-8) {
          boolean moved = false;
          for (int j = 0; j < PARAMETERS; j++) {
            moved |= trial[j] != theta[j];
          }
          theta = trial;
          f = fTrial;
          System.arraycopy(trialGradient, 0, g, 0, PARAMETERS);
          if (!moved) {
            return theta;
          }
          break;
        }
        t /= 2;
      }
    }
    return theta;
  }

  private static double maxAbsDifference(double[] u, double[] v) {
    double d = 0;
    for (int i = 0; i < u.length; i++) {
      d = Math.max(d, Math.abs(u[i] - v[i]));
    }
    return d;
  }

  private static double maxAbs(double[] v) {
    double m = 0;
    for (double e : v) {
      m = Math.max(m, Math.abs(e));
    }
    return m;
  }
}
