package org.occam.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.BasicStroke;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Lines against a shared x axis (e.g. a quantity per method against the data set size), as PNG.
 * Each series has its own colour, marker and dash pattern, its error bars in its colour; series
 * that lie on top of each other at the plot's scale ({@link #coincident}) say so in the legend
 * ({@code "bp-lr-exactgrad (≈ bp-lr here)"}), since no drawing can separate them.
 */
public final class LinePlot {
  private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
      new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
      new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207)};
  private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
      SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS, SeriesMarkers.PLUS};
  private static final BasicStroke[] LINES = {SeriesLines.SOLID, SeriesLines.DASH_DASH, SeriesLines.DOT_DOT,
      SeriesLines.DASH_DOT};

  /**
   * How close two series must be, as a fraction of the y axis's span (in log10 units on a log
   * axis), at every x, to be drawn on top of each other: closer than a marker is wide at 560 pixels.
   */
  public static final double COINCIDENT_FRACTION = 0.01;

  /**
   * One line.
   *
   * @param errors symmetric error bars (same length as y), or null
   */
  public record Series(String name, double[] x, double[] y, double[] errors) {
    public Series(String name, double[] x, double[] y) {
      this(name, x, y, null);
    }
  }

  private LinePlot() {}

  /**
   * Renders the lines as PNG bytes.
   *
   * @param logX logarithmic x axis
   * @param logY logarithmic y axis (every y must be positive)
   */
  public static byte[] png(String title, String xLabel, String yLabel, List<Series> series, boolean logX, boolean logY,
      int width, int height) {
    XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xLabel)
        .yAxisTitle(yLabel).build();
    var st = chart.getStyler();
    st.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    st.setXAxisLogarithmic(logX);
    st.setYAxisLogarithmic(logY);
    st.setChartBackgroundColor(Color.WHITE);
    st.setPlotBackgroundColor(Color.WHITE);
    st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    st.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    st.setMarkerSize(7);
    st.setErrorBarsColorSeriesColor(true);
    List<String> names = legendNames(series, logY);
    for (int i = 0; i < series.size(); i++) {
      Series s = series.get(i);
      XYSeries xs = s.errors() == null ? chart.addSeries(names.get(i), s.x(), s.y())
          : chart.addSeries(names.get(i), s.x(), s.y(), s.errors());
      Color c = PALETTE[i % PALETTE.length];
      xs.setLineColor(c);
      xs.setMarkerColor(c);
      xs.setMarker(MARKERS[i % MARKERS.length]);
      xs.setLineStyle(LINES[i % LINES.length]);
    }
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode PNG", e);
    }
  }

  /**
   * The legend's names: a series that coincides with an earlier one gets {@code " (≈ earlier here)"}.
   */
  static List<String> legendNames(List<Series> series, boolean logY) {
    int[] group = coincident(series, logY);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      names.add(group[i] == i ? series.get(i).name() : series.get(i).name() + " (≈ " + series.get(group[i]).name()
          + " here)");
    }
    return names;
  }

  /**
   * For each series, the first series it coincides with (itself when none): the same x values and,
   * at every x, y values within {@link #COINCIDENT_FRACTION} of the span of all the plot's y values
   * (log10 y on a log axis).
   */
  public static int[] coincident(List<Series> series, boolean logY) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      for (double y : s.y()) {
        double v = logY ? Math.log10(y) : y;
        if (Double.isFinite(v)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    double tolerance = COINCIDENT_FRACTION * (hi > lo ? hi - lo : 1);
    int[] group = new int[series.size()];
    for (int i = 0; i < series.size(); i++) {
      group[i] = i;
      for (int j = 0; j < i && group[i] == i; j++) {
        if (group[j] == j && close(series.get(i), series.get(j), logY, tolerance)) {
          group[i] = j;
        }
      }
    }
    return group;
  }

  private static boolean close(Series a, Series b, boolean logY, double tolerance) {
    if (!Arrays.equals(a.x(), b.x())) {
      return false;
    }
    for (int k = 0; k < a.y().length; k++) {
      double u = logY ? Math.log10(a.y()[k]) : a.y()[k];
      double v = logY ? Math.log10(b.y()[k]) : b.y()[k];
      if (!(Math.abs(u - v) <= tolerance) && !(Double.isNaN(u) && Double.isNaN(v))) {
        return false;
      }
    }
    return true;
  }
}
