package org.occam.mrf.hidden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.MrfMethods;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The hidden-variable Laplace scores: with nothing hidden they are the fully observed scores of
 * {@link MrfMethods}; on a tree bp-lr is laplace-exact; laplace-exact agrees with AIS on a tiny
 * RBM; the equivalent-mode count of hidden twins.
 */
class HiddenLaplaceTest {
  private static final GaussianPrior PRIOR = GaussianPrior.standard();
  private static final LoopyBeliefPropagation.Settings BP = LoopyBeliefPropagation.Settings.defaults();

  @Test
  void withNothingHiddenTheScoresAreTheFullyObservedOnes() {
    PairwiseGraph g = HiddenTestModels.loopy();
    BoltzmannMachine truth = new BoltzmannMachine(g, HiddenTestModels.randomLambda(11, 1.0, 3));
    HiddenMrfData data = HiddenTestModels.sample(truth, new boolean[5], 300, 12);
    int[][] x = new int[data.distinctRows()][];
    double[] counts = new double[x.length];
    for (int r = 0; r < x.length; r++) {
      x[r] = data.row(r);
      counts[r] = data.count(r);
    }
    MrfData observed = MrfData.ofRows(g, new MrfData.RowTable(List.of("a", "b", "c", "d", "e"), x, counts));
    MrfProblem problem = new MrfProblem(g, observed, MrfScoreSettings.defaults(), 1);
    HiddenLaplace.Scores scores = HiddenLaplace.score(data, PRIOR, HiddenMap.Settings.defaults().withRestarts(2), BP, 4);
    List<EvidenceEstimate> mine = List.of(scores.map(), scores.bicMap(), scores.laplaceExact(), scores.bpLr());
    for (EvidenceEstimate e : mine) {
      EvidenceEstimate today = MrfMethods.get(e.method()).estimate(problem);
      assertThat(e.converged()).as(e.method()).isTrue();
      // measured: at most 2.9e-6 apart (bic-map: L at points 1e-5 apart, where ∇L = λ/σ0² is not 0)
      assertThat(e.logEvidence()).as(e.method()).isCloseTo(today.logEvidence(), within(1e-5));
      assertThat(e.diagnostics().get("logEquivalentModes")).isIn(null, 0.0);
    }
  }

  @Test
  void onATreeBpLrIsLaplaceExact() {
    PairwiseGraph star = new PairwiseGraph(5, new int[][] {{2, 0}, {2, 1}, {2, 3}, {2, 4}});
    BoltzmannMachine truth = new BoltzmannMachine(star, new double[] {-0.3, 0.2, 0.4, -0.6, 0.1, 1.5, -1.2, 1.0, 2.0});
    HiddenMrfData data = HiddenTestModels.sample(truth, HiddenTestModels.hiddenSet(5, 2), 300, 31);
    HiddenLaplace.Scores scores = HiddenLaplace.score(data, PRIOR, HiddenMap.Settings.defaults().withRestarts(3), BP, 2);
    assertThat(scores.laplaceExact().converged()).isTrue();
    assertThat(scores.bpLr().converged()).isTrue();
    assertThat(scores.bpLr().diagnostics().get("positiveDefinite")).isEqualTo(true);
    // BP is exact on a tree: the contrastive Bethe likelihood at its point is the exact one
    assertThat((double) scores.bpLr().diagnostics().get("betheLikelihoodExcess")).isCloseTo(0, within(1e-8));
    // measured: 1.4e-5 apart, log det A at points 1e-6 apart (only the exact one has Newton steps)
    assertThat(scores.bpLr().logEvidence()).isCloseTo(scores.laplaceExact().logEvidence(), within(5e-5));
    // the Laplace correction is what separates laplace-exact from map
    assertThat(scores.laplaceExact().logEvidence()).isNotEqualTo(scores.map().logEvidence());
  }

