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
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.MrfBinaryData;
import org.occam.io.MrfDiscreteData;
import org.occam.mrf.loglinear.DecomposableEvidence;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.methods.MrfMethods;
import org.occam.report.MethodPosteriors;
import org.occam.report.MrfRankReport;
import org.occam.report.MrfRanking;
import org.occam.report.MrfRanking.GraphClass;
import org.occam.report.RankedGraph;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import org.occam.search.GreedyEdgePath;
import org.occam.search.ModelAveraging;
import org.occam.search.MrfGraphEnumeration;
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
        "With --class decomposable, the chordal graphs among them (18,154 of the 32,768 on 6 variables), which the"
            + " method exact also scores: the closed-form evidence of a decomposable model under the hyper-Dirichlet"
            + " prior (Dawid & Lauritzen 1993) over its cliques and separators, --prior dirichlet:α (α = 1 by"
            + " default, the same as BDeu's equivalent sample size). With exact the only method, the columns may"
            + " have any number of values.", "",
        "With --posterior: posterior probabilities of the models ranked (conditional on the truth being one of"
            + " them) and of each edge, Occam's window, and whether the data separate the top models.", "",
        "As they finish, the scores of the path's candidates (by --criterion) and of the models ranked are printed"
            + " to stderr (every one up to " + UnitLog.EVERY_LINE_UP_TO + ", else at most one a second, with the count"
            + " done) and, with --json, kept in OUT.partial.jsonl until the run ends: --resume continues an"
            + " interrupted run.", "",
        "Example: occam mrf rank --data data/reinis.csv --methods bic-ml,bp-lr,laplace-exact --json path.json",
        "         occam mrf rank --data data/reinis.csv --class decomposable --methods exact --posterior",
        "         occam mrf rank --data data/reinis.csv --posterior --posterior-png edges.png"})
