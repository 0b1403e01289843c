package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

class RbmSamplerTest {
  @Test
  void gibbsLongRunVisibleMarginalsMatchTheExactOnes() {
    Rbm rbm = RbmBruteForce.random(5, 3, 1.2, RandomStreams.fromSeed(41));
    double[] p = RbmBruteForce.visibleProbabilities(rbm);
    double[] exact = new double[5];
    for (int c = 0; c < p.length; c++) {
      for (int i = 0; i < 5; i++) {
        exact[i] += ((c >>> i) & 1) * p[c];
      }
    }
    RbmGibbsSampler gibbs = new RbmGibbsSampler(rbm);
    int batches = 100;
    int batchSize = 2_000;
    int[][] chain = gibbs.visibleChain(new int[5], 1_000, batches * batchSize, 1, RandomStreams.fromSeed(42));
    double worst = 0;
    for (int i = 0; i < 5; i++) {
      // batch means absorb the chain's autocorrelation into the standard error
      double[] batchMean = new double[batches];
      double total = 0;
      for (int b = 0; b < batches; b++) {
        for (int t = b * batchSize; t < (b + 1) * batchSize; t++) {
          batchMean[b] += chain[t][i];
        }
        batchMean[b] /= batchSize;
        total += batchMean[b];
      }
      double mean = total / batches;
      double var = 0;
      for (double m : batchMean) {
        var += (m - mean) * (m - mean);
      }
      double se = Math.sqrt(var / (batches - 1) / batches);
      double z = (mean - exact[i]) / se;
      worst = Math.max(worst, Math.abs(z));
      assertThat(Math.abs(z)).as("x_%d: Gibbs %.5f, exact %.5f, se %.5f", i, mean, exact[i], se).isLessThan(4.5);
      assertThat(mean).isCloseTo(exact[i], within(0.01));
    }
    System.out.printf("Gibbs, %d sweeps: largest |marginal − exact| / se(batch means) = %.2f over 5 units%n",
        batches * batchSize, worst);
    int[][] again = gibbs.visibleChain(new int[5], 1_000, 50, 1, RandomStreams.fromSeed(42));
    for (int t = 0; t < 50; t++) {
      assertThat(again[t]).containsExactly(chain[t]);
    }
  }

  @Test
  void exactSamplerJointFrequenciesMatchTheExactProbabilities() {
    UniformRandomProvider rng = RandomStreams.fromSeed(43);
    for (int[] shape : new int[][] {{4, 3}, {2, 5}}) {
      Rbm rbm = RbmBruteForce.random(shape[0], shape[1], 1.5, rng);
      RbmExactSampler sampler = new RbmExactSampler(rbm);
      assertThat(sampler.tabulatesHidden()).isEqualTo(shape[1] <= shape[0]);
      double logZ = RbmBruteForce.logZ(rbm);
      assertThat(sampler.logZ()).isCloseTo(logZ, within(1e-10));
      int v = shape[0];
      int k = shape[1];
      int cells = 1 << (v + k);
      long[] counts = new long[cells];
      int n = 200_000;
      int[] x = new int[v];
      int[] z = new int[k];
      UniformRandomProvider draws = RandomStreams.fromSeed(44);
      for (int t = 0; t < n; t++) {
        sampler.sample(draws, x, z);
        int c = 0;
        for (int i = 0; i < v; i++) {
          c |= x[i] << i;
        }
        for (int j = 0; j < k; j++) {
          c |= z[j] << (v + j);
        }
        counts[c]++;
      }
      double chi2 = 0;
      double worst = 0;
      for (int c = 0; c < cells; c++) {
        int[] xc = RbmBruteForce.bits(c & ((1 << v) - 1), v);
        int[] zc = RbmBruteForce.bits(c >>> v, k);
        double p = Math.exp(rbm.logPotential(xc, zc) - logZ);
        double expected = n * p;
        chi2 += (counts[c] - expected) * (counts[c] - expected) / expected;
        double zScore = (counts[c] - expected) / Math.sqrt(expected * (1 - p));
        worst = Math.max(worst, Math.abs(zScore));
        assertThat(Math.abs(zScore)).as("cell %d: p=%.5f, frequency=%.5f", c, p, counts[c] / (double) n)
            .isLessThan(5);
      }
      int df = cells - 1;
      // χ²(df) has mean df and sd √(2 df); six sd is far beyond chance for a correct sampler
      assertThat(chi2).isLessThan(df + 6 * Math.sqrt(2.0 * df));
      System.out.printf("exact sampler V=%d K=%d, %d draws: χ² = %.1f on %d df, largest |z| = %.2f%n", v, k, n,
          chi2, df, worst);
    }
  }

  @Test
  void exactSamplerRefusesAboveItsLimit() {
    assertThatThrownBy(() -> new RbmExactSampler(Rbm.zero(25, 21))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2^21").hasMessageContaining("min(V, K) <= 20");
    assertThatThrownBy(() -> new RbmExactSampler(Rbm.zero(4, 4), 3)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("min(V, K) <= 3");
    assertThatThrownBy(() -> new RbmGibbsSampler(Rbm.zero(2, 2)).visibleChain(new int[2], 0, 1, 0,
        RandomStreams.fromSeed(1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("thinning");
  }

  @Test
  void samplersStayWellDefinedWithLargeParameters() {
    Rbm rbm = RbmBruteForce.random(4, 3, 50, RandomStreams.fromSeed(45));
    RbmExactSampler exact = new RbmExactSampler(rbm);
    assertThat(exact.logZ()).isFinite().isCloseTo(RbmBruteForce.logZ(rbm), within(1e-9));
    int[][] xs = exact.sampleVisible(1_000, RandomStreams.fromSeed(46));
    int[][] gibbs = new RbmGibbsSampler(rbm).visibleChain(new int[4], 10, 100, 1, RandomStreams.fromSeed(47));
    for (int[][] rows : new int[][][] {xs, gibbs}) {
      for (int[] x : rows) {
        for (int xi : x) {
          assertThat(xi).isBetween(0, 1);
        }
      }
    }
  }
}
