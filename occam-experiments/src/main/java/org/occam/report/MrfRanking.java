package org.occam.report;

import java.io.PrintWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.io.MrfBinaryData;
import org.occam.math.Parallel;
import org.occam.mrf.ExactInferenceCost;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.loglinear.DecomposableEvidence;
import org.occam.mrf.methods.ExactInferenceLimit;
import org.occam.mrf.methods.MrfMethods;
import org.occam.search.GreedyEdgePath;
import org.occam.search.MrfGraphEnumeration;
import org.occam.search.WorkCounts;
import org.occam.search.WorkEstimate;
import org.occam.search.WorkLimit;

/**
 * The run of {@code occam mrf rank}: Boltzmann-machine structures on one data set scored by every
 * method, either the greedy edge-addition path of Parise &amp; Welling (2006, section 4) — the
 * empty graph, at each step the edge whose graph has the highest criterion score, to the complete
 * graph — with the chain in column order, or every graph on the variables, or the decomposable
 * (chordal) ones, which the method {@value DecomposableEvidence#METHOD} also scores: their closed-form
 * evidence under the hyper-Dirichlet prior ({@link DecomposableEvidence}), for variables with any
 * number of states. Counts and refuses
 * before any work ({@link #announce}), journals every unit (a path candidate's criterion score, a
 * ranked graph's estimates) so that an interrupted run resumes ({@link JournalledUnits}), and
 * scores the ranked graphs in parallel over graphs. Every graph is scored from the same seed, so
 * a unit's value does not depend on which others ran before it.
 */
public final class MrfRanking {
  /** From this many variables on, the path's cost is bracketed by timing its densest graph first. */
  public static final int BRACKET_VARIABLES = 12;

  private final Dataset data;
  private final List<Variable> vars;
  private final List<EvidenceMethod<MrfProblem>> methods;
  private final EvidenceMethod<MrfProblem> by;
  private final GraphClass graphClass;
  private final boolean all;
  /** The closed-form score of {@code exact}, or null when it was not asked for. */
  private final DecomposableEvidence exact;
  /** Where {@code exact} goes among the methods' results, or −1. */
  private final int exactIndex;
  /** The chordal graphs, found by {@link #announce} for the decomposable class. */
  private List<PairwiseGraph> decomposable;
  private final MrfScoreSettings settings;
  private final long seed;
  private final int threads;
  private final UnitJournal journal;
  private final PrintWriter err;
  private final List<String> names;
  private final org.occam.search.MrfGraphEstimates scorer;

  /** What a path ranking found: the path, the models ranked, and the seconds to the path's end. */
  public record Path(List<GreedyEdgePath.Step> steps, List<RankedGraph> models, double searchSeconds) {}

  /** Which structures are ranked. */
  public enum GraphClass {
    /** The empty graph, the chain in column order and the greedy edge-addition path. */
    PATH,
    /** Every graph on the variables. */
    ALL,
    /** The chordal graphs among all, the ones {@value DecomposableEvidence#METHOD} scores. */
    DECOMPOSABLE;

    /** The lower-case name of the command line and the JSON. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * The methods of a ranking as the user listed them: the Boltzmann-machine methods of
   * {@link MrfMethods} and, where {@value DecomposableEvidence#METHOD} stands in the list, the
   * decomposable evidence.
   *
   * @param names every method's name, in the order of the tables
   * @param boltzmann the Boltzmann-machine methods (empty when the list is exact alone)
   * @param exact whether {@value DecomposableEvidence#METHOD} was listed
   */
  public record Methods(List<String> names, List<EvidenceMethod<MrfProblem>> boltzmann, boolean exact) {
    /**
     * Reads a comma-separated list of names, case-insensitive, repeats dropped.
     *
     * @throws InvalidInputException for an unknown name or an empty list
     */
    public static Methods parse(String list) {
      List<String> names = new ArrayList<>();
      List<EvidenceMethod<MrfProblem>> boltzmann = new ArrayList<>();
      boolean exact = false;
      for (String part : list.split(",")) {
        String name = part.trim();
        if (name.isEmpty()) {
          continue;
        }
        if (name.equalsIgnoreCase(DecomposableEvidence.METHOD)) {
          if (!exact) {
            names.add(DecomposableEvidence.METHOD);
          }
          exact = true;
          continue;
        }
        EvidenceMethod<MrfProblem> m = MrfMethods.get(name);
        if (!boltzmann.contains(m)) {
          boltzmann.add(m);
          names.add(m.name());
        }
      }
      if (names.isEmpty()) {
        throw new InvalidInputException("no methods given (known: " + MrfMethods.REGISTRY.names() + ", "
            + DecomposableEvidence.METHOD + ")");
      }
      return new Methods(List.copyOf(names), List.copyOf(boltzmann), exact);
    }

