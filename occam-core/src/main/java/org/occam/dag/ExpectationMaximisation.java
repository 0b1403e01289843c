package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.Arrays;
import org.occam.math.Dirichlet;

/**
 * EM for ML or MAP parameters of a discrete DAG with hidden variables (Beal 2003, section 6.3.1):
 * the E step (6.16, 6.22) by exact enumeration, the M step (6.21) for ML and (6.23) for MAP.
 *
 * <p>MAP in the simplex basis (6.23) subtracts 1 from every hyperparameter and can produce
 * negative "probabilities" when some λ &lt; 1; it is used only when every λ ≥ 1. Otherwise the
 * softmax basis of MacKay (1998) is used, whose update is (6.23) without the −1s and whose
 * objective is {@code ln p(y|θ) + Σ λ ln θ}. The basis used is part of the run's settings.
 *
 * <p>One run starts from the given parameters and stops after {@code maxIterations} E steps, or
 * when the objective changes by less than {@code tolerancePerDatum · n} between E steps (Beal:
 * 1000 iterations, 10⁻⁶ per datum), or when Aitken's estimate puts it within {@code limitGap} nats of
 * its limit ({@link AitkenLimit}; off by default). The returned parameters are those of the last E step, so the
 * returned counts are exactly the E-step counts at θ̂, as the Cheeseman–Stutz score requires.
 * With {@code accelerated}, SQUAREM jumps between EM steps ({@link CountsSquarem}).
 */
public final class ExpectationMaximisation {
  /** Maximum likelihood or maximum a posteriori. */
  public enum Estimator {
    ML,
    MAP
  }

  /** The basis in which the MAP point is taken. */
  public enum MapBasis {
    /** Eqn (6.23), needs every λ ≥ 1. */
    SIMPLEX,
    /** MacKay's softmax basis: (6.23) without the −1s; any λ &gt; 0. */
    SOFTMAX;

    /** The simplex basis when every λ ≥ 1, else the softmax basis. */
    public static MapBasis defaultFor(DirichletPrior prior) {
      return prior.allAtLeastOne() ? SIMPLEX : SOFTMAX;
    }
  }

  /**
   * @param estimator ML or MAP
   * @param mapBasis the MAP basis (ignored for ML)
   * @param maxIterations the most E steps
   * @param tolerancePerDatum the convergence threshold on the objective change, per datum
   * @param accelerated SQUAREM's jumps on the expected counts between EM steps ({@link CountsSquarem}):
   *     the stopping rules are then checked on probes of plain steps
   * @param limitGap Aitken's rule ({@link AitkenLimit}): stop when the objective's estimated distance to
   *     its limit is below this many nats (0: off)
   */
  public record Settings(Estimator estimator, MapBasis mapBasis, int maxIterations, double tolerancePerDatum,
      boolean accelerated, double limitGap) {
    public Settings {
      if (maxIterations < 1) {
        throw new IllegalArgumentException("maxIterations must be >= 1, got " + maxIterations);
      }
      if (!(tolerancePerDatum >= 0)) {
        throw new IllegalArgumentException("tolerancePerDatum must be >= 0, got " + tolerancePerDatum);
      }
      if (!(limitGap >= 0) || Double.isInfinite(limitGap)) {
        throw new IllegalArgumentException("limitGap must be finite and >= 0, got " + limitGap);
      }
    }

    /** The rule on the change per datum alone (Beal's). */
    public Settings(Estimator estimator, MapBasis mapBasis, int maxIterations, double tolerancePerDatum,
        boolean accelerated) {
      this(estimator, mapBasis, maxIterations, tolerancePerDatum, accelerated, 0);
    }

    /** Plain EM steps. */
    public Settings(Estimator estimator, MapBasis mapBasis, int maxIterations, double tolerancePerDatum) {
      this(estimator, mapBasis, maxIterations, tolerancePerDatum, false);
    }

    /** The same settings with or without SQUAREM's jumps. */
    public Settings withAcceleration(boolean on) {
      return new Settings(estimator, mapBasis, maxIterations, tolerancePerDatum, on, limitGap);
    }

    /** Beal's settings: 1000 iterations, 10⁻⁶ per datum. */
    public static Settings beal(Estimator estimator, MapBasis basis) {
      return new Settings(estimator, basis, 1000, 1e-6);
    }
  }

  /**
   * The outcome of one EM run.
   *
   * @param theta the final parameters θ̂
   * @param expectedCounts the E-step counts at θ̂
   * @param logLikelihood {@code ln p(y | θ̂)}
   * @param logPrior {@code ln p(θ̂ | m)}, the prior density in the simplex basis
   * @param objective the quantity EM ascended: the log likelihood (ML), plus the log prior in the
   *     run's basis (MAP)
   * @param iterations the number of E steps
   * @param converged whether the change fell below the tolerance before the iteration limit
   * @param trace the objective after every E step
   */
  public record Run(double[] theta, double[] expectedCounts, double logLikelihood, double logPrior,
      double objective, int iterations, boolean converged, double[] trace) {}

  private ExpectationMaximisation() {}

