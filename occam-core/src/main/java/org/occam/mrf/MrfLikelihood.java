package org.occam.mrf;

import java.util.Objects;
import java.util.Optional;
import org.occam.math.DifferentiableFunction;

/**
 * The log-likelihood of fully observed binary data under a {@link BoltzmannMachine}, optionally
 * plus a {@link GaussianPrior}, as an objective for {@link org.occam.math.Lbfgs}: its value is the
 * <em>negative</em> log posterior (or log-likelihood), to be minimised. In the notation of
 * {@code docs/notes/laplace-family.md}, with N rows and empirical feature means f̄ ({@link MrfData}),
 *
 * <pre>
 *   L(λ)   = N (λᵀ f̄ − log Z(λ))             ∇L = N (f̄ − E[f | λ])
 *   log p(λ) = −½ ‖λ‖²/σ0² − (F/2) log(2πσ0²)   ∇log p = −λ/σ0²
 *   value  = −(L(λ) + log p(λ)),             gradient = −(∇L + ∇log p)
 * </pre>
 *
 * <p>Two ways to get log Z and E[f]:
 *
 * <ul>
 *   <li>{@link #exact}: exact inference, by enumeration or the junction tree (its clique tree built
 *       once), whichever has fewer terms; {@link ExactInference#exact} when the tree is too wide. The objective is convex, strictly so
 *       with the prior.
 *   <li>{@link #bethe}: loopy BP; log Z is log Z_Bethe and E[f] the BP beliefs. At a BP fixed point
 *       {@code ∂ log Z_Bethe / ∂λ = (q, ξ)}, the beliefs (the Bethe free energy is stationary in the
 *       beliefs there, so only the explicit λᵀμ term differentiates), so the gradient is exact for
 *       the Bethe objective up to BP's tolerance; its Hessian is {@code N C_LR + Λ⁻¹} with C_LR the
 *       linear-response covariance (Welling &amp; Teh 2004). This is the objective of Parise &amp;
 *       Welling (2006, section 2.1), started at the pseudo-moment-matching point. It need not be
 *       convex. One BP engine is kept for the objective's lifetime and warm-started from the
 *       previous call's messages, so successive nearby evaluations cost a few sweeps each. A BP run
 *       that does not converge still gives a value and gradient (from the last sweep's beliefs); such
 *       calls are counted ({@link #bpNonConvergedCalls()}) for the caller's diagnostics.
 * </ul>
 *
 * <p>An instance keeps run state (the BP messages, the counters), so it is not thread-safe; use one
 * per optimisation.
 *
 * <pre>{@code
 * MrfData data = MrfData.of(graph, dataset);
 * MrfLikelihood objective = MrfLikelihood.exact(data, GaussianPrior.standard());
 * Lbfgs.Result r = new Lbfgs(Lbfgs.Settings.defaults()).minimize(objective, new double[data.featureCount()]);
 * double logPosterior = -r.value();   // L(λMP) + log p(λMP)
 * }</pre>
 */
public final class MrfLikelihood implements DifferentiableFunction {
  /** Where log Z and E[f] come from. */
  public enum Inference {
    /** Enumeration or the junction tree. */
    EXACT,
    /** Loopy BP: log Z_Bethe and the beliefs. */
    BETHE
  }

  /**
   * The pieces of the objective at one point.
   *
   * @param logLikelihood L(λ) (with the Bethe log Z for {@link Inference#BETHE})
   * @param logPrior log p(λ), 0 without a prior
   * @param inference the engine's result at λ: log Z and E[f] (a {@link BeliefPropagationResult}
   *     for {@link Inference#BETHE}, with its convergence diagnostics)
   */
  public record Evaluation(double logLikelihood, double logPrior, MrfInference inference) {
    /** {@code L(λ) + log p(λ)}, the unnormalised log posterior (the log-likelihood without a prior). */
    public double logPosterior() {
      return logLikelihood + logPrior;
    }
  }

  private final MrfData data;
  private final double rows;
  private final double[] means;
  private final GaussianPrior prior;
  private final Inference inference;
  private final LoopyBeliefPropagation engine;
  private final CliqueTree tree;

  private int evaluations;
  private int bpCalls;
  private int bpNonConverged;

  private MrfLikelihood(MrfData data, GaussianPrior prior, Inference inference, LoopyBeliefPropagation.Settings bp) {
    this.data = Objects.requireNonNull(data, "data");
    this.rows = data.rows();
    this.means = data.featureMeans();
    this.prior = prior;
    this.inference = inference;
    this.engine = inference == Inference.BETHE ? new LoopyBeliefPropagation(bp) : null;
    this.tree = inference == Inference.EXACT ? ExactInference.cliqueTreeIfCheaper(data.graph()) : null;
  }

