package org.occam.search;

import org.occam.data.InvalidInputException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;
import org.occam.mrf.PairwiseGraph;

/**
 * Hill climbing over the edge sets of a Boltzmann machine (a pairwise binary MRF) on V vertices,
 * the structure search Parise &amp; Welling (NIPS 2006, section 1) motivate their evidence
 * approximations with. A move toggles one vertex pair: it adds the edge if absent, removes it if
 * present. Each step scores every allowed move's graph and takes the best one (ties to the earlier
 * pair in lexicographic order).
 *
 * <ul>
 *   <li>Without a tabu list ({@code tabuLength = 0}) a step is taken only if it improves the
 *       current score, so a run ends at a local maximum (steepest ascent).
 *   <li>With a tabu list of length T (Glover 1989; the form of Bouckaert's structure search in
 *       Weka), the last T toggled pairs may not be toggled again, the best remaining move is taken
 *       even when it lowers the score, and the run ends after T steps in a row that did not improve
 *       the run's best graph. Tabu moves are not scored (no aspiration criterion).
 *   <li>{@code maxDegree} forbids additions that would give a vertex more neighbours; the start
 *       graph must respect it.
 *   <li>Restart 0 starts from the given graph; restarts 1…R start from random graphs (each pair
 *       in a random order kept with probability ½ while the degree bound allows), drawn from
 *       streams split off the seed before any work, so the search replays exactly.
 * </ul>
 *
 * <p>The candidates of a step are looked up in a cache keyed by edge set ({@link EdgeSetScoreCache},
 * shared by all restarts) and the rest are scored in parallel ({@link Parallel}); the choice depends
 * only on the scores, so the result is the same for any thread count.
 *
 * <pre>{@code
 * MrfEdgeSearch.Result r = MrfEdgeSearch.run(new PairwiseGraph(6, new int[0][]), laplaceExact,
 *     MrfEdgeSearch.Settings.defaults().withRestarts(3).withThreads(2), null);
 * PairwiseGraph best = r.best();
 * }</pre>
 */
public final class MrfEdgeSearch {
  private MrfEdgeSearch() {}

  /** A move: add or remove the edge between {@code from} &lt; {@code to}. */
  public record Move(boolean add, int from, int to) {
    @Override
    public String toString() {
      return (add ? "+" : "-") + from + "-" + to;
    }
  }

  /**
   * The settings of a search.
   *
   * @param restarts random restarts after the run from the start graph, ≥ 0
   * @param tabuLength T ≥ 0; 0 is plain steepest ascent
   * @param maxDegree the most neighbours a vertex may have, or empty for no bound
   * @param maxSteps the most steps per run, ≥ 1
   * @param seed the seed of the random start graphs
   * @param threads worker threads scoring the candidates of a step, ≥ 1
   */
  public record Settings(int restarts, int tabuLength, OptionalInt maxDegree, int maxSteps, long seed, int threads) {
    public Settings {
      if (restarts < 0) {
        throw new InvalidInputException("restarts must be >= 0, got " + restarts);
      }
      if (tabuLength < 0) {
        throw new InvalidInputException("the tabu length must be >= 0, got " + tabuLength);
      }
      if (maxDegree.isPresent() && maxDegree.getAsInt() < 0) {
        throw new InvalidInputException("the maximum degree must be >= 0, got " + maxDegree.getAsInt());
      }
      if (maxSteps < 1) {
        throw new InvalidInputException("the step limit must be >= 1, got " + maxSteps);
      }
      if (threads < 1) {
        throw new InvalidInputException("threads must be >= 1, got " + threads);
      }
    }

    /** One run, no tabu list, no degree bound, at most 10,000 steps, seed 1, one thread. */
    public static Settings defaults() {
      return new Settings(0, 0, OptionalInt.empty(), 10_000, 1, 1);
    }

    public Settings withRestarts(int r) {
      return new Settings(r, tabuLength, maxDegree, maxSteps, seed, threads);
    }

    public Settings withTabuLength(int t) {
      return new Settings(restarts, t, maxDegree, maxSteps, seed, threads);
    }

    public Settings withMaxDegree(OptionalInt d) {
      return new Settings(restarts, tabuLength, d, maxSteps, seed, threads);
    }

    public Settings withMaxSteps(int n) {
      return new Settings(restarts, tabuLength, maxDegree, n, seed, threads);
    }

    public Settings withSeed(long s) {
      return new Settings(restarts, tabuLength, maxDegree, maxSteps, s, threads);
    }

