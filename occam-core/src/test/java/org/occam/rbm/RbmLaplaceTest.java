package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Lbfgs;
import org.occam.math.RandomStreams;

/**
 * {@link RbmLaplace} against exact quantities: the pipeline's λMP, map and laplace0 against an
 * exact MAP search and an exact Hessian (by enumeration) at the same mode; the half-height search
 * against a quadratic whose half-height points are known; the mode groups on constructed RBMs.
 */
class RbmLaplaceTest {
  private static final double SIGMA = 1;

  /** Distinct rows and counts of n draws from a random RBM. */
  private static RbmData data(int v, int k, double scale, int n, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    Rbm truth = RbmBruteForce.random(v, k, scale, rng);
    return RbmData.of(new RbmExactSampler(truth).sampleVisible(n, rng));
  }

  private static RbmLaplace.Settings quickSettings() {
    return RbmLaplace.Settings.defaults()
        .withTraining(PersistentContrastiveDivergence.Settings.defaults().withIterations(3000).withChains(50))
        .withSamples(50, 200, 100, 5);
  }

  /** The exact negative log posterior −L(λ) − log p(λ) and its gradient, by enumeration. */
  private static DifferentiableFunction exactNegativeLogPosterior(int v, int k, int[][] rows, double[] counts) {
    double total = Arrays.stream(counts).sum();
    return (lambda, g) -> {
      Rbm rbm = new Rbm(v, k, lambda);
      RbmEnumeration e = RbmEnumeration.run(rbm, 1, false);
      double[] mean = e.featureMeans();
      double[] m = new double[lambda.length];
      double value = total * e.logZ();
      for (int a = 0; a < lambda.length; a++) {
        g[a] = total * mean[a] + lambda[a] / (SIGMA * SIGMA);
      }
      for (int n = 0; n < rows.length; n++) {
        value -= counts[n] * rbm.logZGivenVisible(rows[n]);
        rbm.conditionalFeatureMeans(rows[n], m);
        for (int a = 0; a < lambda.length; a++) {
          g[a] -= counts[n] * m[a];
        }
      }
      return value - RbmLaplace.logPrior(lambda, SIGMA);
    };
  }

  @Test
  void mapAndLaplace0AgreeWithExactQuantitiesAtTheSameMode() {
    int v = 4;
    int k = 1;
    RbmData d = data(v, k, 2.0, 400, 11);
    int[][] rows = d.rows();
    double[] counts = Arrays.stream(d.counts()).asDoubleStream().toArray();
    RbmLaplace laplace = new RbmLaplace(d);
    RbmLaplace.Result r = laplace.score(k, quickSettings(), 12, 2, s -> { });

    // exact MAP from the pipeline's point, and the exact A = N C − Σ_n C_n + I/σ0² there
    DifferentiableFunction exact = exactNegativeLogPosterior(v, k, rows, counts);
    Lbfgs.Result opt = new Lbfgs(Lbfgs.Settings.defaults().withGradientTolerance(1e-9))
        .minimize(exact, r.model().parameters());
    double[] lambda = opt.x();
    Rbm atMode = new Rbm(v, k, lambda);
    double n = laplace.dataCount();
    double[][] c = RbmEnumeration.run(atMode, 1, true).covariance();
    int f = lambda.length;
    DMatrixRMaj a = new DMatrixRMaj(f, f);
    double[][] cn = new double[f][f];
    for (int i = 0; i < f; i++) {
      for (int j = 0; j < f; j++) {
        a.set(i, j, n * c[i][j]);
      }
      a.add(i, i, 1 / (SIGMA * SIGMA));
    }
    for (int row = 0; row < rows.length; row++) {
      atMode.conditionalFeatureCovariance(rows[row], cn);
      for (int i = 0; i < f; i++) {
        for (int j = 0; j < f; j++) {
          a.add(i, j, -counts[row] * cn[i][j]);
        }
      }
    }
    double exactMap = -opt.value();
    double exactLaplace0 = exactMap + 0.5 * f * Math.log(2 * Math.PI) - 0.5 * Math.log(CommonOps_DDRM.det(a));

    double distance = 0;
    for (int i = 0; i < f; i++) {
      distance = Math.max(distance, Math.abs(lambda[i] - r.model().parameter(i)));
    }
    System.out.printf("RBM Laplace V=4 K=1 N=400: map %.4f (exact %.4f), laplace0 %.4f (exact %.4f), laplace %.4f,"
        + " max |Δλ| %.3f, ESS %.0f of %d, fine-tuning %s%n", r.map(), exactMap, r.laplace0(), exactLaplace0,
        r.laplace(), distance, r.fineTuning().effectiveSampleSize(), r.fineTuning().sampleCount(),
        r.fineTuning().reason());
    assertThat(r.logPartition().method()).isEqualTo(RbmLogPartition.Method.EXACT);
    assertThat(r.positiveDefinite()).isTrue();
    assertThat(distance).isLessThan(0.1);
    // at the mode the posterior is flat to first order: a λ error of 0.1 changes map by ~0.01·N·C
    assertThat(r.map()).isCloseTo(exactMap, within(0.3));
    // λMP's own term (laplace0 also sums the flipped modes, which the exact search here does not visit)
    RbmLaplace.Mode atMap = r.flipModes().modes().get(0);
    assertThat(atMap.laplace0()).isCloseTo(exactLaplace0, within(0.3));
    assertThat(r.fineTuning().effectiveSampleSize()).isGreaterThanOrEqualTo(0.9 * r.fineTuning().sampleCount());
    if (r.trapezoids().isEmpty()) {
      // K = 1: one mode group, and without trapezoids laplace is eqn 5 itself
      assertThat(atMap.laplace()).isCloseTo(atMap.laplace0(), within(1e-9));
    }
    assertThat(r.modeGroups()).containsExactly(1);
  }

