package org.occam.search;

/**
 * One move of a DAG structure search: add, remove or reverse the arc {@code from → to}
 * (variable indices of the search space).
 */
public record DagMove(Kind kind, int from, int to) {
  /** The three moves of Heckerman, Geiger &amp; Chickering (1995)'s greedy search. */
  public enum Kind {
    ADD, REMOVE, REVERSE;

    /** Lower case, for reports. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** The move with variable names, e.g. {@code add h1->y2}. */
  public String describe(DagSearchSpace space) {
    return kind.label() + " " + space.variable(from).name() + "->" + space.variable(to).name();
  }
}
