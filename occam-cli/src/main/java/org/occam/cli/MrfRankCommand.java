package org.occam.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.MrfBinaryData;
import org.occam.math.Parallel;
import org.occam.mrf.ExactInferenceCost;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.methods.MrfMethods;
import org.occam.report.MethodPosteriors;
import org.occam.report.MrfRankReport;
import org.occam.report.RankedGraph;
import org.occam.report.ResultJson;
import org.occam.report.EstimateJson;
import org.occam.report.PreviousRun;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.report.Tables;
import org.occam.search.GreedyEdgePath;
import org.occam.search.ModelAveraging;
import org.occam.search.MrfGraphEnumeration;
import org.occam.search.WorkCounts;
import org.occam.search.WorkEstimate;
import org.occam.search.WorkLimit;
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
        "As they finish, the scores of the path's candidates (by --criterion) and of the models ranked are printed"
            + " to stderr (every one up to " + UnitLog.EVERY_LINE_UP_TO + ", else at most one a second, with the count"
            + " done) and, with --json, kept in OUT.partial.jsonl until the run ends: --resume continues an"
            + " interrupted run.", "",
        "Example: occam mrf rank --data data/reinis.csv --methods bic-ml,bp-lr,laplace-exact --json path.json",
        "         occam mrf rank --data data/reinis.csv --posterior --posterior-png edges.png"})
