package org.occam.experiments.chenwelling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.occam.report.Summaries;

/**
 * The numbers behind Chen &amp; Welling's figures, computed from the rows of {@code scores.csv} only
 * (so a reader can recompute every one of them from that file):
 *
 * <ul>
 *   <li>Figures 1–2: the K each method chooses for each model and N (the K with the highest score per
 *       item, the smaller K on a tie), and their mean and standard deviation over the models;
 *   <li>Figures 4, 6 and 7: each method's mean evidence per document over its runs at each (N, K),
 *       its difference from the reference (ais-pd), and over a figure's points the mean absolute and
 *       signed differences.
 * </ul>
 *
 * <p>Every table is long (one row per method and point), so a method added later, such as the
 * paper's MCMC-based estimators, is new rows, not new columns.
 */
final class ChenWellingFigures {
  private ChenWellingFigures() {}

  /** The K one method chose for one model and N (Figures 1–2). */
  record Choice(int model, long n, String method, int chosenK) {}

  /**
   * Each (model, N, method)'s choice: the K with the highest per-item score (mean over runs),
   * ignoring missing scores; the smaller K on a tie. Ordered by model, N, method as first seen.
   */
  static List<Choice> choices(List<ChenWellingScoring.Row> rows) {
    Map<String, Map<Integer, List<Double>>> byGroup = new LinkedHashMap<>();
    Map<String, Choice> keys = new LinkedHashMap<>();
    for (ChenWellingScoring.Row r : rows) {
      String key = r.model() + "/" + r.n() + "/" + r.method();
      keys.putIfAbsent(key, new Choice(r.model(), r.n(), r.method(), 0));
      byGroup.computeIfAbsent(key, x -> new TreeMap<>()).computeIfAbsent(r.k(), x -> new ArrayList<>())
          .add(r.perDocument());
    }
    List<Choice> out = new ArrayList<>();
    for (var e : byGroup.entrySet()) {
      int best = 0;
      double bestValue = Double.NEGATIVE_INFINITY;
      for (var byK : e.getValue().entrySet()) {
        double v = meanOfFinite(byK.getValue());
        if (v > bestValue) {
          bestValue = v;
          best = byK.getKey();
        }
      }
      Choice c = keys.get(e.getKey());
      if (best > 0) {
        out.add(new Choice(c.model(), c.n(), c.method(), best));
      }
    }
    out.sort((a, b) -> a.n() != b.n() ? Long.compare(a.n(), b.n())
        : a.model() != b.model() ? Integer.compare(a.model(), b.model()) : 0);
    return out;
  }

  /**
   * The choices of one method at one N over the models (Figure 2).
   *
   * @param meanK mean chosen K
   * @param sdK its standard deviation over the models (n − 1 in the denominator; 0 for one model)
   * @param meanAbsError mean |chosen K − K*|
   * @param correct how many models got K*
   */
  record ChoiceSummary(long n, String method, int models, double meanK, double sdK, double meanAbsError,
      int correct) {}

  /** Per (N, method), in ascending N and the methods' order of first appearance. */
  static List<ChoiceSummary> choiceSummaries(List<Choice> choices, int trueK) {
    Map<Long, Map<String, List<Integer>>> byN = new TreeMap<>();
    for (Choice c : choices) {
      byN.computeIfAbsent(c.n(), x -> new LinkedHashMap<>()).computeIfAbsent(c.method(), x -> new ArrayList<>())
          .add(c.chosenK());
    }
    List<ChoiceSummary> out = new ArrayList<>();
    for (var e : byN.entrySet()) {
      for (var m : e.getValue().entrySet()) {
        double[] k = m.getValue().stream().mapToDouble(Integer::doubleValue).toArray();
        double abs = 0;
        int correct = 0;
        for (double v : k) {
          abs += Math.abs(v - trueK) / k.length;
          correct += v == trueK ? 1 : 0;
        }
        out.add(new ChoiceSummary(e.getKey(), m.getKey(), k.length, Summaries.mean(k), Summaries.standardDeviation(k),
            abs, correct));
      }
    }
    return out;
  }

  /**
   * One method at one (N, K) of an evidence figure.
   *
   * @param runs the rows (repeats) of the method there
   * @param finiteRuns those with a value
   * @param meanPerDocument the mean over them of the evidence per document (NaN if none)
   * @param sdPerDocument their standard deviation (n − 1; 0 for one run)
   * @param meanStdErrorPerDocument the mean of the estimates' own standard errors per document (NaN
   *     for methods without one)
   * @param minusReference meanPerDocument minus the reference's at the same (N, K), NaN where
   *     either is missing
   */
  record Point(long n, int k, String method, int runs, int finiteRuns, double meanPerDocument, double sdPerDocument,
      double meanStdErrorPerDocument, double minusReference) {}

