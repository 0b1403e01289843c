package org.occam.cli;

import org.occam.report.StructureJson;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.report.Tables;
import org.occam.dag.DagMethod;
import org.occam.dag.StructureRanker;
import org.occam.evidence.EvidenceEstimate;

/** Scores of a structure class on one data set, with ranks per method, as tables, JSON and CSV. */
final class Ranking {
  final List<StructureRanker.Scored> scored;
  final List<DagMethod> methods;
  final int trueIndex;
  private final Map<DagMethod, int[]> corrected = new LinkedHashMap<>();
  private final Map<DagMethod, int[]> uncorrected = new LinkedHashMap<>();

  /** @param trueIndex the true structure's index in {@code scored}, or −1 */
  Ranking(List<StructureRanker.Scored> scored, List<DagMethod> methods, int trueIndex) {
    this.scored = scored;
    this.methods = methods;
    this.trueIndex = trueIndex;
    for (DagMethod m : methods) {
      corrected.put(m, StructureRanker.ranks(scored, m, true));
      uncorrected.put(m, StructureRanker.ranks(scored, m, false));
    }
  }

  int rank(DagMethod m, int index, boolean aliasCorrected) {
    return (aliasCorrected ? corrected : uncorrected).get(m)[index];
  }

  /** The top structures per method. */
  void printTables(PrintWriter out, int top) {
    for (DagMethod m : methods) {
      out.printf("%n%s: top %d of %d structures%n", m.label(), Math.min(top, scored.size()), scored.size());
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < scored.size(); i++) {
        order.add(i);
      }
      order.sort(Comparator.comparingDouble((Integer i) -> -scored.get(i).estimate(m).logEvidence())
          .thenComparingInt(i -> i));
      List<String[]> rows = new ArrayList<>();
      for (int r = 0; r < Math.min(top, order.size()); r++) {
        int i = order.get(r);
        rows.add(row(m, i));
      }
      if (trueIndex >= 0 && corrected.get(m)[trueIndex] > top) {
        rows.add(row(m, trueIndex));
      }
      Tables.print(out, new String[] {"rank", "score", "uncorrected", "d", "converged", "structure"}, rows);
    }
  }

  private String[] row(DagMethod m, int i) {
    EvidenceEstimate e = scored.get(i).estimate(m);
    return new String[] {Integer.toString(corrected.get(m)[i]), Tables.score(e.logEvidence()),
        Tables.score(((Number) e.diagnostics().get("uncorrectedLogEvidence")).doubleValue()),
        Integer.toString(scored.get(i).structure().freeParameters()), e.converged() ? "yes" : "NO",
        StructureJson.compact(scored.get(i).structure()) + (i == trueIndex ? "   <- true" : "")};
  }

  /** One line per method: where the true structure ranks. */
  void printTrueRanks(PrintWriter out) {
    if (trueIndex < 0) {
      return;
    }
    out.printf("%ntrue structure (%s, d = %d) ranks:%n", StructureJson.compact(scored.get(trueIndex).structure()),
        scored.get(trueIndex).structure().freeParameters());
    List<String[]> rows = new ArrayList<>();
    for (DagMethod m : methods) {
      rows.add(new String[] {m.label(), Integer.toString(corrected.get(m)[trueIndex]),
          Integer.toString(uncorrected.get(m)[trueIndex]), Integer.toString(scored.size())});
    }
    Tables.print(out, new String[] {"method", "rank", "rank uncorrected", "of"}, rows);
  }

  /** Structures that did not converge, per method. */
  Map<String, Integer> nonConverged() {
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

  /** {@code [{"index", "parents", "parameters", "aliasCount", "scores", "uncorrected", "ranks", …}]}. */
  List<Map<String, Object>> structuresJson() {
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

  /** CSV rows {@code prefix…, structure, parameters, parents, method, logEvidence, uncorrected, rank, converged}. */
  void appendCsv(StringBuilder b, String prefix) {
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

  static final String CSV_HEADER = "structure,parameters,parents,method,logEvidence,uncorrected,rank,true,converged";
}
