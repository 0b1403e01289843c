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
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.data.CsvDatasetReader;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Parallel;
import org.occam.mrf.MrfData;
import org.occam.mrf.MrfMethod;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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
        "Example: occam mrf rank --data data/reinis.csv --methods bic-ml,bp-lr,laplace-exact --json path.json"})
public final class MrfRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "D.csv",
      description = "CSV with a header; every column but the weight column is a binary variable. No missing cells.")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = MrfScoreCommand.DEFAULT_METHODS,
      description = "Comma-separated: map,bic-ml,bic-map,bp-lr,bp-lr-exactgrad,laplace-exact (default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--criterion", paramLabel = "METHOD", defaultValue = "laplace-exact",
      description = "The score that chooses the edge added at each step of the path (default: ${DEFAULT-VALUE}).")
  String criterion;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every model's edges, scores, ranks and full results as JSON.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write one row per model with its scores as CSV.")
  Path csv;

  @Option(names = "--force", description = "Overwrite existing output files.")
  boolean force;

  @Mixin
  MrfScoreOptions options;

  /** One scored model: a name, its place on the path (or null), the edge added there, the results. */
  record Model(String name, Integer pathStep, PairwiseGraph graph, int[] added, List<EvidenceEstimate> results) {}

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    MrfMethod by = MrfMethod.parse(criterion);
    List<MrfMethod> wanted = new ArrayList<>(MrfMethod.parseList(methods));
    if (!wanted.contains(by)) {
      wanted.add(0, by);
    }
    MrfEstimators.requireAvailable(wanted);
    if (json != null) {
      OutputFiles.checkWritable(json, force);
    }
    if (csv != null) {
      OutputFiles.checkWritable(csv, force);
    }
    int threads = options.threads();
    double sigma = options.priorSigma(java.util.OptionalDouble.empty());
    // one thread per scored structure; the structures are scored in parallel
    MrfScoreSettings settings = options.settings(sigma, 1);
    Dataset d = CsvDatasetReader.read(data, null, Set.of(), weightColumn);
    List<Variable> vars = d.variables();
    for (int j = 0; j < vars.size(); j++) {
      if (vars.get(j).cardinality() != 2) {
        throw DataFormatException.at(data, 1, 0, "column " + vars.get(j).name() + " has " + vars.get(j).cardinality()
            + " distinct values " + vars.get(j).states() + "; a Boltzmann machine needs exactly two");
      }
    }
    int v = vars.size();
    if (v < 2) {
      throw DataFormatException.at(data, 1, 0, "need at least two binary columns to compare structures, got " + v);
    }
    requireComplete(d);

    List<GreedyEdgePath.Step> path = GreedyEdgePath.run(v,
        g -> MrfEstimators.score(g, MrfData.of(g, d), List.of(by), settings, options.seed).get(0).logEvidence(),
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
    List<String> coding = new ArrayList<>();
    for (Variable x : vars) {
      coding.add(x.name() + " " + x.states().get(0) + "/" + x.states().get(1));
    }
    out.printf("data %s: n = %s, %d distinct rows, %d binary variables, labels of x = 0/x = 1: %s%n", data,
        Tables.number(d.size()), d.distinctRows(), v, String.join(", ", coding));
    out.printf("prior N(0, %s² I); path by %s, %d steps, %d structures scored%n", Tables.number(sigma), by.label(),
        path.size() - 1, path.stream().mapToInt(GreedyEdgePath.Step::candidates).sum());
    List<String> header = new ArrayList<>(List.of("model", "edges"));
    wanted.forEach(m -> header.add(m.label()));
    header.add("added edge");
    Map<MrfMethod, int[]> ranks = ranks(models, wanted);
    List<String[]> rows = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      Model m = models.get(i);
      List<String> r = new ArrayList<>(List.of(m.name(), Integer.toString(m.graph().edgeCount())));
      for (int k = 0; k < wanted.size(); k++) {
        EvidenceEstimate e = m.results().get(k);
        r.add(Tables.score(e.logEvidence()) + (ranks.get(wanted.get(k))[i] == 1 ? "*" : " ")
            + (e.converged() ? "" : "!"));
      }
      r.add(m.added() == null ? "" : edgeName(vars, m.added()));
      rows.add(r.toArray(new String[0]));
    }
    out.println();
    Tables.print(out, header.toArray(new String[0]), rows);
    out.println("* best of the models by that method; ! not converged (see the JSON diagnostics)");
    out.println();
    for (MrfMethod m : wanted) {
      int best = indexOfRank(ranks.get(m), 1);
      out.printf("best by %-16s %s: %s%n", m.label() + ":", models.get(best).name(), edges(vars, models.get(best).graph()));
    }
    int nonConverged = 0;
    for (Model m : models) {
      nonConverged += (int) m.results().stream().filter(e -> !e.converged()).count();
    }
    if (nonConverged > 0) {
      out.printf("warning: %d score(s) did not converge%n", nonConverged);
    }
    out.printf("%nsearch %.2f s, all %.2f s with %d thread(s)%n", searchSeconds, seconds, threads);

    if (json != null) {
      OutputFiles.write(json, ResultJson.write(json(d, vars, wanted, by, settings, threads, models, ranks, path, seconds)));
      out.println("wrote " + json);
    }
    if (csv != null) {
      OutputFiles.write(csv, csv(vars, wanted, models));
      out.println("wrote " + csv);
    }
    return 0;
  }

  private void requireComplete(Dataset d) {
    if (d.hasMissing()) {
      throw new DataFormatException(data + ": has empty or NA cells; Boltzmann-machine scores need complete rows");
    }
  }

  private List<List<EvidenceEstimate>> scoreAll(List<PairwiseGraph> graphs, Dataset d, List<MrfMethod> wanted,
      MrfScoreSettings settings, int threads) {
    return Parallel.map(graphs.size(), threads, "occam-mrf-rank",
        i -> MrfEstimators.score(graphs.get(i), MrfData.of(graphs.get(i), d), wanted, settings, options.seed));
  }

  /** Rank 1 = highest score; equal scores share a rank. */
  private static Map<MrfMethod, int[]> ranks(List<Model> models, List<MrfMethod> wanted) {
    Map<MrfMethod, int[]> out = new LinkedHashMap<>();
    for (int k = 0; k < wanted.size(); k++) {
      int[] r = new int[models.size()];
      for (int i = 0; i < models.size(); i++) {
        double s = models.get(i).results().get(k).logEvidence();
        int above = 0;
        for (Model o : models) {
          above += o.results().get(k).logEvidence() > s ? 1 : 0;
        }
        r[i] = above + 1;
      }
      out.put(wanted.get(k), r);
    }
    return out;
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
    return vars.get(e[0]).name() + "-" + vars.get(e[1]).name();
  }

  private static String edges(List<Variable> vars, PairwiseGraph g) {
    if (g.edgeCount() == 0) {
      return "(no edges)";
    }
    List<String> s = new ArrayList<>();
    for (int[] e : g.edges()) {
      s.add(edgeName(vars, e));
    }
    return String.join(" ", s);
  }

  private Map<String, Object> json(Dataset d, List<Variable> vars, List<MrfMethod> wanted, MrfMethod by,
      MrfScoreSettings settings, int threads, List<Model> models, Map<MrfMethod, int[]> ranks,
      List<GreedyEdgePath.Step> path, double seconds) {
    Map<String, Object> root = new LinkedHashMap<>();
    Map<String, Object> dataInfo = new LinkedHashMap<>();
    dataInfo.put("file", data.toString());
    dataInfo.put("rows", d.size());
    dataInfo.put("distinct", d.distinctRows());
    dataInfo.put("variables", vars.stream().map(x -> Map.of("name", x.name(), "states", x.states())).toList());
    root.put("data", dataInfo);
    root.put("methods", wanted.stream().map(MrfMethod::label).toList());
    root.put("criterion", by.label());
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
    for (MrfMethod m : wanted) {
      best.put(m.label(), models.get(indexOfRank(ranks.get(m), 1)).name());
    }
    root.put("best", best);
    root.put("seconds", seconds);
    return root;
  }

  private static String csv(List<Variable> vars, List<MrfMethod> wanted, List<Model> models) {
    StringWriter text = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(text, CSVFormat.RFC4180.builder().setRecordSeparator('\n').get())) {
      List<String> header = new ArrayList<>(List.of("model", "pathStep", "edgeCount", "added", "edges"));
      wanted.forEach(m -> header.add(m.label()));
      p.printRecord(header);
      for (Model m : models) {
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
        p.printRecord(r);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return text.toString();
  }
}
