package org.occam.crf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;
import org.occam.crf.methods.CrfMethods;
import org.occam.evidence.EvidenceEstimate;

/** {@link CrfNestedModels}: model k has the first k templates and scores as a problem of its own. */
class CrfNestedModelsTest {
  @Test
  void modelKHasTheFirstKTemplatesAndItsOwnScores() {
    CrfData d = CrfTestModels.randomData(RandomSource.SPLIT_MIX_64.create(31), 2, 5, 6, 4);
    CrfModel full = new CrfModel(d.labelStates(), d.inputNames(),
        List.of("bias", "state:g0", "transition", "transition:g1"), true);
    CrfSettings settings = CrfSettings.defaults().withThreads(1);
    List<Integer> done = new ArrayList<>();
    List<CrfNestedModels.Step> steps = CrfNestedModels.score(full, d, settings, 5,
        CrfMethods.parseList("map,laplace-exact"), done::add);
    assertThat(done).containsExactly(1, 2, 3, 4);
    assertThat(steps).extracting(CrfNestedModels.Step::k).containsExactly(1, 2, 3, 4);
    assertThat(steps).extracting(CrfNestedModels.Step::added)
        .containsExactly("bias", "state:g0", "transition", "transition:g1");
    assertThat(steps).extracting(CrfNestedModels.Step::parameters).containsExactly(1, 2, 3, 4);
    for (CrfNestedModels.Step s : steps) {
      assertThat(s.model().features()).isEqualTo(full.features().subList(0, s.k()));
      List<EvidenceEstimate> direct = new CrfProblem(s.model(), d, settings, 5)
          .estimate(CrfMethods.parseList("map,laplace-exact"));
      assertThat(s.estimates()).extracting(EvidenceEstimate::logEvidence)
          .containsExactly(direct.get(0).logEvidence(), direct.get(1).logEvidence());
    }
    // the larger model contains the smaller at λ_new = 0, so its log posterior maximum is at least the smaller's
    // plus the prior's density at 0 for the new parameter, log N(0; 0, σ²) = −½ log(2πσ²)
    double entry = -0.5 * Math.log(2 * Math.PI * settings.priorSigma() * settings.priorSigma());
    for (int k = 1; k < steps.size(); k++) {
      assertThat(steps.get(k).estimates().get(0).logEvidence())
          .isGreaterThanOrEqualTo(steps.get(k - 1).estimates().get(0).logEvidence() + entry - 1e-9);
    }
  }
}
