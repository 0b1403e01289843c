package org.occam.cli.experiment;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.cli.Progress;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;
import org.occam.rbm.PersistentContrastiveDivergence;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmCrossValidation;
import org.occam.rbm.RbmCsvReader;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmMethod;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code occam experiment chen-welling}: Chen &amp; Welling (2013), Figures 1–2 (section 2) and 4, 6
 * and 7 (section 4). See {@link ChenWellingDesign} for the data, {@link ChenWellingScoring} for the
 * tasks, {@link ChenWellingFigures} for the numbers and {@link ChenWellingReport} for the verdicts.
 */
@Command(name = "chen-welling", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Reproduce Chen & Welling (2013): the evidence of RBMs by the Laplace family",
        "against AIS over the parameters (ais-pd), and choosing the number of hidden",
        "units K by the Laplace evidence and by 10-fold cross-validation.",
        "",
        "Figures 1-2: random RBMs with 10 visible and 5 hidden units, every parameter",
        "drawn from the prior N(0, 1); exact i.i.d. samples, a data set of size N being",
        "the first N of one draw per model; K = 1..10 chosen by laplace and by cv;",
        "mean +- sd of the chosen K against N. The paper used 50 models and up to",
        "625K samples; the default here is 10 models with N = 100..625,000 and PCD of",
        "2,000 updates (not 10,000) for every Laplace score and cross-validation fold,",
        "so that this part fits in a quarter of an hour on 2 cores (it trains 10",
        "Laplace scores and 100 cross-validation folds per model and N, about 80 s per",
        "model). Figure 1 is the first model at the largest N.",
        "",
        "Figures 4 and 6: the 5 most frequent words of --data; K = 3 with N = 10..1000",
        "(Figure 4), N = 100 with K = 1..9 (Figure 6). Figure 7: all words, N = 100,",
        "K = 1..9 for every method and K = 11, 13 for laplace alone. Each data set is a",
        "random subset of the documents, redrawn (deterministically) until every word",
        "occurs. Scores: laplace, laplace0, map, ml-bic (each --repeats times, own",
        "seeds) and ais-pd once, as evidence per document. The paper used the 20",
        "Newsgroups data, which we do not have: the default data are State of the",
        "Union chunks. ais-pd runs G = --ais-pd-runs runs of --ais-pd-steps",
        "temperatures (linear schedule, one HMC move of 10 leapfrog steps each,",
        "exact log Z). Leave ais-pd out with --methods and compare with another",
        "score by --reference.",
        "",
        "Every model, subset and score has its own seed derived from --seed, so the",
        "numbers do not depend on --threads. Writes scores.csv (every score),",
        "choices.csv, fig-1/2/4/6/7 CSV and PNG, models.csv, subsets.csv, summary.json",
        "and report.md (how close each method is to ais-pd, whether the paper's",
        "ordering holds) into --out. --quick runs a reduced version in seconds.",
        "",
        "Example: occam experiment chen-welling --quick --out runs/cw-quick"})
public final class ChenWellingExperimentCommand implements Callable<Integer> {
  static final String DEFAULT_METHODS = "laplace,laplace0,map,ml-bic,ais-pd";
  static final List<Integer> DEFAULT_FIG12_SIZES = List.of(100, 1000, 5000, 25_000, 125_000, 625_000);
  static final List<Integer> QUICK_FIG12_SIZES = List.of(100, 1000);
  static final List<Integer> DEFAULT_FIG4_SIZES = List.of(10, 20, 50, 100, 200, 500, 1000);
  static final List<Integer> QUICK_FIG4_SIZES = List.of(10, 100, 1000);
  /** The word count of Figures 4 and 6, the paper's. */
  static final int FEW_WORDS = 5;
  /** The prior's σ0, the paper's. */
  static final double PRIOR_SIGMA = 1.0;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @CommandLine.Mixin
  ExperimentOptions options;

  @Option(names = "--quick", description = "Reduced run: parts as asked; 3 models, N = 100,1000, K = 1..6 (Figures "
      + "1-2); N = 10,100,1000 (Figure 4); K = 1..3 (Figure 6); K = 1,2 and laplace at 3 (Figure 7); 2 repeats; PCD "
      + "of 500 updates, 1,000 fine-tuning samples; ais-pd G = 2 runs of 500 steps (explicit options still win).")
  boolean quick;

  @Option(names = "--parts", paramLabel = "LIST", defaultValue = "1-2,4,6,7",
      description = "Which figures to make: 1-2, 4, 6, 7 or all (default: ${DEFAULT-VALUE}).")
  String parts;

