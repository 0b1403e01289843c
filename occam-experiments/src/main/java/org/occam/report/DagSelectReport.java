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
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.LatentClassOrders;
import org.occam.search.OrderRange;
import org.occam.search.OrderSelection;

/**
 * What {@code occam dag select} prints and writes for a latent class model (Beal's thesis ch. 6:
 * hidden variables, each the parent of every observed variable): the table of scores per number
 * of hidden variables and states, each method's best, the warnings when a best is at the edge of
 * the range tried, and the JSON, CSV and PNG of the run.
 */
public final class DagSelectReport {
  /** The JSON {@code command} of the runs this report describes (checked by {@code --extend}). */
  public static final String COMMAND = "dag select";

  /**
   * One number of hidden variables and the selection of their number of states.
   *
   * @param scored the numbers of states scored in this run (not read back from a previous one)
   */
  public record Block(int hiddenVariables, int[] scored, OrderSelection.Result<Row> result) {}

  /** One method's best model over every number of hidden variables. */
  private record Best(int hiddenVariables, int states, double score) {}

  private final List<Block> blocks;
  private final List<String> methodNames;
  private final List<Variable> observed;
  private final boolean several;
  private final List<Best> bests = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  /**
   * @param blocks the selections, by increasing number of hidden variables
   * @param methodNames the methods, in the order of the rows' scores
   * @param observed the observed variables
   */
  public DagSelectReport(List<Block> blocks, List<String> methodNames, List<Variable> observed) {
    this.blocks = List.copyOf(blocks);
    this.methodNames = List.copyOf(methodNames);
    this.observed = observed;
    this.several = blocks.size() > 1;
    // the best model per method over every number of hidden variables (ties: fewer variables, fewer states)
    for (int m = 0; m < methodNames.size(); m++) {
      Best best = null;
      for (Block b : blocks) {
        var c = b.result().choices().get(m);
        if (c.best().isPresent()) {
          int s = c.best().getAsInt();
          double v = b.result().scored().stream().filter(x -> x.order() == s).findFirst().orElseThrow()
              .scores().get(m).value();
          if (best == null || v > best.score()) {
            best = new Best(b.hiddenVariables(), s, v);
          }
        }
      }
      bests.add(best);
    }
    collectWarnings();
  }

  private void collectWarnings() {
    PrintWriter none = new PrintWriter(Writer.nullWriter());
    if (!several) {
      warnings.addAll(OrderSelectionReport.edgeWarnings(none, blocks.get(0).result(), "number of states"));
      return;
    }
    for (Block b : blocks) {
      for (String l : OrderSelectionReport.edgeWarnings(none, b.result(), "number of states")) {
        warnings.add("k = " + b.hiddenVariables() + ": " + l);
      }
    }
    int first = blocks.get(0).hiddenVariables();
    int last = blocks.get(blocks.size() - 1).hiddenVariables();
    List<String> atTop = new ArrayList<>();
    List<String> atBottom = new ArrayList<>();
    for (int m = 0; m < methodNames.size(); m++) {
      Best best = bests.get(m);
      if (best != null && best.hiddenVariables() == last) {
        atTop.add(methodNames.get(m));
      }
      if (best != null && best.hiddenVariables() == first && first > 1) {
        atBottom.add(methodNames.get(m));
      }
    }
    if (!atTop.isEmpty()) {
      warnings.add(String.join(", ", atTop) + ": the best number of hidden variables is " + last
          + ", the largest tried; try a larger --hidden-variables range");
    }
    if (!atBottom.isEmpty()) {
      warnings.add(String.join(", ", atBottom) + ": the best number of hidden variables is " + first
          + ", the smallest tried; try a range that starts lower");
    }
  }

  /** The warnings, as printed after {@code warning: } and saved in the JSON. */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  /** The score table (best marked {@code *}, not converged {@code !}), the choices and the warnings. */
  public void print(PrintWriter out) {
    List<String> header = new ArrayList<>(several ? List.of("k", "states", "d") : List.of("states", "d"));
    header.addAll(methodNames);
    List<String[]> rows = new ArrayList<>();
    boolean anyNotConverged = false;
    for (Block b : blocks) {
      for (OrderSelection.Scored<Row> s : b.result().scored()) {
        List<String> cells = new ArrayList<>();
        if (several) {
          cells.add(Integer.toString(b.hiddenVariables()));
        }
        cells.add(Integer.toString(s.order()));
        cells.add(Integer.toString(freeParameters(observed, b.hiddenVariables(), s.order())));
        for (int m = 0; m < methodNames.size(); m++) {
          Best best = bests.get(m);
          boolean isBest = best != null && best.hiddenVariables() == b.hiddenVariables() && best.states() == s.order();
          boolean converged = s.result().converged().get(m);
          anyNotConverged |= !converged;
          cells.add(Tables.score(s.scores().get(m).value()) + (isBest ? "*" : converged ? " " : "")
              + (converged ? "" : "!"));
        }
        rows.add(cells.toArray(new String[0]));
      }
    }
    out.println();
    Tables.print(out, header.toArray(new String[0]), rows);
    out.println("* best by that method" + (anyNotConverged ? "; ! not converged (see the JSON diagnostics)" : ""));
    out.println();
    if (!several) {
      OrderSelectionReport.printChoices(out, blocks.get(0).result(), "best by", "number of states", methodNames);
    } else {
      for (int m = 0; m < methodNames.size(); m++) {
        Best best = bests.get(m);
        out.printf(Locale.ROOT, "best by %s: %s%n", methodNames.get(m), best == null ? "none (no finite score)"
            : best.hiddenVariables() + " hidden variable" + (best.hiddenVariables() == 1 ? "" : "s") + " with "
                + best.states() + " states");
      }
    }
    warnings.forEach(l -> out.println("warning: " + l));
  }

