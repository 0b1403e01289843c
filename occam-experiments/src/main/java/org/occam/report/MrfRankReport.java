package org.occam.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.occam.data.Variable;
import org.occam.evidence.EvidenceEstimate;
import org.occam.io.MrfBinaryData;
import org.occam.search.GreedyEdgePath;
import org.occam.search.ModelAveraging;
import org.occam.search.Ranks;

/**
 * What {@code occam mrf rank} prints and writes for Boltzmann-machine structures scored by several
 * methods (Parise &amp; Welling 2006): the table of scores with each method's best, the best models'
 * edges, the labels of the models for the posterior report, and the JSON and CSV of the run.
 */
public final class MrfRankReport {
  /** With every graph ranked, the table shows the models ranked at most this by some method. */
  public static final int TOP = 10;

  private final List<Variable> vars;
  private final List<String> methods;
  private final List<RankedGraph> models;
  private final List<GreedyEdgePath.Step> path;
  private final boolean topOnly;
  private final int top;
  /** Per method, the models' ranks: 1 = highest score, equal scores share a rank ({@link Ranks#of}). */
  private final List<int[]> ranks = new ArrayList<>();

  /**
   * @param path the greedy path the models' {@code pathStep}s refer to (empty when none)
   * @param topOnly whether the table shows only the models in the top {@code top} by some method,
   *     with their edge lists (every graph ranked) instead of the edge added (a path)
   * @param top how many of each method's best models the table shows (default {@link #TOP})
   */
  public MrfRankReport(List<Variable> vars, List<String> methods, List<RankedGraph> models, List<GreedyEdgePath.Step> path,
      boolean topOnly, int top) {
    if (top < 1) {
      throw new IllegalArgumentException("top must be >= 1, got " + top);
    }
    this.top = top;
    this.vars = vars;
    this.methods = List.copyOf(methods);
    this.models = List.copyOf(models);
    this.path = List.copyOf(path);
    this.topOnly = topOnly;
    for (int k = 0; k < methods.size(); k++) {
      int kk = k;
      ranks.add(Ranks.of(models.stream().mapToDouble(m -> m.results().get(kk).logEvidence()).toArray()));
    }
  }

