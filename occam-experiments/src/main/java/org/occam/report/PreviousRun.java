package org.occam.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import org.occam.data.DataFormatException;
import org.occam.io.JsonSource;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.OrderSelection.Score;
import org.occam.search.OrderSelection;

/**
 * A previous {@code select} run's {@code --json}, read back for {@code --extend}: its rows, its
 * numbers as {@link ResultJson} wrote them, and the checks that it was made on the same data with
 * the same settings.
 */
public final class PreviousRun {
  private PreviousRun() {}

  /** A number written by {@link ResultJson} (non-finite ones as strings), or NaN for null. */
  public static double number(JsonNode n) {
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
  public static Score estimateScore(JsonNode e) {
    JsonNode se = e.get("stdError");
    return new Score(e.path("method").asText(), number(e.get("logEvidence")),
        se == null || se.isNull() ? OptionalDouble.empty() : OptionalDouble.of(number(se)));
  }

  /** Whether an estimate read back from JSON converged (true when its diagnostics are silent). */
  public static boolean estimateConverged(JsonNode e) {
    JsonNode c = e.path("diagnostics").get("converged");
    return c == null || !c.isBoolean() || c.booleanValue();
  }

  /**
   * A row read back from a previous run's {@code models} entry (or a journal's unit): a score per
   * estimate of its {@code results}, and the cross-validation score last when it has a {@code cv}.
   */
  public static Row readRow(JsonNode m) {
    List<Score> scores = new ArrayList<>();
    List<Boolean> converged = new ArrayList<>();
    for (JsonNode e : m.path("results")) {
      scores.add(estimateScore(e));
      converged.add(estimateConverged(e));
    }
    JsonNode cv = m.get("cv");
    if (cv != null && !cv.isNull()) {
      scores.add(new Score("cv", number(cv.get("meanTestLogLikelihoodPerRow")),
          OptionalDouble.of(number(cv.get("stdError")))));
      converged.add(true);
    }
    return new Row(m, scores, converged);
  }

  /** The rows of a journal's finished units, each at the order in its {@code orderField}. */
  public static List<OrderSelection.Scored<Row>> resumedRows(List<JsonNode> units, String orderField) {
    List<OrderSelection.Scored<Row>> rows = new ArrayList<>();
    for (JsonNode m : units) {
      Row row = readRow(m);
      rows.add(new OrderSelection.Scored<>(m.path(orderField).asInt(), row, row.scores()));
    }
    return rows;
  }

  /** A previous run's JSON, read for {@code --extend}. */
  public static JsonNode readPrevious(Path file, String command) {
    String text = JsonSource.readText(file);
    JsonNode root;
    try {
      root = ResultJson.mapper().readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      var at = e.getLocation();
      throw DataFormatException.at(file, at == null ? 1 : Math.max(1, at.getLineNr()), at == null ? 0
          : at.getColumnNr(), "not JSON written by occam " + command + " --json (" + e.getOriginalMessage()
              .replace('\n', ' ').replace('\r', ' ') + ")");
    } catch (IOException e) {
      throw new DataFormatException(file + ": cannot read: " + e.getMessage());
    }
    if (root == null || !root.path("command").asText().equals(command) || !root.path("models").isArray()
        || root.path("models").isEmpty()) {
      throw DataFormatException.at(file, 1, 0, "not the --json output of occam " + command);
    }
    return root;
  }

  /**
   * Fails with one line unless the previous run's value at {@code field} equals this run's.
   *
   * @param now this run's value as a map tree
   */
  public static void requireSame(Path file, JsonNode previous, String field, Object now, String what) {
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
  public static void requireSameData(Path file, JsonNode previous, Map<String, Object> now) {
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
  public static JsonNode tree(Object value) {
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
  public static List<OrderSelection.Scored<Row>> previousRows(JsonNode previous, String orderField,
      Function<JsonNode, Row> read) {
    List<OrderSelection.Scored<Row>> rows = new ArrayList<>();
    for (JsonNode m : previous.get("models")) {
      Row row = read.apply(m);
      rows.add(new OrderSelection.Scored<>(m.path(orderField).asInt(), row, row.scores()));
    }
    return rows;
  }

  /**
   * The previous run's rows, as {@link #previousRows(JsonNode, String, Function)} reads them, checked
   * to be a selection that can be continued (whole orders from 1, each once, every one scored by the
   * same methods); else a one-line error naming the file.
   */
  public static List<OrderSelection.Scored<Row>> previousRows(Path file, JsonNode previous, String orderField,
      Function<JsonNode, Row> read) {
    int i = 0;
    for (JsonNode m : previous.get("models")) {
      JsonNode order = m.path(orderField);
      if (!order.isIntegralNumber() || !order.canConvertToInt()) {
        throw DataFormatException.at(file, 1, 0, "models[" + i + "] has no whole number \"" + orderField
            + "\"; not the --json output of an occam select run");
      }
      i++;
    }
    List<OrderSelection.Scored<Row>> rows = previousRows(previous, orderField, read);
    try {
      OrderSelection.choose(rows, 1);
    } catch (org.occam.data.InvalidInputException e) {
      throw DataFormatException.at(file, 1, 0, "cannot be continued: " + e.getMessage());
    }
    return rows;
  }

  /** The previous run's {@code methods}, or an empty list when there is no previous run or no methods. */
  public static List<String> methods(JsonNode previous) {
    List<String> out = new ArrayList<>();
    if (previous != null) {
      previous.path("methods").forEach(m -> out.add(m.asText()));
    }
    return out;
  }
}
