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
