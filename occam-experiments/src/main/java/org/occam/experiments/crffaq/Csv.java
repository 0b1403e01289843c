package org.occam.experiments.crffaq;

import java.util.ArrayList;
import java.util.List;

/** The experiment's CSV numbers: written so that they read back exactly, NaN as an empty cell. */
final class Csv {
  private Csv() {}

  static String exact(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }

  static double read(String s) {
    return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
  }

  /** The cells of every row under a header that must be {@code header}. */
  static List<String[]> rows(String text, String header) {
    String[] lines = text.split("\n");
    if (!lines[0].equals(header)) {
      throw new IllegalArgumentException("expected the header " + header + ", got " + lines[0]);
    }
    List<String[]> out = new ArrayList<>();
    for (int i = 1; i < lines.length; i++) {
      if (!lines[i].isBlank()) {
        out.add(lines[i].split(",", -1));
      }
    }
    return out;
  }
}
