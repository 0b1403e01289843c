package org.occam.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.dag.DagStructure;

/** A structure as {@code {"variable": ["parent", …], …}}, every variable in the structure's order. */
public final class StructureJson {
  private StructureJson() {}

  public static Map<String, List<String>> parents(DagStructure s) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (int j = 0; j < s.size(); j++) {
      m.put(s.name(j), java.util.Arrays.stream(s.parents(j)).mapToObj(s::name).toList());
    }
    return m;
  }

  /** The observed variables' parents, compactly: {@code y1<-h1 y2<-h1,h2 y3 y4<-h2}. */
  public static String compact(DagStructure s) {
    StringBuilder b = new StringBuilder();
    for (int j : s.observedVariables()) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(s.name(j));
      int[] pa = s.parents(j);
      if (pa.length > 0) {
        b.append("<-");
        for (int a = 0; a < pa.length; a++) {
          b.append(a > 0 ? "," : "").append(s.name(pa[a]));
        }
      }
    }
    return b.toString();
  }
}
