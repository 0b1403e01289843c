package org.occam.experiments.beal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.dag.DagMethod;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.evidence.EvidenceEstimate;
import org.occam.report.EstimateJson;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;

/**
 * The units of a {@link BealExperiment} as its run's journal keeps them ({@link UnitJournal}): a
 * size of part one with every structure's estimates, {@code {"part": 1, "n", "seconds",
 * "structures": [{"index", "results"}]}}, and an (instance, size) of part two with the true
 * structure's ranks, {@code {"part": 2, "instance", "n", "ranks": {method: [corrected,
 * uncorrected]}, "scoreSeconds"}}; and the line printed as each is done.
 */
final class BealUnits {
  private BealUnits() {}

  /** The journal's units of one part (none without a journal). */
  static List<JsonNode> of(UnitJournal journal, int part) {
    return journal == null ? List.of()
        : journal.finished().stream().filter(u -> u.path("part").asInt() == part).toList();
  }

  static Map<String, Object> partOne(int n, double seconds, List<StructureRanker.Scored> scored) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("part", 1);
    m.put("n", n);
    m.put("seconds", seconds);
    List<Map<String, Object>> list = new ArrayList<>();
    for (StructureRanker.Scored s : scored) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("index", s.index());
      o.put("results", s.estimates().stream().map(ResultJson::estimate).toList());
      list.add(o);
    }
    m.put("structures", list);
    return m;
  }

  /** Part one's scores of a size read back, by structure index. */
  static List<StructureRanker.Scored> structures(JsonNode u, List<DagStructure> structures) {
    List<StructureRanker.Scored> out = new ArrayList<>();
    for (JsonNode o : u.path("structures")) {
      int i = o.path("index").asInt();
      List<EvidenceEstimate> estimates = new ArrayList<>();
      o.path("results").forEach(e -> estimates.add(EstimateJson.read(e)));
      out.add(new StructureRanker.Scored(i, structures.get(i), estimates));
    }
    return out;
  }

  /** {@code <what>: true structure ranks map 9, bic 112, … (12.3 s)}. */
  static String line(String what, List<DagMethod> methods, List<StructureRanker.Scored> scored, int trueIndex,
      double seconds) {
    List<String> parts = new ArrayList<>();
    for (DagMethod m : methods) {
      parts.add(m.label() + " " + StructureRanker.ranks(scored, m, true)[trueIndex]);
    }
    return String.format(Locale.ROOT, "%s: true structure ranks %s (%.1f s)", what, String.join(", ", parts),
        seconds);
  }
}
