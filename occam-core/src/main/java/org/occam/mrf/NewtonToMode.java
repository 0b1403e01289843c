package org.occam.mrf;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * Newton steps to the mode of an exponential-family log posterior with a Gaussian prior,
 * {@code L(λ) + log p(λ) = N (λᵀ f̄ − log Z(λ)) − ½ ‖λ‖²/σ0² + const}, from a point near it (where
 * L-BFGS stopped): gradient {@code g = N (f̄ − E_λ[f]) − λ/σ0²}, Hessian {@code −A} with
 * {@code A = N Cov_λ[f] + I/σ0²}. Steps are taken until the Newton decrement {@code ½ gᵀA⁻¹g} is
 * below a limit, each a full step halved until the log posterior rises. The decrement is bounded
 * without a covariance, {@code ½ gᵀA⁻¹g ≤ ½ σ0² ‖g‖²} since {@code A ⪰ I/σ0²}, so a point already at
 * the mode costs no covariance. Shared by the Boltzmann machine's exact MAP ({@link MrfProblem}) and
 * the general log-linear models.
 */
public final class NewtonToMode {
  private NewtonToMode() {}

  /**
   * The log posterior: its evaluation at a point (which carries E_λ[f]) and A at a point.
   *
   * @param <E> what one evaluation gives
   */
  public interface Target<E> {
    E evaluate(double[] lambda);

    double logPosterior(E at);

    /** E_λ[f] at the evaluated point. */
    double[] modelMeans(E at);

    /** A = N Cov_λ[f] + I/σ0² at λ (a matrix the caller may overwrite). */
    DMatrixRMaj precision(double[] lambda);
  }

  /**
   * Where the steps ended.
   *
   * @param steps the steps taken
   * @param decrement the last decrement measured (or its bound), NaN if none was
   */
  public record Outcome<E>(double[] lambda, E at, int steps, double decrement) {}

  /**
   * Newton steps from {@code lambda} (evaluated as {@code at}).
   *
   * @param rows N
   * @param means f̄
   * @param limit the decrement (nats) below which the point counts as the mode
   * @param maxSteps the most steps taken
   */
  public static <E> Outcome<E> run(Target<E> target, double[] lambda, E at, double rows, double[] means,
      GaussianPrior prior, double limit, int maxSteps) {
    int f = lambda.length;
    double sigma2 = 1 / prior.precision();
    int steps = 0;
    double lastDecrement = Double.NaN;
    while (steps < maxSteps) {
      double[] g = gradient(lambda, target.modelMeans(at), rows, means, prior);
      double squares = 0;
      for (double x : g) {
        squares += x * x;
      }
      if (0.5 * sigma2 * squares <= limit) {
        lastDecrement = 0.5 * sigma2 * squares; // a bound on the decrement, A ⪰ I/σ0²
        break;
      }
      DMatrixRMaj a = target.precision(lambda);
      DMatrixRMaj gv = new DMatrixRMaj(f, 1, true, g);
      DMatrixRMaj step = new DMatrixRMaj(f, 1);
      if (!CommonOps_DDRM.solve(a, gv, step)) {
        break;
      }
      double decrement = 0;
      for (int i = 0; i < f; i++) {
        decrement += 0.5 * g[i] * step.get(i, 0);
      }
      lastDecrement = decrement;
      if (!(decrement > limit)) {
        break;
      }
      double[] next = null;
      E there = null;
      for (double t = 1; t > 1e-6; t /= 2) {
        double[] x = lambda.clone();
        for (int i = 0; i < f; i++) {
          x[i] += t * step.get(i, 0);
        }
        E e = target.evaluate(x);
        if (target.logPosterior(e) > target.logPosterior(at)) {
          next = x;
          there = e;
          break;
        }
      }
      if (next == null) {
        break;
      }
      lambda = next;
      at = there;
      steps++;
    }
    return new Outcome<>(lambda, at, steps, lastDecrement);
  }

  /** g = N (f̄ − E_λ[f]) − λ/σ0². */
  public static double[] gradient(double[] lambda, double[] modelMeans, double rows, double[] means,
      GaussianPrior prior) {
    double[] g = new double[lambda.length];
    for (int i = 0; i < g.length; i++) {
      g[i] = rows * (means[i] - modelMeans[i]) - prior.precision() * lambda[i];
    }
    return g;
  }
}
