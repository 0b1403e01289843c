package org.occam.search;

import org.occam.data.InvalidInputException;
import org.occam.data.Dataset;
import org.occam.math.Dirichlet;

/**
 * The decomposable scores of a DAG over fully observed data, one family at a time:
 *
 * <pre>
 *   bde: ln p(z_j | z_pa(j)) = Σ_l [ lnΓ(λ⁰) − lnΓ(λ⁰ + N_jl) + Σ_k ( lnΓ(λ + N_jlk) − lnΓ(λ) ) ]   (Beal 6.9)
 *   bic: Σ_lk N_jlk ln(N_jlk / N_jl) − ((|z_j| − 1) Π_pa |z_pa| / 2) ln n                        (Beal 6.26)
 * </pre>
 *
 * <p>Summed over the variables they are the exact complete-data evidence under independent
 * symmetric Dirichlet(λ) priors (the BDe score of Heckerman, Geiger &amp; Chickering 1995 with
 * these hyperparameters) and the BIC score. Counts are accumulated from the distinct rows.
 * Immutable and thread-safe.
 */
public final class DagCompleteDataScore implements DagFamilyScore {
  /** Which score. */
  public enum Kind {
    BDE, BIC
  }

  private final Kind kind;
  private final double lambda;
  private final int[] cardinality;
  private final int[][] rows; // distinct rows in the search space's variable order
  private final double[] counts;
  private final double n;

  /**
   * @param space the search space; it must have no hidden variables
   * @param data a column for every variable of the space (matched by name), no missing cells
   * @param lambda the symmetric Dirichlet hyperparameter (used by {@link Kind#BDE})
   * @throws IllegalArgumentException on hidden variables, missing columns or cells, or states that differ
   */
  public DagCompleteDataScore(DagSearchSpace space, Dataset data, Kind kind, double lambda) {
    if (!(lambda > 0) || Double.isInfinite(lambda)) {
      throw new InvalidInputException("Dirichlet hyperparameter must be finite and > 0, got " + lambda);
    }
    int p = space.size();
    int[] column = new int[p];
    cardinality = new int[p];
    for (int j = 0; j < p; j++) {
      String name = space.variable(j).name();
      if (space.isHidden(j)) {
        throw new InvalidInputException("the complete-data score needs every variable observed; " + name
            + " is hidden");
      }
      column[j] = data.indexOf(name);
      if (column[j] < 0) {
        throw new InvalidInputException("the data has no column for " + name);
      }
      cardinality[j] = space.variable(j).cardinality();
      if (data.variables().get(column[j]).cardinality() != cardinality[j]) {
        throw new InvalidInputException("variable " + name + " has " + cardinality[j] + " states in the search"
            + " space but " + data.variables().get(column[j]).cardinality() + " in the data");
      }
    }
    if (data.hasMissing()) {
      throw new InvalidInputException("the complete-data score needs data without missing cells");
    }
    rows = new int[data.distinctRows()][p];
    counts = new double[data.distinctRows()];
    for (int r = 0; r < rows.length; r++) {
      for (int j = 0; j < p; j++) {
        rows[r][j] = data.row(r)[column[j]];
      }
      counts[r] = data.count(r);
    }
    this.kind = kind;
    this.lambda = lambda;
    this.n = data.size();
  }

  /** The complete-data BDe (exact evidence) family score with Dirichlet(λ) priors. */
  public static DagCompleteDataScore bde(DagSearchSpace space, Dataset data, double lambda) {
    return new DagCompleteDataScore(space, data, Kind.BDE, lambda);
  }

  /** The complete-data BIC family score. */
  public static DagCompleteDataScore bic(DagSearchSpace space, Dataset data) {
    return new DagCompleteDataScore(space, data, Kind.BIC, 1.0);
  }

  public Kind kind() {
    return kind;
  }

  @Override
  public double logLocalScore(int variable, int[] parents) {
    int k = cardinality[variable];
    int configurations = 1;
    for (int q : parents) {
      configurations = Math.multiplyExact(configurations, cardinality[q]);
    }
    double[] nk = new double[configurations * k];
    for (int r = 0; r < rows.length; r++) {
      int l = 0;
      for (int q : parents) {
        l = l * cardinality[q] + rows[r][q];
      }
      nk[l * k + rows[r][variable]] += counts[r];
    }
    double sum = 0;
    if (kind == Kind.BDE) {
      for (int l = 0; l < configurations; l++) {
        sum += Dirichlet.logMarginal(lambda, nk, l * k, k);
      }
      return sum;
    }
    for (int l = 0; l < configurations; l++) {
      double total = 0;
      for (int x = 0; x < k; x++) {
        total += nk[l * k + x];
      }
      for (int x = 0; x < k; x++) {
        double c = nk[l * k + x];
        if (c > 0) {
          sum += c * Math.log(c / total);
        }
      }
    }
    return sum - 0.5 * (k - 1) * configurations * Math.log(n);
  }
}
