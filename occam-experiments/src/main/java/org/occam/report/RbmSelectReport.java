package org.occam.report;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.evidence.EvidenceEstimate;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmOrderTasks;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.OrderSelection;
import org.occam.search.ScaledWorkEstimate;
import org.occam.search.WorkCounts;
import org.occam.task.LocalTaskRunner;
import org.occam.task.TaskJob;
import org.occam.task.TaskListener;
import org.occam.task.TaskOutcome;
import org.occam.task.TaskRunner;

/**
 * What {@code occam rbm select} prints and writes when choosing the number of hidden units K of a
 * restricted Boltzmann machine by the evidence (Chen &amp; Welling 2013) and, optionally, by
 * cross-validated test log-likelihood: the table per K, the best K per method, the edge warnings
 * and the JSON of the run.
 */
public final class RbmSelectReport {
  /** The JSON {@code command} of the runs this report describes (checked by {@code --extend}). */
  public static final String COMMAND = "rbm select";

  private final OrderSelection.Result<Row> result;
  private final List<String> scoreMethods;
  private final boolean crossValidation;
  private final int visible;
  private final List<String> warnings;

  /**
   * @param scoreMethods the evidence methods, in the order of the rows' scores (cross-validation after them)
   * @param crossValidation whether the rows carry a {@code cv} score
   * @param visible the number of visible units V
   */
  public RbmSelectReport(OrderSelection.Result<Row> result, List<String> scoreMethods, boolean crossValidation,
      int visible) {
    this.result = result;
    this.scoreMethods = List.copyOf(scoreMethods);
    this.crossValidation = crossValidation;
    this.visible = visible;
    this.warnings = OrderSelectionReport.edgeWarnings(new PrintWriter(Writer.nullWriter()), result, "K");
  }

  /** The table per K (F = VK + V + K parameters), the best K per method, and the warnings. */
  public void print(PrintWriter out) {
    List<String> header = new ArrayList<>(List.of("K", "F"));
    header.addAll(scoreMethods);
    if (crossValidation) {
      header.add("cv per row");
      header.add("cv se");
    }
    List<String[]> rows = new ArrayList<>();
    int v = visible;
    boolean anyNotConverged = false;
    for (OrderSelection.Scored<Row> s : result.scored()) {
      int k = s.order();
      List<String> row = new ArrayList<>(List.of(Integer.toString(k), Integer.toString(v * k + v + k)));
      for (int m = 0; m < scoreMethods.size(); m++) {
        boolean converged = s.result().converged().get(m);
        anyNotConverged |= !converged;
        row.add(Tables.score(s.scores().get(m).value()) + (converged ? "" : " *"));
      }
      if (crossValidation) {
        OrderSelection.Score c = s.score("cv");
        row.add(String.format(Locale.ROOT, "%.4f", c.value()));
        row.add(String.format(Locale.ROOT, "%.4f", c.stdError().orElse(Double.NaN)));
      }
      rows.add(row.toArray(new String[0]));
    }
    Tables.print(out, header.toArray(new String[0]), rows);
    OrderSelectionReport.printChoices(out, result, "best K by", "K", List.of("cv"));
    if (anyNotConverged) {
      out.println("* the optimiser stopped without converging; see the JSON diagnostics");
    }
    warnings.forEach(l -> out.println("warning: " + l));
  }

