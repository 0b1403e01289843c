package org.occam.experiments.parisewelling;

import org.occam.experiments.PaperClaim;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.data.InvalidInputException;
import org.occam.experiments.ProgressSink;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfMethod;
import org.occam.mrf.MrfScoreSettings;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.report.Tables;
import org.occam.sampling.ParameterSpaceAis;

/**
 * Parise &amp; Welling (2006), section 4.1, on fresh synthetic data: Laplace-family scores of
 * Boltzmann machines on 5 nodes against AIS. See {@link PariseWellingDesign} for the design,
 * {@link PariseWellingTasks} for the pairs to score, {@link PariseWellingScoring} for the scores of one (structure, data) pair,
 * {@link PariseWellingPanels} for the figures and {@link PariseWellingReport} for the paper's
 * findings checked against the run.
 *
 * <pre>{@code
 * var s = new PariseWellingSettings(true, null, null, null, 0.5, null, 6, null, null, 1, 2);
 * new PariseWellingExperiment(s).run(dir, ProgressSink.none(), out);
 * }</pre>
 */
public final class PariseWellingExperiment {
  static final List<Integer> DEFAULT_SIZES = List.of(50, 100, 300, 1000, 3000, 10_000);
  static final List<Integer> QUICK_SIZES = List.of(50, 300, 2000);

  private final PariseWellingSettings asked;
  private final List<Integer> ns;
  private final List<Double> ds;
  private final int seqStrength;
  private final int nStructures;
  private final int nSequences;
  private final MrfScoreSettings settings = MrfScoreSettings.defaults();
  private final ParameterSpaceAis.Settings ais;

