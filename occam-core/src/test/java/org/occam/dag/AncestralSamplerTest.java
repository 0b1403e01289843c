package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.data.Variable;
import org.occam.math.RandomStreams;

class AncestralSamplerTest {
  // Variables listed children first so that sampling must follow the topological order:
  // z (binary) <- (y, h); y (4 states) <- h; h (3 states).
  private static final DagStructure S = DagStructure.of(
      List.of(Variable.withCount("z", 2), Variable.withCount("y", 4), Variable.withCount("h", 3)),
      new boolean[] {false, false, true}, new int[][] {{1, 2}, {2}, {}});

  private static final double[] THETA_H = {0.2, 0.5, 0.3};
  private static final double[][] THETA_Y = { // rows: h = 0, 1, 2; zeros at the start, middle and end
      {0.1, 0.0, 0.6, 0.3},
      {0.0, 0.0, 0.0, 1.0},
      {0.5, 0.5, 0.0, 0.0}};

  /** P(z = 0 | y, h), rows in the order y slowest, h fastest (first parent slowest). */
  private static double pz0(int y, int h) {
    return 0.05 + 0.9 * ((y * 3 + h) % 5) / 4.0; // includes 0.05 … 0.95
  }

  private static double[] theta() {
    double[] t = new double[S.tableSize()];
    // z: parents (y, h): configuration l = y·3 + h
    for (int y = 0; y < 4; y++) {
      for (int h = 0; h < 3; h++) {
        int l = y * 3 + h;
        t[S.offset(0) + 2 * l] = pz0(y, h);
        t[S.offset(0) + 2 * l + 1] = 1 - pz0(y, h);
      }
    }
    for (int h = 0; h < 3; h++) {
      System.arraycopy(THETA_Y[h], 0, t, S.offset(1) + 4 * h, 4);
    }
    System.arraycopy(THETA_H, 0, t, S.offset(2), 3);
    DagModel.checkParameters(S, t);
    return t;
  }

  private static double joint(int z, int y, int h) {
    double pz = z == 0 ? pz0(y, h) : 1 - pz0(y, h);
    return THETA_H[h] * THETA_Y[h][y] * pz;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void jointFrequenciesMatchTheCpts(long seed) {
    int n = 100_000;
    int[][] rows = AncestralSampler.sample(S, theta(), n, RandomStreams.fromSeed(seed));
    assertThat(rows).hasNumberOfRows(n);
    long[][][] count = new long[2][4][3];
    for (int[] r : rows) {
      assertThat(r).hasSize(3);
      count[r[0]][r[1]][r[2]]++;
    }
    double chi2 = 0;
    int cells = 0;
    for (int z = 0; z < 2; z++) {
      for (int y = 0; y < 4; y++) {
        for (int h = 0; h < 3; h++) {
          double p = joint(z, y, h);
          if (p == 0) {
            assertThat(count[z][y][h]).as("impossible cell z=%d y=%d h=%d", z, y, h).isZero();
            continue;
          }
          double expected = n * p;
          double se = Math.sqrt(n * p * (1 - p));
          assertThat((double) count[z][y][h]).as("cell z=%d y=%d h=%d", z, y, h)
              .isBetween(expected - 5 * se, expected + 5 * se);
          chi2 += (count[z][y][h] - expected) * (count[z][y][h] - expected) / expected;
          cells++;
        }
      }
    }
    int df = cells - 1;
    // Pearson's statistic is ≈ χ²(df): mean df, sd √(2 df). Allow five standard deviations.
    assertThat(chi2).isLessThan(df + 5 * Math.sqrt(2.0 * df));
  }

  @Test
  void deterministicForASeedAndDifferentAcrossSeeds() {
    int[][] a = AncestralSampler.sample(S, theta(), 2000, RandomStreams.fromSeed(7));
    int[][] b = AncestralSampler.sample(S, theta(), 2000, RandomStreams.fromSeed(7));
    int[][] c = AncestralSampler.sample(S, theta(), 2000, RandomStreams.fromSeed(8));
    assertThat(a).isDeepEqualTo(b);
    assertThat(a).isNotEqualTo(c);
    boolean differs = false;
    for (int i = 0; i < a.length && !differs; i++) {
      differs = !java.util.Arrays.equals(a[i], c[i]);
    }
    assertThat(differs).isTrue();
  }

  @Test
  void zeroRowsRequested() {
    assertThat(AncestralSampler.sample(S, theta(), 0, RandomStreams.fromSeed(1))).isEmpty();
  }

  @Test
  void deterministicRowsAlwaysGiveTheirOnlyState() {
    DagStructure s = DagStructure.of(List.of(Variable.withCount("a", 3), Variable.withCount("b", 3)),
        new boolean[] {false, false}, new int[][] {{}, {0}});
    // a is always 2; b given a=2 is always 0 (other rows arbitrary).
    double[] t = {0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0};
    for (int[] r : AncestralSampler.sample(s, t, 10_000, RandomStreams.fromSeed(3))) {
      assertThat(r).containsExactly(2, 0);
    }
  }

  @Test
  void bealTrueModelConditionalsMatchTheCpts() {
    DagModel m = BealExample.trueModel();
    DagStructure s = m.structure();
    double[] t = m.parameters().orElseThrow();
    int n = 100_000;
    int[][] rows = AncestralSampler.sample(s, t, n, RandomStreams.fromSeed(2003));
    // Counts per (variable, parent configuration, state), laid out like θ.
    long[] count = new long[s.tableSize()];
    for (int[] r : rows) {
      for (int j = 0; j < s.size(); j++) {
        count[s.flatIndex(j, r)]++;
      }
    }
    double chi2 = 0;
    int df = 0;
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        int from = s.offset(j) + l * k;
        long rowTotal = 0;
        for (int x = 0; x < k; x++) {
          rowTotal += count[from + x];
        }
        int nonzero = 0;
        for (int x = 0; x < k; x++) {
          double p = t[from + x];
          if (p == 0) {
            assertThat(count[from + x]).as("%s row %d state %d has probability 0", s.name(j), l, x).isZero();
            continue;
          }
          nonzero++;
          double e = rowTotal * p;
          chi2 += (count[from + x] - e) * (count[from + x] - e) / e;
        }
        df += nonzero - 1;
      }
    }
    assertThat(chi2).isLessThan(df + 5 * Math.sqrt(2.0 * df));
    // Beal: about 80% of the data come from the hidden setting [2 2] (0.88 · 0.92 = 0.8096).
    long both = 0;
    for (int[] r : rows) {
      both += r[0] == 1 && r[1] == 1 ? 1 : 0;
    }
    double p = 0.88 * 0.92;
    assertThat((double) both).isBetween(n * p - 5 * Math.sqrt(n * p * (1 - p)), n * p + 5 * Math.sqrt(n * p * (1 - p)));
  }
}