public final class MrfRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  MrfColumnsOptions input;

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

  @Option(names = "--max-structures", paramLabel = "N", defaultValue = "" + MrfGraphEnumeration.DEFAULT_LIMIT,
      description = "Refuse to score more graphs than this, counted before any work: 1 + E(E+1)/2 on the path"
          + " (E = V(V-1)/2 pairs), 2^E with --class all (default: ${DEFAULT-VALUE}); mrf search climbs instead.")
  long maxStructures;

  @Option(names = "--json", paramLabel = "OUT", description = "Write every model's edges, scores, ranks and full results as JSON; - for standard output.")
  Path json;

  @Option(names = "--csv", paramLabel = "OUT", description = "Write one row per model with its scores as CSV; - for standard output.")
  Path csv;

  @Option(names = "--force", description = Outputs.FORCE_HELP)
  boolean force;

  @Mixin
  MrfScoreOptions options;

  @Mixin
  PosteriorOptions posterior;

  @Mixin
  ResumeOptions resume;

  /** The run's journal (with --json), or null. */
  private UnitJournal journal;

  /** The model-averaging settings when --posterior is given, else null. */
  private ModelAveraging.Settings averaging;

  /** The checked outputs and where the report goes. */
  private Outputs outputs;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    EvidenceMethod<MrfProblem> by = MrfMethods.get(criterion);
    List<EvidenceMethod<MrfProblem>> wanted = new ArrayList<>(MrfMethods.parseList(methods));
    if (graphClass == GraphClass.PATH && !wanted.contains(by)) {
      wanted.add(0, by);
    }
    outputs = Outputs.check(spec, force, json, csv, posterior.png).binary("--posterior-png", posterior.png);
    journal = resume.open(spec, json, input.data, force);
    averaging = posterior.settings();
    int threads = options.threads();
    double sigma = options.priorSigma(java.util.OptionalDouble.empty());
    // one thread per scored structure; the structures are scored in parallel
    MrfScoreSettings settings = options.settings(sigma, 1);
    Dataset d = input.read();
    List<EvidenceMethod<MrfProblem>> used = new ArrayList<>(wanted);
    if (!used.contains(by)) {
      used.add(by);
    }
    long toScore = announce(d.variables().size(), used, threads);
    try {
      if (graphClass == GraphClass.ALL) {
        return rankAll(d, wanted, by, settings, threads, sigma, t0);
      }
      return rankPath(d, wanted, by, settings, threads, sigma, t0, toScore);
    } finally {
      if (journal != null) {
        journal.close();
      }
    }
  }

  /** The default class: the greedy path by the criterion, its graphs and the chain scored by every method. */
  private int rankPath(Dataset d, List<EvidenceMethod<MrfProblem>> wanted, EvidenceMethod<MrfProblem> by,
      MrfScoreSettings settings, int threads, double sigma, long t0, long toScore) {
    List<Variable> vars = d.variables();
    int v = vars.size();
    if (v >= BRACKET_VARIABLES) {
      timeTheDensest(d, by, wanted.size(), settings, threads, toScore, v);
    }
    // the criterion's scores of candidates finished before an interruption are kept, not redone
    Map<String, Double> criterionBefore = new java.util.HashMap<>();
    for (JsonNode u : resumed("candidate")) {
      criterionBefore.put(u.path("edges").asText(), PreviousRun.number(u.get("score")));
    }
    int pairs = v * (v - 1) / 2;
    List<GreedyEdgePath.Step> path;
    List<RankedGraph> models;
    double searchSeconds;
    // a bracketed path gives its bound only: the first graphs, the sparsest, would promise far too little
    try (Progress bar = v >= BRACKET_VARIABLES ? Progress.start("mrf rank", toScore)
        : Progress.withEstimate(spec.commandLine().getErr(), "mrf rank", toScore, "graph", Progress.batch(threads),
            "; later graphs are denser, so this errs low")) {
      java.util.function.IntConsumer listener = bar.listener() == null ? n -> { } : bar.listener();
      java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
      try (UnitLog log = new UnitLog(journal, spec.commandLine().getErr(), 1 + (long) pairs * (pairs + 1) / 2,
          criterionBefore.size())) {
        path = GreedyEdgePath.run(v, g -> {
          String key = edgeKey(g);
          Double before = criterionBefore.get(key);
          if (before == null) {
            double score = MrfProblem.of(g, d, settings, options.seed).estimate(List.of(by)).get(0).logEvidence();
            Map<String, Object> unit = new LinkedHashMap<>();
            unit.put("kind", "candidate");
            unit.put("edges", key);
            unit.put("score", score);
            log.finished(unit, "path candidate {" + edgeNames(g, vars) + "}: " + by.name() + " "
                + Tables.score(score));
            before = score;
          }
          listener.accept(done.incrementAndGet());
          return before;
        }, threads);
      }
      searchSeconds = (System.nanoTime() - t0) * 1e-9;
      List<PairwiseGraph> graphs = RankedGraph.pathGraphs(path, v);
      int scoredOnPath = done.get();
      models = RankedGraph.path(path, graphs, scoreAll(graphs, d, wanted, settings, threads,
          n -> listener.accept(scoredOnPath + n)));
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;

    PrintWriter out = outputs.report();
    out.println(MrfBinaryData.describe(input.data, d));
    out.printf("prior N(0, %s² I); path by %s, %d steps, %d structures scored%n", Tables.number(sigma), by.name(),
        path.size() - 1, path.stream().mapToInt(GreedyEdgePath.Step::candidates).sum());
    return report(out, d, vars, wanted, by, settings, threads, models, path, searchSeconds, seconds, false);
  }

  /** {@code --class all}: every graph on the variables, scored by every method in parallel over graphs. */
  private int rankAll(Dataset d, List<EvidenceMethod<MrfProblem>> wanted, EvidenceMethod<MrfProblem> by, MrfScoreSettings settings, int threads,
      double sigma, long t0) {
    List<Variable> vars = d.variables();
    List<PairwiseGraph> graphs = MrfGraphEnumeration.all(vars.size(), maxStructures);
    List<List<EvidenceEstimate>> scored;
    try (Progress bar = Progress.withEstimate(spec.commandLine().getErr(), "mrf rank", graphs.size(), "graph",
        Progress.batch(threads), "")) {
      scored = scoreAll(graphs, d, wanted, settings, threads, bar.listener());
    }
    List<RankedGraph> models = RankedGraph.all(graphs, scored);
    double seconds = (System.nanoTime() - t0) * 1e-9;
    PrintWriter out = outputs.report();
    out.println(MrfBinaryData.describe(input.data, d));
    out.printf("prior N(0, %s² I); every graph on %d variables, %d structures scored%n", Tables.number(sigma),
        vars.size(), graphs.size());
    return report(out, d, vars, wanted, by, settings, threads, models, List.of(), seconds, seconds, true);
  }

  /** The table (with {@code topOnly}, the models in the top 10 by some method), the best models, JSON and CSV. */
  private int report(PrintWriter out, Dataset d, List<Variable> vars, List<EvidenceMethod<MrfProblem>> wanted, EvidenceMethod<MrfProblem> by,
      MrfScoreSettings settings, int threads, List<RankedGraph> models, List<GreedyEdgePath.Step> path,
      double searchSeconds, double seconds, boolean topOnly) {
    MrfRankReport report = new MrfRankReport(vars, wanted.stream().map(EvidenceMethod::name).toList(), models, path,
        topOnly);
    report.print(out);
    MethodPosteriors posteriors = averaging == null ? null : report.average(averaging);
    if (posteriors != null) {
      posteriors.print(out, report.posteriorLabels(), "edge", posterior.overWindow());
    }
    out.printf("%nsearch %.2f s, all %.2f s with %d thread(s)%n", searchSeconds, seconds, threads);

    if (json != null) {
      Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
      set.put("threads", threads);
      set.put("seed", options.seed);
      var root = report.json(MrfBinaryData.json(input.data, d), by.name(), graphClass.name().toLowerCase(Locale.ROOT), set,
          seconds);
      if (posteriors != null) {
        root.put("posterior", posteriors.json());
      }
      outputs.write(json, ResultJson.write(root));
      journal.complete();
    }
    if (csv != null) {
      outputs.write(csv, report.csv(posteriors));
    }
    if (posterior.png != null) {
      outputs.write(posterior.png, posteriors.undirectedPng("edge posterior probabilities (" + averaging.prior()
          + " prior over the " + models.size() + " models ranked)", vars.stream().map(Variable::name).toList(),
          posterior.overWindow()));
    }
    return 0;
  }

  private List<List<EvidenceEstimate>> scoreAll(List<PairwiseGraph> graphs, Dataset d, List<EvidenceMethod<MrfProblem>> wanted,
      MrfScoreSettings settings, int threads) {
    return scoreAll(graphs, d, wanted, settings, threads, null);
  }

  /**
   * Every graph scored by every method in parallel over graphs, each printed and journalled as it
   * is scored; the graphs scored before an interruption are kept, not redone (a graph's scores do
   * not depend on which others were scored: every one starts from the same seed).
   */
  private List<List<EvidenceEstimate>> scoreAll(List<PairwiseGraph> graphs, Dataset d,
      List<EvidenceMethod<MrfProblem>> wanted, MrfScoreSettings settings, int threads,
      java.util.function.IntConsumer listener) {
    Map<Integer, List<EvidenceEstimate>> before = new java.util.HashMap<>();
    for (JsonNode u : resumed("model")) {
      int i = u.path("index").asInt();
      if (i >= 0 && i < graphs.size() && u.path("edges").asText().equals(edgeKey(graphs.get(i)))) {
        List<EvidenceEstimate> estimates = new ArrayList<>();
        u.path("results").forEach(e -> estimates.add(EstimateJson.read(e)));
        before.put(i, estimates);
      }
    }
    List<Variable> vars = d.variables();
    java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
    try (UnitLog log = new UnitLog(journal, spec.commandLine().getErr(), graphs.size(), before.size())) {
      return Parallel.map(graphs.size(), threads, "occam-mrf-rank", i -> {
        List<EvidenceEstimate> kept = before.get(i);
        if (kept != null) {
          return kept;
        }
        List<EvidenceEstimate> e = MrfProblem.of(graphs.get(i), d, settings, options.seed).estimate(wanted);
        Map<String, Object> unit = new LinkedHashMap<>();
        unit.put("kind", "model");
        unit.put("index", i);
        unit.put("edges", edgeKey(graphs.get(i)));
        unit.put("results", e.stream().map(ResultJson::estimate).toList());
        List<String> parts = new ArrayList<>();
        e.forEach(x -> parts.add(x.method() + " " + Tables.score(x.logEvidence())));
        log.finished(unit, "model " + i + " {" + edgeNames(graphs.get(i), vars) + "}: " + String.join(", ", parts));
        int n = done.incrementAndGet();
        if (listener != null) {
          listener.accept(n);
        }
        return e;
      });
    }
  }

  /** The journal's units of one kind ({@code candidate}: a path criterion score; {@code model}: a ranked graph). */
  private List<JsonNode> resumed(String kind) {
    return journal == null ? List.of()
        : journal.finished().stream().filter(u -> u.path("kind").asText().equals(kind)).toList();
  }

  /** A graph's edges as vertex pairs, {@code 0-1 1-2}: its identity in the journal. */
  private static String edgeKey(PairwiseGraph g) {
    StringBuilder b = new StringBuilder();
    for (int[] e : g.edges()) {
      b.append(b.length() == 0 ? "" : " ").append(e[0]).append('-').append(e[1]);
    }
    return b.toString();
  }

  /** A graph's edges by variable name, for the lines printed. */
  private static String edgeNames(PairwiseGraph g, List<Variable> vars) {
    List<String> names = new ArrayList<>();
    for (int[] e : g.edges()) {
      names.add(vars.get(e[0]).name() + "-" + vars.get(e[1]).name());
    }
    return String.join(", ", names);
  }

  /** From this many variables on, the path's cost is bracketed by timing its densest graph first. */
  static final int BRACKET_VARIABLES = 12;

  /**
   * Scores the complete graph, the last and densest of the path, by the criterion before the
   * path, and says on stderr what every graph would take at that rate: a bound from above, where
   * the estimate from the first graphs (the sparsest) is one from below.
   */
  private void timeTheDensest(Dataset d, EvidenceMethod<MrfProblem> by, int methodCount, MrfScoreSettings settings,
      int threads, long toScore, int v) {
    long c0 = System.nanoTime();
    MrfProblem.of(PairwiseGraph.complete(v), d, settings, options.seed).estimate(List.of(by));
    double seconds = (System.nanoTime() - c0) * 1e-9;
    long ranked = WorkCounts.pathRankedGraphs(v);
    double bound = seconds * ((toScore - ranked) + (double) ranked * methodCount) / threads;
    spec.commandLine().getErr().printf("mrf rank: the complete graph took %s by %s; at that rate, the densest on the"
        + " path's, all would take at most about %s with %d thread(s)%n", WorkEstimate.duration(seconds), by.name(),
        WorkEstimate.duration(bound), threads);
  }

  /**
   * Counts the graphs to score, refuses past --max-structures (naming mrf search) or past
   * --max-clique-states for the exact methods (naming bp-lr), and says on stderr what is coming.
   *
   * @return the graphs to score: by the criterion and then by every method on the path
   */
  private long announce(int v, List<EvidenceMethod<MrfProblem>> used, int threads) {
    boolean all = graphClass == GraphClass.ALL;
    java.math.BigInteger count = all ? WorkCounts.allGraphs(v)
        : WorkCounts.greedyPathScores(v).add(java.math.BigInteger.valueOf(WorkCounts.pathRankedGraphs(v)));
    WorkLimit.require("mrf rank", count, all ? "graphs on " + v + " variables (2^" + WorkCounts.pairs(v) + ")"
        : "graphs to score on the greedy path over " + v + " variables", maxStructures, "--max-structures",
        "use a search instead (`occam mrf search`)");
    // both classes end at the complete graph, the widest for exact inference
    options.requireExactFeasible("mrf rank", used, ExactInferenceCost.complete(v), " on the complete graph of " + v
        + " variables", "use bp-lr (--criterion bp-lr --methods bp-lr,...) or `occam mrf search`");
    spec.commandLine().getErr().printf("mrf rank: %s graphs on %d variables, %s, scored by %s with %d thread(s)%n",
        WorkEstimate.count(count), v, all ? "every graph" : "the greedy path by " + criterion + " then "
            + WorkCounts.pathRankedGraphs(v) + " graphs by every method", used.stream().map(EvidenceMethod::name)
            .collect(java.util.stream.Collectors.joining(",")), threads);
    return count.longValueExact();
  }
}
