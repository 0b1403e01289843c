package org.occam.mrf;

import org.occam.sampling.PosteriorDrawSettings;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.occam.math.DifferentiableFunction;
import org.occam.data.InvalidInputException;
import org.occam.math.Lbfgs;
import org.occam.mrf.hidden.HiddenLaplace;
import org.occam.mrf.hidden.HiddenMap;
import org.occam.mrf.hidden.HiddenMrfData;
import org.occam.mrf.hidden.HiddenParameterLikelihood;
import org.occam.sampling.ParameterSpaceAis;

/**
 * One fully observed Boltzmann-machine structure to score on one data set: the graph, the data's
 * statistics, the settings and the seed, and the work the Laplace-family scores of Parise &amp;
 * Welling (NIPS 2006) share — the pseudo-moment-matching start, the exact MAP and ML points, the BP
 * MAP point, the exact covariance and linear response at those points — each computed once, on
 * first use, so that asking for several methods costs what the costliest of them costs. See
 * {@link MrfScorer} for the formulas and for how λML is taken when the data lie on the boundary.
 */
public final class MrfProblem {
  /** A cell with fewer than this many observations counts as empty for the λML boundary test. */
  static final double EMPTY_CELL_OBSERVATIONS = 1e-6;

  /**
   * One optimisation's outcome, with the objective's pieces at the optimum.
   *
   * @param newtonDecrement ½ gᵀA⁻¹g of the objective's log posterior at the point, with the exact A
   *     (exact fits, after the Newton steps) or the linear-response A (the BP fit, when L-BFGS did
   *     not converge); NaN when not computed
   */
  public record Fit(Lbfgs.Result result, MrfLikelihood.Evaluation atOptimum, String start, double seconds,
      int bpCalls, int bpNonConvergedCalls, int newtonSteps, double newtonDecrement) {
    /** The point: L-BFGS's, or where the Newton steps after it ended ({@link #exactMap}). */
    public double[] lambda() {
      return result.x();
    }

    /**
     * Whether the point is the objective's maximum: L-BFGS converged, or a Newton step would gain
     * at most {@link HiddenMap#NEWTON_DECREMENT_LIMIT} nats. The objective's value is known only to
     * its evaluation's precision (BP's message tolerance; rounding at many rows), so near the
     * optimum a line search can find no lower value although the gradient is still above L-BFGS's
     * test (measured: 1.3e-6 and 2.3e-6 per row for the BP fit against the test's 1e-6, a decrement
     * far below 0.01 nats).
     */
    public boolean converged() {
      return result.converged() || newtonDecrement <= HiddenMap.NEWTON_DECREMENT_LIMIT;
    }

    Fit withNewtonDecrement(double d) {
      return new Fit(result, atOptimum, start, seconds, bpCalls, bpNonConvergedCalls, newtonSteps, d);
    }

    /**
     * This fit moved to where Newton steps ended: L-BFGS's result with the new point, value and
     * gradient norm (per row); a decrement above {@link #MODE_DECREMENT} was measured before a step
     * that moved the point, so it is no longer known (NaN).
     */
    Fit polished(NewtonToMode.Outcome<MrfLikelihood.Evaluation> o, double rows, GaussianPrior prior, double[] means,
        double extraSeconds) {
      double[] g = NewtonToMode.gradient(o.lambda(), o.at().inference().featureMeans(), rows, means, prior);
      double norm = 0;
      for (double x : g) {
        norm += x * x;
      }
      Lbfgs.Result polished = new Lbfgs.Result(o.lambda(), -o.at().logPosterior() / rows, Math.sqrt(norm) / rows,
          result.iterations(), result.evaluations(), result.reason());
      return new Fit(polished, o.at(), start, seconds + extraSeconds, bpCalls, bpNonConvergedCalls, o.steps(),
          o.decrement() <= MODE_DECREMENT ? o.decrement() : Double.NaN);
    }

    public void describe(Map<String, Object> diag) {
      diag.put("optimiserConverged", result.converged());
      if (Double.isFinite(newtonDecrement)) {
        diag.put("newtonDecrement", newtonDecrement);
      }
      diag.put("reason", result.reason().name().toLowerCase(Locale.ROOT));
      diag.put("iterations", result.iterations());
      diag.put("evaluations", result.evaluations());
      diag.put("gradientNormPerRow", result.gradientNorm());
      diag.put("start", start);
      if (newtonSteps > 0) {
        diag.put("newtonSteps", newtonSteps);
      }
    }
  }

