package org.occam.io;

import java.util.Locale;
import org.occam.data.InvalidInputException;

/**
 * The prior hyperparameters the scores can use, for the command-line options and the model files
 * alike. Both priors are proper for every finite positive value, but in double precision only a
 * range gives meaningful numbers:
 *
 * <ul>
 *   <li>σ0 of the Gaussian prior N(0, σ0² I) on the log-linear parameters of Boltzmann machines and
 *       RBMs (Parise &amp; Welling 2006; Chen &amp; Welling 2013): in [{@value #MIN_SIGMA},
 *       {@value #MAX_SIGMA}]. Below it the prior's curvature 1/σ0² swamps the likelihood's and the
 *       MAP optimisation stops converging (measured: σ0 = 1e-6 fails on a 3-variable model; beyond
 *       1e±154 σ0² or 1/σ0² overflows and the objective is infinite at the start). Above it the prior
 *       is flat on any scale a log-linear parameter can matter on (|λ| of 30 already means odds of
 *       1e13), and the evidence only falls by −F log σ0.
 *   <li>λ of the Dirichlet prior on each CPT row of a DAG (Beal 2003, §6.2): in
 *       [{@value #MIN_DIRICHLET}, {@value #MAX_DIRICHLET}]. Above it the differences of log Γ(λ…)
 *       lose their precision (measured: at λ = 1e20 the VB bound exceeds the exact evidence by 100
 *       nats); below it every row's prior puts nearly all its mass on the simplex's corners.
 * </ul>
 */
public final class PriorRange {
  private PriorRange() {}

  /** The smallest σ0 of a Gaussian prior on log-linear parameters. */
  public static final double MIN_SIGMA = 1e-4;

  /** The largest σ0 of a Gaussian prior on log-linear parameters. */
  public static final double MAX_SIGMA = 1e4;

  /** The smallest Dirichlet λ. */
  public static final double MIN_DIRICHLET = 1e-6;

  /** The largest Dirichlet λ. */
  public static final double MAX_DIRICHLET = 1e6;

  /** Why σ0 is refused, or null when it is in range. */
  public static String sigmaProblem(double sigma) {
    return problem(sigma, MIN_SIGMA, MAX_SIGMA, "σ0 of the Gaussian prior");
  }

  /** Why λ is refused, or null when it is in range. */
  public static String dirichletProblem(double lambda) {
    return problem(lambda, MIN_DIRICHLET, MAX_DIRICHLET, "the Dirichlet λ");
  }

  /**
   * σ0 itself, or a one-line {@link InvalidInputException} naming {@code option}.
   *
   * @param option the option (or other place) the value came from, e.g. {@code --prior-sigma}
   */
  public static double sigma(double sigma, String option) {
    String p = sigmaProblem(sigma);
    if (p != null) {
      throw new InvalidInputException(option + ": " + p);
    }
    return sigma;
  }

  /** λ itself, or a one-line {@link InvalidInputException} naming {@code option}. */
  public static double dirichlet(double lambda, String option) {
    String p = dirichletProblem(lambda);
    if (p != null) {
      throw new InvalidInputException(option + ": " + p);
    }
    return lambda;
  }

  private static String problem(double x, double min, double max, String what) {
    if (x >= min && x <= max) {
      return null;
    }
    return String.format(Locale.ROOT, "%s must be a number in [%s, %s], got %s", what, shortNumber(min),
        shortNumber(max), Double.isNaN(x) ? "NaN" : shortNumber(x));
  }

  private static String shortNumber(double x) {
    if (Double.isInfinite(x)) {
      return x > 0 ? "Infinity" : "-Infinity";
    }
    return new java.math.BigDecimal(Double.toString(x)).stripTrailingZeros().toString().toLowerCase(Locale.ROOT);
  }
}
