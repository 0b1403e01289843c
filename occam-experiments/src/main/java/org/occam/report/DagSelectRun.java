package org.occam.report;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.data.Dataset;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.report.OrderSelectionReport.Row;
import org.occam.search.LatentClassOrders;
import org.occam.search.OrderRange;
import org.occam.search.OrderSelection;
import org.occam.search.ScaledWorkEstimate;
import org.occam.search.WorkCounts;
import org.occam.search.WorkEstimate;
import org.occam.search.WorkLimit;

/**
 * What a {@code dag select} run says about its input and records and reads back for
 * {@code --extend}: the plan of a run (the models to score beside those a previous run or the
 * journal kept), its cost model and refusal, the scoring itself; the lines describing the data,
 * the latent class model, each model done and what a continued run scores; each model's row (hidden variables, states, free parameters, estimates); the data
 * with its fingerprint; and the model class.
 */
public final class DagSelectRun {
  private DagSelectRun() {}

  /** The lines that say what is scored: the data, the latent class model, the range of states and the methods. */
  public static void describe(PrintWriter out, Path file, Dataset d, int[] hiddenVariables, int[] states,
      List<String> methodNames) {
    out.printf(Locale.ROOT, "data %s: n = %s, %d distinct rows, %d observed variables%n", file,
        Tables.number(d.size()), d.distinctRows(), d.variables().size());
    boolean one = hiddenVariables.length == 1 && hiddenVariables[0] == 1;
    String hiddenName = LatentClassOrders.structure(d.variables(), 1, 1).name(0);
    out.printf(Locale.ROOT, "latent class model: %s, the parent%s of every observed variable; states in %s; methods %s%n",
        one ? "1 hidden variable " + hiddenName : OrderRange.format(hiddenVariables) + " hidden variables",
        one ? "" : "s", OrderRange.format(states), String.join(",", methodNames));
  }

  /**
   * What a run does for one number of hidden variables.
   *
   * @param saved the numbers of states the run continued by {@code --extend} scored (kept, not redone)
   * @param toScore the numbers of states wanted and not saved (those the journal kept among them:
   *     the selection keeps them, as {@link OrderSelection#extend} does)
   * @param before the rows kept from the previous run and the journal, chosen over; null when none
   */
  public record Part(int hiddenVariables, int[] saved, int[] toScore, OrderSelection.Result<Row> before) {}

  /** One model done: k hidden variables of s states, its row and its time. */
  @FunctionalInterface
  public interface Finished {
    void accept(int hiddenVariables, int states, Row row, double seconds);
  }

  /**
   * The rows of the previous run continued by {@code --extend}, once it is checked to have been
   * made on the same data with the same model class, methods and settings; empty without one.
   *
   * @param previous the previous run's JSON ({@link PreviousRun#readPrevious}), or null
   */
  public static List<OrderSelection.Scored<Row>> saved(Path file, JsonNode previous, Map<String, Object> dataInfo,
      Map<String, Object> model, List<String> methodNames, Map<String, Object> settings) {
    if (previous == null) {
      return List.of();
    }
    PreviousRun.requireSameData(file, previous, dataInfo);
    PreviousRun.requireSame(file, previous, "model", model, "the model class");
    PreviousRun.requireSame(file, previous, "methods", methodNames, "the methods");
    PreviousRun.requireSame(file, previous, "settings", settings, "the settings");
    return PreviousRun.previousRows(file, previous, "states", PreviousRun::readRow);
  }