  @Option(names = "--data", paramLabel = "D.csv", defaultValue = "data/sotu_chunks100_w100.csv",
      description = "The 0/1 document-by-word matrix of Figures 4, 6 and 7 (default: ${DEFAULT-VALUE}).")
  Path data;

  @Option(names = "--methods", paramLabel = "LIST", defaultValue = DEFAULT_METHODS,
      description = "Scores of Figures 4, 6 and 7 (default: ${DEFAULT-VALUE}).")
  String methods;

  @Option(names = "--reference", paramLabel = "METHOD", defaultValue = "ais-pd",
      description = "The score the others are compared with, one of --methods (default: ${DEFAULT-VALUE}, the "
          + "paper's ground truth).")
  String reference;

  @Option(names = "--repeats", paramLabel = "R",
      description = "Runs of each score but ais-pd per data set and K, each with its own seed (default: 3).")
  Integer repeats;

  @Option(names = "--models", paramLabel = "M", description = "Random RBMs of Figures 1-2 (default: 10; the "
      + "paper: 50).")
  Integer models;

  @Option(names = "--sizes", paramLabel = "N", split = ",",
      description = "Sample sizes of Figures 1-2, >= 10 (default: 100,1000,5000,25000,125000,625000).")
  List<Integer> sizes;

  @Option(names = "--true-hidden", paramLabel = "K", defaultValue = "5",
      description = "Hidden units of the random RBMs (default: ${DEFAULT-VALUE}).")
  int trueHidden;

  @Option(names = "--candidates", paramLabel = "RANGE",
      description = "The K compared in Figures 1-2, e.g. 1..10 (default: 1..10).")
  String candidates;

  @Option(names = "--fig12-pcd-iterations", paramLabel = "T",
      description = "PCD updates for every score and fold of Figures 1-2 (default: 2000).")
  Integer fig12PcdIterations;

  @Option(names = "--fig4-sizes", paramLabel = "N", split = ",",
      description = "Documents of Figure 4 (default: 10,20,50,100,200,500,1000).")
  List<Integer> fig4Sizes;

  @Option(names = "--fig4-hidden", paramLabel = "K", defaultValue = "3",
      description = "Hidden units of Figure 4 (default: ${DEFAULT-VALUE}).")
  int fig4Hidden;

  @Option(names = "--fig6-size", paramLabel = "N", defaultValue = "100",
      description = "Documents of Figure 6 (default: ${DEFAULT-VALUE}).")
  int fig6Size;

  @Option(names = "--fig6-hidden", paramLabel = "RANGE", description = "K of Figure 6 (default: 1..9).")
  String fig6Hidden;

  @Option(names = "--fig7-size", paramLabel = "N", defaultValue = "100",
      description = "Documents of Figure 7 (default: ${DEFAULT-VALUE}).")
  int fig7Size;

  @Option(names = "--fig7-hidden", paramLabel = "RANGE", description = "K of Figure 7, every method (default: 1..9).")
  String fig7Hidden;

  @Option(names = "--fig7-laplace-hidden", paramLabel = "RANGE",
      description = "Further K of Figure 7 for laplace alone (default: 11,13; 'none' for none).")
  String fig7LaplaceHidden;

  @Option(names = "--pcd-iterations", paramLabel = "T",
      description = "PCD updates of Figures 4, 6 and 7 (default: 10000, the library's default).")
  Integer pcdIterations;

  @Option(names = "--ais-pd-runs", paramLabel = "G", description = "ais-pd runs averaged (default: 10; the paper: "
      + "100).")
  Integer aisPdRuns;

  @Option(names = "--ais-pd-steps", paramLabel = "S",
      description = "ais-pd temperatures of the linear schedule (default: 10000, the paper's).")
  Integer aisPdSteps;

  /** One part's timing. */
  record PartTiming(String figure, int tasks, double wallSeconds, double taskSeconds) {}

