package org.occam.mrf.hidden;

import java.util.Objects;
import java.util.Optional;
import org.occam.data.InvalidInputException;
import org.occam.math.DifferentiableFunction;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.MrfInference;

/**
 * The exact log-likelihood of a Boltzmann machine with hidden variables and missing cells, with
 * its gradient and Hessian (Welling &amp; Parise 2006, section 6; {@code notes/laplace-family.md}),
 * optionally plus a {@link GaussianPrior}. With the distinct rows x_n of weight c_n and N = Σ c_n,
 *
 * <pre>
 *   L(λ)    = Σ_n c_n log Z(x_n, λ) − N log Z(λ)
 *   ∇L(λ)   = Σ_n c_n E[f | x_n, λ] − N E[f | λ]
 *   −∇²L(λ) = N C(λ) − Σ_n c_n C_{x_n}(λ)
 * </pre>
 *
 * where {@code Z(x_n, λ)} sums over the variables row n leaves free, C is the feature covariance
 * under {@code p(x, z | λ)} and {@code C_{x_n}} under {@code p(z | x_n, λ)}. Every term comes from
 * exact inference on a fully observed Boltzmann machine: the model itself for the free terms, each
 * row's conditional model ({@link Clamping}) for the clamped ones, each by the junction tree or
 * enumeration, whichever is cheaper on its graph (the clique trees built once). L is not concave in
 * λ: −∇²L may be indefinite away from a maximum.
 *
 * <p>As an objective for {@link org.occam.math.Lbfgs} its value is the <em>negative</em> log
 * posterior (or log-likelihood without a prior), to be minimised. Not thread-safe (it counts
 * evaluations); one instance per optimisation.
 *
 * <pre>{@code
 * HiddenMrfData data = HiddenMrfData.of(graph, columnVertex, dataset);
 * HiddenLogLikelihood likelihood = HiddenLogLikelihood.exact(data, GaussianPrior.standard());
 * HiddenLogLikelihood.Evaluation e = likelihood.evaluate(lambda);      // L, log p, ∇L
 * LikelihoodCurvature c = likelihood.curvature(lambda, 1);  // N C − Σ c_n C_{x_n}
 * }</pre>
 */
public final class HiddenLogLikelihood implements DifferentiableFunction {
  /**
   * The pieces of the objective at one point. Its arrays are not copied: they belong to the record,
   * and callers read them and never modify them.
   *
   * @param logLikelihood L(λ)
   * @param logPrior log p(λ), 0 without a prior
   * @param logZ log Z(λ), the free log partition function
   * @param freeMeans E[f | λ]
   * @param clampedMeans {@code (1/N) Σ_n c_n E[f | x_n, λ]}, the data's expected feature means (f̄
   *     when nothing is hidden or missing)
   * @param rows N
   */
  public record Evaluation(double logLikelihood, double logPrior, double logZ, double[] freeMeans,
      double[] clampedMeans, double rows) {
    /** L(λ) + log p(λ). */
    public double logPosterior() {
      return logLikelihood + logPrior;
    }

    /** ∇L = N (clamped means − free means) (a fresh array). */
    public double[] gradient() {
      double[] g = new double[freeMeans.length];
      for (int a = 0; a < g.length; a++) {
        g[a] = rows * (clampedMeans[a] - freeMeans[a]);
      }
      return g;
    }
  }

  private final HiddenMrfData data;
  private final GaussianPrior prior;
  private final ExactMoments free;
  /** Per pattern, the engine of its free subgraph (null when the pattern clamps every variable). */
  private final ExactMoments[] conditional;
  private int evaluations;

  private HiddenLogLikelihood(HiddenMrfData data, GaussianPrior prior) {
    this.data = Objects.requireNonNull(data, "data");
    this.prior = prior;
    this.free = new ExactMoments(data.graph());
    conditional = new ExactMoments[data.patterns().size()];
    for (int p = 0; p < conditional.length; p++) {
      Clamping clamping = data.patterns().get(p);
      conditional[p] = clamping.freeCount() == 0 ? null : new ExactMoments(clamping.freeGraph());
    }
  }

  /** The exact log-likelihood, no prior. */
  public static HiddenLogLikelihood exact(HiddenMrfData data) {
    return new HiddenLogLikelihood(data, null);
  }

  /** The exact log posterior (up to log p(D)). */
  public static HiddenLogLikelihood exact(HiddenMrfData data, GaussianPrior prior) {
    return new HiddenLogLikelihood(data, Objects.requireNonNull(prior, "prior"));
  }

  public HiddenMrfData data() {
    return data;
  }

  /** The prior, if the objective has one. */
  public Optional<GaussianPrior> prior() {
    return Optional.ofNullable(prior);
  }

