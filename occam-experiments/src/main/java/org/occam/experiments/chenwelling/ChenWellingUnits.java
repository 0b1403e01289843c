package org.occam.experiments.chenwelling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.report.PreviousRun;
import org.occam.report.Tables;

/**
 * A {@link ChenWellingExperiment} task as its run's journal keeps it ({@link org.occam.report.UnitJournal}):
 * {@code {"figure", "task", "seconds", "rows": [...]}}, every field of every row, read back exactly,
 * and the line printed when the task is done.
 */
final class ChenWellingUnits {
  private ChenWellingUnits() {}

  static Map<String, Object> json(String figure, int task, ChenWellingScoring.Timed t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("figure", figure);
    m.put("task", task);
    m.put("seconds", t.seconds());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (ChenWellingScoring.Row r : t.rows()) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("figure", r.figure());
      o.put("model", r.model());
      o.put("n", r.n());
      o.put("k", r.k());
      o.put("method", r.method());
      o.put("run", r.run());
      o.put("logEvidence", r.logEvidence());
      o.put("perDocument", r.perDocument());
      o.put("stdError", r.stdError());
      o.put("perDocumentStdError", r.perDocumentStdError());
      o.put("converged", r.converged());
      o.put("fineTuningDistance", r.fineTuningDistance());
      o.put("fineTuningRemaining", r.fineTuningRemaining());
      o.put("note", r.note());
      o.put("seconds", r.seconds());
      o.put("seed", r.seed());
      rows.add(o);
    }
    m.put("rows", rows);
    return m;
  }

  static ChenWellingScoring.Timed read(JsonNode u) {
    List<ChenWellingScoring.Row> rows = new ArrayList<>();
    for (JsonNode o : u.path("rows")) {
      rows.add(new ChenWellingScoring.Row(o.path("figure").asText(), o.path("model").asInt(), o.path("n").asLong(),
          o.path("k").asInt(), o.path("method").asText(), o.path("run").asInt(),
          PreviousRun.number(o.get("logEvidence")), PreviousRun.number(o.get("perDocument")),
          PreviousRun.number(o.get("stdError")), PreviousRun.number(o.get("perDocumentStdError")),
          o.path("converged").asBoolean(), PreviousRun.number(o.get("fineTuningDistance")),
          PreviousRun.number(o.get("fineTuningRemaining")), o.path("note").asText(),
          PreviousRun.number(o.get("seconds")), o.path("seed").asLong()));
    }
    return new ChenWellingScoring.Timed(List.copyOf(rows), PreviousRun.number(u.get("seconds")));
  }

  /** {@code figure 4, model 0, N = 100, K = 3, run 1: laplace -1203.90, map -1190.12 (12.4 s)}. */
  static String line(String figure, ChenWellingScoring.Timed t) {
    ChenWellingScoring.Row first = t.rows().get(0);
    List<String> parts = new ArrayList<>();
    for (ChenWellingScoring.Row r : t.rows()) {
      parts.add(r.method().equals(ChenWellingScoring.CV)
          ? String.format(Locale.ROOT, "cv %.4f per document", r.perDocument())
          : r.method() + " " + Tables.score(r.logEvidence()));
    }
    return String.format(Locale.ROOT, "figure %s, %sN = %d, K = %d, run %d: %s (%.1f s)", figure,
        figure.equals("1-2") ? "model " + first.model() + ", " : "", first.n(), first.k(), first.run(),
        String.join(", ", parts), t.seconds());
  }
}
