package org.occam.experiments.beal;

import static org.occam.experiments.beal.BealExperiment.fmt;
import static org.occam.experiments.beal.BealExperiment.pct;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.io.PrintWriter;
import com.fasterxml.jackson.databind.JsonNode;
import org.occam.report.PreviousRun;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import java.util.Locale;
import java.util.Map;
import org.occam.dag.BealExample;
import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagMethod;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.experiments.ProgressSink;
import org.occam.report.ScoreGridPlot;

/**
 * Part one of {@link BealExperiment}: all structures scored with every score, AIS at the asked sizes,
 * on nested data from the chapter's true parameters (Beal 2003, Tables 6.1, 6.3, 6.4, Figures 6.2,
 * 6.3). Collects the CSV tables, the printed tables, the JSON entries and the figures' points.
 */
final class BealPartOne {
  static final String STRENGTH_CSV_HEADER = "n,strength,averagedBelowVbPct,singleBelowVbPct,meanStdError,"
      + "rejectionPct,rejectionQ1,rejectionQ4,trueRank,cpuSeconds\n";

  private final BealExperiment e;
  private final ProgressSink progress;
  final List<DagMethod> methods = new ArrayList<>(BealExperiment.BASE_METHODS);
  final StringBuilder ranksCsv = new StringBuilder("n,method,trueRank,trueRankUncorrected,seconds\n");
  final StringBuilder scoresCsv = new StringBuilder("n,structure,parameters,method,logEvidence,uncorrected,converged\n");
  final StringBuilder aisCsv = new StringBuilder(
      "n,singleBelowVbUncorrectedPct,singleBelowVbPct,averagedBelowVbUncorrectedPct,averagedBelowVbPct,"
          + "rejectionPct,rejectionQ1,rejectionQ2,rejectionQ3,rejectionQ4,meanStdError,seconds\n");
  final StringBuilder aisRunsCsv = new StringBuilder("n,run,trueRank\n");
  final StringBuilder strengthCsv = new StringBuilder(STRENGTH_CSV_HEADER);
  final List<String[]> strengthRows = new ArrayList<>();
  final List<Map<String, Object>> entries = new ArrayList<>();
  final Map<String, double[]> rankByMethod = new LinkedHashMap<>();
  final List<List<ScoreGridPlot.Panel>> gridRows = new ArrayList<>();
  final List<String[]> table61 = new ArrayList<>();
  final List<String[]> table64 = new ArrayList<>();
  double aisSecondsAt480 = Double.NaN;

  private final UnitJournal journal;
  private final PrintWriter err;

  BealPartOne(BealExperiment e, ProgressSink progress) {
    this(e, progress, null, new PrintWriter(java.io.Writer.nullWriter()));
  }

  /**
   * @param journal where each size's scores are kept as they are done (and a resumed run's are found), or null
   * @param err where each size's line is printed
   */
  BealPartOne(BealExperiment e, ProgressSink progress, UnitJournal journal, PrintWriter err) {
    this.e = e;
    this.progress = progress;
    this.journal = journal;
    this.err = err;
    methods.add(DagMethod.AIS);
    for (DagMethod m : methods) {
      rankByMethod.put(m.label(), new double[e.sizes().size()]);
    }
  }

  /** Scores every size of the first {@code max(sizes)} rows. */
  BealPartOne run(int[][] rows) {
    List<Integer> gridSizes = pickGridSizes(e.sizes());
    // the sizes scored before an interruption are kept, not redone
    Map<Integer, JsonNode> before = new HashMap<>();
    for (JsonNode u : BealUnits.of(journal, 1)) {
      before.put(u.path("n").asInt(), u);
    }
    try (UnitLog log = new UnitLog(journal, err, e.sizes().size(), before.size())) {
      run(rows, gridSizes, before, log);
    }
    return this;
  }

