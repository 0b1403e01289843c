package org.occam.report;

import java.io.PrintWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;
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
import org.occam.mrf.methods.ExactInferenceLimit;
import org.occam.search.GreedyEdgePath;
import org.occam.search.MrfGraphEnumeration;
import org.occam.search.WorkCounts;
import org.occam.search.WorkEstimate;
import org.occam.search.WorkLimit;

/**
 * The run of {@code occam mrf rank}: Boltzmann-machine structures on one data set scored by every
 * method, either the greedy edge-addition path of Parise &amp; Welling (2006, section 4) — the
 * empty graph, at each step the edge whose graph has the highest criterion score, to the complete
 * graph — with the chain in column order, or every graph on the variables. Counts and refuses
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
  private final boolean all;
  private final MrfScoreSettings settings;
  private final long seed;
  private final int threads;
  private final UnitJournal journal;
  private final PrintWriter err;

  /** What a path ranking found: the path, the models ranked, and the seconds to the path's end. */
  public record Path(List<GreedyEdgePath.Step> steps, List<RankedGraph> models, double searchSeconds) {}

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
    this.data = data;
    this.vars = data.variables();
    List<EvidenceMethod<MrfProblem>> wanted = new ArrayList<>(methods);
    if (!all && !wanted.contains(by)) {
      wanted.add(0, by);
    }
    this.methods = List.copyOf(wanted);
    this.by = by;
    this.all = all;
    this.settings = settings;
    this.seed = seed;
    this.threads = threads;
    this.journal = journal;
    this.err = err;
  }

  /** The methods every ranked graph is scored by, in the order of the tables. */
  public List<EvidenceMethod<MrfProblem>> methods() {
    return methods;
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
    if (!used.contains(by)) {
      used.add(by);
    }
    BigInteger count = all ? WorkCounts.allGraphs(v)
        : WorkCounts.greedyPathScores(v).add(BigInteger.valueOf(WorkCounts.pathRankedGraphs(v)));
    WorkLimit.require("mrf rank", count, all ? "graphs on " + v + " variables (2^" + WorkCounts.pairs(v) + ")"
        : "graphs to score on the greedy path over " + v + " variables", maxStructures, "--max-structures",
        "use a search instead (`occam mrf search`)");
    // both classes end at the complete graph, the widest for exact inference
    ExactInferenceLimit.require("mrf rank", used, ExactInferenceCost.complete(v), maxCliqueStates,
        " on the complete graph of " + v + " variables",
        "use bp-lr (--criterion bp-lr --methods bp-lr,...) or `occam mrf search`");
    err.printf("mrf rank: %s graphs on %d variables, %s, scored by %s with %d thread(s)%n", WorkEstimate.count(count),
        v, all ? "every graph" : "the greedy path by " + by.name() + " then " + WorkCounts.pathRankedGraphs(v)
            + " graphs by every method", used.stream().map(EvidenceMethod::name).collect(Collectors.joining(",")),
        threads);
    return count.longValueExact();
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
    MrfProblem.of(PairwiseGraph.complete(v), data, settings, seed).estimate(List.of(by));
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
            "path candidate {" + edgeNames(vars, g) + "}", () -> MrfProblem.of(g, data, settings, seed).estimate(List.of(by)).get(0).logEvidence());
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
    List<PairwiseGraph> graphs = MrfGraphEnumeration.all(vars.size(), maxStructures);
    return RankedGraph.all(graphs, scoreAll(graphs, listener == null ? n -> { } : listener));
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
        List<EvidenceEstimate> e = MrfProblem.of(graphs.get(i), data, settings, seed).estimate(methods);
        units.finished(id, "model " + i + " {" + edgeNames(vars, graphs.get(i)) + "}", e);
        listener.accept(done.incrementAndGet());
        return e;
      });
    }
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
