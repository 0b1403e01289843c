package org.occam.mrf.hidden;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.occam.data.InvalidInputException;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Lbfgs;
import org.occam.math.RandomStreams;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.LoopyBeliefPropagation;
import org.occam.mrf.PosteriorPrecision;

/**
 * The MAP parameters λMP of a Boltzmann machine with hidden variables (Welling &amp; Parise 2006,
 * section 6), maximising {@code L(λ) + log p(λ)} under the Gaussian prior that the fully observed
 * scores use, either exactly ({@link HiddenLogLikelihood}) or with the contrastive Bethe free energy
 * in place of L ({@link ContrastiveBethe}, giving λMP_BP). Neither objective is concave, so L-BFGS
 * runs from several random starts and the best converged one is kept.
 *
 * <p>Every start is drawn {@code λ ~ N(0, s² I)} from its own stream split off the seed
 * ({@link RandomStreams}), so a restart's numbers depend on the seed and its index alone. λ = 0 is
 * no start: with every parameter zero the hidden units are interchangeable and the gradient keeps
 * them so (a saddle of the likelihood that L-BFGS would not leave). As in
 * {@link org.occam.mrf.MrfProblem}, the objective is divided by N, so that the optimiser's gradient
 * tolerance bounds a moment mismatch whatever the data size.
 *
 * <p>Non-convergence is reported, never thrown: a restart converged when L-BFGS stopped on a
 * convergence test (and, for the Bethe objective, every BP run at its final point converged). For
 * the exact objective the best point is also checked to be a local maximum: the posterior precision
 * {@code A = N C − Σ_n c_n C_{x_n} + Λ⁻¹} there must be positive definite and the Newton decrement
 * {@code ½ gᵀA⁻¹g} of the log posterior's gradient below {@link #NEWTON_DECREMENT_LIMIT} nats.
 * L-BFGS stops on the gradient per row, which on many rows can leave the point short of the mode
 * that a Laplace score expands about, by up to {@code ½ σ0² (N ε)²} nats along directions the data
 * do not determine (a model with more parameters than its visible distribution has degrees of
 * freedom has such directions, set by the prior alone: 0.5 nats at N = 10⁶ on a 3-visible, 2-hidden
 * RBM). So the kept point is polished by L-BFGS on the whole log posterior (either objective; for
 * the Bethe one the restart's point is kept if BP does not converge at the polished one), and for
 * the exact objective then, as {@link org.occam.mrf.MrfProblem#exactMap} does, by Newton steps with
 * the exact A while the decrement is above {@link #MODE_DECREMENT}, each halved until the log
 * posterior rises and A stays positive definite (along a ridge a full step can leave the region
 * where L is concave).
 *
 * <pre>{@code
 * HiddenMap.Result fit = HiddenMap.exact(data, GaussianPrior.standard(), HiddenMap.Settings.defaults(), seed);
 * if (!fit.converged()) {
 *   System.err.println(fit.notConverged().orElseThrow());
 * }
 * double[] lambdaMp = fit.lambda();
 * }</pre>
 */
public final class HiddenMap {
  /** The Newton decrement (nats of log posterior) above which the exact best point is not the mode. */
  public static final double NEWTON_DECREMENT_LIMIT = 0.01;
  /** The Newton decrement below which the exact point counts as the mode and no Newton step is taken. */
  public static final double MODE_DECREMENT = 1e-3;
  /**
   * The most L-BFGS steps of a contrastive Bethe fit. Where the Bethe optimum lies beyond the region
   * in which BP converges (the objective is +∞ where it does not), L-BFGS crawls along that region's
   * edge: on a 5-word RBM with K = 3, restarts took 525 and 1,000 steps (56 s) and ended no better
   * than those that stopped on failed line searches within 61. Converged fits took 29–48 steps on
   * the same data.
   */
  static final int BETHE_MAX_ITERATIONS = 200;
  /** The most Newton steps taken after L-BFGS. */
  static final int MAX_NEWTON_STEPS = 20;

  private HiddenMap() {}

  /** Which objective was maximised. */
  public enum Objective {
    /** The exact log posterior. */
    EXACT,
    /** The contrastive Bethe free energy (eqn 19) plus the log prior. */
    CONTRASTIVE_BETHE
  }

