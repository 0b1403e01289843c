package org.occam.mrf.loglinear;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.ejml.data.DMatrixRMaj;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Lbfgs;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.NewtonToMode;
import org.occam.mrf.PosteriorPrecision;
import org.occam.sampling.ParameterLikelihood;
import org.occam.sampling.ParameterSpaceAis;

/**
 * One log-linear structure to score on one fully observed data set, with a Gaussian prior
 * N(0, σ0² I) on λ (as for the Boltzmann machine): the data's statistics, the settings and seed,
 * and the work the scores share — the exact MAP and ML points and the exact covariance at the MAP
 * point — each computed once on first use. Inference is exact, by enumeration of the joint states or
 * on a junction tree ({@link LogLinearInference#of}); a model too large for both is refused before any
 * work.
 *
 * <p>The formulas are those of the Boltzmann machine ({@code docs/notes/laplace-family.md}) with
 * the log-linear features: {@code L(λ) = N (λᵀ f̄ − log Z(λ))}; MAP {@code L(λMP) + log p(λMP)};
 * BIC {@code L(λ̂) − (F/2) log N}; Laplace {@code L(λMP) + log p(λMP) + (F/2) log 2π − ½ log det A} with
 * {@code A = N Cov[f] + I/σ0²}. When a cell of a term's marginal table is empty, λML is at infinity and
 * is taken on the data mixed with {@code mlPseudoObservations} per cell of uniform data
 * ({@link LogLinearData#smoothed}), with L evaluated on the real data.
 */
public final class LogLinearProblem {
  /** Newton steps after L-BFGS stop at this decrement (nats), as for the Boltzmann machine. */
  public static final double MODE_DECREMENT = 1e-3;
  /** A point whose Newton decrement is above this is not reported as the optimum. */
  public static final double DECREMENT_LIMIT = 0.01;
  static final int MAX_NEWTON_STEPS = 20;

  /**
   * One optimisation's outcome.
   *
   * @param lambda the point
   * @param logLikelihood L(λ) on the data
   * @param logPrior log p(λ) (0 for the ML fit)
   * @param logZ log Z(λ)
   * @param modelMeans E_λ[f]
   * @param result L-BFGS's result (per row)
   * @param newtonSteps Newton steps taken after L-BFGS
   * @param newtonDecrement the last decrement measured (NaN when none)
   * @param seconds the time
   */
  public record Fit(double[] lambda, double logLikelihood, double logPrior, double logZ, double[] modelMeans,
      Lbfgs.Result result, int newtonSteps, double newtonDecrement, double seconds) {
    public double logPosterior() {
      return logLikelihood + logPrior;
    }

    /** L-BFGS converged, or a Newton step would gain at most {@link #DECREMENT_LIMIT} nats. */
    public boolean converged() {
      return result.converged() || newtonDecrement <= DECREMENT_LIMIT;
    }

    void describe(Map<String, Object> diag) {
      diag.put("converged", converged());
      diag.put("optimiserConverged", result.converged());
      if (Double.isFinite(newtonDecrement)) {
        diag.put("newtonDecrement", newtonDecrement);
      }
      diag.put("reason", result.reason().name().toLowerCase(Locale.ROOT));
      diag.put("iterations", result.iterations());
      if (newtonSteps > 0) {
        diag.put("newtonSteps", newtonSteps);
      }
      diag.put("logZ", logZ);
      diag.put("logLikelihood", logLikelihood);
      double max = 0;
      for (double l : lambda) {
        max = Math.max(max, Math.abs(l));
      }
      diag.put("maxAbsParameter", max);
      diag.put("lambda", java.util.Arrays.stream(lambda).boxed().toList());
    }
  }

  private final LogLinearStructure structure;
  private final LogLinearData data;
  private final Dataset dataset;
  private final MrfScoreSettings settings;
  private final GaussianPrior prior;
  private final long seed;
  private final ParameterSpaceAis.Settings ais;
  private final double dirichletAlpha;
  private LogLinearInference inference;
  private Fit map;
  private Fit ml;
  private PosteriorPrecision precision;
  private double precisionSeconds;

  /**
   * @param data fully observed rows whose columns are the structure's variables
   * @param ais the settings of {@code ais} ({@code null}: the Boltzmann machine's defaults)
   * @param dirichletAlpha the hyper-Dirichlet precision α of {@code exact} (decomposable models)
   */
  public LogLinearProblem(LogLinearStructure structure, Dataset data, MrfScoreSettings settings, long seed,
      ParameterSpaceAis.Settings ais, double dirichletAlpha) {
    this.structure = Objects.requireNonNull(structure, "structure");
    this.dataset = Objects.requireNonNull(data, "data");
    this.data = LogLinearData.of(structure, data);
    this.settings = Objects.requireNonNull(settings, "settings");
    this.prior = settings.prior();
    this.seed = seed;
    this.ais = ais;
    if (!(dirichletAlpha > 0) || !Double.isFinite(dirichletAlpha)) {
      throw new org.occam.data.InvalidInputException("the Dirichlet precision α must be positive and finite, got "
          + dirichletAlpha);
    }
    this.dirichletAlpha = dirichletAlpha;
  }