  /** F. */
  public int dimension() {
    return data.featureCount();
  }

  /** Calls of {@link #evaluate} (and so of {@link #valueAndGradient}) so far. */
  public int evaluations() {
    return evaluations;
  }

  /**
   * {@code −(L(λ) + log p(λ))} with its gradient {@code −(∇L − λ/σ0²)}. Outside the domain (a
   * non-finite component, as a line search may try) returns +∞ and a NaN gradient.
   *
   * @param lambda λ, length F. Not modified.
   * @param gradOut length F. Modified.
   */
  @Override
  public double valueAndGradient(double[] lambda, double[] gradOut) {
    requireLength(lambda);
    if (DifferentiableFunction.outsideDomain(lambda, gradOut)) {
      return Double.POSITIVE_INFINITY;
    }
    Evaluation e = evaluate(lambda);
    double precision = prior == null ? 0 : prior.precision();
    double n = data.rows();
    for (int a = 0; a < lambda.length; a++) {
      gradOut[a] = -n * (e.clampedMeans()[a] - e.freeMeans()[a]) + precision * lambda[a];
    }
    return -e.logPosterior();
  }

  /**
   * L(λ), log p(λ) and the means: one exact inference of the model and one of each distinct row's
   * conditional model.
   *
   * @throws InvalidInputException for a wrong length or a non-finite component
   */
  public Evaluation evaluate(double[] lambda) {
    requireLength(lambda);
    BoltzmannMachine model = new BoltzmannMachine(data.graph(), lambda);
    MrfInference whole = free.run(model);
    int f = lambda.length;
    double[] clampedSum = new double[f];
    double clampedLogZ = 0;
    for (int p = 0; p < conditional.length; p++) {
      Clamping clamping = data.patterns().get(p);
      double[] reduced = new double[clamping.freeFeatureCount()];
      for (int r : data.rowsOf(p)) {
        double c = data.count(r);
        int[] x = data.row(r);
        double kappa = clamping.condition(lambda, x, reduced);
        if (conditional[p] == null) {
          clampedLogZ += c * kappa;
          clamping.addMeans(x, reduced, c, clampedSum);
        } else {
          MrfInference given = conditional[p].run(new BoltzmannMachine(clamping.freeGraph(), reduced));
          clampedLogZ += c * (kappa + given.logZ());
          clamping.addMeans(x, given.featureMeans(), c, clampedSum);
        }
      }
    }
    double n = data.rows();
    for (int a = 0; a < f; a++) {
      clampedSum[a] /= n;
    }
    evaluations++;
    double logPrior = prior == null ? 0 : prior.logDensity(lambda);
    return new Evaluation(clampedLogZ - n * whole.logZ(), logPrior, whole.logZ(), whole.featureMeans(), clampedSum, n);
  }

  /**
   * C(λ) and {@code (1/N) Σ_n c_n C_{x_n}(λ)}, each exact (the junction tree's covariance runs F
   * calibrations, split over {@code threads} workers; enumeration accumulates it in one pass).
   */
  public LikelihoodCurvature curvature(double[] lambda, int threads) {
    requireLength(lambda);
    BoltzmannMachine model = new BoltzmannMachine(data.graph(), lambda);
    double[][] whole = free.covariance(model, threads);
    int f = lambda.length;
    double[][] clampedSum = new double[f][f];
    for (int p = 0; p < conditional.length; p++) {
      if (conditional[p] == null) {
        continue;
      }
      Clamping clamping = data.patterns().get(p);
      double[] reduced = new double[clamping.freeFeatureCount()];
      for (int r : data.rowsOf(p)) {
        double c = data.count(r);
        int[] x = data.row(r);
        clamping.condition(lambda, x, reduced);
        double[][] given = conditional[p].covariance(new BoltzmannMachine(clamping.freeGraph(), reduced), threads);
        clamping.addCovariance(x, given, c, clampedSum);
      }
    }
    double n = data.rows();
    for (double[] row : clampedSum) {
      for (int b = 0; b < f; b++) {
        row[b] /= n;
      }
    }
    return new LikelihoodCurvature(whole, clampedSum, n);
  }

  /** What exact inference runs on: the full graph's engine. */
  public String describeInference() {
    return free.describe();
  }

  private void requireLength(double[] lambda) {
    if (lambda.length != data.featureCount()) {
      throw new InvalidInputException("the model has " + data.featureCount() + " parameters, got " + lambda.length);
    }
  }

  @Override
  public String toString() {
    return "HiddenLogLikelihood[" + (prior == null ? "no prior" : "prior " + prior) + ", " + data + "]";
  }
}