  @Test
  void theLaplaceEvidenceApproachesAisOverTheParametersOnASmallModel() {
    // V = 4, K = 1 (F = 9), N = 600: the Laplace error is small; T = 40,000 samples keep the
    // importance-sampled λMP close to the exact one (its shortfall in map is of order F·N/(2T))
    RbmData d = data(4, 1, 1.5, 600, 51);
    RbmLaplace laplace = new RbmLaplace(d);
    RbmLaplace.Result r = laplace.score(1, quickSettings().withSamples(40, 200, 1000, 2), 52, 2, s -> { });
    var ais = new RbmParameterAis(new RbmLogLikelihood(1, d.rows(), d.counts()),
        RbmParameterAis.defaultSettings().withSteps(3000).withRuns(10)).estimate(53, 2);
    double se = ais.stdError().orElseThrow();
    System.out.printf("RBM V=4 K=1 N=600: laplace %.3f, laplace0 %.3f, map %.3f, ais-pd %.3f ± %.3f%n", r.laplace(),
        r.laplace0(), r.map(), ais.logEvidence(), se);
    assertThat(r.laplace()).isCloseTo(ais.logEvidence(), within(0.3 + 3 * se));
    // MAP leaves out the volume term, which is far from zero here
    assertThat(Math.abs(r.map() - ais.logEvidence())).isGreaterThan(1);
  }

  @Test
  void theMapPointIsNearTheBestOfManyExactRestartsOnRealData() {
    // the 5 most frequent SOTU words, N = 300, K = 3: a symmetric start (all hidden units alike)
    // once left PCD 8 nats below the best mode; the default start now gets within 1 nat of it
    RbmData d = RbmCsvReader.read(java.nio.file.Path.of("..", "data", "sotu_chunks100_w100.csv"),
        RbmCsvReader.Selection.mostFrequent(5), null).head(300);
    int k = 3;
    RbmLogLikelihood ll = new RbmLogLikelihood(k, d.rows(), d.counts());
    int f = ll.dimension();
    DifferentiableFunction negativeLogPosterior = (x, g) -> {
      double v = ll.valueAndGradient(x, g);
      for (int a = 0; a < f; a++) {
        g[a] = -g[a] + x[a];
      }
      return -v - RbmLaplace.logPrior(x, 1);
    };
    UniformRandomProvider rng = RandomStreams.fromSeed(61);
    double best = Double.NEGATIVE_INFINITY;
    for (int restart = 0; restart < 10; restart++) {
      double[] x0 = new double[f];
      for (int a = 0; a < f; a++) {
        x0[a] = (2 * rng.nextDouble() - 1) * (restart % 2 == 0 ? 0.2 : 2);
      }
      best = Math.max(best, -new Lbfgs(Lbfgs.Settings.defaults()).minimize(negativeLogPosterior, x0).value());
    }
    RbmLaplace.Result r = new RbmLaplace(d).score(k, RbmLaplace.Settings.defaults(), 1, 2, s -> { });
    System.out.printf("SOTU 5 words N=300 K=3: pipeline map %.3f, best of 10 exact restarts %.3f%n", r.map(), best);
    assertThat(r.map()).isGreaterThan(best - 1);
  }

