package org.occam.crf;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Parallel;
import org.occam.sampling.ParameterLikelihood;

/**
 * The conditional log likelihood of labelled sequences,
 * {@code L(λ) = Σ_n [λᵀ f(t_n, x_n) − log Z(x_n, λ)]}, its gradient
 * {@code Σ_n (f(t_n, x_n) − E[f | x_n, λ])} and the summed covariance {@code Σ_n C_{x_n}} (the
 * papers' eqn 12/13), all exact by forward–backward ({@link ChainInference}).
 *
 * <p>As a {@link ParameterLikelihood} (for AIS and HMC over λ) its data count is the number of
 * labelled positions, not sequences: the annealer uses it only to scale its step size, and the
 * curvature of L grows with the positions.
 */
public final class CrfLikelihood implements ParameterLikelihood {
  /**
   * The sequences are summed in this many blocks (fewer when there are fewer sequences) whatever the
   * thread count, and the blocks' sums added in block order, so the numbers do not depend on it.
   */
  static final int BLOCKS = 16;

  private final CrfFeatures features;

  /**
   * @throws org.occam.data.InvalidInputException if a sequence has an unknown label
   */
  public CrfLikelihood(CrfFeatures features) {
    this.features = features;
    for (int n = 0; n < features.size(); n++) {
      for (int t : features.spins(n)) {
        if (t == 0) {
          throw new org.occam.data.InvalidInputException("sequence '" + features.data().sequences().get(n).id()
              + "' has positions without a label: training and scoring need every label");
        }
      }
    }
  }

  /** The design. */
  public CrfFeatures features() {
    return features;
  }

  @Override
  public int dimension() {
    return features.dimension();
  }

  @Override
  public double dataCount() {
    return features.data().positions();
  }

  /** L(λ), with ∇L written into {@code grad}, summed over sequences on {@code threads} threads. */
  public double valueAndGradient(double[] lambda, double[] grad, int threads) {
    int n = features.size();
    int blocks = Math.min(n, BLOCKS);
    List<double[]> parts = Parallel.map(blocks, Math.max(1, threads), "occam-crf", b -> {
      double[] out = new double[lambda.length + 1];
      Scratch scratch = new Scratch(features.maxLength());
      for (int s = b * n / blocks; s < (b + 1) * n / blocks; s++) {
        out[lambda.length] += addSequence(s, lambda, out, scratch);
      }
      return out;
    });
    java.util.Arrays.fill(grad, 0);
    double value = 0;
    for (double[] p : parts) {
      for (int k = 0; k < grad.length; k++) {
        grad[k] += p[k];
      }
      value += p[lambda.length];
    }
    return value;
  }

  /** Buffers for one sequence at a time: potentials, E[u] (then u − E[u]), and the messages. */
  private record Scratch(double[] potentials, double[] means, double[] messages) {
    Scratch(int maxLength) {
      this(new double[2 * maxLength - 1], new double[2 * maxLength - 1], new double[7 * maxLength]);
    }
  }

  /**
   * Adds sequence s's gradient f(t, x) − E[f | x] = Φᵀ(u(t) − E[u]) to {@code grad} and returns its
   * log likelihood λᵀf(t, x) − log Z = h·t + J·(t t') − log Z, by
   * {@link ChainInference#logZAndMeans} (scaled messages) and Φ's sparse rows.
   */
  private double addSequence(int s, double[] lambda, double[] grad, Scratch scratch) {
    double[] pot = scratch.potentials;
    double[] m = scratch.means;
    int l = features.length(s);
    int[] t = features.spins(s);
    features.potentials(s, lambda, pot);
    double logZ = ChainInference.logZAndMeans(pot, l, m, scratch.messages);
    double energy = 0;
    for (int i = 0; i < l; i++) {
      energy += pot[i] * t[i];
      m[i] = t[i] - m[i];
    }
    for (int i = 0; i + 1 < l; i++) {
      int tt = t[i] * t[i + 1];
      energy += pot[l + i] * tt;
      m[l + i] = tt - m[l + i];
    }
    features.addProjected(s, m, 1.0, grad);
    return energy - logZ;
  }

  /** L(λ) alone. */
  public double value(double[] lambda) {
    Scratch scratch = new Scratch(features.maxLength());
    double v = 0;
    for (int s = 0; s < features.size(); s++) {
      int l = features.length(s);
      int[] t = features.spins(s);
      double[] pot = scratch.potentials;
      features.potentials(s, lambda, pot);
      double e = 0;
      for (int i = 0; i < l; i++) {
        e += pot[i] * t[i];
      }
      for (int i = 0; i + 1 < l; i++) {
        e += pot[l + i] * t[i] * t[i + 1];
      }
      v += e - ChainInference.logZAndMeans(pot, l, scratch.means, scratch.messages);
    }
    return v;
  }

  /** Σ_n C_{x_n}(λ), the F-square sum of the sequences' feature covariances, on {@code threads} threads. */
  public double[][] covarianceSum(double[] lambda, int threads) {
    int n = features.size();
    int f = features.dimension();
    int blocks = Math.min(n, BLOCKS);
    List<double[][]> parts = Parallel.map(blocks, Math.max(1, threads), "occam-crf", b -> {
      double[][] out = new double[f][f];
      for (int s = b * n / blocks; s < (b + 1) * n / blocks; s++) {
        features.addProjectedCovariance(s, features.infer(s, lambda).covariance(), out);
      }
      return out;
    });
    double[][] sum = new double[f][f];
    for (double[][] p : parts) {
      for (int a = 0; a < f; a++) {
        for (int b = 0; b < f; b++) {
          sum[a][b] += p[a][b];
        }
      }
    }
    return sum;
  }

  @Override
  public DifferentiableFunction newEvaluator() {
    return (lambda, grad) -> {
      for (double x : lambda) {
        if (!Double.isFinite(x)) {
          return Double.NaN;
        }
      }
      return valueAndGradient(lambda, grad, 1);
    };
  }

  @Override
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("sequences", features.size());
    m.put("positions", features.data().positions());
    m.put("parameters", features.dimension());
    m.put("logZ", "exact (forward-backward)");
    return m;
  }
}