  /** Linear response at a point, with the posterior precision it gives. */
  public record BetheLaplace(BeliefPropagationResult bp, LinearResponse lr, PosteriorPrecision precision,
      double seconds) {}

  private final PairwiseGraph graph;
  private final MrfData data;
  private final HiddenMrfData hidden;
  private final HiddenMap.Settings hiddenMap;
  private HiddenLaplace.ExactScores hiddenExact;
  private HiddenLaplace.BpScore hiddenBpLr;
  private final MrfScoreSettings settings;
  private final long seed;
  private final ParameterSpaceAis.Settings ais;
  private final PosteriorDrawSettings posterior;
  private final Map<String, Object> shared = new HashMap<>();
  private final GaussianPrior prior;
  private final double rows;
  private final double[] means;
  private final int f;

  private double[] pmm;
  private double pmmSeconds;
  private Fit exactMap;
  private Fit ml;
  private int mlEmptyCells;
  private double mlSmoothing;
  private Fit bpMap;
  private MrfLikelihood betheObjective;
  private PosteriorPrecision exactPrecision;
  private double exactPrecisionSeconds;
  private BetheLaplace betheAtBpMap;
  private BetheLaplace betheAtExactMap;

  /**
   * @param data the data's statistics for {@code graph}
   * @param seed the seed of the sampling-based methods
   * @throws IllegalArgumentException if the data are for another graph
   */
  public MrfProblem(PairwiseGraph graph, MrfData data, MrfScoreSettings settings, long seed) {
    this(graph, data, settings, seed, null);
  }

  /**
   * As above, with the settings of the {@code ais} method ({@code null}: its defaults, with the
   * settings' σ0).
   */
  public MrfProblem(PairwiseGraph graph, MrfData data, MrfScoreSettings settings, long seed,
      ParameterSpaceAis.Settings ais) {
    this(graph, data, settings, seed, ais, null);
  }

  /**
   * As above, with the settings of the sample-based estimators' posterior draws ({@code null}:
   * {@link PosteriorDrawSettings#defaults()}).
   */
  public MrfProblem(PairwiseGraph graph, MrfData data, MrfScoreSettings settings, long seed,
      ParameterSpaceAis.Settings ais, PosteriorDrawSettings posterior) {
    this.ais = ais;
    this.posterior = posterior == null ? PosteriorDrawSettings.defaults() : posterior;
    this.graph = Objects.requireNonNull(graph, "graph");
    this.data = Objects.requireNonNull(data, "data");
    this.hidden = null;
    this.hiddenMap = null;
    this.settings = Objects.requireNonNull(settings, "settings");
    if (!data.graph().equals(graph)) {
      throw new IllegalArgumentException("the data's statistics are for " + data.graph() + ", not for " + graph);
    }
    this.seed = seed;
    this.prior = settings.prior();
    this.rows = data.rows();
    this.means = data.featureMeans();
    this.f = data.featureCount();
  }

