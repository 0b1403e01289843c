package org.occam.evidence;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Parsing of method names shared by the model families' method enums: case-insensitive names,
 * comma-separated lists kept in order without repeats, and an error that lists the known names.
 */
public final class MethodNames {
  private MethodNames() {}

  /**
   * The constant of {@code type} whose label equals {@code name} (trimmed, case-insensitive).
   *
   * @param family the family's name for the error message ("DAG", "MRF")
   */
  public static <E extends Enum<E>> E parse(Class<E> type, Function<E, String> label, String family, String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (E m : type.getEnumConstants()) {
      if (label.apply(m).equals(n)) {
        return m;
      }
    }
    throw new InvalidInputException("unknown " + family + " method '" + name + "' (known: " + names(type, label) + ")");
  }

  /** A comma-separated list, in order, repeats dropped; empty lists are refused. */
  public static <E extends Enum<E>> List<E> parseList(Class<E> type, Function<E, String> label, String family,
      String list) {
    List<E> out = new ArrayList<>();
    for (String part : list.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      E m = parse(type, label, family, part);
      if (!out.contains(m)) {
        out.add(m);
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("no methods given (known: " + names(type, label) + ")");
    }
    return out;
  }

  /** Every label, comma-separated. */
  public static <E extends Enum<E>> String names(Class<E> type, Function<E, String> label) {
    List<String> n = new ArrayList<>();
    for (E m : type.getEnumConstants()) {
      n.add(label.apply(m));
    }
    return String.join(",", n);
  }
}
