package org.occam.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.occam.data.CsvDatasetReader;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.math.Parallel;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.MrfMethods;
import org.occam.report.MethodPosteriors;
import org.occam.report.OutputFiles;
import org.occam.report.PosteriorTables;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.search.GreedyEdgePath;
import org.occam.search.ModelAveraging;
import org.occam.search.MrfGraphEnumeration;
import org.occam.search.Ranks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code occam mrf rank}: scores a path of Boltzmann-machine structures on one data set, from the
 * empty graph to the complete one by greedy edge addition, plus the chain in column order, and
 * ranks them per method.
 */
@Command(name = "rank", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score and rank structures: empty, chain, and a greedy edge-addition path to the complete graph.",
        "",
        "Scores Boltzmann-machine structures over the data's binary columns and ranks them per method: the empty"
            + " graph, the chain in column order, and a greedy path from the empty to the complete graph that adds,"
            + " at each step, the edge whose graph has the highest --criterion score. Every model is scored by"
            + " every method.", "",
        "Each column must have exactly two values; the first (numerically smallest when all are integers, else"
            + " first seen) is x = 0, the other x = 1.", "",
        "The prior is N(0, σ0² I) on the 0/1 parameters, σ0 = 1 by default; Parise & Welling (2006) do not state"
            + " their prior.", "",
        "With --class all, every graph on the variables instead: 2^(V(V-1)/2) structures, at most 2^15 (V <= 6).",
        "",
        "With --posterior: posterior probabilities of the models ranked (conditional on the truth being one of"
            + " them) and of each edge, Occam's window, and whether the data separate the top models.", "",
        "Example: occam mrf rank --data data/reinis.csv --methods bic-ml,bp-lr,laplace-exact --json path.json",
        "         occam mrf rank --data data/reinis.csv --posterior --posterior-png edges.png"})
