package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.Arrays;

/**
 * Independent symmetric Dirichlet priors on every CPT row, Beal's eqn (6.4) with
 * {@code λ_jlk = λ_j}: one hyperparameter per variable (the same value for all variables when
 * given as a scalar; Beal's experiments use λ = 1, the uniform prior).
 */
public final class DirichletPrior {
  private final double[] lambda;

  private DirichletPrior(double[] lambda) {
    for (int j = 0; j < lambda.length; j++) {
      if (!(lambda[j] > 0) || Double.isInfinite(lambda[j])) {
        throw new InvalidInputException("Dirichlet hyperparameter must be finite and > 0, got "
            + lambda[j]);
      }
    }
    this.lambda = lambda.clone();
  }

  /** λ for each variable of the structure, by index. */
  public static DirichletPrior perVariable(double[] lambda) {
    return new DirichletPrior(lambda);
  }

  /** The same λ for all {@code size} variables. */
  public static DirichletPrior uniform(int size, double lambda) {
    double[] l = new double[size];
    Arrays.fill(l, lambda);
    return new DirichletPrior(l);
  }

  /** λ_j. */
  public double lambda(int j) {
    return lambda[j];
  }

  /** The number of variables covered. */
  public int size() {
    return lambda.length;
  }

  /** Whether every λ ≥ 1, so that the MAP M step (6.23) in the simplex basis is well defined. */
  public boolean allAtLeastOne() {
    return Arrays.stream(lambda).allMatch(l -> l >= 1.0);
  }

  /** Whether all variables share one λ. */
  public boolean isScalar() {
    return Arrays.stream(lambda).allMatch(l -> l == lambda[0]);
  }

  @Override
  public String toString() {
    return isScalar() && lambda.length > 0 ? "dirichlet(" + lambda[0] + ")" : "dirichlet" + Arrays.toString(lambda);
  }

  /**
   * {@code ln p(θ | m)}: the log density of the prior at θ in the simplex basis, summed over all
   * CPT rows.
   */
  public double logDensity(DagStructure s, double[] theta) {
    double sum = 0;
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        sum += org.occam.math.Dirichlet.logDensity(lambda[j], theta, s.offset(j) + l * k, k);
      }
    }
    return sum;
  }
}
