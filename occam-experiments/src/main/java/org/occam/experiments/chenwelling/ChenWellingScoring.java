package org.occam.experiments.chenwelling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.Parallel;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmMethod;
import org.occam.rbm.RbmParameterAis;
import org.occam.rbm.RbmProblem;
import org.occam.rbm.RbmScorer;
import org.occam.rbm.methods.RbmMethods;
import org.occam.sampling.PosteriorDrawSettings;
import org.occam.evidence.MethodRegistry;

/**
 * The work of the Chen–Welling experiment as independent tasks, each with its own seed, run in
 * parallel; every task gives rows of {@code scores.csv}. A score task runs {@link RbmScorer} on one
 * data set and K (laplace, laplace0 and map share one MAP run; ml-bic and ais-pd have their own); a
 * cross-validation task runs {@link RbmCrossValidation} for one K. Results come back in task order,
 * so they do not depend on the thread count.
 */
final class ChenWellingScoring {
  /** The method name of cross-validation rows (mean held-out log-likelihood per item). */
  static final String CV = "cv";

  private ChenWellingScoring() {}

  /**
   * One row of {@code scores.csv}: one method's score of one data set and K.
   *
   * @param figure the part: 1-2, 4, 6 or 7
   * @param model the random RBM whose samples are the data (Figures 1–2); 0 in Figures 4, 6 and 7,
   *     which have one data set per N
   * @param n the number of data items (documents)
   * @param k the number of hidden units scored
   * @param run the repeat of the method on the same data (0, 1, …), each with its own seed
   * @param logEvidence the estimate of ln p(D); NaN where the method gives none (cv, and laplace0
   *     when the Hessian is not positive definite)
   * @param perDocument logEvidence / n; for cv the mean held-out log-likelihood per item
   * @param stdError the estimate's standard error in nats, NaN when it has none
   * @param perDocumentStdError stdError / n; for cv the standard error of the fold mean
   * @param converged whether the method's optimiser or sampler reported convergence
   * @param fineTuningDistance how far fine-tuning moved λ from the PCD estimate, ‖λMP − λ_PCD‖₂
   *     (laplace, laplace0, map; NaN for the others)
   * @param fineTuningRemaining the fine-tuning's estimate of how far ℓ(λMP) is above its minimum, in
   *     nats (the Newton decrement; NaN where the Hessian is indefinite, and for the other methods)
   * @param note why a value is missing or not converged, without commas
   * @param seconds the method's wall time (laplace, laplace0 and map report their shared run)
   * @param seed the seed the method ran with
   */
  record Row(String figure, int model, long n, int k, String method, int run, double logEvidence,
      double perDocument, double stdError, double perDocumentStdError, boolean converged,
      double fineTuningDistance, double fineTuningRemaining, String note, double seconds, long seed) {}

  /** A unit of work. */
  interface Task {
    /** Does the work: the task's rows, in a fixed order. */
    List<Row> execute();

    /** A guess of the task's relative cost, to start the long ones first (the results do not depend on it). */
    double cost();

    /** The part the task belongs to. */
    String figure();
  }

  /**
   * {@link RbmScorer} on one data set and K.
   *
   * @param methods the scores asked for, in the order of the rows
   * @param aisPd the budget asked of ais-pd (recorded in every ais-pd row's provenance; see
   *     {@link #score})
   */
  record ScoreTask(String figure, int model, RbmData data, int k, int run, List<RbmMethod> methods,
      RbmLaplace.Settings settings, AisPdBudget aisPd, PosteriorDrawSettings posterior, long seed) implements Task {
    @Override
    public List<Row> execute() {
      List<Row> rows = new ArrayList<>();
      long n = data.size();
      for (EvidenceEstimate e : score(data, k, methods, settings, aisPd, posterior, seed)) {
        double se = e.stdError().isPresent() ? e.stdError().getAsDouble() : Double.NaN;
        double moved = number(e.diagnostics().get("fineTuningDistance"));
        double remaining = number(e.diagnostics().get("fineTuningRemaining"));
        rows.add(new Row(figure, model, n, k, e.method(), run, e.logEvidence(), e.logEvidence() / n, se, se / n,
            e.converged(), moved, remaining, note(e), e.seconds(), seed));
      }
      return rows;
    }

    @Override
    public double cost() {
      double f = (double) data.visibleCount() * k + data.visibleCount() + k;
      double weight = methods.contains(RbmMethod.AIS_PD) ? 50 * aisPd.runs() * aisPd.steps() / 1e4
          : methods.stream().anyMatch(RbmMethod::sampleBased) ? 1 + posterior.sampling().samples() / 1e3 : 1;
      return f * weight * Math.min(data.distinctRowCount(), 1000);
    }
  }

  /** One K cross-validated on one data set; the folds depend on the seed only, so every K shares them. */
  record CvTask(String figure, int model, RbmData data, int k, RbmCrossValidation.Settings settings, long seed)
      implements Task {
    @Override
    public List<Row> execute() {
      RbmCrossValidation.Result r = new RbmCrossValidation(data, settings).run(k, seed, 1, null);
      return List.of(new Row(figure, model, data.size(), k, CV, 0, Double.NaN, r.meanTestLogLikelihood(), Double.NaN,
          r.stdError(), true, Double.NaN, Double.NaN, "", r.seconds(), seed));
    }

    @Override
    public double cost() {
      double f = (double) data.visibleCount() * k + data.visibleCount() + k;
      return 3 * f * settings.folds() * Math.min(data.distinctRowCount(), 1000);
    }
  }

