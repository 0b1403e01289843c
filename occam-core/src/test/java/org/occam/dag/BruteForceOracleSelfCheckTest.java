package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.BruteForceEvidence.Model;
import org.occam.testing.RandomDagProblems;
import org.occam.testing.RandomDagProblems.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks of the brute-force oracle itself (hand-computed values) and its agreement with the
 * production closed form on complete data, plus agreement of the parameter layouts.
 */
class BruteForceOracleSelfCheckTest {
  private static final int U = BruteForceEvidence.UNKNOWN;

  @Test
  void binaryCountsTwoOneUniformPriorIsOneTwelfth() {
    // Γ(2)/Γ(5) · Γ(3)Γ(2)/(Γ(1)Γ(1)) = (1/24)·2 = 1/12
    Model m = new Model(new int[] {2}, new int[][] {{}}, new double[] {1.0});
    int[][] rows = {{0}, {0}, {1}};
    assertThat(BruteForceEvidence.logEvidence(m, rows, 1)).isCloseTo(Math.log(1.0 / 12), within(1e-13));
  }

  @Test
  void binaryOneEachJeffreysPriorIsOneEighth() {
    // Pólya urn: p(0) = 1/2, p(1 | 0) = 0.5/2 = 1/4
    Model m = new Model(new int[] {2}, new int[][] {{}}, new double[] {0.5});
    assertThat(BruteForceEvidence.logEvidence(m, new int[][] {{0}, {1}}, 1))
        .isCloseTo(Math.log(1.0 / 8), within(1e-13));
  }

  @Test
  void ternaryWithParentByPolyaUrn() {
    // x binary (λ=1), y ternary given x (λ=2). Data (x,y): (0,2) (0,2) (1,0) (0,1).
    // p(x) sequence 0,0,1,0: 1/2 · 2/3 · 1/4 · 3/5 = 1/20
    // y | x=0 sequence 2,2,1 under λ=2 (λ⁰=6): 2/6 · 3/7 · 2/8 = 1/28 ; y | x=1 sequence 0: 1/3
    Model m = new Model(new int[] {2, 3}, new int[][] {{}, {0}}, new double[] {1.0, 2.0});
    int[][] rows = {{0, 2}, {0, 2}, {1, 0}, {0, 1}};
    double expected = Math.log(1.0 / 20) + Math.log(1.0 / 28) + Math.log(1.0 / 3);
    assertThat(BruteForceEvidence.logEvidence(m, rows, 1)).isCloseTo(expected, within(1e-12));
  }

  @Test
  void hiddenParentOfBinaryObservationByHand() {
    // h binary hidden, y binary observed, y <- h, λ = 1.
    Model m = new Model(new int[] {2, 2}, new int[][] {{}, {0}}, new double[] {1.0, 1.0});
    // One datum: p(y) = Σ_h 1/2 · 1/2 = 1/2.
    assertThat(BruteForceEvidence.logEvidence(m, new int[][] {{U, 0}}, 4)).isCloseTo(Math.log(0.5), within(1e-13));
    // Two data y = (0, 0): p(h1 = h2) = 1/3 each, p(h1 ≠ h2) = 1/6 each;
    // p(y | h equal) = 1/3, p(y | h differ) = 1/4; total 2/9 + 1/12 = 11/36.
    assertThat(BruteForceEvidence.logEvidence(m, new int[][] {{U, 0}, {U, 0}}, 4))
        .isCloseTo(Math.log(11.0 / 36), within(1e-13));
    // A missing observation with no children sums to one.
    assertThat(BruteForceEvidence.logEvidence(m, new int[][] {{U, 0}, {U, 0}, {U, U}}, 64))
        .isCloseTo(Math.log(11.0 / 36), within(1e-12));
  }

  @Test
  void likelihoodAndCountsByHand() {
    // h binary hidden with θ_h = (0.3, 0.7); y | h=0 = (0.9, 0.1), y | h=1 = (0.2, 0.8).
    Model m = new Model(new int[] {2, 2}, new int[][] {{}, {0}}, new double[] {1.0, 1.0});
    double[] theta = {0.3, 0.7, 0.9, 0.1, 0.2, 0.8};
    int[][] rows = {{U, 0}, {U, 1}};
    double[] w = {2.0, 0.5};
    double p0 = 0.3 * 0.9 + 0.7 * 0.2; // 0.41
    double p1 = 0.3 * 0.1 + 0.7 * 0.8; // 0.59
    var sums = BruteForceEvidence.rowSums(m, theta, rows, w);
    assertThat(sums.logLikelihood()).isCloseTo(2 * Math.log(p0) + 0.5 * Math.log(p1), within(1e-14));
    double post00 = 0.27 / p0;
    double post10 = 0.03 / p1;
    double[] expected = {
        2 * post00 + 0.5 * post10, 2 * (1 - post00) + 0.5 * (1 - post10),
        2 * post00, 0.5 * post10, 2 * (1 - post00), 0.5 * (1 - post10)};
    assertThat(sums.expectedCounts()).containsExactly(expected, within(1e-14));
  }

