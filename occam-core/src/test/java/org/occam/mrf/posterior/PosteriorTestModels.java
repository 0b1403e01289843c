package org.occam.mrf.posterior;

import org.occam.sampling.Whitening;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;
import org.occam.mrf.ExactLogLikelihood;
import org.occam.mrf.MrfData;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.sampling.SamplerSettings;

/**
 * The tiny models of the posterior tests (1, 2 and 3 parameters, with their data as rows), and
 * their exact posterior on a grid: the density evaluated on a fine tensor grid in the coordinates
 * that whiten the Laplace approximation at the mode (±9 standard deviations, spacing 0.3), giving
 * the posterior mean, covariance and fourth central moments by the trapezoid rule, and exact draws
 * from the grid's piecewise-constant density (a cell chosen by its mass, then a uniform point in it).
 */
final class PosteriorTestModels {
  private PosteriorTestModels() {}

  /** One vertex, 7 ones in 25 rows: 1 parameter. */
  static MrfData oneVertex() {
    return rows(new PairwiseGraph(1, new int[0][]), new int[][] {{0}, {1}}, 18, 7);
  }

  /** Two vertices, no edge, 3 and 11 ones in 20 rows: 2 parameters. */
  static MrfData twoVertices() {
    return rows(new PairwiseGraph(2, new int[0][]), new int[][] {{0, 0}, {1, 0}, {0, 1}, {1, 1}}, 8, 1, 9, 2);
  }

  /** One edge, cells n00, n10, n01, n11 = 5, 3, 4, 8 (x0 x1): 3 parameters. */
  static MrfData oneEdge() {
    return rows(PairwiseGraph.complete(2), new int[][] {{0, 0}, {1, 0}, {0, 1}, {1, 1}}, 5, 3, 4, 8);
  }

  static MrfData rows(PairwiseGraph g, int[][] x, double... counts) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < g.vertexCount(); i++) {
      names.add(String.valueOf((char) ('A' + i)));
    }
    return MrfData.ofRows(g, new MrfData.RowTable(names, x, counts));
  }

  static MrfProblem problem(MrfData data, long seed, PosteriorDrawSettings posterior) {
    return new MrfProblem(data.graph(), data, MrfScoreSettings.defaults(), seed, null, posterior);
  }

  static SamplerSettings settings(int samples, int chains, int threads) {
    return new SamplerSettings(samples, chains, 500, 1_000_000, 0.8, threads);
  }

  /** The exact posterior on a grid. */
  static final class GridPosterior {
    final int f;
    final double[] mean;
    final double[][] covariance;
    final double[] fourthMoment;
    final double logEvidence;
    private final Whitening w;
    private final double spacing;
    private final int n;
    private final double[] cdf;

    GridPosterior(MrfProblem problem) {
      f = problem.featureCount();
      w = Whitening.of(problem.exactMap().lambda(), problem.exactPrecision().matrix(), problem.prior().precision());
      ExactLogLikelihood likelihood = ExactLogLikelihood.perChain(problem.data()).get();
      double sigma = problem.prior().sigma();
      double half = 9;
      spacing = 0.3;
      n = 2 * (int) Math.round(half / spacing) + 1;
      long total = (long) Math.pow(n, f);
      double[] logDensity = new double[(int) total];
      double[] u = new double[f];
      double[] lambda = new double[f];
      double max = Double.NEGATIVE_INFINITY;
      for (int p = 0; p < total; p++) {
        point(p, u);
        w.toLambda(u, lambda);
        double v = likelihood.value(lambda) - 0.5 * f * Math.log(2 * Math.PI * sigma * sigma);
        for (double l : lambda) {
          v -= 0.5 * l * l / (sigma * sigma);
        }
        logDensity[p] = v;
        max = Math.max(max, v);
      }
      mean = new double[f];
      covariance = new double[f][f];
      fourthMoment = new double[f];
      cdf = new double[(int) total];
      double sum = 0;
      for (int p = 0; p < total; p++) {
        double weight = Math.exp(logDensity[p] - max);
        sum += weight;
        cdf[p] = sum;
        point(p, u);
        w.toLambda(u, lambda);
        for (int i = 0; i < f; i++) {
          mean[i] += weight * lambda[i];
        }
      }
      for (int i = 0; i < f; i++) {
        mean[i] /= sum;
      }
      for (int p = 0; p < total; p++) {
        double weight = Math.exp(logDensity[p] - max) / sum;
        point(p, u);
        w.toLambda(u, lambda);
        for (int i = 0; i < f; i++) {
          double di = lambda[i] - mean[i];
          fourthMoment[i] += weight * di * di * di * di;
          for (int j = 0; j < f; j++) {
            covariance[i][j] += weight * di * (lambda[j] - mean[j]);
          }
        }
      }
      for (int p = 0; p < total; p++) {
        cdf[p] /= sum;
      }
      // the Jacobian of λ = m + R⁻ᵀ u is 1/Π R_ii = the whitened Gaussian's normaliser: det(A)^(−1/2)
      logEvidence = max + Math.log(sum) + f * Math.log(spacing) - 0.5 * problem.exactPrecision().logDeterminant();
    }

    private void point(long p, double[] u) {
      for (int i = 0; i < f; i++) {
        u[i] = ((int) (p % n) - (n - 1) / 2) * spacing;
        p /= n;
      }
    }

    /** {@code count} exact draws (up to the grid's resolution). */
    double[][] draws(int count, long seed) {
      UniformRandomProvider rng = RandomStreams.fromSeed(seed);
      double[][] out = new double[count][f];
      double[] u = new double[f];
      for (int s = 0; s < count; s++) {
        int p = Arrays.binarySearch(cdf, rng.nextDouble());
        p = p >= 0 ? p : Math.min(cdf.length - 1, -p - 1);
        point(p, u);
        for (int i = 0; i < f; i++) {
          u[i] += (rng.nextDouble() - 0.5) * spacing;
        }
        w.toLambda(u, out[s]);
      }
      return out;
    }

    double sd(int k) {
      return Math.sqrt(covariance[k][k]);
    }
  }
}
