package org.occam.report;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Plain-text tables for the terminal: left-aligned first column, right-aligned numbers. */
public final class Tables {
  private Tables() {}

  /** Prints a header, a rule and the rows, each column as wide as its widest cell. */
  public static void print(PrintWriter out, String[] header, List<String[]> rows) {
    int[] w = new int[header.length];
    for (int c = 0; c < header.length; c++) {
      w[c] = header[c].length();
      for (String[] r : rows) {
        w[c] = Math.max(w[c], r[c].length());
      }
    }
    StringBuilder rule = new StringBuilder();
    out.println(line(header, w));
    for (int c = 0; c < w.length; c++) {
      rule.append(c == 0 ? "" : "  ").append("-".repeat(w[c]));
    }
    out.println(rule);
    for (String[] r : rows) {
      out.println(line(r, w));
    }
  }

  private static String line(String[] cells, int[] w) {
    StringBuilder b = new StringBuilder();
    for (int c = 0; c < cells.length; c++) {
      if (c > 0) {
        b.append("  ");
      }
      String f = c == 0 || c == cells.length - 1 && !looksNumeric(cells[c]) ? "%-" + w[c] + "s" : "%" + w[c] + "s";
      b.append(String.format(f, cells[c]));
    }
    return b.toString().stripTrailing();
  }

  private static boolean looksNumeric(String s) {
    return s.matches("[-+]?[0-9.eE+-]+|-|yes|NO");
  }

  /** A score with two decimals; non-finite values spelled out. */
  public static String score(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "+inf" : "-inf";
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** A count: whole numbers without decimals. */
  public static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4g", v);
  }
}
