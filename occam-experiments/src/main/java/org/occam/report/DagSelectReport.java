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
import org.occam.data.Variable;
import org.occam.report.OrderSelectionReport.Row;
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
        cells.add(Integer.toString(DagSelectRun.freeParameters(observed, b.hiddenVariables(), s.order())));
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
    out.println("* best by that method" + (anyNotConverged ? "; ! not converged: an EM or VBEM run stopped at the"
        + " iteration limit (" + IterationLimit.WAY_ROUND + "; diagnostics in the JSON)" : ""));
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
              .append(DagSelectRun.freeParameters(observed, block.hiddenVariables(), s.order())).append(',')
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
}