  /**
   * A Boltzmann machine with hidden variables, or with missing cells in its data (Welling &amp; Parise
   * 2006, section 6): the methods that handle them ({@link #HIDDEN_METHODS}) score it through
   * {@link HiddenLaplace} and {@link HiddenParameterLikelihood}; the others refuse it. The MAP points
   * are the best of {@code restarts} seeded random starts ({@link HiddenMap}), since the likelihood
   * is not concave.
   *
   * @param hiddenMap the restarts and their initial scale (its optimiser and threads are replaced by
   *     those of {@code settings}, which every score of the problem shares)
   * @param ais the settings of {@code ais} ({@code null}: its defaults, with the settings' σ0)
   */
  public MrfProblem(HiddenMrfData data, MrfScoreSettings settings, long seed, ParameterSpaceAis.Settings ais,
      HiddenMap.Settings hiddenMap) {
    this.hidden = Objects.requireNonNull(data, "data");
    this.graph = data.graph();
    this.data = null;
    this.settings = Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(hiddenMap, "hiddenMap");
    this.hiddenMap = new HiddenMap.Settings(hiddenMap.restarts(), hiddenMap.initialScale(), settings.optimiser(),
        settings.threads());
    this.seed = seed;
    this.ais = ais;
    this.posterior = PosteriorDrawSettings.defaults();
    this.prior = settings.prior();
    this.rows = data.rows();
    this.means = null;
    this.f = data.featureCount();
  }

  /** The methods that score a problem with hidden variables or missing cells, in registry order. */
  public static final java.util.List<String> HIDDEN_METHODS = java.util.List.of("map", "bic-map", "bp-lr",
      "laplace-exact", "ais");

  /** Whether the model has hidden variables or the data missing cells (the {@link HiddenMrfData} constructor). */
  public boolean hasHiddenVariables() {
    return hidden != null;
  }

  /**
   * The data of a problem with hidden variables or missing cells.
   *
   * @throws IllegalStateException for a fully observed problem
   */
  public HiddenMrfData hiddenData() {
    if (hidden == null) {
      throw new IllegalStateException("a fully observed problem has no hidden-variable data");
    }
    return hidden;
  }

  /** How the MAP points of a problem with hidden variables are found ({@code null} if fully observed). */
  public HiddenMap.Settings hiddenMapSettings() {
    return hiddenMap;
  }

  /**
   * Refuses a method that needs fully observed data on a problem with hidden variables or missing
   * cells, naming the methods that handle them.
   *
   * @param method the method's name, or {@code null}
   *
   * @throws InvalidInputException if the problem has hidden variables or missing cells
   */
  public void requireFullyObserved(String method) {
    if (hidden != null) {
      throw new InvalidInputException((method == null ? "this MRF method" : "MRF method '" + method + "'")
          + " needs fully observed data, and this model has "
          + (hidden.hiddenCount() > 0 ? hidden.hiddenCount() + " hidden variable" + (hidden.hiddenCount() == 1 ? ""
          : "s") : "missing cells in its data") + " (methods for hidden variables: " + String.join(",", HIDDEN_METHODS)
          + ")");
    }
  }

  /** map, bic-map and laplace-exact of a problem with hidden variables, at the exact MAP point found once. */
  public synchronized HiddenLaplace.ExactScores hiddenExactScores() {
    if (hiddenExact == null) {
      hiddenExact = HiddenLaplace.exactScores(hiddenData(), prior, hiddenMap, seed, hiddenSettingsMap());
    }
    return hiddenExact;
  }

  /** bp-lr of a problem with hidden variables, at the contrastive-Bethe MAP point found once. */
  public synchronized HiddenLaplace.BpScore hiddenBpLr() {
    if (hiddenBpLr == null) {
      hiddenBpLr = HiddenLaplace.bpLr(hiddenData(), prior, hiddenMap, settings.bp(), seed, hiddenSettingsMap());
    }
    return hiddenBpLr;
  }

  private Map<String, Object> hiddenSettingsMap() {
    Map<String, Object> set = settingsMap();
    set.put("restarts", hiddenMap.restarts());
    set.put("initialScale", hiddenMap.initialScale());
    return set;
  }

