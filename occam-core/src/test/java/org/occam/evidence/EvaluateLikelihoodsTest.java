package org.occam.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.data.InvalidInputException;
import org.occam.math.RandomStreams;

class EvaluateLikelihoodsTest {
  private static final ConjugateModels.Model MODEL = ConjugateModels.gaussianMeans(3, 20, 0, 1, 3);

  private static double[][] draws(int count, long seed, boolean posterior) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    double[][] out = new double[count][MODEL.dimension()];
    for (double[] d : out) {
      if (posterior) {
        MODEL.posteriorDraw(rng, d);
      } else {
        MODEL.priorDraw(rng, d);
      }
    }
    return out;
  }

  /** An evaluator with scratch space that must be used by one thread only. */
  private static final class OneThreadEvaluator implements ToDoubleFunction<double[]> {
    private Thread owner;
    private final double[] scratch = new double[MODEL.dimension()];

    @Override
    public double applyAsDouble(double[] lambda) {
      if (owner == null) {
        owner = Thread.currentThread();
      }
      assertThat(Thread.currentThread()).isSameAs(owner);
      System.arraycopy(lambda, 0, scratch, 0, scratch.length);
      return MODEL.logLikelihood(scratch);
    }
  }

  @Test
  void theLikelihoodsAreTheSameForAnyThreadCountWithOneEvaluatorPerWorker() {
    double[][] post = draws(1001, 1, true);
    double[][] prior = draws(333, 2, false);
    SampledLikelihoods one = null;
    for (int threads : new int[] {1, 2, 3, 8}) {
      AtomicInteger made = new AtomicInteger();
      List<OneThreadEvaluator> evaluators = Collections.synchronizedList(new ArrayList<>());
      SampledLikelihoods l = SampleEvidenceEstimators.evaluate(() -> {
        made.incrementAndGet();
        OneThreadEvaluator e = new OneThreadEvaluator();
        evaluators.add(e);
        return e;
      }, post, prior, 900, Map.of("sampler", "exact"), threads);
      assertThat(made.get()).as("evaluators for %d threads", threads).isEqualTo(threads + 1);
      if (one == null) {
        one = l;
        assertThat(l.posteriorLogLikelihoods()[5]).isEqualTo(MODEL.logLikelihood(post[5]));
        assertThat(l.priorLogLikelihoods()[300]).isEqualTo(MODEL.logLikelihood(prior[300]));
        double[] mean = new double[MODEL.dimension()];
        for (double[] d : post) {
          for (int j = 0; j < mean.length; j++) {
            mean[j] += d[j] / post.length;
          }
        }
        assertThat(l.logLikelihoodAtPosteriorMean()).isCloseTo(MODEL.logLikelihood(mean),
            org.assertj.core.data.Offset.offset(1e-9));
      } else {
        assertThat(l.posteriorLogLikelihoods()).isEqualTo(one.posteriorLogLikelihoods());
        assertThat(l.priorLogLikelihoods()).isEqualTo(one.priorLogLikelihoods());
        assertThat(l.logLikelihoodAtPosteriorMean()).isEqualTo(one.logLikelihoodAtPosteriorMean());
      }
      assertThat(l.provenance()).containsEntry("sampler", "exact").containsEntry("samples", 1001)
          .containsEntry("priorDraws", 333).containsEntry("posteriorZeroLikelihoods", 0)
          .containsEntry("priorZeroLikelihoods", 0).containsKey("seconds");
      assertThat(l.posteriorEffectiveDraws()).isEqualTo(900);
    }
  }

  @Test
  void aNotANumberLikelihoodIsRefusedInOneLineNamingTheDraw() {
    double[][] post = draws(10, 1, true);
    double[][] prior = draws(10, 2, false);
    AtomicInteger calls = new AtomicInteger();
    ToDoubleFunction<double[]> broken = lambda -> lambda == post[6] ? Double.NaN : MODEL.logLikelihood(lambda);
    assertThatThrownBy(() -> SampleEvidenceEstimators.evaluate(() -> {
      calls.incrementAndGet();
      return broken;
    }, post, prior, 10, Map.of(), 2)).isInstanceOf(InvalidInputException.class)
        .hasMessage("the log likelihood is NaN at posterior draw 7 (of 10): the likelihood could not be evaluated there");
    ToDoubleFunction<double[]> brokenPrior = lambda -> lambda == prior[2] ? Double.NaN : MODEL.logLikelihood(lambda);
    assertThatThrownBy(() -> SampleEvidenceEstimators.evaluate(() -> brokenPrior, post, prior, 10, Map.of(), 1))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("prior draw 3 (of 10)");
  }

  @Test
  void zeroLikelihoodsAreKeptAndCountedInTheProvenance() {
    double[][] post = draws(10, 1, true);
    double[][] prior = draws(10, 2, false);
    ToDoubleFunction<double[]> underflowing = lambda -> lambda == prior[4] || lambda == prior[9] || lambda == post[0]
        ? Double.NEGATIVE_INFINITY : MODEL.logLikelihood(lambda);
    Map<String, Object> provenance = new LinkedHashMap<>();
    provenance.put("samples", 12345);
    provenance.put("seconds", 2.0);
    SampledLikelihoods l = SampleEvidenceEstimators.evaluate(() -> underflowing, post, prior, 10, provenance, 3);
    assertThat(l.provenance()).containsEntry("posteriorZeroLikelihoods", 1).containsEntry("priorZeroLikelihoods", 2)
        .containsEntry("samples", 12345);
    assertThat((double) l.provenance().get("seconds")).isGreaterThanOrEqualTo(2.0);
    assertThat(l.posteriorLogLikelihoods()[0]).isEqualTo(Double.NEGATIVE_INFINITY);
  }

  @Test
  void drawsOfDifferentLengthsAndNoDrawsAreRefused() {
    assertThatThrownBy(() -> SampleEvidenceEstimators.evaluate(() -> MODEL::logLikelihood, new double[0][],
        new double[0][], 1, Map.of(), 1)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> SampleEvidenceEstimators.evaluate(() -> MODEL::logLikelihood, draws(3, 1, true),
        new double[][] {{1, 2}}, 3, Map.of(), 1)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("prior draw 1 has 2 values");
  }
}