    /**
     * Refuses {@value DecomposableEvidence#METHOD} outside the decomposable class, before any work:
     * the other classes hold graphs that are not chordal, for which it has no value.
     */
    public void requireClass(GraphClass graphClass) {
      if (exact && graphClass != GraphClass.DECOMPOSABLE) {
        throw new InvalidInputException("method exact is the closed-form evidence of decomposable (chordal) graphs,"
            + " and --class " + graphClass.label() + " has graphs that are not; use --class decomposable");
      }
    }
  }

  /**
   * @param methods the methods every ranked graph is scored by; on the path the criterion is put
   *     first among them when missing
   * @param by the criterion of the greedy path
   * @param all every graph on the variables instead of the path
   * @param settings the scores' settings (one thread each: the graphs are scored in parallel)
   * @param journal the run's journal, or null to keep nothing
   * @param err where the announcement and the units' lines go
   */
  public MrfRanking(Dataset data, List<EvidenceMethod<MrfProblem>> methods, EvidenceMethod<MrfProblem> by,
      boolean all, MrfScoreSettings settings, long seed, int threads, UnitJournal journal, PrintWriter err) {
    this(data, new Methods(methods.stream().map(EvidenceMethod::name).toList(), methods, false), by,
        all ? GraphClass.ALL : GraphClass.PATH, DecomposableEvidence.DEFAULT_ALPHA, settings, seed, threads, journal,
        err);
  }

  /**
   * A ranking of any class, with {@value DecomposableEvidence#METHOD} among the methods if listed.
   *
   * @param alpha the hyper-Dirichlet precision of {@value DecomposableEvidence#METHOD}
   * @throws InvalidInputException if {@code exact} is asked for outside the decomposable class
   */
  public MrfRanking(Dataset data, Methods methods, EvidenceMethod<MrfProblem> by, GraphClass graphClass,
      double alpha, MrfScoreSettings settings, long seed, int threads, UnitJournal journal, PrintWriter err) {
    methods.requireClass(graphClass);
    this.data = data;
    this.vars = data.variables();
    this.graphClass = graphClass;
    this.all = graphClass != GraphClass.PATH;
    List<EvidenceMethod<MrfProblem>> wanted = new ArrayList<>(methods.boltzmann());
    List<String> names = new ArrayList<>(methods.names());
    if (!all && !wanted.contains(by)) {
      wanted.add(0, by);
      names.add(0, by.name());
    }
    this.methods = List.copyOf(wanted);
    this.names = List.copyOf(names);
    this.exact = methods.exact() ? new DecomposableEvidence(data, alpha) : null;
    this.exactIndex = names.indexOf(DecomposableEvidence.METHOD);
    this.by = by;
    this.settings = settings;
    this.seed = seed;
    this.threads = threads;
    this.journal = journal;
    this.err = err;
    List<EvidenceMethod<MrfProblem>> asked = new ArrayList<>(this.methods);
    if (!asked.contains(by) && graphClass == GraphClass.PATH) {
      asked.add(by);
    }
    this.scorer = new org.occam.search.MrfGraphEstimates(data, asked, settings, seed);
  }

  /** The Boltzmann-machine methods every ranked graph is scored by, in the order of the tables. */
  public List<EvidenceMethod<MrfProblem>> methods() {
    return methods;
  }

  /** Every method's name, {@value DecomposableEvidence#METHOD} included, in the order of the tables and results. */
  public List<String> methodNames() {
    return names;
  }

  /** The class ranked. */
  public GraphClass graphClass() {
    return graphClass;
  }

  /** The decomposable evidence of {@code exact}, if it was asked for. */
  public java.util.Optional<DecomposableEvidence> exact() {
    return java.util.Optional.ofNullable(exact);
  }

