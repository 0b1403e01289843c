package org.occam.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.data.Dataset;
import org.occam.data.Variable;

/** How the commands' JSON records the data they read and the hidden variables they add. */
public final class DataJson {
  private DataJson() {}

  /** {@code {"file", "rows", "distinct"}}, a map the caller may add to. */
  public static Map<String, Object> of(Path file, Dataset d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("file", file.toString());
    m.put("rows", count(d.size()));
    m.put("distinct", d.distinctRows());
    if (d.incompleteRowsDropped() > 0) {
      m.put("incompleteRowsDropped", d.incompleteRowsDropped()); // --complete-cases
    }
    return m;
  }

  /** {@code [{"name", "states": [labels…]}, …]}: each observed variable's name and state labels. */
  public static List<Map<String, Object>> variables(List<Variable> observed) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Variable v : observed) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", v.name());
      m.put("states", v.states());
      out.add(m);
    }
    return out;
  }

  /** A number of rows: an integer when it is one (weighted rows may sum to a fraction). */
  public static Object count(double rows) {
    return rows == Math.rint(rows) && Math.abs(rows) < 1e15 ? (Object) (long) rows : (Object) rows;
  }

  /** {@code [{"name", "states"}, …]}: each hidden variable's name and number of states, keys in that order. */
  public static List<Map<String, Object>> hidden(List<Variable> hidden) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Variable v : hidden) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", v.name());
      m.put("states", v.cardinality());
      out.add(m);
    }
    return out;
  }
}