  @Override
  public Integer call() {
    long t0 = System.nanoTime();
    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    EnumSet<ChenWellingDesign.Part> which = ChenWellingDesign.Part.parseList(parts);
    Plan plan = plan(which);
    int nThreads = options.threadCount();
    RbmData words = which.stream().anyMatch(p -> p != ChenWellingDesign.Part.FIGURES_1_2)
        ? RbmCsvReader.read(data, RbmCsvReader.Selection.all(), null) : null;
    if (words != null) {
      checkSizes(words, plan);
    }
    Path dir = options.outputFolder();
    PrintWriter o = spec.commandLine().getOut();

    // Seeds, in a fixed order whatever the parts: one stream for the models, base seeds for the rest.
    SplittableUniformRandomProvider root = RandomStreams.fromSeed(options.seed);
    SplittableUniformRandomProvider modelStreams = root.split();
    Seeds seeds = new Seeds(root.nextLong(), root.nextLong(), root.nextLong(), root.nextLong(), root.nextLong(),
        root.nextLong(), root.nextLong(), root.nextLong());
    o.printf(Locale.ROOT, "Chen & Welling (2013): parts %s, seed %d, %d thread(s)%s%n", labels(which), options.seed,
        nThreads, quick ? ", quick" : "");

    List<ChenWellingScoring.Row> rows = new ArrayList<>();
    List<PartTiming> timings = new ArrayList<>();
    List<ChenWellingReport.SubsetInfo> subsets = new ArrayList<>();
    List<Rbm> trueModels = List.of();
    // Figures 4, 6 and 7 first: their ais-pd tasks, the longest, start first and fail fast.
    if (which.contains(ChenWellingDesign.Part.FIGURE_4)) {
      RbmData few = words.mostFrequentColumns(FEW_WORDS);
      List<ChenWellingScoring.Task> tasks = new ArrayList<>();
      for (int n : plan.fig4Sizes()) {
        RbmData d = subset("4", few, n, ChenWellingDesign.taskSeed(seeds.fig4Subsets(), n), subsets);
        evidenceTasks(tasks, "4", d, plan.fig4Hidden(), plan, plan.scores(), seeds.fig4Scores());
      }
      rows.addAll(runPart(o, "4", tasks, nThreads, timings));
    }
    if (which.contains(ChenWellingDesign.Part.FIGURE_6)) {
      RbmData few = words.mostFrequentColumns(FEW_WORDS);
      RbmData d = subset("6", few, fig6Size, ChenWellingDesign.taskSeed(seeds.fig6Subset(), fig6Size), subsets);
      List<ChenWellingScoring.Task> tasks = new ArrayList<>();
      for (int k : plan.fig6Hidden()) {
        evidenceTasks(tasks, "6", d, k, plan, plan.scores(), seeds.fig6Scores());
      }
      rows.addAll(runPart(o, "6", tasks, nThreads, timings));
    }
    if (which.contains(ChenWellingDesign.Part.FIGURE_7)) {
      RbmData d = subset("7", words, fig7Size, ChenWellingDesign.taskSeed(seeds.fig7Subset(), fig7Size), subsets);
      List<ChenWellingScoring.Task> tasks = new ArrayList<>();
      for (int k : plan.fig7Hidden()) {
        evidenceTasks(tasks, "7", d, k, plan, plan.scores(), seeds.fig7Scores());
      }
      if (plan.scores().contains(RbmMethod.LAPLACE)) {
        for (int k : plan.fig7LaplaceHidden()) {
          evidenceTasks(tasks, "7", d, k, plan, List.of(RbmMethod.LAPLACE), seeds.fig7Scores());
        }
      }
      rows.addAll(runPart(o, "7", tasks, nThreads, timings));
    }
    if (which.contains(ChenWellingDesign.Part.FIGURES_1_2)) {
      trueModels = trueModels(plan, modelStreams);
      List<List<RbmData>> samples = samples(trueModels, plan, modelStreams, nThreads);
      List<ChenWellingScoring.Task> tasks = new ArrayList<>();
      for (int m = 0; m < plan.models(); m++) {
        for (int j = 0; j < plan.sizes().size(); j++) {
          RbmData d = samples.get(m).get(j);
          long n = d.size();
          long cvSeed = ChenWellingDesign.taskSeed(seeds.fig12Cv(), m, n);
          for (int k : plan.candidates()) {
            tasks.add(new ChenWellingScoring.ScoreTask("1-2", m, d, k, 0, List.of(RbmMethod.LAPLACE), plan.small(),
                plan.aisPd(), ChenWellingDesign.taskSeed(seeds.fig12Laplace(), m, n, k)));
            tasks.add(new ChenWellingScoring.CvTask("1-2", m, d, k, plan.cv(), cvSeed));
          }
        }
      }
      rows.addAll(runPart(o, "1-2", tasks, nThreads, timings));
    }

    // Numbers, files, report.
    double total = (System.nanoTime() - t0) * 1e-9;
    double loadAtEnd = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    var context = new ChenWellingReport.Context(options.seed, data, words == null ? List.of()
        : words.mostFrequentColumns(FEW_WORDS).columnNames(), words == null ? 0 : words.size(),
        words == null ? 0 : words.visibleCount(), which, plan, seeds, subsets, trueModels, timings, total, nThreads,
        loadAtStart, loadAtEnd, quick);
    ChenWellingReport.Results results = ChenWellingReport.Results.of(rows, context);
    ChenWellingOutputs.write(dir, rows, results, context);
    ChenWellingOutputs.print(o, results, context);
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, scores.csv and the figures' CSV and PNG%n", dir);
    for (PartTiming t : timings) {
      o.printf(Locale.ROOT, "part %s: %d tasks in %.1f s of wall time (%.1f s summed over tasks)%n", t.figure(),
          t.tasks(), t.wallSeconds(), t.taskSeconds());
    }
    o.printf(Locale.ROOT, "total %.1f s on %d thread(s); load average %.1f at start, %.1f at end%n",
        (System.nanoTime() - t0) * 1e-9, nThreads, loadAtStart, loadAtEnd);
    return 0;
  }

