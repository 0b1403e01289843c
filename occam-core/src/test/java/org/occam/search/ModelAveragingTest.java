package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.occam.search.ModelAveraging.Candidate;
import org.occam.search.ModelAveraging.Result;
import org.occam.search.ModelAveraging.Settings;

/** {@link ModelAveraging} on small ranked sets whose posteriors are computed by hand. */
class ModelAveragingTest {
  private static final double TOL = 1e-14;
  private static final double LN2 = Math.log(2);

  private static Candidate c(String name, double score, String... features) {
    return new Candidate(name, score, Set.of(features));
  }

  @Test
  void posteriorIsTheSoftmaxOfTheScores() {
    Result r = ModelAveraging.average(List.of(c("a", 0), c("b", -LN2, "x"), c("c", -2 * LN2, "y")),
        Settings.defaults());
    assertThat(r.structures()).hasSize(3);
    assertThat(r.structures().get(0).posterior()).isCloseTo(4.0 / 7, within(TOL));
    assertThat(r.structures().get(1).posterior()).isCloseTo(2.0 / 7, within(TOL));
    assertThat(r.structures().get(2).posterior()).isCloseTo(1.0 / 7, within(TOL));
    assertThat(r.structures().get(0).logBayesFactor()).isZero();
    assertThat(r.structures().get(1).logBayesFactor()).isCloseTo(-LN2, within(TOL));
    assertThat(r.structures().get(2).logBayesFactor()).isCloseTo(-2 * LN2, within(TOL));
    assertThat(r.structures()).extracting(ModelAveraging.StructurePosterior::rank).containsExactly(1, 2, 3);
    assertThat(r.best()).isZero();
    assertThat(r.logNormaliser()).isCloseTo(Math.log(7.0 / 4), within(TOL));
    // all within ln 20 of the best: the window is everything and changes nothing
    assertThat(r.window()).hasSize(3);
    assertThat(r.windowMass()).isCloseTo(1, within(TOL));
    assertThat(r.structures().get(2).windowPosterior()).isCloseTo(1.0 / 7, within(TOL));
  }

  @Test
  void hugeScoresDoNotOverflow() {
    // −1e6 − ln 2 itself is rounded by ~1e-10 (its ulp), hence the tolerance
    Result r = ModelAveraging.average(List.of(c("a", -1e6 - LN2), c("b", -1e6, "x")), Settings.defaults());
    assertThat(r.structures().get(0).posterior()).isCloseTo(1.0 / 3, within(1e-9));
    assertThat(r.structures().get(1).posterior()).isCloseTo(2.0 / 3, within(1e-9));
    assertThat(r.best()).isEqualTo(1);
    assertThat(r.structures().get(0).logBayesFactor()).isCloseTo(-LN2, within(1e-9));
  }

  @Test
  void occamsWindowKeepsThoseAtLeastOneCthAsProbableAndRenormalises() {
    List<Candidate> cs = List.of(c("best", 0), c("tenth", -Math.log(10), "x"), c("twentieth", -Math.log(20), "y"),
        c("out", -Math.log(21), "x", "y"));
    Result r = ModelAveraging.average(cs, Settings.defaults());
    assertThat(r.window()).extracting(ModelAveraging.StructurePosterior::name)
        .containsExactly("best", "tenth", "twentieth");
    double z = 1 + 0.1 + 0.05;
    assertThat(r.structures().get(0).windowPosterior()).isCloseTo(1 / z, within(TOL));
    assertThat(r.structures().get(1).windowPosterior()).isCloseTo(0.1 / z, within(TOL));
    assertThat(r.structures().get(2).windowPosterior()).isCloseTo(0.05 / z, within(TOL));
    assertThat(r.structures().get(3).windowPosterior()).isZero();
    assertThat(r.structures().get(3).inWindow()).isFalse();
    double all = z + 1 / 21.0;
    assertThat(r.structures().get(3).posterior()).isCloseTo(1 / 21.0 / all, within(TOL));
    assertThat(r.windowMass()).isCloseTo(z / all, within(TOL));
    // features: x in "tenth" and "out"; over the window only "tenth"
    assertThat(r.feature("x").overAll()).isCloseTo((0.1 + 1 / 21.0) / all, within(TOL));
    assertThat(r.feature("x").overWindow()).isCloseTo(0.1 / z, within(TOL));
    assertThat(r.feature("y").overWindow()).isCloseTo(0.05 / z, within(TOL));

    // a narrower window, C = 15, keeps the first two
    Result narrow = ModelAveraging.average(cs, new Settings(StructurePrior.uniform(), 15));
    assertThat(narrow.window()).hasSize(2);
    assertThat(narrow.separability().windowSize()).isEqualTo(2);
  }

  @Test
  void edgeProbabilitiesAreTheMassOfTheStructuresContainingThem() {
    Result r = ModelAveraging.average(
        List.of(c("ab", 0, "a-b"), c("ab+bc", -LN2, "a-b", "b-c"), c("empty", -2 * LN2)), Settings.defaults());
    assertThat(r.feature("a-b").overAll()).isCloseTo(6.0 / 7, within(TOL));
    assertThat(r.feature("b-c").overAll()).isCloseTo(2.0 / 7, within(TOL));
    assertThat(r.feature("a-c").overAll()).isZero();
    assertThat(r.features()).extracting(ModelAveraging.FeatureProbability::feature).containsExactly("a-b", "b-c");
  }

