package org.occam.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Lines against a shared x axis (e.g. a quantity per method against the data set size), as PNG. */
public final class LinePlot {
  private static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
      new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
      new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207)};

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
    st.setMarkerSize(6);
    int i = 0;
    for (Series s : series) {
      XYSeries xs = s.errors() == null ? chart.addSeries(s.name(), s.x(), s.y())
          : chart.addSeries(s.name(), s.x(), s.y(), s.errors());
      Color c = PALETTE[i % PALETTE.length];
      xs.setLineColor(c);
      xs.setMarkerColor(c);
      xs.setMarker(SeriesMarkers.CIRCLE);
      i++;
    }
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode PNG", e);
    }
  }
}
