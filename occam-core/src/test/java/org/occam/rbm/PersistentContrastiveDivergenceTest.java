package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.occam.math.RandomStreams;

class PersistentContrastiveDivergenceTest {
  private static final int V = 6;
  private static final int K = 2;
  private static final int N = 2000;
  private static int[][] data;
  private static PersistentContrastiveDivergence pcd;

  @BeforeAll
  static void sampleData() {
    Rbm truth = RbmBruteForce.random(V, K, 2, RandomStreams.fromSeed(20261121L));
    data = new RbmExactSampler(truth).sampleVisible(N, RandomStreams.fromSeed(11));
    pcd = new PersistentContrastiveDivergence(data);
  }

  /** Σ_n log p(x_n | λ) + log p(λ), exact; ML when σ0 is infinite. */
  private static double objective(Rbm rbm, double sigma0) {
    double prior = Double.isFinite(sigma0) ? PersistentContrastiveDivergence.logPrior(rbm, sigma0) : 0;
    return pcd.logLikelihood(rbm, 20) + prior;
  }

  /** Deterministic gradient ascent on the per-datum objective with the exact E[f] at every step. */
  private static Rbm exactAscent(Rbm start, double sigma0, int steps, double eta) {
    int f = start.featureCount();
    double[] dataMean = new double[f];
    double[] conditional = new double[f];
    double precision = Double.isFinite(sigma0) ? 1 / (N * sigma0 * sigma0) : 0;
    double[] lambda = start.parameters();
    Rbm rbm = start;
    for (int t = 0; t < steps; t++) {
      Arrays.fill(dataMean, 0);
      for (int[] x : data) {
        rbm.conditionalFeatureMeans(x, conditional);
        for (int a = 0; a < f; a++) {
          dataMean[a] += conditional[a] / N;
        }
      }
      double[] model = RbmEnumeration.run(rbm, 1, false).featureMeans();
      for (int a = 0; a < f; a++) {
        lambda[a] += eta * (dataMean[a] - model[a] - precision * lambda[a]);
      }
      rbm = rbm.withParameters(lambda);
    }
    return rbm;
  }

  private static double norm(Rbm rbm) {
    double s = 0;
    for (double l : rbm.parameters()) {
      s += l * l;
    }
    return Math.sqrt(s);
  }

  @Test
  void mapReachesTheObjectiveOfExactGradientAscent() {
    PersistentContrastiveDivergence.Settings settings = PersistentContrastiveDivergence.Settings.defaults();
    List<Integer> progress = new ArrayList<>();
    UniformRandomProvider rng = RandomStreams.fromSeed(5);
    Rbm init = RbmBruteForce.random(V, K, 0.01, rng);
    PersistentContrastiveDivergence.Result r = pcd.train(init, settings, rng, progress::add);
    PersistentContrastiveDivergence.TracePoint first = r.trace().get(0);
    PersistentContrastiveDivergence.TracePoint last = r.trace().get(r.trace().size() - 1);
    double initial = first.objective();
    double trained = objective(r.rbm(), 1);
    // the exact optimum, from the same initial point as PCD's
    Rbm optimum = exactAscent(init, 1, 16000, 0.5);
    double best = objective(optimum, 1);
    System.out.printf("PCD-MAP V=%d K=%d N=%d: objective initial %.3f, PCD %.3f, exact ascent %.3f, gap %.4f"
        + " per datum; final ‖g‖ %.4f%n", V, K, N, initial, trained, best, (best - trained) / N,
        r.finalGradientNorm());
    assertThat(first.iteration()).isZero();
    assertThat(last.iteration()).isEqualTo(settings.iterations());
    assertThat(last.objective()).isEqualTo(trained);
    assertThat(r.trace()).hasSize(settings.iterations() / settings.traceInterval() + 1);
    assertThat(progress).hasSize(settings.iterations()).endsWith(settings.iterations());
    assertThat(trained - initial).as("improvement").isGreaterThan(0.2 * N);
    assertThat((best - trained) / N).as("gap per datum").isLessThan(2e-3);
  }

