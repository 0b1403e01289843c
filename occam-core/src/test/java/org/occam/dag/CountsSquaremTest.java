package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * {@link CountsSquarem} on a linear contraction N ↦ N* + A(N − N*) with a slow direction (rate 0.995)
 * and a fast one (0.3), objective −‖N − N*‖: plain steps need over 1,000 steps to come within 1e-6;
 * the accelerated run gets there in a few dozen and never lowers the objective; a step limit is kept,
 * and the objective returned is that of the counts returned.
 */
class CountsSquaremTest {
  private static final double[] LIMIT = {3.0, 1.0};

  /** G(N) = N* + A (N − N*), A = diag(0.995, 0.3) in the basis (1, 1)/√2, (1, −1)/√2. */
  private static double apply(double[] n, double[] next) {
    double u = ((n[0] - LIMIT[0]) + (n[1] - LIMIT[1])) / Math.sqrt(2);
    double w = ((n[0] - LIMIT[0]) - (n[1] - LIMIT[1])) / Math.sqrt(2);
    u *= 0.995;
    w *= 0.3;
    next[0] = LIMIT[0] + (u + w) / Math.sqrt(2);
    next[1] = LIMIT[1] + (u - w) / Math.sqrt(2);
    return -Math.hypot(n[0] - LIMIT[0], n[1] - LIMIT[1]);
  }

  private static CountsSquarem.Rule changeBelow(double tol) {
    return (trace, length) -> length > 1 && Math.abs(trace[length - 1] - trace[length - 2]) < tol;
  }

  @Test
  void itReachesTheLimitOfASlowContractionInFewSteps() {
    var run = new CountsSquarem(CountsSquaremTest::apply, changeBelow(1e-9), 2e-9, 2, 10_000)
        .run(new double[] {0.0, 9.0});
    assertThat(run.converged()).isTrue();
    assertThat(run.counts()[0]).isCloseTo(LIMIT[0], within(1e-6));
    assertThat(run.counts()[1]).isCloseTo(LIMIT[1], within(1e-6));
    assertThat(run.steps()).isLessThan(60);
    assertThat(run.objective()).isEqualTo(run.trace()[run.trace().length - 1]);
    for (int k = 1; k < run.trace().length; k++) {
      assertThat(run.trace()[k]).as("step " + k).isGreaterThanOrEqualTo(run.trace()[k - 1] - 1e-15);
    }
    // plain steps from the same start: the slow direction alone needs ln(1e-6 / 4.2) / ln(0.995) ≈ 1,660
    double[] n = {0.0, 9.0};
    double[] next = new double[2];
    int plain = 0;
    while (Math.hypot(n[0] - LIMIT[0], n[1] - LIMIT[1]) > 1e-6) {
      apply(n, next);
      n = next.clone();
      plain++;
    }
    assertThat(plain).isGreaterThan(1_000);
  }

  @Test
  void theStepLimitIsKeptAndTheObjectiveIsTheLastOnThePath() {
    for (int max = 1; max <= 40; max++) {
      var run = new CountsSquarem(CountsSquaremTest::apply, changeBelow(1e-12), 2e-12, 2, max)
          .run(new double[] {0.0, 9.0});
      assertThat(run.steps()).isLessThanOrEqualTo(max);
      assertThat(run.objective()).isEqualTo(run.trace()[run.trace().length - 1]);
      double[] next = new double[2];
      assertThat(apply(run.counts(), next)).as("the objective of the counts returned").isEqualTo(run.objective());
    }
  }
}
