package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.function.IntConsumer;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.MrfBinaryData;
import org.occam.mrf.ExactInferenceCost;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.ExactInferenceLimit;
import org.occam.mrf.methods.MrfMethods;
import org.occam.report.JournalledUnits;
import org.occam.report.MrfRanking;
import org.occam.report.MrfSearchReport;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.report.Tables;
import org.occam.search.MrfEdgeSearch;
import org.occam.search.MrfGraphScore;
import org.occam.search.WorkCounts;
import org.occam.search.WorkEstimate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code occam mrf search}: hill climbing over Boltzmann-machine edge sets ({@link MrfEdgeSearch})
 * with one evidence method of Parise &amp; Welling (2006) as the score.
 */
@Command(name = "search", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Search Boltzmann-machine structures by adding and removing edges.",
        "",
        "Hill climbing over the edge sets of the data's binary columns: each step scores every graph one edge"
            + " away (candidates in parallel, each edge set scored once) and moves to the best; without --tabu it"
            + " stops when no move improves the score. --tabu T forbids toggling the last T edges again, takes the"
            + " best allowed move even when it is worse, and stops after T steps without a new best. --restarts R"
            + " adds R runs from random graphs (seeded by --seed). The same seed gives the same search with any"
            + " --threads.", "",
        "Each column must have exactly two values; the first (numerically smallest when all are integers, else"
            + " first seen) is x = 0, the other x = 1. The prior is N(0, σ0² I) on the 0/1 parameters, σ0 = 1 by"
            + " default.", "",
        "Every structure scored is printed to stderr (at most one line a second, with the count so far) and, with"
            + " --json, kept in OUT.partial.jsonl until the run ends: --resume replays an interrupted search with the"
            + " kept scores and continues it, to the result an uninterrupted search gives.", "",
        "Example: occam mrf search --data d.csv --score bp-lr --seed 1 --json search.json"})