  /** The problem of a graph on a data set of its variables (the data's statistics for that graph). */
  public static MrfProblem of(PairwiseGraph graph, org.occam.data.Dataset data, MrfScoreSettings settings, long seed) {
    return new MrfProblem(graph, MrfData.of(graph, data), settings, seed);
  }

  /** The estimates of registered methods, in the order given, sharing this problem's work. */
  public java.util.List<org.occam.evidence.EvidenceEstimate> estimate(
      java.util.List<? extends org.occam.evidence.EvidenceMethod<MrfProblem>> methods) {
    return org.occam.evidence.MethodRegistry.estimateAll(this, methods);
  }

  public PairwiseGraph graph() {
    return graph;
  }

  /**
   * The fully observed data's statistics.
   *
   * @throws InvalidInputException if the problem has hidden variables or missing cells
   */
  public MrfData data() {
    requireFullyObserved(null);
    return data;
  }

  public MrfScoreSettings settings() {
    return settings;
  }

  public long seed() {
    return seed;
  }

  /** The settings of the {@code ais} method, or {@code null} for its defaults. */
  public ParameterSpaceAis.Settings aisSettings() {
    return ais;
  }

  /** How the sample-based estimators draw from the posterior. */
  public PosteriorDrawSettings posteriorSettings() {
    return posterior;
  }

  /**
   * Work that several methods share and that lives outside this class (the posterior draws of the
   * sample-based estimators), computed once per key on first use and kept for the problem's
   * lifetime. The computation runs under this problem's lock, so it may call the other cached
   * getters.
   *
   * @param key names the work, e.g. {@code "posterior-likelihoods"}
   * @param compute called at most once per key
   */
  @SuppressWarnings("unchecked")
  public synchronized <T> T shared(String key, Function<MrfProblem, T> compute) {
    Object value = shared.get(key);
    if (value == null) {
      value = Objects.requireNonNull(compute.apply(this), key);
      shared.put(key, value);
    }
    return (T) value;
  }

  public GaussianPrior prior() {
    return prior;
  }

  /** N, the number of rows. */
  public double rows() {
    return rows;
  }

  /** F, the number of parameters. */
  public int featureCount() {
    return f;
  }

  /** f̄, the data's feature means (the problem's own copy, shared by its methods: not to be modified). */
  public double[] means() {
    return means;
  }

  /** The number of empty cells found by the λML boundary test ({@link #ml()} first). */
  public synchronized int mlEmptyCells() {
    return mlEmptyCells;
  }

  /** The smoothing c/N used for λML, 0 when the data are interior ({@link #ml()} first). */
  public synchronized double mlSmoothing() {
    return mlSmoothing;
  }

  /** The seconds of the exact covariance ({@link #exactPrecision} first). */
  public synchronized double exactPrecisionSeconds() {
    return exactPrecisionSeconds;
  }

  /** The settings every estimate reports. */
  public Map<String, Object> settingsMap() {
    return new LinkedHashMap<>(settings.toMap());
  }

  /** A new diagnostics map with what every estimate reports first. */
  public Map<String, Object> diagnostics() {
    Map<String, Object> diag = new LinkedHashMap<>();
    diag.put("features", f);
    diag.put("rows", rows);
    return diag;
  }

  /** (F/2) log N, BIC's penalty. */
  public double penalty() {
    return 0.5 * f * Math.log(rows);
  }

  /**
   * The number of empty cells of the empirical marginals (node cells x_i = 0 and x_i = 1 and the four
   * cells of each edge) with fewer than {@link #EMPTY_CELL_OBSERVATIONS} observations: 0 iff f̄ is in
   * the interior of the local polytope.
   */
  public static int emptyCells(PairwiseGraph graph, double[] means, double rows) {
    int v = graph.vertexCount();
    double threshold = EMPTY_CELL_OBSERVATIONS / rows;
    int empty = 0;
    for (int i = 0; i < v; i++) {
      empty += (means[i] < threshold ? 1 : 0) + (1 - means[i] < threshold ? 1 : 0);
    }
    for (int e = 0; e < graph.edgeCount(); e++) {
      double qi = means[graph.edgeFrom(e)];
      double qj = means[graph.edgeTo(e)];
      double xi = means[v + e];
      double[] cells = {1 - qi - qj + xi, qj - xi, qi - xi, xi};
      for (double c : cells) {
        empty += c < threshold ? 1 : 0;
      }
    }
    return empty;
  }

