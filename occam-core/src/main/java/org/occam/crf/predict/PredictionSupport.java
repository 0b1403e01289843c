package org.occam.crf.predict;

import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.occam.crf.CrfData;
import org.occam.crf.CrfFeatures;
import org.occam.crf.CrfProblem;
import org.occam.data.InvalidInputException;
import org.occam.math.Parallel;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.ParameterSamples;
import org.occam.sampling.SamplerSettings;

/**
 * What the predictors share: the test data's design under the trained model, the Laplace
 * posterior's samples (drawn once per problem, S and seed, so that {@code vote},
 * {@code weighted-vote} and {@code super-graph} see the same λ_s and differ only by method), and the
 * per-sequence loop.
 */
public final class PredictionSupport {
  private PredictionSupport() {}

  /** The test sequences' design under the trained model, refused if the parameters do not line up (untied models). */
  public static CrfFeatures testFeatures(CrfProblem trained, CrfData test) {
    CrfFeatures f = trained.model().featurize(test);
    if (!f.parameterNames().equals(trained.features().parameterNames())) {
      throw new InvalidInputException("the test data give the model " + f.dimension() + " parameters, the training data "
          + trained.dimension() + " (an untied model needs test sequences no longer than the training ones)");
    }
    return f;
  }

  /**
   * S draws λ_s from the Laplace posterior N(λMP, A⁻¹), A = {@link CrfProblem#precision()}
   * (Welling &amp; Parise 2006, eqn 16), made by {@link MarkovChains#gaussian} from {@code seed}
   * and cached in the problem, so every predictor given the same S and seed uses the same draws.
   *
   * @return {@code [s][k]}; not to be modified
   */
  public static double[][] laplaceSamples(CrfProblem trained, int samples, long seed) {
    return trained.shared("crf-predict-laplace-samples:" + samples + ":" + seed, p -> {
      DMatrixRMaj a = p.precision().matrix();
      int f = p.dimension();
      double[][] precision = new double[f][f];
      for (int r = 0; r < f; r++) {
        for (int c = 0; c < f; c++) {
          precision[r][c] = a.get(r, c);
        }
      }
      SamplerSettings s = new SamplerSettings(samples, 1, 0, 1, 0.5, 1);
      ParameterSamples draws = MarkovChains.gaussian("bl-mp", p.features().parameterNames(), p.map().lambda(),
          precision, s, seed);
      return draws.pooled();
    });
  }

  /** Spins (−1/+1) to label indices (0/1). */
  public static int[] labels(int[] spins) {
    int[] out = new int[spins.length];
    for (int i = 0; i < spins.length; i++) {
      out[i] = spins[i] > 0 ? 1 : 0;
    }
    return out;
  }

  /** One task per test sequence on the problem's threads, results in sequence order. */
  static <T> List<T> perSequence(CrfProblem trained, CrfFeatures test, java.util.function.IntFunction<T> task) {
    return Parallel.map(test.size(), trained.settings().threads(), "occam-crf-predict", task);
  }
}
