package org.occam.crf.predict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfSettings;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;

class CrfPredictorsTest {
  @Test
  void registryListsTheFiveInThePapersOrder() {
    assertThat(CrfPredictors.names()).isEqualTo("map,g,vote,weighted-vote,super-graph");
    assertThat(CrfPredictors.parseList(" Vote,map,vote").stream().map(CrfPredictor::name)).containsExactly("vote", "map");
    assertThatThrownBy(() -> CrfPredictors.get("bagging")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("known: map,g,vote");
    for (CrfPredictor p : CrfPredictors.all()) {
      assertThat(p.description()).isNotBlank();
    }
  }

  @Test
  void allFiveRunOnTwoFaqLikeDocumentsWithSensibleErrorsAndDiagnostics() {
    UniformRandomProvider rng = RandomStreams.fromSeed(2006);
    CrfData all = PredictionTestData.faqLike(rng, 6, 4, 100);
    CrfData train = all.subset(List.of(0, 1));
    CrfData test = all.subset(List.of(2, 3));
    CrfModel model = new CrfModel(train.labelStates(), train.inputNames(), CrfModel.papers(train.inputNames()), true);
    CrfProblem p = new CrfProblem(model, train, CrfSettings.defaults().withThreads(1), 1);
    for (CrfPredictor m : CrfPredictors.all()) {
      CrfPrediction pr = m.predict(p, test, PredictionSettings.defaults(), 5);
      assertThat(pr.method()).isEqualTo(m.name());
      assertThat(pr.labels()).hasSize(2);
      assertThat(pr.labels().get(0)).hasSize(100);
      double e = pr.errorRate(test);
      assertThat(e).as(m.name()).isBetween(0.0, 1.0);
      if (!m.name().equals("g")) {
        // the inputs say much about the label: these do far better than chance
        assertThat(e).as(m.name()).isLessThan(0.35);
      }
      assertThat(pr.diagnostics()).containsEntry("mapConverged", true);
    }
    CrfPrediction g = CrfPredictors.get("g").predict(p, test, PredictionSettings.defaults(), 5);
    assertThat(g.diagnostics()).containsEntry("gapSequences", 0);
    assertThat((Double) g.diagnostics().get("differsFromMap")).isBetween(0.0, 1.0);
    CrfPrediction sg = CrfPredictors.get("super-graph").predict(p, test, PredictionSettings.defaults(), 5);
    assertThat(sg.diagnostics()).containsEntry("converged", true).containsEntry("samples", 20)
        .containsEntry("equalityCoupling", 1.0 / 19);
    CrfPrediction v = CrfPredictors.get("vote").predict(p, test, PredictionSettings.defaults(), 5);
    assertThat((Double) v.diagnostics().get("unanimousFraction")).isBetween(0.0, 1.0);
  }

  @Test
  void gEqualsMapWithEnoughTrainingDocumentsButNotWithTwo() {
    UniformRandomProvider rng = RandomStreams.fromSeed(2006);
    CrfData all = PredictionTestData.faqLike(rng, 6, 50, 100);
    CrfModel model = new CrfModel(all.labelStates(), all.inputNames(), CrfModel.papers(all.inputNames()), true);
    CrfData test = all.subset(List.of(48, 49));
    CrfProblem two = new CrfProblem(model, all.subset(List.of(0, 1)), CrfSettings.defaults().withThreads(1), 1);
    CrfProblem many = new CrfProblem(model, all.subset(java.util.stream.IntStream.range(0, 48).boxed().toList()),
        CrfSettings.defaults().withThreads(1), 1);
    CrfPrediction g2 = CrfPredictors.get("g").predict(two, test, PredictionSettings.defaults(), 1);
    CrfPrediction g48 = CrfPredictors.get("g").predict(many, test, PredictionSettings.defaults(), 1);
    // the correction ½ mᵀ(C_x + A)⁻¹m grows as L²/(training positions + L): on two documents it
    // dominates and moves most labels, on 48 it is a small term (Σ = O(1/N)) and leaves MAP's
    assertThat((Double) g2.diagnostics().get("differsFromMap")).isGreaterThan(0.3);
    assertThat((Double) g48.diagnostics().get("differsFromMap")).isLessThan(0.02);
    assertThat((Double) g2.diagnostics().get("fullG")).isGreaterThan((Double) g48.diagnostics().get("fullG"));
  }

  @Test
  void untiedModelRefusesLongerTestSequences() {
    CrfProblem p = new CrfProblem(CrfModel.full(List.of("no", "yes"), List.of("g0", "g1")).withTied(false),
        PredictionTestData.randomTest(1, 4, 4), CrfSettings.defaults().withThreads(1), 1);
    CrfData longer = PredictionTestData.randomTest(2, 6);
    assertThatThrownBy(() -> CrfPredictors.get("map").predict(p, longer, PredictionSettings.defaults(), 1))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("untied");
  }
}