  /** As above with the default AIS settings and α = 1. */
  public LogLinearProblem(LogLinearStructure structure, Dataset data, MrfScoreSettings settings, long seed) {
    this(structure, data, settings, seed, null, 1.0);
  }

  /** The estimates of registered methods, in the order given, sharing this problem's work. */
  public List<EvidenceEstimate> estimate(List<? extends EvidenceMethod<LogLinearProblem>> methods) {
    return MethodRegistry.estimateAll(this, methods);
  }

  /**
   * As {@link #estimate}, after refusing, before any work, a model too large for the exact inference
   * some of the methods need ({@link #requireExactInference(List)}).
   */
  public List<EvidenceEstimate> estimateFeasible(List<? extends EvidenceMethod<LogLinearProblem>> methods) {
    requireExactInference(methods);
    return estimate(methods);
  }

  public LogLinearStructure structure() {
    return structure;
  }

  public LogLinearData data() {
    return data;
  }

  /** The rows themselves (for {@code exact}, which needs the marginal tables). */
  public Dataset dataset() {
    return dataset;
  }

  public MrfScoreSettings settings() {
    return settings;
  }

  public GaussianPrior prior() {
    return prior;
  }

  public long seed() {
    return seed;
  }

  public double dirichletAlpha() {
    return dirichletAlpha;
  }

  /** The settings of {@code ais} (the Boltzmann machine's defaults unless given), with the prior's σ0. */
  public ParameterSpaceAis.Settings aisSettings() {
    ParameterSpaceAis.Settings s = ais != null ? ais : org.occam.mrf.MrfAnnealedImportanceSampling.defaultSettings();
    return s.withPriorSigma(settings.priorSigma());
  }

  /** (F/2) log N. */
  public double penalty() {
    return 0.5 * structure.featureCount() * Math.log(data.rows());
  }

