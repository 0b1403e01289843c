package org.occam.experiments.chenwelling;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.data.InvalidInputException;
import org.occam.experiments.ProgressSink;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmCsvReader;
import org.occam.rbm.RbmData;
import org.occam.report.UnitJournal;

/**
 * Chen &amp; Welling (2013), Figures 1–2 (section 2) and 4, 6 and 7 (section 4): the evidence of
 * RBMs by the Laplace family against AIS over the parameters, and choosing the number of hidden
 * units K by the Laplace evidence and by cross-validation. See {@link ChenWellingPlan} for the
 * resolved choices, {@link ChenWellingDesign} for the data, {@link ChenWellingScoring} for the tasks,
 * {@link ChenWellingFigures} for the numbers and {@link ChenWellingReport} for the verdicts.
 *
 * <pre>{@code
 * ChenWellingExperiment e = new ChenWellingExperiment(settings); // reads --data, checks everything
 * e.run(dir, ProgressSink.none(), out);
 * }</pre>
 */
public final class ChenWellingExperiment {
  /** The word count of Figures 4 and 6, the paper's. */
  static final int FEW_WORDS = 5;

  private final ChenWellingSettings asked;
  private final EnumSet<ChenWellingDesign.Part> which;
  private final ChenWellingPlan plan;
  private final RbmData words;

  /**
   * The base seeds of the parts, drawn from --seed's stream in this order.
   *
   * @param fig12Laplace Figures 1–2's Laplace scores, per (model, N, K)
   * @param fig12Cv Figures 1–2's cross-validation, per (model, N): every K shares the folds
   * @param fig4Subsets Figure 4's subsets, per N
   */
  record Seeds(long fig12Laplace, long fig12Cv, long fig4Subsets, long fig4Scores, long fig6Subset, long fig6Scores,
      long fig7Subset, long fig7Scores) {}

  /** One part's timing. */
  record PartTiming(String figure, int tasks, double wallSeconds, double taskSeconds) {}

