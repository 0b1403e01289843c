package org.occam.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.dag.AncestralSampler;
import org.occam.dag.CompleteDataEvidence;
import org.occam.dag.methods.DagMethods;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.DirichletPrior;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;

/**
 * The latent class order: one state is the independence model, VB recovers the true number of
 * states at n = 5,000, and BIC under-fits at small n.
 */
class LatentClassOrdersTest {
  /** Observed variables' state counts of the test models. */
  private static final int[] CARDINALITIES = {4, 4, 4, 3, 3, 2};

  private static List<Variable> observed() {
    List<Variable> vars = new ArrayList<>();
    for (int j = 0; j < CARDINALITIES.length; j++) {
      vars.add(Variable.withCount("y" + (j + 1), CARDINALITIES[j]));
    }
    return vars;
  }

  /**
   * A latent class model with {@code classes} equally likely classes: class c gives observed
   * variable j its state (c + j) mod |y_j| with probability {@code sharpness}, the rest spread evenly.
   */
  static double[] parameters(DagStructure s, int classes, double sharpness) {
    double[] theta = new double[s.tableSize()];
    for (int c = 0; c < classes; c++) {
      theta[s.offset(0) + c] = 1.0 / classes;
    }
    for (int j = 1; j < s.size(); j++) {
      int k = s.cardinality(j);
      for (int c = 0; c < classes; c++) {
        int favoured = (c + j - 1) % k;
        for (int x = 0; x < k; x++) {
          theta[s.offset(j) + c * k + x] = x == favoured ? sharpness : (1 - sharpness) / (k - 1);
        }
      }
    }
    return theta;
  }

  static Dataset sample(int classes, double sharpness, int rows, long seed) {
    DagStructure s = LatentClassOrders.structure(observed(), 1, classes);
    int[][] y = AncestralSampler.sampleObserved(s, parameters(s, classes, sharpness), rows,
        RandomStreams.fromSeed(seed));
    return Dataset.of(observed(), y);
  }

  /** Two restarts (Beal uses three) keep the tests fast; the curves below are far apart anyway. */
  private static final DagScoreSettings SETTINGS = new DagScoreSettings(2,
      DagScoreSettings.DEFAULT_MAX_ITERATIONS, DagScoreSettings.DEFAULT_TOLERANCE_PER_DATUM,
      org.occam.dag.HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT, null);

  @Test
  void oneHiddenStateIsTheIndependenceModel() {
    Dataset d = sample(3, 0.7, 300, 7);
    var lc = new LatentClassOrders(d, 1.0, DagMethods.parseList("vb,cs,bic,map"),
        SETTINGS, 7);
    List<EvidenceEstimate> one = lc.score(1);
    List<Variable> vars = d.variables();
    DagStructure independent = DagStructure.of(vars, new boolean[vars.size()], new int[vars.size()][0]);
    var compiled = new org.occam.dag.HiddenStateEnumeration(independent, d);
    double exact = CompleteDataEvidence.logEvidence(independent, DirichletPrior.uniform(vars.size(), 1.0),
        compiled.completeCounts());
    // the hidden variable has no free parameter and no alias: VB's bound and CS are exact
    assertThat(one.get(0).logEvidence()).isCloseTo(exact, within(1e-6));
    assertThat(one.get(1).logEvidence()).isCloseTo(exact, within(1e-6));
    int freeParameters = java.util.Arrays.stream(CARDINALITIES).map(k -> k - 1).sum();
    assertThat(one.get(0).diagnostics().get("freeParameters")).isEqualTo(freeParameters);
    assertThat(one.get(0).diagnostics().get("aliasCount").toString()).isEqualTo("1");
    // BIC = the maximised log-likelihood of the independence model − (d/2) ln n
    double logLikelihood = 0;
    double[] counts = compiled.completeCounts();
    for (int j = 0; j < vars.size(); j++) {
      int k = vars.get(j).cardinality();
      for (int x = 0; x < k; x++) {
        double c = counts[independent.offset(j) + x];
        logLikelihood += c == 0 ? 0 : c * Math.log(c / d.size());
      }
    }
    assertThat(one.get(2).logEvidence()).isCloseTo(logLikelihood - 0.5 * freeParameters * Math.log(d.size()),
        within(1e-3));
    // two states add 1 + Σ_j (|y_j| − 1) parameters and the alias correction ln 2!
    var two = lc.score(2).get(0);
    assertThat(two.diagnostics().get("freeParameters")).isEqualTo(2 * freeParameters + 1);
    assertThat(two.logEvidence() - (double) two.diagnostics().get("uncorrectedLogEvidence"))
        .isCloseTo(Math.log(2), within(1e-12));
  }