  /**
   * The run as JSON (a map tree for {@link ResultJson#write}).
   *
   * @param methodNames every method, {@code cv} included
   * @param settings every option that changes a score
   * @param scored the K scored in this run
   * @param extended the previous run continued, or null
   */
  public Map<String, Object> json(Map<String, Object> dataInfo, List<String> methodNames, Map<String, Object> settings,
      int threads, int[] scored, Path extended) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("command", COMMAND);
    root.put("data", dataInfo);
    root.put("methods", methodNames);
    root.put("settings", settings);
    root.put("models", result.scored().stream().map(s -> s.result().json()).toList());
    root.put("bestHidden", result.bestOrders());
    if (crossValidation) {
      var c = result.choice("cv");
      root.put("cvOneStandardErrorHidden", c.withinOneStandardError().isPresent()
          ? c.withinOneStandardError().getAsInt() : null);
    }
    Map<String, Object> edges = new LinkedHashMap<>();
    for (var c : result.choices()) {
      edges.put(c.method(), c.atUpperEdge() ? "upper" : c.atLowerEdge() ? "lower" : null);
    }
    root.put("bestAtEdge", edges);
    root.put("warnings", warnings);
    Map<String, Object> run = new LinkedHashMap<>();
    run.put("threads", threads);
    run.put("scored", scored);
    run.put("extended", extended == null ? null : extended.toString());
    root.put("run", run);
    return root;
  }

  /** A freshly scored K's row: its estimates and, when asked for, its cross-validation (else null), last. */
  public static Row freshRow(int hidden, List<EvidenceEstimate> estimates, RbmCrossValidation.Result cv) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hidden", hidden);
    m.put("results", estimates.stream().map(ResultJson::estimate).toList());
    List<OrderSelection.Score> extra = new ArrayList<>();
    if (cv != null) {
      m.put("cv", RbmScoreReport.crossValidationJson(cv));
      extra.add(new OrderSelection.Score("cv", cv.meanTestLogLikelihood(), OptionalDouble.of(cv.stdError())));
    }
    return Row.of(m, estimates, extra);
  }

  /**
   * The previous run continued by {@code --extend}, its rows chosen over, once it is checked to
   * have been made on the same data with the same methods and settings; null without one.
   *
   * @param previous the previous run's JSON ({@link PreviousRun#readPrevious}), or null
   */
  public static OrderSelection.Result<Row> previous(Path file, JsonNode previous, Map<String, Object> dataInfo,
      List<String> methodNames, Map<String, Object> settings) {
    if (previous == null) {
      return null;
    }
    PreviousRun.requireSameData(file, previous, dataInfo);
    PreviousRun.requireSame(file, previous, "methods", methodNames, "the methods");
    PreviousRun.requireSame(file, previous, "settings", settings, "the settings");
    return OrderSelection.choose(PreviousRun.previousRows(file, previous, "hidden", PreviousRun::readRow), 1);
  }

  /**
   * The rows a run keeps: the previous run's ({@code --extend}) and the journal's finished K, chosen
   * over; null when there are none.
   *
   * @param previous the previous run's rows chosen over, or null
   */
  public static OrderSelection.Result<Row> kept(OrderSelection.Result<Row> previous, List<JsonNode> resumed) {
    List<OrderSelection.Scored<Row>> kept = new ArrayList<>(previous == null ? List.of() : previous.scored());
    kept.addAll(PreviousRun.resumedRows(resumed, "hidden"));
    return kept.isEmpty() ? null : OrderSelection.choose(kept, 1);
  }

  /** One K done: its row and its time. */
  @FunctionalInterface
  public interface Finished {
    void accept(int hidden, Row row, double seconds);
  }

  /**
   * Scores the K wanted that {@code kept} lacks, one K at a time (each K's scores and folds run on
   * every thread), and chooses over all.
   *
   * @param kept the rows kept ({@link #kept}), or null
   * @param scorer one K's row
   * @param finished told of each K as it is done
   */
  public static OrderSelection.Result<Row> run(int[] wanted, OrderSelection.Result<Row> kept, IntFunction<Row> scorer,
      Finished finished) {
    OrderSelection<Row> selection = new OrderSelection<>(1, k -> {
      long t = System.nanoTime();
      Row row = scorer.apply(k);
      finished.accept(k, row, (System.nanoTime() - t) * 1e-9);
      return row;
    }, Row::scores, 1);
    return kept == null ? selection.run(wanted) : selection.extend(kept, wanted);
  }

  /** Told of each K's task as it ends, from the thread that learns of it. */
  public interface Listener {
    /** K's row, and the seconds its scoring took. */
    void finished(int hidden, Row row, double seconds);

    /** K's scoring failed: "K = 3: IllegalStateException: …". */
    default void failed(String failure) {}

    /** {@code done} of the job's K have ended. */
    default void progress(int done) {}
  }

  /**
   * The listener of a command's run: each K's line kept in the log (and printed), the time estimate's
   * line once it has one, a failed K said, the count of K done to the progress bar.
   *
   * @param eta the estimate, or null when there is none (the K run side by side)
   * @param say prints a line on stderr
   * @param bar told the K done, or null
   */
  public static Listener listener(UnitLog log, ScaledWorkEstimate eta, int visible, Consumer<String> say,
      java.util.function.IntConsumer bar) {
    return new Listener() {
      @Override
      public void finished(int k, Row row, double seconds) {
        log.finished(row.json(), unitLine(k, row, seconds));
        if (eta != null) {
          eta.observe(WorkCounts.rbmParameters(visible, k)).ifPresent(say);
        }
      }

      @Override
      public void failed(String failure) {
        say.accept(failure);
      }

      @Override
      public void progress(int done) {
        if (bar != null) {
          bar.accept(done);
        }
      }
    };
  }

  /**
   * A run of the K's tasks.
   *
   * @param result the rows chosen over: the kept ones and the K scored now, without the failed K;
   *     null when there are none
   * @param tasks the number of K the run scored (its tasks)
   * @param failed the K whose scoring failed, ascending
   * @param failures each failed K's key and failure, in K order
   */
  public record Run(OrderSelection.Result<Row> result, int tasks, int[] failed, List<String> failures) {
    public Run {
      failed = failed.clone();
      failures = List.copyOf(failures);
    }

    /** The K of {@code hidden} that did not fail. */
    public int[] withoutFailed(int[] hidden) {
      return Arrays.stream(hidden).filter(k -> Arrays.binarySearch(failed, k) < 0).toArray();
    }
  }

  /**
   * Scores the K wanted that {@code kept} lacks as the tasks of a job ({@link RbmOrderTasks}) and
   * chooses over all. On a {@link LocalTaskRunner} the K run one after another, each on the inputs'
   * threads, the largest first, as a selection always has; on any other runner they run side by side,
   * each on one thread. A K whose task failed is left out of the choices and named in
   * {@link Run#failures} (unless the runner fails fast, when {@link org.occam.task.TaskFailedException}
   * ends the run).
   *
   * @param kept the rows kept ({@link #kept}), or null
   * @param stages told each stage's name with the local runner (others ship the job), or null
   */
  public static Run run(int[] wanted, OrderSelection.Result<Row> kept, RbmOrderTasks.Inputs inputs,
      TaskRunner runner, Consumer<String> stages, Listener listener) {
    boolean local = runner instanceof LocalTaskRunner;
    TaskRunner sequential = local ? new LocalTaskRunner(1, runner.failFast()) : runner;
    int[] fresh = toScore(wanted, kept);
    TaskJob<RbmOrderTasks.Inputs, Integer, RbmOrderTasks.Scores> job =
        RbmOrderTasks.job(local ? inputs : inputs.withThreads(1), fresh, local ? stages : null);
    Map<Integer, Row> rows = new ConcurrentHashMap<>();
    List<TaskOutcome<RbmOrderTasks.Scores>> outcomes = sequential.run(job, new TaskListener<>() {
      @Override
      public void finished(TaskOutcome<RbmOrderTasks.Scores> o) {
        if (o.failed()) {
          listener.failed(o.describeFailure());
          return;
        }
        RbmOrderTasks.Scores s = o.result();
        Row row = freshRow(s.hidden(), s.estimates(), s.crossValidation());
        rows.put(s.hidden(), row);
        listener.finished(s.hidden(), row, s.seconds());
      }

      @Override
      public void progress(int done) {
        listener.progress(done);
      }
    });
    List<String> failures = new ArrayList<>();
    List<Integer> failed = new ArrayList<>();
    for (TaskOutcome<RbmOrderTasks.Scores> o : outcomes) {
      if (o.failed()) {
        failures.add(o.describeFailure());
        failed.add(job.tasks().get(o.index()));
      }
    }
    Run run = new Run(null, job.size(), failed.stream().mapToInt(Integer::intValue).sorted().toArray(), failures);
    int[] chosen = run.withoutFailed(wanted);
    if (chosen.length == 0) {
      return run;
    }
    // every row is made: the selection only looks them up and chooses
    return new Run(run(chosen, kept, rows::get, (k, row, seconds) -> { }), run.tasks(), run.failed(), failures);
  }

  /** The K wanted that a previous run (or null) did not score. */
  public static int[] toScore(int[] wanted, OrderSelection.Result<Row> previous) {
    int[] before = previous == null ? new int[0] : previous.orders();
    return Arrays.stream(wanted).filter(k -> Arrays.binarySearch(before, k) < 0).toArray();
  }

  /** The line that says which K and methods are scored, and what a continued run adds. */
  public static void printPlan(PrintWriter out, int[] wanted, List<String> methodNames,
      OrderSelection.Result<Row> previous, Path extended) {
    int[] toScore = toScore(wanted, previous);
    out.printf(Locale.ROOT, "K in %s; methods %s%s%n", Arrays.toString(wanted), String.join(",", methodNames),
        previous == null ? "" : "; extending " + extended + " (K in " + Arrays.toString(previous.orders())
            + "), scoring " + (toScore.length == 0 ? "nothing new" : Arrays.toString(toScore)));
  }

  /**
   * The line that says what is coming: the K, the methods, the data's size and the largest number
   * of parameters ({@link WorkCounts#rbmParameters}).
   *
   * @param logZ how log Z is computed, as the option says it
   */
  public static String workLine(RbmData d, int[] toScore, List<String> methodNames, boolean crossValidation,
      String logZ) {
    int largest = Arrays.stream(toScore).max().orElse(0);
    return String.format(Locale.ROOT, "rbm select: %d order(s) K in %s x %s on %,d rows x %d visible units; up to %,d"
        + " parameters (K = %d)%s, log Z %s", toScore.length, Arrays.toString(toScore), String.join(",", methodNames),
        (long) d.size(), d.visibleCount(), (long) WorkCounts.rbmParameters(d.visibleCount(), largest), largest,
        crossValidation ? "; cv refits every fold" : "", logZ);
  }

  /** The estimate made once the first K is done, scaled by the number of parameters. */
  public static ScaledWorkEstimate estimate(RbmData d, int[] toScore) {
    double total = Arrays.stream(toScore).mapToDouble(k -> WorkCounts.rbmParameters(d.visibleCount(), k)).sum();
    return new ScaledWorkEstimate(COMMAND, total, "K", "the number of parameters (V+1)(K+1)-1", System::nanoTime);
  }

  /** The line printed when a K is done: "K = 3: laplace -1203.90, cv -1.2041 per row (12.4 s)". */
  public static String unitLine(int k, Row row, double seconds) {
    return String.format(Locale.ROOT, "K = %d: %s (%.1f s)", k, OrderSelectionReport.scoresText(row), seconds);
  }

  /** A SHA-256 of the data as the scores see it: the columns, distinct rows and their counts. */
  public static String fingerprint(RbmData d) {
    StringBuilder b = new StringBuilder(String.join(",", d.columnNames())).append(';');
    for (int r = 0; r < d.distinctRowCount(); r++) {
      b.append(Arrays.toString(d.row(r))).append('x').append(d.count(r)).append(';');
    }
    return OrderSelectionReport.fingerprint(b.toString());
  }
}
