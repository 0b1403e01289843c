package org.occam.rbm;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Lbfgs;
import org.occam.math.LogSpace;
import org.occam.math.SymmetricEigen;
import org.occam.math.TrustRegionNewton;

/**
 * A measurement, not a test (its name is outside Surefire's patterns: run it with
 * {@code -Dtest=RbmLaplaceGapMeasurement}): on tiny random RBMs, laplace against ais-pd (2,000
 * temperatures, 20 runs) with the importance-sampled ℓ (before) and the exact ℓ (after, the
 * default where affordable), printed as {@code AFTER} lines; then, unless {@code -Dgap.decompose=false},
 * the importance-sampled run's gap split into λMP's shortfall (each mode's exact L + log p at its
 * point against the exact optimum found from there) and the volume (exact heights with the
 * pipeline's volumes, the exact Gaussian, trapezoids on the exact ℓ, and a 1-D quadrature of the
 * exact profile along each eigenvector below S_thresh), as {@code GAP} lines. With
 * {@code -Dgap.probe=true} also ln p(D) by importance sampling from a mixture of multivariate t's
 * at every symmetry image (K!·2^K) of every distinct mode ({@code PROBE} lines).
 *
 * <p>Shapes by {@code -Dgap.shapes=3x1,4x2}; {@code -Dgap.design=true} for
 * {@link RbmLaplaceFlipModesTest}'s design (8 seeds, N log-spaced 10..1,000, from
 * {@code -Dgap.base}), otherwise N by {@code -Dgap.n=10,100,1000} and {@code -Dgap.seeds=3} per N.
 * The README's before → after numbers are from {@code -Dgap.shapes=3x1,4x2,6x2,8x3 -Dgap.design=true
 * -Dgap.decompose=false} with {@code -Dgap.base=2026112860000} and {@code 2026112870000}.
 */
class RbmLaplaceGapMeasurement {
  @Test
  void measure() {
    String[] shapes = System.getProperty("gap.shapes", "3x1,4x2").split(",");
    String[] ns = System.getProperty("gap.n", "10,100,1000").split(",");
    int seeds = Integer.parseInt(System.getProperty("gap.seeds", "3"));
    long base = Long.parseLong(System.getProperty("gap.base", "2026112800000"));
    for (String shape : shapes) {
      int v = Integer.parseInt(shape.split("x")[0]);
      int k = Integer.parseInt(shape.split("x")[1]);
      if (Boolean.getBoolean("gap.design")) {
        // RbmLaplaceFlipModesTest's design: 8 seeds, N log-spaced from 10 to 1,000
        for (int i = 0; i < 8; i++) {
          int n = (int) Math.round(10 * Math.pow(100, i / 7.0));
          measureOne(v, k, n, base + 1000L * v + 100L * k + 10L * i);
        }
        continue;
      }
      for (String nText : ns) {
        int n = Integer.parseInt(nText);
        for (int i = 0; i < seeds; i++) {
          long seed = base + 1000L * v + 100L * k + 10L * i + n * 7919L;
          measureOne(v, k, n, seed);
        }
      }
    }
  }

  static int groupSize(int k) {
    int g = 1 << k;
    for (int i = 2; i <= k; i++) {
      g *= i;
    }
    return g;
  }

  /** Every permutation of 0..k−1. */
  static java.util.List<int[]> permutations(int k) {
    java.util.List<int[]> out = new java.util.ArrayList<>();
    permute(new int[k], new boolean[k], 0, out);
    return out;
  }

  private static void permute(int[] p, boolean[] used, int at, java.util.List<int[]> out) {
    if (at == p.length) {
      out.add(p.clone());
      return;
    }
    for (int u = 0; u < p.length; u++) {
      if (!used[u]) {
        used[u] = true;
        p[at] = u;
        permute(p, used, at + 1, out);
        used[u] = false;
      }
    }
  }