  public void describePoint(Fit fit, Map<String, Object> diag, String logZKind) {
    fit.describe(diag);
    MrfLikelihood.Evaluation e = fit.atOptimum();
    diag.put("logZ", e.inference().logZ());
    diag.put("logZMethod", logZKind);
    diag.put("logLikelihood", e.logLikelihood());
    diag.put("logPrior", e.logPrior());
    putLambda(fit.lambda(), diag);
  }

  public static void putLambda(double[] lambda, Map<String, Object> diag) {
    double max = 0;
    for (double l : lambda) {
      max = Math.max(max, Math.abs(l));
    }
    diag.put("maxAbsParameter", max);
    diag.put("lambda", Arrays.stream(lambda).boxed().toList());
  }

  public static void describePrecision(PosteriorPrecision a, Map<String, Object> diag) {
    diag.put("logDetA", a.logDeterminant());
    diag.put("positiveDefinite", a.positiveDefinite());
    diag.put("hessianNotPositiveDefinite", !a.positiveDefinite());
    if (a.singular()) {
      diag.put("hessianSingular", true);
    }
    diag.put("smallestEigenvalue", a.smallestEigenvalue());
    diag.put("largestEigenvalue", a.largestEigenvalue());
  }

  public static void describeBethe(BetheLaplace b, Map<String, Object> diag) {
    diag.put("bpConverged", b.bp().converged());
    diag.put("bpIterations", b.bp().iterations());
    diag.put("bpMaxMessageChange", b.bp().maxMessageChange());
    diag.put("linearResponsePositiveDefinite", b.lr().precisionPositiveDefinite());
    b.lr().smallestPrecisionEigenvalue().ifPresent(x -> diag.put("linearResponseSmallestEigenvalue", x));
  }

  /** The PMM parameters of the smoothed data: the start of every optimisation. */
  private double[] pmm() {
    if (pmm == null) {
      long t0 = System.nanoTime();
      pmm = PseudoMomentMatching.fit(graph, means, settings.pmmCellPseudoCount()).parameters();
      pmmSeconds = (System.nanoTime() - t0) * 1e-9;
    }
    return pmm;
  }

  private Fit optimise(MrfLikelihood objective, boolean fromPmm) {
    long t0 = System.nanoTime();
    double[] start = fromPmm ? pmm() : new double[f];
    int bpCallsBefore = objective.bpCalls();
    int bpNonConvergedBefore = objective.bpNonConvergedCalls();
    // Per row, so that the optimiser's tolerances mean the same at every N: the gradient is then
    // f̄ − E[f] − λ/(N σ0²), a moment mismatch, and the value O(1), well above its rounding error.
    DifferentiableFunction perRow = (x, g) -> {
      double value = objective.valueAndGradient(x, g);
      for (int a = 0; a < g.length; a++) {
        g[a] /= rows;
      }
      return value / rows;
    };
    Lbfgs.Result r = new Lbfgs(settings.optimiser()).minimize(perRow, start);
    int bpCalls = objective.bpCalls() - bpCallsBefore;
    int bpNonConverged = objective.bpNonConvergedCalls() - bpNonConvergedBefore;
    MrfLikelihood.Evaluation e = objective.evaluate(r.x());
    double seconds = (System.nanoTime() - t0) * 1e-9 + (fromPmm ? pmmSeconds : 0);
    return new Fit(r, e, fromPmm ? "pmm" : "zero", seconds, bpCalls, bpNonConverged, 0, Double.NaN);
  }

