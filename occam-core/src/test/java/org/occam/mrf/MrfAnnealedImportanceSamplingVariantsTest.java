package org.occam.mrf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The settings of {@link MrfAnnealedImportanceSampling} other than its defaults — the linear
 * schedule, step sizes tuned within every run, another prior width, target acceptance and number
 * of leapfrog steps, reverse runs — each against the evidence by quadrature (which shares only the
 * likelihood with AIS, and is itself checked against one-dimensional integrals in
 * {@link MrfQuadratureTest}) over several seeds; and the clique-tree engine that larger graphs use,
 * against enumeration. (This replaces a test that pinned numbers the program had printed.)
 */
class MrfAnnealedImportanceSamplingVariantsTest {
  private static final long[] SEEDS = {1, 2, 3, 4, 5};

  /**
   * K = 1000 temperatures and G = 20 runs: standard errors of 0.02–0.11 on these models, and
   * errors against quadrature up to 1.8 standard errors over the seeds (measured).
   */
  private static final ParameterSpaceAis.Settings BASE =
      MrfAnnealedImportanceSampling.defaultSettings().withSteps(1000).withRuns(20);

  static Stream<Arguments> variants() {
    var linearWithinRun = BASE.withLinearSchedule().withTuning(ParameterSpaceAis.StepSizeTuning.WITHIN_RUN);
    var otherPrior = BASE.withLinearSchedule().withPriorSigma(0.7).withTargetAcceptance(0.8).withLeapfrogSteps(5);
    var bealReverse = BASE.withBealSchedule(0.2).withReverse(true);
    return Stream.of(
        Arguments.of("linear, within-run tuning, edge N = 10", linearWithinRun, MrfQuadratureTest.edge(4, 2, 1, 3)),
        Arguments.of("sigma 0.7, acceptance 0.8, L = 5, edge N = 30", otherPrior, MrfQuadratureTest.edge(9, 3, 6, 12)),
        Arguments.of("sigma 0.7, acceptance 0.8, L = 5, 2 biases N = 100", otherPrior,
            MrfQuadratureTest.independent(100, 35, 81)),
        Arguments.of("Beal's schedule with reverse runs, edge N = 30", bealReverse, MrfQuadratureTest.edge(9, 3, 6, 12)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("variants")
  void agreesWithQuadratureOverSeveralSeeds(String name, ParameterSpaceAis.Settings settings, MrfData data) {
    // 41 points per axis agree with 81 to 1e-8 (MrfQuadratureTest), at an eighth of the cost
    double exact = MrfQuadrature.estimate(data, MrfQuadrature.Settings.defaults().withPriorSigma(settings.priorSigma())
        .withPointsPerAxis(41)).logEvidence();
    double sumError = 0;
    double sumVariance = 0;
    for (long seed : SEEDS) {
      EvidenceEstimate e = new MrfAnnealedImportanceSampling(data, settings).estimate(seed, 2);
      double se = e.stdError().orElseThrow();
      double error = e.logEvidence() - exact;
      assertThat(se).as("seed %d", seed).isPositive().isLessThan(0.15);
      // each run within 4 of its own standard errors (the delta-method se of 20 runs is itself rough)
      assertThat(error).as("seed %d: error against quadrature, se %s", seed, se).isCloseTo(0, within(4 * se));
      if (settings.reverse()) {
        double reverse = (double) e.diagnostics().get("reverseLogEvidence");
        assertThat(reverse - exact).as("seed %d: reverse runs", seed).isCloseTo(0, within(0.2));
      }
      sumError += error;
      sumVariance += se * se;
    }
    // the mean over the seeds: unbiased in p(D), so within 3 standard errors of the mean
    double meanError = sumError / SEEDS.length;
    double meanSe = Math.sqrt(sumVariance) / SEEDS.length;
    assertThat(meanError).isCloseTo(0, within(3 * meanSe));
  }

  @Test
  void theCliqueTreeEngineGivesTheEnumeratedLikelihoodAlongTheChains() {
    // a chain of 12: the clique tree is cheaper than the 4096 states, so AIS runs on it
    PairwiseGraph g = MrfTestModels.chain(12);
    MrfData data = new MrfData(g, 40, ExactInference.exact(MrfTestModels.random(g, 9, 1.0, 1.0)).featureMeans());
    var target = new MrfAnnealedImportanceSampling(data, MrfAnnealedImportanceSampling.defaultSettings());
    EvidenceEstimate e = new MrfAnnealedImportanceSampling(data, BASE.withSteps(50).withRuns(2)).estimate(3, 1);
    assertThat(e.diagnostics().get("exactInference").toString()).startsWith("CliqueTree");
    var chain = target.start(RandomStreams.fromSeed(3));
    for (int k = 1; k <= 200; k++) {
      chain.transition(k / 200.0);
      if (k % 40 == 0) {
        double[] lambda = chain.parameters();
        double dot = 0;
        for (int a = 0; a < lambda.length; a++) {
          dot += lambda[a] * data.featureMeans()[a];
        }
        double enumerated = data.rows() * (dot - ExactEnumeration.logPartition(new BoltzmannMachine(g, lambda)));
        assertThat(chain.logLikelihood()).isCloseTo(enumerated, within(1e-9 * (1 + Math.abs(enumerated))));
      }
    }
    assertThat(chain.accepted()).isPositive();
  }
}
