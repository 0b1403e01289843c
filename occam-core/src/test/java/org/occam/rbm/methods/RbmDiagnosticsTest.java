package org.occam.rbm.methods;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.occam.math.Lbfgs;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmLogPartition;

/** When the fine-tuning's stop on the effective sample size counts as converged. */
class RbmDiagnosticsTest {
  private static final RbmLaplace LAPLACE = new RbmLaplace(RbmData.of(new int[][] {{0, 1}, {1, 1}, {1, 0}}));
  private static final RbmLogPartition.Estimate LOG_Z = new RbmLogPartition.Estimate(1.5,
      RbmLogPartition.Method.EXACT, Optional.empty());

  private static Map<String, Object> after(int iterations, Lbfgs.Reason reason, double gradientNorm) {
    return RbmDiagnostics.common(new RbmLaplace.FineTuning(iterations, reason, gradientNorm, 0.1, 0.2, 900, 1000, 950),
        LOG_Z, -3, -2, LAPLACE);
  }

  @Test
  void theEssStopAfterStepsIsTheIntendedEnd() {
    Map<String, Object> diag = after(12, Lbfgs.Reason.ITERATE_REFUSED, 0.5);
    assertThat(diag.get("converged")).isEqualTo(true);
    assertThat(diag).doesNotContainKey("notConverged");
  }

  /** The SpamAssassin case: no step from a gradient of 1,140 was reported as converged. */
  @Test
  void refusingTheFirstStepIsNotConvergence() {
    Map<String, Object> diag = after(0, Lbfgs.Reason.ITERATE_REFUSED, 1140);
    assertThat(diag.get("converged")).isEqualTo(false);
    assertThat((String) diag.get("notConverged")).contains("refused its first step").contains("1.14e+03");
  }

  @Test
  void aGradientTestStopIsConvergedAndAnIterationLimitIsNot() {
    assertThat(after(40, Lbfgs.Reason.GRADIENT_TOLERANCE, 1e-7).get("converged")).isEqualTo(true);
    assertThat(after(1000, Lbfgs.Reason.MAX_ITERATIONS, 2.0).get("converged")).isEqualTo(false);
  }
}
