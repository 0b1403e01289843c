package org.occam.experiments.crffaq;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfSettings;
import org.occam.crf.methods.CrfMethods;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import org.occam.report.LinePlot;

/**
 * Parise &amp; Welling (2006), section 4.2 and Figure 5: a nested sequence of CRFs on two documents,
 * adding the state feature t_i g_a(x_i) of each input in a seeded order and then the transition
 * features t_i t_{i+1} g_a(x_i) in the same order, each model scored by MAP, BIC-MAP, Laplace-Exact
 * (on a chain also BP-LR) and AIS ({@link CrfMethods}). The figure plots the log evidence per line
 * (the paper divides by the number of documents; per line is that divided by 100 more). The rows
 * of the figure's CSV are read back exactly by {@link #parse}, and the summary numbers and the
 * claim are computed from the rows alone.
 */
final class CrfFaqScores {
  static final String HEADER = "features,added,method,logEvidence,stdError,lines,perLine,seconds,converged,seed";
  static final List<String> METHODS = List.of("map", "bic-map", "laplace-exact", "ais");
  static final String AIS = "ais";

  private CrfFaqScores() {}

  /**
   * One model's score by one method.
   *
   * @param features the model's number of features (1…2 × inputs)
   * @param added the feature this model adds to the previous one
   * @param lines the documents' lines (the score per line is logEvidence / lines)
   */
  record Row(int features, String added, String method, double logEvidence, double stdError, int lines,
      double seconds, boolean converged, long seed) {
    double perLine() {
      return logEvidence / lines;
    }
  }

  /** The features of the nested models: state features of {@code inputs} in order, then their transition features. */
  static List<String> sequence(List<String> inputs) {
    return CrfModel.papers(inputs);
  }

  /** Scores the model of the first {@code k} features on {@code data} by every method. */
  static List<Row> score(CrfData data, List<String> features, int k, CrfSettings settings, long seed) {
    CrfModel model = new CrfModel(data.labelStates(), data.inputNames(), features.subList(0, k), true);
    long unitSeed = RandomStreams.taskSeed(seed, 5, k);
    CrfProblem problem = new CrfProblem(model, data, settings, unitSeed);
    List<EvidenceEstimate> estimates = problem.estimate(CrfMethods.parseList(String.join(",", METHODS)));
    List<Row> rows = new ArrayList<>();
    int lines = data.positions();
    for (EvidenceEstimate e : estimates) {
      rows.add(new Row(k, features.get(k - 1), e.method(), e.logEvidence(), e.stdError().orElse(Double.NaN),
          lines, e.seconds(), e.converged(), unitSeed));
    }
    return rows;
  }

  static String csv(List<Row> rows) {
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    for (Row r : rows) {
      b.append(r.features()).append(',').append(r.added()).append(',').append(r.method()).append(',')
          .append(Csv.exact(r.logEvidence())).append(',').append(Csv.exact(r.stdError())).append(',')
          .append(r.lines()).append(',').append(Csv.exact(r.perLine())).append(',')
          .append(Csv.exact(r.seconds())).append(',')
          .append(r.converged()).append(',').append(r.seed()).append('\n');
    }
    return b.toString();
  }

  static List<Row> parse(String text) {
    List<Row> rows = new ArrayList<>();
    for (String[] c : Csv.rows(text, HEADER)) {
      rows.add(new Row(Integer.parseInt(c[0]), c[1], c[2], Csv.read(c[3]), Csv.read(c[4]), Integer.parseInt(c[5]),
          Csv.read(c[7]), Boolean.parseBoolean(c[8]), Long.parseLong(c[9])));
    }
    return rows;
  }

  /** A method's per-line scores, by number of features ascending. */
  static double[] curve(List<Row> rows, String method) {
    return rows.stream().filter(r -> r.method().equals(method)).sorted(java.util.Comparator.comparingInt(Row::features))
        .mapToDouble(Row::perLine).toArray();
  }

  /**
   * Per method (AIS aside), the mean over the models of |score − AIS score| per line, in
   * {@link #METHODS} order.
   */
  static Map<String, Double> meanAbsoluteDifference(List<Row> rows) {
    double[] ais = curve(rows, AIS);
    Map<String, Double> out = new java.util.LinkedHashMap<>();
    for (String m : METHODS) {
      if (m.equals(AIS)) {
        continue;
      }
      double[] c = curve(rows, m);
      double s = 0;
      for (int i = 0; i < c.length; i++) {
        s += Math.abs(c[i] - ais[i]);
      }
      out.put(m, c.length == 0 ? Double.NaN : s / c.length);
    }
    return out;
  }

  /** The AIS score per line against the number of features, with each method's. */
  static byte[] png(List<Row> rows, String title) {
    List<LinePlot.Series> series = new ArrayList<>();
    for (String m : METHODS) {
      List<Row> c = rows.stream().filter(r -> r.method().equals(m)).sorted(java.util.Comparator.comparingInt(
          Row::features)).toList();
      double[] x = c.stream().mapToDouble(Row::features).toArray();
      double[] y = c.stream().mapToDouble(Row::perLine).toArray();
      double[] e = m.equals(AIS) ? c.stream().mapToDouble(r -> Double.isFinite(r.stdError()) ? r.stdError()
          / r.lines() : 0).toArray() : null;
      series.add(new LinePlot.Series(m, x, y, e));
    }
    return LinePlot.png(title, "number of features (state features, then transition features)",
        "log evidence per line (nats)", series, false, false, 900, 560);
  }
}
