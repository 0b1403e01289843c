package org.occam.cli.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.occam.search.ModelAveraging;

/**
 * Model averaging of one list of structures under each of several methods' scores, with its
 * terminal, JSON, CSV and heat-map outputs: what a ranking or search command calls with plain
 * inputs (method names, structure names, feature sets, a score matrix).
 */
public final class MethodPosteriors {
  private final Map<String, ModelAveraging.Result> byMethod;

  private MethodPosteriors(Map<String, ModelAveraging.Result> byMethod) {
    this.byMethod = byMethod;
  }

  /**
   * @param methods the methods' names
   * @param names each structure's name
   * @param features each structure's arcs or edges ({@link PosteriorTables#edge}, {@link PosteriorTables#arc})
   * @param scores {@code scores[structure][method]}: log evidence
   */
  public static MethodPosteriors average(List<String> methods, List<String> names, List<Set<String>> features,
      double[][] scores, ModelAveraging.Settings settings) {
    Map<String, ModelAveraging.Result> out = new LinkedHashMap<>();
    for (int k = 0; k < methods.size(); k++) {
      List<ModelAveraging.Candidate> candidates = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        candidates.add(new ModelAveraging.Candidate(names.get(i), scores[i][k], features.get(i)));
      }
      out.put(methods.get(k), ModelAveraging.average(candidates, settings));
    }
    return new MethodPosteriors(out);
  }

  public ModelAveraging.Result result(String method) {
    return byMethod.get(method);
  }

  /** One section per method listing every structure (see {@link PosteriorTables#print}). */
  public void print(PrintWriter out, List<String> descriptions, String featureWord, boolean overWindow) {
    byMethod.forEach((m, r) -> PosteriorTables.print(out, m, r, descriptions, featureWord, overWindow, true));
  }

  /** {@code {"method": {…}, …}} with {@link PosteriorTables#json} per method. */
  public Map<String, Object> json() {
    Map<String, Object> o = new LinkedHashMap<>();
    byMethod.forEach((m, r) -> o.put(m, PosteriorTables.json(r)));
    return o;
  }

  /** CSV column names: {@code method:logBayesFactor, method:posterior, method:inWindow} per method. */
  public List<String> csvHeader() {
    List<String> h = new ArrayList<>();
    for (String m : byMethod.keySet()) {
      for (String c : PosteriorTables.CSV_COLUMNS) {
        h.add(m + ":" + c);
      }
    }
    return h;
  }

  /** The {@link #csvHeader} values of structure {@code index}. */
  public List<Object> csvValues(int index) {
    List<Object> v = new ArrayList<>();
    byMethod.values().forEach(r -> v.addAll(PosteriorTables.csvValues(r, index)));
    return v;
  }

  /** A PNG with one V×V edge-probability panel per method. */
  public byte[] undirectedPng(String title, List<String> vertices, boolean overWindow) {
    List<EdgeHeatMap.Panel> panels = new ArrayList<>();
    byMethod.forEach((m, r) -> panels.add(EdgeHeatMap.undirected(m, vertices, r, overWindow)));
    return EdgeHeatMap.png(title, panels);
  }
}