  /**
   * The base seeds of the parts, drawn from --seed's stream in this order.
   *
   * @param fig12Laplace Figures 1–2's Laplace scores, per (model, N, K)
   * @param fig12Cv Figures 1–2's cross-validation, per (model, N): every K shares the folds
   * @param fig4Subsets Figure 4's subsets, per N
   */
  record Seeds(long fig12Laplace, long fig12Cv, long fig4Subsets, long fig4Scores, long fig6Subset, long fig6Scores,
      long fig7Subset, long fig7Scores) {}

  /**
   * Everything a run does, after defaults and --quick.
   *
   * @param scores the methods of Figures 4, 6 and 7 but ais-pd (run --repeats times)
   * @param aisPdAsked whether ais-pd is among --methods
   * @param laplace the settings of Figures 4, 6 and 7
   * @param small the settings of Figures 1–2 (cheaper PCD and fewer samples)
   * @param cv the cross-validation settings of Figures 1–2 (the same PCD as {@code small})
   */
  record Plan(int models, List<Integer> sizes, int trueHidden, int[] candidates, List<Integer> fig4Sizes,
      int fig4Hidden, int[] fig6Hidden, int[] fig7Hidden, int[] fig7LaplaceHidden, List<RbmMethod> scores,
      boolean aisPdAsked, String reference, int repeats, ChenWellingScoring.AisPdBudget aisPd,
      RbmLaplace.Settings laplace, RbmLaplace.Settings small, RbmCrossValidation.Settings cv) {}