  /** Every method's points of one figure's rows, ordered by N, K and the methods' first appearance. */
  static List<Point> points(List<ChenWellingScoring.Row> rows, String reference) {
    Map<String, List<ChenWellingScoring.Row>> byPoint = new LinkedHashMap<>();
    TreeSet<String> coordinates = new TreeSet<>();
    List<String> methods = new ArrayList<>();
    for (ChenWellingScoring.Row r : rows) {
      byPoint.computeIfAbsent(key(r.n(), r.k(), r.method()), x -> new ArrayList<>()).add(r);
      coordinates.add(String.format(Locale.ROOT, "%012d/%06d", r.n(), r.k()));
      if (!methods.contains(r.method())) {
        methods.add(r.method());
      }
    }
    List<Point> out = new ArrayList<>();
    for (String c : coordinates) {
      long n = Long.parseLong(c.substring(0, 12));
      int k = Integer.parseInt(c.substring(13));
      double ref = meanPerDocument(byPoint.get(key(n, k, reference)));
      for (String m : methods) {
        List<ChenWellingScoring.Row> g = byPoint.get(key(n, k, m));
        if (g == null) {
          continue;
        }
        List<Double> values = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        for (ChenWellingScoring.Row r : g) {
          if (Double.isFinite(r.perDocument())) {
            values.add(r.perDocument());
          }
          if (Double.isFinite(r.perDocumentStdError())) {
            errors.add(r.perDocumentStdError());
          }
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        double mean = Summaries.mean(v);
        out.add(new Point(n, k, m, g.size(), v.length, mean, Summaries.standardDeviation(v), meanOfFinite(errors),
            mean - ref));
      }
    }
    return out;
  }

  private static String key(long n, int k, String method) {
    return n + "/" + k + "/" + method;
  }

  private static double meanPerDocument(List<ChenWellingScoring.Row> g) {
    if (g == null) {
      return Double.NaN;
    }
    List<Double> v = new ArrayList<>();
    for (ChenWellingScoring.Row r : g) {
      v.add(r.perDocument());
    }
    return meanOfFinite(v);
  }

  /**
   * How close one method is to the reference over a figure's points.
   *
   * @param points the points where both have a value
   * @param missing the points where the reference has a value and this method has none
   * @param meanAbsDiff the mean over those points of |method − reference| per document
   * @param meanSignedDiff the mean of method − reference per document (negative: below the reference)
   * @param below the points where the method is below the reference
   */
  record Closeness(String method, int points, int missing, double meanAbsDiff, double meanSignedDiff, int below) {}

  /** Every method but the reference, in the order of first appearance. */
  static List<Closeness> closeness(List<Point> points, String reference) {
    Map<String, List<Point>> byMethod = new LinkedHashMap<>();
    TreeSet<String> withReference = new TreeSet<>();
    for (Point p : points) {
      if (p.method().equals(reference)) {
        if (Double.isFinite(p.meanPerDocument())) {
          withReference.add(p.n() + "/" + p.k());
        }
      } else {
        byMethod.computeIfAbsent(p.method(), x -> new ArrayList<>()).add(p);
      }
    }
    List<Closeness> out = new ArrayList<>();
    for (var e : byMethod.entrySet()) {
      int count = 0;
      int missing = 0;
      int below = 0;
      double abs = 0;
      double signed = 0;
      for (Point p : e.getValue()) {
        if (!withReference.contains(p.n() + "/" + p.k())) {
          continue;
        }
        if (!Double.isFinite(p.minusReference())) {
          missing++;
          continue;
        }
        count++;
        abs += Math.abs(p.minusReference());
        signed += p.minusReference();
        below += p.minusReference() < 0 ? 1 : 0;
      }
      out.add(new Closeness(e.getKey(), count, missing, count == 0 ? Double.NaN : abs / count,
          count == 0 ? Double.NaN : signed / count, below));
    }
    return out;
  }

  // ------------------------------------------------------------------ numbers

  static double meanOfFinite(List<Double> v) {
    return Summaries.mean(v.stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).toArray());
  }

  /** Four significant digits; empty for NaN. */
  static String fmt(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4g", v) : "";
  }

  /** Enough digits that per-document differences of 10⁻⁶ survive a round trip; empty for NaN. */
  static String precise(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.12g", v) : "";
  }
}