  @Test
  void thereIsAtLeastOneGibbsSamplePerDatum() {
    // 20 chains × 10 samples asked for, 3000 rows: T is raised to 20 × 150 = 3000
    RbmLaplace laplace = new RbmLaplace(data(3, 1, 1.0, 3000, 71));
    // the paper's importance-sampled ℓ (3×1 would otherwise get the exact one, with no samples)
    RbmLaplace.Settings s = quickSettings().withSamples(20, 50, 10, 2).withTraining(
        PersistentContrastiveDivergence.Settings.defaults().withIterations(300).withChains(10))
        .withExactFineTuning(false);
    RbmLaplace.Result r = laplace.score(1, s, 72, 1, x -> { });
    assertThat(r.fineTuning().sampleCount()).isEqualTo(3000);
    assertThat(r.fineTuning().effectiveSampleSize()).isGreaterThanOrEqualTo(0.9 * 3000);
  }

  @Test
  void aFineTuningStoppedAtTheEssLimitTakesTheVolumeOnSamplesDrawnAtTheMode() {
    // an ESS limit of 99.5%: the importance-sampled ℓ's weights reach it within a short move, so the
    // fine-tuning stops there; the trapezoids then search from λMP on new samples drawn there, and
    // some of them end at half height rather than at once at the limit
    int redrawn = 0;
    for (long seed : new long[] {4_113, 90_227, 51_719}) {
      RbmLaplace laplace = new RbmLaplace(data(6, 2, 1.5, 1000, seed));
      RbmLaplace.Settings s = quickSettings().withEssFraction(0.995).withExactFineTuning(false);
      RbmLaplace.Result r = laplace.score(2, s, seed + 1, 2, x -> { });
      RbmLaplace.FineTuning f = r.fineTuning();
      boolean atLimit = f.newtonStop() == null
          ? f.reason() == Lbfgs.Reason.ITERATE_REFUSED && !(f.remaining() <= RbmLaplace.FINE_TUNING_TOLERANCE)
          : f.newtonStop() == org.occam.math.TrustRegionNewton.Reason.ITERATE_REFUSED;
      assertThat(f.volumeSamplesRedrawn()).as("seed %d", seed).isEqualTo(atLimit);
      if (atLimit) {
        redrawn++;
        assertThat(r.trapezoids().stream().filter(t -> !t.leftLimitedByEss() || !t.rightLimitedByEss()).count())
            .as("seed %d: trapezoid sides ended by the half height", seed).isPositive();
      }
      assertThat(r.laplace()).as("seed %d", seed).isFinite();
    }
    assertThat(redrawn).as("fine-tunings stopped at the ESS limit").isPositive();
  }

  @Test
  void theSameSeedGivesTheSameScoresOnOneAndTwoThreads() {
    RbmLaplace laplace = new RbmLaplace(data(4, 2, 1.5, 200, 21));
    RbmLaplace.Settings s = quickSettings().withTraining(
        PersistentContrastiveDivergence.Settings.defaults().withIterations(500).withChains(20));
    // with the exact ℓ (the default at this size) and with the paper's importance-sampled one
    for (RbmLaplace.Settings t : new RbmLaplace.Settings[] {s, s.withExactFineTuning(false)}) {
      RbmLaplace.Result one = laplace.score(2, t, 5, 1, x -> { });
      RbmLaplace.Result two = laplace.score(2, t, 5, 2, x -> { });
      assertThat(one.fineTuning().exactObjective()).isEqualTo(t.exactFineTuning());
      assertThat(two.laplace()).isEqualTo(one.laplace());
      assertThat(two.laplace0()).isEqualTo(one.laplace0());
      assertThat(two.model()).isEqualTo(one.model());
    }
  }

