package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntConsumer;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagProblem;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.methods.DagMethods;
import org.occam.data.DataFormatException;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.DagModelFile;
import org.occam.io.ModelFormats;
import org.occam.report.DagSearchReport;
import org.occam.report.DataJson;
import org.occam.report.JournalledUnits;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.search.DagStructureScore;
import org.occam.report.Tables;
import org.occam.search.DagArcConstraint;
import org.occam.search.DagCompleteDataScore;
import org.occam.search.DagHillClimbing;
import org.occam.search.DagMethodScore;
import org.occam.search.DagSearchSpace;
import org.occam.search.WorkCounts;
import org.occam.search.WorkEstimate;
import org.occam.io.PriorRange;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code occam dag search}: hill climbing with a tabu list and restarts over DAG structures. */
@Command(name = "search", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Search DAG structures over the observed variables and K hidden ones by greedy hill climbing"
        + " (add, remove or reverse one arc, acyclic, at most --max-parents parents) with a tabu list and random"
        + " restarts that perturb the best structure so far. Structures are scored by one DAG method, each once"
        + " (up to interchangeable hidden variables); with --hidden 0 and --class general, exact and bic are"
        + " complete-data scores cached by family.", "",
        "Every structure scored is printed to stderr (at most one line a second, with the count so far) and, with"
            + " --json, kept in OUT.partial.jsonl until the run ends: --resume replays an interrupted search with the"
            + " kept scores and continues it, to the result an uninterrupted search gives.", "",
        "Example: occam dag search --data d.csv --hidden 2 --hidden-states 2 --score vb --restarts 10 --seed 1"})
public final class DagSearchCommand implements Callable<Integer> {
  /** Bipartite classes up to this many hidden × observed arcs use dag rank's random streams. */
  private static final int RANK_STREAMS_MAX_ARCS = 12;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  DagDataOptions input;

  @Option(names = "--true", paramLabel = "MODEL",
      description = "The true model: reports whether and when the search visited its structure, and declares the"
          + " variables' states.")
  Path trueModel;

  @Option(names = "--start", paramLabel = "MODEL",
      description = "Start the first climb from this model's structure instead of the empty graph (e.g. the best"
          + " structure of the bipartite class when searching the general one).")
  Path startModel;

  @Option(names = "--class", paramLabel = "C", defaultValue = "bipartite",
      description = "bipartite (arcs only hidden -> observed, as dag rank) or general (any arc except observed ->"
          + " hidden) (default: ${DEFAULT-VALUE}).")
  String structureClass;

  @Option(names = "--score", paramLabel = "METHOD", defaultValue = "vb",
      description = "The score, one of " + MethodHelp.TOKEN + ", alias-corrected where the method is"
          + " (default: ${DEFAULT-VALUE}).")
  String score;

  @Option(names = "--prior", paramLabel = "λ", defaultValue = "1.0",
      description = "Symmetric Dirichlet λ for every CPT row (default: ${DEFAULT-VALUE}, Beal's uniform prior).")
  double lambda;

  @Option(names = "--restarts", paramLabel = "R", defaultValue = "" + DagHillClimbing.Settings.DEFAULT_RESTARTS,
      description = "Search restarts after the first climb (default: ${DEFAULT-VALUE}).")
  int restarts;

  @Option(names = "--perturb", paramLabel = "P", defaultValue = "" + DagHillClimbing.Settings.DEFAULT_PERTURBATION,
      description = "Random moves applied to the best structure to start a restart (default: ${DEFAULT-VALUE}).")
  int perturbation;

  @Option(names = "--tabu", paramLabel = "L", defaultValue = "" + DagHillClimbing.Settings.DEFAULT_TABU_LENGTH,
      description = "Length of the tabu list of recently visited structures; 0 for plain hill climbing"
          + " (default: ${DEFAULT-VALUE}).")
  int tabu;

  @Option(names = "--tabu-moves", paramLabel = "M", defaultValue = "" + DagHillClimbing.Settings.DEFAULT_MAX_TABU_MOVES,
      description = "Moves in a row that do not improve a climb's best, allowed once no uphill move is left"
          + " (default: ${DEFAULT-VALUE}).")
  int tabuMoves;

  @Option(names = "--max-parents", paramLabel = "N",
      description = "The most parents of a variable (default: K in the bipartite class, 3 in the general one).")
  Integer maxParents;

  @Option(names = "--em-restarts", paramLabel = "R", defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS,
      description = "Random initialisations of EM and VBEM per structure, best kept (default: ${DEFAULT-VALUE}).")
  int emRestarts;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--json", paramLabel = "OUT", description = "Write the search path, best structure, settings and timing as JSON; - for standard output.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write the search path as CSV; - for standard output.")
  Path csv;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  DagFitOptions options;