  /** Resolves the defaults and checks the settings (IllegalArgumentException naming the option). */
  public PariseWellingExperiment(PariseWellingSettings s) {
    this.asked = s;
    boolean quick = s.quick();
    ns = (s.sizes() != null ? s.sizes() : quick ? QUICK_SIZES : DEFAULT_SIZES).stream().distinct().sorted().toList();
    if (ns.isEmpty() || ns.get(0) < 1) {
      throw new InvalidInputException("--sizes needs positive numbers, got " + ns);
    }
    ds = (s.strengths() != null ? s.strengths()
        : Arrays.stream(PariseWellingDesign.PAPER_STRENGTHS_TIMES_4).boxed().toList()).stream().distinct().sorted()
        .toList();
    if (ds.isEmpty() || ds.get(0) <= 0) {
      throw new InvalidInputException("--strengths needs positive numbers, got " + ds);
    }
    seqStrength = ds.indexOf(s.sequenceStrength());
    if (seqStrength < 0) {
      throw new InvalidInputException("--sequence-strength " + s.sequenceStrength() + " is not one of --strengths "
          + ds);
    }
    nStructures = s.structures() != null ? s.structures() : quick ? 3 : 50;
    nSequences = s.sequences() != null ? s.sequences() : quick ? 3 : 50;
    if (nStructures < 1 || nSequences < 1) {
      throw new InvalidInputException("--structures and --sequences must be >= 1, got " + nStructures + " and "
          + nSequences);
    }
    if (s.trueEdges() < 0 || s.trueEdges() > PariseWellingDesign.PAIRS) {
      throw new InvalidInputException("--true-edges must be in 0.." + PariseWellingDesign.PAIRS + ", got "
          + s.trueEdges());
    }
    if (s.threads() < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + s.threads());
    }
    int k = s.aisSteps() != null ? s.aisSteps() : quick ? 500 : ParameterSpaceAis.Settings.DEFAULT_STEPS;
    int g = s.aisRuns() != null ? s.aisRuns() : quick ? 3 : ParameterSpaceAis.Settings.DEFAULT_RUNS;
    ais = MrfAnnealedImportanceSampling.defaultSettings().withSteps(k).withRuns(g)
        .withPriorSigma(settings.priorSigma());
  }

  /** Runs the experiment into {@code dir} (an existing folder), printing the findings to {@code o}. */
  public void run(Path dir, ProgressSink progress, PrintWriter o) {
    run(dir, progress, o, null, new PrintWriter(java.io.Writer.nullWriter()));
  }

  /**
   * As above, keeping each (structure, data) pair in {@code journal} as it is scored and printing
   * its line to {@code err}; the pairs found in the journal (a resumed run's) are not scored again.
   * Every pair has its own seed, so the outputs are those of an uninterrupted run. The journal is
   * removed once the outputs are written.
   *
   * @param journal the run's journal, or null to keep nothing
   */
  public void run(Path dir, ProgressSink progress, PrintWriter o, UnitJournal journal, PrintWriter err) {
    long t0 = System.nanoTime();
    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    PariseWellingTasks design = PariseWellingTasks.of(asked.seed(), nStructures, ds, seqStrength, ns, nSequences,
        asked.trueEdges());
    List<PariseWellingScoring.Task> tasks = design.tasks();
    o.printf(Locale.ROOT, "Parise & Welling (2006) section 4.1: %d structures x %d strengths, N = %s, %d sequences "
        + "around model %d (%d edges), %d (structure, data) pairs with AIS (K = %d of Beal's schedule, G = %d), seed %d, "
        + "%d thread(s)%n", nStructures, ds.size(), ns, nSequences, design.picked(),
        Integer.bitCount(design.pickedModel().mask()), tasks.size(), ais.steps(), ais.runs(), asked.seed(),
        asked.threads());
    long s0 = System.nanoTime();
    // the pairs scored before an interruption are kept, not redone
    Map<PariseWellingScoring.Task, PariseWellingScoring.Scored> before = new java.util.HashMap<>();
    if (journal != null) {
      for (JsonNode u : journal.finished()) {
        before.put(PariseWellingUnits.task(u), PariseWellingUnits.read(u));
      }
    }
    List<PariseWellingScoring.Scored> scored;
    try (ProgressSink.Task task = progress.start("scores + AIS", tasks.size() - before.size());
        UnitLog log = new UnitLog(journal, err, tasks.size(), before.size())) {
      scored = PariseWellingScoring.run(tasks, design.models(), settings, ais, design.aisSeed(), asked.threads(),
          task.listener(), before::get, s -> log.finished(PariseWellingUnits.json(s), PariseWellingUnits.line(s)));
    }
    double scoringWall = (System.nanoTime() - s0) * 1e-9;
    Map<PariseWellingScoring.Task, PariseWellingScoring.Scored> byTask = new LinkedHashMap<>();
    for (PariseWellingScoring.Scored s : scored) {
      byTask.put(s.task(), s);
    }
    PariseWellingPanels panels = new PariseWellingPanels(this, design, byTask);
    panels.write(dir);
    OutputFiles.write(dir.resolve("scores.csv"), PariseWellingOutputs.scoresCsv(scored, design.models()));
    OutputFiles.write(dir.resolve("models.csv"), PariseWellingOutputs.modelsCsv(design.models()));
    OutputFiles.write(dir.resolve("sequences.csv"), PariseWellingOutputs.sequencesCsv(design.seqs()));

    double loadAtEnd = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    var timing = timing(scored, (System.nanoTime() - t0) * 1e-9, scoringWall, design, loadAtStart, loadAtEnd);
    var context = new PariseWellingReport.Context(asked.seed(), nStructures, ds, ns, nSequences,
        design.pickedModel(), asked.trueEdges(), ais.steps(), ais.runs(), ais, settings, timing,
        notConverged(scored));
    var results = panels.results(signedBicGap(ns.get(0), design.seqs(), design.picked(), byTask));
    List<PaperClaim> claims = PariseWellingClaims.claims(results);
    OutputFiles.write(dir.resolve("report.md"), PariseWellingReport.markdown(context, results, claims));
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(PariseWellingOutputs.summary(context, results,
        claims, design.seqs(), design.models().size())));
    if (journal != null) {
      journal.complete();
    }
    print(o, results, claims);
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, scores.csv, fig-1..4 CSV and PNG%n", dir);
    o.printf(Locale.ROOT, "total %.1f s wall (%.1f s scoring + AIS of %d pairs), %.1f s process CPU on %d thread(s), "
        + "load average %.1f at start, %.1f at end%n", timing.totalSeconds(), scoringWall, tasks.size(),
        timing.processCpuSeconds(), asked.threads(), loadAtStart, loadAtEnd);
  }

  private PariseWellingReport.Timing timing(List<PariseWellingScoring.Scored> scored, double total,
      double scoringWall, PariseWellingTasks design, double loadAtStart, double loadAtEnd) {
    double taskSeconds = 0;
    double aisSeconds = 0;
    for (PariseWellingScoring.Scored s : scored) {
      taskSeconds += s.seconds();
      aisSeconds += s.estimate(MrfMethod.AIS).seconds();
    }
    return new PariseWellingReport.Timing(total, scoringWall, processCpuSeconds(), taskSeconds, aisSeconds,
        design.tasks().size(), design.sequenceTasks(), asked.threads(), loadAtStart, loadAtEnd);
  }

  private static Map<String, Integer> notConverged(List<PariseWellingScoring.Scored> scored) {
    Map<String, Integer> notConverged = new LinkedHashMap<>();
    for (PariseWellingScoring.Scored s : scored) {
      for (String why : s.notConverged().split(";")) {
        if (!why.isEmpty()) {
          notConverged.merge(why, 1, Integer::sum);
        }
      }
    }
    return notConverged;
  }

  private void print(PrintWriter o, PariseWellingReport.Results results, List<PaperClaim> claims) {
    List<String> compared = PariseWellingScoring.COMPARED;
    o.printf("%nFigure 3: mean |score - AIS| / N of the true structure, d = %s/4, over %d models%n",
        PariseWellingFigures.number(ds.get(seqStrength)), nStructures);
    Tables.print(o, header("n", compared), table(results.fig3(), compared));
    o.printf("%nFigure 4: mean |score - AIS| / N of the true structure at N = %d, over %d models per d%n", nMax(),
        nStructures);
    Tables.print(o, header("d*4", compared), table(results.fig4(), compared));
    o.printf("%nThe paper's findings, checked against this run:%n");
    for (PaperClaim c : claims) {
      o.printf("- %s: %s. %s%n", c.title(), c.verdict(), c.evidence());
    }
  }

  List<Integer> sizes() {
    return ns;
  }

  List<Double> strengths() {
    return ds;
  }

  int sequenceStrengthIndex() {
    return seqStrength;
  }

  int structures() {
    return nStructures;
  }

  int nMax() {
    return ns.get(ns.size() - 1);
  }

  /** This JVM's CPU time so far, NaN where the platform does not report it. */
  private static double processCpuSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      return ns < 0 ? Double.NaN : ns * 1e-9;
    }
    return Double.NaN;
  }

  /** Mean signed (BIC-ML − AIS)/N per number of edges over the sequences, at N. */
  private static double[] signedBicGap(int n, int[][] seqs, int picked,
      Map<PariseWellingScoring.Task, PariseWellingScoring.Scored> byTask) {
    double[] out = new double[PariseWellingDesign.PAIRS + 1];
    for (int e = 0; e < out.length; e++) {
      for (int[] seq : seqs) {
        PariseWellingScoring.Scored s = byTask.get(new PariseWellingScoring.Task(picked, seq[e], n));
        out[e] += (s.score("bic-ml") - s.score(PariseWellingScoring.AIS)) / n / seqs.length;
      }
    }
    return out;
  }

  private static String[] header(String x, List<String> methods) {
    String[] h = new String[methods.size() + 2];
    h[0] = x;
    for (int a = 0; a < methods.size(); a++) {
      h[a + 1] = methods.get(a);
    }
    h[h.length - 1] = "ais-se";
    return h;
  }

  private static List<String[]> table(PariseWellingFigures.Panel p, List<String> methods) {
    List<String[]> rows = new ArrayList<>();
    for (int i = 0; i < p.x().length; i++) {
      String[] r = new String[methods.size() + 2];
      r[0] = PariseWellingFigures.number(p.x()[i]);
      for (int a = 0; a < methods.size(); a++) {
        r[a + 1] = sci(p.curve(methods.get(a)).meanPerRow()[i]);
      }
      r[r.length - 1] = sci(p.aisStdErrorPerRow()[i]);
      rows.add(r);
    }
    return rows;
  }

  static String sci(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2e", v) : "-";
  }
}
