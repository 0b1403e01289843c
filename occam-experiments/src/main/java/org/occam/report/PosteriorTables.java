package org.occam.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.search.ModelAveraging.FeatureProbability;
import org.occam.search.ModelAveraging.Result;
import org.occam.search.ModelAveraging.StructurePosterior;
import org.occam.search.ModelAveraging;

/**
 * The terminal, JSON and CSV forms of a {@link ModelAveraging.Result}, for every command that
 * ranks or searches structures. Takes plain inputs: the result, the method's name, and what to
 * call each candidate.
 */
public final class PosteriorTables {
  /** The two columns a ranked table gains. */
  public static final String[] COLUMNS = {"log BF vs best", "posterior"};
  /** At most this many structures are listed per section; the JSON has them all. */
  public static final int MAX_ROWS = 25;
  /** The CSV columns a ranked row gains. */
  public static final String[] CSV_COLUMNS = {"logBayesFactor", "posterior", "inWindow"};

  private PosteriorTables() {}

  /** The feature name of the undirected edge between {@code a} and {@code b} (in that order): {@code a-b}. */
  public static String edge(String a, String b) {
    return a + "-" + b;
  }

  /** The feature name of the arc {@code parent → child}: {@code parent->child}. */
  public static String arc(String parent, String child) {
    return parent + "->" + child;
  }

  /**
   * The {@link #COLUMNS} cells of candidate {@code index}: its log Bayes factor against the best and
   * its posterior probability, or "failed" for a non-finite score and "= #k" for a repeat of candidate k.
   */
  public static String[] cells(Result r, int index) {
    var s = r.structure(index);
    if (s.isPresent()) {
      return new String[] {Tables.score(s.get().logBayesFactor()), probability(s.get().posterior())};
    }
    Integer same = r.duplicates().get(index);
    String why = same != null ? "= #" + same : "failed";
    return new String[] {why, why};
  }

  /** The {@link #CSV_COLUMNS} values of candidate {@code index} (empty for one not averaged over). */
  public static List<Object> csvValues(Result r, int index) {
    var s = r.structure(index);
    if (s.isEmpty()) {
      return List.of("", "", "");
    }
    return List.of(String.format(Locale.ROOT, "%.6f", s.get().logBayesFactor()),
        String.format(Locale.ROOT, "%.6g", s.get().posterior()), s.get().inWindow());
  }

  /**
   * Prints one method's posterior: the summary sentence, the structures in Occam's window, the
   * arc/edge probabilities, and what was left out.
   *
   * @param descriptions what to print for each candidate (by candidate index), e.g. its structure
   * @param featureWord "arc" or "edge"
   * @param overWindow whether to show the arc/edge probabilities over the window instead of over all
   * @param everyStructure list every structure averaged over, not only those in the window (at most
   *     {@link #MAX_ROWS} either way)
   */
  public static void print(PrintWriter out, String method, Result r, List<String> descriptions, String featureWord,
      boolean overWindow, boolean everyStructure) {
    out.printf("%nposterior by %s (%s prior over the %d structures scored, Occam's window C = %s):%n", method,
        r.settings().prior(), r.structures().size(), Tables.number(r.settings().window()));
    out.println(r.separability().sentence());
    List<StructurePosterior> window = r.window();
    out.printf("Occam's window: %d structure(s) holding %.1f%% of the posterior mass%n", window.size(),
        100 * r.windowMass());
    List<StructurePosterior> listed = window;
    if (everyStructure) {
      listed = r.structures().stream().sorted(Comparator.comparingInt(StructurePosterior::rank)
          .thenComparingInt(StructurePosterior::index)).toList();
    }
    List<String[]> rows = new ArrayList<>();
    for (StructurePosterior s : listed.subList(0, Math.min(MAX_ROWS, listed.size()))) {
      rows.add(new String[] {Integer.toString(s.rank()), Tables.score(s.logScore()), Tables.score(s.logBayesFactor()),
          probability(s.posterior()), s.inWindow() ? probability(s.windowPosterior()) : "-",
          descriptions.get(s.index())});
    }
    Tables.print(out, new String[] {"rank", "score", COLUMNS[0], COLUMNS[1], "in window", "structure"}, rows);
    if (listed.size() > MAX_ROWS) {
      out.printf("… and %d more (all in the JSON)%n", listed.size() - MAX_ROWS);
    }
    List<FeatureProbability> features = new ArrayList<>(r.features());
    features.sort(Comparator.comparingDouble((FeatureProbability f) -> -(overWindow ? f.overWindow() : f.overAll()))
        .thenComparing(FeatureProbability::feature));
    out.printf("%n%s posterior probabilities (over %s):%n", featureWord,
        overWindow ? "Occam's window" : "all structures scored");
    List<String[]> frows = new ArrayList<>();
    for (FeatureProbability f : features) {
      frows.add(new String[] {f.feature(), probability(overWindow ? f.overWindow() : f.overAll()),
          probability(overWindow ? f.overAll() : f.overWindow())});
    }
    Tables.print(out, new String[] {featureWord, "p", overWindow ? "p (all)" : "p (window)"}, frows);
    if (!r.excluded().isEmpty()) {
      out.printf("left out: %d structure(s) whose %s score failed (not a finite number)%n", r.excluded().size(),
          method);
    }
    if (!r.duplicates().isEmpty()) {
      out.printf("counted once: %d structure(s) scored twice (same %ss)%n", r.duplicates().size(), featureWord);
    }
  }