  private Plan plan(EnumSet<ChenWellingDesign.Part> which) {
    if (which.isEmpty()) {
      throw new IllegalArgumentException("--parts names no part (choose from 1-2, 4, 6, 7 or all)");
    }
    List<RbmMethod> asked = RbmMethod.parseList(methods);
    if (asked.isEmpty()) {
      throw new IllegalArgumentException("--methods names no method (choose from " + RbmMethod.names() + ")");
    }
    String ref = RbmMethod.parse(reference).label();
    boolean evidenceParts = which.stream().anyMatch(p -> p != ChenWellingDesign.Part.FIGURES_1_2);
    if (evidenceParts && asked.stream().noneMatch(m -> m.label().equals(ref))) {
      throw new IllegalArgumentException("--reference " + ref + " is not one of --methods " + methods);
    }
    List<RbmMethod> scores = asked.stream().filter(m -> m != RbmMethod.AIS_PD).toList();
    int nModels = models != null ? models : quick ? 3 : 10;
    int nRepeats = repeats != null ? repeats : quick ? 2 : 3;
    if (nModels < 1 || nRepeats < 1) {
      throw new IllegalArgumentException("--models and --repeats must be >= 1, got " + nModels + " and " + nRepeats);
    }
    List<Integer> ns = sortedPositive("--sizes", sizes != null ? sizes : quick ? QUICK_FIG12_SIZES
        : DEFAULT_FIG12_SIZES);
    int folds = RbmCrossValidation.Settings.defaults().folds();
    if (ns.get(0) < folds) {
      throw new IllegalArgumentException("--sizes must be >= " + folds + " (" + folds
          + "-fold cross-validation), got " + ns.get(0));
    }
    if (trueHidden < 1) {
      throw new IllegalArgumentException("--true-hidden must be >= 1, got " + trueHidden);
    }
    List<Integer> f4 = sortedPositive("--fig4-sizes", fig4Sizes != null ? fig4Sizes : quick ? QUICK_FIG4_SIZES
        : DEFAULT_FIG4_SIZES);
    if (fig4Hidden < 1 || fig6Size < 1 || fig7Size < 1) {
      throw new IllegalArgumentException("--fig4-hidden, --fig6-size and --fig7-size must be >= 1, got " + fig4Hidden
          + ", " + fig6Size + " and " + fig7Size);
    }
    int[] cand = hiddenRange("--candidates", candidates, quick ? "1..6" : "1..10");
    int[] f6 = hiddenRange("--fig6-hidden", fig6Hidden, quick ? "1..3" : "1..9");
    int[] f7 = hiddenRange("--fig7-hidden", fig7Hidden, quick ? "1,2" : "1..9");
    String f7LaplaceText = fig7LaplaceHidden != null ? fig7LaplaceHidden : quick ? "3" : "11,13";
    int[] f7Laplace = f7LaplaceText.equalsIgnoreCase("none") ? new int[0]
        : hiddenRange("--fig7-laplace-hidden", f7LaplaceText, null);
    var aisPd = new ChenWellingScoring.AisPdBudget(aisPdRuns != null ? aisPdRuns : quick ? 2 : 10,
        aisPdSteps != null ? aisPdSteps : quick ? 500 : 10_000);
    int pcd = positive("--pcd-iterations", pcdIterations != null ? pcdIterations : quick ? 500 : 10_000);
    int pcdSmall = positive("--fig12-pcd-iterations", fig12PcdIterations != null ? fig12PcdIterations
        : quick ? 500 : 2000);
    PersistentContrastiveDivergence.Settings training = PersistentContrastiveDivergence.Settings.defaults()
        .withPriorSigma(PRIOR_SIGMA);
    RbmLaplace.Settings laplace = RbmLaplace.Settings.defaults().withTraining(training.withIterations(pcd));
    RbmLaplace.Settings small = RbmLaplace.Settings.defaults().withTraining(training.withIterations(pcdSmall));
    if (quick) {
      laplace = laplace.withSamples(20, 100, 50, 2);
      small = small.withSamples(20, 100, 50, 2);
    }
    RbmCrossValidation.Settings cv = RbmCrossValidation.Settings.defaults().withTraining(small.training());
    return new Plan(nModels, ns, trueHidden, cand, f4, fig4Hidden, f6, f7, f7Laplace, scores,
        asked.contains(RbmMethod.AIS_PD), ref, nRepeats, aisPd, laplace, small, cv);
  }

  private void checkSizes(RbmData words, Plan plan) {
    long most = plan.fig4Sizes().get(plan.fig4Sizes().size() - 1);
    for (long n : new long[] {most, fig6Size, fig7Size}) {
      if (n > words.size()) {
        throw new IllegalArgumentException(data + " has " + words.size() + " documents; a figure asks for " + n);
      }
    }
    if (words.visibleCount() < FEW_WORDS) {
      throw new IllegalArgumentException(data + " has " + words.visibleCount() + " words; Figures 4 and 6 need "
          + FEW_WORDS);
    }
  }

  private static List<Integer> sortedPositive(String name, List<Integer> values) {
    List<Integer> out = values.stream().distinct().sorted().toList();
    if (out.isEmpty() || out.get(0) < 1) {
      throw new IllegalArgumentException(name + " needs positive numbers, got " + values);
    }
    return out;
  }