  /**
   * Counts the graphs to score, refuses past {@code maxStructures} (naming mrf search) or past
   * {@code maxCliqueStates} for the exact methods (naming bp-lr), and says on stderr what is
   * coming.
   *
   * @return the graphs to score: by the criterion and then by every method on the path
   */
  public long announce(long maxStructures, long maxCliqueStates) {
    int v = vars.size();
    List<EvidenceMethod<MrfProblem>> used = new ArrayList<>(methods);
    if (!all && !used.contains(by)) {
      used.add(by);
    }
    BigInteger count = all ? WorkCounts.allGraphs(v)
        : WorkCounts.greedyPathScores(v).add(BigInteger.valueOf(WorkCounts.pathRankedGraphs(v)));
    WorkLimit.require("mrf rank", count, all ? "graphs on " + v + " variables (2^" + WorkCounts.pairs(v) + ")"
        : "graphs to score on the greedy path over " + v + " variables", maxStructures, "--max-structures",
        "use a search instead (`occam mrf search`)");
    // every class ends at the complete graph, the widest for exact inference
    if (!used.isEmpty()) {
      scorer.requireExactInference(PairwiseGraph.complete(v));
      ExactInferenceLimit.require("mrf rank", used, ExactInferenceCost.complete(v), maxCliqueStates,
          " on the complete graph of " + v + " variables",
          "use bp-lr (--criterion bp-lr --methods bp-lr,...) or `occam mrf search`");
    }
    List<String> scoredBy = new ArrayList<>(names);
    if (!all && !scoredBy.contains(by.name())) {
      scoredBy.add(by.name());
    }
    String which = switch (graphClass) {
      case PATH -> "the greedy path by " + by.name() + " then " + WorkCounts.pathRankedGraphs(v)
          + " graphs by every method";
      case ALL -> "every graph";
      case DECOMPOSABLE -> "the decomposable (chordal) ones of " + WorkEstimate.count(count);
    };
    if (graphClass == GraphClass.DECOMPOSABLE) {
      decomposable = MrfGraphEnumeration.chordal(v, maxStructures);
      count = BigInteger.valueOf(decomposable.size());
    }
    err.printf("mrf rank: %s graphs on %d variables, %s, scored by %s with %d thread(s)%n", WorkEstimate.count(count),
        v, which, String.join(",", scoredBy), threads);
    return count.longValueExact();
  }

  /**
   * The line that says how every graph of the class was scored: the priors (N(0, σ0² I) for the
   * Gaussian-prior methods, the hyper-Dirichlet of {@value DecomposableEvidence#METHOD}), the class,
   * the number of variables and of structures scored.
   */
  public String scoredLine(double sigma, int scored) {
    List<String> priors = new ArrayList<>();
    if (!methods.isEmpty()) {
      priors.add("prior N(0, " + Tables.number(sigma) + "² I)");
    }
    if (exact != null) {
      priors.add("exact: hyper-Dirichlet prior " + exact.prior());
    }
    return String.format(java.util.Locale.ROOT, "%s; %s on %d variables, %d structures scored",
        String.join("; ", priors), graphClass == GraphClass.DECOMPOSABLE ? "every decomposable (chordal) graph"
        : "every graph", vars.size(), scored);
  }

  /** Whether the path is long enough to bracket its cost by timing its densest graph first. */
  public boolean bracketed() {
    return !all && vars.size() >= BRACKET_VARIABLES;
  }

  /**
   * Scores the complete graph, the last and densest of the path, by the criterion before the
   * path, and says on stderr what every graph would take at that rate: a bound from above, where
   * the estimate from the first graphs (the sparsest) is one from below.
   *
   * @param toScore the graphs to score ({@link #announce})
   */
  public void timeTheDensest(long toScore) {
    int v = vars.size();
    long c0 = System.nanoTime();
    scorer.estimate(PairwiseGraph.complete(v), List.of(by));
    double seconds = (System.nanoTime() - c0) * 1e-9;
    long ranked = WorkCounts.pathRankedGraphs(v);
    double bound = seconds * ((toScore - ranked) + (double) ranked * methods.size()) / threads;
    err.printf("mrf rank: the complete graph took %s by %s; at that rate, the densest on the path's, all would take"
        + " at most about %s with %d thread(s)%n", WorkEstimate.duration(seconds), by.name(),
        WorkEstimate.duration(bound), threads);
  }

