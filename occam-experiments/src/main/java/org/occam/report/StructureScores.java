package org.occam.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.dag.DagMethod;
import org.occam.dag.StructureRanker;
import org.occam.evidence.EvidenceEstimate;

/**
 * The scores of a structure class on one data set, with each method's ranks (alias-corrected and
 * not), as JSON and CSV rows: the per-structure output of {@code occam demo} and of the ranking
 * commands.
 */
public final class StructureScores {
  /** The CSV columns of {@link #appendCsv} after the caller's prefix. */
  public static final String CSV_HEADER =
      "structure,parameters,parents,method,logEvidence,uncorrected,rank,true,converged";

  private final List<StructureRanker.Scored> scored;
  private final List<DagMethod> methods;
  private final int trueIndex;
  private final Map<DagMethod, int[]> corrected = new LinkedHashMap<>();
  private final Map<DagMethod, int[]> uncorrected = new LinkedHashMap<>();

  /** @param trueIndex the true structure's index in {@code scored}, or −1 */
  public StructureScores(List<StructureRanker.Scored> scored, List<DagMethod> methods, int trueIndex) {
    this.scored = scored;
    this.methods = methods;
    this.trueIndex = trueIndex;
    for (DagMethod m : methods) {
      corrected.put(m, StructureRanker.ranks(scored, m, true));
      uncorrected.put(m, StructureRanker.ranks(scored, m, false));
    }
  }

  /** Structure {@code index}'s rank under method {@code m} (1 = best). */
  public int rank(DagMethod m, int index, boolean aliasCorrected) {
    return (aliasCorrected ? corrected : uncorrected).get(m)[index];
  }

  /** Structures that did not converge, per method. */
  public Map<String, Integer> nonConverged() {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (DagMethod meth : methods) {
      int c = 0;
      for (var s : scored) {
        c += s.estimate(meth).converged() ? 0 : 1;
      }
      m.put(meth.label(), c);
    }
    return m;
  }

  /** {@code [{"index", "parents", "parameters", "true", "aliasCount", "scores", "uncorrected", "ranks", "converged"}]}. */
  public List<Map<String, Object>> structuresJson() {
    List<Map<String, Object>> list = new ArrayList<>();
    for (int i = 0; i < scored.size(); i++) {
      var s = scored.get(i);
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("index", i);
      o.put("parents", StructureJson.parents(s.structure()));
      o.put("parameters", s.structure().freeParameters());
      o.put("true", i == trueIndex);
      Map<String, Object> sc = new LinkedHashMap<>();
      Map<String, Object> un = new LinkedHashMap<>();
      Map<String, Object> rk = new LinkedHashMap<>();
      Map<String, Object> conv = new LinkedHashMap<>();
      Object alias = null;
      for (DagMethod m : methods) {
        EvidenceEstimate e = s.estimate(m);
        sc.put(m.label(), e.logEvidence());
        un.put(m.label(), e.diagnostics().get("uncorrectedLogEvidence"));
        rk.put(m.label(), corrected.get(m)[i]);
        conv.put(m.label(), e.converged());
        alias = e.diagnostics().get("aliasCount");
      }
      o.put("aliasCount", alias);
      o.put("scores", sc);
      o.put("uncorrected", un);
      o.put("ranks", rk);
      o.put("converged", conv);
      list.add(o);
    }
    return list;
  }

  /** CSV rows {@code prefix…, structure, parameters, parents, method, logEvidence, uncorrected, rank, true, converged}. */
  public void appendCsv(StringBuilder b, String prefix) {
    for (int i = 0; i < scored.size(); i++) {
      var s = scored.get(i);
      for (DagMethod m : methods) {
        EvidenceEstimate e = s.estimate(m);
        b.append(prefix).append(i).append(',').append(s.structure().freeParameters()).append(",\"")
            .append(StructureJson.compact(s.structure())).append("\",").append(m.label()).append(',')
            .append(String.format(Locale.ROOT, "%.6f", e.logEvidence())).append(',')
            .append(String.format(Locale.ROOT, "%.6f",
                ((Number) e.diagnostics().get("uncorrectedLogEvidence")).doubleValue()))
            .append(',').append(corrected.get(m)[i]).append(',').append(i == trueIndex).append(',')
            .append(e.converged()).append('\n');
      }
    }
  }
}