  @Mixin
  ResumeOptions resume;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    PriorRange.dirichlet(lambda, "--prior");
    EvidenceMethod<DagProblem> method = DagMethods.get(score);
    DagArcConstraint constraint = DagArcConstraint.parse(structureClass);
    Outputs outputs = Outputs.check(spec, force, json, csv);
    UnitJournal journal = resume.open(spec, json, input.data, force);
    int nThreads = Threads.count(threads);
    var scoreSettings = options.settings(emRestarts);
    var settings = new DagHillClimbing.Settings(restarts, tabu, tabuMoves, perturbation,
        DagHillClimbing.Settings.DEFAULT_MAX_STEPS, nThreads);
    DagModelFile.Loaded truthFile = trueModel == null ? null : ModelFormats.readDag(trueModel, false);
    var loaded = input.read(truthFile, constraint == DagArcConstraint.GENERAL ? 0 : 1, spec.commandLine().getErr());
    Dataset d = loaded.data();
    List<Variable> hiddenVars = loaded.hidden();
    int limit = maxParents != null ? maxParents : constraint == DagArcConstraint.BIPARTITE ? hiddenVars.size() : 3;
    var space = DagSearchSpace.of(hiddenVars, d.variables(), constraint, limit);
    DagStructure truth = null;
    if (truthFile != null) {
      try {
        truth = space.structureLike(truthFile.model().structure());
      } catch (IllegalArgumentException e) {
        throw new DataFormatException(trueModel + ": the true structure is not in the search space: " + e.getMessage());
      }
    }
    DagStructure start = null;
    if (startModel != null) {
      try {
        start = space.structureLike(ModelFormats.readDag(startModel, false).model().structure());
      } catch (IllegalArgumentException e) {
        throw new DataFormatException(startModel + ": the start structure is not in the search space: "
            + e.getMessage());
      }
    }
    var search = new DagHillClimbing(space, settings);
    DagMethodScore methodScore = null;
    DagHillClimbing.Result result;
    long arcs = WorkCounts.allowedArcs(constraint, hiddenVars.size(), d.variables().size());
    spec.commandLine().getErr().printf("dag search: %d climb(s) (--restarts %d) of at most %s steps, each step"
        + " scoring up to %s one-arc moves by %s (%d EM restarts each) on %d distinct rows with %d thread(s)%n",
        restarts + 1, restarts, WorkEstimate.count(settings.maxSteps()), WorkEstimate.count(arcs), method.name(),
        scoreSettings.restarts(), d.distinctRows(), nThreads);
    try (journal; Progress progress = Progress.withEstimate(spec.commandLine().getErr(), "dag search", restarts + 1L,
        "climb", 1, "; the first climb starts furthest from the best, so this errs high");
        JournalledUnits<Double> kept = JournalledUnits.scores(journal, spec.commandLine().getErr(), null,
            method.name(), -1)) {
      IntConsumer bar = progress.listener();
      java.util.function.Consumer<DagHillClimbing.Step> onStep = step -> bar.accept(step.climb());
      if (hiddenVars.isEmpty() && (method.name().equals("exact") || method.name().equals("bic"))) {
        var family = method.name().equals("exact") ? DagCompleteDataScore.bde(space, d, lambda)
            : DagCompleteDataScore.bic(space, d);
        result = search.search(family, options.seed, start, onStep);
      } else {
        BipartiteStructureClass rankClass = constraint == DagArcConstraint.BIPARTITE
            && hiddenVars.size() * d.variables().size() <= RANK_STREAMS_MAX_ARCS
            ? new BipartiteStructureClass(hiddenVars, d.variables()) : null;
        methodScore = new DagMethodScore(d, lambda, method, scoreSettings, options.seed, rankClass);
        DagMethodScore scorer = methodScore;
        // every structure's score is kept as it is made; a resumed search replays with the kept ones
        DagStructureScore journalled = s -> kept.value(Map.of("structure", s.toString()), "scored " + s,
            () -> scorer.logScore(s));
        result = search.search(journalled, options.seed, start, onStep);
        kept.printCounts();
      }
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;
    PrintWriter out = outputs.report();
    out.printf("data %s: n = %s, %d distinct rows; %d hidden variable(s) with %s states; %s class, at most %d "
        + "parent(s)%n", input.data, Tables.number(d.size()), d.distinctRows(), hiddenVars.size(),
        hiddenVars.stream().map(v -> Integer.toString(v.cardinality())).toList(), constraint.label(), limit);
    var report = new DagSearchReport(space, method.name(), result, truth)
        .withMethodScore(methodScore, scoreSettings.maxIterations());
    report.printClimbs(out);
    report.printTruth(out);
    report.printNonConverged(out, spec.commandLine().getErr());
    double sinceStart = ProcessClock.secondsSinceStart();
    out.printf("%nscored %d distinct structures (%d cache hits%s) in %.2f s with %d thread(s); %.2f s since JVM "
        + "start%n", result.structuresScored(), result.cacheHits(), result.familiesScored() > 0
        ? String.format(", %d families, %d family cache hits", result.familiesScored(), result.familyCacheHits()) : "",
        seconds, nThreads, sinceStart);
    if (json != null) {
      Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
      set.put("maxParents", limit);
      set.put("prior", "dirichlet(" + lambda + ")");
      set.put("seed", options.seed);
      set.put("scoreSettings", scoreSettings.toMap());
      Map<String, Object> timing = new LinkedHashMap<>();
      timing.put("searchSeconds", result.seconds());
      timing.put("seconds", seconds);
      timing.put("secondsSinceJvmStart", sinceStart);
      var root = report.json(DataJson.of(input.data, d), DataJson.hidden(hiddenVars), constraint.label(), set, timing);
      outputs.write(json, ResultJson.write(root));
      if (journal != null) {
        journal.complete();
      }
    }
    if (csv != null) {
      outputs.write(csv, report.csv());
    }
    return 0;
  }
}
