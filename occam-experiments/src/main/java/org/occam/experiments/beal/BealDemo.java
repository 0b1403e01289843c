package org.occam.experiments.beal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.DagModel;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.experiments.ProgressSink;
import org.occam.math.RandomStreams;
import org.occam.report.ModelJson;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.ScoreGridPlot;
import org.occam.report.StructureJson;
import org.occam.report.StructureScores;
import org.occam.report.Tables;

/**
 * The quick tour of {@code occam demo}: Beal's (2003, section 6.4) structure-ranking experiment at a
 * few nested data set sizes, on data drawn from the chapter's true model (2 binary hidden causes, 4
 * five-valued observed variables, Figure 6.1). Scores all 136 structures of the class with every
 * asked score and reports where the true structure ranks; writes JSON, CSV and a PNG of score
 * against number of parameters (as Beal's Figure 6.2).
 */
public final class BealDemo {
  private final DemoSettings asked;
  private final List<DagMethod> wanted;
  private final List<Integer> ns;

  /** Checks the settings (IllegalArgumentException naming the option). */
  public BealDemo(DemoSettings s) {
    this.asked = s;
    wanted = DagMethod.parseList(s.methods());
    if (wanted.contains(DagMethod.EXACT)) {
      throw new InvalidInputException("method exact is only tractable for a few dozen rows; use dag rank for it");
    }
    if (s.sizes().isEmpty() || s.sizes().stream().anyMatch(n -> n < 1)) {
      throw new InvalidInputException("--sizes needs positive numbers, got " + s.sizes());
    }
    if (s.threads() < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + s.threads());
    }
    ns = s.sizes().stream().distinct().sorted().toList();
  }

  /** Runs the demo into {@code dir} (an existing folder), printing the ranks to {@code o}. */
  public void run(Path dir, ProgressSink progress, PrintWriter o) {
    long t0 = System.nanoTime();
    long seed = asked.seed();
    DagModel truth = BealExample.trueModel();
    DagStructure ts = truth.structure();
    int[][] rows = AncestralSampler.sampleObserved(ts, truth.parameters().orElseThrow(), ns.get(ns.size() - 1),
        RandomStreams.fromSeed(seed));
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    int trueIndex = cls.indexOf(ts);
    o.printf("Beal's true model (%s, d = %d); %d structures; data sizes %s; seed %d%n",
        StructureJson.compact(ts), ts.freeParameters(), cls.structures().size(), ns, seed);

    DagScoreSettings settings = DagScoreSettings.demoDefaults();
    List<Map<String, Object>> perSize = new ArrayList<>();
    List<List<ScoreGridPlot.Panel>> plotRows = new ArrayList<>();
    StringBuilder scoresCsv = new StringBuilder("n,").append(StructureScores.CSV_HEADER).append('\n');
    StringBuilder ranksCsv = new StringBuilder("n,method,trueRank,trueRankUncorrected,structures\n");
    List<String[]> table = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (int n : ns) {
      Dataset d = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, n));
      List<StructureRanker.Scored> scored;
      long ts0 = System.nanoTime();
      try (ProgressSink.Task task = progress.start("n = " + n, cls.structures().size())) {
        scored = StructureRanker.scoreAll(cls.structures(), d, 1.0, wanted, settings, seed, asked.threads(),
            task.listener());
      }
      double secs = (System.nanoTime() - ts0) * 1e-9;
      StructureScores ranking = new StructureScores(scored, wanted.stream().map(DagMethod::label).toList(), trueIndex);
      table.add(ranks(n, ranking, scored, trueIndex, secs, ranksCsv, plotRows));
      ranking.appendCsv(scoresCsv, n + ",");
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("n", n);
      entry.put("distinctRows", d.distinctRows());
      entry.put("seconds", secs);
      entry.put("trueRanks", trueRanks(ranking, trueIndex));
      entry.put("nonConverged", ranking.nonConverged());
      ranking.nonConverged().forEach((m, c) -> {
        if (c > 0) {
          warnings.add(String.format("warning: n = %d: %s stopped at the iteration limit (%d) for %d of %d structures;"
              + " their scores are from the last iteration", n, m, settings.maxIterations(), c, scored.size()));
        }
      });
      entry.put("structures", ranking.structuresJson());
      perSize.add(entry);
    }
    o.printf("%nrank of the true structure among %d (alias-corrected; uncorrected in brackets where different):%n",
        cls.structures().size());
    Tables.print(o, header(), table);
    warnings.forEach(o::println);

    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Beal (2003) section 6.4: ranking the true structure among 136");
    root.put("trueModel", ModelJson.dag(truth));
    root.put("trueIndex", trueIndex);
    root.put("seed", seed);
    root.put("methods", wanted.stream().map(DagMethod::label).toList());
    root.put("settings", settings.toMap());
    root.put("sizes", perSize);
    writeFiles(dir, root, ranksCsv, scoresCsv, rows, truth, cls.structures().size(), plotRows);
    o.printf("%nwrote %s: summary.json, ranks.csv, scores.csv, scores.png, data.csv (first n rows = size n), "
        + "beal-true.json%n", dir);
    o.printf("total %.2f s (%d thread(s))%n", (System.nanoTime() - t0) * 1e-9, asked.threads());
  }

  /** The printed row at one size, its ranks.csv rows and its row of plot panels. */
  private String[] ranks(int n, StructureScores ranking, List<StructureRanker.Scored> scored, int trueIndex,
      double secs, StringBuilder ranksCsv, List<List<ScoreGridPlot.Panel>> plotRows) {
    String[] line = new String[wanted.size() + 2];
    line[0] = Integer.toString(n);
    List<ScoreGridPlot.Panel> panels = new ArrayList<>();
    double[] params = scored.stream().mapToDouble(x -> x.structure().freeParameters()).toArray();
    for (int a = 0; a < wanted.size(); a++) {
      DagMethod m = wanted.get(a);
      int rc = ranking.rank(m.label(), trueIndex, true);
      int ru = ranking.rank(m.label(), trueIndex, false);
      line[a + 1] = rc + (rc == ru ? "" : " (" + ru + ")");
      ranksCsv.append(n).append(',').append(m.label()).append(',').append(rc).append(',').append(ru).append(',')
          .append(scored.size()).append('\n');
      panels.add(new ScoreGridPlot.Panel(m.label() + ", n = " + n, params,
          scored.stream().mapToDouble(x -> x.estimate(m).logEvidence()).toArray(), trueIndex));
    }
    line[wanted.size() + 1] = String.format("%.2f", secs);
    plotRows.add(panels);
    return line;
  }

  private Map<String, Object> trueRanks(StructureScores ranking, int trueIndex) {
    Map<String, Object> ranks = new LinkedHashMap<>();
    for (DagMethod m : wanted) {
      ranks.put(m.label(), ResultJson.object("rank", ranking.rank(m.label(), trueIndex, true),
          "rankUncorrected", ranking.rank(m.label(), trueIndex, false)));
    }
    return ranks;
  }

  private String[] header() {
    String[] header = new String[wanted.size() + 2];
    header[0] = "n";
    for (int a = 0; a < wanted.size(); a++) {
      header[a + 1] = wanted.get(a).label();
    }
    header[wanted.size() + 1] = "seconds";
    return header;
  }

  private static void writeFiles(Path dir, Map<String, Object> root, StringBuilder ranksCsv,
      StringBuilder scoresCsv, int[][] rows, DagModel truth, int structures, List<List<ScoreGridPlot.Panel>> plotRows) {
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(root));
    OutputFiles.write(dir.resolve("ranks.csv"), ranksCsv.toString());
    OutputFiles.write(dir.resolve("scores.csv"), scoresCsv.toString());
    StringBuilder dataCsv = new StringBuilder("y1,y2,y3,y4\n");
    for (int[] r : rows) {
      dataCsv.append(r[0]).append(',').append(r[1]).append(',').append(r[2]).append(',').append(r[3]).append('\n');
    }
    OutputFiles.write(dir.resolve("data.csv"), dataCsv.toString());
    OutputFiles.write(dir.resolve("beal-true.json"), ResultJson.write(ModelJson.dag(truth)));
    OutputFiles.write(dir.resolve("scores.png"), ScoreGridPlot.png(
        "Scores of all " + structures + " structures vs number of parameters (red: true, blue x: best)",
        plotRows));
  }
}