  @Test
  void aisForLogZAgreesWithEnumerationAtTheMode() {
    RbmLaplace laplace = new RbmLaplace(data(5, 2, 1.5, 300, 31));
    // the same (importance-sampled) ℓ in both, so that only log Z differs: with AIS for log Z the
    // exact ℓ is not used
    RbmLaplace.Settings s = quickSettings().withExactFineTuning(false);
    RbmLaplace.Result exact = laplace.score(2, s, 7, 2, x -> { });
    RbmLaplace.Result ais = laplace.score(2, s.withLogZ(RbmLogPartition.Method.AIS), 7, 2, x -> { });
    assertThat(ais.logPartition().method()).isEqualTo(RbmLogPartition.Method.AIS);
    assertThat(ais.model()).isEqualTo(exact.model());
    double se = ais.logPartition().stdError();
    assertThat(se).isPositive();
    assertThat(ais.logPartition().value()).isCloseTo(exact.logPartition().value(), within(3 * se + 1e-9));
    // N log Z enters the score: the difference is exactly −N Δlog Z
    assertThat(ais.map() - exact.map()).isCloseTo(
        -laplace.dataCount() * (ais.logPartition().value() - exact.logPartition().value()), within(1e-8));
  }

  @Test
  void theHalfHeightSearchFindsTheHalfHeightPointsOfAQuadratic() {
    double s = 0.37;
    double expected = Math.sqrt(2 * Math.log(2) / s);
    RbmLaplace.HalfHeight right = RbmLaplace.halfHeight(
        t -> new ImportanceSampledObjective.Evaluation(5 + 0.5 * s * t * t, 100), 5, 90, 0.25, 1);
    RbmLaplace.HalfHeight left = RbmLaplace.halfHeight(
        t -> new ImportanceSampledObjective.Evaluation(5 + 0.5 * s * t * t, 100), 5, 90, 0.25, -1);
    assertThat(right.distance()).isCloseTo(expected, within(1e-3 * expected));
    assertThat(left.distance()).isCloseTo(expected, within(1e-3 * expected));
    assertThat(right.limitedByEss()).isFalse();
    assertThat(right.unbounded()).isFalse();

    // an ESS that falls below the limit at t = 0.8 ends the search there, before the half height
    RbmLaplace.HalfHeight cut = RbmLaplace.halfHeight(
        t -> new ImportanceSampledObjective.Evaluation(5 + 0.5 * s * t * t, t < 0.8 ? 100 : 50), 5, 90, 0.25, 1);
    assertThat(cut.distance()).isCloseTo(0.8, within(1e-3));
    assertThat(cut.limitedByEss()).isTrue();

    // a step larger than the half-height distance: bisection from 0
    RbmLaplace.HalfHeight big = RbmLaplace.halfHeight(
        t -> new ImportanceSampledObjective.Evaluation(5 + 0.5 * s * t * t, 100), 5, 90, 50, 1);
    assertThat(big.distance()).isCloseTo(expected, within(1e-3 * expected));

    // a flat direction never falls to half height
    assertThat(RbmLaplace.halfHeight(t -> new ImportanceSampledObjective.Evaluation(5, 100), 5, 90, 0.25, 1)
        .unbounded()).isTrue();
  }

