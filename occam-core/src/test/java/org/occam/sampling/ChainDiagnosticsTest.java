package org.occam.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.math.RandomStreams;

class ChainDiagnosticsTest {
  private static final long[] SEEDS = {11, 202, 3003, 40004, 500005};

  /** Cholesky factor of a correlated 3-D covariance (correlations 0.8, −0.5, 0.3). */
  private static final double[][] L = {{1, 0, 0}, {1.6, 1.2, 0}, {-0.5, 0.9, 0.7}};

  /** m chains of n i.i.d. draws of N(0, LLᵀ). */
  static double[][][] iidCorrelated(int m, int n, long seed) {
    ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(RandomStreams.fromSeed(seed));
    double[][][] x = new double[m][n][3];
    double[] e = new double[3];
    for (int c = 0; c < m; c++) {
      for (int t = 0; t < n; t++) {
        for (int i = 0; i < 3; i++) {
          e[i] = z.sample();
        }
        for (int i = 0; i < 3; i++) {
          for (int j = 0; j <= i; j++) {
            x[c][t][i] += L[i][j] * e[j];
          }
        }
      }
    }
    return x;
  }

  /** An AR(1) series x_t = ρ x_{t−1} + √(1−ρ²) e_t (unit stationary variance) from x_0 = start. */
  static double[] ar1(double rho, int n, double start, UniformRandomProvider rng) {
    ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] x = new double[n];
    double s = Math.sqrt(1 - rho * rho);
    double prev = start;
    for (int t = 0; t < n; t++) {
      prev = rho * prev + s * z.sample();
      x[t] = prev;
    }
    return x;
  }

  @Test
  void psrfOfTwoChainsMatchesTheHandComputedValue() {
    // chains {1,2,3} and {3,4,5}: W = (2 + 2) / (2·2) = 1, B/n = ((2−3)² + (4−3)²) / 1 = 2,
    // PSRF = (n−1)/n + (m+1)/m · 2 = 2/3 + 3 = 11/3
    double[][][] draws = {{{1}, {2}, {3}}, {{3}, {4}, {5}}};
    assertThat(ChainDiagnostics.psrf(draws)[0]).isCloseTo(11.0 / 3, within(1e-12));
    assertThat(ChainDiagnostics.mpsrf(draws)).isCloseTo(11.0 / 3, within(1e-12));
  }

  @Test
  void mpsrfOfTwoParametersMatchesTheHandComputedValue() {
    // parameter 0 as above (11/3); parameter 1 agrees between chains (means 2 and 2): PSRF 2/3.
    // Uncorrelated within chains (cross products +1 and −1 cancel): W = I, B/n = diag(2, 0), λ₁ = 2.
    double[][][] uncorrelated = {{{1, 1}, {2, 3}, {3, 2}}, {{3, 3}, {4, 1}, {5, 2}}};
    double[] r = ChainDiagnostics.psrf(uncorrelated);
    assertThat(r[0]).isCloseTo(11.0 / 3, within(1e-12));
    assertThat(r[1]).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(ChainDiagnostics.mpsrf(uncorrelated)).isCloseTo(11.0 / 3, within(1e-12));
    // Correlated within chains (cross products +1 and +1): W = [[1, ½], [½, 1]], B/n = diag(2, 0),
    // W⁻¹B/n = [[2, 0], [−1, 0]] / ¾ with λ₁ = 8/3, so MPSRF = 2/3 + (3/2)(8/3) = 14/3 > max PSRF.
    double[][][] correlated = {{{1, 1}, {2, 3}, {3, 2}}, {{3, 2}, {4, 1}, {5, 3}}};
    assertThat(ChainDiagnostics.psrf(correlated)[0]).isCloseTo(11.0 / 3, within(1e-12));
    assertThat(ChainDiagnostics.mpsrf(correlated)).isCloseTo(14.0 / 3, within(1e-12));
  }

  @Test
  void mpsrfIsAtLeastEveryPsrf() {
    for (long seed : SEEDS) {
      double[][][] x = iidCorrelated(4, 50, seed);
      for (int c = 0; c < 4; c++) {
        for (double[] d : x[c]) {
          d[c % 3] += 0.3 * c;
        }
      }
      double mp = ChainDiagnostics.mpsrf(x);
      for (double r : ChainDiagnostics.psrf(x)) {
        assertThat(mp).isGreaterThanOrEqualTo(r - 1e-12);
      }
    }
  }

  @Test
  void mpsrfIsNearOneOnIidDraws() {
    for (long seed : SEEDS) {
      double mp = ChainDiagnostics.mpsrf(iidCorrelated(5, 2000, seed));
      assertThat(mp).isCloseTo(1.0, within(0.02));
    }
  }

  @Test
  void mpsrfExceedsTheThresholdOnChainsStartedApartAndStoppedEarly() {
    for (long seed : SEEDS) {
      var root = RandomStreams.fromSeed(seed);
      double[][][] x = new double[4][200][3];
      for (int c = 0; c < 4; c++) {
        double start = c % 2 == 0 ? 10 : -10;
        for (int k = 0; k < 3; k++) {
          double[] s = ar1(0.99, 200, start, root.split());
          for (int t = 0; t < 200; t++) {
            x[c][t][k] = s[t];
          }
        }
      }
      assertThat(ChainDiagnostics.mpsrf(x)).isGreaterThan(SamplerSettings.MPSRF_THRESHOLD);
      for (double r : ChainDiagnostics.psrf(x)) {
        assertThat(r).isGreaterThan(SamplerSettings.MPSRF_THRESHOLD);
      }
    }
  }

  @Test
  void aConstantParameterMakesWSingularAndTheFactorsInfinite() {
    double[][][] x = iidCorrelated(3, 20, 5);
    for (double[][] chain : x) {
      for (double[] d : chain) {
        d[1] = 4.0;
      }
    }
    assertThat(ChainDiagnostics.mpsrf(x)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(ChainDiagnostics.psrf(x)[1]).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(ChainDiagnostics.effectiveSampleSizes(x)[1]).isZero();
  }

  @Test
  void oneChainIsComparedWithItself() {
    // split R̂: the two halves of a chain that drifts disagree
    double[][][] drift = new double[1][100][1];
    for (int t = 0; t < 100; t++) {
      drift[0][t][0] = t;
    }
    assertThat(ChainDiagnostics.mpsrf(drift)).isGreaterThan(2);
    double[][][] iid = {iidCorrelated(1, 4000, 9)[0]};
    assertThat(ChainDiagnostics.mpsrf(iid)).isCloseTo(1.0, within(0.02));
  }

  /**
   * τ of an AR(1) series is (1+ρ)/(1−ρ), so its ESS is n(1−ρ)/(1+ρ) (3n for the anti-correlated
   * ρ = −0.5, above Stan's floor τ ≥ 1/log10 n). Over 8 seeds the mean of the
   * estimates must be within 3 standard errors (from their own spread) of the closed form, and
   * each estimate within 25% of it (the estimator's sd at n = 20,000 is about 3% for ρ = 0.5 and
   * 8% for ρ = 0.9).
   */
  @ParameterizedTest
  @ValueSource(doubles = {-0.5, 0.5, 0.9})
  void essOfAnAr1SeriesMatchesTheClosedForm(double rho) {
    int n = 20_000;
    double exact = n * (1 - rho) / (1 + rho);
    int seeds = 8;
    double[] ess = new double[seeds];
    for (int s = 0; s < seeds; s++) {
      double[] x = ar1(rho, n, 0, RandomStreams.fromSeed(1000 + 17 * s));
      ess[s] = n / ChainDiagnostics.integratedAutocorrelationTime(x);
      assertThat(ess[s]).isCloseTo(exact, within(0.25 * exact));
    }
    double mean = 0;
    for (double e : ess) {
      mean += e / seeds;
    }
    double var = 0;
    for (double e : ess) {
      var += (e - mean) * (e - mean) / (seeds - 1);
    }
    assertThat(mean).isCloseTo(exact, within(3 * Math.sqrt(var / seeds)));
  }

  @Test
  void essOverChainsOfAr1SeriesMatchesTheClosedForm() {
    double rho = 0.9;
    int m = 4;
    int n = 5000;
    double exact = m * n * (1 - rho) / (1 + rho);
    for (long seed : SEEDS) {
      var root = RandomStreams.fromSeed(seed);
      double[][][] x = new double[m][n][1];
      for (int c = 0; c < m; c++) {
        double[] s = ar1(rho, n, 0, root.split());
        for (int t = 0; t < n; t++) {
          x[c][t][0] = s[t];
        }
      }
      assertThat(ChainDiagnostics.effectiveSampleSizes(x)[0]).isCloseTo(exact, within(0.25 * exact));
    }
  }

  @Test
  void iidDrawsHaveAnAutocorrelationTimeNearOne() {
    for (long seed : SEEDS) {
      double[] x = ar1(0.0, 5000, 0, RandomStreams.fromSeed(seed));
      assertThat(ChainDiagnostics.integratedAutocorrelationTime(x)).isCloseTo(1.0, within(0.15));
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {71, 7272, 727373})
  void independentDrawsMpsrfOfOneParameterHasTheFDistributionsMean(long seed) {
    // p = 1: λ = (B/n)/W = F(m−1, d)/n with d = m(n−1), so E[MPSRF] = (n−1)/n + (m+1)/m · d/((d−2) n)
    int m = 4;
    int n = 50;
    int r = 4000;
    double[] sims = ChainDiagnostics.independentDrawsMpsrfs(m, n, 1, r, seed);
    double mean = 0;
    for (double v : sims) {
      mean += v;
    }
    mean /= r;
    double var = 0;
    for (double v : sims) {
      var += (v - mean) * (v - mean);
    }
    double se = Math.sqrt(var / (r - 1) / r);
    double d = m * (n - 1.0);
    double exact = (n - 1.0) / n + (m + 1.0) / m * d / ((d - 2) * n);
    assertThat(mean).isCloseTo(exact, within(3.5 * se));
  }

  @Test
  void independentDrawsMpsrfRisesWithParametersPerDrawAndPassesTheThresholdWhenTheyAreMany() {
    // 10 chains of 100 independent draws: below 1.1 for 5 parameters, above it for 200 (about
    // 1 + 1.1 · 200/900 before the noise in W is counted); 4 times the draws bring 40 parameters down
    double few = ChainDiagnostics.independentDrawsMpsrf(10, 100, 5, 5, 1);
    double forty = ChainDiagnostics.independentDrawsMpsrf(10, 100, 40, 5, 2);
    double fortyLonger = ChainDiagnostics.independentDrawsMpsrf(10, 400, 40, 5, 3);
    double many = ChainDiagnostics.independentDrawsMpsrf(10, 100, 200, 3, 4);
    assertThat(few).isLessThan(1.05);
    assertThat(forty).isGreaterThan(few);
    assertThat(fortyLonger).isLessThan(forty).isLessThan(1.05);
    assertThat(many).isGreaterThan(1 + 1.1 * 200 / 900.0);
    assertThat(ChainDiagnostics.independentDrawsMpsrf(10, 10, 100, 1, 5)).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @ParameterizedTest
  @ValueSource(ints = {50, 120, 300})
  void approximateIndependentDrawsMpsrfIsCloseToTheSimulationForManyParameters(int p) {
    for (int n : new int[] {100, 400}) {
      double simulated = ChainDiagnostics.independentDrawsMpsrf(10, n, p, 5, 31L * p + n);
      double approx = ChainDiagnostics.approximateIndependentDrawsMpsrf(10, n, p);
      // within 30% of the excess either way: the Marchenko-Pastur edge and the mean inflation of W⁻¹ are
      // asymptotes, the first an over-statement at small p, the second an under-statement when p/(m n) is large
      assertThat(approx - 1).as("p = %d, n = %d: simulated %f", p, n, simulated)
          .isCloseTo(simulated - 1, within(0.3 * (simulated - 1)));
    }
  }
}
