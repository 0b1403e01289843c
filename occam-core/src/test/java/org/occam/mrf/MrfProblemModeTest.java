package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.junit.jupiter.api.Test;

/**
 * The exact MAP point is the mode on many rows: L-BFGS stops on the gradient per row, which on 10⁶
 * rows of one pattern left the point nats of log posterior short of the mode; the Newton steps
 * after it ({@link MrfProblem#exactMap}) must reach the analytic mode.
 */
class MrfProblemModeTest {
  /**
   * The mode of one bias under N(0, 1) when all N rows have x = 1: N (1 − s(θ)) = θ, solved by
   * bisection (s the logistic function); the bias of a variable that is always 0 is −θ.
   */
  private static double analyticMode(double n) {
    double lo = 0;
    double hi = 100;
    for (int i = 0; i < 200; i++) {
      double mid = 0.5 * (lo + hi);
      double residual = n / (1 + Math.exp(mid)) - mid; // N (1 − s(θ)) − θ, decreasing in θ
      if (residual > 0) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return 0.5 * (lo + hi);
  }

  /** N θ_a − N log(1 + e^θ_a) − N log(1 + e^θ_b) − (θ_a² + θ_b²)/2: x_a = 1, x_b = 0 in every row. */
  private static double logPosterior(double n, double a, double b) {
    return n * a - n * Math.log1p(Math.exp(a)) - n * Math.log1p(Math.exp(b)) - 0.5 * (a * a + b * b);
  }

  @Test
  void onAMillionRowsOfOnePatternTheMapPointIsTheAnalyticMode() {
    PairwiseGraph noEdges = new PairwiseGraph(2, new int[0][]);
    List<Variable> bin = List.of(Variable.withCount("a", 2), Variable.withCount("b", 2));
    for (double n : new double[] {1e2, 1e4, 1e6}) {
      Dataset d = Dataset.of(bin, new int[][] {{1, 0}}, new double[] {n});
      MrfProblem problem = MrfProblem.of(noEdges, d, MrfScoreSettings.defaults(), 1);
      MrfProblem.Fit fit = problem.exactMap();
      double theta = analyticMode(n);
      double gap = logPosterior(n, theta, -theta) - logPosterior(n, fit.lambda()[0], fit.lambda()[1]);
      assertThat(gap).as("N = %s: nats of log posterior below the analytic mode", n)
          .isBetween(-1e-9, MrfProblem.MODE_DECREMENT);
      double[] g = problem.logPosteriorGradient(fit);
      assertThat(0.5 * (g[0] * g[0] + g[1] * g[1])).as("½ σ0² |g|² bounds the Newton decrement")
          .isLessThanOrEqualTo(MrfProblem.MODE_DECREMENT);
      if (n == 1e6) {
        assertThat(fit.newtonSteps()).as("L-BFGS alone stops short here").isPositive();
      }
    }
  }
}