  /**
   * How the restarts run.
   *
   * @param restarts the number of random starts, ≥ 1
   * @param initialScale s, the standard deviation of every starting parameter, &gt; 0
   * @param optimiser the L-BFGS settings of each run (on the objective divided by N)
   * @param threads workers for the exact covariance at the best point, ≥ 1
   */
  public record Settings(int restarts, double initialScale, Lbfgs.Settings optimiser, int threads) {
    public static final int DEFAULT_RESTARTS = 5;
    /**
     * Large enough that the hidden units start well apart, small beside the prior's σ0 = 1 so that
     * the starts are plausible under it.
     */
    public static final double DEFAULT_INITIAL_SCALE = 0.5;

    public Settings {
      if (restarts < 1) {
        throw new InvalidInputException("need at least one restart, got " + restarts);
      }
      if (!(initialScale > 0 && initialScale < Double.POSITIVE_INFINITY)) {
        throw new InvalidInputException("the initial scale must be finite and > 0, got " + initialScale);
      }
      Objects.requireNonNull(optimiser, "optimiser");
      if (threads < 1) {
        throw new InvalidInputException("threads must be >= 1, got " + threads);
      }
    }

    /** 5 restarts from N(0, 0.5² I), default L-BFGS, one thread. */
    public static Settings defaults() {
      return new Settings(DEFAULT_RESTARTS, DEFAULT_INITIAL_SCALE, Lbfgs.Settings.defaults(), 1);
    }

    public Settings withRestarts(int n) {
      return new Settings(n, initialScale, optimiser, threads);
    }

    public Settings withInitialScale(double s) {
      return new Settings(restarts, s, optimiser, threads);
    }

    public Settings withOptimiser(Lbfgs.Settings o) {
      return new Settings(restarts, initialScale, o, threads);
    }
  }

  /**
   * One run.
   *
   * @param start its starting point
   * @param result L-BFGS's outcome (on the objective divided by N)
   * @param logPosterior the objective's log posterior at the final point (the Bethe one for
   *     {@link Objective#CONTRASTIVE_BETHE})
   * @param bpConverged whether every BP run at the final point converged (true for the exact objective)
   */
  public record Restart(double[] start, Lbfgs.Result result, double logPosterior, boolean bpConverged) {
    /** L-BFGS stopped on a convergence test and BP converged at the final point. */
    public boolean converged() {
      return result.converged() && bpConverged;
    }
  }

  /**
   * The restarts and the point kept.
   *
   * @param best the index of the kept restart: the highest log posterior among the converged ones,
   *     or among all when none converged
   * @param point λMP: the kept restart's point, after the Newton steps (a fresh array from
   *     {@link #lambda()})
   * @param pointLogPosterior the objective's log posterior there
   * @param polish L-BFGS on the whole (not per-row) log posterior from the kept restart's point
   * @param newtonSteps the Newton steps taken after the polish ({@link Objective#EXACT} only)
   * @param precision the exact A at the kept point ({@link Objective#EXACT} only)
   * @param newtonDecrement ½ gᵀA⁻¹g there, when A is positive definite ({@link Objective#EXACT} only)
   * @param bpRuns BP runs over all restarts (0 for the exact objective)
   * @param bpNonConvergedRuns those that stopped at their iteration cap
   */
  public record Result(Objective objective, List<Restart> restarts, int best, double[] point, double pointLogPosterior,
      Optional<Lbfgs.Result> polish, int newtonSteps, Optional<PosteriorPrecision> precision,
      OptionalDouble newtonDecrement, int bpRuns, int bpNonConvergedRuns, Settings settings, long seed,
      double seconds) {
    public Result {
      restarts = List.copyOf(restarts);
      point = point.clone();
    }

    /** λMP (or λMP_BP) (a fresh array). */
    public double[] lambda() {
      return point.clone();
    }

    /** The objective's log posterior at {@link #lambda()}. */
    public double logPosterior() {
      return pointLogPosterior;
    }

    /** How many restarts converged. */
    public int convergedRestarts() {
      return (int) restarts.stream().filter(Restart::converged).count();
    }

    /**
     * How many converged restarts ended within {@code nats} of the kept restart (before its Newton
     * steps): when only one did, the optimum was found once and more restarts may find a better one.
     */
    public int restartsAtBest(double nats) {
      double top = restarts.get(best).logPosterior();
      return (int) restarts.stream().filter(r -> r.converged() && r.logPosterior() >= top - nats).count();
    }

    /** Why the kept point is not a converged local maximum, if it is not. */
    public Optional<String> notConverged() {
      Restart kept = restarts.get(best);
      List<String> why = new ArrayList<>();
      if (!kept.result().converged()) {
        why.add("L-BFGS stopped on " + kept.result().reason().name().toLowerCase(Locale.ROOT) + " in every restart");
      }
      if (!kept.bpConverged()) {
        why.add("BP did not converge at the final point");
      }
      precision.ifPresent(a -> {
        if (!a.positiveDefinite()) {
          why.add(String.format(Locale.ROOT, "the posterior precision is not positive definite (smallest "
              + "eigenvalue %.3g): a saddle, not a maximum", a.smallestEigenvalue()));
        }
      });
      newtonDecrement.ifPresent(d -> {
        if (d > NEWTON_DECREMENT_LIMIT) {
          why.add(String.format(Locale.ROOT, "a Newton step would gain %.3g nats: stopped short of the mode", d));
        }
      });
      return why.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", why));
    }

    /** Whether the kept point is a converged local maximum ({@link #notConverged()} is empty). */
    public boolean converged() {
      return notConverged().isEmpty();
    }
  }

