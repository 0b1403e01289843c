package org.occam.mrf.loglinear;

import java.util.List;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceMethodContract;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.MrfScoreSettings;

/**
 * Every log-linear method (but {@code exact}, whose hyper-Dirichlet prior is another model's: it has
 * its own checks in {@link DecomposableEvidenceTest}) against the evidence integrated by brute force
 * on a grid over the whole prior's range, on one three-state variable at two data sizes and one
 * two-state variable.
 */
class LogLinearMethodContractTest extends EvidenceMethodContract<LogLinearProblem> {
  private static final MethodRegistry<LogLinearProblem> GAUSSIAN_PRIOR = new MethodRegistry<>("log-linear MRF",
      LogLinearMethods.REGISTRY.all().stream().filter(m -> !m.name().equals("exact")).toList());

  @Override
  protected long[] seeds() {
    return new long[] {20261127L, 11L};
  }

  @Override
  protected MethodRegistry<LogLinearProblem> registry() {
    return GAUSSIAN_PRIOR;
  }

  @Override
  protected List<ReferenceCase<LogLinearProblem>> referenceCases() {
    return List.of(reference("one 3-state variable, N = 20", 5, 9, 6), reference("one 3-state variable, N = 200",
        50, 90, 60), reference("one 2-state variable, 7 of 25", 18, 7));
  }

  private static ReferenceCase<LogLinearProblem> reference(String name, int... counts) {
    LogLinearStructure s = LogLinearStructure.parse(LogLinearTestModels.variables(counts.length), "A");
    int[][] rows = new int[counts.length][];
    double[] weights = new double[counts.length];
    for (int k = 0; k < counts.length; k++) {
      rows[k] = new int[] {k};
      weights[k] = counts[k];
    }
    Dataset data = Dataset.of(s.variables(), rows, weights);
    return new ReferenceCase<>(name, seed -> new LogLinearProblem(s, data, MrfScoreSettings.defaults(), seed),
        bruteForce(counts), 0);
  }

  /**
   * ln ∫ N(λ; 0, I) Π_k p_k(λ)^{n_k} dλ for one variable with reference-coded λ (p_0 ∝ 1, p_k ∝ e^{λ_k}),
   * by the trapezoid rule on [−10, 10]^(K−1) with step 0.01 (one or two dimensions): the integrand is
   * smooth and negligible at the box's faces, so the rule's error is far below 1e-6.
   */
  static double bruteForce(int... counts) {
    int dims = counts.length - 1;
    double h = 0.01;
    int points = 2001;
    double[] values = new double[dims == 1 ? points : points * points];
    double max = Double.NEGATIVE_INFINITY;
    int i = 0;
    for (int a = 0; a < points; a++) {
      for (int b = 0; b < (dims == 1 ? 1 : points); b++) {
        double[] lambda = dims == 1 ? new double[] {-10 + a * h} : new double[] {-10 + a * h, -10 + b * h};
        double logZ = 1;
        double dot = 0;
        double square = 0;
        double z = 1;
        for (int k = 0; k < dims; k++) {
          z += Math.exp(lambda[k]);
          dot += counts[k + 1] * lambda[k];
          square += lambda[k] * lambda[k];
        }
        logZ = Math.log(z);
        int n = 0;
        for (int c : counts) {
          n += c;
        }
        double v = dot - n * logZ - 0.5 * square - 0.5 * dims * Math.log(2 * Math.PI);
        values[i++] = v;
        max = Math.max(max, v);
      }
    }
    double sum = 0;
    for (double v : values) {
      sum += Math.exp(v - max); // the faces carry e^-40 of the peak: end weights of ½ change nothing
    }
    return max + Math.log(sum) + dims * Math.log(h);
  }
}
