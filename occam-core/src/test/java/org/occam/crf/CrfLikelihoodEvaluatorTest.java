package org.occam.crf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.occam.math.DifferentiableFunction;
import org.occam.math.RandomStreams;

/**
 * The likelihood's fast paths agree with each other: a chain's evaluator (buffers kept between
 * calls) gives exactly the numbers of {@link CrfLikelihood#valueAndGradient} on any thread count;
 * the binary design's exponential products agree with a real-valued design's exponentials.
 */
class CrfLikelihoodEvaluatorTest {
  @Test
  void theEvaluatorIsExactlyTheThreadedSum() {
    UniformRandomProvider rng = RandomStreams.fromSeed(8);
    CrfData data = CrfTestModels.randomData(rng, 3, 7, 3, 9, 2, 4, 5, 6, 1, 8, 7, 3, 2, 6, 5, 4, 3, 9, 2);
    CrfLikelihood like = new CrfLikelihood(CrfModel.full(data.labelStates(), data.inputNames()).featurize(data));
    DifferentiableFunction ev = like.newEvaluator();
    for (int rep = 0; rep < 3; rep++) {
      double[] lambda = new double[like.dimension()];
      for (int k = 0; k < lambda.length; k++) {
        lambda[k] = 3 * (2 * rng.nextDouble() - 1);
      }
      double[] g1 = new double[lambda.length];
      double[] g2 = new double[lambda.length];
      double v1 = ev.valueAndGradient(lambda, g1);
      double v2 = like.valueAndGradient(lambda, g2, 2);
      assertThat(v1).isEqualTo(v2);
      assertThat(g1).containsExactly(g2);
    }
  }

  @Test
  void aBinaryDesignAgreesWithTheSameDesignScaledAndBack() {
    // inputs of 0.5/0 (not binary) with λ doubled give the same potentials as 0/1 inputs with λ
    UniformRandomProvider rng = RandomStreams.fromSeed(9);
    CrfData data = CrfTestModels.randomData(rng, 2, 6, 4, 5);
    List<CrfData.Sequence> halved = new ArrayList<>();
    for (CrfData.Sequence s : data.sequences()) {
      double[][] x = new double[s.length()][];
      for (int i = 0; i < x.length; i++) {
        x[i] = s.inputs()[i].clone();
        for (int a = 0; a < x[i].length; a++) {
          x[i][a] *= 0.5;
        }
      }
      halved.add(new CrfData.Sequence(s.id(), s.labels(), x));
    }
    CrfModel model = new CrfModel(data.labelStates(), data.inputNames(), CrfModel.papers(data.inputNames()), true);
    CrfFeatures binary = model.featurize(data);
    CrfFeatures real = model.featurize(new CrfData(data.labelStates(), data.inputNames(), halved));
    assertThat(binary.binary()).isTrue();
    assertThat(real.binary()).isFalse();
    double[] lambda = {0.7, -1.2, 0.4, 2.0};
    double[] twice = {1.4, -2.4, 0.8, 4.0};
    double[] gb = new double[4];
    double[] gr = new double[4];
    double vb = new CrfLikelihood(binary).valueAndGradient(lambda, gb, 1);
    double vr = new CrfLikelihood(real).valueAndGradient(twice, gr, 1);
    assertThat(vb).isCloseTo(vr, within(1e-12));
    for (int k = 0; k < 4; k++) {
      assertThat(gb[k]).isCloseTo(2 * gr[k], within(1e-12)); // L_real(μ) = L_binary(μ/2) at μ = 2λ
    }
  }
}
