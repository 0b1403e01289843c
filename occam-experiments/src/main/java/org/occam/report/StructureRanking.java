package org.occam.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
import org.occam.evidence.EvidenceEstimate;
import org.occam.search.ModelAveraging;
import org.occam.search.Ranks;

/**
 * Scores of a structure class on one data set, with ranks per method (by {@link StructureRanker#ranks})
 * and, after {@link #average}, posteriors per method (by {@link ModelAveraging}), as tables, JSON and CSV:
 * what {@code occam dag rank} prints and writes (Beal's thesis ch. 6 scores over a structure class).
 */
public final class StructureRanking {
  private final List<StructureRanker.Scored> scored;
  private final List<String> methods;
  private final int trueIndex;
  private final StructureScores table;
  private final Map<String, ModelAveraging.Result> posteriors = new LinkedHashMap<>();
  private boolean averaged;

  /** @param trueIndex the true structure's index in {@code scored}, or −1 */
  public StructureRanking(List<StructureRanker.Scored> scored, List<String> methods, int trueIndex) {
    this.scored = scored;
    this.methods = methods;
    this.trueIndex = trueIndex;
    this.table = new StructureScores(scored, methods, trueIndex);
  }

  /** Averages over the structures under every method's (alias-corrected) score. */
  public void average(ModelAveraging.Settings settings) {
    for (String m : methods) {
      List<ModelAveraging.Candidate> candidates = new ArrayList<>();
      for (var s : scored) {
        candidates.add(new ModelAveraging.Candidate(StructureJson.compact(s.structure()),
            s.estimate(m).logEvidence(), arcs(s.structure())));
      }
      if (ModelAveraging.hasFiniteScore(candidates)) {
        posteriors.put(m, ModelAveraging.average(candidates, settings));
      }
    }
    averaged = true;
  }

  /** A structure's arcs as {@code "parent->child"}. */
  public static java.util.Set<String> arcs(DagStructure s) {
    java.util.Set<String> a = new java.util.LinkedHashSet<>();
    for (int j = 0; j < s.size(); j++) {
      for (int q : s.parents(j)) {
        a.add(PosteriorTables.arc(s.name(q), s.name(j)));
      }
    }
    return a;
  }

  public int rank(String m, int index, boolean aliasCorrected) {
    return table.rank(m, index, aliasCorrected);
  }

  /** The top structures per method. */
  public void printTables(PrintWriter out, int top) {
    for (String m : methods) {
      out.printf("%n%s: top %d of %d structures%n", m, Math.min(top, scored.size()), scored.size());
      int[] order = Ranks.bestFirst(scored.stream().mapToDouble(s -> s.estimate(m).logEvidence()).toArray());
      List<String[]> rows = new ArrayList<>();
      for (int r = 0; r < Math.min(top, order.length); r++) {
        rows.add(row(m, order[r]));
      }
      if (trueIndex >= 0 && rank(m, trueIndex, true) > top) {
        rows.add(row(m, trueIndex));
      }
      List<String> header = new ArrayList<>(List.of("rank", "score", "uncorrected", "d", "converged"));
      if (posteriors.containsKey(m)) {
        header.addAll(List.of(PosteriorTables.COLUMNS));
      }
      header.add("structure");
      Tables.print(out, header.toArray(new String[0]), rows);
    }
  }

  private String[] row(String m, int i) {
    EvidenceEstimate e = scored.get(i).estimate(m);
    List<String> cells = new ArrayList<>(List.of(Integer.toString(rank(m, i, true)), Tables.score(e.logEvidence()),
        Tables.score(((Number) e.diagnostics().get("uncorrectedLogEvidence")).doubleValue()),
        Integer.toString(scored.get(i).structure().freeParameters()), e.converged() ? "yes" : "NO"));
    if (posteriors.containsKey(m)) {
      cells.addAll(List.of(PosteriorTables.cells(posteriors.get(m), i)));
    }
    cells.add(StructureJson.compact(scored.get(i).structure()) + (i == trueIndex ? "   <- true" : ""));
    return cells.toArray(new String[0]);
  }

  /** Each method's posterior section (after {@link #average}). */
  public void printPosteriors(PrintWriter out, boolean overWindow) {
    List<String> descriptions = new ArrayList<>();
    for (int i = 0; i < scored.size(); i++) {
      descriptions.add(StructureJson.compact(scored.get(i).structure()) + (i == trueIndex ? "   <- true" : ""));
    }
    if (scored.get(0).structure().hiddenVariables().length > 1) {
      out.printf("%nnote: hidden variables of equal cardinality are interchangeable; each structure is counted once,"
          + " labelled so that h1's children come before h2's (as bit masks over the observed variables), so an arc"
          + " probability is that of the canonical label%n");
    }
    for (String m : methods) {
      if (posteriors.containsKey(m)) {
        PosteriorTables.print(out, m, posteriors.get(m), descriptions, "arc", overWindow, false);
      } else {
        out.printf("%nposterior by %s: %s%n", m, PosteriorTables.nothingToAverage(m, scored.size()));
      }
    }
  }

  /** {@code {"method": posterior, …}} (after {@link #average}). */
  public Map<String, Object> posteriorJson() {
    Map<String, Object> o = new LinkedHashMap<>();
    for (String m : methods) {
      o.put(m, posteriors.containsKey(m) ? PosteriorTables.json(posteriors.get(m))
          : Map.of("error", PosteriorTables.nothingToAverage(m, scored.size())));
    }
    return o;
  }

