package org.occam.mrf.hidden;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.occam.data.InvalidInputException;
import org.occam.math.DifferentiableFunction;
import org.occam.mrf.BeliefPropagationResult;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.LinearResponse;
import org.occam.mrf.LoopyBeliefPropagation;

/**
 * The contrastive Bethe free energy of Welling &amp; Parise (2006, eqn 19) as a proxy for the
 * likelihood of a Boltzmann machine with hidden variables, optionally plus a
 * {@link GaussianPrior}. With {@code G_BP[λ, p] = −log Z_Bethe}, the Bethe free energy minimised
 * over the node and edge beliefs by loopy BP,
 *
 * <pre>
 *   L_Bethe(λ) / N = G_BP[λ, p(x, z)] − (1/N) Σ_n c_n G_BP[λ, p(z | x_n)]      (eqn 19)
 *                  = (1/N) Σ_n c_n log Z_Bethe(x_n, λ) − log Z_Bethe(λ)
 *   ∇L_Bethe(λ)    = Σ_n c_n b[f | x_n] − N b[f]
 * </pre>
 *
 * the exact L of {@link HiddenLogLikelihood} with each log partition function replaced by the Bethe
 * one. The gradient is the difference of the BP beliefs of the clamped and free runs: at a BP fixed
 * point the Bethe free energy is stationary in the beliefs, so only its explicit {@code −λᵀb} term
 * differentiates (as in {@link org.occam.mrf.MrfLikelihood#bethe}). It is exact for the Bethe
 * objective up to BP's tolerance; on a tree, whose clamped subgraphs are forests, BP is exact and so
 * is L_Bethe. In general it is not concave in λ.
 *
 * <p>Each clamped term is BP on the row's conditional model ({@link Clamping}), which is BP on the
 * full graph with the row's variables clamped. One BP engine runs the free model and one each
 * distinct row, each warm-started from its own previous fixed point, so an optimiser's successive
 * nearby calls cost a few sweeps each. A run that does not converge gives the value and gradient of
 * its last sweep; such runs are counted ({@link #bpNonConvergedRuns()}), the evaluation says whether
 * all of its runs converged, and the optimiser's view of the objective ({@link #valueAndGradient}) is
 * +∞ there. (Running again from uniform messages, then with damping 0.9, where a warm run failed,
 * was measured on 5-word RBMs with K = 3…5 and a 100-word one with K = 9: the same scores within
 * 1.6 nats, the same failed line searches, up to 1.5× the time.) With strong couplings BP has several fixed points, and
 * which one a warm run reaches depends on the optimiser's path: the objective can then jump between
 * nearby λ, and L-BFGS stop on a failed line search (reported by {@link HiddenMap}). Not thread-safe:
 * one instance per optimisation.
 *
 * <pre>{@code
 * ContrastiveBethe objective = ContrastiveBethe.of(data, GaussianPrior.standard(),
 *     LoopyBeliefPropagation.Settings.defaults());
 * ContrastiveBethe.Evaluation e = objective.evaluate(lambda);
 * double g = e.contrastiveFreeEnergy();   // L_Bethe / N, eqn 19
 * boolean ok = e.converged();             // every BP run of this evaluation converged
 * }</pre>
 */
public final class ContrastiveBethe implements DifferentiableFunction {
  /**
   * The objective's pieces at one point. Its arrays are not copied: they belong to the record, and
   * callers read them and never modify them.
   *
   * @param logLikelihood L_Bethe(λ)
   * @param logPrior log p(λ), 0 without a prior
   * @param free the free BP run (its {@code logZ()} is {@code −G_BP[λ, p(x, z)]})
   * @param meanClampedLogZ {@code (1/N) Σ_n c_n log Z_Bethe(x_n, λ)}
   * @param clampedMeans {@code (1/N) Σ_n c_n b[f | x_n]}, the clamped beliefs lifted to the full
   *     features
   * @param clampedRuns the clamped BP runs of this evaluation (rows with a free variable)
   * @param clampedNonConverged how many of them did not converge
   * @param clampedMaxMessageChange the largest final message residual among them (0 if none ran)
   * @param rows N
   */
  public record Evaluation(double logLikelihood, double logPrior, BeliefPropagationResult free,
      double meanClampedLogZ, double[] clampedMeans, int clampedRuns, int clampedNonConverged,
      double clampedMaxMessageChange, double rows) {
    /** L_Bethe(λ) + log p(λ). */
    public double logPosterior() {
      return logLikelihood + logPrior;
    }

    /** The contrastive Bethe free energy of eqn 19, {@code G_free − mean G_clamped = L_Bethe / N}. */
    public double contrastiveFreeEnergy() {
      return meanClampedLogZ - free.logZ();
    }

    /** ∇L_Bethe = N (clamped beliefs − free beliefs) (a fresh array). */
    public double[] gradient() {
      double[] b = free.featureMeans();
      double[] g = new double[b.length];
      for (int a = 0; a < g.length; a++) {
        g[a] = rows * (clampedMeans[a] - b[a]);
      }
      return g;
    }

    /** Whether the free run and every clamped run converged. */
    public boolean converged() {
      return free.converged() && clampedNonConverged == 0;
    }
  }

