package org.occam.cli.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.cli.Progress;
import org.occam.cli.io.DagModelFile;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.LinePlot;
import org.occam.report.ScoreGridPlot;
import org.occam.report.Tables;
import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagMethod;
import org.occam.dag.DagModel;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagScorer;
import org.occam.dag.DagStructure;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.RandomStreams;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code occam experiment beal}: Beal (2003) sections 6.4–6.5 on fresh data. Part one scores all
 * 136 structures at the nested sizes on data from the chapter's true model with every score
 * including AIS (Tables 6.1, 6.3, 6.4; Figures 6.2, 6.3, 6.12). Part two repeats the scoring without
 * AIS for many true parameter sets drawn from the prior (Tables 6.2, 6.5; Figures 6.5, 6.9).
 */
@Command(name = "beal", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Reproduce Beal (2003) chapter 6: rank the true structure among all 136 of the class by MAP, BIC,",
        "BICp, CS, CS-dagger, VB and AIS at 20 nested data set sizes (Tables 6.1, 6.3, 6.4, Figures 6.2, 6.3),",
        "then repeat without AIS for --instances true parameter sets drawn from the prior (Tables 6.2, 6.5,",
        "Figures 6.5, 6.9). Writes CSV tables, PNG figures, summary.json and report.md into --out.",
        "The full run takes about an hour on 2 cores (AIS at all sizes is most of it); --quick runs a",
        "reduced version (3 sizes, 3 instances, short AIS) in well under a minute.",
        "",
        "Example: occam experiment beal --quick --out runs/beal-quick"})