  @Test
  void hiddenUnitsWithTheSameParametersFormOneGroupAndDistantOnesDoNot() {
    double[][] w = {{1, 1, -2}, {0.5, 0.5, 3}, {-1, -1, 0}};
    Rbm rbm = Rbm.of(w, new double[] {0, 0, 0}, new double[] {0.2, 0.2, -1});
    double[][] a = new double[rbm.featureCount()][rbm.featureCount()];
    for (int i = 0; i < a.length; i++) {
      a[i][i] = 100;
    }
    assertThat(RbmLaplace.equivalentModeGroups(rbm, a)).containsExactly(2, 1);
    assertThat(RbmLaplace.logMultinomial(3, new int[] {2, 1})).isCloseTo(Math.log(3), within(1e-12));
    assertThat(RbmLaplace.logMultinomial(3, new int[] {1, 1, 1})).isCloseTo(Math.log(6), within(1e-12));

    // units 0 and 2 differ by d with |d|² = 2(1.5² + 1.25² + 0.5² + 0.6²) ≈ 8.8; with a tiny curvature they overlap too
    double[][] flat = new double[a.length][a.length];
    for (int i = 0; i < a.length; i++) {
      flat[i][i] = 1e-3;
    }
    assertThat(RbmLaplace.equivalentModeGroups(rbm, flat)).containsExactly(3);
    // the threshold is exp(−½ q) = ½: q = dᵀAd just below and above 2 ln 2
    Rbm two = Rbm.of(new double[][] {{0.5, -0.5}}, new double[] {0}, new double[] {0, 0});
    double[][] id = new double[two.featureCount()][two.featureCount()];
    double q1 = 2 * 0.25; // d = (±0.5) on the two weights, |d|² = 0.5
    for (int i = 0; i < id.length; i++) {
      id[i][i] = 2 * Math.log(2) / q1 * 0.99;
    }
    assertThat(RbmLaplace.equivalentModeGroups(two, id)).containsExactly(2);
    for (int i = 0; i < id.length; i++) {
      id[i][i] = 2 * Math.log(2) / q1 * 1.01;
    }
    assertThat(RbmLaplace.equivalentModeGroups(two, id)).containsExactly(1, 1);
  }

  @Test
  void flippedModesHaveTheSameLikelihoodAndTheirPriorMassIsSummed() {
    UniformRandomProvider rng = RandomStreams.fromSeed(41);
    Rbm rbm = RbmBruteForce.random(3, 2, 1.0, rng);
    int[][] data = new RbmExactSampler(rbm).sampleVisible(30, rng);
    double expected = 0;
    double base = RbmLaplace.logPrior(rbm.parameters(), 1.5);
    for (int s = 0; s < 4; s++) {
      double[] l = rbm.parameters();
      for (int u = 0; u < 2; u++) {
        if ((s >> u & 1) != 0) {
          for (int i = 0; i < 3; i++) {
            l[rbm.visibleBiasIndex(i)] += rbm.weight(i, u);
            l[rbm.weightIndex(i, u)] = -rbm.weight(i, u);
          }
          l[rbm.hiddenBiasIndex(u)] = -rbm.hiddenBias(u);
        }
      }
      Rbm flipped = new Rbm(3, 2, l);
      // the same distribution of x: log Z(x) − log Z equal for every data row
      double shift = RbmBruteForce.logZ(flipped) - RbmBruteForce.logZ(rbm);
      for (int[] x : data) {
        assertThat(RbmBruteForce.logZGivenVisible(flipped, x) - shift)
            .isCloseTo(RbmBruteForce.logZGivenVisible(rbm, x), within(1e-12));
      }
      expected += Math.exp(RbmLaplace.logPrior(l, 1.5) - base);
    }
    assertThat(RbmLaplace.logFlipModeMass(rbm, 1.5)).isCloseTo(Math.log(expected), within(1e-12));
  }

  @Test
  void refusesBadInput() {
    RbmLaplace ok = new RbmLaplace(RbmData.of(new int[][] {{0, 1}}, new long[] {3}));
    assertThatThrownBy(() -> ok.score(0, quickSettings(), 1, 1, s -> { })).hasMessageContaining("at least one hidden");
    assertThatThrownBy(() -> RbmLaplace.Settings.defaults()
        .withTraining(PersistentContrastiveDivergence.Settings.defaults().maximumLikelihood()))
        .hasMessageContaining("prior");
  }
}
