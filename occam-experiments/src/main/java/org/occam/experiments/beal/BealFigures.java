package org.occam.experiments.beal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.occam.dag.DagMethod;
import org.occam.report.LinePlot;
import org.occam.report.OutputFiles;
import org.occam.report.ScoreGridPlot;

/** The PNG figures of {@link BealExperiment}: Beal (2003) Figures 6.2, 6.3, 6.5 and 6.9. */
final class BealFigures {
  private BealFigures() {}

  static void write(Path dir, BealExperiment e, BealPartOne one, BealPartTwo two) {
    double[] xs = e.sizes().stream().mapToDouble(Integer::doubleValue).toArray();
    int structures = e.structures().size();
    List<LinePlot.Series> rankLines = new ArrayList<>();
    for (var r : one.rankByMethod.entrySet()) {
      if (r.getKey().equals("map")) {
        continue;
      }
      double[][] pts = finitePoints(xs, r.getValue());
      if (pts[0].length > 0) {
        rankLines.add(new LinePlot.Series(r.getKey(), pts[0], pts[1]));
      }
    }
    OutputFiles.write(dir.resolve("fig-6.3-rank-vs-n.png"), LinePlot.png(
        "Rank of the true structure among " + structures + " (1 = best)", "data set size n",
        "rank (log scale, lower is better)", rankLines, true, true, 900, 560));
    if (!one.gridRows.isEmpty()) {
      OutputFiles.write(dir.resolve("fig-6.2-scores-vs-parameters.png"), ScoreGridPlot.png(
          "Scores of all " + structures + " structures vs number of parameters (red: true, blue x: best)",
          one.gridRows));
    }
    if (e.instances() > 0) {
      partTwo(dir, xs, e.instances(), two);
    }
  }

  /** Figures 6.9 and 6.5: % ranked first and median rank against n, every score but MAP. */
  private static void partTwo(Path dir, double[] xs, int nInstances, BealPartTwo two) {
    List<LinePlot.Series> successLines = new ArrayList<>();
    List<LinePlot.Series> medianLines = new ArrayList<>();
    for (int a = 0; a < two.methods.size(); a++) {
      if (two.methods.get(a) == DagMethod.MAP) {
        continue;
      }
      double[] pctSuccess = Arrays.stream(two.success[a]).map(c -> 100.0 * c / nInstances).toArray();
      successLines.add(new LinePlot.Series(two.methods.get(a).label(), xs, pctSuccess));
      medianLines.add(new LinePlot.Series(two.methods.get(a).label(), xs, two.medianRank[a]));
    }
    OutputFiles.write(dir.resolve("fig-6.9-success-vs-n.png"), LinePlot.png(
        "True structure ranked first, % of " + nInstances + " parameter draws", "data set size n", "% ranked first",
        successLines, true, false, 900, 560));
    OutputFiles.write(dir.resolve("fig-6.5-median-rank-vs-n.png"), LinePlot.png(
        "Median rank of the true structure over " + nInstances + " parameter draws", "data set size n",
        "median rank (log scale)", medianLines, true, true, 900, 560));
  }

  private static double[][] finitePoints(double[] x, double[] y) {
    int m = 0;
    for (double v : y) {
      m += Double.isFinite(v) ? 1 : 0;
    }
    double[][] out = new double[2][m];
    int j = 0;
    for (int i = 0; i < y.length; i++) {
      if (Double.isFinite(y[i])) {
        out[0][j] = x[i];
        out[1][j++] = y[i];
      }
    }
    return out;
  }
}
