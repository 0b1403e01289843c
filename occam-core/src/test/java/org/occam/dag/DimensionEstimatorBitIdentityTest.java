package org.occam.dag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.data.Dataset;
import org.occam.math.LogSpace;
import org.occam.math.RandomStreams;

/**
 * Issue 17, point 3: {@link DimensionEstimator}'s Gram matrices are now built from ln θ taken once
 * per cell, over each score vector's nonzero entries only, with each point's family cells found once
 * and four points' outer products added in one pass, and must stay bit for bit what they
 * were (CS† ranks structures by the dimensions they give, and the committed experiment outputs must
 * stay reproducible). {@link Reference} is the loop as it was; both must give the same matrices,
 * compared by raw bits, on all 136 structures of Beal's class, with every observed configuration as
 * the representative set and with the data's distinct rows (missing cells filled at random), at
 * random parameters and at parameters with entries near 0 and 1.
 */
class DimensionEstimatorBitIdentityTest {
  /** The Gram matrices as they were computed before: every entry of every row, ln θ per term. */
  static final class Reference {
    private Reference() {}

    static DimensionEstimator.Grams grams(DagStructure s, Dataset data, double[] theta, UniformRandomProvider rng,
        DimensionEstimator.Settings settings) {
      double[] base = DimensionEstimator.towardsUniform(s, theta, 1e-3);
      int[] hidden = s.hiddenVariables();
      List<int[]> points = DimensionEstimator.representativePoints(s, data, s.observedVariables(),
          settings.maxEnumeratedRows(), rng);
      List<int[]> completePoints = DimensionEstimator.completePoints(s, points, hidden, rng);
      int cells = s.tableSize();
      double[][] incomplete = new double[cells][cells];
      double[][] complete = new double[cells][cells];
      double[] row = new double[cells];
      int configs = 1;
      for (int h : hidden) {
        configs *= s.cardinality(h);
      }
      double[] logJoint = new double[configs];
      int[][] assignments = new int[configs][];
      for (int[] point : points) {
        Arrays.fill(row, 0);
        for (int c = 0; c < configs; c++) {
          int[] z = point.clone();
          int rest = c;
          for (int a = hidden.length - 1; a >= 0; a--) {
            z[hidden[a]] = rest % s.cardinality(hidden[a]);
            rest /= s.cardinality(hidden[a]);
          }
          assignments[c] = z;
          double sum = 0;
          for (int j = 0; j < s.size(); j++) {
            sum += Math.log(base[s.flatIndex(j, z)]);
          }
          logJoint[c] = sum;
        }
        double norm = LogSpace.logSumExp(logJoint);
        for (int c = 0; c < configs; c++) {
          DimensionEstimator.addScore(s, base, assignments[c], Math.exp(logJoint[c] - norm), row);
        }
        addOuterProduct(incomplete, row);
      }
      for (int[] z : completePoints) {
        Arrays.fill(row, 0);
        DimensionEstimator.addScore(s, base, z, 1.0, row);
        addOuterProduct(complete, row);
      }
      return new DimensionEstimator.Grams(incomplete, complete, points.size());
    }

    private static void addOuterProduct(double[][] gram, double[] row) {
      for (int a = 0; a < row.length; a++) {
        double ra = row[a];
        if (ra != 0) {
          for (int b = a; b < row.length; b++) {
            gram[a][b] += ra * row[b];
          }
        }
      }
    }
  }

  private static final List<DagStructure> STRUCTURES =
      new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables()).structures();

  private static long[][] bits(double[][] m) {
    return Arrays.stream(m).map(r -> Arrays.stream(r).mapToLong(Double::doubleToRawLongBits).toArray())
        .toArray(long[][]::new);
  }

  /** Random parameters of {@code s}; with {@code extreme}, each row pushed towards one of its entries. */
  private static double[] theta(DagStructure s, long seed, boolean extreme) {
    double[] theta = DagScorer.randomParameters(s, RandomStreams.fromSeed(seed));
    if (extreme) {
      SplittableRandom rnd = new SplittableRandom(seed);
      for (int r = 0; r < s.cptRows(); r++) {
        int from = s.rowStart(r);
        int k = s.cardinality(s.rowVariable(r));
        int big = rnd.nextInt(k);
        double sum = 0;
        for (int x = 0; x < k; x++) {
          theta[from + x] = x == big ? 1 : 1e-12 * (1 + rnd.nextDouble());
          sum += theta[from + x];
        }
        for (int x = 0; x < k; x++) {
          theta[from + x] /= sum;
        }
      }
    }
    return theta;
  }

  private static void sweep(int n, long seed, double missing, boolean extreme, int maxEnumeratedRows) {
    int[][] rows = AncestralSampler.sampleObserved(BealExample.structure(),
        BealExample.trueModel().parameters().orElseThrow(), n, RandomStreams.fromSeed(seed));
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
    for (int[] row : rows) {
      for (int v = 1; v < row.length; v++) { // the first cell kept, so no row is all missing
        if (rnd.nextDouble() < missing) {
          row[v] = Dataset.MISSING;
        }
      }
    }
    Dataset data = Dataset.of(BealExample.observedVariables(), rows);
    var settings = new DimensionEstimator.Settings(1e-4, 1e-6, maxEnumeratedRows);
    long k = 0;
    for (DagStructure s : STRUCTURES) {
      double[] theta = theta(s, seed * 1000 + k++, extreme);
      var now = DimensionEstimator.grams(s, data, theta, RandomStreams.fromSeed(seed + k), settings);
      var ref = Reference.grams(s, data, theta, RandomStreams.fromSeed(seed + k), settings);
      assertThat(now.points()).isEqualTo(ref.points());
      assertThat(bits(now.incomplete())).as("d's Gram matrix, structure %d", k).isDeepEqualTo(bits(ref.incomplete()));
      assertThat(bits(now.complete())).as("d''s Gram matrix, structure %d", k).isDeepEqualTo(bits(ref.complete()));
    }
  }

  @Test
  void everyObservedConfigurationAtRandomParameters() {
    sweep(40, 71, 0, false, 20000);
  }

  @Test
  void everyObservedConfigurationAtNearlyDeterministicParameters() {
    sweep(40, 72, 0, true, 20000);
  }

  @Test
  void theDataRowsWithMissingCellsFilledAtRandom() {
    sweep(300, 73, 0.2, false, 100);
  }
}