  /** Heat-map panels of arc probabilities, hidden parents × observed children, one per method. */
  public List<EdgeHeatMap.Panel> heatMapPanels(boolean overWindow) {
    DagStructure any = scored.get(0).structure();
    List<String> parents = java.util.Arrays.stream(any.hiddenVariables()).mapToObj(any::name).toList();
    List<String> children = java.util.Arrays.stream(any.observedVariables()).mapToObj(any::name).toList();
    List<EdgeHeatMap.Panel> panels = new ArrayList<>();
    posteriors.forEach((m, r) -> panels.add(EdgeHeatMap.directed(m, parents, children, r, overWindow)));
    return panels;
  }

  /** One line per method: where the true structure ranks. */
  public void printTrueRanks(PrintWriter out) {
    if (trueIndex < 0) {
      return;
    }
    out.printf("%ntrue structure (%s, d = %d) ranks:%n", StructureJson.compact(scored.get(trueIndex).structure()),
        scored.get(trueIndex).structure().freeParameters());
    List<String[]> rows = new ArrayList<>();
    for (String m : methods) {
      rows.add(new String[] {m, Integer.toString(rank(m, trueIndex, true)),
          Integer.toString(rank(m, trueIndex, false)), Integer.toString(scored.size())});
    }
    Tables.print(out, new String[] {"method", "rank", "rank uncorrected", "of"}, rows);
  }

  /** Structures that did not converge, per method. */
  public Map<String, Integer> nonConverged() {
    return table.nonConverged();
  }

  /** {@code [{"index", "parents", "parameters", "aliasCount", "scores", "uncorrected", "ranks", …}]}. */
  public List<Map<String, Object>> structuresJson() {
    return table.structuresJson();
  }

  /** CSV rows of {@link #csvHeader()}: the scores, then the posterior columns after {@link #average}. */
  public void appendCsv(StringBuilder b, String prefix) {
    table.appendCsv(b, prefix, !averaged ? null : (m, i) -> posteriors.containsKey(m)
        ? PosteriorTables.csvValues(posteriors.get(m), i) : List.of("", "", ""));
  }

  public static final String CSV_HEADER = StructureScores.CSV_HEADER;

  /** {@link #CSV_HEADER}, plus the posterior columns after {@link #average}. */
  public String csvHeader() {
    return !averaged ? CSV_HEADER : CSV_HEADER + "," + String.join(",", PosteriorTables.CSV_COLUMNS);
  }

  /** The CSV of {@link #csvHeader()} with no prefix column. */
  public String csv() {
    StringBuilder b = new StringBuilder(csvHeader()).append('\n');
    appendCsv(b, "");
    return b.toString();
  }

  /** {@code {"index", "ranks", "ranksUncorrected"}} of the true structure, or null without one. */
  public Map<String, Object> trueJson() {
    if (trueIndex < 0) {
      return null;
    }
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("index", trueIndex);
    Map<String, Object> r = new LinkedHashMap<>();
    Map<String, Object> ru = new LinkedHashMap<>();
    for (String m : methods) {
      r.put(m, rank(m, trueIndex, true));
      ru.put(m, rank(m, trueIndex, false));
    }
    t.put("ranks", r);
    t.put("ranksUncorrected", ru);
    return t;
  }

  /**
   * A warning per method with structures that did not converge within {@code maxIterations}, a note per
   * method whose CS is not fixed by the optimum for some structures ({@link StructureScores#csRanges}),
   * and a warning for failed structures.
   */
  public void printNonConverged(PrintWriter out, int maxIterations) {
    nonConverged().forEach((m, c) -> {
      if (c > 0) {
        out.println(IterationLimit.warning(m, maxIterations, c + " structure(s)", true));
      }
    });
    // cs and cs-dagger share the MAP-EM runs and so the ranges: one note for the methods with the same ones
    Map<StructureScores.CsRanges, List<String>> ranges = new LinkedHashMap<>();
    table.csRanges().forEach((m, r) -> ranges.computeIfAbsent(r, k -> new ArrayList<>()).add(m));
    ranges.forEach((r, ms) -> {
      if (r.structures() > 0) {
        out.printf(Locale.ROOT, "note: %s: for %d structure(s) the restarts that reach the best MAP objective end"
            + " with CS values more than %.0f nat apart (up to %.1f; csRangeAtBest in the JSON). %s%n",
            String.join(", ", ms), r.structures(), DagMethods.CS_RANGE_NOTED, r.largest(), StructureScores.CS_RANGE_WHY);
      }
    });
    int failed = DagRanking.failures(scored).size();
    if (failed > 0) {
      out.printf("warning: the scoring failed for %d structure(s): their scores are NaN, ranked last (the"
          + " failures are on stderr and in the JSON's diagnostics)%n", failed);
    }
  }

  /**
   * The ranking as JSON (a map tree for {@link ResultJson#write}): the structures, the posterior
   * after {@link #average}, the true structure's ranks, the timing and the non-converged counts.
   *
   * @param data from {@link DataJson#of}
   * @param hidden from {@link DataJson#hidden}
   * @param settings the scores' settings, prior, seed and threads
   */
  public Map<String, Object> json(Map<String, Object> data, Object hidden, Map<String, Object> settings,
      double scoringSeconds, double secondsSinceJvmStart) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("data", data);
    root.put("hidden", hidden);
    root.put("methods", methods);
    root.put("settings", settings);
    root.put("structures", structuresJson());
    if (averaged) {
      root.put("posterior", posteriorJson());
    }
    if (trueIndex >= 0) {
      root.put("true", trueJson());
    }
    Map<String, Object> timing = new LinkedHashMap<>();
    timing.put("scoringSeconds", scoringSeconds);
    timing.put("secondsSinceJvmStart", secondsSinceJvmStart);
    root.put("timing", timing);
    root.put("nonConverged", nonConverged());
    return root;
  }
}
