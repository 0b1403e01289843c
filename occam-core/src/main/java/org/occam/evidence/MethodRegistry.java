package org.occam.evidence;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The evidence methods of one model family, by name, in the order they are listed in help texts.
 * Names are matched case-insensitively; lists are comma-separated and keep their order, repeats
 * dropped.
 *
 * @param <P> the family's problem type
 */
public final class MethodRegistry<P> {
  private final String family;
  private final Map<String, EvidenceMethod<P>> methods = new LinkedHashMap<>();

  /**
   * @param family the family's name in messages ("DAG", "MRF", "RBM")
   * @throws IllegalArgumentException if two methods share a name
   */
  public MethodRegistry(String family, List<? extends EvidenceMethod<P>> methods) {
    this.family = Objects.requireNonNull(family, "family");
    for (EvidenceMethod<P> m : methods) {
      if (this.methods.put(m.name(), m) != null) {
        throw new InvalidInputException(family + " method '" + m.name() + "' is registered twice");
      }
    }
  }

  /** The family's name. */
  public String family() {
    return family;
  }

  /** Every method, in registry order. */
  public List<EvidenceMethod<P>> all() {
    return Collections.unmodifiableList(new ArrayList<>(methods.values()));
  }

  /** Every name, comma-separated. */
  public String names() {
    return String.join(",", methods.keySet());
  }

  /**
   * The method of that name (trimmed, case-insensitive).
   *
   * @throws IllegalArgumentException naming the known methods
   */
  public EvidenceMethod<P> get(String name) {
    EvidenceMethod<P> m = methods.get(name.trim().toLowerCase(Locale.ROOT));
    if (m == null) {
      throw new InvalidInputException("unknown " + family + " method '" + name.trim() + "' (known: " + names() + ")");
    }
    return m;
  }

  /** A comma-separated list, in order, repeats dropped; an empty list is refused. */
  public List<EvidenceMethod<P>> parseList(String list) {
    List<EvidenceMethod<P>> out = new ArrayList<>();
    for (String part : list.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      EvidenceMethod<P> m = get(part);
      if (!out.contains(m)) {
        out.add(m);
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("no methods given (known: " + names() + ")");
    }
    return out;
  }

  /** One line per method, {@code "  name   description (kind)"}, names padded to one width. */
  public List<String> helpLines() {
    int width = methods.keySet().stream().mapToInt(String::length).max().orElse(0);
    List<String> lines = new ArrayList<>();
    for (EvidenceMethod<P> m : methods.values()) {
      lines.add(String.format(Locale.ROOT, "  %-" + width + "s  %s [%s]", m.name(), m.description(),
          m.accuracy().summary()));
    }
    return lines;
  }

  /** Scores a problem with every method of a list, in order. */
  public static <P> List<EvidenceEstimate> estimateAll(P problem, List<? extends EvidenceMethod<P>> methods) {
    List<EvidenceEstimate> out = new ArrayList<>();
    for (EvidenceMethod<P> m : methods) {
      out.add(m.estimate(problem));
    }
    return out;
  }
}
