package org.occam.mrf.methods;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.occam.data.InvalidInputException;
import org.occam.mrf.ExactInferenceCost;
import org.occam.mrf.PairwiseGraph;
import org.junit.jupiter.api.Test;

class ExactInferenceLimitTest {
  private static final ExactInferenceCost TRIANGLE = ExactInferenceCost.of(PairwiseGraph.complete(3));

  @Test
  void everyMethodButBpLrNeedsExactInference() {
    assertThat(ExactInferenceLimit.exactMethods(MrfMethods.parseList("bic-ml,bp-lr,laplace-exact")))
        .containsExactly("bic-ml", "laplace-exact");
    assertThat(ExactInferenceLimit.exactMethods(MrfMethods.parseList("bp-lr"))).isEmpty();
  }

  @Test
  void refusesACliqueAboveTheLimitNamingTheFlagAndTheAlternative() {
    // the triangle is one clique of 3 binary variables: 8 states
    assertThat(TRIANGLE.largestClique()).isEqualTo(3);
    ExactInferenceLimit.require("mrf score", MrfMethods.parseList("laplace-exact"), TRIANGLE, 8, "", "use bp-lr");
    assertThatThrownBy(() -> ExactInferenceLimit.require("mrf score", MrfMethods.parseList("laplace-exact,bic-ml"),
        TRIANGLE, 7, " on the start graph", "use bp-lr"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("mrf score: laplace-exact, bic-ml need exact inference on the start graph with a largest clique"
            + " of 3 variables (2^3 states); the limit is 7 (--max-clique-states); use bp-lr");
    assertThatThrownBy(() -> ExactInferenceLimit.require("mrf rank", MrfMethods.parseList("map"), TRIANGLE, 4, "",
        "use bp-lr")).hasMessageContaining("map needs exact inference").hasMessageContaining("the limit is 2^2");
  }

  @Test
  void bpLrAloneIsNeverRefusedButALimitBelowOneIs() {
    ExactInferenceLimit.require("mrf score", MrfMethods.parseList("bp-lr"), ExactInferenceCost.complete(40), 1, "",
        "use bp-lr");
    assertThatThrownBy(() -> ExactInferenceLimit.require("mrf score", MrfMethods.parseList("bp-lr"), TRIANGLE, 0, "",
        "use bp-lr")).isInstanceOf(InvalidInputException.class)
        .hasMessage("--max-clique-states must be >= 1, got 0");
  }

  @Test
  void theCostIsSaidFromACliqueOf12On() {
    var methods = MrfMethods.parseList("bp-lr,laplace-exact");
    assertThat(ExactInferenceLimit.costLine("mrf score", methods, ExactInferenceCost.complete(11))).isEmpty();
    // the complete graph on 12 vertices: one clique, 2^12 = 4096 states
    assertThat(ExactInferenceLimit.costLine("mrf score", methods, ExactInferenceCost.complete(12))).contains(
        "mrf score: exact inference with a largest clique of 12 variables (2^12 states; 4,096 clique states in"
            + " all) for each evaluation of laplace-exact");
    assertThat(ExactInferenceLimit.costLine("mrf score", MrfMethods.parseList("bp-lr"),
        ExactInferenceCost.complete(20))).isEmpty();
  }
}
