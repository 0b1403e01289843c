package org.occam.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagModel;
import org.occam.dag.DagProblem;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.DagModelFile;
import org.occam.report.DataJson;
import org.occam.report.EdgeHeatMap;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.StructureRanking;
import org.occam.report.Tables;
import org.occam.search.ModelAveraging;
import org.occam.io.PriorRange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam dag rank}: score every structure of a bipartite class and rank them. */
@Command(name = "rank", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Score every structure of the bipartite class (k hidden variables without parents, each"
        + " observed variable with any subset of them as parents; structures equal up to a permutation of"
        + " interchangeable hidden variables counted once) and rank them per method.", "",
        "With --posterior: posterior probabilities of the structures and of each arc hidden -> observed over the"
            + " structures of the class, Occam's window, and whether the data separate the top structures.", "",
        "Example: occam dag rank --data d.csv --hidden 2 --hidden-states 2 --true examples/beal-true.json --posterior"})
public final class DagRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  DagDataOptions input;

  @Option(names = "--true", paramLabel = "M.json",
      description = "The true model: reports its rank, and declares the variables' states.")
  Path trueModel;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "map,bic,bicp,cs,vb",
      description = "Comma-separated, from " + MethodHelp.TOKEN + " (default: ${DEFAULT-VALUE}; exact only for small"
          + " data).")
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

  @Mixin
  PosteriorOptions posterior;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    PriorRange.dirichlet(lambda, "--prior");
    if (top < 1) {
      throw new InvalidInputException("--top must be >= 1, got " + top);
    }
    List<EvidenceMethod<DagProblem>> wanted = DagMethods.parseList(methods);
    List<String> names = wanted.stream().map(EvidenceMethod::name).toList();
    OutputFiles.checkWritable(force, json, csv, posterior.png);
    ModelAveraging.Settings averaging = posterior.enabled() ? posterior.settings(force) : null;
    int nThreads = Threads.count(threads);
    var settings = options.settings();
    DagModelFile.Loaded truthFile = trueModel == null ? null : DagModelFile.read(trueModel, false);
    DagModel truth = truthFile == null ? null : truthFile.model();
    var loaded = input.read(truthFile, 1, spec.commandLine().getErr());
    Dataset d = loaded.data();
    List<Variable> hiddenVars = loaded.hidden();
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
      scored = StructureRanker.scoreWith(cls.structures(), d, lambda, wanted, settings, options.seed, nThreads,
          progress.listener());
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;
    StructureRanking ranking = new StructureRanking(scored, names, trueIndex);
    if (averaging != null) {
      ranking.average(averaging);
    }
    var out = spec.commandLine().getOut();
    out.printf("data %s: n = %s, %d distinct rows; %d hidden variable(s) with %s states; %d structures%n", input.data,
        Tables.number(d.size()), d.distinctRows(), hiddenVars.size(),
        hiddenVars.stream().map(v -> Integer.toString(v.cardinality())).toList(), cls.structures().size());
    ranking.printTables(out, top);
    ranking.printTrueRanks(out);
    if (averaging != null) {
      ranking.printPosteriors(out, posterior.overWindow());
    }
    ranking.printNonConverged(out, settings.maxIterations());
    double sinceStart = ProcessClock.secondsSinceStart();
    out.printf("%nscored %d structures x %d methods (%d restarts each) in %.2f s with %d thread(s); "
        + "%.2f s since JVM start%n", cls.structures().size(), wanted.size(), settings.restarts(), seconds, nThreads,
        sinceStart);
    if (json != null) {
      Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
      set.put("prior", "dirichlet(" + lambda + ")");
      set.put("seed", options.seed);
      set.put("threads", nThreads);
      var root = ranking.json(DataJson.of(input.data, d), DataJson.hidden(hiddenVars), set, seconds, sinceStart);
      OutputFiles.write(json, ResultJson.write(root));
      out.println("wrote " + json);
    }
    if (csv != null) {
      OutputFiles.write(csv, ranking.csv());
      out.println("wrote " + csv);
    }
    if (posterior.png != null) {
      OutputFiles.write(posterior.png, EdgeHeatMap.png("arc posterior probabilities, hidden parents x observed"
          + " children (" + averaging.prior() + " prior over " + cls.structures().size() + " structures)",
          ranking.heatMapPanels(posterior.overWindow())));
      out.println("wrote " + posterior.png);
    }
    return 0;
  }
}
