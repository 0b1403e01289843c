package org.occam.cli.experiment;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.occam.sampling.ParameterSpaceAis;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.cli.Progress;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.math.RandomStreams;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfMethod;
import org.occam.mrf.MrfScoreSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code occam experiment parise-welling}: Parise &amp; Welling (2006), section 4.1, on fresh
 * synthetic data. See {@link PariseWellingDesign} for the design and the help text for the choices
 * the paper leaves open.
 */
@Command(name = "parise-welling", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Reproduce Parise & Welling (2006) section 4.1: Laplace-family scores of",
        "Boltzmann machines on 5 nodes against AIS. 50 random structures (each of the",
        "10 possible edges present with probability 1/2), 6 true parameter sets per",
        "structure (biases U[-1,1]; weights uniform on [-d-e,-d] u [d,d+e], e = 0.1/4,",
        "d in {0.1,0.2,0.5,1,1.5,2}/4, on 0/1 variables as in the paper's appendix A),",
        "10000 exact samples per model; a data set of size N is the first N samples.",
        "",
        "Figure 1: score/N along a nested sequence around one true model (d = 0.5/4,",
        "the first structure with --true-edges edges): the empty graph, the true edges",
        "added one at a time in random order, then the false edges (0..10 edges), at",
        "the smallest and the largest N, AIS with +-1 standard error over G runs.",
        "Figure 2: mean |score - AIS|/N per number of edges over --sequences such",
        "sequences around the same model. Figure 3: mean |score - AIS|/N of the true",
        "structure over the 50 models with d = 0.5/4 against N (--sizes). Figure 4:",
        "the same over the 50 models of each d at the largest N.",
        "",
        "AIS (HMC over the parameters, exact log Z, K temperatures of Beal's schedule,",
        "G runs) runs only on the (structure, data) pairs the figures need, about 700",
        "with the defaults. Each pair is also scored with map, bic-ml, bic-map, bp-lr,",
        "bp-lr-exactgrad, laplace-exact and laplace-lr (exact lambda_MP and log Z,",
        "linear-response C: BP-LR-ExactGrad with the exact log Z). Pairs run in",
        "parallel, each with its own seed, so the numbers do not depend on --threads.",
        "The full run needs about 4 minutes of 2 idle cores (it took 5.5 to 7.5",
        "minutes while other jobs shared them); --quick runs in seconds.",
        "",
        "Writes scores.csv (every pair), fig-1..4 CSV and PNG, models.csv,",
        "sequences.csv, summary.json and report.md (the paper's findings, each",
        "checked against this run's numbers) into --out.",
        "",
        "Example: occam experiment parise-welling --quick --out runs/pw-quick"})