  private void run(int[][] rows, List<Integer> gridSizes, Map<Integer, JsonNode> before, UnitLog log) {
    Map<Integer, Scores> together = e.runner().prefersFewJobs() ? together(rows, before) : Map.of();
    for (int si = 0; si < e.sizes().size(); si++) {
      int n = e.sizes().get(si);
      boolean withAis = e.aisSizes().contains(n);
      List<DagMethod> asked = asked(n);
      Dataset d = data(rows, n);
      long s0 = System.nanoTime();
      List<StructureRanker.Scored> scored;
      double secs;
      JsonNode kept = before.get(n);
      if (kept != null) {
        scored = BealUnits.structures(kept, e.structures());
        secs = PreviousRun.number(kept.get("seconds"));
      } else {
        if (together.containsKey(n)) {
          scored = together.get(n).scored();
          secs = together.get(n).seconds();
        } else {
          try (ProgressSink.Task task = progress.start("part 1, n = " + n, e.structures().size())) {
            scored = e.score("part 1, n = " + n, d, asked, e.scoreSettings(), e.seed() + n, task.listener());
          }
          secs = (System.nanoTime() - s0) * 1e-9;
        }
        log.finished(BealUnits.partOne(n, secs, scored), BealUnits.line("part 1, n = " + n, asked, scored,
            e.trueIndex(), secs));
      }
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("n", n);
      entry.put("distinctRows", d.distinctRows());
      entry.put("trueRanks", ranks(si, n, asked, scored, secs));
      entry.put("seconds", secs);
      if (withAis) {
        entry.put("ais", ais(n, d, scored));
      }
      if (gridSizes.contains(n)) {
        gridRows.add(gridPanels(n, asked, scored));
      }
      entries.add(entry);
    }
  }

  /** The methods at size n: the base ones, and AIS at the sizes that have it. */
  private List<DagMethod> asked(int n) {
    List<DagMethod> asked = new ArrayList<>(BealExperiment.BASE_METHODS);
    if (e.aisSizes().contains(n)) {
      asked.add(DagMethod.AIS);
    }
    return asked;
  }

