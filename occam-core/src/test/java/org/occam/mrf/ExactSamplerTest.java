package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

class ExactSamplerTest {
  /** p(x) for every configuration c (bit i of c is x_i), from the definition. */
  static double[] enumeratedProbabilities(BoltzmannMachine m) {
    int v = m.variableCount();
    double logZ = ExactEnumeration.logPartition(m);
    double[] p = new double[1 << v];
    int[] x = new int[v];
    for (int c = 0; c < p.length; c++) {
      for (int i = 0; i < v; i++) {
        x[i] = (c >> i) & 1;
      }
      p[c] = Math.exp(m.logPotential(x) - logZ);
    }
    return p;
  }

  static long[] histogram(int[][] rows) {
    long[] counts = new long[1 << rows[0].length];
    for (int[] x : rows) {
      int c = 0;
      for (int i = 0; i < x.length; i++) {
        c |= x[i] << i;
      }
      counts[c]++;
    }
    return counts;
  }

  @Test
  void frequenciesMatchTheEnumeratedProbabilitiesOnAFourCycle() {
    // A 4-cycle triangulates into two cliques of three, so the child is drawn given its separator.
    PairwiseGraph cycle = new PairwiseGraph(4, new int[][] {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
    BoltzmannMachine m = new BoltzmannMachine(cycle, new double[] {0.4, -0.9, 0.2, 0.6, 1.5, -1.2, 0.8, -0.4});
    JunctionTree jt = JunctionTree.run(m);
    assertThat(jt.tree().cliqueCount()).isEqualTo(2);
    int n = 200_000;
    long[] counts = histogram(jt.sampler().sample(n, RandomStreams.fromSeed(20240601L)));
    double[] p = enumeratedProbabilities(m);
    double worst = 0;
    for (int c = 0; c < p.length; c++) {
      double se = Math.sqrt(p[c] * (1 - p[c]) / n);
      double z = (counts[c] / (double) n - p[c]) / se;
      worst = Math.max(worst, Math.abs(z));
      assertThat(Math.abs(z)).as("configuration %d: p=%.5f, frequency=%.5f", c, p[c], counts[c] / (double) n)
          .isLessThan(4);
    }
    System.out.printf("4-cycle, %d samples: largest |frequency − p| / se = %.2f over 16 cells%n", n, worst);
  }

  @Test
  void chiSquareOnADisconnectedModelWithManyCliques() {
    // A path 0-1-2-3, a triangle 4-5-6 and an isolated vertex 7: three components, 2^8 cells.
    PairwiseGraph g = new PairwiseGraph(8, new int[][] {{0, 1}, {1, 2}, {2, 3}, {4, 5}, {5, 6}, {4, 6}});
    BoltzmannMachine m = ExactEnumerationTest.random(g, 31, 1.5);
    int n = 200_000;
    long[] counts = histogram(JunctionTree.run(m).sampler().sample(n, RandomStreams.fromSeed(7)));
    double[] p = enumeratedProbabilities(m);
    double chi2 = 0;
    for (int c = 0; c < p.length; c++) {
      double expected = n * p[c];
      chi2 += (counts[c] - expected) * (counts[c] - expected) / expected;
    }
    // 255 degrees of freedom: mean 255, sd 22.6; the 0.999 quantile is about 330.
    System.out.printf("disconnected 8-variable model, %d samples: chi-square %.1f on 255 df%n", n, chi2);
    assertThat(chi2).isLessThan(330);
  }

  @Test
  void theSameSeedGivesTheSameSamples() {
    BoltzmannMachine m = ExactEnumerationTest.random(PairwiseGraph.grid(4, 4), 5, 1.0);
    ExactSampler s = ExactSampler.of(m);
    int[][] a = s.sample(500, RandomStreams.fromSeed(99));
    int[][] b = s.sample(500, RandomStreams.fromSeed(99));
    int[][] c = s.sample(500, RandomStreams.fromSeed(100));
    assertThat(b).isDeepEqualTo(a);
    assertThat(c).isNotEqualTo(a);
  }

  @Test
  void distinctRowsCountTheSameDraws() {
    BoltzmannMachine m = ExactEnumerationTest.random(PairwiseGraph.grid(3, 3), 6, 1.0);
    ExactSampler s = JunctionTree.run(m).sampler();
    int n = 5000;
    int[][] rows = s.sample(n, RandomStreams.fromSeed(3));
    ExactSampler.DistinctRows d = s.sampleDistinct(n, RandomStreams.fromSeed(3));
    assertThat(d.total()).isEqualTo(n);
    long[] direct = histogram(rows);
    long[] compressed = new long[direct.length];
    for (int r = 0; r < d.rows().length; r++) {
      int c = 0;
      for (int i = 0; i < 9; i++) {
        c |= d.rows()[r][i] << i;
      }
      assertThat(compressed[c]).as("row %d appears once", r).isZero();
      compressed[c] = d.counts()[r];
    }
    assertThat(compressed).containsExactly(direct);
    // In order of first appearance.
    assertThat(d.rows()[0]).containsExactly(rows[0]);
  }

  @Test
  void wideRowsPackIntoSeveralWords() {
    // 150 variables, so a packed row spans three longs; strong fields pin all but 22 of them.
    PairwiseGraph chain = PairwiseGraph.grid(1, 150);
    double[] lambda = new double[chain.vertexCount() + chain.edgeCount()];
    for (int i = 0; i < chain.vertexCount(); i++) {
      lambda[i] = i % 7 == 0 ? 0 : (i % 2 == 0 ? 40 : -40);
    }
    ExactSampler s = ExactSampler.of(new BoltzmannMachine(chain, lambda));
    int n = 3000;
    int[][] rows = s.sample(n, RandomStreams.fromSeed(11));
    ExactSampler.DistinctRows d = s.sampleDistinct(n, RandomStreams.fromSeed(11));
    java.util.Map<String, Long> direct = new java.util.HashMap<>();
    for (int[] row : rows) {
      direct.merge(java.util.Arrays.toString(row), 1L, Long::sum);
    }
    assertThat(d.rows().length).isEqualTo(direct.size());
    for (int r = 0; r < d.rows().length; r++) {
      assertThat(d.counts()[r]).isEqualTo(direct.get(java.util.Arrays.toString(d.rows()[r])));
      assertThat(d.rows()[r][2]).isEqualTo(1);
      assertThat(d.rows()[r][143]).isEqualTo(0);
    }
  }

  @Test
  void rejectsAWrongRowLength() {
    ExactSampler s = ExactSampler.of(BoltzmannMachine.zero(PairwiseGraph.grid(2, 2)));
    assertThatThrownBy(() -> s.draw(RandomStreams.fromSeed(1), new int[3])).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("4 cells");
    assertThatThrownBy(() -> s.sample(-1, RandomStreams.fromSeed(1))).isInstanceOf(IllegalArgumentException.class);
  }
}
