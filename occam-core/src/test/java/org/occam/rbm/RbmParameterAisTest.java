package org.occam.rbm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.sampling.ParameterSpaceAis;
import org.occam.math.LogSpace;

/**
 * AIS-p(D) on tiny RBMs against simple importance sampling from the prior,
 * {@code p(D) = E_{λ ~ N(0, I)}[p(D | λ)]}, with a likelihood written here from the definition
 * (a sum over every (x, z)): the two share no code but the random-number generator. AIS uses
 * K = 4000 temperatures and G = 40 runs here. (On the V = 3, K = 1 model, twelve seeds of K = 3000,
 * G = 20 spread with sd 0.021 around −37.998 against a reported standard error of 0.016–0.028, and
 * four seeds of 5·10⁶ prior draws gave −37.986 to −37.990: the standard error is honest.)
 */
class RbmParameterAisTest {
  /** 2·10⁶ prior draws: the importance-sampling standard error is 0.002–0.01 on these models. */
  private static final int PRIOR_DRAWS = 2_000_000;

  static Stream<Arguments> tinyModels() {
    return Stream.of(
        Arguments.of(2, 1, 10, 31L),
        Arguments.of(3, 1, 20, 32L),
        Arguments.of(2, 2, 15, 33L));
  }

  @ParameterizedTest(name = "V={0}, K={1}, N={2}")
  @MethodSource("tinyModels")
  void agreesWithImportanceSamplingFromThePriorWithinThreeStandardErrors(int v, int k, int n, long seed) {
    int[][] rows = sample(v, k, n, seed);
    double[] reference = priorImportanceSampling(rows, k, PRIOR_DRAWS, seed + 100);
    ParameterSpaceAis.Settings settings = RbmParameterAis.defaultSettings().withSteps(4000).withRuns(40);
    EvidenceEstimate ais = new RbmParameterAis(rows, k, settings).estimate(seed + 200, 2);
    double se = ais.stdError().orElseThrow();
    double combined = Math.sqrt(se * se + reference[1] * reference[1]);
    System.out.printf("ais-pd V=%d K=%d N=%d: %.4f ± %.4f (ESS %.1f of 40); prior IS (2e6 draws): %.4f ± %.4f;"
        + " difference %.2f combined se%n", v, k, n, ais.logEvidence(), se, ais.diagnostics().get("effectiveSampleSize"),
        reference[0], reference[1], (ais.logEvidence() - reference[0]) / combined);
    assertThat(reference[1]).isLessThan(0.02);
    assertThat(se).isPositive().isLessThan(0.05);
    assertThat(ais.logEvidence()).isCloseTo(reference[0], within(3 * combined));
  }

  @Test
  void theSameSeedGivesTheSameNumbersOnOneAndTwoThreads() {
    int[][] rows = sample(4, 2, 12, 5);
    ParameterSpaceAis.Settings settings = RbmParameterAis.defaultSettings().withSteps(200).withRuns(5);
    EvidenceEstimate one = new RbmParameterAis(rows, 2, settings).estimate(77, 1);
    EvidenceEstimate two = new RbmParameterAis(rows, 2, settings).estimate(77, 2);
    assertThat(two.logEvidence()).isEqualTo(one.logEvidence());
    assertThat(two.stdError()).isEqualTo(one.stdError());
    assertThat(two.diagnostics().get("logWeights")).isEqualTo(one.diagnostics().get("logWeights"));
    assertThat(two.diagnostics().get("stepSizeByQuarter")).isEqualTo(one.diagnostics().get("stepSizeByQuarter"));
    EvidenceEstimate other = new RbmParameterAis(rows, 2, settings).estimate(78, 2);
    assertThat(other.logEvidence()).isNotEqualTo(one.logEvidence());
  }

  @Test
  void defaultsAreChenAndWellingsAndTheEstimateReportsSettingsSeedAndDiagnostics() {
    ParameterSpaceAis.Settings d = RbmParameterAis.defaultSettings();
    assertThat(d.steps()).isEqualTo(10_000);
    assertThat(d.schedule()).isEqualTo(ParameterSpaceAis.Schedule.LINEAR);
    assertThat(d.leapfrogSteps()).isEqualTo(10);
    assertThat(d.priorSigma()).isEqualTo(1.0);
    assertThat(d.targetAcceptance()).isEqualTo(0.9);
    assertThat(d.runs()).isEqualTo(10);
    assertThat(d.tuning()).isEqualTo(ParameterSpaceAis.StepSizeTuning.PILOT);
    int[][] rows = sample(3, 2, 10, 6);
    EvidenceEstimate e = new RbmParameterAis(rows, 2, d.withSteps(100).withRuns(3)).estimate(12, 1);
    assertThat(e.method()).isEqualTo("ais-pd").isEqualTo(RbmParameterAis.METHOD);
    assertThat(e.seed()).hasValue(12);
    assertThat(e.stdError()).isPresent();
    assertThat(e.seconds()).isPositive();
    assertThat(e.settings()).containsEntry("steps", 100).containsEntry("runs", 3).containsEntry("leapfrogSteps", 10)
        .containsEntry("schedule", "linear(K=100)").containsEntry("stepSizeTuning", "pilot")
        .containsEntry("prior", "N(0, 1.0^2 I)").containsEntry("targetAcceptance", 0.9);
    assertThat(e.diagnostics()).containsEntry("dataSize", 10L).containsEntry("visibleUnits", 3)
        .containsEntry("hiddenUnits", 2).containsEntry("parameters", 11)
        .containsKeys("distinctRows", "exactInference", "acceptanceByQuarter", "pilotAcceptanceByQuarter",
            "logWeights", "effectiveSampleSize", "stdErrorMethod", "stepSizeByQuarter", "finalStepSize",
            "pilotLogWeight", "densityEvaluationsPerRun");
    assertThat((List<?>) e.diagnostics().get("logWeights")).hasSize(3);
    assertThat((List<?>) e.diagnostics().get("acceptanceByQuarter")).hasSize(4);
  }

