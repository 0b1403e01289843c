package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.function.IntConsumer;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.data.Dataset;
import org.occam.dag.methods.DagMethods;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;
import org.occam.search.Ranks;

/**
 * Scores a list of candidate structures on one data set, in parallel, and ranks them per method.
 * Structure i draws its restarts from the i-th stream split off the seed's root stream, before
 * any work is scheduled, so the scores are the same with any number of threads.
 *
 * <p>With adaptive restarts ({@link DagScoreSettings#adaptive()}) the search goes where the ranking
 * is decided: every structure is first scored with the fewest restarts ({@code restarts}, fixed), then
 * every structure within {@code refineMargin} nats of some method's best score is scored again, from
 * the same stream, with the adaptive rule (the same first restarts and more, so its scores can only
 * rise). Structures further down keep their first scores: more restarts rarely lift a score by more
 * than a few nats (issue 16), and one that cannot reach the top cannot change a choice.
 */
public final class StructureRanker {
  private StructureRanker() {}

  /** One structure's scores. */
  public record Scored(int index, DagStructure structure, List<EvidenceEstimate> estimates) {
    /** The estimate of a method, which must have been requested. */
    public EvidenceEstimate estimate(DagMethod m) {
      return estimate(m.label());
    }

    /** The estimate of the method of that name, which must have been requested. */
    public EvidenceEstimate estimate(String method) {
      for (EvidenceEstimate e : estimates) {
        if (e.method().equals(method)) {
          return e;
        }
      }
      throw new IllegalStateException("method " + method + " was not scored");
    }
  }

  /**
   * Scores every structure.
   *
   * @param lambda the Dirichlet hyperparameter of every variable
   * @param threads worker threads (≥ 1)
   * @param progress called with the number of structures done so far (from worker threads), or null
   */
  public static List<Scored> scoreAll(List<DagStructure> structures, Dataset data, double lambda,
      List<DagMethod> methods, DagScoreSettings settings, long seed, int threads, IntConsumer progress) {
    return scoreWith(structures, data, lambda, methods.stream().map(m -> DagMethods.get(m.label())).toList(),
        settings, seed, threads, progress);
  }

  /** As {@link #scoreAll}, with registered methods. */
  public static List<Scored> scoreWith(List<DagStructure> structures, Dataset data, double lambda,
      List<? extends EvidenceMethod<DagProblem>> methods, DagScoreSettings settings, long seed, int threads,
      IntConsumer progress) {
    return scoreWith(structures, data, lambda, methods, settings, seed, threads, progress, i -> false, null);
  }

  /**
   * As above, leaving out the structures already scored (a resumed run's) and handing each
   * structure to {@code finished} as it is scored. Every structure keeps the stream of its index
   * whichever are left out, so the scores are those of a run over all of them.
   *
   * @param done whether structure i was scored before (it is not scored again)
   * @param finished called with each structure as it is scored (from worker threads), or null
   * @return the structures scored now, by ascending index
   */
  public static List<Scored> scoreWith(List<DagStructure> structures, Dataset data, double lambda,
      List<? extends EvidenceMethod<DagProblem>> methods, DagScoreSettings settings, long seed, int threads,
      IntConsumer progress, IntPredicate done, Consumer<Scored> finished) {
    if (threads < 1) {
      throw new InvalidInputException("threads must be >= 1, got " + threads);
    }
    if (!settings.adaptive()) {
      return scoreOnce(structures, data, lambda, methods, settings, seed, threads, progress, done, finished);
    }
    List<Scored> first = scoreOnce(structures, data, lambda, methods, settings.withFixedRestarts(settings.restarts()),
        seed, threads, progress, done, null);
    boolean[] near = nearTheTop(first, methods, settings.refineMargin());
    java.util.Set<Integer> again = new java.util.HashSet<>();
    for (int p = 0; p < first.size(); p++) {
      if (near[p]) {
        again.add(first.get(p).index());
      }
    }
    List<Scored> refined = scoreOnce(structures, data, lambda, methods, settings, seed, threads, null,
        i -> !again.contains(i), null);
    java.util.Map<Integer, Scored> byIndex = new java.util.HashMap<>();
    for (Scored x : refined) {
      byIndex.put(x.index(), x);
    }
    List<Scored> out = new ArrayList<>();
    for (Scored x : first) {
      Scored kept = byIndex.getOrDefault(x.index(), x);
      if (finished != null) {
        finished.accept(kept);
      }
      out.add(kept);
    }
    return out;
  }

