package org.occam.crf.predict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.occam.crf.ChainInference;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfTestModels;

class GPredictorTest {
  /** Whether the truncated objective keeps the product u_a u_b (a ≠ b): written from the javadoc's list, by indices. */
  static boolean kept(int a, int b, int l) {
    int lo = Math.min(a, b);
    int hi = Math.max(a, b);
    if (hi < l) {
      return hi - lo == 1; // neighbouring spins
    }
    if (lo < l) {
      int pair = hi - l; // the product t_pair t_pair+1
      return lo == pair || lo == pair + 1;
    }
    return false; // product–product
  }

  /** G(t) of eqn 15 from scratch: moments of f by enumeration, M = (C_x + A)⁻¹ by inversion. */
  static double[] fullGByEnumeration(CrfFeatures f, int n, double[] lambda, DMatrixRMaj a, List<int[]> all) {
    int k = f.dimension();
    double logZ = CrfTestModels.bruteLogZ(f, n, lambda);
    double[] mean = new double[k];
    double[][] second = new double[k][k];
    for (int[] t : all) {
      double[] s = f.statistics(n, t);
      double p = Math.exp(dot(s, lambda) - logZ);
      for (int r = 0; r < k; r++) {
        mean[r] += p * s[r];
        for (int c = 0; c < k; c++) {
          second[r][c] += p * s[r] * s[c];
        }
      }
    }
    DMatrixRMaj m = a.copy();
    for (int r = 0; r < k; r++) {
      for (int c = 0; c < k; c++) {
        m.add(r, c, second[r][c] - mean[r] * mean[c]);
      }
    }
    double offset = 0.5 * (Math.log(CommonOps_DDRM.det(a)) - Math.log(CommonOps_DDRM.det(m))) - logZ;
    CommonOps_DDRM.invert(m);
    double[] g = new double[all.size() + 1];
    g[all.size()] = offset; // log p(t | x, D) ≈ G(t) + offset
    for (int c = 0; c < all.size(); c++) {
      double[] s = f.statistics(n, all.get(c));
      double q = 0;
      for (int r = 0; r < k; r++) {
        for (int cc = 0; cc < k; cc++) {
          q += (s[r] - mean[r]) * m.get(r, cc) * (s[cc] - mean[cc]);
        }
      }
      g[c] = dot(s, lambda) + 0.5 * q;
    }
    return g;
  }

  static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  @ParameterizedTest
  @ValueSource(longs = {3, 71, 2024})
  void truncatedViterbiIsTheEnumeratedMaximumOfTheTruncatedObjectiveAndTheFullGIsEqn15(long seed) {
    CrfProblem p = PredictionTestData.trainedRandom(seed, 1, 4, 5, 3);
    double[] lambda = p.map().lambda();
    DMatrixRMaj a = p.precision().matrix();
    CrfData test = PredictionTestData.randomTest(seed, 1, 2, 5, 8);
    CrfFeatures f = PredictionSupport.testFeatures(p, test);
    double largestCorrection = 0;
    for (int n = 0; n < f.size(); n++) {
      int l = f.length(n);
      List<int[]> all = CrfTestModels.allSpins(l);
      GPredictor.Objective o = GPredictor.objective(f, n, lambda, a);
      double[] g = fullGByEnumeration(f, n, lambda, a, all);
      double bestTruncated = Double.NEGATIVE_INFINITY;
      double bestFull = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < all.size(); c++) {
        int[] t = all.get(c);
        assertThat(o.full(t)).isCloseTo(g[c], within(1e-9 * (1 + Math.abs(g[c]))));
        assertThat(o.logPredictive(t)).isCloseTo(g[c] + g[all.size()], within(1e-8 * (1 + Math.abs(g[c]))));
        // the truncated objective from B and ū directly, keeping the listed products only
        double[] u = ChainInference.statistics(t);
        double v = 0;
        for (int x = 0; x < u.length; x++) {
          v += o.potentials()[x] * u[x];
          for (int y = 0; y < u.length; y++) {
            double dx = u[x] - o.mean()[x];
            double dy = u[y] - o.mean()[y];
            if (x == y) {
              v += 0.5 * o.b(x, y) * dx * dy;
            } else {
              // the linear and constant parts of every term are kept; the product only where listed
              double bilinear = u[x] * u[y];
              double rest = dx * dy - bilinear;
              v += 0.5 * o.b(x, y) * (rest + (kept(x, y, l) ? bilinear : 0));
            }
          }
        }
        assertThat(o.truncated(t)).isCloseTo(v, within(1e-9 * (1 + Math.abs(v))));
        bestTruncated = Math.max(bestTruncated, v);
        bestFull = Math.max(bestFull, g[c]);
        largestCorrection = Math.max(largestCorrection, Math.abs(g[c] - dot(f.statistics(n, t), lambda)));
      }
      GPredictor.Result r = GPredictor.solve(f, n, lambda, a);
      assertThat(o.truncated(r.spins())).isCloseTo(bestTruncated, within(1e-9 * (1 + Math.abs(bestTruncated))));
      assertThat(r.fullG()).isCloseTo(o.full(r.spins()), within(1e-12));
      assertThat(r.gap()).isGreaterThanOrEqualTo(0.0).isCloseTo(bestFull - r.fullG(), within(1e-9));
    }
    // the correction is not negligible on so little training data, so the test has teeth
    assertThat(largestCorrection).isGreaterThan(0.05);
  }

  @ParameterizedTest
  @ValueSource(longs = {5, 17})
  void predictorReportsANonNegativeGapOnEveryShortSequence(long seed) {
    CrfProblem p = PredictionTestData.trainedRandom(seed, 1, 6, 4, 7);
    CrfData test = PredictionTestData.randomTest(seed, 3, 6, 8, 2);
    CrfPrediction pr = CrfPredictors.get("g").predict(p, test, PredictionSettings.defaults(), seed);
    assertThat((Double) pr.diagnostics().get("gap")).isGreaterThanOrEqualTo(0.0);
    assertThat(pr.diagnostics().get("gapSequences")).isEqualTo(4);
    assertThat(pr.labels()).hasSize(4);
    assertThat(pr.errorRate(test)).isBetween(0.0, 1.0);
  }
}
