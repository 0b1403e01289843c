package org.occam.cli;

import org.occam.report.StructureJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.occam.cli.io.DagModelFile;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.ScoreGridPlot;
import org.occam.report.Tables;
import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagMethod;
import org.occam.dag.DagModel;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;
import org.occam.math.RandomStreams;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code occam demo}: Beal's structure-ranking experiment at a few data set sizes, on built-in data. */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"A quick tour: draw data from Beal's true model (2 binary hidden causes, 4 five-valued",
        "observed variables, Figure 6.1), score all 136 structures of the class with every score at a",
        "few nested data set sizes, and report where the true structure ranks. Writes JSON, CSV and a",
        "PNG of score against number of parameters (as Beal's Figure 6.2) into an output folder."})
public final class DemoCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output folder (default: occam-demo, or occam-demo-2, -3, … if that exists).")
  Path out;

  @Option(names = "--sizes", paramLabel = "N[,N…]", split = ",", defaultValue = "160,1280,10240",
      description = "Nested data set sizes (default: ${DEFAULT-VALUE}).")
  List<Integer> sizes;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = "map,bic,bicp,cs,vb",
      description = "Scores (default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "3", description = "Seed for data and restarts (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: the number of cores).")
  Integer threads;

  @Option(names = "--force", description = "Write into an existing, non-empty --out folder.")
  boolean force;

  @Override
  public Integer call() throws IOException {
    long t0 = System.nanoTime();
    List<DagMethod> wanted = DagMethod.parseList(methods);
    if (wanted.contains(DagMethod.EXACT)) {
      throw new IllegalArgumentException("method exact is only tractable for a few dozen rows; use dag rank for it");
    }
    if (sizes.isEmpty() || sizes.stream().anyMatch(n -> n < 1)) {
      throw new IllegalArgumentException("--sizes needs positive numbers, got " + sizes);
    }
    List<Integer> ns = sizes.stream().distinct().sorted().toList();
    int nThreads = org.occam.cli.experiment.ExperimentOptions.threadCount(threads);
    Path dir = outputFolder();
    var o = spec.commandLine().getOut();

    DagModel truth = BealExample.trueModel();
    DagStructure ts = truth.structure();
    int max = ns.get(ns.size() - 1);
    var dataStream = RandomStreams.fromSeed(seed);
    int[][] rows = AncestralSampler.sampleObserved(ts, truth.parameters().orElseThrow(), max, dataStream);
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    int trueIndex = cls.indexOf(ts);
    o.printf("Beal's true model (%s, d = %d); %d structures; data sizes %s; seed %d%n",
        StructureJson.compact(ts), ts.freeParameters(), cls.structures().size(), ns, seed);

    DagScoreSettings settings = DagScoreSettings.defaults();
    List<Map<String, Object>> perSize = new ArrayList<>();
    List<List<ScoreGridPlot.Panel>> plotRows = new ArrayList<>();
    StringBuilder scoresCsv = new StringBuilder("n,").append(Ranking.CSV_HEADER).append('\n');
    StringBuilder ranksCsv = new StringBuilder("n,method,trueRank,trueRankUncorrected,structures\n");
    List<String[]> table = new ArrayList<>();
    for (int n : ns) {
      Dataset d = Dataset.of(BealExample.observedVariables(), java.util.Arrays.copyOf(rows, n));
      List<StructureRanker.Scored> scored;
      long ts0 = System.nanoTime();
      try (Progress progress = Progress.start("n = " + n, cls.structures().size())) {
        scored = StructureRanker.scoreAll(cls.structures(), d, 1.0, wanted, settings, seed, nThreads,
            progress.listener());
      }
      double secs = (System.nanoTime() - ts0) * 1e-9;
      Ranking ranking = new Ranking(scored, wanted, trueIndex);
      String[] line = new String[wanted.size() + 2];
      line[0] = Integer.toString(n);
      Map<String, Object> ranks = new LinkedHashMap<>();
      List<ScoreGridPlot.Panel> panels = new ArrayList<>();
      double[] params = scored.stream().mapToDouble(x -> x.structure().freeParameters()).toArray();
      for (int a = 0; a < wanted.size(); a++) {
        DagMethod m = wanted.get(a);
        int rc = ranking.rank(m, trueIndex, true);
        int ru = ranking.rank(m, trueIndex, false);
        line[a + 1] = rc + (rc == ru ? "" : " (" + ru + ")");
        ranks.put(m.label(), Map.of("rank", rc, "rankUncorrected", ru));
        ranksCsv.append(n).append(',').append(m.label()).append(',').append(rc).append(',').append(ru).append(',')
            .append(scored.size()).append('\n');
        panels.add(new ScoreGridPlot.Panel(m.label() + ", n = " + n, params,
            scored.stream().mapToDouble(x -> x.estimate(m).logEvidence()).toArray(), trueIndex));
      }
      line[wanted.size() + 1] = String.format("%.2f", secs);
      table.add(line);
      plotRows.add(panels);
      ranking.appendCsv(scoresCsv, n + ",");
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("n", n);
      entry.put("distinctRows", d.distinctRows());
      entry.put("seconds", secs);
      entry.put("trueRanks", ranks);
      entry.put("nonConverged", ranking.nonConverged());
      entry.put("structures", ranking.structuresJson());
      perSize.add(entry);
    }
    String[] header = new String[wanted.size() + 2];
    header[0] = "n";
    for (int a = 0; a < wanted.size(); a++) {
      header[a + 1] = wanted.get(a).label();
    }
    header[wanted.size() + 1] = "seconds";
    o.printf("%nrank of the true structure among %d (alias-corrected; uncorrected in brackets where different):%n",
        cls.structures().size());
    Tables.print(o, header, table);

    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Beal (2003) section 6.4: ranking the true structure among 136");
    root.put("trueModel", DagModelFile.toJson(truth));
    root.put("trueIndex", trueIndex);
    root.put("seed", seed);
    root.put("methods", wanted.stream().map(DagMethod::label).toList());
    root.put("settings", settings.toMap());
    root.put("sizes", perSize);
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(root));
    OutputFiles.write(dir.resolve("ranks.csv"), ranksCsv.toString());
    OutputFiles.write(dir.resolve("scores.csv"), scoresCsv.toString());
    StringBuilder dataCsv = new StringBuilder("y1,y2,y3,y4\n");
    for (int[] r : rows) {
      dataCsv.append(r[0]).append(',').append(r[1]).append(',').append(r[2]).append(',').append(r[3]).append('\n');
    }
    OutputFiles.write(dir.resolve("data.csv"), dataCsv.toString());
    OutputFiles.write(dir.resolve("beal-true.json"), ResultJson.write(DagModelFile.toJson(truth)));
    OutputFiles.write(dir.resolve("scores.png"), ScoreGridPlot.png(
        "Scores of all " + cls.structures().size() + " structures vs number of parameters (red: true, blue x: best)",
        plotRows));
    o.printf("%nwrote %s: summary.json, ranks.csv, scores.csv, scores.png, data.csv (first n rows = size n), "
        + "beal-true.json%n", dir);
    o.printf("total %.2f s (%d thread(s))%n", (System.nanoTime() - t0) * 1e-9, nThreads);
    return 0;
  }

  private Path outputFolder() throws IOException {
    if (out != null) {
      return OutputFiles.prepareFolder(out, force);
    }
    Path dir = Path.of("occam-demo");
    for (int i = 2; Files.exists(dir); i++) {
      dir = Path.of("occam-demo-" + i);
    }
    Files.createDirectories(dir);
    return dir;
  }
}
