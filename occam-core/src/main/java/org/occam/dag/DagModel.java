package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.Optional;

/**
 * A DAG model: a structure, its Dirichlet prior and optionally its parameters (the CPTs, needed
 * for sampling). Immutable; the parameter array is copied in and out.
 */
public final class DagModel {
  /** How far a CPT row may be from summing to one before it is rejected. */
  public static final double ROW_SUM_TOLERANCE = 1e-6;

  private final DagStructure structure;
  private final DirichletPrior prior;
  private final double[] parameters;

  /**
   * @param parameters the flat CPTs in the layout of {@link DagStructure}, or {@code null}
   * @throws IllegalArgumentException if the prior does not cover the structure, or a CPT entry
   *     is negative or a row does not sum to one within {@link #ROW_SUM_TOLERANCE}
   */
  public DagModel(DagStructure structure, DirichletPrior prior, double[] parameters) {
    if (prior.size() != structure.size()) {
      throw new InvalidInputException("prior covers " + prior.size() + " variables, the structure has "
          + structure.size());
    }
    if (parameters != null) {
      checkParameters(structure, parameters);
    }
    this.structure = structure;
    this.prior = prior;
    this.parameters = parameters == null ? null : parameters.clone();
  }

  /** Checks a flat parameter array against a structure's layout; see the constructor. */
  public static void checkParameters(DagStructure s, double[] theta) {
    if (theta.length != s.tableSize()) {
      throw new InvalidInputException("expected " + s.tableSize() + " CPT entries, got " + theta.length);
    }
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        double sum = 0;
        for (int x = 0; x < k; x++) {
          double t = theta[s.offset(j) + l * k + x];
          if (!(t >= 0) || Double.isInfinite(t)) {
            throw new InvalidInputException("CPT of " + s.name(j) + ", row " + (l + 1)
                + ": entries must be finite probabilities >= 0, found " + t);
          }
          sum += t;
        }
        if (Math.abs(sum - 1.0) > ROW_SUM_TOLERANCE) {
          throw new InvalidInputException("CPT of " + s.name(j) + ", row " + (l + 1) + " sums to " + sum
              + ", not 1 (tolerance " + ROW_SUM_TOLERANCE + "; renormalise if the rows are rounded)");
        }
      }
    }
  }

  /** Each CPT row divided by its sum (for tables printed with rounding). Rows summing to 0 are rejected. */
  public static double[] renormalise(DagStructure s, double[] theta) {
    if (theta.length != s.tableSize()) {
      throw new InvalidInputException("expected " + s.tableSize() + " CPT entries, got " + theta.length);
    }
    double[] out = theta.clone();
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        int from = s.offset(j) + l * k;
        double sum = 0;
        for (int x = 0; x < k; x++) {
          if (!(out[from + x] >= 0) || Double.isInfinite(out[from + x])) {
            throw new InvalidInputException("CPT of " + s.name(j) + ", row " + (l + 1)
                + ": entries must be finite probabilities >= 0, found " + out[from + x]);
          }
          sum += out[from + x];
        }
        if (!(sum > 0)) {
          throw new InvalidInputException("CPT of " + s.name(j) + ", row " + (l + 1)
              + " sums to 0 and cannot be renormalised");
        }
        for (int x = 0; x < k; x++) {
          out[from + x] /= sum;
        }
      }
    }
    return out;
  }

  public DagStructure structure() {
    return structure;
  }

  public DirichletPrior prior() {
    return prior;
  }

  /** The CPTs (a copy), if the model has them. */
  public Optional<double[]> parameters() {
    return parameters == null ? Optional.empty() : Optional.of(parameters.clone());
  }
}
