package org.occam.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.io.MrfBinaryData;
import org.occam.search.MrfEdgeSearch;

/**
 * What {@code occam mrf search} prints and writes for a search over Boltzmann-machine structures
 * by adding and removing edges (Parise &amp; Welling 2006 scores): the runs, the best graph, and the
 * JSON and CSV of the search path.
 */
public final class MrfSearchReport {
  private final List<Variable> vars;
  private final String method;
  private final MrfEdgeSearch.Result result;
  private final EvidenceEstimate best;

  /**
   * @param method the score's name
   * @param best the best graph's full estimate (with its diagnostics)
   */
  public MrfSearchReport(List<Variable> vars, String method, MrfEdgeSearch.Result result, EvidenceEstimate best) {
    this.vars = vars;
    this.method = method;
    this.result = result;
    this.best = best;
  }

  /** The table of runs (the best marked {@code *}) and the best graph's line. */
  public void print(PrintWriter out) {
    List<String[]> rows = new ArrayList<>();
    for (MrfEdgeSearch.Run r : result.runs()) {
      rows.add(new String[] {Integer.toString(r.restart()), Integer.toString(r.start().edgeCount()),
          Integer.toString(r.steps()), r.localMaximum() ? "yes" : "no", Integer.toString(r.best().edgeCount()),
          Tables.score(r.bestScore()) + (r.best().equals(result.best()) && r.bestScore() == result.bestScore() ? "*" : "")});
    }
    out.println();
    Tables.print(out, new String[] {"run", "start edges", "steps", "local max", "best edges", "best " + method}, rows);
    out.println();
    out.printf("best: %s = %s%s, %d edges: %s%n", method, Tables.score(result.bestScore()),
        best.converged() ? "" : " (not converged, see the JSON diagnostics)", result.best().edgeCount(),
        MrfBinaryData.edges(vars, result.best()));
  }

  /**
   * The search as JSON (a map tree for {@link ResultJson#write}).
   *
   * @param data from {@link MrfBinaryData#json}
   * @param start the {@code --start} as given
   * @param scoreSettings the score's settings
   */
  public Map<String, Object> json(Map<String, Object> data, String start, Map<String, Object> scoreSettings,
      double seconds) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("data", data);
    root.put("score", method);
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("start", start);
    set.putAll(result.settings().toMap());
    set.put("scoreSettings", scoreSettings);
    root.put("settings", set);
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("score", result.bestScore());
    b.put("edges", MrfBinaryData.edgeList(vars, result.best()));
    b.put("run", result.runs().stream().filter(r -> r.bestScore() == result.bestScore()).findFirst().orElseThrow()
        .restart());
    b.put("result", ResultJson.estimate(best));
    root.put("best", b);
    List<Map<String, Object>> runs = new ArrayList<>();
    for (MrfEdgeSearch.Run r : result.runs()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("run", r.restart());
      x.put("start", MrfBinaryData.edgeList(vars, r.start()));
      x.put("steps", r.steps());
      x.put("localMaximum", r.localMaximum());
      x.put("bestScore", r.bestScore());
      x.put("best", MrfBinaryData.edgeList(vars, r.best()));
      runs.add(x);
    }
    root.put("runs", runs);
    List<Map<String, Object>> path = new ArrayList<>();
    for (MrfEdgeSearch.Step s : result.path()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("run", s.restart());
      x.put("step", s.step());
      x.put("move", move(s.move()));
      x.put("score", s.score());
      x.put("edgeCount", s.graph().edgeCount());
      x.put("edges", MrfBinaryData.edgeList(vars, s.graph()));
      x.put("candidates", s.candidates());
      x.put("cacheHits", s.cacheHits());
      path.add(x);
    }
    root.put("path", path);
    root.put("distinctGraphsScored", result.distinctGraphsScored());
    root.put("cacheHits", result.cacheHits());
    root.put("seconds", seconds);
    return root;
  }

  /** The search path as CSV: one row per step of every run. */
  public String csv() {
    StringWriter text = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(text, CSVFormat.RFC4180.builder().setRecordSeparator('\n').get())) {
      p.printRecord("run", "step", "move", "score", "edgeCount", "edges", "candidates", "cacheHits");
      for (MrfEdgeSearch.Step s : result.path()) {
        List<String> e = new ArrayList<>();
        for (int[] pair : s.graph().edges()) {
          e.add(MrfBinaryData.edgeName(vars, pair));
        }
        String m = move(s.move());
        p.printRecord(s.restart(), s.step(), m == null ? "" : m, String.format(Locale.ROOT, "%.6f", s.score()),
            s.graph().edgeCount(), String.join(";", e), s.candidates(), s.cacheHits());
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return text.toString();
  }

  private String move(MrfEdgeSearch.Move m) {
    return m == null ? null : (m.add() ? "add " : "remove ") + MrfBinaryData.edgeName(vars, new int[] {m.from(), m.to()});
  }
}
