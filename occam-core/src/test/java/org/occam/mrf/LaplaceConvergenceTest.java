package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.occam.sampling.ParameterSpaceAis;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;

/**
 * Laplace-Exact against both ground truths as N grows, on a single edge (3 parameters) whose cell
 * frequencies stay fixed: the quadrature and AIS agree with each other within 3 standard errors at
 * every N, and Laplace's distance to them shrinks (its error is O(1/N)).
 */
class LaplaceConvergenceTest {
  @Test
  void laplaceExactApproachesQuadratureAndAisAsNGrows() {
    double previous = Double.POSITIVE_INFINITY;
    for (int scale : new int[] {1, 10, 100}) {
      // cells (x_a, x_b) = 00, 10, 01, 11 in proportion 4 : 2 : 1 : 3
      MrfData data = MrfQuadratureTest.edge(4 * scale, 2 * scale, 1 * scale, 3 * scale);
      double laplace = MrfScorer.score(data.graph(), data, List.of(MrfMethod.LAPLACE_EXACT), MrfScoreSettings.defaults())
          .get(0).logEvidence();
      double quadrature = MrfQuadrature.estimate(data, MrfQuadrature.Settings.defaults()).logEvidence();
      EvidenceEstimate ais = new MrfAnnealedImportanceSampling(data,
          MrfAnnealedImportanceSampling.defaultSettings().withSteps(2000).withRuns(20)).estimate(31 + scale, 2);
      double se = ais.stdError().orElseThrow();
      assertThat(Math.abs(ais.logEvidence() - quadrature)).as("AIS vs quadrature at N = %d", 10 * scale)
          .isLessThan(3 * se + 1e-9);
      double error = Math.abs(laplace - quadrature);
      assertThat(error).as("Laplace error at N = %d", 10 * scale).isLessThan(previous);
      assertThat(Math.abs(laplace - ais.logEvidence())).isLessThan(error + 3 * se + 1e-9);
      previous = error;
    }
    assertThat(previous).isLessThan(2e-3);
  }
}
