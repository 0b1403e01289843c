package org.occam.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.LatentClassOrders;
import org.occam.search.OrderRange;
import org.occam.search.OrderSelection;

/**
 * What a {@code dag select} run says about its input and records and reads back for
 * {@code --extend}: the lines describing the data, the latent class model and what a continued
 * run scores; each model's row (hidden variables, states, free parameters, estimates); the data
 * with its fingerprint; and the model class.
 */
public final class DagSelectRun {
  private DagSelectRun() {}

  /** The lines that say what is scored: the data, the latent class model, the range of states and the methods. */
  public static void describe(PrintWriter out, Path file, Dataset d, int[] hiddenVariables, int[] states,
      List<String> methodNames) {
    out.printf(Locale.ROOT, "data %s: n = %s, %d distinct rows, %d observed variables%n", file,
        Tables.number(d.size()), d.distinctRows(), d.variables().size());
    boolean one = hiddenVariables.length == 1 && hiddenVariables[0] == 1;
    String hiddenName = LatentClassOrders.structure(d.variables(), 1, 1).name(0);
    out.printf(Locale.ROOT, "latent class model: %s, the parent%s of every observed variable; states in %s; methods %s%n",
        one ? "1 hidden variable " + hiddenName : OrderRange.format(hiddenVariables) + " hidden variables",
        one ? "" : "s", OrderRange.format(states), String.join(",", methodNames));
  }

  /** The line that says what a continued run scores for {@code k} hidden variables. */
  public static void printExtending(PrintWriter out, Path previous, boolean onlyOneHidden, int k, int[] done,
      int[] toScore) {
    out.printf(Locale.ROOT, "extending %s%s: states %s scored before, scoring %s%n", previous,
        onlyOneHidden ? "" : " (" + k + " hidden variable" + (k == 1 ? ")" : "s)"), OrderRange.format(done),
        toScore.length == 0 ? "nothing new" : OrderRange.format(toScore));
  }

  /** The rows of a previous run with {@code k} hidden variables. */
  public static List<OrderSelection.Scored<Row>> savedWith(List<OrderSelection.Scored<Row>> saved, int k) {
    return saved.stream().filter(r -> ((JsonNode) r.result().json()).path("hiddenVariables").asInt(1) == k).toList();
  }

  /** The data as the JSON records it: file, rows, distinct rows, variables and fingerprint. */
  public static Map<String, Object> dataInfo(Path file, Dataset d) {
    Map<String, Object> dataInfo = new LinkedHashMap<>();
    dataInfo.put("file", file.toString());
    dataInfo.put("rows", DataJson.count(d.size()));
    dataInfo.put("distinct", d.distinctRows());
    List<Map<String, Object>> variables = new ArrayList<>();
    for (Variable v : d.variables()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", v.name());
      m.put("states", v.states());
      variables.add(m);
    }
    dataInfo.put("variables", variables);
    dataInfo.put("fingerprint", fingerprint(d));
    return dataInfo;
  }

  /** The model class as the JSON records it. */
  public static Map<String, Object> model() {
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("type", "latent class");
    model.put("hiddenVariablesAreParentsOf", "every observed variable");
    return model;
  }

  /** A freshly scored model's row. */
  public static Row freshRow(int hiddenVariables, int states, List<EvidenceEstimate> estimates,
      List<Variable> observed) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hiddenVariables", hiddenVariables);
    m.put("states", states);
    m.put("freeParameters", freeParameters(observed, hiddenVariables, states));
    m.put("results", estimates.stream().map(ResultJson::estimate).toList());
    return Row.of(m, estimates, List.of());
  }

  /** A row read back from a previous run's {@code models} entry. */
  public static Row readRow(JsonNode m) {
    List<OrderSelection.Score> scores = new ArrayList<>();
    List<Boolean> converged = new ArrayList<>();
    for (JsonNode e : m.path("results")) {
      scores.add(PreviousRun.estimateScore(e));
      converged.add(PreviousRun.estimateConverged(e));
    }
    return new Row(m, scores, converged);
  }

  /** The free parameters of the latent class model with that many hidden variables and states. */
  static int freeParameters(List<Variable> observed, int hiddenVariables, int states) {
    return LatentClassOrders.structure(observed, hiddenVariables, states).freeParameters();
  }

  private static String fingerprint(Dataset d) {
    StringBuilder b = new StringBuilder();
    for (Variable v : d.variables()) {
      b.append(v.name()).append(v.states()).append(';');
    }
    for (int r = 0; r < d.distinctRows(); r++) {
      b.append(Arrays.toString(d.row(r))).append('x').append(d.count(r)).append(';');
    }
    return OrderSelectionReport.fingerprint(b.toString());
  }
}
