package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.LogSpace;
import org.occam.rbm.methods.RbmMethods;

/**
 * The per-mode terms in the diagnostics of laplace and laplace0 ({@code modes}: each distinct mode's
 * {@code laplace} and {@code laplace0}) are the terms the scores sum: their log-sum-exp is the score,
 * so a user can see which mode carries a score (a flipped mode whose Gaussian term stands far above
 * its trapezoid term is one where A is flat). On 3 × 1 RBMs, 300 rows each (at one of the two seeds
 * flipping the hidden unit makes a second distinct mode).
 */
class RbmModeTermsTest {
  /** 1,000 PCD updates: λMP minimises the exact ℓ here (F = 7) whatever PCD's end. */
  private static final RbmLaplace.Settings SHORT = RbmLaplace.Settings.defaults()
      .withTraining(RbmLaplace.Settings.defaults().training().withIterations(1000));

  @Test
  void theModesTermsAddUpToTheScores() {
    int severalModes = 0;
    for (long seed = 20261130; seed <= 20261131; seed++) {
      int[][] rows = RbmParameterAisTest.sample(3, 1, 300, seed);
      RbmProblem problem = new RbmProblem(new RbmLaplace(RbmData.of(rows)), 1, SHORT, seed, 1, s -> { });
      List<EvidenceEstimate> e = RbmMethods.parseList("laplace,laplace0").stream().map(m -> m.estimate(problem))
          .toList();
      for (EvidenceEstimate score : e) {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> modes = (List<Map<String, Object>>) score.diagnostics().get("modes");
        assertThat(modes).as("seed %d", seed).isNotEmpty();
        double[] terms = modes.stream().mapToDouble(m -> ((Number) m.get(score.method())).doubleValue()).toArray();
        assertThat(LogSpace.logSumExp(terms)).as("%s, seed %d", score.method(), seed)
            .isCloseTo(score.logEvidence(), within(1e-9 * Math.abs(score.logEvidence())));
        if (score.method().equals("laplace0")) {
          severalModes += modes.size() > 1 ? 1 : 0;
        }
      }
    }
    // the check means something only where a flipped mode was added
    assertThat(severalModes).isPositive();
  }
}
