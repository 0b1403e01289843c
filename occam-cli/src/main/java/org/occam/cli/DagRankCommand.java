package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.occam.report.TaskFailures;
import org.occam.task.TaskRunner;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagModel;
import org.occam.dag.DagProblem;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.DagModelFile;
import org.occam.io.ModelFormats;
import org.occam.report.DataJson;
import org.occam.report.EdgeHeatMap;
import org.occam.report.ResultJson;
import org.occam.report.DagRanking;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import org.occam.report.StructureRanking;
import org.occam.report.Tables;
import org.occam.search.ModelAveraging;
import org.occam.search.WorkCounts;
import org.occam.search.WorkEstimate;
import org.occam.search.WorkLimit;
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
        "Structures are printed to stderr as they are scored (every one up to " + UnitLog.EVERY_LINE_UP_TO
            + " structures, else at most one a second, with the count done) and, with --json, kept in"
            + " OUT.partial.jsonl until the run ends: --resume continues an interrupted run.", "",
        "Example: occam dag rank --data d.csv --hidden 2 --hidden-states 2 --true examples/beal-true.json --posterior"})
public final class DagRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  DagDataOptions input;

  @Option(names = "--true", paramLabel = "MODEL",
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

  /** The most structures ranked without being asked: a few minutes of Beal's class sizes. */
  static final long DEFAULT_MAX_STRUCTURES = 20_000;

  @Option(names = "--max-structures", paramLabel = "N", defaultValue = "" + DEFAULT_MAX_STRUCTURES,
      description = "Refuse classes of more structures than this, counted before any work (default:"
          + " ${DEFAULT-VALUE}); dag search climbs through larger ones.")
  long maxStructures;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every structure's parents, parameter count and scores as JSON; - for standard output.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write every structure's scores as CSV; - for standard output.")
  Path csv;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  DagScoreOptions options;

  @Mixin
  PosteriorOptions posterior;

  @Mixin
  ResumeOptions resume;

  @Mixin
  EngineOptions engine;

  /** The outputs, checked before any work. */
  private Outputs outputs;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    PriorRange.dirichlet(lambda, "--prior");
    if (top < 1) {
      throw new InvalidInputException("--top must be >= 1, got " + top);
    }
    List<EvidenceMethod<DagProblem>> wanted = DagMethods.parseList(methods);
    List<String> names = wanted.stream().map(EvidenceMethod::name).toList();
    outputs = Outputs.check(spec, force, json, csv, posterior.png).binary("--posterior-png", posterior.png);
    UnitJournal journal = resume.open(spec, json, input.data, force);
    ModelAveraging.Settings averaging = posterior.settings();
    int nThreads = Threads.count(threads);
    TaskRunner runner = engine.runner(nThreads);
    var settings = options.settings();
    DagModelFile.Loaded truthFile = trueModel == null ? null : ModelFormats.readDag(trueModel, false);
    DagModel truth = truthFile == null ? null : truthFile.model();
    var loaded = input.read(truthFile, 1, spec.commandLine().getErr());
    Dataset d = loaded.data();
    List<Variable> hiddenVars = loaded.hidden();
    var err = spec.commandLine().getErr();
    var count = WorkCounts.bipartiteStructures(hiddenVars.stream().mapToInt(Variable::cardinality).toArray(),
        d.variables().size());
    WorkLimit.require("dag rank", count, "structures in the bipartite class of " + hiddenVars.size()
        + " hidden over " + d.variables().size() + " observed variables", maxStructures, "--max-structures",
        "use `occam dag search` for classes this size");
    var cls = new BipartiteStructureClass(hiddenVars, d.variables());
    int trueIndex = -1;
    if (truth != null) {
      trueIndex = cls.indexOf(truth.structure());
      if (trueIndex < 0) {
        throw new DataFormatException(trueModel + ": the true structure is not in the bipartite class of "
            + hiddenVars.size() + " parentless hidden variables over " + d.variables().size() + " observed ones");
      }
    }
    double configurations = options.requireEmFeasible("dag rank", d,
        hiddenVars.stream().mapToInt(Variable::cardinality).toArray(), "try fewer hidden states");
    err.printf("dag rank: %s structures x %d method(s) (%s EM restarts each) on %d distinct rows (%s);"
        + " an EM iteration sums up to %s configurations of the unobserved variables%n", WorkEstimate.count(count),
        wanted.size(), settings.restartsDescription(), d.distinctRows(), runner.description(),
        WorkEstimate.count((long) configurations));
    List<DagStructure> structures = cls.structures();
    try (journal; Progress progress = Progress.withEstimate(err, "dag rank", structures.size(), "structure",
        Progress.batch(runner.parallelism()), "; the largest structures go first, so this errs high")) {
      List<StructureRanker.Scored> scored = DagRanking.score(structures, d, lambda, wanted, settings, options.seed,
          runner, progress.listener(), journal, err);
      double seconds = (System.nanoTime() - t0) * 1e-9;
      report(scored, names, trueIndex, averaging, d, hiddenVars, cls, wanted, settings, runner, seconds);
      List<String> failures = DagRanking.failures(scored);
      if (journal != null && failures.isEmpty()) {
        journal.complete();
      }
      return EngineOptions.exitCode(err, "dag rank", scored.size(), failures, TaskFailures.NAN_SCORES);
    }
  }

  /** Ranks, prints and writes the outputs. */
  private void report(List<StructureRanker.Scored> scored, List<String> names, int trueIndex,
      ModelAveraging.Settings averaging, Dataset d, List<Variable> hiddenVars, BipartiteStructureClass cls,
      List<EvidenceMethod<DagProblem>> wanted, org.occam.dag.DagScoreSettings settings, TaskRunner runner,
      double seconds) {
    StructureRanking ranking = new StructureRanking(scored, names, trueIndex);
    if (averaging != null) {
      ranking.average(averaging);
    }
    PrintWriter out = outputs.report();
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
    out.printf("%nscored %d structures x %d methods (%s restarts each) in %.2f s (%s); "
        + "%.2f s since JVM start%n", cls.structures().size(), wanted.size(), settings.restartsDescription(), seconds,
        runner.description(), sinceStart);
    if (json != null) {
      Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
      set.put("prior", "dirichlet(" + lambda + ")");
      set.put("seed", options.seed);
      set.put("threads", runner.parallelism());
      set.put("engine", runner.description());
      var root = ranking.json(DataJson.of(input.data, d), DataJson.hidden(hiddenVars), set, seconds, sinceStart);
      outputs.write(json, ResultJson.write(root));
    }
    if (csv != null) {
      outputs.write(csv, ranking.csv());
    }
    if (posterior.png != null) {
      outputs.write(posterior.png, EdgeHeatMap.png("arc posterior probabilities, hidden parents x observed"
          + " children (" + averaging.prior() + " prior over " + cls.structures().size() + " structures)",
          ranking.heatMapPanels(posterior.overWindow())));
    }
  }
}
