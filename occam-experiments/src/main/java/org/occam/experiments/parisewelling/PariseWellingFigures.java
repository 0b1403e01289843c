package org.occam.experiments.parisewelling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.occam.data.InvalidInputException;
import org.occam.report.LinePlot;
import org.occam.report.Summaries;

/**
 * The data behind Parise &amp; Welling's Figures 2–4: the mean over a group of (structure, data
 * set) pairs of the absolute difference from a reference per data case, {@code |score − AIS| / N}
 * for the figures, for each method at each point of an x axis, with the standard error of that mean
 * and the mean AIS standard error per data case (the noise floor below which a difference from AIS
 * is not resolved).
 */
final class PariseWellingFigures {
  /** The paper's five scores in its legend's order, and laplace-lr (exact λMP and log Z, C by linear response). */
  static final List<String> PLOTTED = List.of("bic-ml", "map", "bp-lr", "bp-lr-exactgrad", "laplace-exact",
      PariseWellingScoring.LAPLACE_LR);

  private PariseWellingFigures() {}

  /**
   * One method's line.
   *
   * @param method a score's label
   * @param meanPerRow mean |score − reference| / N per x
   * @param semPerRow its standard error over the group
   * @param meanNats mean |score − reference| in nats
   */
  record Curve(String method, double[] meanPerRow, double[] semPerRow, double[] meanNats) {}

  /**
   * One panel: every compared method's line over the same x.
   *
   * @param aisStdErrorPerRow the mean AIS standard error / N per x
   * @param counts the group size per x
   */
  record Panel(String title, String xLabel, double[] x, List<Curve> curves, double[] aisStdErrorPerRow, int[] counts) {
    Curve curve(String method) {
      for (Curve c : curves) {
        if (c.method().equals(method)) {
          return c;
        }
      }
      throw new InvalidInputException("no curve for " + method);
    }

    /** The long-form CSV: x, method, mean, its standard error, mean in nats, AIS noise floor, count. */
    String csv(String xName, String prefixHeader, String prefixValue) {
      StringBuilder b = new StringBuilder(prefixHeader).append(xName)
          .append(",method,meanAbsDiffPerN,stdErrorPerN,meanAbsDiffNats,meanAisStdErrorPerN,count\n");
      for (int i = 0; i < x.length; i++) {
        for (Curve c : curves) {
          b.append(prefixValue).append(number(x[i])).append(',').append(c.method()).append(',')
              .append(fmt(c.meanPerRow()[i])).append(',').append(fmt(c.semPerRow()[i])).append(',')
              .append(fmt(c.meanNats()[i])).append(',').append(fmt(aisStdErrorPerRow[i])).append(',')
              .append(counts[i]).append('\n');
        }
      }
      return b.toString();
    }

    /** The PNG: the {@link #PLOTTED} methods and the AIS noise floor, log y. */
    byte[] png(boolean logX) {
      List<LinePlot.Series> series = new ArrayList<>();
      for (String m : PLOTTED) {
        Curve c = curve(m);
        double[][] pts = positive(x, c.meanPerRow(), c.semPerRow());
        series.add(new LinePlot.Series(m, pts[0], pts[1], pts[2]));
      }
      double[][] floor = positive(x, aisStdErrorPerRow, null);
      series.add(new LinePlot.Series("AIS std error (noise floor)", floor[0], floor[1]));
      return LinePlot.png(title, xLabel, "mean |score - AIS| / N (log scale)", series, logX, true, 900, 560);
    }
  }

  /**
   * A panel over {@code x}, the group at point i given by {@code group.apply(i)}.
   *
   * @param methods the labels of the scores compared
   * @param reference the label they are compared with ({@code ais} in the figures)
   */
  static Panel panel(String title, String xLabel, double[] x, IntFunction<List<PariseWellingScoring.Scored>> group,
      List<String> methods, String reference) {
    int points = x.length;
    double[] noise = new double[points];
    int[] counts = new int[points];
    double[][] mean = new double[methods.size()][points];
    double[][] sem = new double[methods.size()][points];
    double[][] nats = new double[methods.size()][points];
    for (int i = 0; i < points; i++) {
      List<PariseWellingScoring.Scored> g = group.apply(i);
      counts[i] = g.size();
      double se = 0;
      for (PariseWellingScoring.Scored s : g) {
        se += s.aisStdError() / s.task().n();
      }
      noise[i] = g.isEmpty() ? Double.NaN : se / g.size();
      for (int a = 0; a < methods.size(); a++) {
        double[] d = new double[g.size()];
        double n = 0;
        for (int j = 0; j < g.size(); j++) {
          d[j] = g.get(j).absDiffPerRow(methods.get(a), reference);
          n += d[j] * g.get(j).task().n();
        }
        mean[a][i] = Summaries.mean(d);
        sem[a][i] = Summaries.standardErrorOfMean(d);
        nats[a][i] = g.isEmpty() ? Double.NaN : n / g.size();
      }
    }
    List<Curve> curves = new ArrayList<>();
    for (int a = 0; a < methods.size(); a++) {
      curves.add(new Curve(methods.get(a), mean[a], sem[a], nats[a]));
    }
    return new Panel(title, xLabel, x, List.copyOf(curves), noise, counts);
  }

  /** The points with a positive y (a log axis cannot show the others). */
  private static double[][] positive(double[] x, double[] y, double[] err) {
    int m = 0;
    for (double v : y) {
      m += v > 0 && Double.isFinite(v) ? 1 : 0;
    }
    double[][] out = {new double[m], new double[m], err == null ? null : new double[m]};
    int j = 0;
    for (int i = 0; i < y.length; i++) {
      if (y[i] > 0 && Double.isFinite(y[i])) {
        out[0][j] = x[i];
        out[1][j] = y[i];
        if (err != null) {
          // a log axis cannot draw a bar below zero: clip the lower end just above it
          out[2][j] = Math.min(err[i], 0.999 * y[i]);
        }
        j++;
      }
    }
    return out;
  }

  static String fmt(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
  }

  /** x values: whole numbers without decimals. */
  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return new java.math.BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
  }
}