  /**
   * Whether each structure's score is within {@code margin} nats of the best of its method, for some
   * method with a score to maximise (NaN scores are never near; methods without restarts count too,
   * which only widens the set).
   */
  static boolean[] nearTheTop(List<Scored> scored, List<? extends EvidenceMethod<DagProblem>> methods,
      double margin) {
    boolean[] near = new boolean[scored.size()];
    for (var m : methods) {
      double best = Double.NEGATIVE_INFINITY;
      for (Scored x : scored) {
        double v = x.estimate(m.name()).logEvidence();
        best = Double.isNaN(v) ? best : Math.max(best, v);
      }
      for (int p = 0; p < near.length; p++) {
        near[p] |= scored.get(p).estimate(m.name()).logEvidence() >= best - margin;
      }
    }
    return near;
  }

  /** One pass over the structures not done, with these settings. */
  private static List<Scored> scoreOnce(List<DagStructure> structures, Dataset data, double lambda,
      List<? extends EvidenceMethod<DagProblem>> methods, DagScoreSettings settings, long seed, int threads,
      IntConsumer progress, IntPredicate done, Consumer<Scored> finished) {
    List<SplittableUniformRandomProvider> streams =
        RandomStreams.split(RandomStreams.fromSeed(seed), structures.size());
    java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
    // Largest structures first (by CPT size, a proxy for the work), so the last tasks are short and
    // no thread idles long at the end; each keeps its own stream, so results do not depend on the order.
    int[] todo = java.util.stream.IntStream.range(0, structures.size()).filter(i -> !done.test(i)).boxed()
        .sorted(java.util.Comparator.comparingInt((Integer i) -> -structures.get(i).tableSize())
            .thenComparingInt(i -> i))
        .mapToInt(Integer::intValue).toArray();
    List<Scored> out = new ArrayList<>(Parallel.map(todo.length, threads, "occam-score", p -> {
      int index = todo[p];
      DagStructure s = structures.get(index);
      var compiled = new HiddenStateEnumeration(s, data, settings.configurationLimit());
      var estimates = DagScorer.score(compiled, DirichletPrior.uniform(s.size(), lambda), settings,
          streams.get(index), seed, methods);
      Scored scored = new Scored(index, s, estimates);
      if (finished != null) {
        finished.accept(scored);
      }
      if (progress != null) {
        progress.accept(count.incrementAndGet());
      }
      return scored;
    }));
    out.sort(java.util.Comparator.comparingInt(Scored::index));
    return out;
  }

  /**
   * The rank of every structure under a method's alias-corrected score: 1 + the number of
   * structures with a strictly higher score (ties share a rank; NaN last), by {@link Ranks#of}.
   */
  public static int[] ranks(List<Scored> scored, DagMethod m) {
    return ranks(scored, m, true);
  }

  /** Ranks under the corrected ({@code logEvidence}) or the uncorrected score. */
  public static int[] ranks(List<Scored> scored, DagMethod m, boolean aliasCorrected) {
    return ranks(scored, m.label(), aliasCorrected);
  }

  /** Ranks under the corrected or the uncorrected score of the method of that name. */
  public static int[] ranks(List<Scored> scored, String m, boolean aliasCorrected) {
    double[] v = scored.stream().mapToDouble(x -> {
      EvidenceEstimate e = x.estimate(m);
      return aliasCorrected ? e.logEvidence() : ((Number) e.diagnostics().get("uncorrectedLogEvidence")).doubleValue();
    }).toArray();
    return Ranks.of(v);
  }
}
