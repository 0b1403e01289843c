package org.occam.mrf.posterior;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.mrf.MrfData;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.mrf.MrfProblem;
import org.occam.sampling.ChainDiagnostics;
import org.occam.sampling.CramerVonMises;
import org.occam.sampling.ParameterSamples;

/**
 * HMC with exact gradients against the exact posterior on a grid ({@link PosteriorTestModels}) on
 * one vertex (1 parameter), two vertices (2) and one edge (3), five seeds each: every parameter's
 * mean within 3 Monte Carlo standard errors (sd / sqrt(ESS)), its variance within 3 standard errors
 * (sqrt((μ4 − σ⁴)/ESS₂), ESS₂ that of the squared deviations, which HMC's anticorrelated draws make
 * smaller than the parameter's own), and its marginal's Cramér–von Mises score against 4,000 exact
 * draws below the 99% null quantile, taken with the chain's effective size in place of its draw
 * count (the null quantile 0.743 (n1 + n2)² / (n1 n2) is for independent draws; with
 * autocorrelated ones the variance of the empirical CDF grows by n/ESS, so the quantile is
 * 0.743 (n1 + n2)(1/ESS + 1/n2), with the smaller of the two ESS).
 */
class MrfHamiltonianMonteCarloTest {
  private static final Map<String, PosteriorTestModels.GridPosterior> GRIDS = new ConcurrentHashMap<>();

  static Stream<Arguments> cases() {
    Map<String, Supplier<MrfData>> models = Map.of("one vertex", PosteriorTestModels::oneVertex, "two vertices",
        PosteriorTestModels::twoVertices, "one edge", PosteriorTestModels::oneEdge);
    return Stream.of("one vertex", "two vertices", "one edge")
        .flatMap(m -> Stream.of(11L, 2024L, 77L, 4711L, 90210L).map(s -> Arguments.of(m, models.get(m), s)));
  }

  /** The ESS of the squared deviations (x − m)², whose mean is the variance estimate. */
  static double squaresEss(ParameterSamples s, int k, double m) {
    double[][][] d = s.draws();
    double[][][] sq = new double[d.length][][];
    for (int c = 0; c < d.length; c++) {
      sq[c] = new double[d[c].length][1];
      for (int t = 0; t < d[c].length; t++) {
        double x = d[c][t][k] - m;
        sq[c][t][0] = x * x;
      }
    }
    return ChainDiagnostics.effectiveSampleSizes(sq)[0];
  }

  @ParameterizedTest(name = "{0}, seed {2}")
  @MethodSource("cases")
  void hmcMatchesTheExactPosterior(String model, Supplier<MrfData> data, long seed) {
    MrfProblem problem = PosteriorTestModels.problem(data.get(), seed, PosteriorDrawSettings.defaults());
    PosteriorTestModels.GridPosterior grid = GRIDS.computeIfAbsent(model,
        k -> new PosteriorTestModels.GridPosterior(
            PosteriorTestModels.problem(data.get(), 0, PosteriorDrawSettings.defaults())));
    ParameterSamples s = MrfPosteriorSamplers.get("hmc").sample(problem, PosteriorTestModels.settings(4000, 4, 2),
        seed);
    assertThat(s.converged()).as(s.diagnostics().toString()).isTrue();
    @SuppressWarnings("unchecked")
    List<Double> ess = (List<Double>) s.diagnostics().get("ess");
    double[][] d = s.pooled();
    double[][] exact = grid.draws(4000, seed + 1);
    for (int k = 0; k < grid.f; k++) {
      double m = 0;
      for (double[] row : d) {
        m += row[k];
      }
      m /= d.length;
      double v = 0;
      for (double[] row : d) {
        v += (row[k] - m) * (row[k] - m);
      }
      v /= d.length - 1;
      double n = ess.get(k);
      double var = grid.covariance[k][k];
      double nSquares = squaresEss(s, k, m);
      String where = model + ", " + s.parameterNames().get(k) + ", ess " + n + ", of the squares " + nSquares;
      double[] a = new double[d.length];
      double[] b = new double[exact.length];
      for (int t = 0; t < d.length; t++) {
        a[t] = d[t][k];
      }
      for (int t = 0; t < exact.length; t++) {
        b[t] = exact[t][k];
      }
      double cvm = CramerVonMises.univariate(a, b);
      double quantile = CramerVonMises.LIMITING_QUANTILE_99 * (a.length + b.length)
          * (1 / Math.min(n, nSquares) + 1.0 / b.length);
      System.out.printf("%s seed %d %s: mean z %+.2f, variance z %+.2f, CVM/q99 %.2f, ess %.0f%n", model, seed,
          s.parameterNames().get(k), (m - grid.mean[k]) / (grid.sd(k) / Math.sqrt(n)),
          (v - var) / Math.sqrt((grid.fourthMoment[k] - var * var) / nSquares), cvm / quantile, n);
      assertThat(m).as(where + " mean").isCloseTo(grid.mean[k], within(3 * grid.sd(k) / Math.sqrt(n)));
      assertThat(v).as(where + " variance").isCloseTo(var,
          within(3 * Math.sqrt((grid.fourthMoment[k] - var * var) / nSquares)));
      assertThat(cvm).as(where + " CVM").isLessThan(quantile);
    }
  }
}