  /**
   * What the experiment asks of ais-pd: G runs of S temperatures (Chen &amp; Welling: one HMC
   * transition of 10 leapfrog steps per temperature on a linear schedule).
   */
  record AisPdBudget(int runs, int steps) {
    AisPdBudget {
      if (runs < 1 || steps < 1) {
        throw new InvalidInputException("--ais-pd-runs and --ais-pd-steps must be >= 1, got " + runs + " and "
            + steps);
      }
    }
  }

  /**
   * The scores of one data set and K, by {@link RbmScorer} on one thread.
   *
   * <p>ais-pd is asked for through RbmScorer like every other method, with the experiment's
   * {@code --ais-pd-runs} and {@code --ais-pd-steps} and the Laplace settings' σ0; the MCMC-based
   * estimators share one posterior run ({@code posterior}) of the problem.
   */
  static List<EvidenceEstimate> score(RbmData data, int k, List<RbmMethod> methods, RbmLaplace.Settings settings,
      AisPdBudget aisPd, PosteriorDrawSettings posterior, long seed) {
    RbmProblem problem = new RbmProblem(new RbmLaplace(data), k, settings, RbmParameterAis.defaultSettings()
        .withRuns(aisPd.runs()).withSteps(aisPd.steps()).withPriorSigma(settings.priorSigma()), posterior, seed, 1,
        stage -> { });
    return MethodRegistry.estimateAll(problem, methods.stream().map(m -> RbmMethods.get(m.label())).toList());
  }

  /** Why a score is missing or unconverged, as a short phrase without commas. */
  static String note(EvidenceEstimate e) {
    List<String> parts = new ArrayList<>();
    Map<String, Object> d = e.diagnostics();
    if (Boolean.FALSE.equals(d.get("positiveDefinite")) && e.method().equals(RbmMethod.LAPLACE0.label())) {
      parts.add("hessian not positive definite");
    }
    if (!e.converged()) {
      if (d.containsKey("fineTuningRemaining")) {
        // the fine-tuning's stops, and by how much it did not converge
        double remaining = number(d.get("fineTuningRemaining"));
        parts.add(String.format(Locale.ROOT, "stopped: %s then newton %s; %s", d.get("fineTuningStop"),
            d.get("newtonStop"), Double.isNaN(remaining) ? "hessian indefinite (not a minimum)"
                : String.format(Locale.ROOT, "%.3g nats above the minimum", remaining)));
      } else {
        parts.add("stopped: " + d.getOrDefault("fineTuningStop", d.getOrDefault("notConverged",
            d.getOrDefault("reason", "not converged"))));
      }
    }
    if (e.settings().get("mpsrf") instanceof Number mpsrf) {
      parts.add(String.format(Locale.ROOT, "chains: MPSRF %.3f (independent draws %.3f) tau %.0f thinning %s ESS %.0f"
          + " of %s draws", mpsrf.doubleValue(), number(e.settings().get("mpsrfIndependentDraws")),
          number(e.settings().get("autocorrelationTime")), e.settings().get("thinning"),
          number(d.get("posteriorEffectiveDraws")), d.get("posteriorDraws")));
    }
    if (d.get("trapezoidsUnbounded") instanceof Number u && u.longValue() > 0) {
      parts.add(u + " unbounded trapezoids");
    }
    return String.join("; ", parts).replace(',', ';');
  }

  private static double number(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  /**
   * Runs the tasks, the costliest first, on {@code threads} threads.
   *
   * @param progress told the number of tasks done (may be null)
   * @return every task's rows, in task order, and each task's wall time
   */
  static Result run(List<? extends Task> tasks, int threads, IntConsumer progress) {
    return run(tasks, threads, progress, i -> null, null);
  }

  /**
   * As above, taking the tasks done before an interruption from {@code before} (not run again) and
   * handing each task to {@code finished} as it is done. Every task carries its own seed, so a task's
   * rows do not depend on which others ran.
   *
   * @param before task i's rows and wall time from a resumed run, or null to run it
   * @param finished called with each task's index and outcome as it is done (from worker threads), or null
   */
  static Result run(List<? extends Task> tasks, int threads, IntConsumer progress, IntFunction<Timed> before,
      BiConsumer<Integer, Timed> finished) {
    int[] order = new int[tasks.size()];
    Integer[] byCost = new Integer[tasks.size()];
    for (int i = 0; i < byCost.length; i++) {
      byCost[i] = i;
    }
    java.util.Arrays.sort(byCost, (a, b) -> Double.compare(tasks.get(b).cost(), tasks.get(a).cost()));
    for (int i = 0; i < order.length; i++) {
      order[i] = byCost[i];
    }
    AtomicInteger done = new AtomicInteger();
    List<Timed> timed = Parallel.map(order, threads, "chen-welling", i -> {
      Timed kept = before.apply(i);
      if (kept != null) {
        return kept;
      }
      long start = System.nanoTime();
      List<Row> rows = tasks.get(i).execute();
      Timed t = new Timed(rows, (System.nanoTime() - start) * 1e-9);
      if (finished != null) {
        finished.accept(i, t);
      }
      int d = done.incrementAndGet();
      if (progress != null) {
        progress.accept(d);
      }
      return t;
    });
    List<Row> rows = new ArrayList<>();
    double seconds = 0;
    for (Timed t : timed) {
      rows.addAll(t.rows());
      seconds += t.seconds();
    }
    return new Result(List.copyOf(rows), seconds);
  }

  /** A task's rows and wall time. */
  record Timed(List<Row> rows, double seconds) {}

  /**
   * The rows of a set of tasks.
   *
   * @param taskSeconds the tasks' wall times summed (about the CPU time on idle cores)
   */
  record Result(List<Row> rows, double taskSeconds) {}
}
