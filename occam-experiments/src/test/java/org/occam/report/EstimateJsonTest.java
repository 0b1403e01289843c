package org.occam.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;

class EstimateJsonTest {
  @Test
  @SuppressWarnings("unchecked")
  void anEstimateReadBackWritesTheSameJsonWithItsNumbersExact() throws Exception {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("restarts", 3);
    settings.put("tolerance", 1e-6);
    Map<String, Object> diagnostics = new LinkedHashMap<>();
    diagnostics.put("uncorrectedLogEvidence", -2845.3612345678912);
    diagnostics.put("converged", false);
    diagnostics.put("restartObjectives", new double[] {-1.0 / 3, Double.NEGATIVE_INFINITY, 2.0});
    diagnostics.put("bound", Double.NaN);
    diagnostics.put("note", "alias");
    diagnostics.put("big", 1L << 40);
    EvidenceEstimate e = new EvidenceEstimate("vb", -2843.9712345678, OptionalDouble.of(0.1), 0.021, settings,
        OptionalLong.of(7), diagnostics);
    String text = ResultJson.write(ResultJson.estimate(e));

    EvidenceEstimate back = EstimateJson.read(ResultJson.mapper().readTree(text));
    assertThat(ResultJson.write(ResultJson.estimate(back))).isEqualTo(text);
    assertThat(back.logEvidence()).isEqualTo(e.logEvidence());
    assertThat(back.converged()).isFalse();
    assertThat((Double) back.diagnostics().get("uncorrectedLogEvidence")).isEqualTo(-2845.3612345678912);
    assertThat((List<Object>) back.diagnostics().get("restartObjectives")).containsExactly(-1.0 / 3,
        Double.NEGATIVE_INFINITY, 2.0);
    assertThat((Double) back.diagnostics().get("bound")).isNaN();
    assertThat(back.seed()).hasValue(7);
    assertThat(back.stdError()).hasValue(0.1);

    EvidenceEstimate bare = new EvidenceEstimate("bic", -1.5, OptionalDouble.empty(), 0, Map.of(),
        OptionalLong.empty(), Map.of());
    EvidenceEstimate bareBack = EstimateJson.read(ResultJson.mapper().readTree(ResultJson.write(
        ResultJson.estimate(bare))));
    assertThat(bareBack.stdError()).isEmpty();
    assertThat(bareBack.seed()).isEmpty();
  }

  /** {@link ResultJson#object} writes its keys in the order given, whatever the JVM run. */
  @Test
  void anObjectKeepsItsKeysInTheOrderGiven() {
    String text = ResultJson.write(ResultJson.object("rank", 18, "rankUncorrected", 19, "alpha", 1.5));
    assertThat(text.indexOf("\"rank\"")).isLessThan(text.indexOf("\"rankUncorrected\""));
    assertThat(text.indexOf("\"rankUncorrected\"")).isLessThan(text.indexOf("\"alpha\""));
    assertThat(ResultJson.object("a", 1, "b", null)).containsKeys("a", "b");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ResultJson.object("a", 1, "b"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