  /** Resolves and checks the settings and reads the data of Figures 4, 6 and 7 if they are asked. */
  public ChenWellingExperiment(ChenWellingSettings s) {
    this.asked = s;
    which = ChenWellingDesign.Part.parseList(s.parts());
    plan = ChenWellingPlan.of(s, which);
    if (s.threads() < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + s.threads());
    }
    words = which.stream().anyMatch(p -> p != ChenWellingDesign.Part.FIGURES_1_2)
        ? RbmCsvReader.read(s.data(), RbmCsvReader.Selection.all(), null) : null;
    if (words != null) {
      checkSizes();
    }
  }

  private void checkSizes() {
    long most = plan.fig4Sizes().get(plan.fig4Sizes().size() - 1);
    for (long n : new long[] {most, asked.fig6Size(), asked.fig7Size()}) {
      if (n > words.size()) {
        throw new InvalidInputException(asked.data() + " has " + words.size() + " documents; a figure asks for " + n);
      }
    }
    if (words.visibleCount() < FEW_WORDS) {
      throw new InvalidInputException(asked.data() + " has " + words.visibleCount() + " words; Figures 4 and 6 need "
          + FEW_WORDS);
    }
  }

  /** Runs the asked parts into {@code dir} (an existing folder), printing the findings to {@code o}. */
  public void run(Path dir, ProgressSink progress, PrintWriter o) {
    run(dir, progress, o, null, new PrintWriter(java.io.Writer.nullWriter()));
  }

  /**
   * As above, keeping each task in {@code journal} as it is done and printing its line to {@code
   * err}; the tasks found in the journal (a resumed run's) are not run again. Every task has its
   * own seed, so the outputs are those of an uninterrupted run. The journal is removed once the
   * outputs are written.
   *
   * @param journal the run's journal, or null to keep nothing
   */
  public void run(Path dir, ProgressSink progress, PrintWriter o, UnitJournal journal, PrintWriter err) {
    long t0 = System.nanoTime();
    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    int nThreads = asked.threads();
    // Seeds, in a fixed order whatever the parts: one stream for the models, base seeds for the rest.
    SplittableUniformRandomProvider root = RandomStreams.fromSeed(asked.seed());
    SplittableUniformRandomProvider modelStreams = root.split();
    Seeds seeds = new Seeds(root.nextLong(), root.nextLong(), root.nextLong(), root.nextLong(), root.nextLong(),
        root.nextLong(), root.nextLong(), root.nextLong());
    o.printf(Locale.ROOT, "Chen & Welling (2013): parts %s, seed %d, %d thread(s)%s%n", labels(which), asked.seed(),
        nThreads, asked.quick() ? ", quick" : "");

    ChenWellingParts parts = new ChenWellingParts(plan, words, asked, o, progress, journal, err);
    // Figures 4, 6 and 7 first: their ais-pd tasks, the longest, start first and fail fast.
    if (which.contains(ChenWellingDesign.Part.FIGURE_4)) {
      parts.figure4(seeds);
    }
    if (which.contains(ChenWellingDesign.Part.FIGURE_6)) {
      parts.figure6(seeds);
    }
    if (which.contains(ChenWellingDesign.Part.FIGURE_7)) {
      parts.figure7(seeds);
    }
    List<Rbm> trueModels = List.of();
    if (which.contains(ChenWellingDesign.Part.FIGURES_1_2)) {
      trueModels = trueModels(modelStreams);
      parts.figures12(seeds, samples(trueModels, modelStreams, nThreads));
    }

    // Numbers, files, report.
    double total = (System.nanoTime() - t0) * 1e-9;
    double loadAtEnd = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    var context = new ChenWellingReport.Context(asked.seed(), asked.data(), words == null ? List.of()
        : words.mostFrequentColumns(FEW_WORDS).columnNames(), words == null ? 0 : words.size(),
        words == null ? 0 : words.visibleCount(), which, plan, seeds, parts.subsets, trueModels, parts.timings, total,
        nThreads, loadAtStart, loadAtEnd, asked.quick());
    ChenWellingReport.Results results = ChenWellingReport.Results.of(parts.rows, context);
    ChenWellingOutputs.write(dir, parts.rows, results, context);
    if (journal != null) {
      journal.complete();
    }
    ChenWellingOutputs.print(o, results, context);
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, scores.csv and the figures' CSV and PNG%n", dir);
    for (PartTiming t : parts.timings) {
      o.printf(Locale.ROOT, "part %s: %d tasks in %.1f s of wall time (%.1f s summed over tasks)%n", t.figure(),
          t.tasks(), t.wallSeconds(), t.taskSeconds());
    }
    o.printf(Locale.ROOT, "total %.1f s on %d thread(s); load average %.1f at start, %.1f at end%n",
        (System.nanoTime() - t0) * 1e-9, nThreads, loadAtStart, loadAtEnd);
  }

  private static String labels(EnumSet<ChenWellingDesign.Part> which) {
    return String.join(",", which.stream().map(ChenWellingDesign.Part::label).toList());
  }

  /**
   * The random RBMs: model m's parameters come from the m-th stream of a family split off
   * {@code modelStreams} (the first family), so model m is the same whatever --models is.
   */
  private List<Rbm> trueModels(SplittableUniformRandomProvider modelStreams) {
    List<Rbm> out = new ArrayList<>();
    for (SplittableUniformRandomProvider s : RandomStreams.split(modelStreams.split(), plan.models())) {
      out.add(ChenWellingDesign.randomRbm(ChenWellingDesign.VISIBLE, plan.trueHidden(), ChenWellingPlan.PRIOR_SIGMA,
          s));
    }
    return out;
  }

  /**
   * Model m's samples: one draw for all sizes from the m-th stream of the second family split off
   * {@code modelStreams} (after {@link #trueModels}).
   */
  private List<List<RbmData>> samples(List<Rbm> trueModels, SplittableUniformRandomProvider modelStreams,
      int threads) {
    List<SplittableUniformRandomProvider> sampleStreams = new ArrayList<>();
    for (SplittableUniformRandomProvider s : RandomStreams.split(modelStreams.split(), trueModels.size())) {
      sampleStreams.add(s);
    }
    int[] ns = plan.sizes().stream().mapToInt(Integer::intValue).toArray();
    return Parallel.map(trueModels.size(), threads, "chen-welling-samples",
        m -> ChenWellingDesign.nestedSamples(trueModels.get(m), ns, sampleStreams.get(m)));
  }
}
