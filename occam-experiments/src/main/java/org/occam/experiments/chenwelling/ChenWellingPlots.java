package org.occam.experiments.chenwelling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.occam.report.LinePlot;

/**
 * The PNG figures of {@link ChenWellingExperiment}: evidence against N or K, distance from the
 * reference, the chosen K.
 */
final class ChenWellingPlots {
  private ChenWellingPlots() {}

  /**
   * An evidence figure: per-document evidence of every method against N or K, mean over runs with ±1
   * standard deviation bars; the reference with ±1 of its own standard error.
   *
   * @param byN x is N (log scale) rather than K
   */
  static byte[] evidencePng(String title, List<ChenWellingFigures.Point> points, String reference, boolean byN) {
    Map<String, List<ChenWellingFigures.Point>> byMethod = new LinkedHashMap<>();
    for (ChenWellingFigures.Point p : points) {
      if (Double.isFinite(p.meanPerDocument())) {
        byMethod.computeIfAbsent(p.method(), x -> new ArrayList<>()).add(p);
      }
    }
    List<LinePlot.Series> series = new ArrayList<>();
    for (var e : byMethod.entrySet()) {
      List<ChenWellingFigures.Point> ps = e.getValue();
      double[] x = new double[ps.size()];
      double[] y = new double[ps.size()];
      double[] err = new double[ps.size()];
      boolean isReference = e.getKey().equals(reference);
      for (int i = 0; i < x.length; i++) {
        ChenWellingFigures.Point p = ps.get(i);
        x[i] = byN ? p.n() : p.k();
        y[i] = p.meanPerDocument();
        double bar = isReference ? p.meanStdErrorPerDocument() : p.sdPerDocument();
        err[i] = Double.isFinite(bar) ? bar : 0;
      }
      String name = isReference ? e.getKey() + " (reference, +-1 s.e.)" : e.getKey();
      series.add(new LinePlot.Series(name, x, y, err));
    }
    return LinePlot.png(title, byN ? "N (documents, log scale)" : "K (hidden units)",
        "log evidence per document (nats)", series, byN, false, 900, 560);
  }

  /**
   * The same figure as distances: |mean score − reference| per document of every other method, on a
   * log y axis (points where it is 0 or missing are left out), so methods far apart all show.
   */
  static byte[] distancePng(String title, List<ChenWellingFigures.Point> points, String reference, boolean byN) {
    Map<String, List<double[]>> byMethod = new LinkedHashMap<>();
    for (ChenWellingFigures.Point p : points) {
      double d = Math.abs(p.minusReference());
      if (!p.method().equals(reference) && d > 0 && Double.isFinite(d)) {
        byMethod.computeIfAbsent(p.method(), x -> new ArrayList<>()).add(new double[] {byN ? p.n() : p.k(), d});
      }
    }
    List<LinePlot.Series> series = new ArrayList<>();
    for (var e : byMethod.entrySet()) {
      double[] x = e.getValue().stream().mapToDouble(v -> v[0]).toArray();
      double[] y = e.getValue().stream().mapToDouble(v -> v[1]).toArray();
      series.add(new LinePlot.Series(e.getKey(), x, y));
    }
    if (series.isEmpty()) {
      // a log axis needs a positive point; an empty chart still says there is nothing to compare
      series.add(new LinePlot.Series("(no method has a value where " + reference + " has one)", new double[] {1},
          new double[] {1}));
    }
    return LinePlot.png(title, byN ? "N (documents, log scale)" : "K (hidden units)",
        "|score - " + reference + "| / N (log scale)", series, byN, true, 900, 560);
  }

  /** Figure 2: mean chosen K ± sd against N, one line per method, and the true K. */
  static byte[] choicePng(String title, List<ChenWellingFigures.ChoiceSummary> summaries, int trueK) {
    Map<String, List<ChenWellingFigures.ChoiceSummary>> byMethod = new LinkedHashMap<>();
    TreeSet<Long> ns = new TreeSet<>();
    for (ChenWellingFigures.ChoiceSummary s : summaries) {
      byMethod.computeIfAbsent(s.method(), x -> new ArrayList<>()).add(s);
      ns.add(s.n());
    }
    List<LinePlot.Series> series = new ArrayList<>();
    for (var e : byMethod.entrySet()) {
      List<ChenWellingFigures.ChoiceSummary> ss = e.getValue();
      double[] x = new double[ss.size()];
      double[] y = new double[ss.size()];
      double[] err = new double[ss.size()];
      for (int i = 0; i < x.length; i++) {
        x[i] = ss.get(i).n();
        y[i] = ss.get(i).meanK();
        err[i] = ss.get(i).sdK();
      }
      series.add(new LinePlot.Series(e.getKey() + " (mean +-1 sd over models)", x, y, err));
    }
    double[] x = ns.stream().mapToDouble(Long::doubleValue).toArray();
    double[] y = new double[x.length];
    java.util.Arrays.fill(y, trueK);
    series.add(new LinePlot.Series("true K = " + trueK, x, y));
    return LinePlot.png(title, "N (training items, log scale)", "chosen number of hidden units K", series, true,
        false, 900, 560);
  }

  /** One line against K (Figure 1's panels). */
  static byte[] linePng(String title, String name, double[] k, double[] y, double[] err, String yLabel) {
    return LinePlot.png(title, "K (hidden units)", yLabel, List.of(new LinePlot.Series(name, k, y, err)), false, false,
        900, 560);
  }
}
