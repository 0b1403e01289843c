package org.occam.experiments.wellingparise;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.occam.sampling.ParameterSamples;

/**
 * Welling &amp; Parise's Figure 3: the marginal histograms of bl-mp's draws (an outline) against
 * HMC's (filled) for the parameters bl-mp fits worst, by the univariate Cramér–von Mises score
 * (UAI eqn 23), at the model and N where bl-mp's mean score is worst.
 */
final class WellingPariseHistograms {
  /** Histogram bins per parameter. */
  static final int BINS = 30;
  /** Parameters shown. */
  static final int SHOWN = 6;

  private WellingPariseHistograms() {}

  /**
   * One parameter's histograms on shared bins.
   *
   * @param cvm the univariate score of bl-mp against HMC
   * @param edges BINS + 1 bin edges
   * @param hmc the fraction of HMC's draws in each bin
   * @param blMp the fraction of bl-mp's draws in each bin
   */
  record Panel(String parameter, double cvm, double[] edges, double[] hmc, double[] blMp) {}

  /** The {@link #SHOWN} worst-fitting parameters, worst first. */
  static List<Panel> worst(ParameterSamples hmc, ParameterSamples blMp, WellingPariseSampling sampling) {
    int k = hmc.dimension();
    double[][] a = columns(hmc);
    double[][] b = columns(blMp);
    double[] cvm = new double[k];
    for (int p = 0; p < k; p++) {
      cvm[p] = sampling.univariate(b[p], a[p]);
    }
    int[] order = IntStream.range(0, k).boxed().sorted(Comparator.comparingDouble((Integer p) -> -cvm[p])
        .thenComparingInt(p -> p)).mapToInt(Integer::intValue).limit(SHOWN).toArray();
    List<Panel> out = new ArrayList<>();
    for (int p : order) {
      double lo = Math.min(min(a[p]), min(b[p]));
      double hi = Math.max(max(a[p]), max(b[p]));
      if (hi <= lo) {
        hi = lo + 1e-9;
      }
      double[] edges = new double[BINS + 1];
      for (int i = 0; i <= BINS; i++) {
        edges[i] = lo + (hi - lo) * i / BINS;
      }
      out.add(new Panel(hmc.parameterNames().get(p), cvm[p], edges, fractions(a[p], lo, hi), fractions(b[p], lo,
          hi)));
    }
    return out;
  }

  private static double[][] columns(ParameterSamples s) {
    double[][] pooled = s.pooled();
    double[][] out = new double[s.dimension()][pooled.length];
    for (int t = 0; t < pooled.length; t++) {
      for (int p = 0; p < out.length; p++) {
        out[p][t] = pooled[t][p];
      }
    }
    return out;
  }

  private static double[] fractions(double[] v, double lo, double hi) {
    double[] f = new double[BINS];
    for (double x : v) {
      int i = (int) Math.floor((x - lo) / (hi - lo) * BINS);
      f[Math.max(0, Math.min(BINS - 1, i))] += 1.0 / v.length;
    }
    return f;
  }

  private static double min(double[] v) {
    return Arrays.stream(v).min().orElse(0);
  }

  private static double max(double[] v) {
    return Arrays.stream(v).max().orElse(0);
  }

  /** One row per parameter and bin. */
  static String csv(int model, int n, int set, List<Panel> panels) {
    StringBuilder b = new StringBuilder("model,n,set,parameter,cvm,binLow,binHigh,hmcFraction,blMpFraction\n");
    for (Panel p : panels) {
      for (int i = 0; i < BINS; i++) {
        b.append(model).append(',').append(n).append(',').append(set).append(',').append(p.parameter()).append(',')
            .append(p.cvm()).append(',').append(p.edges()[i]).append(',').append(p.edges()[i + 1]).append(',')
            .append(p.hmc()[i]).append(',').append(p.blMp()[i]).append('\n');
      }
    }
    return b.toString();
  }

  /** The panels in a grid of 2 rows, HMC filled and bl-mp as an outline. */
  static byte[] png(String title, List<Panel> panels) {
    List<XYChart> charts = new ArrayList<>();
    for (Panel p : panels) {
      XYChart c = new XYChartBuilder().width(420).height(300).title(p.parameter() + " (CVM "
          + WellingPariseFigures.fmt(p.cvm()) + ")").xAxisTitle("value (" + title + ")").yAxisTitle("fraction of draws").build();
      c.getStyler().setChartBackgroundColor(Color.WHITE);
      c.getStyler().setPlotBackgroundColor(Color.WHITE);
      c.getStyler().setMarkerSize(0);
      double[] x = Arrays.copyOf(p.edges(), BINS + 1);
      double[] h = Arrays.copyOf(p.hmc(), BINS + 1);
      double[] m = Arrays.copyOf(p.blMp(), BINS + 1);
      h[BINS] = h[BINS - 1];
      m[BINS] = m[BINS - 1];
      XYSeries hs = c.addSeries("hmc", x, h);
      hs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.StepArea);
      hs.setFillColor(new Color(31, 119, 180, 150));
      hs.setLineColor(new Color(31, 119, 180));
      hs.setMarker(SeriesMarkers.NONE);
      XYSeries ms = c.addSeries("bl-mp", x, m);
      ms.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
      ms.setLineColor(new Color(214, 39, 40));
      ms.setMarker(SeriesMarkers.NONE);
      charts.add(c);
    }
    int cols = (panels.size() + 1) / 2;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      BitmapEncoder.saveBitmap(charts, Math.min(2, panels.size()), Math.max(1, cols), out,
          BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new IllegalStateException("cannot encode PNG", e);
    }
    return out.toByteArray();
  }
}
