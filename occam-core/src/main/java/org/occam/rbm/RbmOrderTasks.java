package org.occam.rbm;

import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.rbm.methods.RbmMethods;
import org.occam.sampling.ParameterSpaceAis;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.task.TaskFunction;
import org.occam.task.TaskJob;

/**
 * The numbers of hidden units K of an RBM order selection as the tasks of a {@link TaskJob}: the
 * data and every setting shared, each task one K, its result the K's evidence estimates and
 * cross-validation. A K's numbers depend only on the shared inputs and K (every run splits its
 * streams off the seed, {@link RbmProblem}, {@link RbmCrossValidation}), so the K may run in any
 * order, one after another or side by side, here or in other processes.
 *
 * <pre>{@code
 * var in = new RbmOrderTasks.Inputs(data, RbmLaplace.Settings.defaults(), aisPd, PosteriorDrawSettings.defaults(),
 *     List.of("laplace"), RbmCrossValidation.Settings.defaults(), 1L, 2);
 * List<TaskOutcome<RbmOrderTasks.Scores>> out = LocalTaskRunner.of(1).run(RbmOrderTasks.job(in, new int[] {1, 2, 3}, null),
 *     TaskListener.none());
 * }</pre>
 */
public final class RbmOrderTasks {
  private RbmOrderTasks() {}

  /**
   * What every K's scoring shares: sent once to each worker.
   *
   * @param methods the evidence methods' names, looked up in {@link RbmMethods#REGISTRY} where the
   *     task runs (cross-validation is not one of them)
   * @param crossValidation the cross-validation's settings, or null for none
   * @param seed the seed of every run of every K
   * @param threads the threads each K's scoring uses; the numbers do not depend on it
   */
  public record Inputs(RbmData data, RbmLaplace.Settings laplace, ParameterSpaceAis.Settings aisPd,
      PosteriorDrawSettings posterior, List<String> methods, RbmCrossValidation.Settings crossValidation, long seed,
      int threads) implements Serializable {
    public Inputs {
      Objects.requireNonNull(data, "data");
      Objects.requireNonNull(laplace, "laplace");
      Objects.requireNonNull(aisPd, "aisPd");
      Objects.requireNonNull(posterior, "posterior");
      methods = List.copyOf(methods);
      if (crossValidation != null) {
        new RbmCrossValidation(data, crossValidation); // refuses more folds than items before any K runs
      }
      if (methods.isEmpty() && crossValidation == null) {
        throw new InvalidInputException("an RBM order selection needs an evidence method or cross-validation");
      }
      if (threads < 1) {
        throw new InvalidInputException("threads must be >= 1, got " + threads);
      }
    }

    /** The same inputs with each K on {@code n} threads. */
    public Inputs withThreads(int n) {
      return new Inputs(data, laplace, aisPd, posterior, methods, crossValidation, seed, n);
    }

    /** The evidence methods, from the registry. */
    public List<EvidenceMethod<RbmProblem>> evidenceMethods() {
      return methods.stream().map(RbmMethods::get).toList();
    }
  }

  /**
   * One K's scores.
   *
   * @param hidden K
   * @param estimates the evidence estimates, in the order of {@link Inputs#methods}
   * @param crossValidation the cross-validation, or null when none was asked for
   * @param seconds the wall time of the K's scoring, where it ran
   */
  public record Scores(int hidden, List<EvidenceEstimate> estimates, RbmCrossValidation.Result crossValidation,
      double seconds) implements Serializable {
    public Scores {
      estimates = List.copyOf(estimates);
    }
  }

  /** The key naming K's task in messages: "K = 3". */
  public static String key(int hidden) {
    return "K = " + hidden;
  }

  /**
   * The job scoring each K, the largest first (the slowest, so no worker idles at the end).
   *
   * @param stages told each stage's name ("K = 3: pcd"), for a person watching; null for none. A
   *     job with stages holds them, so it runs only in this process: give null for any engine that
   *     ships the job elsewhere.
   */
  public static TaskJob<Inputs, Integer, Scores> job(Inputs in, int[] hidden, Consumer<String> stages) {
    List<Integer> tasks = IntStream.of(hidden).boxed().toList();
    int[] largestFirst = IntStream.range(0, hidden.length).boxed()
        .sorted(Comparator.comparingInt((Integer i) -> -hidden[i]).thenComparingInt(i -> i))
        .mapToInt(Integer::intValue).toArray();
    TaskFunction<Inputs, Integer, Scores> function = stages == null ? RbmOrderTasks::score
        : (shared, k) -> score(shared, k, s -> stages.accept(key(k) + ": " + s));
    return new TaskJob<>("rbm select", in, tasks, tasks.stream().map(RbmOrderTasks::key).toList(), largestFirst,
        function);
  }

  /** Scores one K: what each task runs, wherever it runs. */
  public static Scores score(Inputs in, Integer hidden) {
    return score(in, hidden, s -> { });
  }

  /**
   * Scores one K: its evidence estimates on one {@link RbmProblem} (so that laplace, laplace0 and map
   * share a run), then its cross-validation.
   *
   * @param stages told each stage's name
   */
  public static Scores score(Inputs in, int hidden, Consumer<String> stages) {
    long start = System.nanoTime();
    List<EvidenceMethod<RbmProblem>> methods = in.evidenceMethods();
    List<EvidenceEstimate> estimates = methods.isEmpty() ? List.of()
        : MethodRegistry.estimateAll(new RbmProblem(new RbmLaplace(in.data()), hidden, in.laplace(), in.aisPd(),
            in.posterior(), in.seed(), in.threads(), stages), methods);
    RbmCrossValidation.Result cv = in.crossValidation() == null ? null
        : new RbmCrossValidation(in.data(), in.crossValidation()).run(hidden, in.seed(), in.threads(), null);
    return new Scores(hidden, estimates, cv, (System.nanoTime() - start) * 1e-9);
  }
}