  /**
   * One row's clamped Bethe quantities.
   *
   * @param logZ {@code log Z_Bethe(x_n, λ) = κ + log Z'_Bethe(λ')}
   * @param means {@code b[f | x_n]} lifted to the full features
   * @param bp the run on the conditional model, absent when the row clamps every variable (then
   *     everything is exact)
   */
  public record RowBethe(double logZ, double[] means, Optional<BeliefPropagationResult> bp) {}

  private final HiddenMrfData data;
  private final GaussianPrior prior;
  private final LoopyBeliefPropagation.Settings settings;
  private final LoopyBeliefPropagation freeEngine;
  /** Per distinct row, its engine, or null when the row clamps every variable. */
  private final LoopyBeliefPropagation[] rowEngines;
  private int evaluations;
  private int bpRuns;
  private int bpNonConverged;

  private ContrastiveBethe(HiddenMrfData data, GaussianPrior prior, LoopyBeliefPropagation.Settings settings) {
    this.data = Objects.requireNonNull(data, "data");
    this.prior = prior;
    this.settings = Objects.requireNonNull(settings, "settings");
    this.freeEngine = new LoopyBeliefPropagation(settings);
    rowEngines = new LoopyBeliefPropagation[data.distinctRows()];
    for (int r = 0; r < rowEngines.length; r++) {
      if (data.patterns().get(data.patternOf(r)).freeCount() > 0) {
        rowEngines[r] = new LoopyBeliefPropagation(settings);
      }
    }
  }

  /** L_Bethe alone, no prior. */
  public static ContrastiveBethe of(HiddenMrfData data, LoopyBeliefPropagation.Settings settings) {
    return new ContrastiveBethe(data, null, settings);
  }

  /** L_Bethe + log p(λ). */
  public static ContrastiveBethe of(HiddenMrfData data, GaussianPrior prior, LoopyBeliefPropagation.Settings settings) {
    return new ContrastiveBethe(data, Objects.requireNonNull(prior, "prior"), settings);
  }

  public HiddenMrfData data() {
    return data;
  }

  /** The prior, if the objective has one. */
  public Optional<GaussianPrior> prior() {
    return Optional.ofNullable(prior);
  }

  /** The BP settings of every run. */
  public LoopyBeliefPropagation.Settings settings() {
    return settings;
  }

  /** F. */
  public int dimension() {
    return data.featureCount();
  }

  /** Calls of {@link #evaluate} so far. */
  public int evaluations() {
    return evaluations;
  }

  /** BP runs so far, free and clamped. */
  public int bpRuns() {
    return bpRuns;
  }

  /** BP runs so far that stopped at the iteration cap without converging. */
  public int bpNonConvergedRuns() {
    return bpNonConverged;
  }

  /**
   * {@code −(L_Bethe(λ) + log p(λ))} with its gradient. Outside the domain (a non-finite component),
   * or where some BP run found no fixed point ({@link Evaluation#converged()} false), returns +∞ and
   * a NaN gradient.
   *
   * @param lambda length F. Not modified.
   * @param gradOut length F. Modified.
   */
  @Override
  public double valueAndGradient(double[] lambda, double[] gradOut) {
    requireLength(lambda);
    if (DifferentiableFunction.outsideDomain(lambda, gradOut)) {
      return Double.POSITIVE_INFINITY;
    }
    Evaluation e = evaluate(lambda);
    if (!e.converged()) {
      // no fixed point found: the value of the last sweep is no Bethe free energy, and an optimiser
      // that accepted it would stop on it (measured: a lower value than at every converged point
      // near it); +∞ makes the line search step back to where BP converges
      Arrays.fill(gradOut, Double.NaN);
      return Double.POSITIVE_INFINITY;
    }
    double[] g = e.gradient();
    double precision = prior == null ? 0 : prior.precision();
    for (int a = 0; a < lambda.length; a++) {
      gradOut[a] = -g[a] + precision * lambda[a];
    }
    return -e.logPosterior();
  }

  /**
   * One free BP run and one clamped run per distinct row (each warm-started).
   *
   * @throws InvalidInputException for a wrong length or a non-finite component
   */
  public Evaluation evaluate(double[] lambda) {
    requireLength(lambda);
    BeliefPropagationResult whole = run(freeEngine, new BoltzmannMachine(data.graph(), lambda));
    int f = lambda.length;
    double[] clampedSum = new double[f];
    double clampedLogZ = 0;
    int runs = 0;
    int nonConverged = 0;
    double maxChange = 0;
    for (int r = 0; r < data.distinctRows(); r++) {
      double c = data.count(r);
      RowBethe row = clamped(lambda, r, clampedSum, c);
      clampedLogZ += c * row.logZ();
      if (row.bp().isPresent()) {
        BeliefPropagationResult bp = row.bp().get();
        runs++;
        nonConverged += bp.converged() ? 0 : 1;
        maxChange = Math.max(maxChange, bp.maxMessageChange());
      }
    }
    double n = data.rows();
    for (int a = 0; a < f; a++) {
      clampedSum[a] /= n;
    }
    evaluations++;
    double logPrior = prior == null ? 0 : prior.logDensity(lambda);
    return new Evaluation(clampedLogZ - n * whole.logZ(), logPrior, whole, clampedLogZ / n, clampedSum, runs,
        nonConverged, maxChange, n);
  }