  /** Hidden unit u of λ becomes unit perm[u]. */
  static double[] permuteUnits(Rbm shape, double[] lambda, int[] perm) {
    double[] out = lambda.clone();
    for (int u = 0; u < perm.length; u++) {
      for (int i = 0; i < shape.visibleCount(); i++) {
        out[shape.weightIndex(i, perm[u])] = lambda[shape.weightIndex(i, u)];
      }
      out[shape.hiddenBiasIndex(perm[u])] = lambda[shape.hiddenBiasIndex(u)];
    }
    return out;
  }

  /** Every element of the symmetry group applied to λ: flip pattern s, then permutation. */
  static java.util.List<double[]> images(Rbm shape, double[] lambda) {
    int k = shape.hiddenCount();
    java.util.List<double[]> out = new java.util.ArrayList<>();
    for (int pattern = 0; pattern < 1 << k; pattern++) {
      int s = pattern;
      int[] units = java.util.stream.IntStream.range(0, k).filter(u -> (s >> u & 1) != 0).toArray();
      double[] flipped = RbmFlips.flip(shape, lambda, units);
      for (int[] perm : permutations(k)) {
        out.add(permuteUnits(shape, flipped, perm));
      }
    }
    return out;
  }

  /**
   * ln p(D) by importance sampling from a mixture of multivariate t's (ν = 5) at every symmetry image
   * of every distinct mode, scale A⁻¹ with A's eigenvalues floored at 0.25: {estimate, se, ESS}.
   */
  static double[] imageMixtureImportanceSampling(RbmLaplace.Result r, RbmData data, int k, int draws, long seed) {
    Rbm shape = r.model();
    int f = shape.featureCount();
    RbmExactObjective exact = new RbmExactObjective(k, data, 1.0);
    java.util.List<RbmLaplace.Mode> modes = r.flipModes().modes();
    int mCount = modes.size();
    double[][] means = new double[mCount][];
    SymmetricEigen[] spectra = new SymmetricEigen[mCount];
    double[][] scales = new double[mCount][f];
    double[] logDet = new double[mCount];
    double[] logWeights = new double[mCount];
    for (int m = 0; m < mCount; m++) {
      means[m] = modes.get(m).parameters();
      spectra[m] = SymmetricEigen.of(exact.hessian(means[m]));
      for (int e = 0; e < f; e++) {
        scales[m][e] = Math.max(spectra[m].values[e], 0.25);
        logDet[m] += Math.log(scales[m][e]);
      }
      logWeights[m] = modes.get(m).laplace();
    }
    double norm = LogSpace.logSumExp(logWeights);
    for (int m = 0; m < mCount; m++) {
      logWeights[m] -= norm;
    }
    double nu = 5;
    double logGroup = Math.log(groupSize(k));
    double logT0 = org.apache.commons.numbers.gamma.LogGamma.value((nu + f) / 2)
        - org.apache.commons.numbers.gamma.LogGamma.value(nu / 2) - 0.5 * f * Math.log(nu * Math.PI);
    org.apache.commons.rng.UniformRandomProvider rng = org.occam.math.RandomStreams.fromSeed(seed);
    var normal = org.apache.commons.rng.sampling.distribution.ZigguratSampler.NormalizedGaussian.of(rng);
    double[] logW = new double[draws];
    for (int d = 0; d < draws; d++) {
      double u = rng.nextDouble();
      int m = 0;
      double c = Math.exp(logWeights[0]);
      while (m < mCount - 1 && u > c) {
        m++;
        c += Math.exp(logWeights[m]);
      }
      double chi = 0;
      for (int j = 0; j < nu; j++) {
        double g = normal.sample();
        chi += g * g;
      }
      double stretch = Math.sqrt(nu / chi);
      double[] x = means[m].clone();
      for (int e = 0; e < f; e++) {
        double z = normal.sample() * stretch / Math.sqrt(scales[m][e]);
        double[] vec = spectra[m].vector(e);
        for (int b = 0; b < f; b++) {
          x[b] += z * vec[b];
        }
      }
      java.util.List<double[]> all = images(shape, x);
      double[] point = all.get(rng.nextInt(all.size()));
      // q(point) = Σ_m w_m (1/|G|) Σ_g t(g point; μ_m, Σ_m)
      java.util.List<double[]> back = images(shape, point);
      double[] terms = new double[mCount * back.size()];
      int at = 0;
      for (int mm = 0; mm < mCount; mm++) {
        for (double[] y : back) {
          double delta = 0;
          for (int e = 0; e < f; e++) {
            double[] vec = spectra[mm].vector(e);
            double proj = 0;
            for (int b = 0; b < f; b++) {
              proj += vec[b] * (y[b] - means[mm][b]);
            }
            delta += scales[mm][e] * proj * proj;
          }
          terms[at++] = logWeights[mm] - logGroup + logT0 + 0.5 * logDet[mm] - 0.5 * (nu + f) * Math.log1p(delta / nu);
        }
      }
      logW[d] = -exact.value(point) - LogSpace.logSumExp(terms);
    }
    // ln mean w, its relative standard error, and the effective sample size
    double logMean = org.occam.sampling.ImportanceWeights.logMean(logW);
    double se = org.occam.sampling.ImportanceWeights.relativeSd(logW) / Math.sqrt(draws);
    return new double[] {logMean, se, org.occam.sampling.ImportanceWeights.effectiveSampleSize(logW)};
  }

