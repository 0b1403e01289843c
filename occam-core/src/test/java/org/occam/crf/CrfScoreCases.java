package org.occam.crf;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.RandomStreams;

/**
 * Small CRFs with labels drawn from the model itself (exact samples of p(t | x, λ*)), for the tests
 * of the evidence methods, and the evidence by a brute trapezoid rule in the raw parameters that
 * shares no code with the quadrature method (no mode, no whitening).
 */
public final class CrfScoreCases {
  private CrfScoreCases() {}

  /**
   * N sequences of random lengths in [minLength, maxLength] with {@code inputs} binary inputs
   * (each 1 with probability ½), labelled by exact samples from {@code model} at {@code truth}.
   */
  public static CrfData sampled(CrfModel model, double[] truth, int inputs, int n, int minLength, int maxLength,
      long seed) {
    UniformRandomProvider rng = RandomStreams.fromSeed(seed);
    int[] lengths = new int[n];
    for (int s = 0; s < n; s++) {
      lengths[s] = minLength + rng.nextInt(maxLength - minLength + 1);
    }
    CrfData raw = CrfTestModels.randomData(rng, inputs, lengths);
    CrfFeatures f = model.featurize(raw);
    List<CrfData.Sequence> out = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      int[] t = f.infer(s, truth).sample(rng);
      int[] labels = new int[t.length];
      for (int i = 0; i < t.length; i++) {
        labels[i] = t[i] > 0 ? 1 : 0;
      }
      CrfData.Sequence seq = raw.sequences().get(s);
      out.add(new CrfData.Sequence(seq.id(), labels, seq.inputs()));
    }
    return new CrfData(raw.labelStates(), raw.inputNames(), out);
  }

  /** The input names g0… of {@link #sampled}'s data. */
  public static List<String> inputs(int count) {
    List<String> names = new ArrayList<>();
    for (int a = 0; a < count; a++) {
      names.add("g" + a);
    }
    return names;
  }

  /** A tied model over inputs g0…g(inputs−1) with these features. */
  public static CrfModel model(int inputs, String... features) {
    return new CrfModel(List.of("no", "yes"), inputs(inputs), List.of(features), true);
  }

  /**
   * ln ∫ N(λ; 0, σ² I) exp(L(λ)) dλ for F = 1 or 2 by the trapezoid rule with step h on the box
   * [−w, w]^F in the raw parameters, summed relative to the largest term.
   */
  public static double bruteLogEvidence(CrfLikelihood likelihood, double sigma, double h, double w) {
    int f = likelihood.dimension();
    if (f > 2) {
      throw new IllegalArgumentException("brute grid for F <= 2 only");
    }
    int m = (int) Math.round(w / h);
    int inner = f == 2 ? m : 0;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    double[] lambda = new double[f];
    double logNorm = -0.5 * f * Math.log(2 * Math.PI * sigma * sigma);
    for (int i = -m; i <= m; i++) {
      for (int j = -inner; j <= inner; j++) {
        lambda[0] = i * h;
        if (f == 2) {
          lambda[1] = j * h;
        }
        double v = logNorm + likelihood.value(lambda);
        for (double l : lambda) {
          v -= 0.5 * l * l / (sigma * sigma);
        }
        if (Math.abs(i) == m) {
          v -= Math.log(2);
        }
        if (f == 2 && Math.abs(j) == m) {
          v -= Math.log(2);
        }
        if (v > max) {
          sum = sum * Math.exp(max - v) + 1;
          max = v;
        } else {
          sum += Math.exp(v - max);
        }
      }
    }
    return max + Math.log(sum * Math.pow(h, f));
  }
}
