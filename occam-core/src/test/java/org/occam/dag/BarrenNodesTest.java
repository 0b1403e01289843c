package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.data.Variable;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.RandomDagProblems;

/**
 * Issue 16, point 5: the exact evidence drops each row's barren variables (unobserved, no observed
 * descendant in the row). Checked against the brute-force sum over every completion of every
 * unobserved cell ({@link BruteForceEvidence}, which drops nothing), and against the closed form of
 * the observed cells when every missing cell is a leaf.
 */
class BarrenNodesTest {
  private static final double LIMIT = 1e9;
  private static final long BRUTE_TERMS = 1L << 18;

  /** A structure for {@link #problem}: variables, hidden flags and parent lists. */
  private record Shape(String label, List<Variable> vars, boolean[] hidden, int[][] parents) {}

  /** Naive Bayes: observed class c (3 states) over 4 leaves. */
  private static Shape naiveBayes() {
    return new Shape("naive Bayes", List.of(Variable.withCount("c", 3), Variable.withCount("y1", 2),
        Variable.withCount("y2", 3), Variable.withCount("y3", 2), Variable.withCount("y4", 2)),
        new boolean[5], new int[][] {{}, {0}, {0}, {0}, {0}});
  }

  /** The chain a -> b -> c. */
  private static Shape chain() {
    return new Shape("chain", List.of(Variable.withCount("a", 2), Variable.withCount("b", 3), Variable.withCount("c", 2)),
        new boolean[3], new int[][] {{}, {0}, {1}});
  }

  /**
   * A hidden parent h of y1, y2, y3; y3 also a child of y1; a hidden g below y2 with an observed
   * child y4 (so g is barren exactly where y4 is missing) and a hidden leaf k below y4 (always barren).
   */
  private static Shape hiddenParent() {
    return new Shape("hidden parent", List.of(Variable.withCount("h", 2), Variable.withCount("y1", 2),
        Variable.withCount("y2", 3), Variable.withCount("y3", 2), Variable.withCount("g", 2),
        Variable.withCount("y4", 2), Variable.withCount("k", 2)),
        new boolean[] {true, false, false, false, true, false, true},
        new int[][] {{}, {0}, {0}, {1, 0}, {2}, {4}, {5}});
  }

