package org.occam.dag;

import org.occam.data.InvalidInputException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
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
import org.occam.task.LocalTaskRunner;
import org.occam.task.TaskJob;
import org.occam.task.TaskListener;
import org.occam.task.TaskOutcome;
import org.occam.task.TaskRunner;

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
  public record Scored(int index, DagStructure structure, List<EvidenceEstimate> estimates) implements Serializable {
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
    return scoreWith(structures, data, lambda, methods, settings, seed, new LocalTaskRunner(threads, true), progress,
        done, finished);
  }

  /**
   * As above, the structures scored as the tasks of a {@link TaskJob} on {@code runner}: the data
   * and settings shared, each structure with the state of its stream. A structure whose scoring
   * failed is kept, with a NaN score per method and the failure in its diagnostics
   * ({@link #failed}), unless the runner stops at the first failure. With adaptive restarts every
   * structure gets the fixed first restarts, and those near the top of some method
   * ({@link #nearTheTop}) are scored again, from the same streams, with the adaptive rule: a second
   * job.
   */
  public static List<Scored> scoreWith(List<DagStructure> structures, Dataset data, double lambda,
      List<? extends EvidenceMethod<DagProblem>> methods, DagScoreSettings settings, long seed, TaskRunner runner,
      IntConsumer progress, IntPredicate done, Consumer<Scored> finished) {
    if (!settings.adaptive()) {
      return scoreOnce(structures, data, lambda, methods, settings, seed, runner, progress, done, finished);
    }
    List<Scored> first = scoreOnce(structures, data, lambda, methods, settings.withFixedRestarts(settings.restarts()),
        seed, runner, progress, done, null);
    boolean[] near = nearTheTop(first, methods, settings.refineMargin());
    java.util.Set<Integer> again = new java.util.HashSet<>();
    for (int p = 0; p < first.size(); p++) {
      if (near[p]) {
        again.add(first.get(p).index());
      }
    }
    List<Scored> refined = scoreOnce(structures, data, lambda, methods, settings, seed, runner, null,
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

  /** One pass over the structures not done, with these settings, as one job on the runner. */
  private static List<Scored> scoreOnce(List<DagStructure> structures, Dataset data, double lambda,
      List<? extends EvidenceMethod<DagProblem>> methods, DagScoreSettings settings, long seed, TaskRunner runner,
      IntConsumer progress, IntPredicate done, Consumer<Scored> finished) {
    List<SplittableUniformRandomProvider> streams =
        RandomStreams.split(RandomStreams.fromSeed(seed), structures.size());
    // Largest structures first (by CPT size, a proxy for the work), so the last tasks are short and
    // no thread idles long at the end; each keeps its own stream, so results do not depend on the order.
    int[] todo = java.util.stream.IntStream.range(0, structures.size()).filter(i -> !done.test(i)).toArray();
    List<StructureTask> tasks = new ArrayList<>(todo.length);
    for (int index : todo) {
      tasks.add(new StructureTask(index, structures.get(index), RandomStreams.state(streams.get(index))));
    }
    int[] order = java.util.stream.IntStream.range(0, todo.length).boxed()
        .sorted(java.util.Comparator.comparingInt((Integer p) -> -structures.get(todo[p]).tableSize())
            .thenComparingInt(p -> p))
        .mapToInt(Integer::intValue).toArray();
    List<String> names = methods.stream().map(EvidenceMethod::name).toList();
    var job = new TaskJob<>("score structures", new SharedInputs(data, lambda, List.copyOf(names), settings, seed),
        tasks, tasks.stream().map(t -> "structure " + t.index()).toList(), order, StructureRanker::score);
    List<TaskOutcome<Scored>> outcomes = runner.run(job, new TaskListener<>() {
      @Override
      public void progress(int n) {
        if (progress != null) {
          progress.accept(n);
        }
      }

      @Override
      public void finished(TaskOutcome<Scored> o) {
        if (finished != null) {
          finished.accept(o.failed() ? failed(tasks.get(o.index()), names, o.failure()) : o.result());
        }
      }
    });
    List<Scored> out = new ArrayList<>(outcomes.size());
    for (TaskOutcome<Scored> o : outcomes) {
      out.add(o.failed() ? failed(tasks.get(o.index()), names, o.failure()) : o.result());
    }
    return out;
  }

  /** What every structure's scoring shares: sent once to each worker. */
  public record SharedInputs(Dataset data, double lambda, List<String> methods, DagScoreSettings settings, long seed)
      implements Serializable {}

  /** One structure to score: its index in the class, the structure, and the state of its random stream. */
  public record StructureTask(int index, DagStructure structure, byte[] stream) implements Serializable {}

  /** Scores one structure: what each task runs, wherever it runs. */
  static Scored score(SharedInputs in, StructureTask t) {
    DagStructure s = t.structure();
    var compiled = new HiddenStateEnumeration(s, in.data(), in.settings().configurationLimit());
    var estimates = DagScorer.score(compiled, DirichletPrior.uniform(s.size(), in.lambda()), in.settings(),
        RandomStreams.restore(t.stream()), in.seed(), in.methods().stream().map(DagMethods::get).toList());
    return new Scored(t.index(), s, List.copyOf(estimates));
  }

  /** The key in the diagnostics of a structure whose scoring failed: the failure. */
  public static final String FAILED = "failed";

  /** A structure whose scoring failed: a NaN score per method, the failure in the diagnostics. */
  static Scored failed(StructureTask t, List<String> methods, String failure) {
    List<EvidenceEstimate> estimates = new ArrayList<>();
    for (String m : methods) {
      Map<String, Object> diagnostics = new LinkedHashMap<>();
      diagnostics.put("converged", false);
      diagnostics.put(FAILED, failure);
      diagnostics.put("uncorrectedLogEvidence", Double.NaN);
      estimates.add(new EvidenceEstimate(m, Double.NaN, OptionalDouble.empty(), 0, Map.of(), OptionalLong.empty(),
          diagnostics));
    }
    return new Scored(t.index(), t.structure(), estimates);
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
