package org.occam.data;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A discrete variable: a name and its state labels. The state index used everywhere in the
 * library is the position of the label in {@code states}.
 *
 * @param name the variable's name (a CSV column header for observed variables)
 * @param states the state labels, at least one, without duplicates
 */
public record Variable(String name, List<String> states) implements Serializable {
  public Variable {
    Objects.requireNonNull(name, "name");
    states = List.copyOf(states);
    if (states.isEmpty()) {
      throw new InvalidInputException("variable " + name + " needs at least one state");
    }
    if (states.stream().distinct().count() != states.size()) {
      throw new InvalidInputException("variable " + name + " has duplicate state labels " + states);
    }
  }

  /** A variable whose states are labelled {@code 0 … count−1}. */
  public static Variable withCount(String name, int count) {
    if (count < 1) {
      throw new InvalidInputException("variable " + name + " needs at least one state, got " + count);
    }
    return new Variable(name, java.util.stream.IntStream.range(0, count).mapToObj(Integer::toString).toList());
  }

  /** The number of states. */
  public int cardinality() {
    return states.size();
  }

  /** The index of a label, or −1 when the label is not one of the states. */
  public int indexOf(String label) {
    return states.indexOf(label);
  }
}
