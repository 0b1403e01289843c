package org.occam.experiments.wellingparise;

import org.occam.experiments.PaperClaim;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.experiments.ProgressSink;
import org.occam.math.Parallel;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import org.occam.sampling.ParameterSamples;

/**
 * Welling &amp; Parise (UAI 2006), section 7, on 5×5 grids: the posterior over a Boltzmann
 * machine's parameters by bl-mp, bl-bp, lv-cd and mc-bp, each sample set scored by the
 * Cramér–von Mises distance (UAI eqn 23, summed over the 65 parameters) from an HMC set of the same
 * size (the ground truth), against N (Figure 2) and against the coupling strength d with biases 0
 * and 1 (Figures 4 and 5); Figure 3 shows bl-mp's worst-fitting marginals against HMC's. See
 * {@link WellingPariseDesign} for the models, {@link WellingPariseUnits} for a unit of work and its
 * seed, {@link WellingPariseFigures} for the numbers (computed from the figures' rows alone) and
 * {@link WellingPariseClaims} for the verdicts.
 *
 * <pre>{@code
 * var s = new WellingPariseSettings(true, null, null, null, null, null, null, null, null, 1, 2);
 * new WellingPariseExperiment(s).run(dir, ProgressSink.none(), out);
 * }</pre>
 */
public final class WellingPariseExperiment {
  static final String FIG2_CSV = "fig-2-cvm-vs-n.csv";
  static final String FIG4_CSV = "fig-4-cvm-vs-d-bias0.csv";
  static final String FIG5_CSV = "fig-5-cvm-vs-d-bias1.csv";
  static final String FIG3_CSV = "fig-3-histograms.csv";

  private final WellingPariseSettings asked;
  private final WellingParisePlan plan;
  private final WellingPariseSampling sampling;
  /** Occam's defaults (prior N(0, I) on λ, one thread: the units run in parallel instead). */
  private final MrfScoreSettings scoreSettings = MrfScoreSettings.defaults();

  /** Resolves the defaults and checks the settings (one-line InvalidInputException naming the option). */
  public WellingPariseExperiment(WellingPariseSettings s) {
    this(s, WellingPariseSampling.library());
  }

  WellingPariseExperiment(WellingPariseSettings s, WellingPariseSampling sampling) {
    this.asked = s;
    this.plan = WellingParisePlan.of(s);
    this.sampling = sampling;
  }

  WellingParisePlan plan() {
    return plan;
  }

  /** Runs the experiment into {@code dir} (an existing folder), printing the findings to {@code o}. */
  public void run(Path dir, ProgressSink progress, PrintWriter o) {
    run(dir, progress, o, null, new PrintWriter(java.io.Writer.nullWriter()));
  }