  private static void measureOne(int v, int k, int n, long seed) {
    int[][] rows = RbmParameterAisTest.sample(v, k, n, seed);
    RbmData data = RbmData.of(rows);
    RbmLaplace.Result r = new RbmLaplace(data).score(k, RbmLaplace.Settings.defaults().withExactFineTuning(false),
        seed + 1, 2, s -> { });
    RbmLaplace.Result after = new RbmLaplace(data).score(k, RbmLaplace.Settings.defaults(), seed + 1, 2, s -> { });
    EvidenceEstimate ais = new RbmParameterAis(rows, k, RbmParameterAis.defaultSettings().withSteps(2000)
        .withRuns(20)).estimate(seed + 2, 2);
    double reference = ais.logEvidence();
    System.out.printf("AFTER %dx%d N=%d: before %+.3f (one mode %+.3f), after %+.3f (one mode %+.3f, laplace0 %+.3f,"
        + " %d modes, objective exact %s); ais se %.3f%n", v, k, n, r.laplace() - reference,
        r.laplaceOneMode() - reference, after.laplace() - reference, after.laplaceOneMode() - reference,
        after.laplace0() - reference, after.flipModes().modes().size(), after.fineTuning().exactObjective(),
        ais.stdError().orElseThrow());
    if (Boolean.getBoolean("gap.probe")) {
      double[] is = imageMixtureImportanceSampling(after, data, k, 20000, seed + 3);
      RbmLaplace.FlipModes fm = after.flipModes();
      System.out.printf("PROBE %dx%d N=%d: IS over the %d images of %d modes (t5): %+.3f ± %.3f (ESS %.0f);"
          + " located %d collapsed %d screened %d; groups %s%n", v, k, n, groupSize(k), fm.modes().size(),
          is[0] - reference, is[1], is[2], fm.located(), fm.collapsed(), fm.screenedOut(),
          java.util.Arrays.toString(after.modeGroups()));
    }
    if (!Boolean.parseBoolean(System.getProperty("gap.decompose", "true"))) {
      return;
    }
    RbmExactObjective exact = new RbmExactObjective(k, data, 1.0);
    List<RbmLaplace.Mode> modes = r.flipModes().modes();
    double[] current = new double[modes.size()];
    double[] fixedHeights = new double[modes.size()];
    double[] exactGaussian = new double[modes.size()];
    double[] exactTrapezoids = new double[modes.size()];
    double[] exactQuadrature = new double[modes.size()];
    StringBuilder detail = new StringBuilder();
    for (int m = 0; m < modes.size(); m++) {
      RbmLaplace.Mode mode = modes.get(m);
      Lbfgs.Result opt = new Lbfgs(Lbfgs.Settings.defaults().withGradientTolerance(1e-9))
          .minimize(exact, mode.parameters());
      TrustRegionNewton.Result end = new TrustRegionNewton(new TrustRegionNewton.Settings(1e-10, 200, 1.0))
          .minimize(exact, opt.x(), x -> true);
      double exactMap = -end.value();
      double mapAtPipeline = -exact.value(mode.parameters());
      SymmetricEigen s = SymmetricEigen.of(exact.hessian(end.x()));
      double logDet = 0;
      for (double e : s.values) {
        logDet += Math.log(Math.abs(e));
      }
      double gaussian = s.positiveDefinite() ? 0.5 * s.values.length * Math.log(2 * Math.PI) - 0.5 * logDet
          : Double.NaN;
      current[m] = mode.laplace();
      fixedHeights[m] = exactMap + mode.logVolume() + mode.logModeCount();
      exactGaussian[m] = exactMap + gaussian + mode.logModeCount();
      double[] mu = end.x();
      double top = end.value();
      double trapezoidVolume = 0;
      double quadratureVolume = 0;
      int below = 0;
      for (int e = 0; e < s.values.length; e++) {
        if (s.values[e] >= 1 && s.values[e] > 0) {
          trapezoidVolume += 0.5 * Math.log(2 * Math.PI / s.values[e]);
          quadratureVolume += 0.5 * Math.log(2 * Math.PI / s.values[e]);
          continue;
        }
        below++;
        double[] dir = s.vector(e);
        java.util.function.DoubleUnaryOperator drop = t -> {
          double[] p = mu.clone();
          for (int b = 0; b < p.length; b++) {
            p[b] += t * dir[b];
          }
          return exact.value(p) - top;
        };
        RbmLaplace.HalfHeight right = RbmLaplace.halfHeight(
            t -> new ImportanceSampledObjective.Evaluation(top + drop.applyAsDouble(t), 1), top, 0, 0.25, 1);
        RbmLaplace.HalfHeight left = RbmLaplace.halfHeight(
            t -> new ImportanceSampledObjective.Evaluation(top + drop.applyAsDouble(t), 1), top, 0, 0.25, -1);
        trapezoidVolume += Math.log(right.distance() + left.distance());
        double h = 0.01;
        double sum = 1;
        for (int side = -1; side <= 1; side += 2) {
          for (int j = 1; j < 100000; j++) {
            double d = drop.applyAsDouble(side * j * h);
            sum += Math.exp(-d);
            if (d > 30) {
              break;
            }
          }
        }
        quadratureVolume += Math.log(sum * h);
      }
      exactTrapezoids[m] = exactMap + trapezoidVolume + mode.logModeCount();
      exactQuadrature[m] = exactMap + quadratureVolume + mode.logModeCount();
      detail.append(String.format(" [exact: %d below, trapezoid vol %.3f, 1-D quadrature vol %.3f]", below,
          trapezoidVolume, quadratureVolume));
      detail.append(String.format(" [mode %d: map %.3f (exact at its point %.3f, optimum %.3f), volume %.3f"
          + " (gaussian pipeline %.3f, exact %.3f), count %.3f, %d trapezoids]", m, mode.map(), mapAtPipeline,
          exactMap, mode.logVolume(), mode.logGaussianVolume(), gaussian, mode.logModeCount(),
          mode.trapezoids().size()));
    }
    double laplace = LogSpace.logSumExp(current);
    double heights = LogSpace.logSumExp(fixedHeights);
    double gauss = LogSpace.logSumExp(exactGaussian);
    double trap = LogSpace.logSumExp(exactTrapezoids);
    double quad = LogSpace.logSumExp(exactQuadrature);
    System.out.printf("GAP %dx%d N=%d seed=%d: ais %.3f±%.3f; laplace %+.3f, one mode %+.3f, laplace0 %+.3f;"
        + " shortfall %.3f; exact heights + pipeline volume %+.3f; exact laplace0 %+.3f; exact trapezoids %+.3f; exact 1-D quadrature %+.3f; modes %d, T %d%s%n", v, k, n,
        seed, reference, ais.stdError().orElseThrow(), laplace - reference, r.laplaceOneMode() - reference,
        r.laplace0() - reference, heights - laplace, heights - reference, gauss - reference, trap - reference, quad - reference, modes.size(),
        r.fineTuning().sampleCount(), detail);
  }
}
