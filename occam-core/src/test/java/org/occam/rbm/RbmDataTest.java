package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link RbmData}: merging, validation, column choices, subsets and the k-fold split. */
class RbmDataTest {
  /** The items of a data set as a multiset: row (as a list) → count. */
  private static Map<List<Integer>, Long> items(RbmData d) {
    Map<List<Integer>, Long> m = new HashMap<>();
    for (int r = 0; r < d.distinctRowCount(); r++) {
      m.merge(asList(d.row(r)), d.count(r), Long::sum);
    }
    return m;
  }

  private static List<Integer> asList(int[] x) {
    List<Integer> l = new ArrayList<>();
    for (int v : x) {
      l.add(v);
    }
    return l;
  }

  /** n distinct rows of 7 bits (the binary codes of 0…n−1, n ≤ 128). */
  private static int[][] distinctRows(int n) {
    int[][] rows = new int[n][];
    for (int c = 0; c < n; c++) {
      rows[c] = RbmBruteForce.bits(c, 7);
    }
    return rows;
  }

  @Test
  void patternCountsBecomeTheRowsTheyNumber() {
    // V = 3: pattern 6 is x = (0, 1, 1), pattern 1 is (1, 0, 0)
    assertThat(RbmData.pattern(new int[] {0, 1, 1})).isEqualTo(6);
    long[] counts = new long[8];
    counts[6] = 4;
    counts[1] = 2;
    RbmData d = RbmData.ofPatternCounts(3, counts);
    assertThat(d.rows()).isDeepEqualTo(new int[][] {{1, 0, 0}, {0, 1, 1}});
    assertThat(d.counts()).containsExactly(2, 4);
    assertThat(d.size()).isEqualTo(6);
    assertThatThrownBy(() -> RbmData.ofPatternCounts(3, new long[4])).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void repeatedRowsAreMergedInOrderOfFirstAppearance() {
    RbmData d = RbmData.of(new int[][] {{1, 0}, {0, 0}, {1, 0}, {1, 1}}, new long[] {2, 1, 3, 0});
    assertThat(d.visibleCount()).isEqualTo(2);
    assertThat(d.columnNames()).containsExactly("x0", "x1");
    assertThat(d.size()).isEqualTo(6);
    assertThat(d.distinctRowCount()).isEqualTo(2);
    assertThat(d.rows()).isDeepEqualTo(new int[][] {{1, 0}, {0, 0}});
    assertThat(d.counts()).containsExactly(5, 1);
    assertThat(d.columnOnes()).containsExactly(5, 0);
  }

  @Test
  void badRowsAndCountsAreRefusedWithWhatIsWrong() {
    assertThatThrownBy(() -> RbmData.of(new int[0][])).hasMessageContaining("at least one data row");
    assertThatThrownBy(() -> RbmData.of(new int[][] {{0, 1}, {0, 2}})).hasMessage(
        "row 1, column x1 must be 0 or 1, got 2");
    assertThatThrownBy(() -> RbmData.of(new int[][] {{0, 1}, {0}})).hasMessage("row 1 has 1 values, expected 2");
    assertThatThrownBy(() -> RbmData.of(new int[][] {{0}}, new long[] {-1})).hasMessageContaining("negative");
    assertThatThrownBy(() -> RbmData.of(new int[][] {{0}}, new long[] {0})).hasMessage("all counts are zero");
    assertThatThrownBy(() -> RbmData.of(new int[][] {{0}}, new long[] {1, 2})).hasMessageContaining("one count");
    assertThatThrownBy(() -> RbmData.of(List.of("a", "a"), new int[][] {{0, 0}}, null))
        .hasMessage("duplicate column name 'a'");
    assertThatThrownBy(() -> RbmData.of(new int[][] {{}})).hasMessageContaining("at least one column");
  }

  @Test
  void columnsAreSelectedByNameAndByFrequency() {
    RbmData d = RbmData.of(List.of("a", "b", "c", "d"),
        new int[][] {{1, 0, 1, 1}, {0, 1, 1, 0}, {1, 1, 0, 0}, {0, 0, 1, 1}}, new long[] {1, 1, 1, 1});
    // ones: a 2, b 2, c 3, d 2; the three most frequent are c and the first two of the tied a, b, d
    RbmData top = d.mostFrequentColumns(3);
    assertThat(top.columnNames()).containsExactly("a", "b", "c");
    assertThat(top.rows()).isDeepEqualTo(new int[][] {{1, 0, 1}, {0, 1, 1}, {1, 1, 0}, {0, 0, 1}});
    RbmData cd = d.selectColumns(List.of("d", "c"));
    // projecting can make rows equal: (1,1) twice, (0,1) once, (0,0) once
    assertThat(items(cd)).containsOnly(Map.entry(List.of(1, 1), 2L), Map.entry(List.of(0, 1), 1L),
        Map.entry(List.of(0, 0), 1L));
    assertThat(cd.columnNames()).containsExactly("d", "c");
    assertThatThrownBy(() -> d.selectColumns(List.of("zz"))).hasMessage("no column 'zz'; the columns are a, b, c, d");
    assertThatThrownBy(() -> d.mostFrequentColumns(5)).hasMessageContaining("5 most frequent columns of 4");
  }

  @Test
  void headTakesTheFirstItemsInTheGivenOrder() {
    RbmData d = RbmData.of(new int[][] {{1}, {0}, {1}}, new long[] {3, 2, 4});
    RbmData h = d.head(4);
    assertThat(h.size()).isEqualTo(4);
    assertThat(items(h)).containsOnly(Map.entry(List.of(1), 3L), Map.entry(List.of(0), 1L));
    assertThat(items(d.head(9))).isEqualTo(items(d));
    assertThat(items(d.head(6))).containsOnly(Map.entry(List.of(1), 4L), Map.entry(List.of(0), 2L));
    assertThatThrownBy(() -> d.head(10)).hasMessageContaining("between 1 and N=9");
  }

  @Test
  void aRandomSubsetIsReproducibleAndLeavesEveryItemEquallyLikelyToBeChosen() {
    int n = 10;
    RbmData d = RbmData.of(distinctRows(n));
    RbmData s = d.randomSubset(4, 7L);
    assertThat(s.size()).isEqualTo(4);
    assertThat(items(s)).isEqualTo(items(d.randomSubset(4, 7L)));
    assertThat(items(d).keySet()).containsAll(items(s).keySet());
    // each item is kept with probability 4/10; 4000 subsets give a standard deviation of 0.0077
    int[] kept = new int[n];
    for (long seed = 0; seed < 4000; seed++) {
      for (List<Integer> x : items(d.randomSubset(4, seed)).keySet()) {
        int code = 0;
        for (int j = 0; j < x.size(); j++) {
          code |= x.get(j) << j;
        }
        kept[code]++;
      }
    }
    for (int c = 0; c < n; c++) {
      assertThat(kept[c] / 4000.0).as("item %d", c).isBetween(0.4 - 0.035, 0.4 + 0.035);
    }
  }

  @Test
  void everyItemIsInExactlyOneTestFoldAndFoldSizesDifferByAtMostOne() {
    int n = 53;
    RbmData d = RbmData.of(distinctRows(n));
    RbmData.Folds folds = d.folds(10, 123L);
    Map<List<Integer>, Integer> testFoldOf = new HashMap<>();
    long smallest = Long.MAX_VALUE;
    long largest = 0;
    for (RbmData.Fold f : folds.all()) {
      for (List<Integer> x : items(f.test()).keySet()) {
        assertThat(testFoldOf.put(x, f.index())).as("item %s in two test folds", x).isNull();
      }
      // the training items are exactly the others
      Map<List<Integer>, Long> union = new HashMap<>(items(f.train()));
      items(f.test()).forEach((x, c) -> union.merge(x, c, Long::sum));
      assertThat(union).isEqualTo(items(d));
      assertThat(f.train().size() + f.test().size()).isEqualTo(n);
      smallest = Math.min(smallest, f.test().size());
      largest = Math.max(largest, f.test().size());
    }
    assertThat(testFoldOf).hasSize(n);
    assertThat(smallest).isEqualTo(5);
    assertThat(largest).isEqualTo(6);
  }

  @Test
  void repeatedItemsAreSplitOneByOne() {
    RbmData d = RbmData.of(new int[][] {{0, 0}, {1, 1}, {1, 0}}, new long[] {17, 9, 4});
    RbmData.Folds folds = d.folds(3, 5L);
    Map<List<Integer>, Long> testTotals = new HashMap<>();
    for (RbmData.Fold f : folds.all()) {
      assertThat(f.test().size()).isEqualTo(10);
      items(f.test()).forEach((x, c) -> testTotals.merge(x, c, Long::sum));
    }
    assertThat(testTotals).isEqualTo(items(d));
  }

  @Test
  void theSameSeedGivesTheSameSplitAndAnotherSeedAnother() {
    RbmData d = RbmData.of(distinctRows(40));
    RbmData.Folds a = d.folds(4, 99L);
    RbmData.Folds b = d.folds(4, 99L);
    RbmData.Folds c = d.folds(4, 100L);
    boolean anyDifferent = false;
    for (int f = 0; f < 4; f++) {
      assertThat(items(a.get(f).test())).isEqualTo(items(b.get(f).test()));
      assertThat(a.get(f).test().rows()).isDeepEqualTo(b.get(f).test().rows());
      anyDifferent |= !items(a.get(f).test()).equals(items(c.get(f).test()));
    }
    assertThat(anyDifferent).isTrue();
  }

  @Test
  void foldCountsOutsideTwoToNAreRefused() {
    RbmData d = RbmData.of(distinctRows(5));
    assertThatThrownBy(() -> d.folds(1, 0)).hasMessageContaining("2 <= k <= N=5");
    assertThatThrownBy(() -> d.folds(6, 0)).hasMessageContaining("2 <= k <= N=5");
    assertThat(d.folds(5, 0).get(4).test().size()).isEqualTo(1);
  }

  @Test
  void sumLogZGivenVisibleWeighsEachDistinctRowByItsCount() {
    Rbm rbm = RbmBruteForce.random(2, 2, 1.0, org.occam.math.RandomStreams.fromSeed(3));
    RbmData d = RbmData.of(new int[][] {{1, 0}, {0, 1}, {1, 0}});
    double expected = 2 * RbmBruteForce.logZGivenVisible(rbm, new int[] {1, 0})
        + RbmBruteForce.logZGivenVisible(rbm, new int[] {0, 1});
    assertThat(d.sumLogZGivenVisible(rbm)).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-12));
  }
}