  private static Dataset data(int[][] rows, int n) {
    return Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, n));
  }

  /** A size's scores and the seconds they are said to have taken. */
  private record Scores(List<StructureRanker.Scored> scored, double seconds) {}

  /**
   * Every size not scored before, as one job (for an engine whose jobs are costly to start: one
   * job instead of one per size), with each size's own methods, settings and seed, so its scores are
   * those of scoring it alone. Each size's seconds are the job's wall time shared out in proportion
   * to the sizes' summed scoring times.
   */
  private Map<Integer, Scores> together(int[][] rows, Map<Integer, JsonNode> before) {
    List<Integer> todo = e.sizes().stream().filter(n -> !before.containsKey(n)).toList();
    if (todo.isEmpty()) {
      return Map.of();
    }
    List<StructureRanker.Batch> batches = new ArrayList<>();
    for (int n : todo) {
      batches.add(new StructureRanker.Batch("part 1, n = " + n, data(rows, n),
          asked(n).stream().map(m -> DagMethods.get(m.label())).toList(), e.scoreSettings(), e.seed() + n));
    }
    long s0 = System.nanoTime();
    List<List<StructureRanker.Scored>> scored;
    try (ProgressSink.Task task = progress.start("part 1, " + todo.size() + " sizes",
        todo.size() * e.structures().size())) {
      scored = e.scoreEach(batches, task.listener());
    }
    double wall = (System.nanoTime() - s0) * 1e-9;
    double[] work = new double[todo.size()];
    for (int b = 0; b < todo.size(); b++) {
      for (StructureRanker.Scored x : scored.get(b)) {
        for (var est : x.estimates()) {
          work[b] += Double.isFinite(est.seconds()) ? est.seconds() : 0;
        }
      }
    }
    double all = Arrays.stream(work).sum();
    Map<Integer, Scores> out = new HashMap<>();
    for (int b = 0; b < todo.size(); b++) {
      out.put(todo.get(b), new Scores(scored.get(b), all > 0 ? wall * work[b] / all : wall / todo.size()));
    }
    return out;
  }

  /** Table 6.1's row and the per-structure scores at one size; the true ranks for the JSON. */
  private Map<String, Object> ranks(int si, int n, List<DagMethod> asked, List<StructureRanker.Scored> scored,
      double secs) {
    String[] line = new String[methods.size() + 2];
    line[0] = Integer.toString(n);
    Map<String, Object> ranks = new LinkedHashMap<>();
    int trueIndex = e.trueIndex();
    for (int a = 0; a < methods.size(); a++) {
      DagMethod m = methods.get(a);
      if (!asked.contains(m)) {
        line[a + 1] = "-";
        rankByMethod.get(m.label())[si] = Double.NaN;
        continue;
      }
      int rc = StructureRanker.ranks(scored, m, true)[trueIndex];
      int ru = StructureRanker.ranks(scored, m, false)[trueIndex];
      rankByMethod.get(m.label())[si] = rc;
      line[a + 1] = rc + (rc == ru ? "" : " (" + ru + ")");
      ranks.put(m.label(), ResultJson.object("rank", rc, "rankUncorrected", ru));
      double methodSecs = scored.stream().mapToDouble(x -> x.estimate(m).seconds()).sum();
      ranksCsv.append(n).append(',').append(m.label()).append(',').append(rc).append(',').append(ru).append(',')
          .append(fmt(methodSecs)).append('\n');
      for (StructureRanker.Scored x : scored) {
        EvidenceEstimate est = x.estimate(m);
        scoresCsv.append(n).append(',').append(x.index()).append(',').append(x.structure().freeParameters())
            .append(',').append(m.label()).append(',').append(fmt(est.logEvidence())).append(',')
            .append(fmt(BealExperiment.uncorrected(est))).append(',').append(est.converged()).append('\n');
      }
    }
    line[methods.size() + 1] = String.format(Locale.ROOT, "%.1f", secs);
    table61.add(line);
    return ranks;
  }

  /** Tables 6.3 and 6.4 at one size, and the strength comparison; the AIS summary for the JSON. */
  private Map<String, Object> ais(int n, Dataset d, List<StructureRanker.Scored> scored) {
    AisSummary a = AisSummary.of(scored, e.trueIndex());
    double aisSecs = scored.stream().mapToDouble(x -> x.estimate(DagMethod.AIS).seconds()).sum();
    if (n == 480) {
      aisSecondsAt480 = aisSecs;
    }
    aisCsv.append(n).append(',').append(fmt(a.singleBelowVbUncorrected)).append(',').append(fmt(a.singleBelowVb))
        .append(',').append(fmt(a.averagedBelowVbUncorrected)).append(',').append(fmt(a.averagedBelowVb)).append(',')
        .append(fmt(a.rejection)).append(',').append(fmt(a.rejectionByQuarter[0])).append(',')
        .append(fmt(a.rejectionByQuarter[1])).append(',').append(fmt(a.rejectionByQuarter[2])).append(',')
        .append(fmt(a.rejectionByQuarter[3])).append(',').append(fmt(a.meanStdError)).append(',')
        .append(fmt(aisSecs)).append('\n');
    for (int r = 0; r < a.runRanks.length; r++) {
      aisRunsCsv.append(n).append(',').append(r + 1).append(',').append(a.runRanks[r]).append('\n');
    }
    table64.add(new String[] {Integer.toString(n), pct(a.singleBelowVbUncorrected), pct(a.singleBelowVb),
        pct(a.averagedBelowVbUncorrected), pct(a.averagedBelowVb), pct(a.rejection),
        Arrays.toString(a.runRanks).replace(" ", ""), String.format(Locale.ROOT, "%.1f", aisSecs)});
    strengthRow(n, e.ais(), a, StructureRanker.ranks(scored, DagMethod.AIS, true)[e.trueIndex()], aisSecs);
    if (e.compareStrength()) {
      compareStrength(n, d, scored);
    }
    return a.toMap(aisSecs);
  }

  /** AIS with the other proposal strength on the same data, against the same VB bounds. */
  private void compareStrength(int n, Dataset d, List<StructureRanker.Scored> scored) {
    List<StructureRanker.Scored> other;
    try (ProgressSink.Task task = progress.start("AIS, other strength, n = " + n, e.structures().size())) {
      other = e.score("part 1, n = " + n + ", other AIS strength", d, List.of(DagMethod.AIS),
          e.scoreSettings().withAis(e.otherAis()), e.seed() + n, task.listener());
    }
    List<StructureRanker.Scored> merged = new ArrayList<>();
    for (int i = 0; i < scored.size(); i++) {
      merged.add(new StructureRanker.Scored(i, scored.get(i).structure(),
          List.of(other.get(i).estimate(DagMethod.AIS), scored.get(i).estimate(DagMethod.VB))));
    }
    AisSummary b = AisSummary.of(merged, e.trueIndex());
    strengthRow(n, e.otherAis(), b, StructureRanker.ranks(other, DagMethod.AIS, true)[e.trueIndex()],
        other.stream().mapToDouble(x -> x.estimate(DagMethod.AIS).seconds()).sum());
  }

  private void strengthRow(int n, DagAnnealingTarget.Settings s, AisSummary a, int trueRank, double seconds) {
    String label = s.scaledStrength() ? s.strength() + " + n tau / L_j" : "fixed " + s.strength();
    strengthCsv.append(n).append(',').append(label).append(',').append(fmt(a.averagedBelowVb)).append(',')
        .append(fmt(a.singleBelowVb)).append(',').append(fmt(a.meanStdError)).append(',').append(fmt(a.rejection))
        .append(',').append(fmt(a.rejectionByQuarter[0])).append(',').append(fmt(a.rejectionByQuarter[3])).append(',')
        .append(trueRank).append(',').append(fmt(seconds)).append('\n');
    strengthRows.add(new String[] {Integer.toString(n), label, pct(a.averagedBelowVb), pct(a.singleBelowVb),
        String.format(Locale.ROOT, "%.3f", a.meanStdError), pct(a.rejection), pct(a.rejectionByQuarter[0]),
        pct(a.rejectionByQuarter[3]), Integer.toString(trueRank), String.format(Locale.ROOT, "%.1f", seconds)});
  }

  /** Figure 6.2's row at one size: every score but MAP against the number of parameters. */
  private List<ScoreGridPlot.Panel> gridPanels(int n, List<DagMethod> asked, List<StructureRanker.Scored> scored) {
    List<ScoreGridPlot.Panel> panels = new ArrayList<>();
    double[] params = scored.stream().mapToDouble(x -> x.structure().freeParameters()).toArray();
    for (DagMethod m : asked) {
      if (m == DagMethod.MAP) {
        continue;
      }
      panels.add(new ScoreGridPlot.Panel(m.label() + ", n = " + n, params,
          scored.stream().mapToDouble(x -> x.estimate(m).logEvidence()).toArray(), e.trueIndex()));
    }
    return panels;
  }

  /** Table 6.1's header: n, the methods, seconds. */
  String[] header61() {
    String[] h = new String[methods.size() + 2];
    h[0] = "n";
    for (int a = 0; a < methods.size(); a++) {
      h[a + 1] = methods.get(a).label();
    }
    h[methods.size() + 1] = "seconds";
    return h;
  }

  /** Up to four sizes spread over the range for Figure 6.2. */
  static List<Integer> pickGridSizes(List<Integer> ns) {
    if (ns.size() <= 4) {
      return ns;
    }
    List<Integer> out = new ArrayList<>();
    for (int q = 0; q < 4; q++) {
      int n = ns.get((int) Math.round(q * (ns.size() - 1) / 3.0));
      if (!out.contains(n)) {
        out.add(n);
      }
    }
    return out;
  }
}
