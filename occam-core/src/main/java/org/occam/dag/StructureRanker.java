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
    return score(structures, lambda, List.of(new Batch("", data, methods, settings, seed, done, finished)), runner,
        progress).get(0);
  }

  /**
   * Every structure scored on each of several data sets (each with its methods, settings and seed),
   * all in one job on {@code runner} (two with adaptive restarts): for an engine whose jobs cost
   * more to start than a data set's scoring, such as Spark's. Each data set's scores equal those of
   * {@link #scoreWith} on it alone; a failed structure is named with its data set's label.
   *
   * @param progress called with the number of structures done so far over all the data sets, or null
   * @return each data set's structures, by ascending index, in the order of {@code batches}
   */
  public static List<List<Scored>> scoreEach(List<DagStructure> structures, double lambda, List<Batch> batches,
      TaskRunner runner, IntConsumer progress) {
    return score(structures, lambda, batches, runner, progress);
  }

  /**
   * One data set to score every structure on, with its methods, settings and seed; {@code done}
   * leaves out the structures scored before (null: none), {@code finished} is told of each as it is
   * scored (null: nobody); {@code label} names the data set in a failed structure's key ("" for none).
   */
  public record Batch(String label, Dataset data, List<? extends EvidenceMethod<DagProblem>> methods,
      DagScoreSettings settings, long seed, IntPredicate done, Consumer<Scored> finished) {
    /** A data set with every structure to score and nobody to tell. */
    public Batch(String label, Dataset data, List<? extends EvidenceMethod<DagProblem>> methods,
        DagScoreSettings settings, long seed) {
      this(label, data, methods, settings, seed, i -> false, null);
    }

    public Batch {
      done = done != null ? done : i -> false;
    }

    private Batch withSettings(DagScoreSettings s, IntPredicate d, Consumer<Scored> f) {
      return new Batch(label, data, methods, s, seed, d, f);
    }
  }

  private static List<List<Scored>> score(List<DagStructure> structures, double lambda, List<Batch> batches,
      TaskRunner runner, IntConsumer progress) {
    if (batches.stream().noneMatch(b -> b.settings().adaptive())) {
      return scoreOnce(structures, lambda, batches, runner, progress);
    }
    // the fixed first restarts everywhere; then, from the same streams, the adaptive rule for the
    // structures near the top of some method (a data set with fixed restarts has nothing to refine)
    List<Batch> fixed = batches.stream()
        .map(b -> b.withSettings(b.settings().withFixedRestarts(b.settings().restarts()), b.done(), null)).toList();
    List<List<Scored>> first = scoreOnce(structures, lambda, fixed, runner, progress);
    List<Batch> again = new ArrayList<>();
    for (int b = 0; b < batches.size(); b++) {
      Batch batch = batches.get(b);
      java.util.Set<Integer> near = new java.util.HashSet<>();
      if (batch.settings().adaptive()) {
        boolean[] top = nearTheTop(first.get(b), batch.methods(), batch.settings().refineMargin());
        for (int p = 0; p < top.length; p++) {
          if (top[p]) {
            near.add(first.get(b).get(p).index());
          }
        }
      }
      again.add(batch.withSettings(batch.settings(), i -> !near.contains(i), null));
    }
    List<List<Scored>> refined = scoreOnce(structures, lambda, again, runner, null);
    List<List<Scored>> out = new ArrayList<>();
    for (int b = 0; b < batches.size(); b++) {
      java.util.Map<Integer, Scored> byIndex = new java.util.HashMap<>();
      for (Scored x : refined.get(b)) {
        byIndex.put(x.index(), x);
      }
      List<Scored> kept = new ArrayList<>();
      for (Scored x : first.get(b)) {
        Scored k = byIndex.getOrDefault(x.index(), x);
        if (batches.get(b).finished() != null) {
          batches.get(b).finished().accept(k);
        }
        kept.add(k);
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

  /**
   * One pass over the structures not done, on every data set, as one job on the runner. Within a data
   * set the largest structures (by CPT size, a proxy for the work) go first; across data sets, by CPT
   * size times distinct rows, so the last tasks are short and no worker idles long at the end. Each
   * structure keeps its own stream, so results do not depend on the order.
   */
  private static List<List<Scored>> scoreOnce(List<DagStructure> structures, double lambda, List<Batch> batches,
      TaskRunner runner, IntConsumer progress) {
    List<SharedInputs> shared = new ArrayList<>();
    List<BatchTask> tasks = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    List<List<String>> names = new ArrayList<>();
    for (int b = 0; b < batches.size(); b++) {
      Batch batch = batches.get(b);
      List<String> methodNames = batch.methods().stream().map(EvidenceMethod::name).toList();
      names.add(methodNames);
      shared.add(new SharedInputs(batch.data(), lambda, List.copyOf(methodNames), batch.settings(), batch.seed()));
      List<SplittableUniformRandomProvider> streams =
          RandomStreams.split(RandomStreams.fromSeed(batch.seed()), structures.size());
      for (int index = 0; index < structures.size(); index++) {
        if (!batch.done().test(index)) {
          tasks.add(new BatchTask(b, new StructureTask(index, structures.get(index),
              RandomStreams.state(streams.get(index)))));
          keys.add((batch.label().isEmpty() ? "" : batch.label() + ", ") + "structure " + index);
        }
      }
    }
    long[] cost = new long[tasks.size()];
    for (int p = 0; p < cost.length; p++) {
      BatchTask t = tasks.get(p);
      cost[p] = (long) t.task().structure().tableSize() * batches.get(t.batch()).data().distinctRows();
    }
    int[] order = java.util.stream.IntStream.range(0, tasks.size()).boxed()
        .sorted(java.util.Comparator.comparingLong((Integer p) -> -cost[p]).thenComparingInt(p -> p))
        .mapToInt(Integer::intValue).toArray();
    var job = new TaskJob<>("score structures", new Shared(List.copyOf(shared)), tasks, keys, order,
        StructureRanker::score);
    List<TaskOutcome<Scored>> outcomes = runner.run(job, new TaskListener<>() {
      @Override
      public void progress(int n) {
        if (progress != null) {
          progress.accept(n);
        }
      }

      @Override
      public void finished(TaskOutcome<Scored> o) {
        BatchTask t = tasks.get(o.index());
        Consumer<Scored> told = batches.get(t.batch()).finished();
        if (told != null) {
          told.accept(o.failed() ? failed(t.task(), names.get(t.batch()), o.failure()) : o.result());
        }
      }
    });
    List<List<Scored>> out = new ArrayList<>();
    for (int b = 0; b < batches.size(); b++) {
      out.add(new ArrayList<>());
    }
    for (TaskOutcome<Scored> o : outcomes) {
      BatchTask t = tasks.get(o.index());
      out.get(t.batch()).add(o.failed() ? failed(t.task(), names.get(t.batch()), o.failure()) : o.result());
    }
    return out;
  }

  /** What every task of a job shares: each data set's inputs, sent once to each worker. */
  record Shared(List<SharedInputs> batches) implements Serializable {}

  /** One structure of one data set of the job. */
  record BatchTask(int batch, StructureTask task) implements Serializable {}

  /** Scores one structure of one data set: what each task runs, wherever it runs. */
  static Scored score(Shared in, BatchTask t) {
    return score(in.batches().get(t.batch()), t.task());
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