  /** Runs EM from {@code initialTheta} (not modified). */
  public static Run run(HiddenStateEnumeration data, DirichletPrior prior, double[] initialTheta,
      Settings settings) {
    DagStructure s = data.structure();
    if (settings.estimator() == Estimator.MAP && settings.mapBasis() == MapBasis.SIMPLEX
        && !prior.allAtLeastOne()) {
      throw new InvalidInputException("MAP in the simplex basis (Beal 6.23) needs every Dirichlet λ >= 1; "
          + "use the softmax basis for " + prior);
    }
    double tol = settings.tolerancePerDatum() * data.dataSize();
    PriorTerm priorTerm = new PriorTerm(s, prior, settings);
    if (settings.accelerated()) {
      return accelerated(data, prior, initialTheta, settings, priorTerm, tol);
    }
    double[] theta = initialTheta.clone();
    double[] counts = new double[s.tableSize()];
    double[] trace = new double[settings.maxIterations()];
    double ll = 0;
    double objective = 0;
    boolean converged = false;
    int it = 0;
    while (true) {
      ll = data.eStep(theta, counts);
      objective = ll + priorTerm.at(theta);
      trace[it++] = objective;
      if (AitkenLimit.stops(trace, it, tol, settings.limitGap())) {
        converged = true;
        break;
      }
      if (it >= settings.maxIterations()) {
        break;
      }
      mStep(s, prior, counts, settings, theta);
    }
    return new Run(theta, counts, ll, prior.logDensity(s, theta), objective, it, converged,
        Arrays.copyOf(trace, it));
  }

  /**
   * EM with SQUAREM's jumps on the expected counts: one step maps counts N to θ(N) by the M step and
   * returns the objective at θ(N) with the E-step counts there; the rule on the change per step is
   * checked on probes of two plain steps. Any counts ≥ 0 give valid parameters (every M-step addend is
   * ≥ 0: λ − 1 with λ ≥ 1 in the simplex basis, λ in the softmax one). The run's θ̂ is θ(N) of the
   * last counts, and its counts are the E step at θ̂, as in a plain run.
   */
  private static Run accelerated(HiddenStateEnumeration data, DirichletPrior prior, double[] initialTheta,
      Settings settings, PriorTerm priorTerm, double tol) {
    DagStructure s = data.structure();
    double[] scratch = new double[s.tableSize()];
    double[] start = new double[s.tableSize()];
    data.eStep(initialTheta, start);
    CountsSquarem.Step step = (counts, next) -> {
      mStep(s, prior, counts, settings, scratch);
      return data.eStep(scratch, next) + priorTerm.at(scratch);
    };
    CountsSquarem.Rule rule = (trace, length) -> AitkenLimit.stops(trace, length, tol, settings.limitGap());
    int probe = settings.limitGap() > 0 ? AitkenLimit.RATE_WINDOW + 2 : 2;
    var run = new CountsSquarem(step, rule, 2 * Math.max(tol, settings.limitGap()), probe, settings.maxIterations())
        .run(start);
    double[] theta = new double[s.tableSize()];
    mStep(s, prior, run.counts(), settings, theta);
    double[] counts = new double[s.tableSize()];
    double ll = data.eStep(theta, counts);
    return new Run(theta, counts, ll, prior.logDensity(s, theta), ll + priorTerm.at(theta), run.steps(),
        run.converged(), run.trace());
  }

  /**
   * The prior part of the MAP objective: {@code ln Dir(θ | λ)} in the simplex basis, {@code Σ λ ln θ}
   * in the softmax basis, nothing for ML. Its normalising constant is computed once per run and its
   * θ-dependent part skipped where its coefficient is zero (λ = 1 in the simplex basis).
   */
  private static final class PriorTerm {
    private final double constant;
    private final double[] coefficient; // per flat entry's variable: λ − 1 (simplex) or λ (softmax)
    private final int[] from;
    private final int[] to;

    PriorTerm(DagStructure s, DirichletPrior prior, Settings settings) {
      double c = 0;
      int p = s.size();
      double[] coef = new double[p];
      from = new int[p];
      to = new int[p];
      for (int j = 0; j < p; j++) {
        from[j] = s.offset(j);
        to[j] = from[j] + s.parentConfigurations(j) * s.cardinality(j);
        if (settings.estimator() == Estimator.ML) {
          continue;
        }
        if (settings.mapBasis() == MapBasis.SIMPLEX) {
          c -= s.parentConfigurations(j) * Dirichlet.logBetaSymmetric(prior.lambda(j), s.cardinality(j));
          coef[j] = prior.lambda(j) - 1.0;
        } else {
          coef[j] = prior.lambda(j);
        }
      }
      this.constant = c;
      this.coefficient = coef;
    }

    double at(double[] theta) {
      double sum = constant;
      for (int j = 0; j < coefficient.length; j++) {
        if (coefficient[j] != 0) {
          double logs = 0;
          for (int i = from[j]; i < to[j]; i++) {
            logs += Math.log(theta[i]);
          }
          sum += coefficient[j] * logs;
        }
      }
      return sum;
    }
  }

  /**
   * The M step, writing into {@code theta} (modified): (6.21) for ML, (6.23) for MAP. A row with
   * no evidence at all (zero counts and, for MAP, λ = 1) has no unique maximiser; it is set
   * uniform.
   */
  static void mStep(DagStructure s, DirichletPrior prior, double[] counts, Settings settings, double[] theta) {
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      double add;
      if (settings.estimator() == Estimator.ML) {
        add = 0;
      } else if (settings.mapBasis() == MapBasis.SIMPLEX) {
        add = prior.lambda(j) - 1.0;
      } else {
        add = prior.lambda(j);
      }
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        int from = s.offset(j) + l * k;
        double total = 0;
        for (int x = 0; x < k; x++) {
          total += counts[from + x] + add;
        }
        if (total > 0) {
          for (int x = 0; x < k; x++) {
            theta[from + x] = (counts[from + x] + add) / total;
          }
        } else {
          Arrays.fill(theta, from, from + k, 1.0 / k);
        }
      }
    }
  }
}