    public Settings withThreads(int n) {
      return new Settings(restarts, tabuLength, maxDegree, maxSteps, seed, n);
    }

    /** The settings by name, for reports. */
    public Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("restarts", restarts);
      m.put("tabuLength", tabuLength);
      m.put("maxDegree", maxDegree.isPresent() ? maxDegree.getAsInt() : null);
      m.put("maxSteps", maxSteps);
      m.put("seed", seed);
      m.put("threads", threads);
      return m;
    }
  }

  /**
   * One step of a run: the graph the run moved to and how the move was chosen.
   *
   * @param restart the run (0 from the start graph)
   * @param step 0 for the run's start graph, then 1, 2, …
   * @param move the move taken, null at step 0
   * @param graph the graph after the move, edges in lexicographic order
   * @param score its score
   * @param candidates the graphs considered for this step (1 at step 0)
   * @param cacheHits how many of them were already scored
   */
  public record Step(int restart, int step, Move move, PairwiseGraph graph, double score, int candidates,
      int cacheHits) {}

  /**
   * One run's outcome.
   *
   * @param start its start graph
   * @param best the best graph it visited (the first of equal scores)
   * @param steps the steps it took
   * @param localMaximum whether it ended because no move improved (plain ascent) or the tabu
   *     patience ran out, rather than at the step limit or with no allowed move
   */
  public record Run(int restart, PairwiseGraph start, PairwiseGraph best, double bestScore, int steps,
      boolean localMaximum) {}

  /**
   * The outcome of a search.
   *
   * @param best the best graph of all runs (the earliest run's on ties)
   * @param path every step of every run, in order
   * @param runs each run's best
   * @param distinctGraphsScored how many different edge sets were scored
   * @param cacheHits how many look-ups were answered from the cache
   */
  public record Result(PairwiseGraph best, double bestScore, List<Step> path, List<Run> runs,
      int distinctGraphsScored, long cacheHits, Settings settings) {}

  /**
   * Refuses a start graph the search cannot start from (a vertex above the maximum degree), so a
   * caller can check it before announcing the search; {@link #run} checks it too.
   *
   * @throws InvalidInputException if a vertex of {@code start} has more neighbours than allowed
   */
  public static void requireStart(PairwiseGraph start, Settings settings) {
    if (settings.maxDegree().isPresent()) {
      int[] deg = EdgeSet.of(start).degrees();
      for (int i = 0; i < deg.length; i++) {
        if (deg[i] > settings.maxDegree().getAsInt()) {
          throw new InvalidInputException("the start graph gives vertex " + i + " " + deg[i]
              + " neighbours, more than the maximum degree " + settings.maxDegree().getAsInt());
        }
      }
    }
  }

  /** A search with a fresh cache. */
  public static Result run(PairwiseGraph start, MrfGraphScore score, Settings settings, Consumer<Step> listener) {
    return run(start, score, settings, listener, new EdgeSetScoreCache());
  }

  /**
   * A search.
   *
   * @param start the graph of the first run
   * @param score the score, called from several threads at once
   * @param listener told of every step as it is taken, on the calling thread; may be null
   * @param cache scores already known (modified: the new scores are added)
   */
  public static Result run(PairwiseGraph start, MrfGraphScore score, Settings settings, Consumer<Step> listener,
      EdgeSetScoreCache cache) {
    requireStart(start, settings);
    int v = start.vertexCount();
    EdgeSet first = EdgeSet.of(start);
    long hitsBefore = cache.hits();
    List<SplittableUniformRandomProvider> streams =
        RandomStreams.split(RandomStreams.fromSeed(settings.seed()), settings.restarts());
    List<Step> path = new ArrayList<>();
    List<Run> runs = new ArrayList<>();
    Run best = null;
    for (int r = 0; r <= settings.restarts(); r++) {
      EdgeSet s = r == 0 ? first : randomStart(v, settings.maxDegree(), streams.get(r - 1));
      Run run = climb(r, s, score, settings, cache, path, listener);
      runs.add(run);
      if (best == null || run.bestScore() > best.bestScore()) {
        best = run;
      }
    }
    return new Result(best.best(), best.bestScore(), List.copyOf(path), List.copyOf(runs), cache.size(),
        cache.hits() - hitsBefore, settings);
  }

  private static Run climb(int restart, EdgeSet start, MrfGraphScore score, Settings settings,
      EdgeSetScoreCache cache, List<Step> path, Consumer<Step> listener) {
    int v = start.vertexCount();
    int pairs = EdgeSet.pairCount(v);
    int maxDegree = settings.maxDegree().orElse(Integer.MAX_VALUE);
    OptionalDouble known = cache.get(start);
    double currentScore = known.isPresent() ? known.getAsDouble() : score.logScore(start.toGraph());
    cache.put(start, currentScore);
    EdgeSet current = start;
    report(new Step(restart, 0, null, current.toGraph(), currentScore, 1, known.isPresent() ? 1 : 0), path, listener);
    EdgeSet best = current;
    double bestScore = currentScore;
    ArrayDeque<Integer> tabu = new ArrayDeque<>();
    int sinceImprovement = 0;
    int steps = 0;
    boolean localMaximum = false;
    while (steps < settings.maxSteps()) {
      int[] deg = current.degrees();
      List<Integer> movePairs = new ArrayList<>();
      List<EdgeSet> graphs = new ArrayList<>();
      for (int p = 0; p < pairs; p++) {
        if (tabu.contains(p)) {
          continue;
        }
        if (!current.contains(p)) {
          int[] ij = EdgeSet.pair(v, p);
          if (deg[ij[0]] >= maxDegree || deg[ij[1]] >= maxDegree) {
            continue;
          }
        }
        movePairs.add(p);
        graphs.add(current.toggle(p));
      }
      if (graphs.isEmpty()) {
        break;
      }
      // look-ups in move order on this thread, so hit counts do not depend on scheduling
      double[] scores = new double[graphs.size()];
      List<Integer> missing = new ArrayList<>();
      for (int c = 0; c < graphs.size(); c++) {
        OptionalDouble d = cache.get(graphs.get(c));
        if (d.isPresent()) {
          scores[c] = d.getAsDouble();
        } else {
          missing.add(c);
        }
      }
      List<Double> fresh = Parallel.map(missing.size(), settings.threads(), "occam-mrf-search",
          k -> score.logScore(graphs.get(missing.get(k)).toGraph()));
      for (int k = 0; k < missing.size(); k++) {
        scores[missing.get(k)] = fresh.get(k);
        cache.put(graphs.get(missing.get(k)), fresh.get(k));
      }
      int chosen = 0;
      for (int c = 1; c < scores.length; c++) {
        if (scores[c] > scores[chosen]) {
          chosen = c;
        }
      }
      if (settings.tabuLength() == 0 && !(scores[chosen] > currentScore)) {
        localMaximum = true;
        break;
      }
      int p = movePairs.get(chosen);
      int[] ij = EdgeSet.pair(v, p);
      Move move = new Move(!current.contains(p), ij[0], ij[1]);
      current = graphs.get(chosen);
      currentScore = scores[chosen];
      steps++;
      report(new Step(restart, steps, move, current.toGraph(), currentScore, graphs.size(),
          graphs.size() - missing.size()), path, listener);
      if (settings.tabuLength() > 0) {
        tabu.addLast(p);
        if (tabu.size() > settings.tabuLength()) {
          tabu.removeFirst();
        }
      }
      if (currentScore > bestScore) {
        best = current;
        bestScore = currentScore;
        sinceImprovement = 0;
      } else if (++sinceImprovement >= settings.tabuLength()) {
        localMaximum = true;
        break;
      }
    }
    return new Run(restart, start.toGraph(), best.toGraph(), bestScore, steps, localMaximum);
  }

  private static void report(Step s, List<Step> path, Consumer<Step> listener) {
    path.add(s);
    if (listener != null) {
      listener.accept(s);
    }
  }

  /** Pairs in a random order, each kept with probability ½ if both ends are below the degree bound. */
  static EdgeSet randomStart(int v, OptionalInt maxDegree, UniformRandomProvider rng) {
    int pairs = EdgeSet.pairCount(v);
    int[] order = new int[pairs];
    for (int p = 0; p < pairs; p++) {
      order[p] = p;
    }
    for (int k = pairs - 1; k > 0; k--) {
      int m = rng.nextInt(k + 1);
      int t = order[k];
      order[k] = order[m];
      order[m] = t;
    }
    int bound = maxDegree.orElse(Integer.MAX_VALUE);
    int[] deg = new int[v];
    EdgeSet s = EdgeSet.empty(v);
    for (int p : order) {
      boolean keep = rng.nextBoolean();
      int[] ij = EdgeSet.pair(v, p);
      if (keep && deg[ij[0]] < bound && deg[ij[1]] < bound) {
        s = s.toggle(p);
        deg[ij[0]]++;
        deg[ij[1]]++;
      }
    }
    return s;
  }
}
