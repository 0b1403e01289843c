package org.occam.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A grid of score-vs-parameter-count scatter plots, one row per data set size and one column per
 * method, in the manner of Beal's Figure 6.2: every structure a grey dot, the true structure a
 * red circle, the best-scoring one a blue cross; panels of a row share their vertical range.
 */
public final class ScoreGridPlot {
  private static final int PANEL_W = 300;
  private static final int PANEL_H = 230;
  private static final int TITLE_H = 40;

  /**
   * One panel's points.
   *
   * @param parameters each structure's number of free parameters
   * @param scores each structure's score
   * @param trueIndex the true structure, or −1
   */
  public record Panel(String title, double[] parameters, double[] scores, int trueIndex) {}

  private ScoreGridPlot() {}

  /**
   * Renders the rows of panels as PNG bytes, as wide as the longest row (rows may differ in length:
   * AIS may run at fewer sizes than the other scores).
   */
  public static byte[] png(String title, List<List<Panel>> rows) {
    int nr = rows.size();
    int nc = rows.stream().mapToInt(List::size).max().orElse(0);
    BufferedImage img = new BufferedImage(nc * PANEL_W, nr * PANEL_H + TITLE_H, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, img.getWidth(), img.getHeight());
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g.drawString(title, 10, 26);
    for (int r = 0; r < nr; r++) {
      double lo = Double.POSITIVE_INFINITY;
      double hi = Double.NEGATIVE_INFINITY;
      for (Panel p : rows.get(r)) {
        for (double v : p.scores()) {
          if (Double.isFinite(v)) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
          }
        }
      }
      double pad = Math.max(1e-9, 0.05 * (hi - lo));
      for (int c = 0; c < rows.get(r).size(); c++) {
        XYChart chart = panel(rows.get(r).get(c), lo - pad, hi + pad);
        BufferedImage pi = BitmapEncoder.getBufferedImage(chart);
        g.drawImage(pi, c * PANEL_W, TITLE_H + r * PANEL_H, null);
      }
    }
    g.dispose();
    return Png.encode(img);
  }

  private static XYChart panel(Panel p, double lo, double hi) {
    XYChart chart = new XYChartBuilder().width(PANEL_W).height(PANEL_H).title(p.title())
        .xAxisTitle("parameters").yAxisTitle("score").build();
    var st = chart.getStyler();
    st.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    st.setLegendVisible(false);
    st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    st.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    st.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
    st.setMarkerSize(5);
    st.setYAxisMin(lo);
    st.setYAxisMax(hi);
    st.setChartBackgroundColor(Color.WHITE);
    st.setPlotBackgroundColor(Color.WHITE);
    int best = 0;
    for (int i = 1; i < p.scores().length; i++) {
      if (p.scores()[i] > p.scores()[best]) {
        best = i;
      }
    }
    XYSeries all = chart.addSeries("structures", p.parameters(), p.scores());
    all.setMarker(SeriesMarkers.CIRCLE);
    all.setMarkerColor(new Color(120, 120, 120, 150));
    XYSeries b = chart.addSeries("best", new double[] {p.parameters()[best]}, new double[] {p.scores()[best]});
    b.setMarker(SeriesMarkers.CROSS);
    b.setMarkerColor(new Color(30, 80, 220));
    if (p.trueIndex() >= 0) {
      XYSeries t = chart.addSeries("true", new double[] {p.parameters()[p.trueIndex()]},
          new double[] {p.scores()[p.trueIndex()]});
      t.setMarker(SeriesMarkers.CIRCLE);
      t.setMarkerColor(new Color(220, 30, 30));
      t.setLineStyle(new BasicStroke(0f));
    }
    return chart;
  }
}
