package org.occam.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.occam.data.InvalidInputException;
import org.occam.search.ModelAveraging;

/**
 * Heat maps of arc or edge posterior probabilities, one panel per method side by side: for an MRF
 * the V×V matrix of edge probabilities (symmetric, diagonal blank), for a DAG the parents×children
 * matrix of arc probabilities. Each cell is printed with its value; white is 0, blue is 1. Panels are
 * laid out three to a row.
 */
public final class EdgeHeatMap {
  private static final int TITLE_H = 40;
  private static final int COLUMNS = 3;

  /**
   * One panel.
   *
   * @param rows the row labels (MRF: the variables; DAG: the parents)
   * @param columns the column labels (MRF: the variables; DAG: the children)
   * @param probability {@code probability[r][c]} in [0, 1], NaN for a cell that is not an edge (left blank)
   */
  public record Panel(String title, List<String> rows, List<String> columns, double[][] probability) {
    public Panel {
      if (probability.length != rows.size()) {
        throw new IllegalArgumentException("one row of probabilities per row label");
      }
      for (double[] p : probability) {
        if (p.length != columns.size()) {
          throw new IllegalArgumentException("one probability per column label in every row");
        }
      }
    }
  }

  private EdgeHeatMap() {}

  /** A V×V panel of the edge probabilities {@code vertices[i]-vertices[j]} (i &lt; j), mirrored, diagonal blank. */
  public static Panel undirected(String title, List<String> vertices, ModelAveraging.Result r, boolean overWindow) {
    int v = vertices.size();
    double[][] p = new double[v][v];
    for (int i = 0; i < v; i++) {
      p[i][i] = Double.NaN;
      for (int j = i + 1; j < v; j++) {
        var f = r.feature(PosteriorTables.edge(vertices.get(i), vertices.get(j)));
        p[i][j] = p[j][i] = overWindow ? f.overWindow() : f.overAll();
      }
    }
    return new Panel(title, vertices, vertices, p);
  }

  /** A parents × children panel of the arc probabilities {@code parent->child}. */
  public static Panel directed(String title, List<String> parents, List<String> children, ModelAveraging.Result r,
      boolean overWindow) {
    double[][] p = new double[parents.size()][children.size()];
    for (int a = 0; a < parents.size(); a++) {
      for (int b = 0; b < children.size(); b++) {
        var f = r.feature(PosteriorTables.arc(parents.get(a), children.get(b)));
        p[a][b] = overWindow ? f.overWindow() : f.overAll();
      }
    }
    return new Panel(title, parents, children, p);
  }

  /** Renders the panels side by side under a title, as PNG bytes. */
  public static byte[] png(String title, List<Panel> panels) {
    if (panels.isEmpty()) {
      throw new InvalidInputException("no method has a finite score on any structure; no heat map to draw");
    }
    List<BufferedImage> images = new ArrayList<>();
    for (Panel p : panels) {
      images.add(BitmapEncoder.getBufferedImage(chart(p)));
    }
    int cols = Math.min(COLUMNS, images.size());
    int rows = (images.size() + cols - 1) / cols;
    int cellW = images.stream().mapToInt(BufferedImage::getWidth).max().orElse(0);
    int cellH = images.stream().mapToInt(BufferedImage::getHeight).max().orElse(0);
    int w = cols * cellW;
    int h = rows * cellH + TITLE_H;
    BufferedImage img = new BufferedImage(Math.max(w, 400), h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, img.getWidth(), img.getHeight());
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g.drawString(title, 10, 26);
    for (int i = 0; i < images.size(); i++) {
      g.drawImage(images.get(i), (i % cols) * cellW, TITLE_H + (i / cols) * cellH, null);
    }
    g.dispose();
    return Png.encode(img);
  }

  private static HeatMapChart chart(Panel p) {
    int size = Math.max(p.rows().size(), p.columns().size());
    int side = Math.max(360, 160 + 75 * size);
    HeatMapChart chart = new HeatMapChartBuilder().width(side + 80).height(side).title(p.title()).build();
    var st = chart.getStyler();
    st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    st.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    st.setChartBackgroundColor(Color.WHITE);
    st.setPlotBackgroundColor(Color.WHITE);
    st.setMin(0);
    st.setMax(1);
    st.setRangeColors(new Color[] {Color.WHITE, new Color(50, 100, 205)});
    st.setShowValue(true);
    st.setValueFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    st.setHeatMapValueDecimalPattern("0.00");
    st.setDrawBorder(true);
    st.setLegendVisible(true);
    st.setPlotGridLinesVisible(false);
    List<Number[]> cells = new ArrayList<>();
    for (int r = 0; r < p.rows().size(); r++) {
      for (int c = 0; c < p.columns().size(); c++) {
        double v = p.probability()[r][c];
        if (!Double.isNaN(v)) {
          // xchart puts x (the column) first and draws the first y category at the bottom
          cells.add(new Number[] {c, p.rows().size() - 1 - r, v});
        }
      }
    }
    List<String> yLabels = new ArrayList<>(p.rows());
    java.util.Collections.reverse(yLabels);
    chart.addSeries("p", p.columns(), yLabels, cells);
    return chart;
  }
}
