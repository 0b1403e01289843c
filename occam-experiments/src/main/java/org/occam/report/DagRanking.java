package org.occam.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import org.occam.task.TaskRunner;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.occam.dag.DagProblem;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;

/**
 * The scoring of {@code occam dag rank}: every structure of a class scored by every method
 * ({@link StructureRanker}, Beal 2003, section 6.4), each kept in the run's journal as it is
 * scored and printed as a line; the structures an interrupted run scored are kept, not redone
 * (each structure draws from the stream of its index, so the scores are those of one run).
 */
public final class DagRanking {
  private DagRanking() {}

  /**
   * @param journal the run's journal, or null to keep nothing
   * @param progress told the structures scored in this run so far; may be null
   * @return every structure's scores, by ascending index
   */
  public static List<StructureRanker.Scored> score(List<DagStructure> structures, Dataset data, double lambda,
      List<? extends EvidenceMethod<DagProblem>> methods, DagScoreSettings settings, long seed, TaskRunner runner,
      IntConsumer progress, UnitJournal journal, PrintWriter err) {
    try (JournalledUnits<List<EvidenceEstimate>> units = JournalledUnits.estimates(journal, err, null,
        structures.size())) {
      List<StructureRanker.Scored> scored = new ArrayList<>(StructureRanker.scoreWith(structures, data, lambda,
          methods, settings, seed, runner, progress, i -> units.kept(identity(i, structures.get(i))) != null,
          s -> units.finished(identity(s.index(), s.structure()), "structure " + s.index() + " ("
              + StructureJson.compact(s.structure()) + ")", s.estimates())));
      for (int i = 0; i < structures.size(); i++) {
        List<EvidenceEstimate> kept = units.kept(identity(i, structures.get(i)));
        if (kept != null) {
          scored.add(new StructureRanker.Scored(i, structures.get(i), kept));
        }
      }
      scored.sort(Comparator.comparingInt(StructureRanker.Scored::index));
      return scored;
    }
  }

  /** "structure 17 (h1 -> x2, …): failure" for each structure whose scoring failed. */
  public static List<String> failures(List<StructureRanker.Scored> scored) {
    List<String> out = new ArrayList<>();
    for (StructureRanker.Scored s : scored) {
      Object f = s.estimates().isEmpty() ? null : s.estimates().get(0).diagnostics().get(StructureRanker.FAILED);
      if (f != null) {
        out.add("structure " + s.index() + " (" + StructureJson.compact(s.structure()) + "): " + f);
      }
    }
    return out;
  }

  /** A structure's identity in the journal: its index in the class and its parents. */
  private static Map<String, Object> identity(int index, DagStructure s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("index", index);
    m.put("structure", StructureJson.compact(s));
    return m;
  }
}