  /**
   * The greedy path by the criterion (its candidates journalled), then its graphs and the chain
   * scored by every method.
   *
   * @param listener told the graphs scored so far, candidates and then ranked graphs; may be null
   */
  public Path path(IntConsumer listener) {
    long t0 = System.nanoTime();
    IntConsumer progress = listener == null ? n -> { } : listener;
    int v = vars.size();
    AtomicInteger done = new AtomicInteger();
    List<GreedyEdgePath.Step> steps;
    try (JournalledUnits<Double> candidates = JournalledUnits.scores(journal, err, "candidate", by.name(),
        WorkCounts.greedyPathScores(v).longValueExact())) {
      steps = GreedyEdgePath.run(v, g -> {
        double score = candidates.value(Map.of("edges", edgeKey(g)),
            "path candidate {" + edgeNames(vars, g) + "}", () -> scorer.estimate(g, List.of(by)).get(0).logEvidence());
        progress.accept(done.incrementAndGet());
        return score;
      }, threads);
    }
    double searchSeconds = (System.nanoTime() - t0) * 1e-9;
    List<PairwiseGraph> graphs = RankedGraph.pathGraphs(steps, v);
    int scoredOnPath = done.get();
    List<RankedGraph> models = RankedGraph.path(steps, graphs, scoreAll(graphs, n -> progress.accept(scoredOnPath
        + n)));
    return new Path(steps, models, searchSeconds);
  }

  /**
   * Every graph on the variables scored by every method, in parallel over graphs.
   *
   * @param listener told the graphs scored so far; may be null
   */
  public List<RankedGraph> all(IntConsumer listener, long maxStructures) {
    List<PairwiseGraph> graphs = graphClass == GraphClass.DECOMPOSABLE
        ? decomposable != null ? decomposable : MrfGraphEnumeration.chordal(vars.size(), maxStructures)
        : MrfGraphEnumeration.all(vars.size(), maxStructures);
    List<List<EvidenceEstimate>> scored = scoreAll(graphs, listener == null ? n -> { } : listener);
    return graphClass == GraphClass.DECOMPOSABLE ? RankedGraph.among(graphs, scored) : RankedGraph.all(graphs, scored);
  }

  /**
   * Every graph scored by every method in parallel over graphs, each printed and journalled as it
   * is scored; the graphs scored before an interruption are kept, not redone.
   */
  private List<List<EvidenceEstimate>> scoreAll(List<PairwiseGraph> graphs, IntConsumer listener) {
    AtomicInteger done = new AtomicInteger();
    try (JournalledUnits<List<EvidenceEstimate>> units = JournalledUnits.estimates(journal, err, "model",
        graphs.size())) {
      return Parallel.map(graphs.size(), threads, "occam-mrf-rank", i -> {
        Map<String, Object> id = new LinkedHashMap<>();
        id.put("index", i);
        id.put("edges", edgeKey(graphs.get(i)));
        List<EvidenceEstimate> kept = units.kept(id);
        if (kept != null) {
          return kept;
        }
        List<EvidenceEstimate> e = estimate(graphs.get(i));
        units.finished(id, "model " + i + " {" + edgeNames(vars, graphs.get(i)) + "}", e);
        listener.accept(done.incrementAndGet());
        return e;
      });
    }
  }

  /** A graph's estimates by every method, in the order of {@link #methodNames}. */
  private List<EvidenceEstimate> estimate(PairwiseGraph g) {
    List<EvidenceEstimate> e = new ArrayList<>(scorer.estimate(g, methods));
    if (exact != null) {
      e.add(exactIndex, exact.estimate(g));
    }
    return e;
  }

  /** A graph's edges as vertex pairs, {@code 0-1 1-2}: its identity in the journal. */
  private static String edgeKey(PairwiseGraph g) {
    StringBuilder b = new StringBuilder();
    for (int[] e : g.edges()) {
      b.append(b.length() == 0 ? "" : " ").append(e[0]).append('-').append(e[1]);
    }
    return b.toString();
  }

  /** A graph's edges by variable name, {@code a-b, b-c}: how the units' lines (here and in mrf search) name it. */
  public static String edgeNames(List<Variable> vars, PairwiseGraph g) {
    List<String> names = new ArrayList<>();
    for (int[] e : g.edges()) {
      names.add(MrfBinaryData.edgeName(vars, e));
    }
    return String.join(", ", names);
  }
}
