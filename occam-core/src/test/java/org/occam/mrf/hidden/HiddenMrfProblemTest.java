package org.occam.mrf.hidden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.methods.MrfMethods;

/**
 * A problem with hidden variables goes through the MRF registry's methods of the same names as
 * {@link HiddenLaplace} computes them, and the methods that need fully observed data refuse it.
 */
class HiddenMrfProblemTest {
  private static final HiddenMrfData DATA = HiddenTestModels.randomData(HiddenTestModels.loopy(),
      HiddenTestModels.hiddenSet(5, 4), 12, 0.1, 3);

  private static MrfProblem problem(long seed) {
    return new MrfProblem(DATA, MrfScoreSettings.defaults(), seed, null, HiddenMap.Settings.defaults().withRestarts(2));
  }

  @Test
  void theRegistryGivesHiddenLaplacesScoresForTheSameSeed() {
    List<EvidenceEstimate> viaRegistry = problem(5).estimate(MrfMethods.parseList("map,bic-map,laplace-exact,bp-lr"));
    HiddenLaplace.Scores direct = HiddenLaplace.score(DATA, new GaussianPrior(1.0),
        HiddenMap.Settings.defaults().withRestarts(2), MrfScoreSettings.defaults().bp(), 5);
    assertThat(viaRegistry.get(0).logEvidence()).isEqualTo(direct.map().logEvidence());
    assertThat(viaRegistry.get(1).logEvidence()).isEqualTo(direct.bicMap().logEvidence());
    assertThat(viaRegistry.get(2).logEvidence()).isEqualTo(direct.laplaceExact().logEvidence());
    assertThat(viaRegistry.get(3).logEvidence()).isEqualTo(direct.bpLr().logEvidence());
    assertThat(viaRegistry.get(2).diagnostics()).containsEntry("hiddenVariables", 1).containsKey("logEquivalentModes");
    assertThat(viaRegistry.get(2).settings()).containsEntry("restarts", 2).containsKey("point");
  }

  @Test
  void methodsThatNeedFullyObservedDataRefuseBeforeAnyWork() {
    for (String name : List.of("bic-ml", "bp-lr-exactgrad", "quadrature", "harmonic1", "dic")) {
      assertThatThrownBy(() -> problem(1).estimate(MrfMethods.parseList(name))).as(name)
          .isInstanceOf(InvalidInputException.class).hasMessageContaining("fully observed")
          .hasMessageContaining("1 hidden variable");
    }
    assertThatThrownBy(() -> MrfMethods.requireHiddenCapable(MrfMethods.parseList("map,bic-ml,dic"), "a hidden unit"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("bic-ml, dic need fully observed data, and the model has a hidden unit; use "
            + "map,bic-map,bp-lr,laplace-exact,ais");
    MrfMethods.requireHiddenCapable(MrfMethods.HIDDEN.all(), "a hidden unit");
  }
}
