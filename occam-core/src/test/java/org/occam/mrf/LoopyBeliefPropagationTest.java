package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.occam.mrf.MrfTestModels.maxAbsDifference;

import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.mrf.LoopyBeliefPropagation.Schedule;
import org.occam.mrf.LoopyBeliefPropagation.Settings;

class LoopyBeliefPropagationTest {
  static Stream<Arguments> forests() {
    return Stream.of(
        Arguments.of("chain", MrfTestModels.chain(6)),
        Arguments.of("star", MrfTestModels.star(6)),
        Arguments.of("random tree", MrfTestModels.randomTree(10, 5)),
        Arguments.of("forest of two trees", MrfTestModels.forest()),
        Arguments.of("single vertex", MrfTestModels.singleVertex()));
  }

  @Test
  void settingsPrintLikeLibDai() {
    assertThat(Settings.defaults()).hasToString("BP[updates=SEQUENTIAL,damping=0.5,tol=1e-10,maxIter=1000]");
    assertThat(Settings.defaults().withSchedule(Schedule.PARALLEL).withDamping(0).withTolerance(1e-3).withMaxIterations(7))
        .hasToString("BP[updates=PARALLEL,damping=0,tol=0.001,maxIter=7]");
  }

  @Test
  void settingsRejectValuesOutsideTheirRange() {
    assertThatThrownBy(() -> Settings.defaults().withDamping(1)).hasMessageContaining("damping");
    assertThatThrownBy(() -> Settings.defaults().withDamping(-0.1)).hasMessageContaining("damping");
    assertThatThrownBy(() -> Settings.defaults().withTolerance(0)).hasMessageContaining("tolerance");
    assertThatThrownBy(() -> Settings.defaults().withMaxIterations(0)).hasMessageContaining("iteration");
    assertThatThrownBy(() -> Settings.defaults().withSchedule(null)).hasMessageContaining("schedule");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forests")
  void isExactOnForests(String name, PairwiseGraph g) {
    BoltzmannMachine m = MrfTestModels.random(g, 17, 1.5, 2.0);
    ExactEnumeration exact = ExactEnumeration.run(m, false);
    double[] truth = exact.featureMeans();
    int v = g.vertexCount();
    for (Schedule schedule : Schedule.values()) {
      for (double damping : new double[] {0, 0.5}) {
        Settings s = Settings.defaults().withSchedule(schedule).withDamping(damping);
        BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, s);
        assertThat(bp.converged()).as("%s converged", s).isTrue();
        assertThat(bp.maxMessageChange()).isLessThan(s.tolerance());
        assertThat(maxAbsDifference(bp.featureMeans(), truth)).as("%s: max |E_BP[f] − E[f]|", s).isLessThan(1e-8);
        assertThat(bp.logZ()).as("%s: log Z_Bethe", s).isCloseTo(exact.logZ(), within(1e-8));
        for (int e = 0; e < g.edgeCount(); e++) {
          double qi = truth[g.edgeFrom(e)];
          double qj = truth[g.edgeTo(e)];
          double xi = truth[v + e];
          assertThat(bp.edgeBelief(e, 1, 1)).isCloseTo(xi, within(1e-8));
          assertThat(bp.edgeBelief(e, 1, 0)).isCloseTo(qi - xi, within(1e-8));
          assertThat(bp.edgeBelief(e, 0, 1)).isCloseTo(qj - xi, within(1e-8));
          assertThat(bp.edgeBelief(e, 0, 0)).isCloseTo(1 - qi - qj + xi, within(1e-8));
        }
      }
    }
  }