  /**
   * The linear-response curvature of L_Bethe (Welling &amp; Parise 2006, eqns 18–19): C_LR of the free
   * BP run and {@code (1/N) Σ_n c_n C_LR_{x_n}} from each row's clamped run, each the inverse of
   * {@code −∇²S_Bethe} at its beliefs ({@link LinearResponse}), so that
   * {@code −∇²L_Bethe = N C_LR − Σ_n c_n C_LR_{x_n}} at BP fixed points (linear response is the
   * derivative of the beliefs in λ, and the gradient is the difference of beliefs). On a tree it is
   * the exact curvature. The clamped covariances are lifted to the full features as the exact ones
   * are ({@link Clamping#addCovariance}).
   *
   * @throws IllegalArgumentException if a belief is 0 or 1 (linear response needs interior beliefs)
   * @throws ArithmeticException if some J is singular
   */
  public BetheCurvature curvature(double[] lambda) {
    requireLength(lambda);
    BeliefPropagationResult whole = run(freeEngine, new BoltzmannMachine(data.graph(), lambda));
    LinearResponse freeResponse = LinearResponse.compute(whole);
    int f = lambda.length;
    double[][] clampedSum = new double[f][f];
    int notPositiveDefinite = 0;
    boolean converged = whole.converged();
    for (int r = 0; r < data.distinctRows(); r++) {
      if (rowEngines[r] == null) {
        continue;
      }
      RowBethe row = clamped(lambda, r, new double[f], 0);
      BeliefPropagationResult bp = row.bp().orElseThrow();
      converged &= bp.converged();
      LinearResponse response = LinearResponse.compute(bp);
      notPositiveDefinite += response.precisionPositiveDefinite() ? 0 : 1;
      data.patterns().get(data.patternOf(r)).addCovariance(data.row(r), response.covariance(), data.count(r),
          clampedSum);
    }
    double n = data.rows();
    for (double[] row : clampedSum) {
      for (int b = 0; b < f; b++) {
        row[b] /= n;
      }
    }
    return new BetheCurvature(new LikelihoodCurvature(freeResponse.covariance(), clampedSum, n),
        freeResponse.precisionPositiveDefinite(), notPositiveDefinite, converged);
  }

  /**
   * The linear-response curvature with its diagnostics.
   *
   * @param curvature C_LR and the mean clamped C_LR
   * @param freePositiveDefinite whether the free run's J was positive definite (a stable fixed point)
   * @param clampedNotPositiveDefinite how many clamped runs' J were not
   * @param bpConverged whether every BP run behind it converged
   */
  public record BetheCurvature(LikelihoodCurvature curvature, boolean freePositiveDefinite,
      int clampedNotPositiveDefinite, boolean bpConverged) {}

  /**
   * Distinct row r's clamped Bethe log partition function and beliefs at λ (one warm-started run of
   * its engine).
   */
  public RowBethe clamped(double[] lambda, int r) {
    requireLength(lambda);
    double[] means = new double[lambda.length];
    RowBethe row = clamped(lambda, r, means, 1);
    return new RowBethe(row.logZ(), means, row.bp());
  }

  /**
   * As {@link #clamped(double[], int)}, adding {@code weight · b[f | x_r]} to {@code sumOut}; the
   * returned means are null.
   */
  private RowBethe clamped(double[] lambda, int r, double[] sumOut, double weight) {
    Clamping clamping = data.patterns().get(data.patternOf(r));
    int[] x = data.row(r);
    double[] reduced = new double[clamping.freeFeatureCount()];
    double kappa = clamping.condition(lambda, x, reduced);
    if (rowEngines[r] == null) {
      clamping.addMeans(x, reduced, weight, sumOut);
      return new RowBethe(kappa, null, Optional.empty());
    }
    BeliefPropagationResult bp = run(rowEngines[r], new BoltzmannMachine(clamping.freeGraph(), reduced));
    clamping.addMeans(x, bp.featureMeans(), weight, sumOut);
    return new RowBethe(kappa + bp.logZ(), null, Optional.of(bp));
  }

  /** One warm-started BP run of a term, counted. */
  private BeliefPropagationResult run(LoopyBeliefPropagation engine, BoltzmannMachine model) {
    BeliefPropagationResult bp = engine.run(model);
    count(bp);
    return bp;
  }

  private void count(BeliefPropagationResult bp) {
    bpRuns++;
    if (!bp.converged()) {
      bpNonConverged++;
    }
  }

  private void requireLength(double[] lambda) {
    if (lambda.length != data.featureCount()) {
      throw new InvalidInputException("the model has " + data.featureCount() + " parameters, got " + lambda.length);
    }
  }

  @Override
  public String toString() {
    return "ContrastiveBethe[" + settings + ", " + (prior == null ? "no prior" : "prior " + prior) + ", " + data + "]";
  }
}
