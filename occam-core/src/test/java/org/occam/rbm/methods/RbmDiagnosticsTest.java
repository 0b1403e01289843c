package org.occam.rbm.methods;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.occam.math.Lbfgs;
import org.occam.math.TrustRegionNewton;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmLogPartition;

/** When the fine-tuning counts as converged, and what is said when it does not. */
class RbmDiagnosticsTest {
  private static final RbmLaplace LAPLACE = new RbmLaplace(RbmData.of(new int[][] {{0, 1}, {1, 1}, {1, 0}}));
  private static final RbmLogPartition.Estimate LOG_Z = new RbmLogPartition.Estimate(1.5,
      RbmLogPartition.Method.EXACT, Optional.empty());

  private static Map<String, Object> after(int iterations, Lbfgs.Reason reason, double gradientNorm, int newton,
      TrustRegionNewton.Reason newtonStop, double remaining, double smallestEigenvalue) {
    return RbmDiagnostics.common(new RbmLaplace.FineTuning(iterations, reason, gradientNorm, 0.1, 0.2, 900, 1000, 950,
        newton, newtonStop, remaining, smallestEigenvalue, false, false), LOG_Z, -3, -2, LAPLACE);
  }

  @Test
  void theEssStopAfterStepsNearTheMinimumIsTheIntendedEnd() {
    Map<String, Object> diag = after(12, Lbfgs.Reason.ITERATE_REFUSED, 0.5, 0, null, 0.004, 1.2);
    assertThat(diag.get("converged")).isEqualTo(true);
    assertThat(diag).doesNotContainKey("notConverged");
    assertThat(diag.get("newtonStop")).isEqualTo("none");
    assertThat(diag.get("fineTuningRemaining")).isEqualTo(0.004);
  }

  /** An ESS stop far from the minimum is not convergence, and says by how much. */
  @Test
  void theEssStopFarFromTheMinimumIsNotConvergence() {
    Map<String, Object> diag = after(12, Lbfgs.Reason.ITERATE_REFUSED, 40, 3, TrustRegionNewton.Reason.ITERATE_REFUSED,
        2.5, 1.2);
    assertThat(diag.get("converged")).isEqualTo(false);
    assertThat((String) diag.get("notConverged")).contains("an estimated 2.50 nats above the minimum")
        .contains("Newton: iterate_refused after 3 steps");
  }

  /** The SpamAssassin case: no step from a gradient of 1,140 was reported as converged. */
  @Test
  void refusingTheFirstStepIsNotConvergence() {
    Map<String, Object> diag = after(0, Lbfgs.Reason.ITERATE_REFUSED, 1140, 0, TrustRegionNewton.Reason.ITERATE_REFUSED,
        300, 0.5);
    assertThat(diag.get("converged")).isEqualTo(false);
    assertThat((String) diag.get("notConverged")).contains("refused its first step").contains("1.14e+03")
        .contains("300 nats");
  }

  @Test
  void theIterationLimitIsConvergedOnlyWhenNewtonFinishedTheJob() {
    assertThat(after(40, Lbfgs.Reason.GRADIENT_TOLERANCE, 1e-7, 0, null, 1e-12, 1).get("converged")).isEqualTo(true);
    assertThat(after(1000, Lbfgs.Reason.MAX_ITERATIONS, 1e-3, 81, TrustRegionNewton.Reason.CONVERGED, 2e-7, 0.2)
        .get("converged")).isEqualTo(true);
    Map<String, Object> limit = after(1000, Lbfgs.Reason.MAX_ITERATIONS, 2.0, 200,
        TrustRegionNewton.Reason.MAX_ITERATIONS, 0.3, 0.2);
    assertThat(limit.get("converged")).isEqualTo(false);
    assertThat((String) limit.get("notConverged")).contains("0.300 nats").contains("max_iterations after 1000");
  }

  /** Where the Hessian is indefinite the end is no minimum and no distance is claimed. */
  @Test
  void anIndefiniteHessianAtTheEndIsNotConvergence() {
    Map<String, Object> diag = after(1000, Lbfgs.Reason.MAX_ITERATIONS, 7.2, 200,
        TrustRegionNewton.Reason.MAX_ITERATIONS, Double.NaN, -9.06);
    assertThat(diag.get("converged")).isEqualTo(false);
    assertThat((String) diag.get("notConverged")).contains("not positive definite (smallest eigenvalue -9.06)");
  }
}
