package org.occam.report;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.rbm.RbmData;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.OrderSelection;

/**
 * What {@code occam rbm select} prints and writes when choosing the number of hidden units K of a
 * restricted Boltzmann machine by the evidence (Chen &amp; Welling 2013) and, optionally, by
 * cross-validated test log-likelihood: the table per K, the best K per method, the edge warnings
 * and the JSON of the run.
 */
public final class RbmSelectReport {
  /** The JSON {@code command} of the runs this report describes (checked by {@code --extend}). */
  public static final String COMMAND = "rbm select";

  private final OrderSelection.Result<Row> result;
  private final List<String> scoreMethods;
  private final boolean crossValidation;
  private final int visible;
  private final List<String> warnings;

  /**
   * @param scoreMethods the evidence methods, in the order of the rows' scores (cross-validation after them)
   * @param crossValidation whether the rows carry a {@code cv} score
   * @param visible the number of visible units V
   */
  public RbmSelectReport(OrderSelection.Result<Row> result, List<String> scoreMethods, boolean crossValidation,
      int visible) {
    this.result = result;
    this.scoreMethods = List.copyOf(scoreMethods);
    this.crossValidation = crossValidation;
    this.visible = visible;
    this.warnings = OrderSelectionReport.edgeWarnings(new PrintWriter(Writer.nullWriter()), result, "K");
  }

  /** The table per K (F = VK + V + K parameters), the best K per method, and the warnings. */
  public void print(PrintWriter out) {
    List<String> header = new ArrayList<>(List.of("K", "F"));
    header.addAll(scoreMethods);
    if (crossValidation) {
      header.add("cv per row");
      header.add("cv se");
    }
    List<String[]> rows = new ArrayList<>();
    int v = visible;
    boolean anyNotConverged = false;
    for (OrderSelection.Scored<Row> s : result.scored()) {
      int k = s.order();
      List<String> row = new ArrayList<>(List.of(Integer.toString(k), Integer.toString(v * k + v + k)));
      for (int m = 0; m < scoreMethods.size(); m++) {
        boolean converged = s.result().converged().get(m);
        anyNotConverged |= !converged;
        row.add(Tables.score(s.scores().get(m).value()) + (converged ? "" : " *"));
      }
      if (crossValidation) {
        OrderSelection.Score c = s.score("cv");
        row.add(String.format(Locale.ROOT, "%.4f", c.value()));
        row.add(String.format(Locale.ROOT, "%.4f", c.stdError().orElse(Double.NaN)));
      }
      rows.add(row.toArray(new String[0]));
    }
    Tables.print(out, header.toArray(new String[0]), rows);
    OrderSelectionReport.printChoices(out, result, "best K by", "K", List.of("cv"));
    if (anyNotConverged) {
      out.println("* the optimiser stopped without converging; see the JSON diagnostics");
    }
    warnings.forEach(l -> out.println("warning: " + l));
  }

  /**
   * The run as JSON (a map tree for {@link ResultJson#write}).
   *
   * @param methodNames every method, {@code cv} included
   * @param settings every option that changes a score
   * @param scored the K scored in this run
   * @param extended the previous run continued, or null
   */
  public Map<String, Object> json(Map<String, Object> dataInfo, List<String> methodNames, Map<String, Object> settings,
      int threads, int[] scored, Path extended) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("command", COMMAND);
    root.put("data", dataInfo);
    root.put("methods", methodNames);
    root.put("settings", settings);
    root.put("models", result.scored().stream().map(s -> s.result().json()).toList());
    root.put("bestHidden", result.bestOrders());
    if (crossValidation) {
      var c = result.choice("cv");
      root.put("cvOneStandardErrorHidden", c.withinOneStandardError().isPresent()
          ? c.withinOneStandardError().getAsInt() : null);
    }
    Map<String, Object> edges = new LinkedHashMap<>();
    for (var c : result.choices()) {
      edges.put(c.method(), c.atUpperEdge() ? "upper" : c.atLowerEdge() ? "lower" : null);
    }
    root.put("bestAtEdge", edges);
    root.put("warnings", warnings);
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("threads", threads);
    run.put("scored", scored);
    run.put("extended", extended == null ? null : extended.toString());
    root.put("run", run);
    return root;
  }

  /** A row read back from a previous run's {@code models} entry, its cross-validation score last. */
  public static Row readRow(JsonNode m) {
    List<OrderSelection.Score> scores = new ArrayList<>();
    List<Boolean> converged = new ArrayList<>();
    for (JsonNode e : m.path("results")) {
      scores.add(PreviousRun.estimateScore(e));
      converged.add(PreviousRun.estimateConverged(e));
    }
    JsonNode cv = m.get("cv");
    if (cv != null && !cv.isNull()) {
      scores.add(new OrderSelection.Score("cv", PreviousRun.number(cv.get("meanTestLogLikelihoodPerRow")),
          OptionalDouble.of(PreviousRun.number(cv.get("stdError")))));
      converged.add(true);
    }
    return new Row(m, scores, converged);
  }

  /** A SHA-256 of the data as the scores see it: the columns, distinct rows and their counts. */
  public static String fingerprint(RbmData d) {
    StringBuilder b = new StringBuilder(String.join(",", d.columnNames())).append(';');
    for (int r = 0; r < d.distinctRowCount(); r++) {
      b.append(Arrays.toString(d.row(r))).append('x').append(d.count(r)).append(';');
    }
    return OrderSelectionReport.fingerprint(b.toString());
  }
}