  /** λMP of the exact log posterior. */
  public static Result exact(HiddenMrfData data, GaussianPrior prior, Settings settings, long seed) {
    long t0 = System.nanoTime();
    List<Restart> restarts = new ArrayList<>();
    for (double[] start : starts(data.featureCount(), settings, seed)) {
      HiddenLogLikelihood objective = HiddenLogLikelihood.exact(data, prior);
      Lbfgs.Result r = minimisePerRow(objective, data.rows(), start, settings);
      restarts.add(new Restart(start, r, objective.evaluate(r.x()).logPosterior(), true));
    }
    int best = best(restarts);
    HiddenLogLikelihood objective = HiddenLogLikelihood.exact(data, prior);
    double[] lambda = restarts.get(best).result().x().clone();
    // the whole log posterior, not per row: its gradient test is N times stricter
    Lbfgs.Result polish = new Lbfgs(settings.optimiser()).minimize(objective, lambda);
    lambda = polish.x();
    HiddenLogLikelihood.Evaluation at = objective.evaluate(lambda);
    int steps = 0;
    PosteriorPrecision a = objective.curvature(lambda, settings.threads()).posteriorPrecision(prior);
    OptionalDouble decrement = OptionalDouble.empty();
    while (a.positiveDefinite()) {
      double[] g = at.gradient();
      for (int k = 0; k < g.length; k++) {
        g[k] -= prior.precision() * lambda[k];
      }
      double[] step = newtonStep(a, g);
      if (step == null) {
        break;
      }
      double dec = 0;
      for (int k = 0; k < g.length; k++) {
        dec += 0.5 * g[k] * step[k];
      }
      decrement = OptionalDouble.of(dec);
      if (!(dec > MODE_DECREMENT) || steps == MAX_NEWTON_STEPS) {
        break;
      }
      // Halve the step until the log posterior rises and A stays positive definite there: along
      // a direction the data barely determine, a full step can land where L is not concave.
      boolean moved = false;
      for (double t = 1; t > 1e-6 && !moved; t /= 2) {
        double[] x = lambda.clone();
        for (int k = 0; k < x.length; k++) {
          x[k] += t * step[k];
        }
        HiddenLogLikelihood.Evaluation e = objective.evaluate(x);
        if (e.logPosterior() > at.logPosterior()) {
          PosteriorPrecision there = objective.curvature(x, settings.threads()).posteriorPrecision(prior);
          if (there.positiveDefinite()) {
            lambda = x;
            at = e;
            a = there;
            steps++;
            moved = true;
          }
        }
      }
      if (!moved) {
        break;
      }
    }
    return new Result(Objective.EXACT, restarts, best, lambda, at.logPosterior(), Optional.of(polish), steps,
        Optional.of(a), decrement, 0, 0, settings, seed, (System.nanoTime() - t0) * 1e-9);
  }

