package org.occam.data;

import java.util.List;

/**
 * How the states of one observed column are declared, which decides how cells are read. Every
 * command maps a file's cells to states by these rules, so the same file reads the same way
 * everywhere:
 *
 * <ul>
 *   <li>{@link #labels}: each cell must be one of the labels; the state index is its position.
 *   <li>{@link #count}: each cell must be an integer {@code 0…k−1}, the 0-based state index.
 *   <li>{@link #inferred}: the states are the distinct values seen, sorted numerically when all
 *       are integers, otherwise in order of first appearance. States absent from the data are
 *       then unknown to the model, so prefer declaring them.
 *   <li>{@link #binary}: a two-state variable whose labels are not declared: the default labels
 *       (e.g. {@code 0}, {@code 1}) when every cell is one of them, else inferred as above; a third
 *       distinct value is an error at its cell.
 * </ul>
 *
 * In every kind, the cells that {@link ReadSettings} lists as missing are missing.
 *
 * @param name the column header
 * @param kind how the states are declared
 * @param labels the declared (or, for {@link Kind#BINARY}, default) labels, or {@code null}
 * @param count the number of states (the most allowed for {@link Kind#BINARY}), or 0 when inferred
 */
public record ColumnSpec(String name, Kind kind, List<String> labels, int count) {
  /** How a column's states are declared. */
  public enum Kind { LABELS, COUNT, INFERRED, BINARY }

  public ColumnSpec {
    if (labels != null) {
      labels = List.copyOf(labels);
    }
  }

  public static ColumnSpec labels(String name, List<String> labels) {
    return new ColumnSpec(name, Kind.LABELS, labels, labels.size());
  }

  public static ColumnSpec count(String name, int count) {
    return new ColumnSpec(name, Kind.COUNT, null, count);
  }

  public static ColumnSpec inferred(String name) {
    return new ColumnSpec(name, Kind.INFERRED, null, 0);
  }

  /** A binary variable: {@code defaults} (two labels) when the cells fit them, else inferred. */
  public static ColumnSpec binary(String name, List<String> defaults) {
    if (defaults.size() != 2) {
      throw new InvalidInputException("a binary column needs two default labels, got " + defaults);
    }
    return new ColumnSpec(name, Kind.BINARY, defaults, 2);
  }

  /** The spec of an already-known variable (its labels are authoritative). */
  public static ColumnSpec of(Variable v) {
    return labels(v.name(), v.states());
  }
}
