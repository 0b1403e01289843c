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
 * Marginal histograms of posterior draws, as Figure 3 of Welling &amp; Parise (UAI 2006): for one
 * parameter, a method's histogram drawn as an outline over the reference's (HMC's) filled one, both
 * as densities on shared bins so sets of different sizes compare. Panels are laid out
 * {@value #COLUMNS} to a row (a method's worst and best fitting parameter side by side).
 */
public final class PosteriorHistograms {
  /** Panels per row. */
  public static final int COLUMNS = 2;
  /** A panel's width in pixels. */
  public static final int PANEL_W = 380;
  /** A panel's height in pixels. */
  public static final int PANEL_H = 270;
  /** The height of the figure's title. */
  public static final int TITLE_H = 40;
  /** The most bins of a histogram (the smaller set's √n, between 10 and this). */
  public static final int MAX_BINS = 40;

  private static final Color FILL = new Color(120, 140, 170, 170);
  private static final Color OUTLINE = new Color(214, 39, 40);

  /**
   * One panel: a parameter's draws under a method, and the reference's (null: the method alone,
   * filled).
   */
  public record Panel(String title, String method, double[] draws, String reference, double[] referenceDraws) {}

  private PosteriorHistograms() {}

  /** The width and height of a figure of {@code panels} panels. */
  public static int[] size(int panels) {
    int rows = Math.max(1, (panels + COLUMNS - 1) / COLUMNS);
    return new int[] {COLUMNS * PANEL_W, TITLE_H + rows * PANEL_H};
  }

  /** Renders the panels under a title as PNG bytes, {@link #size} pixels. */
  public static byte[] png(String title, List<Panel> panels) {
    int[] wh = size(panels.size());
    BufferedImage img = new BufferedImage(wh[0], wh[1], BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, wh[0], wh[1]);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
    g.drawString(title, 10, 26);
    for (int i = 0; i < panels.size(); i++) {
      BufferedImage p = BitmapEncoder.getBufferedImage(chart(panels.get(i)));
      g.drawImage(p, (i % COLUMNS) * PANEL_W, TITLE_H + (i / COLUMNS) * PANEL_H, null);
    }
    g.dispose();
    return Png.encode(img);
  }

  private static XYChart chart(Panel p) {
    XYChart chart = new XYChartBuilder().width(PANEL_W).height(PANEL_H).title(p.title()).xAxisTitle("value")
        .yAxisTitle("density").build();
    var st = chart.getStyler();
    st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    st.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    st.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 9));
    st.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    st.setChartBackgroundColor(Color.WHITE);
    st.setPlotBackgroundColor(Color.WHITE);
    st.setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
    st.setYAxisMin(0.0);
    st.setXAxisDecimalPattern("0.##");
    st.setYAxisDecimalPattern("0.##");
    double lo = min(p.draws());
    double hi = max(p.draws());
    if (p.referenceDraws() != null) {
      lo = Math.min(lo, min(p.referenceDraws()));
      hi = Math.max(hi, max(p.referenceDraws()));
    }
    if (!Double.isFinite(lo)) {
      // no finite draw at all: an empty panel on [0, 1]
      lo = 0;
      hi = 0;
    }
    if (!(hi > lo)) {
      // one value: a bin of width 1 around it
      lo -= 0.5;
      hi += 0.5;
    }
    int n = p.referenceDraws() == null ? p.draws().length : Math.min(p.draws().length, p.referenceDraws().length);
    int bins = Math.max(10, Math.min(MAX_BINS, (int) Math.round(Math.sqrt(n))));
    if (p.referenceDraws() != null) {
      double[][] ref = steps(p.referenceDraws(), lo, hi, bins);
      XYSeries r = chart.addSeries(p.reference(), ref[0], ref[1]);
      r.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
      r.setFillColor(FILL);
      r.setLineColor(FILL);
      r.setMarker(SeriesMarkers.NONE);
    }
    double[][] own = steps(p.draws(), lo, hi, bins);
    XYSeries m = chart.addSeries(p.method(), own[0], own[1]);
    if (p.referenceDraws() == null) {
      m.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
      m.setFillColor(FILL);
      m.setLineColor(FILL);
    } else {
      m.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
      m.setLineColor(OUTLINE);
      m.setLineStyle(new BasicStroke(1.6f));
    }
    m.setMarker(SeriesMarkers.NONE);
    return chart;
  }

  /**
   * The outline of a density histogram on {@code bins} equal bins of [lo, hi] as a polyline:
   * x = e₀, e₀, e₁, e₁, …, y = 0, h₁, h₁, h₂, …, 0.
   */
  static double[][] steps(double[] draws, double lo, double hi, int bins) {
    double[] h = density(draws, lo, hi, bins);
    double width = (hi - lo) / bins;
    double[] x = new double[2 * bins + 2];
    double[] y = new double[2 * bins + 2];
    for (int b = 0; b <= bins; b++) {
      x[2 * b] = lo + b * width;
      x[2 * b + 1] = lo + b * width;
      y[2 * b] = b == 0 ? 0 : h[b - 1];
      y[2 * b + 1] = b == bins ? 0 : h[b];
    }
    return new double[][] {x, y};
  }

  /**
   * The density of each of {@code bins} equal bins of [lo, hi] (the last bin closed), over the
   * finite draws: it integrates to 1.
   */
  static double[] density(double[] draws, double lo, double hi, int bins) {
    double width = (hi - lo) / bins;
    double[] h = new double[bins];
    int finite = 0;
    for (double v : draws) {
      if (Double.isFinite(v)) {
        int b = (int) Math.floor((v - lo) / width);
        h[Math.min(Math.max(b, 0), bins - 1)]++;
        finite++;
      }
    }
    for (int b = 0; b < bins; b++) {
      h[b] /= Math.max(finite, 1) * width;
    }
    return h;
  }

  private static double min(double[] v) {
    double m = Double.POSITIVE_INFINITY;
    for (double x : v) {
      if (Double.isFinite(x)) {
        m = Math.min(m, x);
      }
    }
    return m;
  }

  private static double max(double[] v) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      if (Double.isFinite(x)) {
        m = Math.max(m, x);
      }
    }
    return m;
  }
}
