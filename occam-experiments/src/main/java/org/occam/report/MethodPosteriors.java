package org.occam.report;

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
  private final List<String> methods;
  private final int structures;
  /** Methods none of whose scores is finite are missing. */
  private final Map<String, ModelAveraging.Result> byMethod;

  private MethodPosteriors(List<String> methods, int structures, Map<String, ModelAveraging.Result> byMethod) {
    this.methods = List.copyOf(methods);
    this.structures = structures;
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
      if (ModelAveraging.hasFiniteScore(candidates)) {
        out.put(methods.get(k), ModelAveraging.average(candidates, settings));
      }
    }
    return new MethodPosteriors(methods, names.size(), out);
  }

  /** A method's result, if some of its scores were finite. */
  public java.util.Optional<ModelAveraging.Result> result(String method) {
    return java.util.Optional.ofNullable(byMethod.get(method));
  }

  /** One section per method listing every structure (see {@link PosteriorTables#print}). */
  public void print(PrintWriter out, List<String> descriptions, String featureWord, boolean overWindow) {
    for (String m : methods) {
      if (byMethod.containsKey(m)) {
        PosteriorTables.print(out, m, byMethod.get(m), descriptions, featureWord, overWindow, true);
      } else {
        out.printf("%nposterior by %s: %s%n", m, PosteriorTables.nothingToAverage(m, structures));
      }
    }
  }

  /** {@code {"method": {…}, …}} with {@link PosteriorTables#json} per method. */
  public Map<String, Object> json() {
    Map<String, Object> o = new LinkedHashMap<>();
    for (String m : methods) {
      o.put(m, byMethod.containsKey(m) ? PosteriorTables.json(byMethod.get(m))
          : Map.of("error", PosteriorTables.nothingToAverage(m, structures)));
    }
    return o;
  }

  /** CSV column names: {@code method:logBayesFactor, method:posterior, method:inWindow} per method. */
  public List<String> csvHeader() {
    List<String> h = new ArrayList<>();
    for (String m : methods) {
      for (String c : PosteriorTables.CSV_COLUMNS) {
        h.add(m + ":" + c);
      }
    }
    return h;
  }

  /** The {@link #csvHeader} values of structure {@code index}. */
  public List<Object> csvValues(int index) {
    List<Object> v = new ArrayList<>();
    for (String m : methods) {
      v.addAll(byMethod.containsKey(m) ? PosteriorTables.csvValues(byMethod.get(m), index) : List.of("", "", ""));
    }
    return v;
  }

  /** A PNG with one V×V edge-probability panel per method that has a finite score. */
  public byte[] undirectedPng(String title, List<String> vertices, boolean overWindow) {
    List<EdgeHeatMap.Panel> panels = new ArrayList<>();
    byMethod.forEach((m, r) -> panels.add(EdgeHeatMap.undirected(m, vertices, r, overWindow)));
    return EdgeHeatMap.png(title, panels);
  }
}