  @Test
  void oracleLayoutMatchesStructureLayout() {
    for (long seed = 1; seed <= 30; seed++) {
      Problem pr = RandomDagProblems.random(seed, RandomDagProblems.Spec.tiny(0.2));
      DagStructure s = pr.structure();
      assertThat(pr.model().tableSize()).isEqualTo(s.tableSize());
      assertThat(pr.model().freeParameters()).isEqualTo(s.freeParameters());
      SplittableRandom rnd = new SplittableRandom(seed);
      for (int j = 0; j < s.size(); j++) {
        assertThat(pr.model().offset(j)).isEqualTo(s.offset(j));
        int[] z = new int[s.size()];
        for (int t = 0; t < 5; t++) {
          for (int v = 0; v < z.length; v++) {
            z[v] = rnd.nextInt(s.cardinality(v));
          }
          assertThat(s.flatIndex(j, z)).isEqualTo(pr.model().index(j, z));
        }
      }
    }
  }

  @Test
  void firstParentVariesSlowest() {
    // y (binary) <- a (ternary), b (binary): configurations in order (a,b) = (0,0),(0,1),(1,0),(1,1),(2,0),(2,1)
    List<Variable> vars = List.of(Variable.withCount("a", 3), Variable.withCount("b", 2), Variable.withCount("y", 2));
    DagStructure s = DagStructure.of(vars, new boolean[3], new int[][] {{}, {}, {0, 1}});
    int yOffset = 3 + 2;
    assertThat(s.offset(2)).isEqualTo(yOffset);
    assertThat(s.flatIndex(2, new int[] {2, 0, 1})).isEqualTo(yOffset + 4 * 2 + 1);
    assertThat(s.flatIndex(2, new int[] {0, 1, 0})).isEqualTo(yOffset + 1 * 2);
    assertThat(s.flatIndex(2, new int[] {1, 1, 1})).isEqualTo(yOffset + 3 * 2 + 1);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
  void oracleEqualsProductionExactOnRandomCompleteData(long seed) {
    Problem pr = RandomDagProblems.random(seed, RandomDagProblems.Spec.complete());
    double oracle = pr.exactLogEvidence();
    // independent of the enumeration: the closed form at the data's counts
    double[] counts = BruteForceEvidence.rowSums(pr.model(), ones(pr.model().tableSize()), pr.rows(), null)
        .expectedCounts();
    assertThat(BruteForceEvidence.completeDataLogMarginal(pr.model(), counts)).isCloseTo(oracle, within(1e-10));

    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    assertThat(enumeration.isComplete()).isTrue();
    List<EvidenceEstimate> est = DagScorer.score(enumeration, pr.prior(), List.of(DagMethod.EXACT),
        DagScoreSettings.defaults(), RandomStreams.fromSeed(seed), seed);
    assertThat(est).hasSize(1);
    assertThat(est.get(0).logEvidence()).isCloseTo(oracle, within(1e-9 * (1 + Math.abs(oracle))));
    assertThat((Double) est.get(0).diagnostics().get("uncorrectedLogEvidence"))
        .isCloseTo(oracle, within(1e-9 * (1 + Math.abs(oracle))));
  }

  @Test
  void integerWeightsActLikeRepeatedRowsForExact() {
    List<Variable> vars = List.of(Variable.withCount("x", 2), Variable.withCount("y", 3));
    DagStructure s = DagStructure.of(vars, new boolean[2], new int[][] {{1}, {}});
    int[][] distinct = {{0, 2}, {1, 0}, {1, 2}};
    double[] w = {3, 1, 2};
    int[][] expanded = {{0, 2}, {0, 2}, {0, 2}, {1, 0}, {1, 2}, {1, 2}};
    Model m = new Model(new int[] {2, 3}, new int[][] {{1}, {}}, new double[] {1.5, 1.5});
    double oracle = BruteForceEvidence.logEvidence(m, expanded, 1);
    var enumeration = new HiddenStateEnumeration(s, Dataset.of(vars, distinct, w));
    double exact = DagScorer.score(enumeration, DirichletPrior.uniform(2, 1.5), List.of(DagMethod.EXACT),
        DagScoreSettings.defaults(), RandomStreams.fromSeed(1), 1).get(0).logEvidence();
    assertThat(exact).isCloseTo(oracle, within(1e-10));
  }

  private static double[] ones(int n) {
    double[] a = new double[n];
    java.util.Arrays.fill(a, 1.0);
    return a;
  }
}
