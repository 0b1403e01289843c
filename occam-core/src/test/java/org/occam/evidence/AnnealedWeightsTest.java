package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The 90% rule on constructed weights whose largest share is known by hand. */
class AnnealedWeightsTest {
  private static EvidenceEstimate estimate(List<Double> logWeights) {
    return new EvidenceEstimate("ais", -10.0, OptionalDouble.of(0.5), 0.0, Map.of(), OptionalLong.of(1),
        Map.of("converged", true, "logWeights", logWeights));
  }

  @Test
  void aRunWithNineTenthsOfTheWeightOrLessLeavesTheEstimateConverged() {
    // weights 9 and 1: the larger carries exactly 0.9, not more
    EvidenceEstimate e = AnnealedWeights.check(estimate(List.of(Math.log(9), 0.0)));
    assertThat((double) e.diagnostics().get("dominantRunShare")).isCloseTo(0.9, within(1e-15));
    assertThat(e.diagnostics().get("converged")).isEqualTo(true);
    assertThat(e.diagnostics()).doesNotContainKey("notConverged");
    assertThat(e.logEvidence()).isEqualTo(-10.0);
    assertThat(e.stdError()).hasValue(0.5);
  }

  @Test
  void aRunWithMoreThanNineTenthsMarksTheEstimateNotConverged() {
    // weights 19 and 1 (log weights far apart in absolute terms): share 0.95
    double base = -4.0e5;
    EvidenceEstimate e = AnnealedWeights.check(estimate(List.of(base + Math.log(19), base)));
    assertThat((double) e.diagnostics().get("dominantRunShare")).isCloseTo(0.95, within(1e-12));
    assertThat(e.diagnostics().get("converged")).isEqualTo(false);
    assertThat((String) e.diagnostics().get("notConverged")).startsWith("one of the 2 AIS runs carries 95.0% of the weight");
  }

  @Test
  void aDominantRunAddsItsReasonAfterOneTheSamplerGave() {
    double base = -4.0e5;
    EvidenceEstimate given = new EvidenceEstimate("ais", -10.0, OptionalDouble.of(0.5), 0.0, Map.of(),
        OptionalLong.of(1), Map.of("converged", false, "notConverged", "target not met",
            "logWeights", List.of(base + Math.log(19), base)));
    EvidenceEstimate e = AnnealedWeights.check(given);
    assertThat(e.diagnostics().get("converged")).isEqualTo(false);
    assertThat((String) e.diagnostics().get("notConverged"))
        .startsWith("target not met; one of the 2 AIS runs carries 95.0% of the weight");
  }

  @Test
  void aSingleRunIsNotJudged() {
    EvidenceEstimate e = AnnealedWeights.check(estimate(List.of(-3.0)));
    assertThat((double) e.diagnostics().get("dominantRunShare")).isEqualTo(1.0);
    assertThat(e.diagnostics().get("converged")).isEqualTo(true);
  }

  @Test
  void anEstimateWithoutLogWeightsIsReturnedAsItIs() {
    EvidenceEstimate e = new EvidenceEstimate("ais", -1.0, OptionalDouble.empty(), 0.0, Map.of(), OptionalLong.empty(), Map.of());
    assertThat(AnnealedWeights.check(e)).isSameAs(e);
  }
}