  /**
   * Plans a run: for each number of hidden variables asked for or saved by the previous run, the
   * states to score and the rows kept.
   *
   * @param hiddenVariables the numbers of hidden variables asked for
   * @param states the numbers of states wanted
   * @param saved the previous run's rows ({@code --extend}), or empty
   * @param resumed the journal's finished models, or empty
   */
  public static List<Part> plan(int[] hiddenVariables, int[] states, List<OrderSelection.Scored<Row>> saved,
      List<JsonNode> resumed) {
    // a continued run keeps every number of hidden variables it had
    int[] counts = OrderRange.union(hiddenVariables, saved.stream().mapToInt(r -> hiddenVariablesOf(r)).toArray());
    List<OrderSelection.Scored<Row>> journalled = PreviousRun.resumedRows(resumed, "states");
    List<Part> parts = new ArrayList<>();
    for (int k : counts) {
      List<OrderSelection.Scored<Row>> mine = with(saved, k);
      int[] done = mine.stream().mapToInt(OrderSelection.Scored::order).sorted().toArray();
      List<OrderSelection.Scored<Row>> kept = new ArrayList<>(mine);
      kept.addAll(with(journalled, k));
      int[] toScore = Arrays.stream(states).filter(s -> Arrays.binarySearch(done, s) < 0).toArray();
      parts.add(new Part(k, done, toScore, kept.isEmpty() ? null : OrderSelection.choose(kept, 1)));
    }
    return parts;
  }

  /**
   * Scores every part's states (each part's models on {@code threads} threads) and chooses.
   *
   * @param states the numbers of states wanted
   * @param finished told of each model as it is done, from any thread
   * @return one block per part, in order
   */
  public static List<DagSelectReport.Block> run(List<Part> parts, int[] states, LatentClassOrders orders,
      List<Variable> observed, int threads, Finished finished) {
    List<DagSelectReport.Block> blocks = new ArrayList<>();
    for (Part p : parts) {
      int k = p.hiddenVariables();
      OrderSelection<Row> selection = new OrderSelection<>(1, s -> {
        long t = System.nanoTime();
        Row row = freshRow(k, s, orders.score(k, s), observed);
        finished.accept(k, s, row, (System.nanoTime() - t) * 1e-9);
        return row;
      }, Row::scores, threads);
      blocks.add(new DagSelectReport.Block(k, p.toScore(),
          p.before() == null ? selection.run(states) : selection.extend(p.before(), states)));
    }
    return blocks;
  }

  /** The models a plan scores (those the journal kept among them). */
  public static int models(List<Part> parts) {
    return parts.stream().mapToInt(p -> p.toScore().length).sum();
  }

  /** The cost model's weight of k hidden variables of s states: {@link WorkCounts#emWork}. */
  public static double emWork(Dataset d, int k, int s) {
    return WorkCounts.emWork(d, cardinalities(k, s));
  }

  /**
   * Refuses a model of the plan past {@code maxEmConfigurations} ({@link WorkLimit#requireEm}) and
   * returns the line that says what is coming: models, methods, restarts, the largest EM
   * iteration and the cost model's bound on it.
   */
  public static String workLine(Dataset d, List<Part> parts, int methods, int restarts, int maxIterations,
      double maxEmConfigurations) {
    double largest = 0;
    for (Part p : parts) {
      for (int s : p.toScore()) {
        largest = Math.max(largest, WorkLimit.requireEm(DagSelectReport.COMMAND, d,
            cardinalities(p.hiddenVariables(), s), maxEmConfigurations, "try fewer hidden states or hidden variables"));
      }
    }
    return String.format(Locale.ROOT, "dag select: %d model(s) x %d method(s) (%d EM restarts each) on %d distinct"
        + " rows; an EM iteration sums up to %s configurations of the unobserved variables, %s", models(parts),
        methods, restarts, d.distinctRows(), WorkEstimate.count((long) largest),
        WorkCounts.emBound(largest, d.variables().size() + 1, maxIterations, restarts));
  }

  /** The estimate of the plan's time made once its first model is done, scaled by {@link #emWork}. */
  public static ScaledWorkEstimate estimate(Dataset d, List<Part> parts) {
    double total = 0;
    for (Part p : parts) {
      for (int s : p.toScore()) {
        total += emWork(d, p.hiddenVariables(), s);
      }
    }
    return new ScaledWorkEstimate(DagSelectReport.COMMAND, total, "model", "the configurations an EM iteration sums",
        System::nanoTime);
  }