  /**
   * Rows sampled from random parameters along the variables' order (parents first in these
   * shapes), each observed cell missing with probability {@code missing}; a row that would push
   * the brute force past its limit is kept complete.
   */
  private static RandomDagProblems.Problem problem(Shape shape, long seed, int rows, double missing) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int p = shape.vars().size();
    int[] card = shape.vars().stream().mapToInt(Variable::cardinality).toArray();
    double[] lam = new double[p];
    double lambda = new double[] {0.5, 1.0, 2.0}[rnd.nextInt(3)];
    Arrays.fill(lam, lambda);
    var model = new BruteForceEvidence.Model(card, shape.parents(), lam);
    double[] theta = RandomDagProblems.randomTheta(model, rnd, 0.02);
    int[] topo = java.util.stream.IntStream.range(0, p).toArray();
    List<int[]> out = new ArrayList<>();
    long terms = 1;
    for (int i = 0; i < rows; i++) {
      int[] z = RandomDagProblems.sample(model, topo, theta, rnd);
      int[] row = z.clone();
      for (int j = 0; j < p; j++) {
        if (shape.hidden()[j] || rnd.nextDouble() < missing) {
          row[j] = BruteForceEvidence.UNKNOWN;
        }
      }
      long t = BruteForceEvidence.jointCompletions(model, new int[][] {row});
      if (terms * t > BRUTE_TERMS) {
        for (int j = 0; j < p; j++) {
          row[j] = shape.hidden()[j] ? BruteForceEvidence.UNKNOWN : z[j];
        }
        t = BruteForceEvidence.jointCompletions(model, new int[][] {row});
        if (terms * t > BRUTE_TERMS) {
          break;
        }
      }
      terms *= t;
      out.add(row);
    }
    return RandomDagProblems.of(shape.vars(), shape.hidden(), shape.parents(), out.toArray(new int[0][]), null,
        lambda, null);
  }

  /** The term count of the sum without the reduction, from the full compilation's patterns. */
  private static double fullTermCount(HiddenStateEnumeration full) {
    double logTerms = 0;
    for (var pat : full.patterns()) {
      for (double n : pat.rowCount) {
        logTerms += org.apache.commons.numbers.gamma.LogGamma.value(n + pat.configurations)
            - org.apache.commons.numbers.gamma.LogGamma.value(n + 1)
            - org.apache.commons.numbers.gamma.LogGamma.value(pat.configurations);
      }
    }
    return Math.rint(Math.exp(logTerms));
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void equalsTheFullSumOnSmallDagsWithMissingCells(long seed) {
    int reduced = 0;
    for (Shape shape : List.of(naiveBayes(), chain(), hiddenParent())) {
      var p = problem(shape, seed * 31 + shape.label().length(), shape.hidden()[0] ? 5 : 7, 0.35);
      var full = new HiddenStateEnumeration(p.structure(), p.data());
      double brute = BruteForceEvidence.logEvidence(p.model(), p.rows(), BRUTE_TERMS);
      double exact = ExactEvidence.logEvidence(full, p.prior(), LIMIT);
      assertThat(exact).as(shape.label() + ", seed " + seed).isCloseTo(brute, Offset.offset(1e-10 * (1 + Math.abs(brute))));
      // Given an already reduced compilation, the same.
      var without = HiddenStateEnumeration.withoutBarrenNodes(p.structure(), p.data(),
          HiddenStateEnumeration.DEFAULT_CONFIGURATION_LIMIT);
      assertThat(ExactEvidence.logEvidence(without, p.prior(), LIMIT)).isEqualTo(exact);
      double terms = ExactEvidence.termCount(full);
      assertThat(terms).isLessThanOrEqualTo(fullTermCount(full));
      if (terms < fullTermCount(full)) {
        reduced++;
      }
    }
    // The hidden leaf k is barren in every row, so the reduction always bites there at least.
    assertThat(reduced).isPositive();
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
  void equalsTheBruteForceSumOnRandomDags(long seed) {
    var spec = new RandomDagProblems.Spec(0, 2, 2, 4, 0.3, false, 8, 1L << 16);
    var p = RandomDagProblems.random(seed, spec);
    var full = new HiddenStateEnumeration(p.structure(), p.data());
    double brute = p.exactLogEvidence();
    assertThat(ExactEvidence.logEvidence(full, p.prior(), LIMIT)).isCloseTo(brute,
        Offset.offset(1e-10 * (1 + Math.abs(brute))));
  }

  /** The chain a -> b -> c: which variables are barren for each pattern of missing cells. */
  @Test
  void barrenSetsOfTheChain() {
    DagStructure s = DagStructure.of(chain().vars(), chain().hidden(), chain().parents());
    // c missing: c barren. b missing, c seen: nothing barren. b and c missing: both. All missing: all.
    assertThat(HiddenStateEnumeration.barren(s, new boolean[] {false, false, true})).containsExactly(false, false, true);
    assertThat(HiddenStateEnumeration.barren(s, new boolean[] {false, true, false})).containsExactly(false, false, false);
    assertThat(HiddenStateEnumeration.barren(s, new boolean[] {false, true, true})).containsExactly(false, true, true);
    assertThat(HiddenStateEnumeration.barren(s, new boolean[] {true, false, true})).containsExactly(false, false, true);
    assertThat(HiddenStateEnumeration.barren(s, new boolean[] {true, true, true})).containsExactly(true, true, true);
  }

  /**
   * Naive Bayes with an observed class and only leaves missing, on 300 rows (far beyond the full
   * sum): one term, and the evidence is the closed form of the observed cells alone.
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void naiveBayesWithMissingLeavesIsTheClosedFormOfTheObservedCells(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Shape nb = naiveBayes();
    int p = nb.vars().size();
    int n = 300;
    int[][] rows = new int[n][p];
    for (int[] row : rows) {
      row[0] = rnd.nextInt(3);
      for (int j = 1; j < p; j++) {
        int k = nb.vars().get(j).cardinality();
        // Leaves depend on the class, missing with probability 0.2.
        row[j] = rnd.nextDouble() < 0.2 ? BruteForceEvidence.UNKNOWN : (row[0] + rnd.nextInt(k) * rnd.nextInt(2)) % k;
      }
    }
    double lambda = new double[] {0.5, 1.0, 2.0}[(int) (seed % 3)];
    var prob = RandomDagProblems.of(nb.vars(), nb.hidden(), nb.parents(), rows, null, lambda, null);
    var full = new HiddenStateEnumeration(prob.structure(), prob.data());
    assertThat(full.isComplete()).isFalse();
    assertThat(fullTermCount(full)).isGreaterThan(1e20);
    assertThat(ExactEvidence.termCount(full)).isEqualTo(1.0);
    assertThat(full.withoutBarrenNodes().isComplete()).isTrue();

    // Counts of the observed cells only, laid out independently of the production code.
    var m = prob.model();
    double[] counts = new double[m.tableSize()];
    for (int[] row : rows) {
      counts[m.offset(0) + row[0]] += 1;
      for (int j = 1; j < p; j++) {
        if (row[j] != BruteForceEvidence.UNKNOWN) {
          counts[m.offset(j) + row[0] * m.card()[j] + row[j]] += 1;
        }
      }
    }
    double closedForm = BruteForceEvidence.completeDataLogMarginal(m, counts);
    assertThat(CompleteDataEvidence.logEvidence(prob.structure(), prob.prior(), counts))
        .isCloseTo(closedForm, Offset.offset(1e-10 * Math.abs(closedForm)));
    assertThat(ExactEvidence.logEvidence(full, prob.prior(), 1)).isCloseTo(closedForm,
        Offset.offset(1e-10 * Math.abs(closedForm)));
  }

  /**
   * A hidden parent whose children are all missing in a row is barren with them: such rows drop
   * out, and the rest of the sum counts only the rows that see a child.
   */
  @Test
  void aHiddenParentWithEveryChildMissingDropsTheRow() {
    List<Variable> vars = List.of(Variable.withCount("h", 2), Variable.withCount("y1", 2), Variable.withCount("y2", 2));
    boolean[] hidden = {true, false, false};
    int[][] parents = {{}, {0}, {0}};
    int u = BruteForceEvidence.UNKNOWN;
    int[][] rows = {{u, 0, 1}, {u, 1, u}, {u, u, u}, {u, u, u}, {u, 1, 1}, {u, u, 0}, {u, u, u}};
    var p = RandomDagProblems.of(vars, hidden, parents, rows, null, 1.0, null);
    var full = new HiddenStateEnumeration(p.structure(), p.data());
    double brute = BruteForceEvidence.logEvidence(p.model(), rows, BRUTE_TERMS);
    assertThat(ExactEvidence.logEvidence(full, p.prior(), LIMIT)).isCloseTo(brute,
        Offset.offset(1e-10 * Math.abs(brute)));
    // Without the three empty rows (one term each, factor 1) the evidence is the same.
    int[][] seen = {rows[0], rows[1], rows[4], rows[5]};
    var q = RandomDagProblems.of(vars, hidden, parents, seen, null, 1.0, null);
    assertThat(ExactEvidence.logEvidence(new HiddenStateEnumeration(q.structure(), q.data()), q.prior(), LIMIT))
        .isCloseTo(brute, Offset.offset(1e-10 * Math.abs(brute)));
    // Four distinct rows that see something, two states of h each (y missing beside them is barren).
    assertThat(ExactEvidence.termCount(full)).isEqualTo(16.0);
    assertThat(fullTermCount(full)).isGreaterThan(16.0);
  }

  /** The compilation the other methods use keeps every unobserved variable. */
  @Test
  void theOtherMethodsCompilationIsUnchanged() {
    var p = problem(hiddenParent(), 3, 5, 0.35);
    var full = new HiddenStateEnumeration(p.structure(), p.data());
    assertThat(full.barrenNodesDropped()).isFalse();
    assertThat(full.withoutBarrenNodes().barrenNodesDropped()).isTrue();
    assertThat(full.withoutBarrenNodes()).isSameAs(full.withoutBarrenNodes());
    // Its likelihood and expected counts are the brute force's over every unobserved cell.
    double[] theta = RandomDagProblems.randomTheta(p.model(), new SplittableRandom(7), 0.02);
    double[] counts = new double[p.structure().tableSize()];
    double ll = full.eStep(theta, counts);
    var sums = BruteForceEvidence.rowSums(p.model(), theta, p.rows(), null);
    assertThat(ll).isCloseTo(sums.logLikelihood(), Offset.offset(1e-10 * Math.abs(ll)));
    for (int i = 0; i < counts.length; i++) {
      assertThat(counts[i]).isCloseTo(sums.expectedCounts()[i], Offset.offset(1e-9));
    }
    // The hidden leaf k is in every row: the full compilation counts it n times, the reduced one never.
    int k = p.structure().indexOf("k");
    double kFull = 0;
    double[] reducedCounts = new double[counts.length];
    full.withoutBarrenNodes().eStep(theta, reducedCounts);
    double kReduced = 0;
    int end = k + 1 < p.structure().size() ? p.structure().offset(k + 1) : p.structure().tableSize();
    for (int i = p.structure().offset(k); i < end; i++) {
      kFull += counts[i];
      kReduced += reducedCounts[i];
    }
    assertThat(kFull).isCloseTo(p.rows().length, Offset.offset(1e-9));
    assertThat(kReduced).isZero();
  }
}
