package org.occam.experiments.parisewelling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.evidence.EvidenceEstimate;
import org.occam.report.EstimateJson;
import org.occam.report.PreviousRun;
import org.occam.report.ResultJson;
import org.occam.report.Tables;

/**
 * A {@link PariseWellingExperiment} task as its run's journal keeps it ({@link org.occam.report.UnitJournal}):
 * {@code {"model", "mask", "n", "estimates": [...], "bpBiasPosteriorSd", "exactGradLogZPart", "seconds"}},
 * read back exactly, and the line printed when it is done.
 */
final class PariseWellingUnits {
  private PariseWellingUnits() {}

  static Map<String, Object> json(PariseWellingScoring.Scored s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("model", s.task().model());
    m.put("mask", s.task().mask());
    m.put("n", s.task().n());
    m.put("estimates", s.estimates().stream().map(ResultJson::estimate).toList());
    m.put("bpBiasPosteriorSd", s.bpBiasPosteriorSd());
    m.put("exactGradLogZPart", s.exactGradLogZPart());
    m.put("seconds", s.seconds());
    return m;
  }

  static PariseWellingScoring.Task task(JsonNode u) {
    return new PariseWellingScoring.Task(u.path("model").asInt(), u.path("mask").asInt(), u.path("n").asInt());
  }

  static PariseWellingScoring.Scored read(JsonNode u) {
    List<EvidenceEstimate> estimates = new ArrayList<>();
    u.path("estimates").forEach(e -> estimates.add(EstimateJson.read(e)));
    return new PariseWellingScoring.Scored(task(u), List.copyOf(estimates),
        PreviousRun.number(u.get("bpBiasPosteriorSd")), PreviousRun.number(u.get("exactGradLogZPart")),
        PreviousRun.number(u.get("seconds")));
  }

  /** {@code model 3, structure 0x1f3, N = 300: ais -812.40, bic-ml -815.12, … (2.1 s)}. */
  static String line(PariseWellingScoring.Scored s) {
    List<String> parts = new ArrayList<>();
    parts.add(PariseWellingScoring.AIS + " " + Tables.score(s.score(PariseWellingScoring.AIS)));
    for (String m : PariseWellingScoring.COMPARED) {
      parts.add(m + " " + Tables.score(s.score(m)));
    }
    return String.format(Locale.ROOT, "model %d, structure 0x%x, N = %d: %s (%.1f s)", s.task().model(),
        s.task().mask(), s.task().n(), String.join(", ", parts), s.seconds());
  }
}