  /**
   * The ground truth: AIS over the parameters with the clamped sums inside the likelihood, on an
   * RBM of 3 visible units and 1 hidden unit (7 parameters for the 7 degrees of freedom of the
   * visible distribution) at N = 1000, where the posterior is close to Gaussian.
   */
  @Test
  void laplaceExactAgreesWithAisOnATinyRbm() {
    PairwiseGraph g = HiddenTestModels.rbm(3, 1);
    BoltzmannMachine truth = new BoltzmannMachine(g, new double[] {-1, -1, -1, -1, 2.5, 2.5, 2.5});
    HiddenMrfData data = HiddenTestModels.sample(truth, HiddenTestModels.hiddenSet(4, 3), 1000, 7);
    HiddenLaplace.Scores scores = HiddenLaplace.score(data, PRIOR, HiddenMap.Settings.defaults(), BP, 1);
    assertThat(scores.laplaceExact().converged()).isTrue();
    for (long seed = 3; seed <= 4; seed++) {
      EvidenceEstimate ais = new ParameterSpaceAis("ais", new HiddenParameterLikelihood(data),
          MrfAnnealedImportanceSampling.defaultSettings().withSteps(3000).withRuns(20)).estimate(seed, 1);
      double se = ais.stdError().orElseThrow();
      // measured (seed 3): laplace-exact 0.006 nats from AIS, whose standard error was 0.10
      assertThat(se).isLessThan(0.2);
      assertThat(scores.laplaceExact().logEvidence()).isCloseTo(ais.logEvidence(), within(3 * se));
    }
  }

  @Test
  void hiddenTwinsAreTheHiddenUnitsWithTheSameNeighbours() {
    PairwiseGraph rbm = HiddenTestModels.rbm(3, 3);
    assertThat(HiddenLaplace.hiddenTwinClasses(rbm, HiddenTestModels.hiddenSet(6, 3, 4, 5)))
        .containsExactly(new int[] {3, 4, 5});
    // visible units are never relabelled, even when they are twins
    assertThat(HiddenLaplace.hiddenTwinClasses(rbm, HiddenTestModels.hiddenSet(6, 3))).isEmpty();
    // in the loopy graph 1 and 3 differ (1 is not joined to 3's neighbour 4)
    assertThat(HiddenLaplace.hiddenTwinClasses(HiddenTestModels.loopy(), HiddenTestModels.hiddenSet(5, 1, 3))).isEmpty();
    // adjacent twins: the triangle 0-1-2 with 1 and 2 both joined to 3
    PairwiseGraph g = new PairwiseGraph(4, new int[][] {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}});
    assertThat(HiddenLaplace.hiddenTwinClasses(g, HiddenTestModels.hiddenSet(4, 1, 2))).containsExactly(new int[] {1, 2});
  }

  @Test
  void distinctTwinsMakeKFactorialModesAndIdenticalOnesOne() {
    PairwiseGraph rbm = HiddenTestModels.rbm(2, 3);
    boolean[] hidden = HiddenTestModels.hiddenSet(5, 2, 3, 4);
    int f = 5 + 6;
    DMatrixRMaj a = new DMatrixRMaj(f, f);
    for (int k = 0; k < f; k++) {
      a.set(k, k, 100);
    }
    // edges in order (0,2) (0,3) (0,4) (1,2) (1,3) (1,4); three distinct hidden units
    double[] distinct = {0.1, 0.2, -1, 0, 1, 2, -2, 0.5, 1.5, -0.5, 0.3};
    assertThat(HiddenLaplace.logEquivalentModes(rbm, hidden, distinct, a)).isCloseTo(Math.log(6), within(1e-12));
    // units 3 and 4 equal: 3!/2! = 3 modes
    double[] twoEqual = {0.1, 0.2, -1, 1, 1, 2, 1.5, 1.5, -2, -0.5, -0.5};
    assertThat(HiddenLaplace.logEquivalentModes(rbm, hidden, twoEqual, a)).isCloseTo(Math.log(3), within(1e-12));
    // all three equal: one mode
    double[] allEqual = {0.1, 0.2, 1, 1, 1, 2, 2, 2, 1.5, 1.5, 1.5};
    assertThat(HiddenLaplace.logEquivalentModes(rbm, hidden, allEqual, a)).isCloseTo(0, within(1e-12));
    // units 3 and 4 differ by 0.1 in one weight: ½ dᵀAd = ½·100·2·0.05² = 0.25 < log 2, so one unit
    // (edges in order (0,2) (0,3) (0,4) (1,2) (1,3) (1,4))
    double[] close = {0.1, 0.2, -1, 1, 1, 2, 1.5, 1.6, -2, -0.5, -0.5};
    assertThat(HiddenLaplace.logEquivalentModes(rbm, hidden, close, a)).isCloseTo(Math.log(3), within(1e-12));
  }
}
