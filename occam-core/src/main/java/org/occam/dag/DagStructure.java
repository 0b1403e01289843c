package org.occam.dag;

import java.io.Serializable;
import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.data.Variable;

/**
 * The graph of a discrete DAG: its variables (with state labels), which of them are hidden, and
 * each variable's ordered parents. Immutable.
 *
 * <p>The parameters θ of a structure live in one flat array. Variable j's table starts at
 * {@link #offset(int)}; θ_jlk (state k given parent configuration l) is at
 * {@code offset(j) + l·|z_j| + k}. Parent configurations are numbered with the first parent
 * varying slowest, which is the row order of Beal's printed tables ([1 1], [1 2], [2 1], [2 2]).
 */
public final class DagStructure implements Serializable {
  private static final long serialVersionUID = 1L;

  private final List<Variable> variables;
  private final boolean[] hidden;
  private final int[][] parents;
  private final int[] parentConfigurations;
  private final int[] offset;
  private final int tableSize;
  private final int[] topologicalOrder;
  private final int[] rowStart; // per CPT row r (all variables' rows in order): its first flat cell
  private final int[] rowVariable; // per CPT row: its variable
  private final int[] cellRow; // per flat cell: its CPT row

  private DagStructure(List<Variable> variables, boolean[] hidden, int[][] parents) {
    this.variables = List.copyOf(variables);
    this.hidden = hidden.clone();
    int p = variables.size();
    this.parents = new int[p][];
    this.parentConfigurations = new int[p];
    this.offset = new int[p];
    int size = 0;
    for (int j = 0; j < p; j++) {
      this.parents[j] = parents[j].clone();
      int l = 1;
      for (int q : parents[j]) {
        l = Math.multiplyExact(l, variables.get(q).cardinality());
      }
      parentConfigurations[j] = l;
      offset[j] = size;
      size = Math.addExact(size, Math.multiplyExact(l, variables.get(j).cardinality()));
    }
    this.tableSize = size;
    this.topologicalOrder = topologicalOrderOrThrow();
    int rows = 0;
    for (int j = 0; j < p; j++) {
      rows += parentConfigurations[j];
    }
    rowStart = new int[rows];
    rowVariable = new int[rows];
    cellRow = new int[size];
    int r = 0;
    for (int j = 0; j < p; j++) {
      int k = variables.get(j).cardinality();
      for (int l = 0; l < parentConfigurations[j]; l++, r++) {
        rowStart[r] = offset[j] + l * k;
        rowVariable[r] = j;
        java.util.Arrays.fill(cellRow, rowStart[r], rowStart[r] + k, r);
      }
    }
  }

  /**
   * Builds and validates a structure.
   *
   * @throws IllegalArgumentException on an unknown or repeated parent, a self-loop, a cycle or
   *     duplicate variable names, with a message naming the variables involved
   */
  public static DagStructure of(List<Variable> variables, boolean[] hidden, int[][] parents) {
    int p = variables.size();
    if (hidden.length != p || parents.length != p) {
      throw new InvalidInputException("need one hidden flag and one parent list per variable");
    }
    for (int j = 0; j < p; j++) {
      for (int k = 0; k < j; k++) {
        if (variables.get(k).name().equals(variables.get(j).name())) {
          throw new InvalidInputException("duplicate variable name '" + variables.get(j).name() + "'");
        }
      }
      int[] pa = parents[j];
      for (int a = 0; a < pa.length; a++) {
        if (pa[a] < 0 || pa[a] >= p) {
          throw new InvalidInputException("variable " + variables.get(j).name() + " has an unknown parent");
        }
        if (pa[a] == j) {
          throw new InvalidInputException("variable " + variables.get(j).name() + " is its own parent");
        }
        for (int b = 0; b < a; b++) {
          if (pa[a] == pa[b]) {
            throw new InvalidInputException("variable " + variables.get(j).name() + " lists parent "
                + variables.get(pa[a]).name() + " twice");
          }
        }
      }
    }
    return new DagStructure(variables, hidden, parents);
  }

  private int[] topologicalOrderOrThrow() {
    int p = variables.size();
    int[] state = new int[p]; // 0 new, 1 on stack, 2 done
    int[] order = new int[p];
    int[] filled = {0};
    for (int j = 0; j < p; j++) {
      if (state[j] == 0) {
        visit(j, state, order, filled, new ArrayList<>());
      }
    }
    return order;
  }

  private void visit(int j, int[] state, int[] order, int[] filled, List<Integer> path) {
    state[j] = 1;
    path.add(j);
    for (int q : parents[j]) {
      if (state[q] == 1) {
        List<String> cycle = new ArrayList<>();
        for (int i = path.indexOf(q); i < path.size(); i++) {
          cycle.add(variables.get(path.get(i)).name());
        }
        cycle.add(variables.get(q).name());
        java.util.Collections.reverse(cycle);
        throw new InvalidInputException("the graph has a cycle: " + String.join(" -> ", cycle));
      }
      if (state[q] == 0) {
        visit(q, state, order, filled, path);
      }
    }
    path.remove(path.size() - 1);
    state[j] = 2;
    order[filled[0]++] = j;
  }