  @Test
  void theEdgePenaltyPriorMultipliesByExpMinusKappaPerEdge() {
    // equal evidence; two edges against none with κ = ln 2: prior odds 1/4
    List<Candidate> cs = List.of(c("two", -10, "a-b", "b-c"), c("none", -10));
    Result r = ModelAveraging.average(cs, new Settings(StructurePrior.edgePenalty(LN2), 20));
    assertThat(r.best()).isEqualTo(1);
    assertThat(r.structures().get(0).posterior()).isCloseTo(1.0 / 5, within(TOL));
    assertThat(r.structures().get(1).posterior()).isCloseTo(4.0 / 5, within(TOL));
    assertThat(r.structures().get(0).logPrior()).isCloseTo(-2 * LN2, within(TOL));
    assertThat(r.structures().get(0).logBayesFactor()).isZero(); // evidence ratio, prior-free
    assertThat(r.structures().get(0).logPosteriorOdds()).isCloseTo(-2 * LN2, within(TOL));
    assertThat(r.feature("a-b").overAll()).isCloseTo(1.0 / 5, within(TOL));
    // the uniform prior gives 1/2 each
    Result u = ModelAveraging.average(cs, Settings.defaults());
    assertThat(u.structures().get(0).posterior()).isCloseTo(0.5, within(TOL));
  }

  @Test
  void failedScoresAreExcludedAndCountedNotPropagated() {
    List<Candidate> cs = List.of(c("nan", Double.NaN, "a-b"), c("a", 0), c("ninf", Double.NEGATIVE_INFINITY, "b-c"),
        c("b", -LN2, "a-b"), c("pinf", Double.POSITIVE_INFINITY));
    Result r = ModelAveraging.average(cs, Settings.defaults());
    assertThat(r.candidates()).isEqualTo(5);
    assertThat(r.excluded()).containsExactly(0, 2, 4);
    assertThat(r.structures()).extracting(ModelAveraging.StructurePosterior::index).containsExactly(1, 3);
    assertThat(r.structure(1).orElseThrow().posterior()).isCloseTo(2.0 / 3, within(TOL));
    assertThat(r.structure(0)).isEmpty();
    assertThat(r.feature("a-b").overAll()).isCloseTo(1.0 / 3, within(TOL));
    assertThat(r.feature("b-c").overAll()).isZero();
    assertThat(r.best()).isEqualTo(1);

    assertThat(ModelAveraging.hasFiniteScore(cs)).isTrue();
    assertThat(ModelAveraging.hasFiniteScore(List.of(c("nan", Double.NaN), c("inf", Double.NEGATIVE_INFINITY))))
        .isFalse();
    assertThatThrownBy(() -> ModelAveraging.average(List.of(c("nan", Double.NaN)), Settings.defaults()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
  }

  @Test
  void aRepeatedStructureCountsOnce() {
    Result r = ModelAveraging.average(List.of(c("chain", 0, "a-b", "b-c"), c("path-2", 0, "b-c", "a-b"), c("e", 0)),
        Settings.defaults());
    assertThat(r.duplicates()).containsEntry(1, 0).hasSize(1);
    assertThat(r.structures()).hasSize(2);
    assertThat(r.structure(0).orElseThrow().posterior()).isCloseTo(0.5, within(TOL));
  }

  @Test
  void separabilitySaysWhenTheTopCannotBeTold() {
    Result close = ModelAveraging.average(List.of(c("a", 0), c("b", -0.5, "x"), c("c", -0.9, "y"), c("d", -2, "z"),
        c("e", -10, "w")), Settings.defaults());
    var s = close.separability();
    assertThat(s.separated()).isFalse();
    assertThat(s.within1Nat()).isEqualTo(2);
    assertThat(s.within3Nats()).isEqualTo(3);
    assertThat(s.windowSize()).isEqualTo(4);
    assertThat(s.runnerUpLogOdds().orElseThrow()).isCloseTo(-0.5, within(TOL));
    assertThat(s.sentence()).contains("cannot separate").contains("2 other(s) within 1 nat");

    Result clear = ModelAveraging.average(List.of(c("a", 0), c("b", -4, "x")), Settings.defaults());
    assertThat(clear.separability().separated()).isTrue();
    assertThat(clear.separability().bestPosterior()).isCloseTo(1 / (1 + Math.exp(-4)), within(TOL));
    assertThat(clear.separability().sentence()).contains("separated").contains("4.00 nats below");

    // no other within 1 nat, but many below: the best's mass is under 1/2
    Result diffuse = ModelAveraging.average(List.of(c("a", 0), c("b", -1.5, "x"), c("c", -1.5, "y"),
        c("d", -1.5, "z"), c("e", -1.5, "w"), c("f", -1.5, "v")), Settings.defaults());
    assertThat(diffuse.separability().within1Nat()).isZero();
    assertThat(diffuse.separability().bestPosterior()).isLessThan(0.5);
    assertThat(diffuse.separability().separated()).isFalse();
  }

  @Test
  void settingsRejectAWindowOfOneOrLess() {
    assertThatThrownBy(() -> new Settings(StructurePrior.uniform(), 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("> 1");
  }
}
