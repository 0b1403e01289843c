package org.occam.mrf.loglinear;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;

/**
 * A discrete Markov network as a product of factor tables,
 * {@code p(x) ∝ exp(Σ_f φ_f(x_{S_f}))}, with each factor's table held as log potentials φ. This is
 * the neutral form between the model formats (UAI {@code MARKOV}, Occam JSON) and the log-linear
 * parameterisation of {@link LogLinearModel}. Immutable.
 *
 * <p>A table is indexed in row-major order over its scope, as in the UAI format: the <em>last</em>
 * variable of the scope changes fastest. A log potential of −∞ (a zero potential) is allowed here,
 * so that formats convert faithfully, but has no log-linear parameterisation.
 *
 * @param variables the variables, in order; a scope holds indices into this list
 * @param factors the factors, in order
 */
public record FactorModel(List<Variable> variables, List<Factor> factors) {

  /**
   * One factor.
   *
   * @param scope distinct variable indices, in the table's order (last fastest)
   * @param logTable log potentials, length the product of the scope's cardinalities; finite or −∞
   */
  public record Factor(int[] scope, double[] logTable) {
    public Factor {
      scope = scope.clone();
      logTable = logTable.clone();
    }

    @Override
    public int[] scope() {
      return scope.clone();
    }

    @Override
    public double[] logTable() {
      return logTable.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Factor f && Arrays.equals(scope, f.scope) && Arrays.equals(logTable, f.logTable);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(scope) + Arrays.hashCode(logTable);
    }

    @Override
    public String toString() {
      return "Factor" + Arrays.toString(scope) + Arrays.toString(logTable);
    }
  }

  public FactorModel {
    variables = List.copyOf(variables);
    factors = List.copyOf(factors);
    if (variables.stream().map(Variable::name).distinct().count() != variables.size()) {
      throw new InvalidInputException("a Markov network's variable names must be distinct, got "
          + variables.stream().map(Variable::name).toList());
    }
    for (int k = 0; k < factors.size(); k++) {
      int[] scope = factors.get(k).scope;
      long cells = 1;
      boolean[] seen = new boolean[variables.size()];
      for (int v : scope) {
        if (v < 0 || v >= variables.size()) {
          throw new InvalidInputException("factor " + k + " names variable " + v + ", but there are "
              + variables.size());
        }
        if (seen[v]) {
          throw new InvalidInputException("factor " + k + " names variable " + variables.get(v).name() + " twice");
        }
        seen[v] = true;
        cells *= variables.get(v).cardinality();
      }
      double[] table = factors.get(k).logTable;
      if (table.length != cells) {
        throw new InvalidInputException("factor " + k + " over " + names(variables, scope) + " needs " + cells
            + " entries, got " + table.length);
      }
      for (int i = 0; i < table.length; i++) {
        if (Double.isNaN(table[i]) || table[i] == Double.POSITIVE_INFINITY) {
          throw new InvalidInputException("factor " + k + " entry " + i + " is " + table[i]
              + " (a log potential must be finite or −∞)");
        }
      }
    }
  }

  /** The variables' names, for messages. */
  static List<String> names(List<Variable> variables, int[] scope) {
    List<String> out = new ArrayList<>();
    for (int v : scope) {
      out.add(variables.get(v).name());
    }
    return out;
  }

  /** The row-major index of a full assignment's restriction to a scope (last variable fastest). */
  public int tableIndex(int factor, int[] assignment) {
    int[] scope = factors.get(factor).scope;
    int index = 0;
    for (int v : scope) {
      index = index * variables.get(v).cardinality() + assignment[v];
    }
    return index;
  }

  /** {@code Σ_f φ_f(x_{S_f})}, the unnormalised log probability of a full assignment. */
  public double logPotential(int[] assignment) {
    Objects.requireNonNull(assignment, "assignment");
    if (assignment.length != variables.size()) {
      throw new IllegalArgumentException("an assignment needs " + variables.size() + " states, got "
          + assignment.length);
    }
    double s = 0;
    for (int f = 0; f < factors.size(); f++) {
      s += factors.get(f).logTable[tableIndex(f, assignment)];
    }
    return s;
  }
}