  /** The number of variables, hidden and observed. */
  public int size() {
    return variables.size();
  }

  public List<Variable> variables() {
    return variables;
  }

  public Variable variable(int j) {
    return variables.get(j);
  }

  public String name(int j) {
    return variables.get(j).name();
  }

  public int cardinality(int j) {
    return variables.get(j).cardinality();
  }

  public boolean isHidden(int j) {
    return hidden[j];
  }

  /** The index of the named variable, or −1. */
  public int indexOf(String name) {
    for (int j = 0; j < variables.size(); j++) {
      if (variables.get(j).name().equals(name)) {
        return j;
      }
    }
    return -1;
  }

  /** Variable j's parents, in CPT order (a copy). */
  public int[] parents(int j) {
    return parents[j].clone();
  }

  int[] parentsView(int j) {
    return parents[j];
  }

  /** The number of joint parent configurations of j (1 without parents). */
  public int parentConfigurations(int j) {
    return parentConfigurations[j];
  }

  /** Where variable j's table starts in the flat parameter array. */
  public int offset(int j) {
    return offset[j];
  }

  /** The length of the flat parameter array. */
  public int tableSize() {
    return tableSize;
  }

  /**
   * The number of CPT rows (parameter vectors θ_jl) over all variables. Row r covers the flat cells
   * {@code [rowStart(r), rowStart(r) + cardinality(rowVariable(r)))}; rows are numbered variable by
   * variable, parent configurations in order.
   */
  public int cptRows() {
    return rowStart.length;
  }

  /** The first flat cell of CPT row r. */
  public int rowStart(int r) {
    return rowStart[r];
  }

  /** The variable whose CPT row r is. */
  public int rowVariable(int r) {
    return rowVariable[r];
  }

  /** The CPT row of a flat cell. */
  public int rowOfCell(int cell) {
    return cellRow[cell];
  }

  /** Variables ordered parents-first. */
  public int[] topologicalOrder() {
    return topologicalOrder.clone();
  }

  /** Indices of the hidden variables, ascending. */
  public int[] hiddenVariables() {
    return java.util.stream.IntStream.range(0, size()).filter(j -> hidden[j]).toArray();
  }

  /** Indices of the observed variables, ascending. */
  public int[] observedVariables() {
    return java.util.stream.IntStream.range(0, size()).filter(j -> !hidden[j]).toArray();
  }

  /** The children of j, ascending. */
  public int[] children(int j) {
    return java.util.stream.IntStream.range(0, size())
        .filter(c -> Arrays.stream(parents[c]).anyMatch(q -> q == j)).toArray();
  }

  /** Whether some observed variable descends from j (so that j affects the likelihood). */
  public boolean hasObservedDescendant(int j) {
    boolean[] seen = new boolean[size()];
    java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
    todo.add(j);
    while (!todo.isEmpty()) {
      int v = todo.poll();
      for (int c : children(v)) {
        if (!hidden[c]) {
          return true;
        }
        if (!seen[c]) {
          seen[c] = true;
          todo.add(c);
        }
      }
    }
    return false;
  }

  /**
   * The number of free parameters, Beal's eqn (6.24): {@code d = Σ_j (|z_j| − 1) Π_pa |z_pa|}.
   */
  public int freeParameters() {
    int d = 0;
    for (int j = 0; j < size(); j++) {
      d += (cardinality(j) - 1) * parentConfigurations[j];
    }
    return d;
  }

  /**
   * How far the flat index of θ_j moves when variable v (j itself or one of its parents) moves
   * up one state: 1 for j, {@code |z_j| · Π_{later parents} |z_q|} for a parent.
   */
  int stride(int j, int v) {
    if (v == j) {
      return 1;
    }
    int s = cardinality(j);
    int[] pa = parents[j];
    for (int a = pa.length - 1; a >= 0; a--) {
      if (pa[a] == v) {
        return s;
      }
      s *= cardinality(pa[a]);
    }
    throw new InvalidInputException(name(v) + " is not in the family of " + name(j));
  }

  /** The flat index of θ_j at a full assignment of states to every variable. */
  public int flatIndex(int j, int[] assignment) {
    int l = 0;
    for (int q : parents[j]) {
      l = l * cardinality(q) + assignment[q];
    }
    return offset[j] + l * cardinality(j) + assignment[j];
  }

  /** The same graph with other parents for some variables (a copy with the given parent lists). */
  public DagStructure withParents(int[][] newParents) {
    return of(variables, hidden, newParents);
  }

  /** A readable one-line form, e.g. {@code y1<-{h1} y2<-{h1,h2} h1 h2}. */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (int j = 0; j < size(); j++) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(name(j));
      if (parents[j].length > 0) {
        b.append("<-{");
        for (int a = 0; a < parents[j].length; a++) {
          b.append(a > 0 ? "," : "").append(name(parents[j][a]));
        }
        b.append('}');
      }
    }
    return b.toString();
  }
}
