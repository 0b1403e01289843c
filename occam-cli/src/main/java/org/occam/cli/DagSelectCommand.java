package org.occam.cli;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.occam.cli.OrderSelectionReport.Row;
import org.occam.cli.io.OutputFiles;
import org.occam.cli.io.ResultJson;
import org.occam.cli.report.Tables;
import org.occam.dag.DagMethod;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.search.LatentClassOrders;
import org.occam.search.OrderRange;
import org.occam.search.OrderSelection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam dag select}: the number of states of a latent class variable, by the evidence. */
@Command(name = "select", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Choose the order of a latent class model — one hidden variable, the parent of every observed",
        "variable — by scoring each number of hidden states of a range with the DAG scores (BIC, BICp, CS and VB",
        "with the alias correction ln s!). One state is the independence model. Prints the scores per number of",
        "states, the best per method, and a warning when a best is at the edge of the range searched;",
        "--extend continues a saved run to more states without redoing the others.", "",
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

  @Option(names = "--hidden-variables", paramLabel = "K", defaultValue = "1",
      description = "Hidden variables, each a parent of every observed variable, all with the same number of"
          + " states (default: ${DEFAULT-VALUE}).")
  int hiddenVariables;

  @Option(names = "--methods", paramLabel = "LIST",
      description = "Comma-separated: exact,map,bic,bicp,cs,cs-dagger,vb,ais (default: vb,bic,bicp,cs; with"
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

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    for (Path p : new Path[] {json, csv, png}) {
      if (p != null) {
        OutputFiles.checkWritable(p, force);
      }
    }
    int[] wanted = OrderRange.parse(hiddenStates, 1, "--hidden-states");
    if (hiddenVariables < 1) {
      throw new IllegalArgumentException("--hidden-variables must be >= 1, got " + hiddenVariables);
    }
    int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (nThreads < 1) {
      throw new IllegalArgumentException("--threads must be >= 1, got " + nThreads);
    }
    JsonNode previous = extend == null ? null : OrderSelectionReport.readPrevious(extend, COMMAND);
    String methodList = methods != null ? methods
        : previous != null ? String.join(",", textList(previous.get("methods"))) : "vb,bic,bicp,cs";
    List<DagMethod> chosen = DagMethod.parseList(methodList);
    var settings = options.settings();
    Dataset d = CsvDatasetReader.read(data, columnSpecs(), Set.of(), weightColumn);

    Map<String, Object> dataInfo = new LinkedHashMap<>();
    dataInfo.put("file", data.toString());
    dataInfo.put("rows", d.size());
    dataInfo.put("distinct", d.distinctRows());
    dataInfo.put("variables", d.variables().stream().map(v -> Map.of("name", v.name(), "states", v.states())).toList());
    dataInfo.put("fingerprint", fingerprint(d));
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("type", "latent class");
    model.put("hiddenVariables", hiddenVariables);
    model.put("parentsOfEveryObservedVariable", true);
    Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
    set.put("prior", "dirichlet(" + lambda + ")");
    set.put("seed", options.seed);
    List<String> methodNames = chosen.stream().map(DagMethod::label).toList();

    OrderSelection.Result<Row> before = null;
    if (previous != null) {
      Map<String, Object> previousData = new LinkedHashMap<>(dataInfo);
      previousData.remove("file");
      requireSameData(previous, previousData);
      OrderSelectionReport.requireSame(extend, previous, "model", model, "the model class");
      OrderSelectionReport.requireSame(extend, previous, "methods", methodNames, "the methods");
      OrderSelectionReport.requireSame(extend, previous, "settings", set, "the settings");
      before = OrderSelection.choose(OrderSelectionReport.previousRows(previous, "states", DagSelectCommand::readRow), 1);
    }

    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "data %s: n = %s, %d distinct rows, %d observed variables%n", data,
        Tables.number(d.size()), d.distinctRows(), d.variables().size());
    LatentClassOrders orders = new LatentClassOrders(d, lambda, chosen, settings, options.seed);
    String hiddenName = LatentClassOrders.structure(d.variables(), hiddenVariables, 1).name(0);
    int[] scoredBefore = before == null ? new int[0] : before.orders();
    int[] toScore = java.util.Arrays.stream(wanted).filter(s -> java.util.Arrays.binarySearch(scoredBefore, s) < 0).toArray();
    out.printf(Locale.ROOT, "latent class model: %s, the parent%s of every observed variable; states in %s; methods %s%s%n",
        hiddenVariables == 1 ? "1 hidden variable " + hiddenName : hiddenVariables + " hidden variables",
        hiddenVariables == 1 ? "" : "s", OrderRange.format(wanted), String.join(",", methodNames),
        before == null ? "" : "; extending " + extend + " (states " + OrderRange.format(before.orders())
            + "), scoring " + (toScore.length == 0 ? "nothing new" : OrderRange.format(toScore)));

    OrderSelection.Result<Row> result;
    try (Progress bar = Progress.start("dag select", toScore.length)) {
      AtomicInteger done = new AtomicInteger();
      OrderSelection<Row> selection = new OrderSelection<>(1, s -> {
        Row row = freshRow(s, orders.score(hiddenVariables, s), d.variables());
        if (bar.listener() != null) {
          bar.listener().accept(done.incrementAndGet());
        }
        return row;
      }, Row::scores, nThreads);
      result = before == null ? selection.run(wanted) : selection.extend(before, wanted);
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;

    List<String> header = new ArrayList<>(List.of("states", "d"));
    header.addAll(methodNames);
    List<String[]> rows = new ArrayList<>();
    boolean anyNotConverged = false;
    for (OrderSelection.Scored<Row> s : result.scored()) {
      List<String> cells = new ArrayList<>(List.of(Integer.toString(s.order()),
          Integer.toString(freeParameters(d.variables(), s.order()))));
      for (int m = 0; m < methodNames.size(); m++) {
        var c = result.choices().get(m);
        boolean best = c.best().isPresent() && c.best().getAsInt() == s.order();
        boolean converged = s.result().converged().get(m);
        anyNotConverged |= !converged;
        cells.add(Tables.score(s.scores().get(m).value()) + (best ? "*" : converged ? " " : "") + (converged ? "" : "!"));
      }
      rows.add(cells.toArray(new String[0]));
    }
    out.println();
    Tables.print(out, header.toArray(new String[0]), rows);
    out.println("* best of the numbers of states by that method" + (anyNotConverged
        ? "; ! not converged (see the JSON diagnostics)" : ""));
    out.println();
    OrderSelectionReport.printChoices(out, result, "best by", "number of states", methodNames);
    List<String> warnings = OrderSelectionReport.edgeWarnings(out, result, "number of states");
    out.printf(Locale.ROOT, "%nscored %d model(s) x %d method(s) (%d restarts each) in %.2f s with %d thread(s)%n",
        toScore.length, methodNames.size(), settings.restarts(), seconds, nThreads);

    if (json != null) {
      Map<String, Object> root = new LinkedHashMap<>();
      root.put("command", COMMAND);
      root.put("data", dataInfo);
      root.put("model", model);
      root.put("methods", methodNames);
      root.put("settings", set);
      root.put("orders", result.orders());
      root.put("models", result.scored().stream().map(s -> s.result().json()).toList());
      root.put("best", result.bestOrders());
      Map<String, Object> edges = new LinkedHashMap<>();
      for (var c : result.choices()) {
        edges.put(c.method(), c.atUpperEdge() ? "upper" : c.atLowerEdge() ? "lower" : null);
      }
      root.put("bestAtEdge", edges);
      root.put("warnings", warnings);
      Map<String, Object> run = new LinkedHashMap<>();
      run.put("threads", nThreads);
      run.put("seconds", seconds);
      run.put("scored", toScore);
      run.put("extended", extend == null ? null : extend.toString());
      root.put("run", run);
      OutputFiles.write(json, ResultJson.write(root));
      out.println("wrote " + json);
    }
    if (csv != null) {
      StringBuilder b = new StringBuilder("states,d,method,score\n");
      for (OrderSelection.Scored<Row> s : result.scored()) {
        for (int m = 0; m < methodNames.size(); m++) {
          b.append(s.order()).append(',').append(freeParameters(d.variables(), s.order())).append(',')
              .append(methodNames.get(m)).append(',').append(s.scores().get(m).value()).append('\n');
        }
      }
      OutputFiles.write(csv, b.toString());
      out.println("wrote " + csv);
    }
    if (png != null) {
      OutputFiles.write(png, OrderSelectionReport.png(result, "latent class order: " + data.getFileName(),
          "number of hidden states"));
      out.println("wrote " + png);
    }
    return 0;
  }

  private void requireSameData(JsonNode previous, Map<String, Object> now) {
    JsonNode then = previous.get("data");
    com.fasterxml.jackson.databind.node.ObjectNode root = ResultJson.mapper().createObjectNode();
    if (then != null && then.isObject()) {
      com.fasterxml.jackson.databind.node.ObjectNode copy = then.deepCopy();
      copy.remove("file"); // the data may have moved; the fingerprint says whether it is the same
      root.set("data", copy);
    }
    OrderSelectionReport.requireSame(extend, root, "data", now, "the data");
  }

  private Row freshRow(int states, List<EvidenceEstimate> estimates, List<Variable> observed) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("states", states);
    m.put("freeParameters", freeParameters(observed, states));
    m.put("results", estimates.stream().map(ResultJson::estimate).toList());
    return Row.of(m, estimates, List.of());
  }

  private static Row readRow(JsonNode m) {
    List<OrderSelection.Score> scores = new ArrayList<>();
    List<Boolean> converged = new ArrayList<>();
    for (JsonNode e : m.path("results")) {
      scores.add(OrderSelectionReport.estimateScore(e));
      converged.add(OrderSelectionReport.estimateConverged(e));
    }
    return new Row(m, scores, converged);
  }

  private int freeParameters(List<Variable> observed, int states) {
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
        throw new IllegalArgumentException("--states " + e.getKey() + "=" + e.getValue() + ": need a count >= 1");
      }
      specs.add(ColumnSpec.count(e.getKey(), e.getValue()));
    }
    return specs;
  }
}
