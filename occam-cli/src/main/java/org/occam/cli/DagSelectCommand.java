package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.dag.DagProblem;
import org.occam.dag.methods.DagMethods;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.report.LinePlot;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.report.OrderSelectionReport;
import org.occam.report.OutputFiles;
import org.occam.report.PreviousRun;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.search.LatentClassOrders;
import org.occam.search.OrderRange;
import org.occam.search.OrderSelection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam dag select}: the number of states of a latent class variable, by the evidence. */
@Command(name = "select", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Choose the order of a latent class model — one hidden variable, the parent of every observed"
        + " variable — by scoring each number of hidden states of a range with the DAG scores (BIC, BICp, CS and VB"
        + " with the alias correction ln s!). One state is the independence model. Prints the scores per number of"
        + " states, the best per method, and a warning when a best is at the edge of the range searched; --extend"
        + " continues a saved run to more states without redoing the others.", "",
        "Example: occam dag select --data d.csv --hidden-states 1..6 --methods vb,bic --png curve.png"})
public final class DagSelectCommand implements Callable<Integer> {
  static final String COMMAND = "dag select";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "D.csv", description = "CSV with a header naming the observed variables.")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Option(names = "--states", paramLabel = "NAME=K", split = ",",
      description = "Declare observed variables' state counts (integer cells are 0-based); otherwise inferred from the data.")
  Map<String, Integer> states;

  @Option(names = "--hidden-states", required = true, paramLabel = "RANGE",
      description = "The numbers of hidden states to score: a range 1..6, a list 2,3,5, or both (1..3,5).")
  String hiddenStates;

  @Option(names = "--hidden-variables", paramLabel = "RANGE", defaultValue = "1",
      description = "Hidden variables, each a parent of every observed variable, all with the same number of"
          + " states: one number or a range of them, each scored over --hidden-states (default: ${DEFAULT-VALUE}).")
  String hiddenVariables;

  @Option(names = "--methods", paramLabel = "LIST",
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: vb,bic,bicp,cs; with"
          + " --extend, those of the previous run).")
  String methods;

  @Option(names = "--prior", paramLabel = "λ", defaultValue = "1.0",
      description = "Symmetric Dirichlet λ for every CPT row (default: ${DEFAULT-VALUE}, Beal's uniform prior).")
  double lambda;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--extend", paramLabel = "PREVIOUS.json",
      description = "Continue a run saved with --json: score only the numbers of states it has not scored, on the"
          + " same data with the same settings (checked), and choose over all.")
  Path extend;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every model's scores and the choices as JSON.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write the scores as CSV (states, d, method, score).")
  Path csv;

  @Option(names = "--png", paramLabel = "OUT", description = "Plot the score curves per method against the number of states.")
  Path png;

  @Option(names = "--force", description = "Overwrite existing output files.")
  boolean force;

  @Mixin
  DagScoreOptions options;

  /** One number of hidden variables and the selection of their number of states. */
  private record Block(int hiddenVariables, int[] scored, OrderSelection.Result<Row> result) {}

  /** One method's best model over every number of hidden variables. */
  private record Best(int hiddenVariables, int states, double score) {}

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    for (Path p : new Path[] {json, csv, png}) {
      if (p != null) {
        OutputFiles.checkWritable(p, force);
      }
    }
    int[] wanted = OrderRange.parse(hiddenStates, 1, "--hidden-states");
    int[] counts = OrderRange.parse(hiddenVariables, 1, "--hidden-variables");
    int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (nThreads < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + nThreads);
    }
    JsonNode previous = extend == null ? null : PreviousRun.readPrevious(extend, COMMAND);
    String methodList = methods != null ? methods
        : previous != null ? String.join(",", textList(previous.get("methods"))) : "vb,bic,bicp,cs";
    List<EvidenceMethod<DagProblem>> chosen = DagMethods.parseList(methodList);
    var settings = options.settings();
    Dataset d = CsvDatasetReader.read(data, columnSpecs(), Set.of(), weightColumn);

    Map<String, Object> dataInfo = new LinkedHashMap<>();
    dataInfo.put("file", data.toString());
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
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("type", "latent class");
    model.put("hiddenVariablesAreParentsOf", "every observed variable");
    Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
    set.put("prior", "dirichlet(" + lambda + ")");
    set.put("seed", options.seed);
    List<String> methodNames = chosen.stream().map(EvidenceMethod::name).toList();

    List<OrderSelection.Scored<Row>> saved = List.of();
    if (previous != null) {
      PreviousRun.requireSameData(extend, previous, dataInfo);
      PreviousRun.requireSame(extend, previous, "model", model, "the model class");
      PreviousRun.requireSame(extend, previous, "methods", methodNames, "the methods");
      PreviousRun.requireSame(extend, previous, "settings", set, "the settings");
      saved = PreviousRun.previousRows(previous, "states", DagSelectCommand::readRow);
      // a continued run keeps every number of hidden variables it had
      counts = OrderRange.union(counts, saved.stream()
          .mapToInt(r -> ((JsonNode) r.result().json()).path("hiddenVariables").asInt(1)).toArray());
    }

    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "data %s: n = %s, %d distinct rows, %d observed variables%n", data,
        Tables.number(d.size()), d.distinctRows(), d.variables().size());
    String hiddenName = LatentClassOrders.structure(d.variables(), 1, 1).name(0);
    out.printf(Locale.ROOT, "latent class model: %s, the parent%s of every observed variable; states in %s; methods %s%n",
        counts.length == 1 && counts[0] == 1 ? "1 hidden variable " + hiddenName
            : OrderRange.format(counts) + " hidden variables", counts.length == 1 && counts[0] == 1 ? "" : "s",
        OrderRange.format(wanted), String.join(",", methodNames));

    LatentClassOrders orders = new LatentClassOrders(d, lambda, chosen, settings, options.seed);
    List<Block> blocks = new ArrayList<>();
    int total = 0;
    List<OrderSelection.Result<Row>> befores = new ArrayList<>();
    for (int k : counts) {
      List<OrderSelection.Scored<Row>> mine = new ArrayList<>();
      for (var row : saved) {
        if (((JsonNode) row.result().json()).path("hiddenVariables").asInt(1) == k) {
          mine.add(row);
        }
      }
      OrderSelection.Result<Row> before = mine.isEmpty() ? null : OrderSelection.choose(mine, 1);
      befores.add(before);
      int[] done = before == null ? new int[0] : before.orders();
      int[] toScore = java.util.Arrays.stream(wanted).filter(s -> java.util.Arrays.binarySearch(done, s) < 0)
          .toArray();
      blocks.add(new Block(k, toScore, null));
      total += toScore.length;
      if (before != null) {
        out.printf(Locale.ROOT, "extending %s%s: states %s scored before, scoring %s%n", extend,
            counts.length == 1 && k == 1 ? "" : " (" + k + " hidden variable" + (k == 1 ? ")" : "s)"),
            OrderRange.format(done),
            toScore.length == 0 ? "nothing new" : OrderRange.format(toScore));
      }
    }
    try (Progress bar = Progress.start("dag select", total)) {
      AtomicInteger progress = new AtomicInteger();
      for (int b = 0; b < blocks.size(); b++) {
        int k = blocks.get(b).hiddenVariables();
        OrderSelection<Row> selection = new OrderSelection<>(1, s -> {
          Row row = freshRow(k, s, orders.score(k, s), d.variables());
          if (bar.listener() != null) {
            bar.listener().accept(progress.incrementAndGet());
          }
          return row;
        }, Row::scores, nThreads);
        OrderSelection.Result<Row> before = befores.get(b);
        blocks.set(b, new Block(k, blocks.get(b).scored(),
            before == null ? selection.run(wanted) : selection.extend(before, wanted)));
      }
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;
    boolean several = blocks.size() > 1;

    // the best model per method over every number of hidden variables (ties: fewer variables, fewer states)
    List<Best> bests = new ArrayList<>();
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
        cells.add(Integer.toString(freeParameters(d.variables(), b.hiddenVariables(), s.order())));
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
    List<String> warnings = new ArrayList<>();
    if (!several) {
      OrderSelection.Result<Row> r = blocks.get(0).result();
      OrderSelectionReport.printChoices(out, r, "best by", "number of states", methodNames);
      warnings.addAll(OrderSelectionReport.edgeWarnings(out, r, "number of states"));
    } else {
      for (int m = 0; m < methodNames.size(); m++) {
        Best best = bests.get(m);
        out.printf(Locale.ROOT, "best by %s: %s%n", methodNames.get(m), best == null ? "none (no finite score)"
            : best.hiddenVariables() + " hidden variable" + (best.hiddenVariables() == 1 ? "" : "s") + " with "
                + best.states() + " states");
      }
      for (Block b : blocks) {
        List<String> lines = OrderSelectionReport.edgeWarnings(new PrintWriter(java.io.Writer.nullWriter()),
            b.result(), "number of states");
        for (String l : lines) {
          String line = "k = " + b.hiddenVariables() + ": " + l;
          out.println("warning: " + line);
          warnings.add(line);
        }
      }
      List<String> atTop = new ArrayList<>();
      List<String> atBottom = new ArrayList<>();
      for (int m = 0; m < methodNames.size(); m++) {
        Best best = bests.get(m);
        if (best != null && best.hiddenVariables() == counts[counts.length - 1]) {
          atTop.add(methodNames.get(m));
        }
        if (best != null && best.hiddenVariables() == counts[0] && counts[0] > 1) {
          atBottom.add(methodNames.get(m));
        }
      }
      if (!atTop.isEmpty()) {
        warnings.add(String.join(", ", atTop) + ": the best number of hidden variables is " + counts[counts.length - 1]
            + ", the largest tried; try a larger --hidden-variables range");
        out.println("warning: " + warnings.get(warnings.size() - 1));
      }
      if (!atBottom.isEmpty()) {
        warnings.add(String.join(", ", atBottom) + ": the best number of hidden variables is " + counts[0]
            + ", the smallest tried; try a range that starts lower");
        out.println("warning: " + warnings.get(warnings.size() - 1));
      }
    }
    int scored = blocks.stream().mapToInt(b -> b.scored().length).sum();
    out.printf(Locale.ROOT, "%nscored %d model(s) x %d method(s) (%d restarts each) in %.2f s with %d thread(s)%n",
        scored, methodNames.size(), settings.restarts(), seconds, nThreads);

    if (json != null) {
      Map<String, Object> root = new LinkedHashMap<>();
      root.put("command", COMMAND);
      root.put("data", dataInfo);
      root.put("model", model);
      root.put("methods", methodNames);
      root.put("settings", set);
      root.put("hiddenVariables", blocks.stream().mapToInt(Block::hiddenVariables).toArray());
      root.put("states", OrderRange.union(blocks.get(0).result().orders(),
          blocks.stream().flatMapToInt(b -> java.util.Arrays.stream(b.result().orders())).toArray()));
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
      run.put("threads", nThreads);
      run.put("seconds", seconds);
      Map<String, Object> newly = new LinkedHashMap<>();
      blocks.forEach(b -> newly.put(Integer.toString(b.hiddenVariables()), b.scored()));
      run.put("scoredStatesByHiddenVariables", newly);
      run.put("extended", extend == null ? null : extend.toString());
      root.put("run", run);
      OutputFiles.write(json, ResultJson.write(root));
      out.println("wrote " + json);
    }
    if (csv != null) {
      StringBuilder b = new StringBuilder("hiddenVariables,states,d,method,score\n");
      for (Block block : blocks) {
        for (OrderSelection.Scored<Row> s : block.result().scored()) {
          for (int m = 0; m < methodNames.size(); m++) {
            b.append(block.hiddenVariables()).append(',').append(s.order()).append(',')
                .append(freeParameters(d.variables(), block.hiddenVariables(), s.order())).append(',')
                .append(methodNames.get(m)).append(',').append(s.scores().get(m).value()).append('\n');
          }
        }
      }
      OutputFiles.write(csv, b.toString());
      out.println("wrote " + csv);
    }
    if (png != null) {
      List<LinePlot.Series> series = new ArrayList<>();
      for (Block b : blocks) {
        series.addAll(OrderSelectionReport.series(b.result(), several ? " (k = " + b.hiddenVariables() + ")" : ""));
      }
      OutputFiles.write(png, OrderSelectionReport.png(series, "latent class order: " + data.getFileName(),
          "number of hidden states"));
      out.println("wrote " + png);
    }
    return 0;
  }

  private static Row freshRow(int hiddenVariables, int states, List<EvidenceEstimate> estimates,
      List<Variable> observed) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hiddenVariables", hiddenVariables);
    m.put("states", states);
    m.put("freeParameters", freeParameters(observed, hiddenVariables, states));
    m.put("results", estimates.stream().map(ResultJson::estimate).toList());
    return Row.of(m, estimates, List.of());
  }

  private static Row readRow(JsonNode m) {
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

  private static List<String> textList(JsonNode n) {
    List<String> out = new ArrayList<>();
    if (n != null) {
      n.forEach(x -> out.add(x.asText()));
    }
    return out;
  }

  private static String fingerprint(Dataset d) {
    StringBuilder b = new StringBuilder();
    for (Variable v : d.variables()) {
      b.append(v.name()).append(v.states()).append(';');
    }
    for (int r = 0; r < d.distinctRows(); r++) {
      b.append(java.util.Arrays.toString(d.row(r))).append('x').append(d.count(r)).append(';');
    }
    return OrderSelectionReport.fingerprint(b.toString());
  }

  private List<ColumnSpec> columnSpecs() {
    if (states == null) {
      return null;
    }
    List<ColumnSpec> specs = new ArrayList<>();
    for (var e : states.entrySet()) {
      if (e.getValue() == null || e.getValue() < 1) {
        throw new InvalidInputException("--states " + e.getKey() + "=" + e.getValue() + ": need a count >= 1");
      }
      specs.add(ColumnSpec.count(e.getKey(), e.getValue()));
    }
    return specs;
  }
}