  /**
   * Weak couplings (|w| ≤ 0.2, |θ| ≤ 0.5), 20 models per graph. Observed worst errors: 3×3 grid
   * 2.2e−5 (means) and 2.9e−6 (log Z); K5 1.1e−3 and 1.5e−4.
   */
  @Test
  void isCloseToExactOnWeaklyCoupledLoopyGraphs() {
    for (PairwiseGraph g : new PairwiseGraph[] {PairwiseGraph.grid(3, 3), PairwiseGraph.complete(5)}) {
      for (long seed = 0; seed < 20; seed++) {
        BoltzmannMachine m = MrfTestModels.random(g, seed, 0.5, 0.2);
        ExactEnumeration exact = ExactEnumeration.run(m, false);
        BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, Settings.defaults());
        assertThat(bp.converged()).isTrue();
        assertThat(maxAbsDifference(bp.featureMeans(), exact.featureMeans())).as("means, %s seed %d", g, seed)
            .isLessThan(5e-3);
        assertThat(bp.logZ()).as("log Z, %s seed %d", g, seed).isCloseTo(exact.logZ(), within(1e-3));
        assertThat(bp.logZ()).isNotCloseTo(exact.logZ(), within(1e-9)); // a loopy graph: not exact
      }
    }
  }

  @Test
  void bothSchedulesReachTheSameFixedPoint() {
    BoltzmannMachine m = MrfTestModels.random(PairwiseGraph.grid(4, 4), 3, 1.0, 1.0);
    Settings tight = Settings.defaults().withTolerance(1e-13);
    BeliefPropagationResult seq = LoopyBeliefPropagation.run(m, tight);
    BeliefPropagationResult par = LoopyBeliefPropagation.run(m, tight.withSchedule(Schedule.PARALLEL));
    assertThat(seq.converged()).isTrue();
    assertThat(par.converged()).isTrue();
    assertThat(maxAbsDifference(seq.featureMeans(), par.featureMeans())).isLessThan(1e-11);
    assertThat(seq.logZ()).isCloseTo(par.logZ(), within(1e-11));
  }

  /** Strong antiferromagnetic spin couplings on K4 (frustrated), undamped parallel updates: BP oscillates. */
  @Test
  void nonConvergenceIsReportedNotThrown() {
    PairwiseGraph g = MrfTestModels.k4();
    double[] couplings = new double[g.edgeCount()];
    Arrays.fill(couplings, -2.0);
    BoltzmannMachine m = BoltzmannMachine.fromSpins(g, new double[] {-0.1, 0, 0.1, -0.1}, couplings);
    Settings s = Settings.defaults().withSchedule(Schedule.PARALLEL).withDamping(0).withMaxIterations(200);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, s);
    assertThat(bp.converged()).isFalse();
    assertThat(bp.iterations()).isEqualTo(200);
    assertThat(bp.maxMessageChange()).isGreaterThan(1.0);
    assertThat(bp.logZ()).isFinite();
    assertThat(Arrays.stream(bp.featureMeans())).allSatisfy(x -> assertThat(x).isBetween(0.0, 1.0));
    assertThat(bp.toString()).contains("converged=false");
  }

  /**
   * d log Z_Bethe / dλ = the BP beliefs at a fixed point (the stationarity of F_Bethe), checked by
   * central differences on a loopy graph with moderate couplings; this is what BP gradients rely on.
   */
  @Test
  void derivativeOfBetheLogZIsTheBeliefs() {
    BoltzmannMachine m = MrfTestModels.random(PairwiseGraph.grid(3, 3), 23, 0.5, 1.0);
    LoopyBeliefPropagation engine = new LoopyBeliefPropagation(Settings.defaults().withTolerance(1e-13));
    BeliefPropagationResult at = engine.run(m);
    assertThat(at.converged()).isTrue();
    double[] means = at.featureMeans();
    double[] lambda = m.parameters();
    double h = 1e-5;
    double worst = 0;
    for (int a = 0; a < lambda.length; a++) {
      double[] up = lambda.clone();
      double[] down = lambda.clone();
      up[a] += h;
      down[a] -= h;
      BeliefPropagationResult bu = engine.run(m.withParameters(up));
      BeliefPropagationResult bd = engine.run(m.withParameters(down));
      assertThat(bu.converged()).isTrue();
      assertThat(bd.converged()).isTrue();
      double derivative = (bu.logZ() - bd.logZ()) / (2 * h);
      worst = Math.max(worst, Math.abs(derivative - means[a]));
      assertThat(derivative).as("d log Z_Bethe / dλ_%d", a).isCloseTo(means[a], within(1e-8));
    }
    assertThat(worst).isLessThan(1e-8);
  }

  @Test
  void logZIsTheBetheFreeEnergyOfItsBeliefs() {
    BoltzmannMachine m = MrfTestModels.random(PairwiseGraph.complete(5), 8, 1.0, 0.5);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, Settings.defaults());
    assertThat(bp.logZ()).isCloseTo(BetheFreeEnergy.logZ(m, bp.featureMeans()), within(1e-10));
  }

  @Test
  void warmStartReusesTheMessagesOnTheSameGraph() {
    PairwiseGraph g = PairwiseGraph.grid(5, 5);
    BoltzmannMachine m = MrfTestModels.random(g, 4, 0.5, 0.8);
    LoopyBeliefPropagation engine = new LoopyBeliefPropagation(Settings.defaults());
    BeliefPropagationResult cold = engine.run(m);
    assertThat(cold.converged()).isTrue();
    assertThat(engine.run(m).iterations()).as("rerun at the fixed point").isEqualTo(1);

    double[] lambda = m.parameters();
    lambda[3] += 1e-3;
    BoltzmannMachine nearby = m.withParameters(lambda);
    BeliefPropagationResult warm = engine.run(nearby);
    BeliefPropagationResult fresh = LoopyBeliefPropagation.run(nearby, Settings.defaults());
    assertThat(warm.converged()).isTrue();
    assertThat(warm.iterations()).isLessThan(fresh.iterations());
    assertThat(maxAbsDifference(warm.featureMeans(), fresh.featureMeans())).isLessThan(1e-9);

    // Another graph: the engine starts afresh, exactly as a new engine would.
    BoltzmannMachine other = MrfTestModels.random(PairwiseGraph.grid(3, 4), 4, 0.5, 0.8);
    BeliefPropagationResult switched = engine.run(other);
    BeliefPropagationResult reference = LoopyBeliefPropagation.run(other, Settings.defaults());
    assertThat(switched.iterations()).isEqualTo(reference.iterations());
    assertThat(switched.featureMeans()).containsExactly(reference.featureMeans());

    engine.reset();
    assertThat(engine.run(m).iterations()).isEqualTo(cold.iterations());
  }

  /** Beliefs within 1e−20 of 0 or 1: the log-domain entropies meet no 0·log 0 and log Z stays exact. */
  @Test
  void nearlyDeterministicBeliefsOnATree() {
    PairwiseGraph g = MrfTestModels.chain(5);
    BoltzmannMachine m = new BoltzmannMachine(g, new double[] {40, -45, 50, -40, 42, 60, -55, 70, 48});
    ExactEnumeration exact = ExactEnumeration.run(m, false);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, Settings.defaults());
    assertThat(bp.converged()).isTrue();
    assertThat(bp.logZ()).isFinite().isCloseTo(exact.logZ(), within(1e-8));
    assertThat(maxAbsDifference(bp.featureMeans(), exact.featureMeans())).isLessThan(1e-12);
    assertThat(BetheFreeEnergy.logZ(m, bp.featureMeans())).isCloseTo(exact.logZ(), within(1e-8));
  }

  /** The size the Laplace scores run at: 400 variables, 760 edges, weak couplings. */
  @Test
  void twentyByTwentyGridConverges() {
    BoltzmannMachine m = MrfTestModels.random(PairwiseGraph.grid(20, 20), 1, 0.5, 0.2);
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(m, Settings.defaults());
    assertThat(bp.converged()).isTrue();
    assertThat(bp.iterations()).isLessThan(100);
    assertThat(bp.featureMeans()).hasSize(1160);
  }

  /**
   * The one-exp message form equals the difference of softplus that defines it, within that
   * difference's own rounding (eps times the size of its terms), over cavities and weights from
   * tiny to overflowing, and is exact where the answer is known.
   */
  @Test
  void theOneExpMessageEqualsTheDifferenceOfSoftplus() {
    double[] cs = {-800, -40, -5, -1, -1e-3, 0, 1e-3, 0.7, 3, 12, 40, 800};
    double[] ws = {-700, -40, -30, -5, -1, -0.1, -1e-8, 0, 1e-8, 0.1, 1, 5, 29.9, 30, 40, 700};
    for (double c : cs) {
      for (double w : ws) {
        double old = org.occam.math.Logistic.softplus(c + w) - org.occam.math.Logistic.softplus(c);
        double now = LoopyBeliefPropagation.message(c, w, Math.expm1(w));
        double scale = 1 + Math.abs(c) + Math.abs(w);
        assertThat(now).as("c = %s, w = %s", c, w).isCloseTo(old, org.assertj.core.api.Assertions.within(4e-16 * scale
            + 1e-15 * Math.abs(old)));
      }
    }
    // log((1 + e^w) / 2) at c = 0; w = ln 3 gives ln 2
    assertThat(LoopyBeliefPropagation.message(0, Math.log(3), Math.expm1(Math.log(3))))
        .isCloseTo(Math.log(2), org.assertj.core.api.Assertions.within(2e-16));
    // a tiny weight on a large cavity: σ(c)·w, where the difference of softplus keeps only 8 digits
    double m = LoopyBeliefPropagation.message(40, 1e-8, Math.expm1(1e-8));
    assertThat(m).isCloseTo(1e-8 / (1 + Math.exp(-40)), org.assertj.core.api.Assertions.within(1e-23));
  }
  /**
   * The ratio form (sweeps without an exp or log, damping 0 or 1/2) follows the log form message for
   * message: after 30 fixed sweeps on loopy graphs and trees, weak to nearly deterministic, both
   * schedules, both dampings, the beliefs agree to 1e−12, log Z to 1e−12 of its size and the last
   * residual to 1e−12 of its size (1e−14 absolute); run to convergence, both stop within a sweep of
   * each other. Beyond the ratio form's range (|θ| + Σ|w| above 600) the log form runs and is exact on
   * a tree.
   */
  @Test
  void theRatioFormFollowsTheLogForm() {
    PairwiseGraph[] graphs = {PairwiseGraph.grid(5, 5), PairwiseGraph.complete(6), MrfTestModels.randomTree(12, 3),
        MrfTestModels.chain(7)};
    double[][] scales = {{0.5, 0.3}, {2, 1}, {5, 3}, {60, 40}};
    long seed = 8100;
    for (PairwiseGraph g : graphs) {
      for (double[] scale : scales) {
        BoltzmannMachine m = MrfTestModels.random(g, seed++, scale[0], scale[1]);
        for (Schedule schedule : Schedule.values()) {
          for (double damping : new double[] {0, 0.5}) {
            Settings fixed = Settings.defaults().withSchedule(schedule).withDamping(damping)
                .withTolerance(Double.MIN_VALUE).withMaxIterations(30);
            String what = g.vertexCount() + " vertices, scales " + Arrays.toString(scale) + ", " + fixed;
            BeliefPropagationResult ratios = new LoopyBeliefPropagation(fixed).run(m);
            BeliefPropagationResult logs = new LoopyBeliefPropagation(fixed, false).run(m);
            assertThat(maxAbsDifference(ratios.featureMeans(), logs.featureMeans())).as(what).isLessThan(1e-12);
            assertThat(ratios.logZ()).as(what).isCloseTo(logs.logZ(), within(1e-12 * Math.max(1, Math.abs(logs.logZ()))));
            assertThat(ratios.maxMessageChange()).as(what)
                .isCloseTo(logs.maxMessageChange(), within(1e-14 + 1e-12 * logs.maxMessageChange()));

            Settings converging = Settings.defaults().withSchedule(schedule).withDamping(damping);
            BeliefPropagationResult a = new LoopyBeliefPropagation(converging).run(m);
            BeliefPropagationResult b = new LoopyBeliefPropagation(converging, false).run(m);
            assertThat(a.converged()).as(what).isEqualTo(b.converged());
            assertThat(Math.abs(a.iterations() - b.iterations())).as(what).isLessThanOrEqualTo(1);
          }
        }
      }
    }
    PairwiseGraph chain = MrfTestModels.chain(4);
    BoltzmannMachine beyond = new BoltzmannMachine(chain, new double[] {650, -640, 30, -20, 45, -50, 35});
    BeliefPropagationResult bp = LoopyBeliefPropagation.run(beyond, Settings.defaults());
    ExactEnumeration exact = ExactEnumeration.run(beyond, false);
    assertThat(bp.converged()).isTrue();
    assertThat(bp.logZ()).isCloseTo(exact.logZ(), within(1e-12 * Math.abs(exact.logZ())));
    assertThat(maxAbsDifference(bp.featureMeans(), exact.featureMeans())).isLessThan(1e-12);
  }
}
