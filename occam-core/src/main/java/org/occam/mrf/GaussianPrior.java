package org.occam.mrf;

import org.occam.data.InvalidInputException;

/**
 * The isotropic Gaussian prior {@code p(λ) = N(0, σ0² I)} on the F parameters of a
 * {@link BoltzmannMachine}, as in {@code docs/notes/laplace-family.md} (Λ = σ0² I):
 *
 * <pre>
 *   log p(λ) = −½ ‖λ‖² / σ0² − (F/2) log(2π σ0²)
 *   ∇ log p  = −λ / σ0²,        −∇² log p = Λ⁻¹ = I / σ0²
 * </pre>
 *
 * <p>Parise &amp; Welling (2006) write the prior only as "some arbitrary prior p(λ)" (their eqn 3)
 * and do not say which one their experiments used; σ0 = 1 ({@link #standard()}) is this project's
 * default, not theirs.
 *
 * @param sigma σ0, the prior standard deviation of every parameter (&gt; 0, finite)
 */
public record GaussianPrior(double sigma) {
  /** The project's default σ0. */
  public static final double DEFAULT_SIGMA = 1.0;

  public GaussianPrior {
    if (!(sigma > 0 && sigma < Double.POSITIVE_INFINITY)) {
      throw new InvalidInputException("the prior standard deviation must be finite and > 0, got " + sigma);
    }
  }

  /** N(0, I): σ0 = {@link #DEFAULT_SIGMA}. */
  public static GaussianPrior standard() {
    return new GaussianPrior(DEFAULT_SIGMA);
  }

  /** {@code 1 / σ0²}, the diagonal of Λ⁻¹. */
  public double precision() {
    return 1 / (sigma * sigma);
  }

  /** {@code log p(λ) = −½ ‖λ‖² / σ0² − (F/2) log(2π σ0²)}, with F = {@code lambda.length}. */
  public double logDensity(double[] lambda) {
    double squares = 0;
    for (double l : lambda) {
      squares += l * l;
    }
    return -0.5 * squares * precision() - 0.5 * lambda.length * Math.log(2 * Math.PI * sigma * sigma);
  }

  @Override
  public String toString() {
    return "N(0, " + sigma + "² I)";
  }
}