  /**
   * {@code {"settings", "candidates", "best", "logNormaliser", "windowMass", "structures", "window",
   * "edges", "summary", "excluded", "duplicates"}}; {@code edges} lists every arc or edge with its
   * probability over all structures ({@code all}) and over the window ({@code window}).
   */
  public static Map<String, Object> json(Result r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("settings", r.settings().toMap());
    m.put("candidates", r.candidates());
    StructurePosterior best = r.structure(r.best()).orElseThrow();
    m.put("best", ResultJson.object("index", best.index(), "name", best.name()));
    m.put("logNormaliser", r.logNormaliser());
    m.put("windowMass", r.windowMass());
    List<Map<String, Object>> structures = new ArrayList<>();
    for (StructurePosterior s : r.structures()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("index", s.index());
      x.put("name", s.name());
      x.put("logScore", s.logScore());
      x.put("logPrior", s.logPrior());
      x.put("logBayesFactor", s.logBayesFactor());
      x.put("logPosteriorOdds", s.logPosteriorOdds());
      x.put("posterior", s.posterior());
      x.put("rank", s.rank());
      x.put("inWindow", s.inWindow());
      x.put("windowPosterior", s.windowPosterior());
      structures.add(x);
    }
    m.put("structures", structures);
    m.put("window", r.window().stream().map(StructurePosterior::index).toList());
    List<Map<String, Object>> edges = new ArrayList<>();
    for (FeatureProbability f : r.features()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("edge", f.feature());
      x.put("all", f.overAll());
      x.put("window", f.overWindow());
      edges.add(x);
    }
    m.put("edges", edges);
    var s = r.separability();
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("bestPosterior", s.bestPosterior());
    summary.put("runnerUpLogOdds", s.runnerUpLogOdds().isPresent() ? s.runnerUpLogOdds().getAsDouble() : null);
    summary.put("within1Nat", s.within1Nat());
    summary.put("within3Nats", s.within3Nats());
    summary.put("windowSize", s.windowSize());
    summary.put("separated", s.separated());
    summary.put("sentence", s.sentence());
    m.put("summary", summary);
    m.put("excluded", r.excluded());
    Map<String, Object> dup = new LinkedHashMap<>();
    r.duplicates().entrySet().stream().sorted(Map.Entry.comparingByKey())
        .forEach(e -> dup.put(Integer.toString(e.getKey()), e.getValue()));
    m.put("duplicates", dup);
    return m;
  }

  /** The line printed, and the JSON {@code {"error": …}}, for a method none of whose scores is finite. */
  public static String nothingToAverage(String method, int structures) {
    return "none of the " + structures + " structures has a finite " + method + " score; nothing to average";
  }

  /** A probability with three decimals, or in scientific notation below 0.001. */
  public static String probability(double p) {
    if (p != 0 && p < 0.0005) {
      return String.format(Locale.ROOT, "%.1e", p);
    }
    return String.format(Locale.ROOT, "%.3f", p);
  }
}