  /** The settings every estimate reports. */
  public Map<String, Object> settingsMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("model", structure.generatorString());
    m.put("priorSigma", settings.priorSigma());
    m.put("optimiser", settings.optimiser().toString());
    m.put("mlPseudoObservations", settings.mlPseudoObservations());
    m.put("inference", "exact");
    return m;
  }

  /** A new diagnostics map with what every estimate reports first. */
  public Map<String, Object> diagnostics() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("features", structure.featureCount());
    d.put("rows", data.rows());
    return d;
  }

  /**
   * The exact inference engine (enumeration or the junction tree, the cheaper), built on first use.
   *
   * @throws org.occam.data.InvalidInputException if both are too large
   */
  public synchronized LogLinearInference inference() {
    if (inference == null) {
      inference = LogLinearInference.of(structure);
    }
    return inference;
  }

  /** Refuses, before any work, a model too large for exact inference. */
  public void requireExactInference() {
    inference();
  }

  /**
   * A method that needs no exact inference (bp-lr, on loopy BP; exact, a closed form), which
   * {@link #requireExactInference(List)} lets through on a model of any size.
   */
  public interface WithoutExactInference {}

  /** Refuses, before any work, a model too large for exact inference when one of the methods needs it. */
  public void requireExactInference(List<? extends EvidenceMethod<LogLinearProblem>> methods) {
    if (methods.stream().anyMatch(m -> !(m instanceof WithoutExactInference))) {
      inference();
    }
  }

  /** λMP: L-BFGS on the log posterior per row from λ = 0, then Newton steps to the mode. */
  public synchronized Fit map() {
    if (map == null) {
      long t0 = System.nanoTime();
      double[] means = data.means();
      Lbfgs.Result r = optimise(means, prior);
      double[] at = r.x();
      NewtonToMode.Outcome<Point> o = NewtonToMode.run(new NewtonToMode.Target<Point>() {
        @Override
        public Point evaluate(double[] lambda) {
          return point(lambda, means);
        }

        @Override
        public double logPosterior(Point p) {
          return p.logLikelihood() + p.logPrior();
        }

        @Override
        public double[] modelMeans(Point p) {
          return p.inference().means();
        }

        @Override
        public DMatrixRMaj precision(double[] lambda) {
          return PosteriorPrecision.of(inference().run(lambda, true).covariance(), data.rows(), prior).matrix()
              .copy();
        }
      }, at, point(at, means), data.rows(), means, prior, MODE_DECREMENT, MAX_NEWTON_STEPS);
      Point end = o.at();
      map = new Fit(o.lambda(), end.logLikelihood(), end.logPrior(), end.inference().logZ(), end.inference().means(),
          r, o.steps(), o.steps() > 0 && !(o.decrement() <= MODE_DECREMENT) ? Double.NaN : o.decrement(),
          (System.nanoTime() - t0) * 1e-9);
    }
    return map;
  }

  /** One evaluation of the log posterior's pieces at a point. */
  private record Point(double logLikelihood, double logPrior, LogLinearEnumeration.Result inference) {}

  private Point point(double[] lambda, double[] means) {
    LogLinearEnumeration.Result r = inference().run(lambda, false);
    return new Point(logLikelihood(means, lambda, r.logZ()), prior.logDensity(lambda), r);
  }

  /**
   * λML, without the prior; on the smoothed data when a marginal cell is empty (then L is the real
   * data's at that point).
   */
  public synchronized Fit ml() {
    if (ml == null) {
      long t0 = System.nanoTime();
      LogLinearData target = data.emptyCells() > 0 ? data.smoothed(settings.mlPseudoObservations()) : data;
      Lbfgs.Result r = optimise(target.means(), null);
      LogLinearEnumeration.Result end = inference().run(r.x(), false);
      ml = new Fit(r.x(), logLikelihood(data.means(), r.x(), end.logZ()), 0, end.logZ(), end.means(), r, 0,
          Double.NaN, (System.nanoTime() - t0) * 1e-9);
    }
    return ml;
  }

  /** A = N Cov[f] + I/σ0² at λMP. */
  public synchronized PosteriorPrecision precision() {
    if (precision == null) {
      Fit fit = map();
      long t0 = System.nanoTime();
      precision = PosteriorPrecision.of(inference().run(fit.lambda(), true).covariance(), data.rows(), prior);
      precisionSeconds = (System.nanoTime() - t0) * 1e-9;
    }
    return precision;
  }

  /** The seconds {@link #precision} took. */
  public synchronized double precisionSeconds() {
    precision();
    return precisionSeconds;
  }

  /** The exact log likelihood as the AIS engine takes it (one evaluator per chain). */
  public ParameterLikelihood parameterLikelihood() {
    LogLinearInference engine = inference();
    double rows = data.rows();
    double[] means = data.means();
    return new ParameterLikelihood() {
      @Override
      public int dimension() {
        return structure.featureCount();
      }

      @Override
      public double dataCount() {
        return rows;
      }

      @Override
      public DifferentiableFunction newEvaluator() {
        return (lambda, g) -> {
          if (DifferentiableFunction.outsideDomain(lambda, g)) {
            return Double.NaN;
          }
          LogLinearEnumeration.Result r = engine.run(lambda, false);
          double[] model = r.means();
          for (int a = 0; a < g.length; a++) {
            g[a] = rows * (means[a] - model[a]);
          }
          return logLikelihood(means, lambda, r.logZ());
        };
      }

      @Override
      public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dataSize", rows);
        m.put("parameters", structure.featureCount());
        m.put("exactInference", engine.describe());
        return m;
      }
    };
  }

  private Lbfgs.Result optimise(double[] means, GaussianPrior withPrior) {
    LogLinearInference engine = inference();
    double rows = data.rows();
    double precisionValue = withPrior == null ? 0 : withPrior.precision();
    // per row, as for the Boltzmann machine: the gradient is a moment mismatch f̄ − E[f] − λ/(N σ0²)
    DifferentiableFunction perRow = (lambda, g) -> {
      if (DifferentiableFunction.outsideDomain(lambda, g)) {
        return Double.POSITIVE_INFINITY;
      }
      LogLinearEnumeration.Result r = engine.run(lambda, false);
      double[] model = r.means();
      double value = -logLikelihood(means, lambda, r.logZ()) / rows;
      for (int a = 0; a < g.length; a++) {
        g[a] = -(means[a] - model[a]) + precisionValue * lambda[a] / rows;
      }
      if (withPrior != null) {
        value -= withPrior.logDensity(lambda) / rows;
      }
      return value;
    };
    return new Lbfgs(settings.optimiser()).minimize(perRow, new double[structure.featureCount()]);
  }

  /** {@code L = N (λᵀ f̄ − log Z)}. */
  double logLikelihood(double[] means, double[] lambda, double logZ) {
    double s = 0;
    for (int a = 0; a < lambda.length; a++) {
      s += lambda[a] * means[a];
    }
    return data.rows() * (s - logZ);
  }
}
