package org.occam.data;

import java.util.List;

/**
 * How the states of one observed column are declared, which decides how cells are read:
 *
 * <ul>
 *   <li>{@link #labels}: each cell must be one of the labels; the state index is its position.
 *   <li>{@link #count}: integer cells are 0-based state indices and must lie in {@code 0…k−1};
 *       a column with any non-integer cell is read as labels numbered in order of first
 *       appearance (at most k of them).
 *   <li>{@link #inferred}: the states are the distinct values seen, sorted numerically when
 *       all are integers, otherwise in order of first appearance. States absent from the data are
 *       then unknown to the model, so prefer declaring them.
 * </ul>
 *
 * @param name the column header
 * @param labels the declared labels, or {@code null}
 * @param count the declared number of states, or 0 when not declared
 */
public record ColumnSpec(String name, List<String> labels, int count) {
  public ColumnSpec {
    if (labels != null) {
      labels = List.copyOf(labels);
    }
  }

  public static ColumnSpec labels(String name, List<String> labels) {
    return new ColumnSpec(name, labels, labels.size());
  }

  public static ColumnSpec count(String name, int count) {
    return new ColumnSpec(name, null, count);
  }

  public static ColumnSpec inferred(String name) {
    return new ColumnSpec(name, null, 0);
  }

  /** The spec of an already-known variable (its labels are authoritative). */
  public static ColumnSpec of(Variable v) {
    return labels(v.name(), v.states());
  }
}