  private static int positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be >= 1, got " + value);
    }
    return value;
  }

  /** "1..10", "1,2,4" or "1..3,5" as ascending distinct K ≥ 1. */
  static int[] hiddenRange(String name, String text, String fallback) {
    String t = text != null ? text : fallback;
    java.util.TreeSet<Integer> ks = new java.util.TreeSet<>();
    for (String part : t.split(",")) {
      String p = part.trim();
      try {
        int dots = p.indexOf("..");
        if (dots >= 0) {
          int from = Integer.parseInt(p.substring(0, dots).trim());
          int to = Integer.parseInt(p.substring(dots + 2).trim());
          if (to < from) {
            throw new IllegalArgumentException(name + ": the range " + p + " is empty");
          }
          for (int k = from; k <= to; k++) {
            ks.add(k);
          }
        } else {
          ks.add(Integer.parseInt(p));
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + ": cannot read \"" + p + "\" (write e.g. 1..10 or 1,2,4)");
      }
    }
    if (ks.isEmpty() || ks.first() < 1) {
      throw new IllegalArgumentException(name + " needs K >= 1, got " + t);
    }
    return ks.stream().mapToInt(Integer::intValue).toArray();
  }

  private static String labels(EnumSet<ChenWellingDesign.Part> which) {
    return String.join(",", which.stream().map(ChenWellingDesign.Part::label).toList());
  }

  private static RbmData subset(String figure, RbmData all, int n, long seed,
      List<ChenWellingReport.SubsetInfo> subsets) {
    ChenWellingDesign.Subset s = ChenWellingDesign.coveringSubset(all, n, seed);
    subsets.add(new ChenWellingReport.SubsetInfo(figure, n, s.data().visibleCount(), s.seed(), s.draws(),
        s.data().distinctRowCount()));
    return s.data();
  }

  /** The repeats of the scores and, if asked, one ais-pd estimate, of one data set and K. */
  private static void evidenceTasks(List<ChenWellingScoring.Task> tasks, String figure, RbmData d, int k, Plan plan,
      List<RbmMethod> scores, long base) {
    long n = d.size();
    if (plan.aisPdAsked() && scores == plan.scores()) {
      tasks.add(new ChenWellingScoring.ScoreTask(figure, 0, d, k, 0, List.of(RbmMethod.AIS_PD), plan.laplace(),
          plan.aisPd(), ChenWellingDesign.taskSeed(base, n, k, 0, 1)));
    }
    if (scores.isEmpty()) {
      return;
    }
    for (int r = 0; r < plan.repeats(); r++) {
      tasks.add(new ChenWellingScoring.ScoreTask(figure, 0, d, k, r, scores, plan.laplace(), plan.aisPd(),
          ChenWellingDesign.taskSeed(base, n, k, r, 0)));
    }
  }

  private static List<ChenWellingScoring.Row> runPart(PrintWriter o, String figure,
      List<ChenWellingScoring.Task> tasks, int threads, List<PartTiming> timings) {
    o.printf(Locale.ROOT, "part %s: %d tasks%n", figure, tasks.size());
    o.flush();
    long start = System.nanoTime();
    ChenWellingScoring.Result r;
    try (Progress progress = Progress.start("figure " + figure, tasks.size())) {
      r = ChenWellingScoring.run(tasks, threads, progress.listener());
    }
    timings.add(new PartTiming(figure, tasks.size(), (System.nanoTime() - start) * 1e-9, r.taskSeconds()));
    return r.rows();
  }

  /**
   * The random RBMs: model m's parameters come from the m-th stream of a family split off
   * {@code modelStreams} (the first family), so model m is the same whatever --models is.
   */
  private static List<Rbm> trueModels(Plan plan, SplittableUniformRandomProvider modelStreams) {
    List<Rbm> out = new ArrayList<>();
    for (SplittableUniformRandomProvider s : RandomStreams.split(modelStreams.split(), plan.models())) {
      out.add(ChenWellingDesign.randomRbm(ChenWellingDesign.VISIBLE, plan.trueHidden(), PRIOR_SIGMA, s));
    }
    return out;
  }

  /**
   * Model m's samples: one draw for all sizes from the m-th stream of the second family split off
   * {@code modelStreams} (after {@link #trueModels}).
   */
  private static List<List<RbmData>> samples(List<Rbm> trueModels, Plan plan,
      SplittableUniformRandomProvider modelStreams, int threads) {
    List<SplittableUniformRandomProvider> sampleStreams = new ArrayList<>();
    for (SplittableUniformRandomProvider s : RandomStreams.split(modelStreams.split(), trueModels.size())) {
      sampleStreams.add(s);
    }
    int[] ns = plan.sizes().stream().mapToInt(Integer::intValue).toArray();
    return Parallel.map(trueModels.size(), threads, "chen-welling-samples",
        m -> ChenWellingDesign.nestedSamples(trueModels.get(m), ns, sampleStreams.get(m)));
  }

  /** E.g. "1..10" for a contiguous range, else "1,2,4". */
  static String joinedK(int[] ks) {
    boolean contiguous = ks.length > 2;
    for (int i = 1; i < ks.length; i++) {
      contiguous &= ks[i] == ks[i - 1] + 1;
    }
    if (contiguous) {
      return ks[0] + ".." + ks[ks.length - 1];
    }
    return String.join(",", Arrays.stream(ks).mapToObj(Integer::toString).toList());
  }
}
