package org.occam.data;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How data files are read: which cells mean "missing", and whether rows with a missing cell are
 * dropped (complete-case analysis) instead of kept for the methods that sum missing cells out.
 *
 * <p>Only the listed markers are missing; any other cell must be a state of its column, so
 * {@code ?} or {@code NaN} is an error unless listed. The empty string stands for the empty cell.
 *
 * @param missingMarkers the cell texts (after trimming spaces) that are missing
 * @param completeCases drop every row with a missing cell (in a column that is read), and count them
 */
public record ReadSettings(Set<String> missingMarkers, boolean completeCases) {
  /** The markers when none are given: the empty cell and {@code NA}, as {@code --missing} writes it. */
  public static final String DEFAULT_MISSING = "NA,";

  public ReadSettings {
    missingMarkers = Set.copyOf(missingMarkers);
  }

  /** The empty cell and {@code NA} are missing; rows with missing cells are kept. */
  public static ReadSettings defaults() {
    return new ReadSettings(parseMissing(DEFAULT_MISSING), false);
  }

  /**
   * The markers of a comma-separated list such as {@code NA,?,} (a trailing or doubled comma, or
   * an empty list, stands for the empty cell); each marker is trimmed.
   */
  public static Set<String> parseMissing(String list) {
    Set<String> out = new LinkedHashSet<>();
    for (String s : list.split(",", -1)) {
      out.add(s.trim());
    }
    return out;
  }

  public ReadSettings withMissing(Set<String> markers) {
    return new ReadSettings(markers, completeCases);
  }

  public ReadSettings withCompleteCases(boolean drop) {
    return new ReadSettings(missingMarkers, drop);
  }

  public boolean isMissing(String cell) {
    return missingMarkers.contains(cell);
  }

  /** The markers for messages: {@code empty, NA}. */
  public String describeMissing() {
    if (missingMarkers.isEmpty()) {
      return "none";
    }
    List<String> names = new ArrayList<>();
    for (String m : missingMarkers) {
      names.add(m.isEmpty() ? "empty" : m);
    }
    names.sort(null);
    return String.join(", ", names);
  }
}
