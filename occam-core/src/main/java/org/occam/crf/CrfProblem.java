package org.occam.crf;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Lbfgs;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.PosteriorPrecision;

/**
 * One CRF scoring problem: the model, the labelled sequences, the settings and the seed, with the
 * work that several methods share computed once on first use — the MAP point λMP of the
 * conditional log likelihood plus log prior (concave, so unique: L-BFGS then Newton steps with the
 * exact Hessian until the Newton decrement is below {@link #MODE_DECREMENT}) and the posterior
 * precision {@code A = Σ_n C_{x_n}(λMP) + Λ⁻¹} there (Welling &amp; Parise 2006, eqn 12).
 */
public final class CrfProblem {
  /** The Newton decrement ½ gᵀA⁻¹g (nats of log posterior) below which a point counts as the mode. */
  public static final double MODE_DECREMENT = 1e-8;
  static final int MAX_NEWTON_STEPS = 50;

  /**
   * The MAP point.
   *
   * @param lambda λMP
   * @param logLikelihood L(λMP)
   * @param logPrior log p(λMP)
   * @param newtonDecrement ½ gᵀA⁻¹g at λMP
   * @param iterations L-BFGS iterations
   * @param newtonSteps Newton steps after L-BFGS
   * @param converged whether the decrement is below {@link #MODE_DECREMENT}
   * @param seconds time taken
   */
  public record Fit(double[] lambda, double logLikelihood, double logPrior, double newtonDecrement, int iterations,
      int newtonSteps, boolean converged, double seconds) {
    /** L(λMP) + log p(λMP). */
    public double logPosterior() {
      return logLikelihood + logPrior;
    }

    /** Adds the fit's description to diagnostics. */
    public void describe(Map<String, Object> diag) {
      diag.put("converged", converged);
      diag.put("iterations", iterations);
      diag.put("newtonSteps", newtonSteps);
      diag.put("newtonDecrement", newtonDecrement);
      diag.put("logLikelihood", logLikelihood);
      diag.put("fitSeconds", seconds);
      if (!converged) {
        diag.put("notConverged", "the Newton decrement at the MAP point is " + newtonDecrement + " nats (limit "
            + MODE_DECREMENT + ")");
      }
    }
  }

  private final CrfModel model;
  private final CrfData data;
  private final CrfFeatures features;
  private final CrfLikelihood likelihood;
  private final CrfSettings settings;
  private final long seed;
  private final GaussianPrior prior;
  private final Map<String, Object> shared = new HashMap<>();
  private Fit map;
  private PosteriorPrecision precision;
  /** Σ_n C_{x_n} at the MAP point, as the last Newton step computed it (null if it did not). */
  private double[][] covarianceAtMap;
  private double precisionSeconds;

  /**
   * @throws org.occam.data.InvalidInputException if the model does not fit the data or a label is unknown
   */
  public CrfProblem(CrfModel model, CrfData data, CrfSettings settings, long seed) {
    this.model = Objects.requireNonNull(model, "model");
    this.data = Objects.requireNonNull(data, "data");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.features = model.featurize(data);
    this.likelihood = new CrfLikelihood(features);
    this.seed = seed;
    this.prior = settings.prior();
  }

  public CrfModel model() {
    return model;
  }

  public CrfData data() {
    return data;
  }

  public CrfFeatures features() {
    return features;
  }

  public CrfLikelihood likelihood() {
    return likelihood;
  }

  public CrfSettings settings() {
    return settings;
  }

  public long seed() {
    return seed;
  }

  public GaussianPrior prior() {
    return prior;
  }

  /** N, the number of sequences (the papers' number of documents). */
  public int sequences() {
    return data.size();
  }

  /** F. */
  public int dimension() {
    return features.dimension();
  }

  /**
   * Work shared by several methods and computed outside this class, once per key on first use,
   * under this problem's lock.
   */
  @SuppressWarnings("unchecked")
  public synchronized <T> T shared(String key, Function<CrfProblem, T> compute) {
    Object value = shared.get(key);
    if (value == null) {
      value = Objects.requireNonNull(compute.apply(this), key);
      shared.put(key, value);
    }
    return (T) value;
  }