  /** λMP_BP of the contrastive Bethe log posterior. */
  public static Result contrastiveBethe(HiddenMrfData data, GaussianPrior prior, LoopyBeliefPropagation.Settings bp,
      Settings settings, long seed) {
    long t0 = System.nanoTime();
    List<Restart> restarts = new ArrayList<>();
    int runs = 0;
    int nonConverged = 0;
    for (double[] start : starts(data.featureCount(), settings, seed)) {
      ContrastiveBethe objective = ContrastiveBethe.of(data, prior, bp);
      Lbfgs.Result r = minimiseFromFinite(objective, data.rows(), start, settings);
      ContrastiveBethe.Evaluation at = objective.evaluate(r.x());
      restarts.add(new Restart(start, r, at.logPosterior(), at.converged()));
      runs += objective.bpRuns();
      nonConverged += objective.bpNonConvergedRuns();
    }
    int best = best(restarts);
    ContrastiveBethe objective = ContrastiveBethe.of(data, prior, bp);
    Lbfgs.Result polish = minimiseFromFinite(objective, 1, restarts.get(best).result().x(), settings);
    ContrastiveBethe.Evaluation at = objective.evaluate(polish.x());
    runs += objective.bpRuns();
    nonConverged += objective.bpNonConvergedRuns();
    Restart kept = restarts.get(best);
    if (!at.converged() || at.logPosterior() < kept.logPosterior()) {
      // the polish's BP did not converge at its end, or it lost ground: keep the restart's point
      return new Result(Objective.CONTRASTIVE_BETHE, restarts, best, kept.result().x(), kept.logPosterior(),
          Optional.of(polish), 0, Optional.empty(), OptionalDouble.empty(), runs, nonConverged, settings, seed,
          (System.nanoTime() - t0) * 1e-9);
    }
    return new Result(Objective.CONTRASTIVE_BETHE, restarts, best, polish.x(), at.logPosterior(), Optional.of(polish), 0,
        Optional.empty(), OptionalDouble.empty(), runs, nonConverged, settings, seed, (System.nanoTime() - t0) * 1e-9);
  }

  /** The starting points, one stream per restart split off the seed in index order. */
  static List<double[]> starts(int f, Settings settings, long seed) {
    List<SplittableUniformRandomProvider> streams =
        RandomStreams.split(RandomStreams.fromSeed(seed), settings.restarts());
    List<double[]> out = new ArrayList<>();
    for (SplittableUniformRandomProvider stream : streams) {
      ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(stream);
      double[] start = new double[f];
      for (int a = 0; a < f; a++) {
        start[a] = settings.initialScale() * normal.sample();
      }
      out.add(start);
    }
    return out;
  }

  private static Lbfgs.Result minimisePerRow(DifferentiableFunction objective, double rows, double[] start,
      Settings settings) {
    DifferentiableFunction perRow = (x, g) -> {
      double value = objective.valueAndGradient(x, g);
      for (int a = 0; a < g.length; a++) {
        g[a] /= rows;
      }
      return value / rows;
    };
    return new Lbfgs(settings.optimiser()).minimize(perRow, start);
  }

  /**
   * As {@link #minimisePerRow} for the contrastive Bethe objective, except that where it is not
   * finite at the start (BP finds no fixed point there) no step is taken: the result stays at the
   * start with {@link Lbfgs.Reason#NON_FINITE}; and that L-BFGS takes at most
   * {@link #BETHE_MAX_ITERATIONS} steps.
   */
  private static Lbfgs.Result minimiseFromFinite(DifferentiableFunction objective, double rows, double[] start,
      Settings settings) {
    double[] g = new double[start.length];
    double value = objective.valueAndGradient(start, g);
    if (!Double.isFinite(value) || !DifferentiableFunction.allFinite(g)) {
      return new Lbfgs.Result(start.clone(), value / rows, Double.NaN, 0, 1, Lbfgs.Reason.NON_FINITE);
    }
    Lbfgs.Settings o = settings.optimiser();
    return minimisePerRow(objective, rows, start,
        settings.withOptimiser(o.withMaxIterations(Math.min(o.maxIterations(), BETHE_MAX_ITERATIONS))));
  }

  private static int best(List<Restart> restarts) {
    boolean anyConverged = restarts.stream().anyMatch(Restart::converged);
    int best = -1;
    for (int k = 0; k < restarts.size(); k++) {
      Restart r = restarts.get(k);
      if ((r.converged() || !anyConverged) && (best < 0 || r.logPosterior() > restarts.get(best).logPosterior())) {
        best = k;
      }
    }
    return best;
  }

  /** A⁻¹g, or null if the solve fails. */
  private static double[] newtonStep(PosteriorPrecision a, double[] g) {
    DMatrixRMaj rhs = new DMatrixRMaj(g.length, 1, true, g);
    DMatrixRMaj x = new DMatrixRMaj(g.length, 1);
    if (!CommonOps_DDRM.solve(a.matrix(), rhs, x)) {
      return null;
    }
    return x.data.clone();
  }
}