  @Test
  void sameSeedGivesIdenticalParameters() {
    PersistentContrastiveDivergence.Settings s = PersistentContrastiveDivergence.Settings.defaults()
        .withIterations(300).withBatchSize(100);
    Rbm a = pcd.train(K, s, 99L, null).rbm();
    Rbm b = pcd.train(K, s, 99L, null).rbm();
    Rbm c = pcd.train(K, s, 100L, null).rbm();
    assertThat(a.parameters()).containsExactly(b.parameters());
    assertThat(a).isEqualTo(b).isNotEqualTo(c);
  }

  @Test
  void tightPriorShrinksTheParametersBelowMl() {
    PersistentContrastiveDivergence.Settings s = PersistentContrastiveDivergence.Settings.defaults()
        .withIterations(2000).withTrace(100, 0);
    PersistentContrastiveDivergence.Result ml = pcd.train(K, s.maximumLikelihood(), 3L, null);
    PersistentContrastiveDivergence.Result map = pcd.train(K, s.withPriorSigma(0.1), 3L, null);
    System.out.printf("‖λ‖: ML %.3f, MAP σ0=0.1 %.3f%n", norm(ml.rbm()), norm(map.rbm()));
    assertThat(ml.trace()).isEmpty();
    assertThat(norm(map.rbm())).isLessThan(0.8 * norm(ml.rbm()));
  }

  /**
   * A prior so tight that the explicit step overshoots (η0 = 0.5, 1/(N σ0²) = 50,000 per datum)
   * diverged ("PCD diverged at update 2"); the implicit prior step keeps every λ_a within the MAP
   * point's bound |λ_a| ≤ N σ0² (|data − model| ≤ 1 per feature).
   */
  @Test
  void aPriorTooTightForTheExplicitStepStillConverges() {
    int[][] rows = Arrays.copyOf(data, 20);
    double sigma0 = 1e-3;
    PersistentContrastiveDivergence.Result r = new PersistentContrastiveDivergence(rows)
        .train(K, PersistentContrastiveDivergence.Settings.defaults().withIterations(200).withPriorSigma(sigma0), 5L,
            null);
    for (double l : r.rbm().parameters()) {
      assertThat(Math.abs(l)).isLessThanOrEqualTo(rows.length * sigma0 * sigma0);
    }
  }

  @Test
  void countsAreTheSameAsRepeatedRows() {
    int[][] rows = {{0, 1, 1}, {1, 0, 0}, {0, 1, 1}, {1, 1, 1}};
    PersistentContrastiveDivergence repeated = new PersistentContrastiveDivergence(rows);
    PersistentContrastiveDivergence counted =
        new PersistentContrastiveDivergence(new int[][] {{0, 1, 1}, {1, 0, 0}, {1, 1, 1}, {0, 0, 0}},
            new long[] {2, 1, 1, 0});
    assertThat(counted.dataCount()).isEqualTo(4);
    assertThat(counted.distinctRowCount()).isEqualTo(3);
    PersistentContrastiveDivergence.Settings s = PersistentContrastiveDivergence.Settings.defaults()
        .withIterations(50);
    assertThat(counted.train(2, s, 1L, null).rbm()).isEqualTo(repeated.train(2, s, 1L, null).rbm());
  }

  @Test
  void settingsPrintByNameAndBadInputIsRefused() {
    PersistentContrastiveDivergence.Settings d = PersistentContrastiveDivergence.Settings.defaults();
    assertThat(d.toMap()).containsEntry("iterations", 10000).containsEntry("estimate", "MAP")
        .containsEntry("batchSize", "full");
    assertThat(d.maximumLikelihood().toMap()).containsEntry("estimate", "ML");
    assertThat(d.toString()).startsWith("PersistentContrastiveDivergence{iterations=10000");
    assertThatThrownBy(() -> d.withStepSize(0, 100)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PersistentContrastiveDivergence(new int[][] {{0, 2}}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 or 1");
    assertThatThrownBy(() -> pcd.train(Rbm.zero(V + 1, K), d, RandomStreams.fromSeed(1), null))
        .isInstanceOf(IllegalArgumentException.class);
    // a step too large for the prior no longer diverges: aPriorTooTightForTheExplicitStepStillConverges
  }
}