public final class MrfRankCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  MrfColumnsOptions input;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = MrfScoreCommand.DEFAULT_METHODS,
      description = "Comma-separated, from " + MethodHelp.TOKEN + ", and exact with --class decomposable (default:"
          + " ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--criterion", paramLabel = "METHOD", defaultValue = "laplace-exact",
      description = "The score that chooses the edge added at each step of the path (default: ${DEFAULT-VALUE}).")
  String criterion;

  @Option(names = "--top", paramLabel = "N", defaultValue = "" + MrfRankReport.TOP,
      description = "With --class all or decomposable: the table shows the models in the top N by some method"
          + " (default: ${DEFAULT-VALUE}); --json and --csv hold all of them.")
  int top;

  @Option(names = "--class", paramLabel = "CLASS", defaultValue = "path",
      converter = GraphClassConverter.class,
      description = "path: the empty graph, the chain and the greedy path (the default); all: every graph on the"
          + " variables, in parallel over graphs (at most " + MrfGraphEnumeration.DEFAULT_LIMIT + " graphs, V <= 6);"
          + " decomposable: the chordal graphs among all (the only class method exact scores).")
  GraphClass graphClass;

  /** {@code path}, {@code all} or {@code decomposable}, in any case. */
  static final class GraphClassConverter implements CommandLine.ITypeConverter<GraphClass> {
    @Override
    public GraphClass convert(String value) {
      for (GraphClass c : GraphClass.values()) {
        if (c.label().equals(value.trim().toLowerCase(Locale.ROOT))) {
          return c;
        }
      }
      throw new CommandLine.TypeConversionException("expected path, all or decomposable, got '" + value + "'");
    }
  }

  @Option(names = "--prior", paramLabel = "dirichlet:α", defaultValue = "dirichlet:1",
      description = "The hyper-Dirichlet prior of method exact: total precision α > 0 spread evenly over each"
          + " clique's cells (the BDeu-consistent one; α is BDeu's equivalent sample size) (default: ${DEFAULT-VALUE}).")
  String prior;

  @Option(names = "--max-structures", paramLabel = "N", defaultValue = "" + MrfGraphEnumeration.DEFAULT_LIMIT,
      description = "Refuse to score more graphs than this, counted before any work: 1 + E(E+1)/2 on the path"
          + " (E = V(V-1)/2 pairs), 2^E with --class all and decomposable (every graph is examined for chordality)"
          + " (default: ${DEFAULT-VALUE}); mrf search climbs instead.")
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

  /** The model-averaging settings when --posterior is given, else null. */
  private ModelAveraging.Settings averaging;

  /** {@code dirichlet:α} when exact is among the methods, else null. */
  private String exactPrior;

  /** The checked outputs and where the report goes. */
  private Outputs outputs;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    if (top < 1) {
      throw new InvalidInputException("--top must be >= 1, got " + top);
    }
    EvidenceMethod<MrfProblem> by = MrfMethods.get(criterion);
    MrfRanking.Methods methodList = MrfRanking.Methods.parse(methods);
    methodList.requireClass(graphClass);
    double alpha = DecomposableEvidence.parsePrior(prior);
    outputs = Outputs.check(spec, force, json, csv, posterior.png).binary("--posterior-png", posterior.png);
    UnitJournal journal = resume.open(spec, json, input.data, force);
    averaging = posterior.settings();
    int threads = options.threads();
    double sigma = options.priorSigma(java.util.OptionalDouble.empty());
    // one thread per scored structure; the structures are scored in parallel
    MrfScoreSettings settings = options.settings(sigma, 1);
    Dataset d = input.readAny();
    PrintWriter err = spec.commandLine().getErr();
    boolean all = graphClass != GraphClass.PATH;
    MrfRanking ranking = new MrfRanking(d, methodList, by, graphClass, alpha, settings, options.seed, threads,
        journal, err);
    exactPrior = ranking.exact().map(DecomposableEvidence::prior).orElse(null);
    long toScore = ranking.announce(maxStructures, options.maxCliqueStates);
    List<Variable> vars = d.variables();
    try (journal) {
      if (all) {
        List<RankedGraph> models;
        try (Progress bar = Progress.withEstimate(err, "mrf rank", toScore, "graph", Progress.batch(threads), "")) {
          models = ranking.all(bar.listener(), maxStructures);
        }
        double seconds = (System.nanoTime() - t0) * 1e-9;
        PrintWriter out = outputs.report();
        out.println(input.describe(d));
        out.println(ranking.scoredLine(sigma, models.size()));
        return report(out, d, vars, ranking.methodNames(), by, settings, threads, models, List.of(), seconds, seconds,
            true, journal);
      }
      if (ranking.bracketed()) {
        ranking.timeTheDensest(toScore);
      }
      MrfRanking.Path path;
      // a bracketed path gives its bound only: the first graphs, the sparsest, would promise far too little
      try (Progress bar = ranking.bracketed() ? Progress.start("mrf rank", toScore)
          : Progress.withEstimate(err, "mrf rank", toScore, "graph", Progress.batch(threads),
              "; later graphs are denser, so this errs low")) {
        path = ranking.path(bar.listener());
      }
      double seconds = (System.nanoTime() - t0) * 1e-9;
      PrintWriter out = outputs.report();
      out.println(input.describe(d));
      out.printf("prior N(0, %s² I); path by %s, %d steps, %d structures scored%n", Tables.number(sigma), by.name(),
          path.steps().size() - 1, path.steps().stream().mapToInt(GreedyEdgePath.Step::candidates).sum());
      return report(out, d, vars, ranking.methodNames(), by, settings, threads, path.models(), path.steps(),
          path.searchSeconds(), seconds, false, journal);
    }
  }

  /** The table (with {@code topOnly}, the models in the top --top by some method), the best models, JSON and CSV. */
  private int report(PrintWriter out, Dataset d, List<Variable> vars, List<String> wanted, EvidenceMethod<MrfProblem> by,
      MrfScoreSettings settings, int threads, List<RankedGraph> models, List<GreedyEdgePath.Step> path,
      double searchSeconds, double seconds, boolean topOnly, UnitJournal journal) {
    MrfRankReport report = new MrfRankReport(vars, wanted, models, path, topOnly, top);
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
      if (exactPrior != null) {
        set.put("exactPrior", exactPrior);
      }
      var root = report.json(MrfBinaryData.json(input.data, d), by.name(), graphClass.label(), set,
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
}