public final class PariseWellingExperimentCommand implements Callable<Integer> {
  static final List<Integer> DEFAULT_SIZES = List.of(50, 100, 300, 1000, 3000, 10_000);
  static final List<Integer> QUICK_SIZES = List.of(50, 300, 2000);

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: 3 structures, sizes 50,300,2000, 3 sequences, AIS with "
      + "G = 3 runs of K = 500 steps (explicit options still win).")
  boolean quick;

  @Option(names = "--structures", paramLabel = "S", description = "Random structures (default: 50, the paper's).")
  Integer structures;

  @Option(names = "--sizes", paramLabel = "N", split = ",", description = "Data set sizes N of Figure 3; "
      + "Figures 1 and 2 use the smallest and the largest, Figure 4 the largest, which is also the number of "
      + "samples drawn per model (default: 50,100,300,1000,3000,10000).")
  List<Integer> sizes;

  @Option(names = "--strengths", paramLabel = "D", split = ",",
      description = "Edge strengths d times 4 (default: the paper's 0.1,0.2,0.5,1.0,1.5,2.0).")
  List<Double> strengths;

  @Option(names = "--sequence-strength", paramLabel = "D", defaultValue = "0.5",
      description = "d times 4 of the models of Figures 1-3; one of --strengths (default: ${DEFAULT-VALUE}).")
  double sequenceStrength;

  @Option(names = "--sequences", paramLabel = "Q", description = "Random nested sequences of Figure 2 "
      + "(default: 50, the paper's); Figure 1 shows the first.")
  Integer sequences;

  @Option(names = "--true-edges", paramLabel = "E", defaultValue = "6", description = "Edges of the true structure "
      + "of Figures 1 and 2: the first structure with this many, else the closest (default: ${DEFAULT-VALUE}, the "
      + "paper's).")
  int trueEdges;

  @Option(names = "--ais-steps", paramLabel = "K",
      description = "AIS temperatures of Beal's schedule (default: " + ParameterSpaceAis.Settings.DEFAULT_STEPS
          + ").")
  Integer aisSteps;

  @Option(names = "--ais-runs", paramLabel = "G", description = "AIS runs averaged (default: "
      + ParameterSpaceAis.Settings.DEFAULT_RUNS + ", the paper's).")
  Integer aisRuns;

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    long seed = options.seed;
    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    List<Integer> ns = (sizes != null ? sizes : quick ? QUICK_SIZES : DEFAULT_SIZES).stream().distinct().sorted()
        .toList();
    if (ns.isEmpty() || ns.get(0) < 1) {
      throw new IllegalArgumentException("--sizes needs positive numbers, got " + ns);
    }
    List<Double> ds = (strengths != null ? strengths
        : Arrays.stream(PariseWellingDesign.PAPER_STRENGTHS_TIMES_4).boxed().toList()).stream().distinct().sorted()
        .toList();
    if (ds.isEmpty() || ds.get(0) <= 0) {
      throw new IllegalArgumentException("--strengths needs positive numbers, got " + ds);
    }
    int seqStrength = ds.indexOf(sequenceStrength);
    if (seqStrength < 0) {
      throw new IllegalArgumentException("--sequence-strength " + sequenceStrength + " is not one of --strengths " + ds);
    }
    int nStructures = structures != null ? structures : quick ? 3 : 50;
    int nSequences = sequences != null ? sequences : quick ? 3 : 50;
    if (nStructures < 1 || nSequences < 1) {
      throw new IllegalArgumentException("--structures and --sequences must be >= 1, got " + nStructures + " and "
          + nSequences);
    }
    if (trueEdges < 0 || trueEdges > PariseWellingDesign.PAIRS) {
      throw new IllegalArgumentException("--true-edges must be in 0.." + PariseWellingDesign.PAIRS + ", got " + trueEdges);
    }
    int k = aisSteps != null ? aisSteps : quick ? 500 : ParameterSpaceAis.Settings.DEFAULT_STEPS;
    int g = aisRuns != null ? aisRuns : quick ? 3 : ParameterSpaceAis.Settings.DEFAULT_RUNS;
    MrfScoreSettings settings = MrfScoreSettings.defaults();
    ParameterSpaceAis.Settings ais = MrfAnnealedImportanceSampling.defaultSettings().withSteps(k)
        .withRuns(g).withPriorSigma(settings.priorSigma());
    int nThreads = options.threadCount();
    Path dir = options.outputFolder();
    var o = spec.commandLine().getOut();
    int nMin = ns.get(0);
    int nMax = ns.get(ns.size() - 1);

    // The design: one stream per structure, per model and per sequence, split in a fixed order.
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(RandomStreams.fromSeed(seed), 4);
    int[] masks = new int[nStructures];
    List<SplittableUniformRandomProvider> structureStreams = RandomStreams.split(streams.get(0), nStructures);
    for (int s = 0; s < nStructures; s++) {
      masks[s] = PariseWellingDesign.randomStructure(structureStreams.get(s));
    }
    List<SplittableUniformRandomProvider> modelStreams = RandomStreams.split(streams.get(1), nStructures * ds.size());
    List<PariseWellingDesign.Model> models = new ArrayList<>();
    for (int s = 0; s < nStructures; s++) {
      for (int di = 0; di < ds.size(); di++) {
        int index = s * ds.size() + di;
        models.add(new PariseWellingDesign.Model(index, s, di, ds.get(di), masks[s], nMax, modelStreams.get(index)));
      }
    }
    int picked = pickModel(masks, trueEdges) * ds.size() + seqStrength;
    PariseWellingDesign.Model pickedModel = models.get(picked);
    int[][] seqs = new int[nSequences][];
    List<SplittableUniformRandomProvider> sequenceStreams = RandomStreams.split(streams.get(2), nSequences);
    for (int q = 0; q < nSequences; q++) {
      seqs[q] = PariseWellingDesign.nestedSequence(pickedModel.mask(), sequenceStreams.get(q));
    }
    long aisSeed = streams.get(3).nextLong();

    // The (structure, data) pairs the figures need, each once.
    LinkedHashSet<PariseWellingScoring.Task> wanted = new LinkedHashSet<>();
    for (int n : List.of(nMin, nMax)) {
      for (int[] seq : seqs) {
        for (int mask : seq) {
          wanted.add(new PariseWellingScoring.Task(picked, mask, n));
        }
      }
    }
    int sequenceTasks = wanted.size();
    for (int s = 0; s < nStructures; s++) {
      for (int n : ns) {
        wanted.add(new PariseWellingScoring.Task(s * ds.size() + seqStrength, masks[s], n));
      }
    }
    for (int s = 0; s < nStructures; s++) {
      for (int di = 0; di < ds.size(); di++) {
        wanted.add(new PariseWellingScoring.Task(s * ds.size() + di, masks[s], nMax));
      }
    }
    List<PariseWellingScoring.Task> tasks = List.copyOf(wanted);
    o.printf(Locale.ROOT, "Parise & Welling (2006) section 4.1: %d structures x %d strengths, N = %s, %d sequences "
        + "around model %d (%d edges), %d (structure, data) pairs with AIS (K = %d of Beal's schedule, G = %d), seed %d, "
        + "%d thread(s)%n", nStructures, ds.size(), ns, nSequences, picked, Integer.bitCount(pickedModel.mask()),
        tasks.size(), k, g, seed, nThreads);
    long s0 = System.nanoTime();
    List<PariseWellingScoring.Scored> scored;
    try (Progress progress = Progress.start("scores + AIS", tasks.size())) {
      scored = PariseWellingScoring.run(tasks, models, settings, ais, aisSeed, nThreads, progress.listener());
    }
    double scoringWall = (System.nanoTime() - s0) * 1e-9;
    Map<PariseWellingScoring.Task, PariseWellingScoring.Scored> byTask = new LinkedHashMap<>();
    for (PariseWellingScoring.Scored s : scored) {
      byTask.put(s.task(), s);
    }

    // Figures: the groups of pairs behind each point.
    List<String> compared = PariseWellingScoring.COMPARED;
    List<String> bpBased = List.of("bp-lr", "bp-lr-exactgrad", PariseWellingScoring.LAPLACE_LR);
    String trueLabel = "true model " + Integer.bitCount(pickedModel.mask()) + " edges, d = "
        + PariseWellingFigures.number(ds.get(seqStrength)) + "/4";
    double[] edges = new double[PariseWellingDesign.PAIRS + 1];
    for (int e = 0; e < edges.length; e++) {
      edges[e] = e;
    }
    StringBuilder fig1Csv = new StringBuilder();
    Map<Integer, PariseWellingFigures.Panel> fig2 = new LinkedHashMap<>();
    for (int n : new LinkedHashSet<>(List.of(nMin, nMax))) {
      fig1Csv.append(PariseWellingOutputs.sequenceFigure(dir, n, seqs[0], picked, byTask, trueLabel,
          fig1Csv.length() == 0));
      fig2.put(n, PariseWellingFigures.panel("Figure 2: mean |score - AIS|/N over " + nSequences + " nested sequences, "
          + trueLabel + ", N = " + n, "number of edges (nested models)", edges, e -> {
            List<PariseWellingScoring.Scored> group = new ArrayList<>();
            for (int[] seq : seqs) {
              group.add(byTask.get(new PariseWellingScoring.Task(picked, seq[e], n)));
            }
            return group;
          }, compared, PariseWellingScoring.AIS));
    }
    List<List<PariseWellingScoring.Scored>> fig3Groups = new ArrayList<>();
    for (int n : ns) {
      List<PariseWellingScoring.Scored> group = new ArrayList<>();
      for (int s = 0; s < nStructures; s++) {
        group.add(byTask.get(new PariseWellingScoring.Task(s * ds.size() + seqStrength, masks[s], n)));
      }
      fig3Groups.add(group);
    }
    List<List<PariseWellingScoring.Scored>> fig4Groups = new ArrayList<>();
    for (int di = 0; di < ds.size(); di++) {
      List<PariseWellingScoring.Scored> group = new ArrayList<>();
      for (int s = 0; s < nStructures; s++) {
        group.add(byTask.get(new PariseWellingScoring.Task(s * ds.size() + di, masks[s], nMax)));
      }
      fig4Groups.add(group);
    }
    double[] nx = ns.stream().mapToDouble(Integer::doubleValue).toArray();
    double[] dx = ds.stream().mapToDouble(Double::doubleValue).toArray();
    String fig3Title = "Figure 3: mean |score - AIS|/N of the true structure, " + nStructures + " models with d = "
        + PariseWellingFigures.number(ds.get(seqStrength)) + "/4";
    String nLabel = "N (number of data cases, log scale)";
    String fig4Title = "Figure 4: mean |score - AIS|/N of the true structure, " + nStructures + " models per d, N = "
        + nMax;
    PariseWellingFigures.Panel fig3 = PariseWellingFigures.panel(fig3Title, nLabel, nx, fig3Groups::get, compared,
        PariseWellingScoring.AIS);
    PariseWellingFigures.Panel fig4 = PariseWellingFigures.panel(fig4Title, "edge strength d*4", dx, fig4Groups::get,
        compared, PariseWellingScoring.AIS);
    // The same groups against Laplace-Exact instead of AIS: no AIS noise, the BP-based scores' own error.
    PariseWellingFigures.Panel fig3Exact = PariseWellingFigures.panel(fig3Title, nLabel, nx, fig3Groups::get, bpBased,
        "laplace-exact");
    PariseWellingFigures.Panel fig4Exact = PariseWellingFigures.panel(fig4Title, "edge strength d*4", dx,
        fig4Groups::get, bpBased, "laplace-exact");

    // Files.
    OutputFiles.write(dir.resolve("fig-1-sequence.csv"), fig1Csv.toString());
    StringBuilder fig2Csv = new StringBuilder();
    for (var e : fig2.entrySet()) {
      String part = e.getValue().csv("edges", "n,", e.getKey() + ",");
      fig2Csv.append(fig2Csv.length() == 0 ? part : part.substring(part.indexOf('\n') + 1));
      OutputFiles.write(dir.resolve("fig-2-abs-diff-vs-edges-n" + e.getKey() + ".png"), e.getValue().png(false));
    }
    OutputFiles.write(dir.resolve("fig-2-abs-diff-vs-edges.csv"), fig2Csv.toString());
    OutputFiles.write(dir.resolve("fig-3-abs-diff-vs-n.csv"), fig3.csv("n", "", ""));
    OutputFiles.write(dir.resolve("fig-3-abs-diff-vs-n.png"), fig3.png(true));
    OutputFiles.write(dir.resolve("fig-4-abs-diff-vs-d.csv"), fig4.csv("d4", "", ""));
    OutputFiles.write(dir.resolve("fig-4-abs-diff-vs-d.png"), fig4.png(false));
    OutputFiles.write(dir.resolve("scores.csv"), PariseWellingOutputs.scoresCsv(scored, models));
    OutputFiles.write(dir.resolve("models.csv"), PariseWellingOutputs.modelsCsv(models));
    OutputFiles.write(dir.resolve("sequences.csv"), PariseWellingOutputs.sequencesCsv(seqs));

    // Timing and the report.
    double taskSeconds = 0;
    double aisSeconds = 0;
    Map<String, Integer> notConverged = new LinkedHashMap<>();
    for (PariseWellingScoring.Scored s : scored) {
      taskSeconds += s.seconds();
      aisSeconds += s.estimate(MrfMethod.AIS).seconds();
      for (String why : s.notConverged().split(";")) {
        if (!why.isEmpty()) {
          notConverged.merge(why, 1, Integer::sum);
        }
      }
    }
    double total = (System.nanoTime() - t0) * 1e-9;
    double loadAtEnd = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    var timing = new PariseWellingReport.Timing(total, scoringWall, processCpuSeconds(), taskSeconds, aisSeconds,
        tasks.size(), sequenceTasks, nThreads, loadAtStart, loadAtEnd);
    var context = new PariseWellingReport.Context(seed, nStructures, ds, ns, nSequences, pickedModel, trueEdges, k, g,
        ais, settings, timing, notConverged);
    var results = new PariseWellingReport.Results(fig2, fig3, fig4, fig3Exact, fig4Exact,
        PariseWellingReport.Diagnostics.of(fig3Groups), PariseWellingReport.Diagnostics.of(fig4Groups),
        signedBicGap(nMin, seqs, picked, byTask));
    List<PariseWellingReport.Claim> claims = PariseWellingReport.claims(results);
    OutputFiles.write(dir.resolve("report.md"), PariseWellingReport.markdown(context, results, claims));
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(PariseWellingOutputs.summary(context, results,
        claims, seqs, models.size())));

    // The terminal.
    o.printf("%nFigure 3: mean |score - AIS| / N of the true structure, d = %s/4, over %d models%n",
        PariseWellingFigures.number(ds.get(seqStrength)), nStructures);
    Tables.print(o, header("n", compared), table(fig3, compared));
    o.printf("%nFigure 4: mean |score - AIS| / N of the true structure at N = %d, over %d models per d%n", nMax,
        nStructures);
    Tables.print(o, header("d*4", compared), table(fig4, compared));
    o.printf("%nThe paper's findings, checked against this run:%n");
    for (PariseWellingReport.Claim c : claims) {
      o.printf("- %s: %s. %s%n", c.title(), c.verdict(), c.evidence());
    }
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, scores.csv, fig-1..4 CSV and PNG%n", dir);
    o.printf(Locale.ROOT, "total %.1f s wall (%.1f s scoring + AIS of %d pairs), %.1f s process CPU on %d thread(s), "
        + "load average %.1f at start, %.1f at end%n", total, scoringWall, tasks.size(), timing.processCpuSeconds(),
        nThreads, loadAtStart, loadAtEnd);
    return 0;
  }

  /** This JVM's CPU time so far, NaN where the platform does not report it. */
  private static double processCpuSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      long ns = os.getProcessCpuTime();
      return ns < 0 ? Double.NaN : ns * 1e-9;
    }
    return Double.NaN;
  }

  /** The first structure with {@code edges} edges, else the closest (lowest index on ties). */
  static int pickModel(int[] masks, int edges) {
    int best = 0;
    for (int s = 1; s < masks.length; s++) {
      if (Math.abs(Integer.bitCount(masks[s]) - edges) < Math.abs(Integer.bitCount(masks[best]) - edges)) {
        best = s;
      }
    }
    return best;
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