  /**
   * The line printed when a model is done: "hidden variables = 2, states = 3: vb -2843.97, bic
   * -2906.79 (0.4 s)", without the hidden variables when only one is scored.
   */
  public static String unitLine(boolean severalHiddenVariables, int k, int states, Row row, double seconds) {
    return String.format(Locale.ROOT, "%sstates = %d: %s (%.1f s)", severalHiddenVariables ? "hidden variables = "
        + k + ", " : "", states, OrderSelectionReport.scoresText(row), seconds);
  }

  /** The line that says what a continued run scores for a part. */
  public static void printExtending(PrintWriter out, Path previous, boolean onlyOneHidden, Part p) {
    int k = p.hiddenVariables();
    out.printf(Locale.ROOT, "extending %s%s: states %s scored before, scoring %s%n", previous,
        onlyOneHidden ? "" : " (" + k + " hidden variable" + (k == 1 ? ")" : "s)"), OrderRange.format(p.saved()),
        p.toScore().length == 0 ? "nothing new" : OrderRange.format(p.toScore()));
  }

  private static List<OrderSelection.Scored<Row>> with(List<OrderSelection.Scored<Row>> rows, int k) {
    return rows.stream().filter(r -> hiddenVariablesOf(r) == k).toList();
  }

  private static int hiddenVariablesOf(OrderSelection.Scored<Row> r) {
    return ((JsonNode) r.result().json()).path("hiddenVariables").asInt(1);
  }

  private static int[] cardinalities(int k, int s) {
    int[] cards = new int[k];
    Arrays.fill(cards, s);
    return cards;
  }

  /** The data as the JSON records it: {@link DataJson#of}, the variables and the fingerprint. */
  public static Map<String, Object> dataInfo(Path file, Dataset d) {
    Map<String, Object> dataInfo = DataJson.of(file, d);
    dataInfo.put("variables", DataJson.variables(d.variables()));
    dataInfo.put("fingerprint", fingerprint(d));
    return dataInfo;
  }

  /** The settings as the JSON records them: the scores' settings, the prior and the seed. */
  public static Map<String, Object> settings(org.occam.dag.DagScoreSettings scores, double lambda, long seed) {
    Map<String, Object> set = new LinkedHashMap<>(scores.toMap());
    set.put("prior", "dirichlet(" + lambda + ")");
    set.put("seed", seed);
    return set;
  }

  /** The model class as the JSON records it. */
  public static Map<String, Object> model() {
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("type", "latent class");
    model.put("hiddenVariablesAreParentsOf", "every observed variable");
    return model;
  }

  /** A freshly scored model's row. */
  public static Row freshRow(int hiddenVariables, int states, List<EvidenceEstimate> estimates,
      List<Variable> observed) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("hiddenVariables", hiddenVariables);
    m.put("states", states);
    m.put("freeParameters", freeParameters(observed, hiddenVariables, states));
    m.put("results", estimates.stream().map(ResultJson::estimate).toList());
    return Row.of(m, estimates, List.of());
  }

  /** The free parameters of the latent class model with that many hidden variables and states. */
  static int freeParameters(List<Variable> observed, int hiddenVariables, int states) {
    return LatentClassOrders.structure(observed, hiddenVariables, states).freeParameters();
  }

  private static String fingerprint(Dataset d) {
    StringBuilder b = new StringBuilder();
    for (Variable v : d.variables()) {
      b.append(v.name()).append(v.states()).append(';');
    }
    for (int r = 0; r < d.distinctRows(); r++) {
      b.append(Arrays.toString(d.row(r))).append('x').append(d.count(r)).append(';');
    }
    return OrderSelectionReport.fingerprint(b.toString());
  }
}