  @Test
  void thePilotTunedStepSizeKeepsAcceptanceNearNinetyPercentInEveryQuarter() {
    int[][] rows = sample(5, 2, 40, 7);
    EvidenceEstimate e = new RbmParameterAis(rows, 2, RbmParameterAis.defaultSettings().withSteps(2000))
        .estimate(8, 2);
    @SuppressWarnings("unchecked")
    List<Double> acceptance = (List<Double>) e.diagnostics().get("acceptanceByQuarter");
    @SuppressWarnings("unchecked")
    List<Double> steps = (List<Double>) e.diagnostics().get("stepSizeByQuarter");
    // 10 runs × 500 accept/reject outcomes per quarter.
    assertThat(acceptance).allSatisfy(a -> assertThat(a).isCloseTo(0.9, within(0.05)));
    assertThat(steps.get(3)).isLessThan(steps.get(0));
  }

  @Test
  void aChainsCachedLogLikelihoodIsTheExactOneAtItsState() {
    int[][] rows = sample(4, 3, 25, 9);
    RbmParameterAis ais = new RbmParameterAis(rows, 3, RbmParameterAis.defaultSettings());
    ParameterSpaceAis.Chain chain = ais.annealer().start(RandomStreams.fromSeed(3));
    for (int t = 1; t <= 300; t++) {
      chain.transition(t / 300.0);
      if (t % 50 == 0) {
        double exact = bruteForceLogLikelihood(chain.parameters(), rows, 3);
        assertThat(chain.logLikelihood()).isCloseTo(exact, within(1e-10 * (1 + Math.abs(exact))));
      }
    }
    assertThat(chain.accepted()).isPositive().isLessThan(chain.proposed());
  }

  @Test
  void refusesShapesTooLargeToEnumerate() {
    assertThatThrownBy(() -> new RbmParameterAis(new int[][] {new int[25]}, 21, RbmParameterAis.defaultSettings()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("min(V, K) <= 20");
  }

  /** n rows of V units drawn exactly from a random RBM (|λ| ≤ 1.5), hidden units dropped. */
  static int[][] sample(int v, int k, int n, long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    Rbm truth = RbmBruteForce.random(v, k, 1.5, rng);
    double[] p = RbmBruteForce.visibleProbabilities(truth);
    int[][] rows = new int[n][];
    for (int r = 0; r < n; r++) {
      double u = rng.nextDouble();
      int c = 0;
      while (c < p.length - 1 && u >= p[c]) {
        u -= p[c];
        c++;
      }
      rows[r] = RbmBruteForce.bits(c, v);
    }
    return rows;
  }

  /**
   * {ln p̂(D), its delta-method standard error} from {@code draws} prior draws λ ~ N(0, I):
   * p̂ = mean of p(D | λ), se = sd / (√draws · mean).
   */
  static double[] priorImportanceSampling(int[][] rows, int k, int draws, long seed) {
    int v = rows[0].length;
    int f = v * k + v + k;
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
    double[] logWeights = new double[draws];
    double[] lambda = new double[f];
    double max = Double.NEGATIVE_INFINITY;
    for (int d = 0; d < draws; d++) {
      for (int a = 0; a < f; a++) {
        lambda[a] = normal.sample();
      }
      logWeights[d] = bruteForceLogLikelihood(lambda, rows, k);
      max = Math.max(max, logWeights[d]);
    }
    double s1 = 0;
    double s2 = 0;
    for (double lw : logWeights) {
      double w = Math.exp(lw - max);
      s1 += w;
      s2 += w * w;
    }
    double mean = s1 / draws;
    double variance = (s2 / draws - mean * mean) * draws / (draws - 1);
    return new double[] {max + Math.log(mean), Math.sqrt(variance / draws) / mean};
  }

  /**
   * {@code Σ_n log Σ_z exp(λᵀ f(x_n, z)) − N log Σ_{x,z} exp(λᵀ f(x, z))} with
   * {@code λᵀ f(x, z) = Σ_ik x_i z_k W_ik + Σ_i x_i α_i + Σ_k z_k β_k}, W row-major, then α, then β.
   */
  static double bruteForceLogLikelihood(double[] lambda, int[][] rows, int k) {
    int v = rows[0].length;
    double[] all = new double[1 << (v + k)];
    for (int cx = 0; cx < 1 << v; cx++) {
      for (int cz = 0; cz < 1 << k; cz++) {
        all[(cx << k) | cz] = potential(lambda, v, k, cx, cz);
      }
    }
    double logZ = LogSpace.logSumExp(all);
    double s = 0;
    double[] given = new double[1 << k];
    for (int[] x : rows) {
      int cx = 0;
      for (int i = 0; i < v; i++) {
        cx |= x[i] << i;
      }
      for (int cz = 0; cz < 1 << k; cz++) {
        given[cz] = potential(lambda, v, k, cx, cz);
      }
      s += LogSpace.logSumExp(given) - logZ;
    }
    return s;
  }

  private static double potential(double[] lambda, int v, int k, int cx, int cz) {
    double p = 0;
    for (int i = 0; i < v; i++) {
      if ((cx >>> i & 1) == 0) {
        continue;
      }
      p += lambda[v * k + i];
      for (int h = 0; h < k; h++) {
        if ((cz >>> h & 1) != 0) {
          p += lambda[i * k + h];
        }
      }
    }
    for (int h = 0; h < k; h++) {
      if ((cz >>> h & 1) != 0) {
        p += lambda[v * k + v + h];
      }
    }
    return p;
  }
}