  /**
   * The run as JSON (a map tree for {@link ResultJson#write}).
   *
   * @param dataInfo from {@link #dataInfo}
   * @param model from {@link #model}
   * @param settings the scores' settings, prior and seed
   * @param extended the previous run continued, or null
   */
  public Map<String, Object> json(Map<String, Object> dataInfo, Map<String, Object> model,
      Map<String, Object> settings, int threads, double seconds, Path extended) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("command", COMMAND);
    root.put("data", dataInfo);
    root.put("model", model);
    root.put("methods", methodNames);
    root.put("settings", settings);
    root.put("hiddenVariables", blocks.stream().mapToInt(Block::hiddenVariables).toArray());
    root.put("states", OrderRange.union(blocks.get(0).result().orders(),
        blocks.stream().flatMapToInt(b -> Arrays.stream(b.result().orders())).toArray()));
    List<Object> models = new ArrayList<>();
    blocks.forEach(b -> b.result().scored().forEach(s -> models.add(s.result().json())));
    root.put("models", models);
    Map<String, Object> best = new LinkedHashMap<>();
    for (int m = 0; m < methodNames.size(); m++) {
      Best b = bests.get(m);
      Map<String, Object> e = null;
      if (b != null) {
        e = new LinkedHashMap<>();
        e.put("hiddenVariables", b.hiddenVariables());
        e.put("states", b.states());
        e.put("score", b.score());
      }
      best.put(methodNames.get(m), e);
    }
    root.put("best", best);
    Map<String, Object> bestStates = new LinkedHashMap<>();
    Map<String, Object> edges = new LinkedHashMap<>();
    for (Block b : blocks) {
      bestStates.put(Integer.toString(b.hiddenVariables()), b.result().bestOrders());
      Map<String, Object> e = new LinkedHashMap<>();
      for (var c : b.result().choices()) {
        e.put(c.method(), c.atUpperEdge() ? "upper" : c.atLowerEdge() ? "lower" : null);
      }
      edges.put(Integer.toString(b.hiddenVariables()), e);
    }
    root.put("bestStatesByHiddenVariables", bestStates);
    root.put("bestStatesAtEdgeByHiddenVariables", edges);
    root.put("warnings", warnings);
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("threads", threads);
    run.put("seconds", seconds);
    Map<String, Object> newly = new LinkedHashMap<>();
    blocks.forEach(b -> newly.put(Integer.toString(b.hiddenVariables()), b.scored()));
    run.put("scoredStatesByHiddenVariables", newly);
    run.put("extended", extended == null ? null : extended.toString());
    root.put("run", run);
    return root;
  }

  /** The scores as CSV: {@code hiddenVariables,states,d,method,score}. */
  public String csv() {
    StringBuilder b = new StringBuilder("hiddenVariables,states,d,method,score\n");
    for (Block block : blocks) {
      for (OrderSelection.Scored<Row> s : block.result().scored()) {
        for (int m = 0; m < methodNames.size(); m++) {
          b.append(block.hiddenVariables()).append(',').append(s.order()).append(',')
              .append(freeParameters(observed, block.hiddenVariables(), s.order())).append(',')
              .append(methodNames.get(m)).append(',').append(s.scores().get(m).value()).append('\n');
        }
      }
    }
    return b.toString();
  }

  /** The score curves against the number of states, one line per method (and number of hidden variables). */
  public byte[] png(String title) {
    List<LinePlot.Series> series = new ArrayList<>();
    for (Block b : blocks) {
      series.addAll(OrderSelectionReport.series(b.result(), several ? " (k = " + b.hiddenVariables() + ")" : ""));
    }
    return OrderSelectionReport.png(series, title, "number of hidden states");
  }

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
    dataInfo.put("rows", d.size());
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

  private static int freeParameters(List<Variable> observed, int hiddenVariables, int states) {
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