public final class MrfRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "D.csv",
      description = "CSV with a header; every column but the weight column is a binary variable. No missing cells.")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = MrfScoreCommand.DEFAULT_METHODS,
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--criterion", paramLabel = "METHOD", defaultValue = "laplace-exact",
      description = "The score that chooses the edge added at each step of the path (default: ${DEFAULT-VALUE}).")
  String criterion;

  /** Which structures to rank. */
  enum GraphClass { PATH, ALL }

  @Option(names = "--class", paramLabel = "CLASS", defaultValue = "path",
      converter = GraphClassConverter.class,
      description = "path: the empty graph, the chain and the greedy path (the default); all: every graph on the"
          + " variables, in parallel over graphs (at most " + MrfGraphEnumeration.DEFAULT_LIMIT + " graphs, V <= 6).")
  GraphClass graphClass;

  /** {@code path} or {@code all}, in any case. */
  static final class GraphClassConverter implements CommandLine.ITypeConverter<GraphClass> {
    @Override
    public GraphClass convert(String value) {
      return switch (value.trim().toLowerCase(Locale.ROOT)) {
        case "path" -> GraphClass.PATH;
        case "all" -> GraphClass.ALL;
        default -> throw new CommandLine.TypeConversionException("expected path or all, got '" + value + "'");
      };
    }
  }

  @Option(names = "--json", paramLabel = "OUT", description = "Write every model's edges, scores, ranks and full results as JSON.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write one row per model with its scores as CSV.")
  Path csv;

  @Option(names = "--force", description = "Overwrite existing output files.")
  boolean force;

  @Mixin
  MrfScoreOptions options;

  @Mixin
  PosteriorOptions posterior;

  /** The model-averaging settings when --posterior is given, else null. */
  private ModelAveraging.Settings averaging;

  /** One scored model: a name, its place on the path (or null), the edge added there, the results. */
  record Model(String name, Integer pathStep, PairwiseGraph graph, int[] added, List<EvidenceEstimate> results) {}

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    EvidenceMethod<MrfProblem> by = MrfMethods.get(criterion);
    List<EvidenceMethod<MrfProblem>> wanted = new ArrayList<>(MrfMethods.parseList(methods));
    if (graphClass == GraphClass.PATH && !wanted.contains(by)) {
      wanted.add(0, by);
    }
    if (json != null) {
      OutputFiles.checkWritable(json, force);
    }
    if (csv != null) {
      OutputFiles.checkWritable(csv, force);
    }
    averaging = posterior.enabled() ? posterior.settings(force) : null;
    int threads = options.threads();
    double sigma = options.priorSigma(java.util.OptionalDouble.empty());
    // one thread per scored structure; the structures are scored in parallel
    MrfScoreSettings settings = options.settings(sigma, 1);
    Dataset d = MrfBinaryData.read(data, weightColumn);
    List<Variable> vars = d.variables();
    int v = vars.size();
    if (graphClass == GraphClass.ALL) {
      return rankAll(d, wanted, by, settings, threads, sigma, t0);
    }

    List<GreedyEdgePath.Step> path = GreedyEdgePath.run(v,
        g -> MrfEstimators.estimate(g, MrfData.of(g, d), List.of(by), settings, options.seed).get(0).logEvidence(),
        threads);
    double searchSeconds = (System.nanoTime() - t0) * 1e-9;
    int[][] chainEdges = new int[v - 1][];
    for (int j = 0; j + 1 < v; j++) {
      chainEdges[j] = new int[] {j, j + 1};
    }
    List<Model> models = new ArrayList<>();
    List<PairwiseGraph> graphs = new ArrayList<>();
    graphs.add(path.get(0).graph());
    graphs.add(new PairwiseGraph(v, chainEdges));
    for (int k = 1; k < path.size(); k++) {
      graphs.add(path.get(k).graph());
    }
    List<List<EvidenceEstimate>> scored = scoreAll(graphs, d, wanted, settings, threads);
    models.add(new Model("empty", 0, graphs.get(0), null, scored.get(0)));
    models.add(new Model("chain", null, graphs.get(1), null, scored.get(1)));
    for (int k = 1; k < path.size(); k++) {
      String name = k == path.size() - 1 ? "complete" : "path-" + k;
      models.add(new Model(name, k, graphs.get(k + 1), path.get(k).added(), scored.get(k + 1)));
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;

    PrintWriter out = spec.commandLine().getOut();
    out.println(MrfBinaryData.describe(data, d));
    out.printf("prior N(0, %s² I); path by %s, %d steps, %d structures scored%n", Tables.number(sigma), by.name(),
        path.size() - 1, path.stream().mapToInt(GreedyEdgePath.Step::candidates).sum());
    return report(out, d, vars, wanted, by, settings, threads, models, path, searchSeconds, seconds, false);
  }

  /** {@code --class all}: every graph on the variables, scored by every method in parallel over graphs. */
  private int rankAll(Dataset d, List<EvidenceMethod<MrfProblem>> wanted, EvidenceMethod<MrfProblem> by, MrfScoreSettings settings, int threads,
      double sigma, long t0) {
    List<Variable> vars = d.variables();
    List<PairwiseGraph> graphs = MrfGraphEnumeration.all(vars.size());
    List<List<EvidenceEstimate>> scored;
    try (Progress bar = Progress.start("mrf rank --class all", graphs.size())) {
      java.util.function.IntConsumer listener = bar.listener();
      java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
      scored = Parallel.map(graphs.size(), threads, "occam-mrf-rank", i -> {
        List<EvidenceEstimate> e = MrfEstimators.estimate(graphs.get(i), MrfData.of(graphs.get(i), d), wanted, settings,
            options.seed);
        int n = done.incrementAndGet();
        if (listener != null) {
          listener.accept(n);
        }
        return e;
      });
    }
    List<Model> models = new ArrayList<>();
    for (int k = 0; k < graphs.size(); k++) {
      String name = k == 0 ? "empty" : k == graphs.size() - 1 ? "complete" : "graph-" + k;
      models.add(new Model(name, null, graphs.get(k), null, scored.get(k)));
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;
    PrintWriter out = spec.commandLine().getOut();
    out.println(MrfBinaryData.describe(data, d));
    out.printf("prior N(0, %s² I); every graph on %d variables, %d structures scored%n", Tables.number(sigma),
        vars.size(), graphs.size());
    return report(out, d, vars, wanted, by, settings, threads, models, List.of(), seconds, seconds, true);
  }

  /** The table (with {@code topOnly}, the models in the top 10 by some method), the best models, JSON and CSV. */
  private int report(PrintWriter out, Dataset d, List<Variable> vars, List<EvidenceMethod<MrfProblem>> wanted, EvidenceMethod<MrfProblem> by,
      MrfScoreSettings settings, int threads, List<Model> models, List<GreedyEdgePath.Step> path,
      double searchSeconds, double seconds, boolean topOnly) {
    List<String> header = new ArrayList<>(List.of("model", "edges"));
    wanted.forEach(m -> header.add(m.name()));
    header.add(topOnly ? "edge list" : "added edge");
    Map<EvidenceMethod<MrfProblem>, int[]> ranks = ranks(models, wanted);
    List<String[]> rows = new ArrayList<>();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      int index = i;
      if (!topOnly || ranks.values().stream().anyMatch(r -> r[index] <= TOP)) {
        order.add(i);
      }
    }
    if (topOnly) {
      int[] byFirst = ranks.get(wanted.get(0));
      order.sort(java.util.Comparator.comparingInt((Integer i) -> byFirst[i]).thenComparingInt(i -> i));
    }
    for (int i : order) {
      Model m = models.get(i);
      List<String> r = new ArrayList<>(List.of(m.name(), Integer.toString(m.graph().edgeCount())));
      for (int k = 0; k < wanted.size(); k++) {
        EvidenceEstimate e = m.results().get(k);
        r.add(Tables.score(e.logEvidence()) + (ranks.get(wanted.get(k))[i] == 1 ? "*" : " ")
            + (e.converged() ? "" : "!"));
      }
      r.add(topOnly ? MrfBinaryData.edges(vars, m.graph()) : m.added() == null ? "" : edgeName(vars, m.added()));
      rows.add(r.toArray(new String[0]));
    }
    out.println();
    Tables.print(out, header.toArray(new String[0]), rows);
    out.println((topOnly ? "the models in the top " + TOP + " by some method (all of them in --json and --csv); " : "")
        + "* best of the models by that method; ! not converged (see the JSON diagnostics)");
    out.println();
    for (EvidenceMethod<MrfProblem> m : wanted) {
      int best = indexOfRank(ranks.get(m), 1);
      out.printf("best by %-16s %s: %s%n", m.name() + ":", models.get(best).name(), edges(vars, models.get(best).graph()));
    }
    int nonConverged = 0;
    for (Model m : models) {
      nonConverged += (int) m.results().stream().filter(e -> !e.converged()).count();
    }
    if (nonConverged > 0) {
      out.printf("warning: %d score(s) did not converge%n", nonConverged);
    }
    MethodPosteriors posteriors = averaging == null ? null : average(vars, wanted, models, averaging);
    if (posteriors != null) {
      // a path model is its predecessor plus the edge added; the others are listed in full
      posteriors.print(out, models.stream().map(m -> m.name() + "  " + (m.added() == null ? edges(vars, m.graph())
          : "+" + edgeName(vars, m.added()) + " (" + m.graph().edgeCount() + (m.graph().edgeCount() == 1 ? " edge)"
              : " edges)"))).toList(), "edge",
          posterior.overWindow());
    }
    out.printf("%nsearch %.2f s, all %.2f s with %d thread(s)%n", searchSeconds, seconds, threads);

    if (json != null) {
      var root = json(d, vars, wanted, by, settings, threads, models, ranks, path, seconds);
      if (posteriors != null) {
        root.put("posterior", posteriors.json());
      }
      OutputFiles.write(json, ResultJson.write(root));
      out.println("wrote " + json);
    }
    if (csv != null) {
      OutputFiles.write(csv, csv(vars, wanted, models, posteriors));
      out.println("wrote " + csv);
    }
    if (posterior.png != null) {
      OutputFiles.write(posterior.png, posteriors.undirectedPng("edge posterior probabilities (" + averaging.prior()
          + " prior over the " + models.size() + " models ranked)", vars.stream().map(Variable::name).toList(),
          posterior.overWindow()));
      out.println("wrote " + posterior.png);
    }
    return 0;
  }

  /** The table of {@code --class all} shows the models ranked at most this by some method. */
  private static final int TOP = 10;

  private List<List<EvidenceEstimate>> scoreAll(List<PairwiseGraph> graphs, Dataset d, List<EvidenceMethod<MrfProblem>> wanted,
      MrfScoreSettings settings, int threads) {
    return Parallel.map(graphs.size(), threads, "occam-mrf-rank",
        i -> MrfEstimators.estimate(graphs.get(i), MrfData.of(graphs.get(i), d), wanted, settings, options.seed));
  }

  /** Rank 1 = highest score; equal scores share a rank ({@link Ranks#of}). */
  private static Map<EvidenceMethod<MrfProblem>, int[]> ranks(List<Model> models, List<EvidenceMethod<MrfProblem>> wanted) {
    Map<EvidenceMethod<MrfProblem>, int[]> out = new LinkedHashMap<>();
    for (int k = 0; k < wanted.size(); k++) {
      int kk = k;
      out.put(wanted.get(k), Ranks.of(models.stream().mapToDouble(m -> m.results().get(kk).logEvidence()).toArray()));
    }
    return out;
  }

  private static MethodPosteriors average(List<Variable> vars, List<EvidenceMethod<MrfProblem>> wanted, List<Model> models,
      ModelAveraging.Settings averaging) {
    double[][] scores = new double[models.size()][wanted.size()];
    List<Set<String>> features = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      for (int k = 0; k < wanted.size(); k++) {
        scores[i][k] = models.get(i).results().get(k).logEvidence();
      }
      Set<String> e = new java.util.LinkedHashSet<>();
      for (int[] pair : models.get(i).graph().edges()) {
        e.add(edgeName(vars, pair));
      }
      features.add(e);
    }
    return MethodPosteriors.average(wanted.stream().map(EvidenceMethod::name).toList(),
        models.stream().map(Model::name).toList(), features, scores, averaging);
  }

  private static int indexOfRank(int[] ranks, int rank) {
    for (int i = 0; i < ranks.length; i++) {
      if (ranks[i] == rank) {
        return i;
      }
    }
    return -1;
  }

  private static String edgeName(List<Variable> vars, int[] e) {
    return MrfBinaryData.edgeName(vars, e);
  }

  private static String edges(List<Variable> vars, PairwiseGraph g) {
    return MrfBinaryData.edges(vars, g);
  }

  private Map<String, Object> json(Dataset d, List<Variable> vars, List<EvidenceMethod<MrfProblem>> wanted, EvidenceMethod<MrfProblem> by,
      MrfScoreSettings settings, int threads, List<Model> models, Map<EvidenceMethod<MrfProblem>, int[]> ranks,
      List<GreedyEdgePath.Step> path, double seconds) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("data", MrfBinaryData.json(data, d));
    root.put("methods", wanted.stream().map(EvidenceMethod::name).toList());
    root.put("criterion", by.name());
    root.put("class", graphClass.name().toLowerCase(Locale.ROOT));
    Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
    set.put("threads", threads);
    set.put("seed", options.seed);
    root.put("settings", set);
    List<Map<String, Object>> list = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      Model m = models.get(i);
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("name", m.name());
      x.put("pathStep", m.pathStep());
      List<List<String>> e = new ArrayList<>();
      for (int[] pair : m.graph().edges()) {
        e.add(List.of(vars.get(pair[0]).name(), vars.get(pair[1]).name()));
      }
      x.put("edges", e);
      x.put("added", m.added() == null ? null : List.of(vars.get(m.added()[0]).name(), vars.get(m.added()[1]).name()));
      if (m.pathStep() != null) {
        x.put("candidates", path.get(m.pathStep()).candidates());
      }
      x.put("parameters", m.graph().vertexCount() + m.graph().edgeCount());
      Map<String, Object> scores = new LinkedHashMap<>();
      Map<String, Object> r = new LinkedHashMap<>();
      Map<String, Object> conv = new LinkedHashMap<>();
      for (int k = 0; k < wanted.size(); k++) {
        EvidenceEstimate est = m.results().get(k);
        scores.put(est.method(), est.logEvidence());
        r.put(est.method(), ranks.get(wanted.get(k))[i]);
        conv.put(est.method(), est.converged());
      }
      x.put("scores", scores);
      x.put("ranks", r);
      x.put("converged", conv);
      x.put("results", m.results().stream().map(ResultJson::estimate).toList());
      list.add(x);
    }
    root.put("models", list);
    Map<String, Object> best = new LinkedHashMap<>();
    for (EvidenceMethod<MrfProblem> m : wanted) {
      best.put(m.name(), models.get(indexOfRank(ranks.get(m), 1)).name());
    }
    root.put("best", best);
    root.put("seconds", seconds);
    return root;
  }

  private static String csv(List<Variable> vars, List<EvidenceMethod<MrfProblem>> wanted, List<Model> models, MethodPosteriors posteriors) {
    StringWriter text = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(text, CSVFormat.RFC4180.builder().setRecordSeparator('\n').get())) {
      List<String> header = new ArrayList<>(List.of("model", "pathStep", "edgeCount", "added", "edges"));
      wanted.forEach(m -> header.add(m.name()));
      if (posteriors != null) {
        header.addAll(posteriors.csvHeader());
      }
      p.printRecord(header);
      for (int i = 0; i < models.size(); i++) {
        Model m = models.get(i);
        List<Object> r = new ArrayList<>();
        r.add(m.name());
        r.add(m.pathStep() == null ? "" : m.pathStep());
        r.add(m.graph().edgeCount());
        r.add(m.added() == null ? "" : edgeName(vars, m.added()));
        List<String> e = new ArrayList<>();
        for (int[] pair : m.graph().edges()) {
          e.add(edgeName(vars, pair));
        }
        r.add(String.join(";", e));
        for (EvidenceEstimate est : m.results()) {
          r.add(String.format(Locale.ROOT, "%.6f", est.logEvidence()));
        }
        if (posteriors != null) {
          r.addAll(posteriors.csvValues(i));
        }
        p.printRecord(r);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return text.toString();
  }
}
