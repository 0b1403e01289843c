package org.occam.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.occam.cli.io.DagModelFile;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.DagModel;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.data.ColumnSpec;
import org.occam.data.CsvDatasetReader;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code occam dag rank}: score every structure of a bipartite class and rank them. */
@Command(name = "rank", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score every structure of the bipartite class (k hidden variables without parents, each",
        "observed variable with any subset of them as parents; structures equal up to a permutation of",
        "interchangeable hidden variables counted once) and rank them per method.", "",
        "Example: occam dag rank --data d.csv --hidden 2 --hidden-states 2 --true examples/beal-true.json"})
public final class DagRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", required = true, paramLabel = "D.csv", description = "CSV with a header naming the observed variables.")
  Path data;

  @Option(names = "--weight-column", paramLabel = "COL", description = "A column of row counts (e.g. Freq).")
  String weightColumn;

  @Option(names = "--hidden", paramLabel = "K", description = "Number of hidden variables (default: those of --true).")
  Integer hidden;

  @Option(names = "--hidden-states", paramLabel = "S[,S…]", split = ",",
      description = "States of each hidden variable: one number for all, or one per hidden variable (default: 2).")
  List<Integer> hiddenStates;

  @Option(names = "--true", paramLabel = "M.json",
      description = "The true model: reports its rank, and declares the variables' states.")
  Path trueModel;

  @Option(names = "--states", paramLabel = "NAME=K", split = ",",
      description = "Declare observed variables' state counts (integer cells are 0-based). Without this or"
          + " --true, states are inferred from the data, which misses states no row shows.")
  Map<String, Integer> states;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "map,bic,bicp,cs,vb",
      description = "Comma-separated: exact,map,bic,bicp,cs,cs-dagger,vb,ais (default: ${DEFAULT-VALUE}; exact only for small data).")
  String methods;

  @Option(names = "--prior", paramLabel = "λ", defaultValue = "1.0",
      description = "Symmetric Dirichlet λ for every CPT row (default: ${DEFAULT-VALUE}, Beal's uniform prior).")
  double lambda;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--top", paramLabel = "N", defaultValue = "5", description = "Structures shown per method (default: ${DEFAULT-VALUE}).")
  int top;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every structure's parents, parameter count and scores as JSON.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write every structure's scores as CSV.")
  Path csv;

  @Option(names = "--force", description = "Overwrite existing output files.")
  boolean force;

  @Mixin
  DagScoreOptions options;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    List<DagMethod> wanted = DagMethod.parseList(methods);
    if (json != null) {
      OutputFiles.checkWritable(json, force);
    }
    if (csv != null) {
      OutputFiles.checkWritable(csv, force);
    }
    int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (nThreads < 1) {
      throw new IllegalArgumentException("--threads must be >= 1, got " + nThreads);
    }
    var settings = options.settings();
    DagModelFile.Loaded truthFile = trueModel == null ? null : DagModelFile.read(trueModel, false);
    DagModel truth = truthFile == null ? null : truthFile.model();
    List<Variable> hiddenVars = hiddenVariables(truth);
    Set<String> hiddenNames = new HashSet<>();
    hiddenVars.forEach(v -> hiddenNames.add(v.name()));
    Dataset d = CsvDatasetReader.read(data, columnSpecs(truthFile, hiddenNames), hiddenNames, weightColumn);
    if (truth == null && states == null) {
      List<String> inferred = new ArrayList<>();
      for (Variable v : d.variables()) {
        inferred.add(v.name() + "=" + v.cardinality());
      }
      spec.commandLine().getErr().println("occam: states inferred from the data (" + String.join(", ", inferred)
          + "); declare them with --states or --true if some states do not occur");
    }
    var cls = new BipartiteStructureClass(hiddenVars, d.variables());
    int trueIndex = -1;
    if (truth != null) {
      trueIndex = cls.indexOf(truth.structure());
      if (trueIndex < 0) {
        throw new DataFormatException(trueModel + ": the true structure is not in the bipartite class of "
            + hiddenVars.size() + " parentless hidden variables over " + d.variables().size() + " observed ones");
      }
    }
    List<StructureRanker.Scored> scored;
    try (Progress progress = Progress.start("scoring", cls.structures().size())) {
      scored = StructureRanker.scoreAll(cls.structures(), d, lambda, wanted, settings, options.seed, nThreads,
          progress.listener());
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;
    Ranking ranking = new Ranking(scored, wanted, trueIndex);
    var out = spec.commandLine().getOut();
    out.printf("data %s: n = %s, %d distinct rows; %d hidden variable(s) with %s states; %d structures%n", data,
        Tables.number(d.size()), d.distinctRows(), hiddenVars.size(),
        hiddenVars.stream().map(v -> Integer.toString(v.cardinality())).toList(), cls.structures().size());
    ranking.printTables(out, top);
    ranking.printTrueRanks(out);
    Map<String, Integer> nonConverged = ranking.nonConverged();
    nonConverged.forEach((m, c) -> {
      if (c > 0) {
        out.printf("warning: %s did not converge within %d iterations for %d structure(s)%n", m,
            settings.maxIterations(), c);
      }
    });
    double sinceStart = ProcessClock.secondsSinceStart();
    out.printf("%nscored %d structures x %d methods (%d restarts each) in %.2f s with %d thread(s); "
        + "%.2f s since JVM start%n", cls.structures().size(), wanted.size(), settings.restarts(), seconds, nThreads,
        sinceStart);
    if (json != null) {
      Map<String, Object> root = new LinkedHashMap<>();
      Map<String, Object> dataInfo = new LinkedHashMap<>();
      dataInfo.put("file", data.toString());
      dataInfo.put("rows", d.size());
      dataInfo.put("distinct", d.distinctRows());
      root.put("data", dataInfo);
      root.put("hidden", hiddenVars.stream().map(v -> Map.of("name", v.name(), "states", v.cardinality())).toList());
      root.put("methods", wanted.stream().map(DagMethod::label).toList());
      Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
      set.put("prior", "dirichlet(" + lambda + ")");
      set.put("seed", options.seed);
      set.put("threads", nThreads);
      root.put("settings", set);
      root.put("structures", ranking.structuresJson());
      if (trueIndex >= 0) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("index", trueIndex);
        Map<String, Object> r = new LinkedHashMap<>();
        Map<String, Object> ru = new LinkedHashMap<>();
        for (DagMethod m : wanted) {
          r.put(m.label(), ranking.rank(m, trueIndex, true));
          ru.put(m.label(), ranking.rank(m, trueIndex, false));
        }
        t.put("ranks", r);
        t.put("ranksUncorrected", ru);
        root.put("true", t);
      }
      Map<String, Object> timing = new LinkedHashMap<>();
      timing.put("scoringSeconds", seconds);
      timing.put("secondsSinceJvmStart", sinceStart);
      root.put("timing", timing);
      root.put("nonConverged", nonConverged);
      OutputFiles.write(json, ResultJson.write(root));
      out.println("wrote " + json);
    }
    if (csv != null) {
      StringBuilder b = new StringBuilder(Ranking.CSV_HEADER).append('\n');
      ranking.appendCsv(b, "");
      OutputFiles.write(csv, b.toString());
      out.println("wrote " + csv);
    }
    return 0;
  }

  private List<Variable> hiddenVariables(DagModel truth) {
    List<Variable> fromTruth = new ArrayList<>();
    if (truth != null) {
      DagStructure s = truth.structure();
      for (int j : s.hiddenVariables()) {
        fromTruth.add(s.variable(j));
      }
    }
    if (hidden == null && truth == null) {
      throw new IllegalArgumentException("say how many hidden variables with --hidden K (or give --true M.json)");
    }
    int k = hidden != null ? hidden : fromTruth.size();
    if (k < 1) {
      throw new IllegalArgumentException("--hidden must be >= 1, got " + k);
    }
    if (truth != null && k != fromTruth.size()) {
      throw new IllegalArgumentException("--hidden " + k + " but the true model has " + fromTruth.size()
          + " hidden variables");
    }
    List<Integer> card = new ArrayList<>();
    if (hiddenStates == null || hiddenStates.isEmpty()) {
      for (int i = 0; i < k; i++) {
        card.add(truth != null ? fromTruth.get(i).cardinality() : 2);
      }
    } else if (hiddenStates.size() == 1) {
      for (int i = 0; i < k; i++) {
        card.add(hiddenStates.get(0));
      }
    } else if (hiddenStates.size() == k) {
      card.addAll(hiddenStates);
    } else {
      throw new IllegalArgumentException("--hidden-states needs one number or " + k + ", got " + hiddenStates);
    }
    List<Variable> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      if (card.get(i) < 2) {
        throw new IllegalArgumentException("a hidden variable needs at least 2 states, got " + card.get(i));
      }
      if (truth != null && card.get(i) != fromTruth.get(i).cardinality()) {
        throw new IllegalArgumentException("--hidden-states " + card + " disagrees with the true model's hidden "
            + "variables " + fromTruth.stream().map(v -> v.name() + "=" + v.cardinality()).toList());
      }
      out.add(truth != null ? fromTruth.get(i) : Variable.withCount("h" + (i + 1), card.get(i)));
    }
    return out;
  }

  private List<ColumnSpec> columnSpecs(DagModelFile.Loaded truth, Set<String> hiddenNames) {
    if (truth != null) {
      if (states != null) {
        throw new IllegalArgumentException("give the observed variables' states by --true or by --states, not both");
      }
      return truth.observedColumns();
    }
    if (states == null) {
      return null;
    }
    List<ColumnSpec> specs = new ArrayList<>();
    for (var e : states.entrySet()) {
      if (e.getValue() == null || e.getValue() < 1) {
        throw new IllegalArgumentException("--states " + e.getKey() + "=" + e.getValue() + ": need a count >= 1");
      }
      if (hiddenNames.contains(e.getKey())) {
        throw new IllegalArgumentException("--states names hidden variable " + e.getKey());
      }
      specs.add(ColumnSpec.count(e.getKey(), e.getValue()));
    }
    return specs;
  }
}