public final class BealExperimentCommand implements Callable<Integer> {
  private static final List<DagMethod> BASE_METHODS = DagMethod.parseList("map,bic,bicp,cs,cs-dagger,vb");
  private static final List<Integer> QUICK_SIZES = List.of(40, 160, 640);

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: sizes 40,160,640, 3 instances, AIS with 2 runs of 500 steps "
      + "(explicit options still win).")
  boolean quick;

  @Option(names = "--sizes", paramLabel = "N[,N…]", split = ",",
      description = "Nested data set sizes (default: Beal's 20, 10 … 10240).")
  List<Integer> sizes;

  @Option(names = "--ais-sizes", paramLabel = "N[,N…]", split = ",",
      description = "Sizes of part one that also get AIS (default: all of --sizes; 0 for none).")
  List<Integer> aisSizes;

  @Option(names = "--instances", paramLabel = "I",
      description = "True parameter sets drawn from the prior for part two (default: 106, Beal's; 0 skips part two).")
  Integer instances;

  @Option(names = "--instance-ais", description = "Also run AIS in part two (slow: about a minute per instance and size).")
  boolean instanceAis;

  @Option(names = "--ais-steps", paramLabel = "K", description = "AIS temperatures (default: 16384, Beal's).")
  Integer aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", description = "AIS runs averaged (default: 5, Beal's).")
  Integer aisRuns;

  @Option(names = "--ais-fixed-strength", description = "AIS: Beal's fixed Dirichlet proposal strength instead of "
      + "alpha0 + n*tau/L_j (see report.md for the comparison).")
  boolean aisFixedStrength;

  @Option(names = "--ais-strength", paramLabel = "A", defaultValue = "" + DagAnnealingTarget.Settings.DEFAULT_STRENGTH,
      description = "AIS: proposal strength alpha (fixed) or alpha0 (scaled) (default: ${DEFAULT-VALUE}).")
  double aisStrength;

  @Option(names = "--compare-strength", description = "At every AIS size, also run AIS with the other proposal "
      + "strength (fixed alpha = A if the main runs scale it, scaled if they are fixed) and compare the two in "
      + "ais-strength.csv and report.md.")
  boolean compareStrength;

  @Option(names = "--restarts", paramLabel = "R", defaultValue = "" + DagScoreSettings.DEFAULT_RESTARTS,
      description = "EM/VBEM random restarts (default: ${DEFAULT-VALUE}, Beal's).")
  int restarts;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    long seed = options.seed;
    List<Integer> ns = (sizes != null ? sizes : quick ? QUICK_SIZES : Arrays.stream(BealExample.SIZES).boxed().toList())
        .stream().distinct().sorted().toList();
    if (ns.isEmpty() || ns.get(0) < 1) {
      throw new IllegalArgumentException("--sizes needs positive numbers, got " + ns);
    }
    List<Integer> aisNs = aisSizes == null ? ns : aisSizes.stream().filter(n -> n > 0).toList();
    for (int n : aisNs) {
      if (!ns.contains(n)) {
        throw new IllegalArgumentException("--ais-sizes " + n + " is not one of --sizes " + ns);
      }
    }
    int nInstances = instances != null ? instances : quick ? 3 : 106;
    if (nInstances < 0) {
      throw new IllegalArgumentException("--instances must be >= 0, got " + nInstances);
    }
    int k = aisSteps != null ? aisSteps : quick ? 500 : DagAnnealingTarget.Settings.DEFAULT_STEPS;
    int g = aisRuns != null ? aisRuns : quick ? 2 : DagAnnealingTarget.Settings.DEFAULT_RUNS;
    var ais = new DagAnnealingTarget.Settings(k, DagAnnealingTarget.Settings.DEFAULT_SCHEDULE_E, g,
        DagAnnealingTarget.Proposal.ROW_SWEEP, !aisFixedStrength, aisStrength);
    DagScoreSettings settings = new DagScoreSettings(restarts, DagScoreSettings.DEFAULT_MAX_ITERATIONS,
        DagScoreSettings.DEFAULT_TOLERANCE_PER_DATUM, DagScoreSettings.defaults().configurationLimit(), null)
        .withAis(ais);
    int nThreads = options.threadCount();
    Path dir = options.outputFolder();
    var o = spec.commandLine().getOut();

    DagModel truth = BealExample.trueModel();
    DagStructure ts = truth.structure();
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    List<DagStructure> structures = cls.structures();
    int trueIndex = cls.indexOf(ts);
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(RandomStreams.fromSeed(seed), 2);
    o.printf(Locale.ROOT, "Beal (2003) chapter 6: %d structures, sizes %s, AIS at %s (K = %d, G = %d, %s), "
        + "%d instances, %d restarts, seed %d, %d thread(s)%n", structures.size(), ns, aisNs.isEmpty() ? "none" : aisNs,
        k, g, ais.scaledStrength() ? "alpha = " + aisStrength + " + n*tau/L_j" : "fixed alpha = " + aisStrength,
        nInstances, restarts, seed, nThreads);

    // Part one: the chapter's true parameters.
    int[][] rows = AncestralSampler.sampleObserved(ts, truth.parameters().orElseThrow(), ns.get(ns.size() - 1), streams.get(0));
    StringBuilder ranksCsv = new StringBuilder("n,method,trueRank,trueRankUncorrected,seconds\n");
    StringBuilder scoresCsv = new StringBuilder("n,structure,parameters,method,logEvidence,uncorrected,converged\n");
    StringBuilder aisCsv = new StringBuilder(
        "n,singleBelowVbUncorrectedPct,singleBelowVbPct,averagedBelowVbUncorrectedPct,averagedBelowVbPct,"
            + "rejectionPct,rejectionQ1,rejectionQ2,rejectionQ3,rejectionQ4,meanStdError,seconds\n");
    StringBuilder aisRunsCsv = new StringBuilder("n,run,trueRank\n");
    StringBuilder strengthCsv = new StringBuilder("n,strength,averagedBelowVbPct,singleBelowVbPct,meanStdError,"
        + "rejectionPct,rejectionQ1,rejectionQ4,trueRank,cpuSeconds\n");
    List<String[]> strengthRows = new ArrayList<>();
    var otherAis = new DagAnnealingTarget.Settings(k, DagAnnealingTarget.Settings.DEFAULT_SCHEDULE_E, g,
        DagAnnealingTarget.Proposal.ROW_SWEEP, aisFixedStrength, aisStrength);
    List<Map<String, Object>> partOne = new ArrayList<>();
    Map<String, double[]> rankByMethod = new LinkedHashMap<>();
    List<List<ScoreGridPlot.Panel>> gridRows = new ArrayList<>();
    List<Integer> gridSizes = pickGridSizes(ns);
    List<String[]> table61 = new ArrayList<>();
    List<String[]> table64 = new ArrayList<>();
    double aisSecondsAt480 = Double.NaN;
    List<DagMethod> partOneMethods = new ArrayList<>(BASE_METHODS);
    partOneMethods.add(DagMethod.AIS);
    for (DagMethod m : partOneMethods) {
      rankByMethod.put(m.label(), new double[ns.size()]);
    }
    for (int si = 0; si < ns.size(); si++) {
      int n = ns.get(si);
      boolean withAis = aisNs.contains(n);
      List<DagMethod> methods = new ArrayList<>(BASE_METHODS);
      if (withAis) {
        methods.add(DagMethod.AIS);
      }
      Dataset d = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, n));
      long s0 = System.nanoTime();
      List<StructureRanker.Scored> scored;
      try (Progress progress = Progress.start("part 1, n = " + n, structures.size())) {
        scored = StructureRanker.scoreAll(structures, d, 1.0, methods, settings, seed + n, nThreads, progress.listener());
      }
      double secs = (System.nanoTime() - s0) * 1e-9;
      String[] line = new String[partOneMethods.size() + 2];
      line[0] = Integer.toString(n);
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("n", n);
      entry.put("distinctRows", d.distinctRows());
      Map<String, Object> ranks = new LinkedHashMap<>();
      for (int a = 0; a < partOneMethods.size(); a++) {
        DagMethod m = partOneMethods.get(a);
        if (!methods.contains(m)) {
          line[a + 1] = "-";
          rankByMethod.get(m.label())[si] = Double.NaN;
          continue;
        }
        int rc = StructureRanker.ranks(scored, m, true)[trueIndex];
        int ru = StructureRanker.ranks(scored, m, false)[trueIndex];
        rankByMethod.get(m.label())[si] = rc;
        line[a + 1] = rc + (rc == ru ? "" : " (" + ru + ")");
        ranks.put(m.label(), Map.of("rank", rc, "rankUncorrected", ru));
        double methodSecs = scored.stream().mapToDouble(x -> x.estimate(m).seconds()).sum();
        ranksCsv.append(n).append(',').append(m.label()).append(',').append(rc).append(',').append(ru).append(',')
            .append(fmt(methodSecs)).append('\n');
        for (StructureRanker.Scored x : scored) {
          EvidenceEstimate e = x.estimate(m);
          scoresCsv.append(n).append(',').append(x.index()).append(',').append(x.structure().freeParameters()).append(',')
              .append(m.label()).append(',').append(fmt(e.logEvidence())).append(',')
              .append(fmt(uncorrected(e))).append(',').append(e.converged()).append('\n');
        }
      }
      line[partOneMethods.size() + 1] = String.format(Locale.ROOT, "%.1f", secs);
      table61.add(line);
      entry.put("trueRanks", ranks);
      entry.put("seconds", secs);
      if (withAis) {
        AisSummary a = AisSummary.of(scored, trueIndex);
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
        entry.put("ais", a.toMap(aisSecs));
        strengthRow(strengthCsv, strengthRows, n, ais, a, StructureRanker.ranks(scored, DagMethod.AIS, true)[trueIndex],
            aisSecs);
        if (compareStrength) {
          List<StructureRanker.Scored> other;
          try (Progress progress = Progress.start("AIS, other strength, n = " + n, structures.size())) {
            other = StructureRanker.scoreAll(structures, d, 1.0, List.of(DagMethod.AIS), settings.withAis(otherAis),
                seed + n, nThreads, progress.listener());
          }
          List<StructureRanker.Scored> merged = new ArrayList<>();
          for (int i = 0; i < scored.size(); i++) {
            merged.add(new StructureRanker.Scored(i, scored.get(i).structure(),
                List.of(other.get(i).estimate(DagMethod.AIS), scored.get(i).estimate(DagMethod.VB))));
          }
          AisSummary b = AisSummary.of(merged, trueIndex);
          strengthRow(strengthCsv, strengthRows, n, otherAis, b, StructureRanker.ranks(other, DagMethod.AIS, true)[trueIndex],
              other.stream().mapToDouble(x -> x.estimate(DagMethod.AIS).seconds()).sum());
        }
      }
      if (gridSizes.contains(n)) {
        List<ScoreGridPlot.Panel> panels = new ArrayList<>();
        double[] params = scored.stream().mapToDouble(x -> x.structure().freeParameters()).toArray();
        for (DagMethod m : methods) {
          if (m == DagMethod.MAP) {
            continue;
          }
          panels.add(new ScoreGridPlot.Panel(m.label() + ", n = " + n, params,
              scored.stream().mapToDouble(x -> x.estimate(m).logEvidence()).toArray(), trueIndex));
        }
        gridRows.add(panels);
      }
      partOne.add(entry);
    }
    String[] header61 = new String[partOneMethods.size() + 2];
    header61[0] = "n";
    for (int a = 0; a < partOneMethods.size(); a++) {
      header61[a + 1] = partOneMethods.get(a).label();
    }
    header61[partOneMethods.size() + 1] = "seconds";
    o.printf("%nTable 6.1: rank of the true structure among %d (alias-corrected; uncorrected in brackets where "
        + "different; AIS needs no correction)%n", structures.size());
    Tables.print(o, header61, table61);
    String[] header64 = {"n", "AIS1<VB*%", "AIS1<VB%", "AIS" + g + "<VB*%", "AIS" + g + "<VB%", "MH rej%",
        "true rank per run", "AIS seconds"};
    if (!table64.isEmpty()) {
      o.printf("%nTable 6.4 (and 6.3): AIS below the VB bound, Metropolis-Hastings rejections, true rank by single runs%n");
      Tables.print(o, header64, table64);
    }
    if (compareStrength && !strengthRows.isEmpty()) {
      o.printf("%nAIS proposal strength: scaled against fixed%n");
      Tables.print(o, BealReport.STRENGTH_HEADER, strengthRows);
    }

    // Part two: true parameters drawn from the prior.
    List<DagMethod> partTwoMethods = new ArrayList<>(BASE_METHODS);
    if (instanceAis && !aisNs.isEmpty()) {
      partTwoMethods.add(DagMethod.AIS);
    }
    // ranks[method][instance][size], corrected and uncorrected
    int[][][] ranksC = new int[partTwoMethods.size()][nInstances][ns.size()];
    int[][][] ranksU = new int[partTwoMethods.size()][nInstances][ns.size()];
    StringBuilder instCsv = new StringBuilder("instance,n,method,trueRank,trueRankUncorrected\n");
    long p2 = System.nanoTime();
    double partTwoScoreSeconds = 0;
    List<SplittableUniformRandomProvider> instanceStreams =
        nInstances == 0 ? List.of() : RandomStreams.split(streams.get(1), nInstances);
    try (Progress progress = Progress.start("part 2, instances x sizes", (long) nInstances * ns.size())) {
      int done = 0;
      for (int i = 0; i < nInstances; i++) {
        SplittableUniformRandomProvider rng = instanceStreams.get(i);
        double[] theta = DagScorer.randomParameters(ts, rng);
        int[][] instRows = AncestralSampler.sampleObserved(ts, theta, ns.get(ns.size() - 1), rng);
        for (int si = 0; si < ns.size(); si++) {
          int n = ns.get(si);
          Dataset d = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(instRows, n));
          List<StructureRanker.Scored> scored = StructureRanker.scoreAll(structures, d, 1.0, partTwoMethods, settings,
              seed + 1000L * (i + 1) + n, nThreads, null);
          for (int a = 0; a < partTwoMethods.size(); a++) {
            DagMethod m = partTwoMethods.get(a);
            ranksC[a][i][si] = StructureRanker.ranks(scored, m, true)[trueIndex];
            ranksU[a][i][si] = StructureRanker.ranks(scored, m, false)[trueIndex];
            partTwoScoreSeconds += scored.stream().mapToDouble(x -> x.estimate(m).seconds()).sum();
            instCsv.append(i + 1).append(',').append(n).append(',').append(m.label()).append(',')
                .append(ranksC[a][i][si]).append(',').append(ranksU[a][i][si]).append('\n');
          }
          var l = progress.listener();
          if (l != null) {
            l.accept(++done);
          }
        }
      }
    }
    double partTwoSeconds = (System.nanoTime() - p2) * 1e-9;
    StringBuilder successCsv = new StringBuilder("n");
    for (DagMethod m : partTwoMethods) {
      successCsv.append(',').append(m.label());
    }
    successCsv.append(",instances\n");
    List<String[]> table65 = new ArrayList<>();
    double[][] success = new double[partTwoMethods.size()][ns.size()];
    double[][] medianRank = new double[partTwoMethods.size()][ns.size()];
    for (int si = 0; si < ns.size(); si++) {
      String[] line = new String[partTwoMethods.size() + 1];
      line[0] = Integer.toString(ns.get(si));
      successCsv.append(ns.get(si));
      for (int a = 0; a < partTwoMethods.size(); a++) {
        int firsts = 0;
        double[] r = new double[nInstances];
        for (int i = 0; i < nInstances; i++) {
          firsts += ranksC[a][i][si] == 1 ? 1 : 0;
          r[i] = ranksC[a][i][si];
        }
        success[a][si] = firsts;
        medianRank[a][si] = median(r);
        line[a + 1] = Integer.toString(firsts);
        successCsv.append(',').append(firsts);
      }
      successCsv.append(',').append(nInstances).append('\n');
      table65.add(line);
    }
    // Table 6.2: VB against each other score, over all instances and sizes.
    int vb = partTwoMethods.indexOf(DagMethod.VB);
    StringBuilder vsCsv = new StringBuilder("other,corrected,vbWorsePct,samePct,vbBetterPct\n");
    List<String[]> table62 = new ArrayList<>();
    Map<String, double[]> vsCorrected = new LinkedHashMap<>();
    for (boolean corrected : new boolean[] {false, true}) {
      int[][][] rk = corrected ? ranksC : ranksU;
      for (int a = 0; a < partTwoMethods.size(); a++) {
        DagMethod m = partTwoMethods.get(a);
        if (a == vb || m == DagMethod.MAP) {
          continue;
        }
        double worse = 0;
        double same = 0;
        double better = 0;
        for (int i = 0; i < nInstances; i++) {
          for (int si = 0; si < ns.size(); si++) {
            int v = rk[vb][i][si];
            int w = rk[a][i][si];
            if (v > w) {
              worse++;
            } else if (v == w) {
              same++;
            } else {
              better++;
            }
          }
        }
        double total = Math.max(1, worse + same + better);
        double[] p = {100 * worse / total, 100 * same / total, 100 * better / total};
        if (corrected) {
          vsCorrected.put(m.label(), p);
        }
        vsCsv.append(m.label()).append(',').append(corrected).append(',').append(fmt(p[0])).append(',')
            .append(fmt(p[1])).append(',').append(fmt(p[2])).append('\n');
        table62.add(new String[] {m.label() + (corrected ? "" : "*"), pct(p[0]), pct(p[1]), pct(p[2])});
      }
    }
    if (nInstances > 0) {
      String[] header65 = new String[partTwoMethods.size() + 1];
      header65[0] = "n";
      for (int a = 0; a < partTwoMethods.size(); a++) {
        header65[a + 1] = partTwoMethods.get(a).label();
      }
      o.printf("%nTable 6.5: times out of %d instances that each score ranks the true structure first%n", nInstances);
      Tables.print(o, header65, table65);
      o.printf("%nTable 6.2: VB against the others, %% of %d (instance, size) pairs (* = uncorrected)%n",
          nInstances * ns.size());
      Tables.print(o, new String[] {"than", "VB worse", "same", "VB better"}, table62);
    }

    // Figures.
    double[] xs = ns.stream().mapToDouble(Integer::doubleValue).toArray();
    List<LinePlot.Series> rankLines = new ArrayList<>();
    for (var e : rankByMethod.entrySet()) {
      if (e.getKey().equals("map")) {
        continue;
      }
      double[][] pts = finitePoints(xs, e.getValue());
      if (pts[0].length > 0) {
        rankLines.add(new LinePlot.Series(e.getKey(), pts[0], pts[1]));
      }
    }
    OutputFiles.write(dir.resolve("fig-6.3-rank-vs-n.png"), LinePlot.png(
        "Rank of the true structure among " + structures.size() + " (1 = best)", "data set size n",
        "rank (log scale, lower is better)", rankLines, true, true, 900, 560));
    if (!gridRows.isEmpty()) {
      OutputFiles.write(dir.resolve("fig-6.2-scores-vs-parameters.png"), ScoreGridPlot.png(
          "Scores of all " + structures.size() + " structures vs number of parameters (red: true, blue x: best)",
          gridRows));
    }
    if (nInstances > 0) {
      List<LinePlot.Series> successLines = new ArrayList<>();
      List<LinePlot.Series> medianLines = new ArrayList<>();
      for (int a = 0; a < partTwoMethods.size(); a++) {
        if (partTwoMethods.get(a) == DagMethod.MAP) {
          continue;
        }
        double[] pctSuccess = Arrays.stream(success[a]).map(c -> 100.0 * c / nInstances).toArray();
        successLines.add(new LinePlot.Series(partTwoMethods.get(a).label(), xs, pctSuccess));
        medianLines.add(new LinePlot.Series(partTwoMethods.get(a).label(), xs, medianRank[a]));
      }
      OutputFiles.write(dir.resolve("fig-6.9-success-vs-n.png"), LinePlot.png(
          "True structure ranked first, % of " + nInstances + " parameter draws", "data set size n", "% ranked first",
          successLines, true, false, 900, 560));
      OutputFiles.write(dir.resolve("fig-6.5-median-rank-vs-n.png"), LinePlot.png(
          "Median rank of the true structure over " + nInstances + " parameter draws", "data set size n",
          "median rank (log scale)", medianLines, true, true, 900, 560));
    }

    // Files.
    OutputFiles.write(dir.resolve("table-6.1-true-rank.csv"), ranksCsv.toString());
    OutputFiles.write(dir.resolve("scores.csv"), scoresCsv.toString());
    if (!aisNs.isEmpty()) {
      OutputFiles.write(dir.resolve("ais-strength.csv"), strengthCsv.toString());
      OutputFiles.write(dir.resolve("table-6.4-ais.csv"), aisCsv.toString());
      OutputFiles.write(dir.resolve("table-6.3-ais-single-run-ranks.csv"), aisRunsCsv.toString());
    }
    if (nInstances > 0) {
      OutputFiles.write(dir.resolve("instances-true-rank.csv"), instCsv.toString());
      OutputFiles.write(dir.resolve("table-6.5-ranked-first.csv"), successCsv.toString());
      OutputFiles.write(dir.resolve("table-6.2-vb-vs-others.csv"), vsCsv.toString());
    }
    double total = (System.nanoTime() - t0) * 1e-9;
    long scoresPerMethod = (long) nInstances * ns.size() * structures.size();
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Beal (2003) chapter 6, sections 6.4-6.5");
    root.put("seed", seed);
    root.put("sizes", ns);
    root.put("aisSizes", aisNs);
    root.put("instances", nInstances);
    root.put("threads", nThreads);
    root.put("settings", settings.toMap());
    root.put("ais", ais.toMap());
    root.put("trueModel", DagModelFile.toJson(truth));
    root.put("trueIndex", trueIndex);
    root.put("partOne", partOne);
    Map<String, Object> timing = new LinkedHashMap<>();
    timing.put("totalSeconds", total);
    timing.put("partTwoSeconds", partTwoSeconds);
    timing.put("partTwoScoresPerMethod", scoresPerMethod);
    timing.put("partTwoCpuSecondsPerScore", scoresPerMethod == 0 ? 0 : partTwoScoreSeconds / (scoresPerMethod * partTwoMethods.size()));
    if (!Double.isNaN(aisSecondsAt480)) {
      timing.put("aisCpuSecondsAllStructuresAt480", aisSecondsAt480);
    }
    root.put("timing", timing);
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(root));
    OutputFiles.write(dir.resolve("report.md"), BealReport.markdown(ns, aisNs, nInstances, g, k, ais, settings, seed,
        nThreads, rankByMethod, table64, header64, strengthRows, partTwoMethods, success, vsCorrected, total, partTwoSeconds,
        scoresPerMethod, aisSecondsAt480));
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, table-6.*.csv, scores.csv, fig-6.*.png%n", dir);
    o.printf(Locale.ROOT, "total %.1f s (part two %.1f s for %d scores per method)%n", total, partTwoSeconds,
        scoresPerMethod);
    return 0;
  }

  private static void strengthRow(StringBuilder csv, List<String[]> rows, int n, DagAnnealingTarget.Settings s,
      AisSummary a, int trueRank, double seconds) {
    String label = s.scaledStrength() ? s.strength() + " + n tau / L_j" : "fixed " + s.strength();
    csv.append(n).append(',').append(label).append(',').append(fmt(a.averagedBelowVb)).append(',')
        .append(fmt(a.singleBelowVb)).append(',').append(fmt(a.meanStdError)).append(',').append(fmt(a.rejection))
        .append(',').append(fmt(a.rejectionByQuarter[0])).append(',').append(fmt(a.rejectionByQuarter[3])).append(',')
        .append(trueRank).append(',').append(fmt(seconds)).append('\n');
    rows.add(new String[] {Integer.toString(n), label, pct(a.averagedBelowVb), pct(a.singleBelowVb),
        String.format(Locale.ROOT, "%.3f", a.meanStdError), pct(a.rejection), pct(a.rejectionByQuarter[0]),
        pct(a.rejectionByQuarter[3]), Integer.toString(trueRank), String.format(Locale.ROOT, "%.1f", seconds)});
  }

  /** Up to four sizes spread over the range for Figure 6.2. */
  private static List<Integer> pickGridSizes(List<Integer> ns) {
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

  static double uncorrected(EvidenceEstimate e) {
    Object u = e.diagnostics().get("uncorrectedLogEvidence");
    return u instanceof Number x ? x.doubleValue() : e.logEvidence();
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

  private static double median(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
  }

  static String fmt(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
  }

  static String pct(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
