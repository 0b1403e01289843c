package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.occam.data.Variable;
import org.occam.testing.BruteForceEvidence;
import org.occam.testing.BruteForceEvidence.Model;
import org.occam.testing.RandomDagProblems;
import org.occam.testing.RandomDagProblems.Problem;
import org.occam.testing.RandomDagProblems.Spec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link HiddenStateEnumeration#eStep} against per-row brute-force enumeration in log space: the
 * log likelihood and the posterior expected counts, with hidden variables, missing cells and
 * weighted rows; for normalised, sub-normalised and partly zero parameters; and on a model whose
 * per-row products underflow (the log-space fallback).
 */
class EStepOracleTest {
  private static final int U = BruteForceEvidence.UNKNOWN;

  private static Problem weightedProblem(long seed) {
    return RandomDagProblems.random(seed, new Spec(1, 2, 2, 3, 0.25, true, 10, Long.MAX_VALUE));
  }

  private static void assertEStepMatchesOracle(Problem pr, double[] theta) {
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    var oracle = BruteForceEvidence.rowSums(pr.model(), theta, pr.rows(), pr.weights());
    double[] counts = new double[pr.structure().tableSize()];
    Arrays.fill(counts, Double.NaN); // must be overwritten
    double ll = enumeration.eStep(theta.clone(), counts);
    if (oracle.logLikelihood() == Double.NEGATIVE_INFINITY) {
      assertThat(ll).isEqualTo(Double.NEGATIVE_INFINITY);
    } else {
      assertThat(ll).isCloseTo(oracle.logLikelihood(), within(1e-10 * (1 + Math.abs(oracle.logLikelihood()))));
    }
    assertThat(counts).containsExactly(oracle.expectedCounts(), within(1e-10));
    assertThat(enumeration.logLikelihood(theta)).isEqualTo(ll);
    assertThat(enumeration.eStep(theta, null)).isEqualTo(ll);
  }