  /** The exact log-likelihood, no prior: maximised at λML. */
  public static MrfLikelihood exact(MrfData data) {
    return new MrfLikelihood(data, null, Inference.EXACT, null);
  }

  /** The exact log posterior: maximised at λMP. */
  public static MrfLikelihood exact(MrfData data, GaussianPrior prior) {
    return new MrfLikelihood(data, Objects.requireNonNull(prior, "prior"), Inference.EXACT, null);
  }

  /** The Bethe log-likelihood, no prior: maximised at the pseudo-moment-matching point. */
  public static MrfLikelihood bethe(MrfData data, LoopyBeliefPropagation.Settings bp) {
    return new MrfLikelihood(data, null, Inference.BETHE, Objects.requireNonNull(bp, "bp"));
  }

  /** The Bethe log posterior: maximised (locally) at the BP-LR point λMP_BP. */
  public static MrfLikelihood bethe(MrfData data, GaussianPrior prior, LoopyBeliefPropagation.Settings bp) {
    return new MrfLikelihood(data, Objects.requireNonNull(prior, "prior"), Inference.BETHE,
        Objects.requireNonNull(bp, "bp"));
  }

  public MrfData data() {
    return data;
  }

  public Inference inference() {
    return inference;
  }

  /** The prior, if the objective has one. */
  public Optional<GaussianPrior> prior() {
    return Optional.ofNullable(prior);
  }

  /** F, the number of parameters. */
  public int dimension() {
    return means.length;
  }

  /**
   * {@code −(L(λ) + log p(λ))} with its gradient {@code −N (f̄ − E[f]) + λ/σ0²}. Outside the domain
   * (a non-finite component of λ, as a line search may try) returns +∞ and a NaN gradient.
   *
   * @param lambda λ, length F. Not modified.
   * @param gradOut the gradient, length F. Modified.
   */
  @Override
  public double valueAndGradient(double[] lambda, double[] gradOut) {
    requireLength(lambda);
    if (DifferentiableFunction.outsideDomain(lambda, gradOut)) {
      return Double.POSITIVE_INFINITY;
    }
    Evaluation e = evaluate(lambda);
    double[] expected = e.inference().featureMeans();
    double precision = prior == null ? 0 : prior.precision();
    for (int a = 0; a < lambda.length; a++) {
      gradOut[a] = -rows * (means[a] - expected[a]) + precision * lambda[a];
    }
    return -e.logPosterior();
  }

  /**
   * L(λ), log p(λ) and the inference result at λ (one exact inference or one warm-started BP run,
   * counted like an evaluation by the optimiser).
   *
   * @throws IllegalArgumentException for a wrong length or a non-finite component
   */
  public Evaluation evaluate(double[] lambda) {
    requireLength(lambda);
    BoltzmannMachine model = new BoltzmannMachine(data.graph(), lambda);
    MrfInference result;
    if (inference == Inference.EXACT) {
      result = tree != null ? JunctionTree.run(model, tree) : ExactInference.exact(model);
    } else {
      BeliefPropagationResult bp = engine.run(model);
      bpCalls++;
      if (!bp.converged()) {
        bpNonConverged++;
      }
      result = bp;
    }
    evaluations++;
    double logLikelihood = logLikelihood(rows, means, lambda, result.logZ());
    double logPrior = prior == null ? 0 : prior.logDensity(lambda);
    return new Evaluation(logLikelihood, logPrior, result);
  }

  /** {@code L(λ) = N (λᵀ f̄ − log Z)}. */
  public static double logLikelihood(double rows, double[] featureMeans, double[] lambda, double logZ) {
    double s = 0;
    for (int a = 0; a < lambda.length; a++) {
      s += lambda[a] * featureMeans[a];
    }
    return rows * (s - logZ);
  }

  private void requireLength(double[] lambda) {
    if (lambda.length != means.length) {
      throw new IllegalArgumentException("the model has " + means.length + " parameters, got " + lambda.length);
    }
  }

  /** Calls of {@link #evaluate} (and so of {@link #valueAndGradient}) so far. */
  public int evaluations() {
    return evaluations;
  }

  /** BP runs so far (0 for {@link Inference#EXACT}). */
  public int bpCalls() {
    return bpCalls;
  }

  /** BP runs so far that stopped at the iteration cap without converging. */
  public int bpNonConvergedCalls() {
    return bpNonConverged;
  }

  @Override
  public String toString() {
    return "MrfLikelihood[" + inference + ", " + (prior == null ? "no prior" : "prior " + prior) + ", N=" + rows
        + ", F=" + means.length + "]";
  }
}