  /**
   * As above, keeping each unit in {@code journal} as it is done and printing its line to
   * {@code err}; the units found in the journal (a resumed run's) are not run again. Every unit has
   * its own seed, so the outputs are those of an uninterrupted run. The journal is removed once the
   * outputs are written.
   *
   * @param journal the run's journal, or null to keep nothing
   */
  public void run(Path dir, ProgressSink progress, PrintWriter o, UnitJournal journal, PrintWriter err) {
    long t0 = System.nanoTime();
    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    long seed = asked.seed();
    List<WellingPariseUnits.Unit> units = plan.units();
    o.printf(Locale.ROOT, "Welling & Parise (2006) section 7: 5x5 grid, %d model(s) x N = %s (Figure 2), d = %s/4 at "
        + "N = %d (Figures 4, 5); %d set(s) of %d draws (%d chains) per method and point, %d units, seed %d, %d "
        + "thread(s)%n", plan.models(), plan.sizes(), numbers(plan.strengths()), plan.strengthSize(), plan.sets(),
        plan.sampling().samples(), plan.sampling().chains(), units.size(), seed, asked.threads());

    Map<String, WellingPariseDesign.Model> models = models(seed);
    Map<WellingPariseUnits.Unit, List<WellingPariseUnits.Row>> before = new HashMap<>();
    if (journal != null) {
      for (JsonNode u : journal.finished()) {
        before.put(WellingPariseUnits.unit(u), WellingPariseUnits.read(u));
      }
    }
    long s0 = System.nanoTime();
    List<List<WellingPariseUnits.Row>> done;
    try (ProgressSink.Task task = progress.start("sample sets", units.size() - before.size());
        UnitLog log = new UnitLog(journal, err, units.size(), before.size())) {
      AtomicInteger count = new AtomicInteger();
      done = Parallel.map(units.size(), asked.threads(), "welling-parise", i -> {
        WellingPariseUnits.Unit u = units.get(i);
        List<WellingPariseUnits.Row> kept = before.get(u);
        if (kept != null) {
          return kept;
        }
        List<WellingPariseUnits.Row> rows = WellingPariseUnits.run(u, models.get(key(u.figure(), u.model())), seed,
            plan.sampling(), scoreSettings, sampling);
        log.finished(WellingPariseUnits.json(u, rows), WellingPariseUnits.line(u, rows));
        if (task.listener() != null) {
          task.listener().accept(count.incrementAndGet());
        }
        return rows;
      });
    }
    double unitsWall = (System.nanoTime() - s0) * 1e-9;
    Map<Integer, List<WellingPariseUnits.Row>> byFigure = new LinkedHashMap<>();
    for (int f : new int[] {2, 4, 5}) {
      byFigure.put(f, new ArrayList<>());
    }
    for (List<WellingPariseUnits.Row> rows : done) {
      for (WellingPariseUnits.Row r : rows) {
        byFigure.get(r.figure()).add(r);
      }
    }
    OutputFiles.write(dir.resolve(FIG2_CSV), WellingPariseFigures.csv(byFigure.get(2)));
    OutputFiles.write(dir.resolve(FIG4_CSV), WellingPariseFigures.csv(byFigure.get(4)));
    OutputFiles.write(dir.resolve(FIG5_CSV), WellingPariseFigures.csv(byFigure.get(5)));
    int k = WellingPariseDesign.GRID.vertexCount() + WellingPariseDesign.GRID.edgeCount();
    int n = plan.sampling().chains() * plan.sampling().perChain();
    double floor = k * sampling.nullQuantile99(n, n);
    List<WellingPariseFigures.Point> fig2 = WellingPariseFigures.points(byFigure.get(2));
    List<WellingPariseFigures.Point> fig4 = WellingPariseFigures.points(byFigure.get(4));
    List<WellingPariseFigures.Point> fig5 = WellingPariseFigures.points(byFigure.get(5));
    OutputFiles.write(dir.resolve("fig-2-cvm-vs-n.png"), WellingPariseFigures.png("Figure 2: mean CVM against HMC, "
        + plan.models() + " model(s), " + plan.sets() + " set(s) of " + plan.sampling().samples() + " draws",
        "N (number of data cases)", fig2, floor));
    OutputFiles.write(dir.resolve("fig-4-cvm-vs-d-bias0.png"), WellingPariseFigures.png("Figure 4: mean CVM against "
        + "HMC, biases 0, N = " + plan.strengthSize(), "coupling strength d x 4", fig4, floor));
    OutputFiles.write(dir.resolve("fig-5-cvm-vs-d-bias1.png"), WellingPariseFigures.png("Figure 5: mean CVM against "
        + "HMC, biases 1, N = " + plan.strengthSize(), "coupling strength d x 4", fig5, floor));

    WellingPariseReport.Worst worst = figure3(dir, byFigure.get(2), models, seed);
    OutputFiles.write(dir.resolve("models.csv"), modelsCsv(models));

    double total = (System.nanoTime() - t0) * 1e-9;
    double loadAtEnd = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    List<PaperClaim> claims = WellingPariseClaims.claims(fig2, fig4, fig5);
    var context = new WellingPariseReport.Context(seed, plan, asked.threads(), asked.quick(), floor, worst,
        new WellingPariseReport.Timing(total, unitsWall, processCpuSeconds(), units.size(), before.size(),
            loadAtStart, loadAtEnd));
    OutputFiles.write(dir.resolve("report.md"), WellingPariseReport.markdown(context, fig2, fig4, fig5, claims));
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(WellingPariseReport.summary(context, fig2, fig4,
        fig5, claims)));
    if (journal != null) {
      journal.complete();
    }
    print(o, fig2, fig4, fig5, claims);
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, models.csv, fig-2..5 CSV and PNG%n", dir);
    o.printf(Locale.ROOT, "total %.1f s wall (%.1f s for %d units), %.1f s process CPU on %d thread(s), load average "
        + "%.1f at start, %.1f at end%n", total, unitsWall, units.size(), context.timing().processCpuSeconds(),
        asked.threads(), loadAtStart, loadAtEnd);
  }

  private Map<String, WellingPariseDesign.Model> models(long seed) {
    Map<String, WellingPariseDesign.Model> out = new LinkedHashMap<>();
    for (int m = 0; m < plan.models(); m++) {
      out.put(key(2, m), WellingPariseDesign.gaussianModel(seed, m, plan.largestSize()));
    }
    for (double d4 : plan.strengths()) {
      int id = WellingParisePlan.strengthId(d4);
      out.put(key(4, id), WellingPariseDesign.couplingModel(seed, 4, id, d4, WellingPariseDesign.FIG4_FIELD,
          plan.strengthSize()));
      out.put(key(5, id), WellingPariseDesign.couplingModel(seed, 5, id, d4, WellingPariseDesign.FIG5_FIELD,
          plan.strengthSize()));
    }
    return out;
  }

  private static String key(int figure, int model) {
    return figure + "/" + model;
  }

  /**
   * Figure 3: the (model, N) of Figure 2 where bl-mp's mean CVM over the sets is largest, its set
   * with the largest bl-mp CVM, and that unit's HMC and bl-mp draws drawn again (same seeds, so the
   * same draws), as histograms of the worst-fitting parameters; null when bl-mp gave no draws at all.
   */
  private WellingPariseReport.Worst figure3(Path dir, List<WellingPariseUnits.Row> fig2Rows,
      Map<String, WellingPariseDesign.Model> models, long seed) {
    Map<String, double[]> sums = new LinkedHashMap<>();
    WellingPariseUnits.Row worstRow = null;
    for (WellingPariseUnits.Row r : fig2Rows) {
      if (r.method().equals(WellingPariseClaims.BL_MP) && !r.failed()) {
        double[] s = sums.computeIfAbsent(r.model() + "/" + r.n(), x -> new double[2]);
        s[0] += r.cvm();
        s[1]++;
      }
    }
    String worstKey = null;
    double worstMean = Double.NEGATIVE_INFINITY;
    for (var e : sums.entrySet()) {
      double mean = e.getValue()[0] / e.getValue()[1];
      if (mean > worstMean) {
        worstMean = mean;
        worstKey = e.getKey();
      }
    }
    for (WellingPariseUnits.Row r : fig2Rows) {
      if (r.method().equals(WellingPariseClaims.BL_MP) && !r.failed() && (r.model() + "/" + r.n()).equals(worstKey)
          && (worstRow == null || r.cvm() > worstRow.cvm())) {
        worstRow = r;
      }
    }
    if (worstRow == null) {
      return null;
    }
    WellingPariseUnits.Unit u = new WellingPariseUnits.Unit(2, worstRow.model(), worstRow.n(), worstRow.set());
    long unitSeed = u.seed(seed);
    MrfProblem problem = new MrfProblem(WellingPariseDesign.GRID, models.get(key(2, u.model())).data(u.n()),
        scoreSettings, unitSeed);
    ParameterSamples hmc = sampling.sample(WellingPariseDesign.HMC, problem, plan.sampling(),
        WellingPariseUnits.Unit.methodSeed(unitSeed, WellingPariseDesign.HMC));
    ParameterSamples blMp = sampling.sample(WellingPariseClaims.BL_MP, problem, plan.sampling(),
        WellingPariseUnits.Unit.methodSeed(unitSeed, WellingPariseClaims.BL_MP));
    List<WellingPariseHistograms.Panel> panels = WellingPariseHistograms.worst(hmc, blMp, sampling);
    OutputFiles.write(dir.resolve(FIG3_CSV), WellingPariseHistograms.csv(u.model(), u.n(), u.set(), panels));
    OutputFiles.write(dir.resolve("fig-3-histograms.png"), WellingPariseHistograms.png("model " + u.model() + ", N = "
        + u.n() + ", set " + u.set(), panels));
    return new WellingPariseReport.Worst(u.model(), u.n(), u.set(), worstMean, sampling.score(blMp, hmc), panels);
  }

  /** Every true model: its spin parameters and their 0/1 form. */
  private static String modelsCsv(Map<String, WellingPariseDesign.Model> models) {
    StringBuilder b = new StringBuilder("figure,model,d4,parameter,spinValue,lambda\n");
    for (WellingPariseDesign.Model m : models.values()) {
      var g = m.machine().graph();
      double[] lambda = m.machine().parameters();
      int v = g.vertexCount();
      for (int i = 0; i < v + g.edgeCount(); i++) {
        String name = i < v ? "b:" + i : "w:" + g.edgeFrom(i - v) + "-" + g.edgeTo(i - v);
        double spin = i < v ? m.fields()[i] : m.couplings()[i - v];
        b.append(m.figure()).append(',').append(m.index()).append(',')
            .append(Double.isNaN(m.strengthTimes4()) ? "" : WellingPariseFigures.number(m.strengthTimes4()))
            .append(',').append(name).append(',').append(spin).append(',').append(lambda[i]).append('\n');
      }
    }
    return b.toString();
  }

  private void print(PrintWriter o, List<WellingPariseFigures.Point> fig2, List<WellingPariseFigures.Point> fig4,
      List<WellingPariseFigures.Point> fig5, List<PaperClaim> claims) {
    o.printf("%nFigure 2: mean CVM against HMC per N, over %d model(s) and %d set(s)%n", plan.models(), plan.sets());
    Tables.print(o, header("N"), table(fig2));
    o.printf("%nFigure 4: mean CVM against HMC per d*4, biases 0, N = %d%n", plan.strengthSize());
    Tables.print(o, header("d*4"), table(fig4));
    o.printf("%nFigure 5: mean CVM against HMC per d*4, biases 1, N = %d%n", plan.strengthSize());
    Tables.print(o, header("d*4"), table(fig5));
    o.printf("%nThe paper's findings, checked against this run:%n");
    for (PaperClaim c : claims) {
      o.printf("- %s: %s. %s%n", c.title(), c.verdict(), c.evidence());
    }
  }

  static String[] header(String x) {
    List<String> h = new ArrayList<>(List.of(x));
    h.addAll(WellingPariseDesign.COMPARED);
    h.add("BP runs not converged (bl-bp, mc-bp)");
    return h.toArray(new String[0]);
  }

  static List<String[]> table(List<WellingPariseFigures.Point> points) {
    List<String[]> rows = new ArrayList<>();
    for (double x : WellingPariseFigures.xs(points)) {
      List<String> r = new ArrayList<>(List.of(WellingPariseFigures.number(x)));
      long bp = 0;
      for (String m : WellingPariseDesign.COMPARED) {
        WellingPariseFigures.Point p = WellingPariseFigures.at(points, m, x);
        r.add(p == null ? "-" : WellingPariseFigures.fmt(p.meanCvm()));
        bp += p == null || !WellingPariseDesign.BP_COUNTED.contains(m) ? 0 : p.bpNotConverged();
      }
      r.add(Long.toString(bp));
      rows.add(r.toArray(new String[0]));
    }
    return rows;
  }

  private static String numbers(List<Double> v) {
    return String.join(",", v.stream().map(WellingPariseFigures::number).toList());
  }

  /** This JVM's CPU time so far, NaN where the platform does not report it. */
  private static double processCpuSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      return ns < 0 ? Double.NaN : ns * 1e-9;
    }
    return Double.NaN;
  }
}