  /** The log posterior L(λ) + log p(λ) with its gradient, on the problem's threads. */
  public double logPosterior(double[] lambda, double[] grad) {
    double v = likelihood.valueAndGradient(lambda, grad, settings.threads());
    double p = prior.precision();
    for (int k = 0; k < lambda.length; k++) {
      grad[k] -= p * lambda[k];
    }
    return v + prior.logDensity(lambda);
  }

  /** The MAP point (computed once). */
  public synchronized Fit map() {
    if (map == null) {
      map = fitMap();
    }
    return map;
  }

  private Fit fitMap() {
    long t0 = System.nanoTime();
    int f = dimension();
    double scale = Math.max(1, data.positions());
    Lbfgs.Result r = new Lbfgs(Lbfgs.Settings.defaults()).minimize((x, g) -> {
      double v = logPosterior(x, g);
      for (int k = 0; k < f; k++) {
        g[k] = -g[k] / scale;
      }
      return -v / scale;
    }, new double[f]);
    double[] lambda = r.x().clone();
    double[] g = new double[f];
    double value = logPosterior(lambda, g);
    double decrement = Double.POSITIVE_INFINITY;
    int steps = 0;
    while (true) {
      double[][] covariance = likelihood.covarianceSum(lambda, settings.threads());
      covarianceAtMap = covariance;
      DMatrixRMaj a = PosteriorPrecision.of(covariance, 1.0, prior).matrix();
      DMatrixRMaj step = new DMatrixRMaj(f, 1);
      if (!CommonOps_DDRM.solve(a, new DMatrixRMaj(f, 1, true, g), step)) {
        break;
      }
      decrement = 0;
      for (int k = 0; k < f; k++) {
        decrement += 0.5 * g[k] * step.get(k, 0);
      }
      if (!(decrement > MODE_DECREMENT) || steps >= MAX_NEWTON_STEPS) {
        break;
      }
      boolean moved = false;
      for (double t = 1; t > 1e-8; t /= 2) {
        double[] x = lambda.clone();
        for (int k = 0; k < f; k++) {
          x[k] += t * step.get(k, 0);
        }
        double[] gx = new double[f];
        double vx = logPosterior(x, gx);
        if (vx >= value) {
          lambda = x;
          g = gx;
          value = vx;
          moved = true;
          break;
        }
      }
      if (!moved) {
        break;
      }
      steps++;
    }
    double ll = likelihood.value(lambda);
    return new Fit(lambda, ll, prior.logDensity(lambda), decrement, r.iterations(), steps,
        decrement <= MODE_DECREMENT, (System.nanoTime() - t0) * 1e-9);
  }

  /** A = Σ_n C_{x_n}(λMP) + Λ⁻¹, exact (computed once). */
  public synchronized PosteriorPrecision precision() {
    if (precision == null) {
      double[] lambda = map().lambda();
      long t0 = System.nanoTime();
      // the Newton loop computes its last covariance at the point it returns
      double[][] covariance = covarianceAtMap;
      covarianceAtMap = null;
      if (covariance == null) {
        covariance = likelihood.covarianceSum(lambda, settings.threads());
      }
      precision = PosteriorPrecision.of(covariance, 1.0, prior);
      precisionSeconds = (System.nanoTime() - t0) * 1e-9;
    }
    return precision;
  }

  /** The time {@link #precision()} took. */
  public synchronized double precisionSeconds() {
    return precisionSeconds;
  }

  /** What every estimate reports about the problem. */
  public Map<String, Object> settingsMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("prior", prior.toString());
    m.put("sequences", data.size());
    m.put("positions", data.positions());
    m.put("parameters", dimension());
    m.put("tied", model.tied());
    return m;
  }

  /** Scores the problem with each method of a list, in order. */
  public java.util.List<EvidenceEstimate> estimate(
      java.util.List<? extends org.occam.evidence.EvidenceMethod<CrfProblem>> methods) {
    return org.occam.evidence.MethodRegistry.estimateAll(this, methods);
  }
}
