package org.occam.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
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
  private final List<String> methods;
  private final int trueIndex;
  private final Map<String, int[]> corrected = new LinkedHashMap<>();
  private final Map<String, int[]> uncorrected = new LinkedHashMap<>();

  /** @param trueIndex the true structure's index in {@code scored}, or −1 */
  public StructureScores(List<StructureRanker.Scored> scored, List<String> methods, int trueIndex) {
    this.scored = scored;
    this.methods = methods;
    this.trueIndex = trueIndex;
    for (String m : methods) {
      corrected.put(m, StructureRanker.ranks(scored, m, true));
      uncorrected.put(m, StructureRanker.ranks(scored, m, false));
    }
  }

  /** Structure {@code index}'s rank under method {@code m} (1 = best). */
  public int rank(String m, int index, boolean aliasCorrected) {
    return (aliasCorrected ? corrected : uncorrected).get(m)[index];
  }

  /** Structures that did not converge, per method. */
  public Map<String, Integer> nonConverged() {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (String meth : methods) {
      int c = 0;
      for (var s : scored) {
        var e = s.estimate(meth);
        c += e.converged() || e.diagnostics().containsKey(org.occam.dag.StructureRanker.FAILED) ? 0 : 1;
      }
      m.put(meth, c);
    }
    return m;
  }

  /** Why a {@link DagMethods#CS_RANGE_AT_BEST} can be large, for the commands' notes. */
  public static final String CS_RANGE_WHY = "CS moves along directions where the MAP objective barely does, so it"
      + " depends on where EM stopped: on a flat optimum (parameters the data do not identify) or short of a slowly"
      + " reached one (--em-limit-gap 1e-6 --em-acceleration squarem take EM to it)";

  /**
   * Per method that reports {@link DagMethods#CS_RANGE_AT_BEST} ({@code cs}, {@code cs-dagger}): how many
   * structures' CS differs by more than {@link DagMethods#CS_RANGE_NOTED} over the restarts at the
   * best MAP objective, and the largest such range.
   */
  public record CsRanges(int structures, double largest) {}

  /** {@link CsRanges} per method that reports the range, in the methods' order. */
  public Map<String, CsRanges> csRanges() {
    Map<String, CsRanges> m = new LinkedHashMap<>();
    for (String meth : methods) {
      int c = 0;
      double largest = 0;
      boolean reported = false;
      for (var s : scored) {
        if (s.estimate(meth).diagnostics().get(DagMethods.CS_RANGE_AT_BEST) instanceof Number r) {
          reported = true;
          c += r.doubleValue() > DagMethods.CS_RANGE_NOTED ? 1 : 0;
          largest = Math.max(largest, r.doubleValue());
        }
      }
      if (reported) {
        m.put(meth, new CsRanges(c, largest));
      }
    }
    return m;
  }

  /**
   * {@code [{"index", "parents", "parameters", "true", "aliasCount", "scores", "uncorrected", "ranks", "converged"}]},
   * and {@code "csRangeAtBest"} per method that reports it.
   */
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
      Map<String, Object> range = new LinkedHashMap<>();
      Object alias = null;
      for (String m : methods) {
        EvidenceEstimate e = s.estimate(m);
        sc.put(m, e.logEvidence());
        un.put(m, e.diagnostics().get("uncorrectedLogEvidence"));
        rk.put(m, corrected.get(m)[i]);
        conv.put(m, e.converged());
        alias = e.diagnostics().get("aliasCount");
        if (e.diagnostics().get(DagMethods.CS_RANGE_AT_BEST) instanceof Number r) {
          range.put(m, r);
        }
      }
      o.put("aliasCount", alias);
      o.put("scores", sc);
      o.put("uncorrected", un);
      o.put("ranks", rk);
      o.put("converged", conv);
      if (!range.isEmpty()) {
        o.put(DagMethods.CS_RANGE_AT_BEST, range);
      }
      list.add(o);
    }
    return list;
  }

  /** CSV rows {@code prefix…, structure, parameters, parents, method, logEvidence, uncorrected, rank, true, converged}. */
  public void appendCsv(StringBuilder b, String prefix) {
    appendCsv(b, prefix, null);
  }

  /**
   * As above, each row followed by {@code extra.apply(method, structure index)}'s values (more
   * columns), when {@code extra} is not null.
   */
  public void appendCsv(StringBuilder b, String prefix,
      java.util.function.BiFunction<String, Integer, List<Object>> extra) {
    for (int i = 0; i < scored.size(); i++) {
      var s = scored.get(i);
      for (String m : methods) {
        EvidenceEstimate e = s.estimate(m);
        b.append(prefix).append(i).append(',').append(s.structure().freeParameters()).append(",\"")
            .append(StructureJson.compact(s.structure())).append("\",").append(m).append(',')
            .append(String.format(Locale.ROOT, "%.6f", e.logEvidence())).append(',')
            .append(String.format(Locale.ROOT, "%.6f",
                ((Number) e.diagnostics().get("uncorrectedLogEvidence")).doubleValue()))
            .append(',').append(corrected.get(m)[i]).append(',').append(i == trueIndex).append(',')
            .append(e.converged());
        if (extra != null) {
          for (Object v : extra.apply(m, i)) {
            b.append(',').append(v);
          }
        }
        b.append('\n');
      }
    }
  }
}
