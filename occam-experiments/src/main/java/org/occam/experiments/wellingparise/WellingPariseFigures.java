package org.occam.experiments.wellingparise;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.occam.report.LinePlot;
import org.occam.report.Summaries;

/**
 * The numbers of Welling &amp; Parise's Figures 2, 4 and 5, computed from the rows of the figures'
 * CSV files alone (one row per model, x, method and sample set), and the files themselves: the
 * CSV of the rows, read back exactly, and the PNG of the mean CVM against N or d.
 */
final class WellingPariseFigures {
  static final String HEADER = "figure,model,d4,n,method,set,cvm,seconds,converged,mpsrf,bpNotConverged,draws,seed,note";

  private WellingPariseFigures() {}

  /**
   * One method at one x, over the models and sample sets there.
   *
   * @param x N (Figure 2) or d·4 (Figures 4 and 5)
   * @param meanCvm the mean CVM against HMC (NaN for hmc)
   * @param stdError its standard error over the rows
   * @param rows the rows averaged
   * @param meanSeconds the mean wall time of one sample set
   * @param notConverged rows whose sampler did not report convergence
   * @param bpNotConverged loopy BP runs that did not converge, summed over the rows
   * @param maxMpsrf the largest MPSRF (NaN for independent draws)
   * @param failed rows whose method gave no draws or no score (left out of the means)
   */
  record Point(double x, String method, double meanCvm, double stdError, int rows, double meanSeconds,
      int notConverged, long bpNotConverged, double maxMpsrf, int failed) {}

  /** The x of a row in its figure: N for Figure 2, d·4 for Figures 4 and 5. */
  static double x(WellingPariseUnits.Row r) {
    return r.figure() == 2 ? r.n() : r.strengthTimes4();
  }

  /** Every (x, method) of the rows, x ascending, methods in {@link WellingPariseDesign#METHODS} order. */
  static List<Point> points(Collection<WellingPariseUnits.Row> rows) {
    TreeSet<Double> xs = new TreeSet<>();
    for (WellingPariseUnits.Row r : rows) {
      xs.add(x(r));
    }
    List<Point> out = new ArrayList<>();
    for (double x : xs) {
      for (String m : WellingPariseDesign.METHODS) {
        List<WellingPariseUnits.Row> all = rows.stream().filter(r -> x(r) == x && r.method().equals(m)).toList();
        if (all.isEmpty()) {
          continue;
        }
        List<WellingPariseUnits.Row> g = all.stream().filter(r -> !r.failed()).toList();
        double[] cvm = g.stream().mapToDouble(WellingPariseUnits.Row::cvm).toArray();
        double[] sec = g.stream().mapToDouble(WellingPariseUnits.Row::seconds).toArray();
        boolean reference = m.equals(WellingPariseDesign.HMC);
        double mpsrf = g.stream().mapToDouble(WellingPariseUnits.Row::mpsrf).filter(Double::isFinite).max()
            .orElse(Double.NaN);
        out.add(new Point(x, m, reference || g.isEmpty() ? Double.NaN : Summaries.mean(cvm),
            reference || g.size() < 2 ? Double.NaN : Summaries.standardErrorOfMean(cvm), g.size(),
            g.isEmpty() ? Double.NaN : Summaries.mean(sec), (int) g.stream().filter(r -> !r.converged()).count(),
            g.stream().mapToLong(WellingPariseUnits.Row::bpNotConverged).sum(), mpsrf, all.size() - g.size()));
      }
    }
    return out;
  }

  /** The point of a method at x, or null. */
  static Point at(List<Point> points, String method, double x) {
    for (Point p : points) {
      if (p.method().equals(method) && p.x() == x) {
        return p;
      }
    }
    return null;
  }

  /** The x values of the points, ascending. */
  static double[] xs(List<Point> points) {
    return points.stream().mapToDouble(Point::x).distinct().sorted().toArray();
  }

  /** A method's mean CVM at every x. */
  static double[] curve(List<Point> points, String method) {
    return points.stream().filter(p -> p.method().equals(method)).mapToDouble(Point::meanCvm).toArray();
  }

  /** The rows as CSV, every number written so that it reads back exactly. */
  static String csv(List<WellingPariseUnits.Row> rows) {
    StringBuilder b = new StringBuilder(HEADER).append('\n');
    for (WellingPariseUnits.Row r : rows) {
      b.append(r.figure()).append(',').append(r.model()).append(',').append(exact(r.strengthTimes4())).append(',')
          .append(r.n()).append(',').append(r.method()).append(',').append(r.set()).append(',')
          .append(exact(r.cvm())).append(',').append(exact(r.seconds())).append(',').append(r.converged())
          .append(',').append(exact(r.mpsrf())).append(',').append(r.bpNotConverged()).append(',')
          .append(r.draws()).append(',').append(r.seed()).append(',').append(r.note()).append('\n');
    }
    return b.toString();
  }

  /** The rows of a figure's CSV text (as {@link #csv} writes it). */
  static List<WellingPariseUnits.Row> parse(String text) {
    List<WellingPariseUnits.Row> rows = new ArrayList<>();
    String[] lines = text.split("\n");
    if (!lines[0].equals(HEADER)) {
      throw new IllegalArgumentException("not a figure CSV: " + lines[0]);
    }
    for (int i = 1; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      String[] c = lines[i].split(",", -1);
      rows.add(new WellingPariseUnits.Row(Integer.parseInt(c[0]), Integer.parseInt(c[1]), read(c[2]),
          Integer.parseInt(c[3]), c[4], Integer.parseInt(c[5]), read(c[6]), read(c[7]), Boolean.parseBoolean(c[8]),
          read(c[9]), Long.parseLong(c[10]), Integer.parseInt(c[11]), Long.parseLong(c[12]), c[13]));
    }
    return rows;
  }

  private static String exact(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }

  private static double read(String s) {
    return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
  }

  /**
   * Mean CVM against HMC per compared method, ±1 standard error, log y, with the noise floor.
   *
   * @param floor the level two sets from one distribution stay below (99%), drawn flat; NaN for none
   */
  static byte[] png(String title, String xLabel, List<Point> points, double floor) {
    List<LinePlot.Series> series = new ArrayList<>();
    for (String m : WellingPariseDesign.COMPARED) {
      List<Point> c = points.stream().filter(p -> p.method().equals(m) && p.meanCvm() > 0).toList();
      if (c.isEmpty()) {
        continue;
      }
      double[] x = c.stream().mapToDouble(Point::x).toArray();
      double[] y = c.stream().mapToDouble(Point::meanCvm).toArray();
      // a log axis cannot draw a bar below zero: clip the lower end just above it
      double[] e = c.stream().mapToDouble(p -> Double.isFinite(p.stdError()) ? Math.min(p.stdError(),
          0.999 * p.meanCvm()) : 0).toArray();
      series.add(new LinePlot.Series(m, x, y, e));
    }
    double[] xs = xs(points);
    if (floor > 0 && xs.length > 0) {
      double[] y = new double[xs.length];
      java.util.Arrays.fill(y, floor);
      series.add(new LinePlot.Series("noise floor (same distribution, 99%)", xs, y));
    }
    return LinePlot.png(title, xLabel, "mean CVM score against HMC (log scale)", series, false, true, 900, 560);
  }

  /** x values: whole numbers without decimals. */
  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
  }

  static String fmt(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4g", v) : "-";
  }
}
