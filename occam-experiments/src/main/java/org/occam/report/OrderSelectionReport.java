package org.occam.report;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.search.OrderSelection.Choice;
import org.occam.search.OrderSelection.Score;
import org.occam.search.OrderSelection;

/**
 * What the {@code select} commands share: one order's row as printed and saved, the "best by"
 * lines, the edge warnings and the score curves as PNG. Reading a previous run back for
 * {@code --extend} is {@link PreviousRun}.
 */
public final class OrderSelectionReport {
  private OrderSelectionReport() {}

  /**
   * One order as the select commands print and write it.
   *
   * @param json the order's entry of the JSON {@code models} list (a map tree, or the node read back)
   * @param scores the methods' scores, in the methods' order
   * @param converged per score, whether its optimiser converged
   */
  public record Row(Object json, List<Score> scores, List<Boolean> converged) {
    public Row {
      scores = List.copyOf(scores);
      converged = List.copyOf(converged);
    }

    /** A fresh row from estimates (and any extra scores, such as cross-validation's). */
    public static Row of(Object json, List<EvidenceEstimate> estimates, List<Score> extra) {
      List<Score> scores = new ArrayList<>(OrderSelection.scoresOf(estimates));
      List<Boolean> converged = new ArrayList<>(estimates.stream().map(EvidenceEstimate::converged).toList());
      scores.addAll(extra);
      extra.forEach(s -> converged.add(true));
      return new Row(json, scores, converged);
    }
  }

  /**
   * A row's scores as a unit's line shows them: "vb -2843.97, bic -2906.79", cross-validation as
   * "cv -1.2041 per row".
   */
  public static String scoresText(Row row) {
    List<String> parts = new ArrayList<>();
    for (OrderSelection.Score sc : row.scores()) {
      parts.add(sc.method().equals("cv") ? String.format(Locale.ROOT, "cv %.4f per row", sc.value())
          : sc.method() + " " + Tables.score(sc.value()));
    }
    return String.join(", ", parts);
  }

  /** A SHA-256 of the data as the scores see it: variables, states, distinct rows and their counts. */
  public static String fingerprint(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The "best by" lines: {@code <prefix> <method>: <order>}, with the one-standard-error choice
   * after the methods named in {@code oneStandardError}.
   */
  public static void printChoices(PrintWriter out, OrderSelection.Result<?> r, String prefix, String orderName,
      List<String> oneStandardError) {
    for (Choice c : r.choices()) {
      String best = c.best().isPresent() ? Integer.toString(c.best().getAsInt()) : "none (no finite score)";
      String rule = "";
      if (oneStandardError.contains(c.method()) && c.withinOneStandardError().isPresent()) {
        rule = String.format(Locale.ROOT, " (the smallest %s within one standard error of the best: %d)", orderName,
            c.withinOneStandardError().getAsInt());
      }
      out.printf(Locale.ROOT, "%s %s: %s%s%n", prefix, c.method(), best, rule);
    }
  }

  /**
   * One warning per edge for the methods whose best order is there (methods with the same best
   * share a line); the lines, also printed with a {@code warning: } prefix.
   */
  public static List<String> edgeWarnings(PrintWriter out, OrderSelection.Result<?> r, String orderName) {
    int[] orders = r.orders();
    List<String> upper = new ArrayList<>();
    List<String> lower = new ArrayList<>();
    for (Choice c : r.choices()) {
      if (c.atUpperEdge()) {
        upper.add(c.method());
      }
      if (c.atLowerEdge()) {
        lower.add(c.method());
      }
    }
    List<String> lines = new ArrayList<>();
    if (!upper.isEmpty()) {
      lines.add(String.format(Locale.ROOT, "%s: the best %s is %d, the largest tried: the score is still rising"
          + " at the largest order tried; try --extend with a larger range", String.join(", ", upper), orderName,
          orders[orders.length - 1]));
    }
    if (!lower.isEmpty()) {
      lines.add(String.format(Locale.ROOT, "%s: the best %s is %d, the smallest tried: the score is still rising"
          + " towards smaller orders; try a range that starts lower", String.join(", ", lower), orderName, orders[0]));
    }
    lines.forEach(l -> out.println("warning: " + l));
    return lines;
  }

  /** The score curves, one line per method with a finite score, against the order. */
  public static byte[] png(OrderSelection.Result<?> r, String title, String xLabel) {
    return png(series(r, ""), title, xLabel);
  }

  /** Lines of score against order, one per method with a finite score, named method + suffix. */
  public static List<LinePlot.Series> series(OrderSelection.Result<?> r, String suffix) {
    List<LinePlot.Series> series = new ArrayList<>();
    double[] x = java.util.Arrays.stream(r.orders()).asDoubleStream().toArray();
    for (String m : r.methods()) {
      double[] y = r.curve(m);
      List<Integer> keep = new ArrayList<>();
      for (int i = 0; i < y.length; i++) {
        if (Double.isFinite(y[i])) {
          keep.add(i);
        }
      }
      if (!keep.isEmpty()) {
        series.add(new LinePlot.Series(m + suffix, keep.stream().mapToDouble(i -> x[i]).toArray(),
            keep.stream().mapToDouble(i -> y[i]).toArray()));
      }
    }
    return series;
  }

  /** The lines as PNG. */
  public static byte[] png(List<LinePlot.Series> series, String title, String xLabel) {
    if (series.isEmpty()) {
      throw new InvalidInputException("no finite score to plot");
    }
    return LinePlot.png(title, xLabel, "score (log evidence)", series, false, false, 800, 550);
  }
}