  public synchronized Fit exactMap() {
    requireFullyObserved(null);
    if (exactMap == null) {
      MrfLikelihood objective = MrfLikelihood.exact(data, prior);
      exactMap = toTheMode(optimise(objective, settings.exactStart() == MrfScoreSettings.Start.PMM), objective);
    }
    return exactMap;
  }

  /** The Newton decrement (nats of log posterior) below which a point counts as the mode. */
  public static final double MODE_DECREMENT = 1e-3;

  /** The most Newton steps taken after L-BFGS. */
  static final int MAX_NEWTON_STEPS = 20;

  /**
   * Newton steps with the exact Hessian A = N C + Λ⁻¹ from L-BFGS's point until the Newton
   * decrement ½ gᵀA⁻¹g is below {@link #MODE_DECREMENT}. L-BFGS stops on the gradient per row, so
   * that its tolerances mean the same at every N; on many rows that can leave the point several nats
   * of log posterior below the mode (10⁶ rows of one pattern: 7 nats), and every score expanded
   * there (map, bic-map, laplace-exact, bp-lr-exactgrad) would be off. The decrement is bounded
   * without a covariance, ½ gᵀA⁻¹g ≤ ½ σ0² |g|² since A ⪰ Λ⁻¹ = I/σ0², so the usual case, a point
   * already at the mode, costs no covariance.
   */
  private Fit toTheMode(Fit fit, MrfLikelihood objective) {
    long t0 = System.nanoTime();
    NewtonToMode.Outcome<MrfLikelihood.Evaluation> o = NewtonToMode.run(
        new NewtonToMode.Target<MrfLikelihood.Evaluation>() {
          @Override
          public MrfLikelihood.Evaluation evaluate(double[] lambda) {
            return objective.evaluate(lambda);
          }

          @Override
          public double logPosterior(MrfLikelihood.Evaluation at) {
            return at.logPosterior();
          }

          @Override
          public double[] modelMeans(MrfLikelihood.Evaluation at) {
            return at.inference().featureMeans();
          }

          @Override
          public org.ejml.data.DMatrixRMaj precision(double[] lambda) {
            return PosteriorPrecision.of(exactCovariance(new BoltzmannMachine(graph, lambda), settings.threads()),
                rows, prior).matrix().copy();
          }
        }, fit.lambda(), fit.atOptimum(), rows, means, prior, MODE_DECREMENT, MAX_NEWTON_STEPS);
    if (o.steps() == 0) {
      return fit.withNewtonDecrement(o.decrement());
    }
    return fit.polished(o, rows, prior, means, (System.nanoTime() - t0) * 1e-9);
  }

  /** g = N (f̄ − E_λ[f]) − λ/σ0², the gradient of the log posterior at a fit's point. */
  public double[] logPosteriorGradient(Fit fit) {
    return logPosteriorGradient(fit.lambda(), fit.atOptimum());
  }

  /** g = N (f̄ − E_λ[f]) − λ/σ0², the gradient of the log posterior at λ (E_λ[f] from {@code at}). */
  private double[] logPosteriorGradient(double[] lambda, MrfLikelihood.Evaluation at) {
    return NewtonToMode.gradient(lambda, at.inference().featureMeans(), rows, means, prior);
  }