  /** The score table (best marked {@code *}, not converged {@code !}), each method's best and a convergence warning. */
  public void print(PrintWriter out) {
    List<String> header = new ArrayList<>(List.of("model", "edges"));
    header.addAll(methods);
    header.add(topOnly ? "edge list" : "added edge");
    List<String[]> rows = new ArrayList<>();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      int index = i;
      if (!topOnly || ranks.stream().anyMatch(r -> r[index] <= top)) {
        order.add(i);
      }
    }
    if (topOnly) {
      int[] byFirst = ranks.get(0);
      order.sort(Comparator.comparingInt((Integer i) -> byFirst[i]).thenComparingInt(i -> i));
    }
    for (int i : order) {
      RankedGraph m = models.get(i);
      List<String> r = new ArrayList<>(List.of(m.name(), Integer.toString(m.graph().edgeCount())));
      for (int k = 0; k < methods.size(); k++) {
        EvidenceEstimate e = m.results().get(k);
        r.add(Tables.score(e.logEvidence()) + (ranks.get(k)[i] == 1 ? "*" : " ") + (e.converged() ? "" : "!"));
      }
      r.add(topOnly ? MrfBinaryData.edges(vars, m.graph())
          : m.added() == null ? "" : MrfBinaryData.edgeName(vars, m.added()));
      rows.add(r.toArray(new String[0]));
    }
    out.println();
    Tables.print(out, header.toArray(new String[0]), rows);
    out.println((topOnly ? "the models in the top " + top + " by some method (all of them in --json and --csv); " : "")
        + "* best of the models by that method; ! not converged (see the JSON diagnostics)");
    out.println();
    for (int k = 0; k < methods.size(); k++) {
      RankedGraph best = best(k);
      out.printf("best by %-16s %s: %s%n", methods.get(k) + ":", best.name(), MrfBinaryData.edges(vars, best.graph()));
    }
    int nonConverged = 0;
    for (RankedGraph m : models) {
      nonConverged += (int) m.results().stream().filter(e -> !e.converged()).count();
    }
    if (nonConverged > 0) {
      out.printf("warning: %d score(s) did not converge%n", nonConverged);
    }
  }

  /** The posterior probabilities of the models ranked and of each edge, per method. */
  public MethodPosteriors average(ModelAveraging.Settings averaging) {
    double[][] scores = new double[models.size()][methods.size()];
    List<Set<String>> features = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      for (int k = 0; k < methods.size(); k++) {
        scores[i][k] = models.get(i).results().get(k).logEvidence();
      }
      Set<String> e = new LinkedHashSet<>();
      for (int[] pair : models.get(i).graph().edges()) {
        e.add(MrfBinaryData.edgeName(vars, pair));
      }
      features.add(e);
    }
    return MethodPosteriors.average(methods, models.stream().map(RankedGraph::name).toList(), features, scores, averaging);
  }

  /** The models as the posterior report lists them: a path model as its predecessor plus the edge added. */
  public List<String> posteriorLabels() {
    return models.stream().map(m -> m.name() + "  " + (m.added() == null ? MrfBinaryData.edges(vars, m.graph())
        : "+" + MrfBinaryData.edgeName(vars, m.added()) + " (" + m.graph().edgeCount()
            + (m.graph().edgeCount() == 1 ? " edge)" : " edges)"))).toList();
  }

  /**
   * The run as JSON (a map tree for {@link ResultJson#write}).
   *
   * @param data from {@link MrfBinaryData#json}
   * @param graphClass {@code path} or {@code all}
   * @param settings the scores' settings, threads and seed
   */
  public Map<String, Object> json(Map<String, Object> data, String criterion, String graphClass,
      Map<String, Object> settings, double seconds) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("data", data);
    root.put("methods", methods);
    root.put("criterion", criterion);
    root.put("class", graphClass);
    root.put("settings", settings);
    List<Map<String, Object>> list = new ArrayList<>();
    for (int i = 0; i < models.size(); i++) {
      RankedGraph m = models.get(i);
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("name", m.name());
      x.put("pathStep", m.pathStep());
      x.put("edges", MrfBinaryData.edgeList(vars, m.graph()));
      x.put("added", m.added() == null ? null : List.of(vars.get(m.added()[0]).name(), vars.get(m.added()[1]).name()));
      if (m.pathStep() != null) {
        x.put("candidates", path.get(m.pathStep()).candidates());
      }
      x.put("parameters", m.graph().vertexCount() + m.graph().edgeCount());
      Map<String, Object> scores = new LinkedHashMap<>();
      Map<String, Object> r = new LinkedHashMap<>();
      Map<String, Object> conv = new LinkedHashMap<>();
      for (int k = 0; k < methods.size(); k++) {
        EvidenceEstimate est = m.results().get(k);
        scores.put(est.method(), est.logEvidence());
        r.put(est.method(), ranks.get(k)[i]);
        conv.put(est.method(), est.converged());
      }
      x.put("scores", scores);
      x.put("ranks", r);
      x.put("converged", conv);
      x.put("results", m.results().stream().map(ResultJson::estimate).toList());
      list.add(x);
    }
    root.put("models", list);
    Map<String, Object> best = new LinkedHashMap<>();
    for (int k = 0; k < methods.size(); k++) {
      best.put(methods.get(k), best(k).name());
    }
    root.put("best", best);
    root.put("seconds", seconds);
    return root;
  }

  /** One row per model with its scores (and, given posteriors, their columns) as CSV. */
  public String csv(MethodPosteriors posteriors) {
    StringWriter text = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(text, CSVFormat.RFC4180.builder().setRecordSeparator('\n').get())) {
      List<String> header = new ArrayList<>(List.of("model", "pathStep", "edgeCount", "added", "edges"));
      header.addAll(methods);
      if (posteriors != null) {
        header.addAll(posteriors.csvHeader());
      }
      p.printRecord(header);
      for (int i = 0; i < models.size(); i++) {
        RankedGraph m = models.get(i);
        List<Object> r = new ArrayList<>();
        r.add(m.name());
        r.add(m.pathStep() == null ? "" : m.pathStep());
        r.add(m.graph().edgeCount());
        r.add(m.added() == null ? "" : MrfBinaryData.edgeName(vars, m.added()));
        List<String> e = new ArrayList<>();
        for (int[] pair : m.graph().edges()) {
          e.add(MrfBinaryData.edgeName(vars, pair));
        }
        r.add(String.join(";", e));
        for (EvidenceEstimate est : m.results()) {
          r.add(String.format(Locale.ROOT, "%.6f", est.logEvidence()));
        }
        if (posteriors != null) {
          r.addAll(posteriors.csvValues(i));
        }
        p.printRecord(r);
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return text.toString();
  }

  /** The first model of rank 1 by method {@code k}. */
  private RankedGraph best(int k) {
    int[] r = ranks.get(k);
    for (int i = 0; i < r.length; i++) {
      if (r[i] == 1) {
        return models.get(i);
      }
    }
    throw new IllegalStateException("no model of rank 1");
  }
}