  @Test
  void theScoresOfAnOrderDoNotDependOnTheRangeOrTheThreads() {
    Dataset d = sample(2, 0.7, 200, 3);
    var lc = new LatentClassOrders(d, 1.0, DagMethods.parseList("vb,bic"), SETTINGS, 5);
    var wide = lc.selection(2).run(new int[] {1, 2, 3, 4});
    var narrow = lc.selection(1).run(new int[] {3, 4});
    assertThat(narrow.curve("vb")).containsExactly(java.util.Arrays.copyOfRange(wide.curve("vb"), 2, 4));
    assertThat(narrow.curve("bic")).containsExactly(java.util.Arrays.copyOfRange(wide.curve("bic"), 2, 4));
    var extended = lc.selection(2).extend(lc.selection(1).run(new int[] {1, 2}), new int[] {3, 4});
    assertThat(extended.curve("vb")).containsExactly(wide.curve("vb"));
    assertThat(extended.choices()).isEqualTo(wide.choices());
  }

  @Test
  void hiddenNamesAvoidTheObservedOnes() {
    List<Variable> observed = List.of(Variable.withCount("h", 2), Variable.withCount("h1", 2));
    assertThat(LatentClassOrders.structure(observed, 1, 3).name(0)).isEqualTo("h_");
    DagStructure two = LatentClassOrders.structure(observed, 2, 3);
    assertThat(two.name(0)).isEqualTo("h1_");
    assertThat(two.name(1)).isEqualTo("h2");
    assertThat(two.parents(2)).containsExactly(0, 1);
    assertThat(two.hiddenVariables()).containsExactly(0, 1);
  }

  /**
   * VB recovers the true number of states, 2, 3 or 4, at n = 5,000 over the range 1..6, on seeds
   * 201–205 that were not used to design the test (it picked the truth on all 15 data sets of
   * seeds 1–5 while the test was written; the assertion allows one miss in five).
   */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(ints = {2, 3, 4})
  void vbRecoversTheTrueNumberOfStatesAtFiveThousandRows(int classes) {
    int hits = 0;
    List<Integer> chosen = new ArrayList<>();
    for (long seed = 201; seed <= 205; seed++) {
      Dataset d = sample(classes, 0.7, 5000, seed);
      var r = new LatentClassOrders(d, 1.0, DagMethods.parseList("vb"), SETTINGS, seed).selection(2)
          .run(new int[] {1, 2, 3, 4, 5, 6});
      int best = r.choice("vb").best().getAsInt();
      chosen.add(best);
      hits += best == classes ? 1 : 0;
      assertThat(r.choice("vb").atEdge()).isFalse();
    }
    assertThat(hits).as("VB's choices %s for %d true states", chosen, classes).isGreaterThanOrEqualTo(4);
  }

  /**
   * BIC under-fits at small n (Beal 2003, section 6.5; Figure 6.2): on 100 rows of a model with 3
   * weakly separated states (sharpness 0.6), BIC picks fewer states than the truth and fewer than
   * VB on every one of five seeds (when the test was written, on seeds 101–110, BIC picked 1 state
   * eight times and 2 twice; VB 2 to 4 states).
   */
  @Test
  void bicUnderFitsAtSmallN() {
    List<String> chosen = new ArrayList<>();
    for (long seed = 101; seed <= 105; seed++) {
      Dataset d = sample(3, 0.6, 100, seed);
      var r = new LatentClassOrders(d, 1.0, DagMethods.parseList("vb,bic"), SETTINGS, seed).selection(2)
          .run(new int[] {1, 2, 3, 4, 5, 6});
      int vb = r.choice("vb").best().getAsInt();
      int bic = r.choice("bic").best().getAsInt();
      chosen.add(vb + "/" + bic);
      assertThat(bic).as("vb/bic per seed %s", chosen).isLessThan(3).isLessThan(vb);
    }
  }
}