  public synchronized Fit ml() {
    requireFullyObserved(null);
    if (ml == null) {
      mlEmptyCells = emptyCells(graph, means, rows);
      MrfData target = data;
      mlSmoothing = 0;
      if (mlEmptyCells > 0) {
        mlSmoothing = settings.mlPseudoObservations() / rows;
        target = new MrfData(graph, rows, PseudoMomentMatching.smoothedMeans(graph, means, mlSmoothing));
      }
      Fit fit = optimise(MrfLikelihood.exact(target), settings.exactStart() == MrfScoreSettings.Start.PMM);
      if (mlEmptyCells > 0) {
        // L on the real data at the smoothed-data optimum
        MrfLikelihood.Evaluation onTarget = fit.atOptimum();
        double logLikelihood = MrfLikelihood.logLikelihood(rows, means, fit.lambda(), onTarget.inference().logZ());
        fit = new Fit(fit.result(), new MrfLikelihood.Evaluation(logLikelihood, 0, onTarget.inference()),
            fit.start(), fit.seconds(), 0, 0, 0, fit.newtonDecrement());
      }
      ml = fit;
    }
    return ml;
  }

  public synchronized MrfLikelihood bethe() {
    requireFullyObserved(null);
    if (betheObjective == null) {
      betheObjective = MrfLikelihood.bethe(data, prior, settings.bp());
    }
    return betheObjective;
  }

  /**
   * λMP of the Bethe objective. When L-BFGS did not converge, the Newton decrement with the
   * linear-response A at its point is recorded ({@link Fit#converged}).
   */
  public synchronized Fit bpMap() {
    if (bpMap == null) {
      bpMap = optimise(bethe(), true);
      if (!bpMap.result().converged()) {
        BetheLaplace b = betheAtBpMap();
        bpMap = bpMap.withNewtonDecrement(b.precision().newtonDecrement(logPosteriorGradient(bpMap)));
      }
    }
    return bpMap;
  }

  /** A = N C + Λ⁻¹ with the exact covariance C at the exact MAP point (its time: {@link #exactPrecisionSeconds}). */
  public synchronized PosteriorPrecision exactPrecision() {
    if (exactPrecision == null) {
      long t0 = System.nanoTime();
      BoltzmannMachine model = new BoltzmannMachine(graph, exactMap().lambda());
      exactPrecision = PosteriorPrecision.of(exactCovariance(model, settings.threads()), rows, prior);
      exactPrecisionSeconds = (System.nanoTime() - t0) * 1e-9;
    }
    return exactPrecision;
  }

  /**
   * The junction-tree covariance; enumeration when the tree is too wide but V is small enough
   * (as {@link ExactInference#exact} falls back).
   */
  private static double[][] exactCovariance(BoltzmannMachine model, int threads) {
    try {
      return ExactInference.covariance(model, threads);
    } catch (IllegalArgumentException tooWide) {
      if (model.variableCount() <= ExactEnumeration.MAX_VARIABLES) {
        return ExactEnumeration.run(model, true).covariance();
      }
      throw tooWide;
    }
  }

  /** Loopy BP and linear response at the BP MAP point. */
  public synchronized BetheLaplace betheAtBpMap() {
    if (betheAtBpMap == null) {
      Fit fit = bpMap();
      long t0 = System.nanoTime();
      // the evaluation at the optimum was the BP objective's last (warm-started) run
      BeliefPropagationResult bp = (BeliefPropagationResult) fit.atOptimum().inference();
      betheAtBpMap = linearResponse(bp, t0);
    }
    return betheAtBpMap;
  }

  /** Loopy BP and linear response at the exact MAP point. */
  public synchronized BetheLaplace betheAtExactMap() {
    if (betheAtExactMap == null) {
      Fit fit = exactMap();
      long t0 = System.nanoTime();
      BeliefPropagationResult bp = (BeliefPropagationResult) bethe().evaluate(fit.lambda()).inference();
      betheAtExactMap = linearResponse(bp, t0);
    }
    return betheAtExactMap;
  }

  private BetheLaplace linearResponse(BeliefPropagationResult bp, long t0) {
    LinearResponse lr = LinearResponse.compute(bp);
    PosteriorPrecision a = PosteriorPrecision.of(lr.covarianceMatrix(), rows, prior);
    return new BetheLaplace(bp, lr, a, (System.nanoTime() - t0) * 1e-9);
  }
}
