package org.occam.dag;

import java.util.List;
import org.occam.data.Variable;

/**
 * The "true" model of Beal's experiments (2003, section 6.4, Figure 6.1): hidden h1, h2 binary;
 * observed y1…y4 five-valued; y1 ← h1, y2 ← h1,h2, y3 ← h1,h2, y4 ← h2, with the parameters
 * printed in the chapter (two decimals, rows renormalised because the rounding leaves some
 * summing to 0.99 or 1.01). Uniform Dirichlet priors (λ = 1). 50 free parameters.
 */
public final class BealExample {
  private BealExample() {}

  /** The CPT rows as printed, in the structure's layout (hidden first, then y1…y4). */
  static final double[][] PRINTED = {
      {.12, .88},
      {.08, .92},
      {.03, .03, .64, .02, .27, .18, .15, .22, .19, .27},
      {.10, .54, .07, .14, .15, .04, .15, .59, .05, .16, .20, .08, .36, .17, .18, .19, .45, .10, .09, .17},
      {.11, .47, .12, .30, .01, .27, .07, .16, .25, .25, .52, .14, .15, .02, .17, .04, .00, .37, .33, .25},
      {.10, .08, .43, .03, .36, .30, .14, .07, .04, .45},
  };

  /** The data set sizes of the experiments, nested. */
  public static final int[] SIZES = {10, 20, 40, 80, 110, 160, 230, 320, 400, 430, 480, 560, 640, 800, 960,
      1120, 1280, 2560, 5120, 10240};

  /** The hidden variables h1, h2 (binary). */
  public static List<Variable> hiddenVariables() {
    return List.of(Variable.withCount("h1", 2), Variable.withCount("h2", 2));
  }

  /** The observed variables y1…y4 (five-valued). */
  public static List<Variable> observedVariables() {
    return List.of(Variable.withCount("y1", 5), Variable.withCount("y2", 5), Variable.withCount("y3", 5),
        Variable.withCount("y4", 5));
  }

  /** The true structure. */
  public static DagStructure structure() {
    List<Variable> vars = new java.util.ArrayList<>(hiddenVariables());
    vars.addAll(observedVariables());
    return DagStructure.of(vars, new boolean[] {true, true, false, false, false, false},
        new int[][] {{}, {}, {0}, {0, 1}, {0, 1}, {1}});
  }

  /** The true model with its renormalised parameters. */
  public static DagModel trueModel() {
    DagStructure s = structure();
    double[] flat = new double[s.tableSize()];
    int at = 0;
    for (double[] row : PRINTED) {
      System.arraycopy(row, 0, flat, at, row.length);
      at += row.length;
    }
    return new DagModel(s, DirichletPrior.uniform(s.size(), 1.0), DagModel.renormalise(s, flat));
  }
}
