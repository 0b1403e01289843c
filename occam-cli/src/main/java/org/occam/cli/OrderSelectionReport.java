package org.occam.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import org.occam.data.DataFormatException;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.report.LinePlot;
import org.occam.report.ResultJson;
import org.occam.search.OrderSelection.Choice;
import org.occam.search.OrderSelection.Score;
import org.occam.search.OrderSelection;

/**
 * What the {@code select} commands share: one order's row as printed and saved (fresh, or read
 * back from a previous {@code --json} for {@code --extend}), the "best by" lines, the edge
 * warnings, the score curves as PNG, and the checks that a previous run was made on the same data
 * with the same settings.
 */
final class OrderSelectionReport {
  private OrderSelectionReport() {}

  /**
   * One order as the select commands print and write it.
   *
   * @param json the order's entry of the JSON {@code models} list (a map tree, or the node read back)
   * @param scores the methods' scores, in the methods' order
   * @param converged per score, whether its optimiser converged
   */
  record Row(Object json, List<Score> scores, List<Boolean> converged) {
    Row {
      scores = List.copyOf(scores);
      converged = List.copyOf(converged);
    }

    /** A fresh row from estimates (and any extra scores, such as cross-validation's). */
    static Row of(Object json, List<EvidenceEstimate> estimates, List<Score> extra) {
      List<Score> scores = new ArrayList<>(OrderSelection.scoresOf(estimates));
      List<Boolean> converged = new ArrayList<>(estimates.stream().map(EvidenceEstimate::converged).toList());
      scores.addAll(extra);
      extra.forEach(s -> converged.add(true));
      return new Row(json, scores, converged);
    }
  }

  /** A number written by {@link ResultJson} (non-finite ones as strings), or NaN for null. */
  static double number(JsonNode n) {
    if (n == null || n.isNull() || n.isMissingNode()) {
      return Double.NaN;
    }
    if (n.isNumber()) {
      return n.doubleValue();
    }
    return switch (n.asText()) {
      case "Infinity" -> Double.POSITIVE_INFINITY;
      case "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> Double.NaN;
    };
  }

  /** A score read back from an estimate's JSON ({@link ResultJson#estimate}). */
  static Score estimateScore(JsonNode e) {
    JsonNode se = e.get("stdError");
    return new Score(e.path("method").asText(), number(e.get("logEvidence")),
        se == null || se.isNull() ? OptionalDouble.empty() : OptionalDouble.of(number(se)));
  }

  /** Whether an estimate read back from JSON converged (true when its diagnostics are silent). */
  static boolean estimateConverged(JsonNode e) {
    JsonNode c = e.path("diagnostics").get("converged");
    return c == null || !c.isBoolean() || c.booleanValue();
  }

  /** A SHA-256 of the data as the scores see it: variables, states, distinct rows and their counts. */
  static String fingerprint(String text) {
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
  static void printChoices(PrintWriter out, OrderSelection.Result<?> r, String prefix, String orderName,
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
  static List<String> edgeWarnings(PrintWriter out, OrderSelection.Result<?> r, String orderName) {
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
  static byte[] png(OrderSelection.Result<?> r, String title, String xLabel) {
    return png(series(r, ""), title, xLabel);
  }

  /** Lines of score against order, one per method with a finite score, named method + suffix. */
  static List<LinePlot.Series> series(OrderSelection.Result<?> r, String suffix) {
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
  static byte[] png(List<LinePlot.Series> series, String title, String xLabel) {
    if (series.isEmpty()) {
      throw new InvalidInputException("no finite score to plot");
    }
    return LinePlot.png(title, xLabel, "score (log evidence)", series, false, false, 800, 550);
  }

  /** A previous run's JSON, read for {@code --extend}. */
  static JsonNode readPrevious(Path file, String command) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new DataFormatException(file + ": no such file");
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + e.getMessage());
    }
    JsonNode root;
    try {
      root = ResultJson.mapper().readTree(text);
    } catch (IOException e) {
      throw new DataFormatException(file + ": not JSON written by occam " + command + " --json");
    }
    if (root == null || !root.path("command").asText().equals(command) || !root.path("models").isArray()
        || root.path("models").isEmpty()) {
      throw new DataFormatException(file + ": not the --json output of occam " + command);
    }
    return root;
  }

  /**
   * Fails with one line unless the previous run's value at {@code field} equals this run's.
   *
   * @param now this run's value as a map tree
   */
  static void requireSame(Path file, JsonNode previous, String field, Object now, String what) {
    JsonNode then = previous.get(field);
    JsonNode mine = tree(now);
    if (then == null) {
      then = NullNode.getInstance();
    }
    if (!then.equals(mine)) {
      throw new DataFormatException(file + ": " + what + " differ from this run's (" + difference(then, mine)
          + "); --extend continues a run only with the same data and settings");
    }
  }

  /**
   * Fails with one line unless the previous run's {@code data} equals this run's, leaving out the
   * file name: the data may have moved, and the fingerprint says whether it is the same.
   */
  static void requireSameData(Path file, JsonNode previous, Map<String, Object> now) {
    Map<String, Object> mine = new java.util.LinkedHashMap<>(now);
    mine.remove("file");
    com.fasterxml.jackson.databind.node.ObjectNode root = ResultJson.mapper().createObjectNode();
    if (previous.get("data") instanceof com.fasterxml.jackson.databind.node.ObjectNode then) {
      com.fasterxml.jackson.databind.node.ObjectNode copy = then.deepCopy();
      copy.remove("file");
      root.set("data", copy);
    }
    requireSame(file, root, "data", mine, "the data");
  }

  /** A map tree as it reads back from its JSON text (so numbers compare as they were written). */
  static JsonNode tree(Object value) {
    try {
      return ResultJson.mapper().readTree(ResultJson.write(value));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The first differing entry, as {@code key: then vs now}. */
  private static String difference(JsonNode then, JsonNode now) {
    if (then.isObject() && now.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = now.fields(); it.hasNext(); ) {
        var e = it.next();
        JsonNode t = then.get(e.getKey());
        if (t == null || !t.equals(e.getValue())) {
          return e.getKey() + ": " + (t == null ? "absent" : brief(t)) + " vs " + brief(e.getValue());
        }
      }
      for (Iterator<String> it = then.fieldNames(); it.hasNext(); ) {
        String k = it.next();
        if (!now.has(k)) {
          return k + ": " + brief(then.get(k)) + " vs absent";
        }
      }
    }
    return brief(then) + " vs " + brief(now);
  }

  private static String brief(JsonNode n) {
    String s = n.toString();
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }

  /** The previous run's rows, read back with {@code read} from each entry of its {@code models}. */
  static List<OrderSelection.Scored<Row>> previousRows(JsonNode previous, String orderField,
      Function<JsonNode, Row> read) {
    List<OrderSelection.Scored<Row>> rows = new ArrayList<>();
    for (JsonNode m : previous.get("models")) {
      Row row = read.apply(m);
      rows.add(new OrderSelection.Scored<>(m.path(orderField).asInt(), row, row.scores()));
    }
    return rows;
  }
}