  @Test
  void theWeightedCasesHaveMissingCellsRepeatedRowsAndBothWeights() {
    boolean missing = false;
    boolean merged = false;
    boolean half = false;
    boolean three = false;
    for (long seed = 1; seed <= 20; seed++) {
      Problem pr = weightedProblem(seed);
      missing |= pr.hasMissing();
      merged |= pr.data().distinctRows() < pr.rows().length;
      for (double w : pr.weights()) {
        half |= w == 0.5;
        three |= w == 3.0;
      }
    }
    assertThat(missing).isTrue();
    assertThat(merged).isTrue();
    assertThat(half).isTrue();
    assertThat(three).isTrue();
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
  void logLikelihoodAndCountsAtRandomParameters(long seed) {
    Problem pr = weightedProblem(seed);
    SplittableRandom rnd = new SplittableRandom(seed * 31 + 7);
    double[] theta = RandomDagProblems.randomTheta(pr.model(), rnd, 0.0);
    assertEStepMatchesOracle(pr, theta);
    // the expected counts of a normalised E step sum to the data weight in every variable's table
    double n = Arrays.stream(pr.weights()).sum();
    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    double[] counts = new double[pr.structure().tableSize()];
    enumeration.eStep(theta, counts);
    for (int j = 0; j < pr.structure().size(); j++) {
      int from = pr.structure().offset(j);
      int to = from + pr.structure().parentConfigurations(j) * pr.structure().cardinality(j);
      assertThat(Arrays.stream(counts, from, to).sum()).as(pr.structure().name(j)).isCloseTo(n, within(1e-10));
    }
    assertThat(enumeration.dataSize()).isEqualTo(n);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
  void subNormalisedParametersAsInTheVbeStep(long seed) {
    Problem pr = weightedProblem(seed);
    SplittableRandom rnd = new SplittableRandom(seed * 131 + 3);
    double[] theta = RandomDagProblems.randomTheta(pr.model(), rnd, 0.0);
    for (int i = 0; i < theta.length; i++) {
      theta[i] *= 0.2 + 0.8 * rnd.nextDouble();
    }
    assertEStepMatchesOracle(pr, theta);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
  void parametersWithExactZeros(long seed) {
    Problem pr = weightedProblem(seed);
    SplittableRandom rnd = new SplittableRandom(seed * 17 + 1);
    double[] theta = RandomDagProblems.randomTheta(pr.model(), rnd, 0.0);
    // zero one entry in about a third of the rows of hidden variables' tables (rows stay normalised)
    var m = pr.model();
    for (int j = 0; j < m.size(); j++) {
      if (!pr.structure().isHidden(j)) {
        continue;
      }
      int k = m.card()[j];
      for (int l = 0; l < m.configurations(j); l++) {
        if (rnd.nextInt(3) == 0) {
          int from = m.offset(j) + l * k;
          int x = rnd.nextInt(k);
          double gone = theta[from + x];
          theta[from + x] = 0;
          for (int y = 0; y < k; y++) {
            if (y != x) {
              theta[from + y] /= 1 - gone;
            }
          }
        }
      }
    }
    assertEStepMatchesOracle(pr, theta);
  }

  // ---------------------------------------------------------------------------------------------
  // The log-space fallback

  /**
   * One hidden parent (binary or ternary) of {@code p} binary observations whose "1" has
   * probability about 10⁻³ under every hidden state. A row with m ones has per-configuration
   * products near 10^(−3m): m = 110 underflows double completely, m = 75 is representable but
   * under the 10⁻²⁰⁰ guard, m = 40 stays in linear space; one row is tuned to a subnormal
   * likelihood (where linear-space sums lose most of their precision).
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4})
  void tinyProbabilitiesFallBackToLogSpace(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int p = 120;
    int hCard = seed % 2 == 0 ? 3 : 2;
    List<Variable> vars = new ArrayList<>();
    vars.add(Variable.withCount("h", hCard));
    for (int i = 0; i < p; i++) {
      vars.add(Variable.withCount("y" + i, 2));
    }
    boolean[] hidden = new boolean[p + 1];
    hidden[0] = true;
    int[][] parents = new int[p + 1][];
    parents[0] = new int[0];
    for (int i = 1; i <= p; i++) {
      parents[i] = new int[] {0};
    }
    int[] card = vars.stream().mapToInt(Variable::cardinality).toArray();
    double[] lambda = new double[p + 1];
    Arrays.fill(lambda, 1.0);
    Model m = new Model(card, parents, lambda);
    double[] theta = new double[m.tableSize()];
    double[] prior = hCard == 2 ? new double[] {0.4, 0.6} : new double[] {0.2, 0.5, 0.3};
    System.arraycopy(prior, 0, theta, 0, hCard);
    for (int i = 1; i <= p; i++) {
      for (int s = 0; s < hCard; s++) {
        double one = 1e-3 * Math.exp((rnd.nextDouble() - 0.5) * 1.4); // 0.5e-3 … 2e-3
        int from = m.offset(i) + s * 2;
        theta[from] = 1 - one;
        theta[from + 1] = one;
      }
    }
    int[] ones = {110, 75, 40, 120, 100, 90, -1};
    int[][] rows = new int[ones.length][p + 1];
    double[] weights = {0.5, 3, 1, 2, 1, 0.5, 3};
    for (int r = 0; r < rows.length; r++) {
      rows[r][0] = U;
      int[] perm = org.occam.testing.RandomDagProblems.shuffled(p, rnd);
      int count = ones[r];
      if (count < 0) {
        // the last row: as many ones as make its likelihood a subnormal double (~1e-310 … 1e-323)
        for (count = 90; count <= p; count++) {
          fill(rows[r], perm, count);
          double like = Math.exp(BruteForceEvidence.logLikelihood(m, theta, new int[][] {rows[r]}, null));
          if (like > 0 && like < Double.MIN_NORMAL) {
            break;
          }
        }
        assertThat(count).as("found a row with subnormal likelihood").isLessThanOrEqualTo(p);
      }
      fill(rows[r], perm, count);
    }
    // a few missing cells in rows 4 and 5
    for (int a = 0; a < 3; a++) {
      rows[4][1 + rnd.nextInt(p)] = U;
      rows[5][1 + rnd.nextInt(p)] = U;
    }
    Problem pr = RandomDagProblems.of(vars, hidden, parents, rows, weights, 1.0, null);
    // The test exercises what it claims: rows 0 and 3 underflow completely, row 1 is under the guard.
    double[] perRow = new double[rows.length];
    for (int r = 0; r < rows.length; r++) {
      perRow[r] = BruteForceEvidence.logLikelihood(m, theta, new int[][] {rows[r]}, null);
    }
    assertThat(Math.exp(perRow[0])).isZero();
    assertThat(Math.exp(perRow[3])).isZero();
    assertThat(Math.exp(perRow[1])).isPositive().isLessThan(1e-200);
    assertThat(Math.exp(perRow[2])).isGreaterThan(1e-200);
    assertThat(Math.exp(perRow[6])).isPositive().isLessThan(Double.MIN_NORMAL);

    var enumeration = new HiddenStateEnumeration(pr.structure(), pr.data());
    var oracle = BruteForceEvidence.rowSums(m, theta, rows, weights);
    double[] counts = new double[m.tableSize()];
    double ll = enumeration.eStep(theta, counts);
    assertThat(ll).isFinite().isCloseTo(oracle.logLikelihood(), within(1e-11 * Math.abs(oracle.logLikelihood())));
    assertThat(counts).containsExactly(oracle.expectedCounts(), within(1e-10));
    // no row lost: the hidden variable's counts add up to the total weight
    assertThat(Arrays.stream(counts, 0, hCard).sum()).isCloseTo(Arrays.stream(weights).sum(), within(1e-10));
    // and the posterior over h is not degenerate in every row (the counts are a real test)
    for (int s = 0; s < hCard; s++) {
      assertThat(counts[s]).isGreaterThan(1e-6);
    }
  }

  /** Row cells (after the hidden one) from a permutation: the first {@code count} positions are ones. */
  private static void fill(int[] row, int[] perm, int count) {
    for (int a = 0; a < perm.length; a++) {
      row[1 + perm[a]] = a < count ? 1 : 0;
    }
  }
}