public final class MrfSearchCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  MrfColumnsOptions input;

  @Option(names = "--score", paramLabel = "METHOD", defaultValue = "laplace-exact",
      description = "The score to maximise, one of " + MethodHelp.TOKEN + " (default: ${DEFAULT-VALUE}).")
  String score;

  @Option(names = "--start", paramLabel = "GRAPH", defaultValue = "empty",
      description = "empty, full, or a Boltzmann model file (JSON) whose variables are the data's columns"
          + " (default: ${DEFAULT-VALUE}).")
  String start;

  @Option(names = "--restarts", paramLabel = "R", defaultValue = "0",
      description = "Further runs from random start graphs (default: ${DEFAULT-VALUE}).")
  int restarts;

  @Option(names = "--tabu", paramLabel = "T", defaultValue = "0",
      description = "Tabu list length; 0 is plain steepest ascent (default: ${DEFAULT-VALUE}).")
  int tabu;

  @Option(names = "--max-degree", paramLabel = "K", description = "The most neighbours a variable may have.")
  Integer maxDegree;

  @Option(names = "--max-steps", paramLabel = "N", defaultValue = "10000",
      description = "The most steps per run (default: ${DEFAULT-VALUE}).")
  int maxSteps;

  @Option(names = "--json", paramLabel = "OUT", description = "Write the search path, each run's best, the best graph"
      + " with its full result, the settings and the timing as JSON; - for standard output.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write the search path as CSV, one row per step; - for standard output.")
  Path csv;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  MrfScoreOptions options;

  @Mixin
  ResumeOptions resume;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    EvidenceMethod<MrfProblem> method = MrfMethods.get(score);
    Outputs outputs = Outputs.check(spec, force, json, csv);
    UnitJournal journal = resume.open(spec, json, input.data, force);
    int threads = options.threads();
    double sigma = options.priorSigma(java.util.OptionalDouble.empty());
    // one thread per scored structure; the candidates of a step are scored in parallel
    MrfScoreSettings settings = options.settings(sigma, 1);
    MrfEdgeSearch.Settings search = MrfEdgeSearch.Settings.defaults().withRestarts(restarts).withTabuLength(tabu)
        .withMaxDegree(maxDegree == null ? OptionalInt.empty() : OptionalInt.of(maxDegree)).withMaxSteps(maxSteps)
        .withSeed(options.seed).withThreads(threads);
    Dataset d = input.readAny();
    org.occam.search.MrfGraphEstimates scorer = new org.occam.search.MrfGraphEstimates(d, List.of(method), settings,
        options.seed);
    List<Variable> vars = d.variables();
    PairwiseGraph first = startGraph(vars);

    ExactInferenceLimit.require("mrf search", List.of(method), ExactInferenceCost.of(first), options.maxCliqueStates,
        " on the start graph", "use --score bp-lr or a sparser --start");
    MrfEdgeSearch.requireStart(first, search);
    PrintWriter err = spec.commandLine().getErr();
    err.printf("mrf search: %d run(s) (--restarts %d) of at most %s steps, each step scoring up to %s graphs (one"
        + " edge toggled) by %s with %d thread(s)%s%n", restarts + 1, restarts, WorkEstimate.count(maxSteps),
        WorkEstimate.count(WorkCounts.pairs(vars.size())), method.name(), threads, restarts > 0 ? ""
            : "; a climb's length is known only at its end, so the bar counts steps");
    err.flush();
    MrfEdgeSearch.Result result;
    // with restarts, the bar (and the estimate) counts runs; a single run counts its steps
    try (journal; Progress bar = restarts > 0
        ? Progress.withEstimate(err, "mrf search", restarts + 1L, "run", 1,
            "; the first run starts from --start, the others from random graphs")
        : Progress.start("mrf search", -1);
        JournalledUnits<Double> kept = JournalledUnits.scores(journal, err, null, method.name(), -1)) {
      // every graph's score is kept as it is made; a resumed search replays with the kept ones
      MrfGraphScore graphScore = g -> {
        String key = "{" + MrfRanking.edgeNames(vars, g) + "}";
        return kept.value(Map.of("structure", key), "scored " + key,
            () -> scorer.estimate(g, List.of(method)).get(0).logEvidence());
      };
      IntConsumer listener = bar.listener();
      int[] steps = {0};
      result = MrfEdgeSearch.run(first, graphScore, search, s -> {
        if (listener != null) {
          listener.accept(restarts > 0 ? s.restart() : ++steps[0]);
        }
      });
      kept.printCounts();
    }
    double searchSeconds = (System.nanoTime() - t0) * 1e-9;
    EvidenceEstimate best = scorer.estimate(result.best(), List.of(method)).get(0);
    double seconds = (System.nanoTime() - t0) * 1e-9;

    PrintWriter out = outputs.report();
    out.println(input.describe(d));
    out.printf("score %s, prior N(0, %s² I); start %s, %d restart(s), tabu %d, max degree %s%n", method.name(),
        Tables.number(sigma), start, restarts, tabu, maxDegree == null ? "none" : maxDegree.toString());
    MrfSearchReport report = new MrfSearchReport(vars, method.name(), result, best);
    report.print(out);
    out.printf("%d distinct graphs scored, %d cache hits; search %.2f s, all %.2f s with %d thread(s)%n",
        result.distinctGraphsScored(), result.cacheHits(), searchSeconds, seconds, threads);
    if (json != null) {
      outputs.write(json, ResultJson.write(report.json(MrfBinaryData.json(input.data, d), start, settings.toMap(), seconds)));
      if (journal != null) {
        journal.complete();
      }
    }
    if (csv != null) {
      outputs.write(csv, report.csv());
    }
    return 0;
  }

  /** The graph of --start on the data's columns. */
  private PairwiseGraph startGraph(List<Variable> vars) {
    int v = vars.size();
    switch (start.trim().toLowerCase(Locale.ROOT)) {
      case "empty":
        return new PairwiseGraph(v, new int[0][]);
      case "full":
      case "complete":
        return PairwiseGraph.complete(v);
      default:
        break;
    }
    Path file = Path.of(start);
    if (!java.nio.file.Files.isRegularFile(file)) {
      throw new InvalidInputException("--start must be empty, full or a model file, got '" + start
          + "' (no such file)");
    }
    return MrfBinaryData.graphOf(file, vars);
  }
}
