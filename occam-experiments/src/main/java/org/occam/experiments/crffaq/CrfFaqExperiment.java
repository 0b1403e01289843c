package org.occam.experiments.crffaq;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.crf.CrfProblem;
import org.occam.crf.CrfSettings;
import org.occam.experiments.PaperClaim;
import org.occam.experiments.ProgressSink;
import org.occam.math.Parallel;
import org.occam.math.RandomStreams;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.sampling.CramerVonMises;

/**
 * The CRF experiments on the newsgroup FAQ data ({@link CrfFaqData}): Parise &amp; Welling (2006)
 * Figure 5 (MAP, BIC-MAP, Laplace-Exact and AIS on a nested sequence of models over two documents,
 * {@link CrfFaqScores}), Welling &amp; Parise (UAI 2006) Figures 6–8 (bl-mp and lv-cd against a
 * Metropolis–Hastings ground truth for N = 10…48 training documents, {@link CrfFaqPosteriors}) and
 * the label error of the Bayesian predictors of the UAI paper's section 5 on held-out documents
 * ({@link CrfFaqPredictions}). Each part's numbers and the claims ({@link CrfFaqClaims}) are computed
 * from the rows its CSV holds.
 *
 * <pre>{@code
 * var s = CrfFaqSettings.of(true, Path.of("data"), 1, 2);
 * new CrfFaqExperiment(s).run(dir, ProgressSink.none(), out);
 * }</pre>
 */
public final class CrfFaqExperiment {
  static final String FIG5_CSV = "fig-5-scores.csv";
  static final String FIG6_CSV = "fig-6-cvm-vs-n.csv";
  static final String MARGINALS_CSV = "fig-7-8-marginals.csv";
  static final String PREDICTION_CSV = "prediction.csv";
  static final String DOCUMENTS_CSV = "documents.csv";

  private final CrfFaqSettings asked;
  private final CrfFaqPlan plan;

  /** Resolves the defaults and checks the settings (one-line InvalidInputException naming the option). */
  public CrfFaqExperiment(CrfFaqSettings s) {
    this.asked = s;
    this.plan = CrfFaqPlan.of(s);
    CrfFaqData.check(s.dataDir());
  }

  CrfFaqPlan plan() {
    return plan;
  }

  /** Runs the experiment into {@code dir} (an existing folder), printing the findings to {@code o}. */
  public void run(Path dir, ProgressSink progress, PrintWriter o) {
    run(dir, progress, o, null, new PrintWriter(java.io.Writer.nullWriter()));
  }

  /**
   * As above, printing each part's progress to {@code err}. The parts are not kept in the journal
   * (a run is redone whole); it is completed once the outputs are written.
   *
   * @param journal the command's journal, or null
   */
  public void run(Path dir, ProgressSink progress, PrintWriter o, UnitJournal journal, PrintWriter err) {
    long t0 = System.nanoTime();
    double loadAtStart = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    long seed = asked.seed();
    int threads = asked.threads();
    CrfFaqData data = CrfFaqData.load(asked.dataDir(), seed);
    List<Integer> sizes = usableSizes(data.size());
    o.printf(Locale.ROOT, "CRF on the newsgroup FAQs: %d documents of up to %d question/answer lines (%s), labels "
        + "derived by rules; seed %d, %d thread(s)%n", data.size(), CrfFaqData.LINES, faqCounts(data), seed, threads);
    o.flush();

    // Figure 5: nested models on two documents.
    long s5 = System.nanoTime();
    List<String> order = inputOrder(data.documents().inputNames(), seed);
    List<String> features = CrfFaqScores.sequence(order.subList(0, plan.fig5Inputs()));
    CrfData fig5Data = data.first(plan.fig5Documents());
    CrfSettings aisSettings = CrfSettings.defaults().withThreads(1).withAis(CrfSettings.defaults().ais()
        .withSteps(plan.aisSteps()).withRuns(plan.aisRuns()));
    List<List<CrfFaqScores.Row>> fig5Units = parallel(progress, "figure 5 models", plan.fig5Models(), threads, true,
        i -> {
          int k = i + 1;
          List<CrfFaqScores.Row> rows = CrfFaqScores.score(fig5Data, features, k, aisSettings, seed);
          err.printf(Locale.ROOT, "figure 5: %d feature(s) (+%s): %s%n", k, features.get(i), scoreLine(rows));
          err.flush();
          return rows;
        });
    List<CrfFaqScores.Row> fig5 = fig5Units.stream().flatMap(List::stream).toList();
    double fig5Seconds = seconds(s5);
    OutputFiles.write(dir.resolve(FIG5_CSV), CrfFaqScores.csv(fig5));
    OutputFiles.write(dir.resolve("fig-5-scores.png"), CrfFaqScores.png(fig5, "Figure 5: scores of nested CRFs on "
        + plan.fig5Documents() + " documents (" + fig5Data.positions() + " lines)"));

    // Figures 6-8: posteriors against N.
    long s6 = System.nanoTime();
    List<String> posteriorInputs = plan.posteriorInputs() >= order.size() ? data.documents().inputNames()
        : order.subList(0, plan.posteriorInputs());
    CrfModel model = new CrfModel(CrfFaqData.LABELS, data.documents().inputNames(), CrfModel.papers(posteriorInputs),
        true);
    CrfSettings single = CrfSettings.defaults().withThreads(1);
    List<CrfProblem> problems = new ArrayList<>();
    for (int n : sizes) {
      problems.add(new CrfProblem(model, data.first(n), single, RandomStreams.taskSeed(seed, 6, n)));
    }
    List<CrfFaqPosteriors.Unit> fig6Units = parallel(progress, "figure 6 sizes", sizes.size(), threads, true, i -> {
      CrfFaqPosteriors.Unit u = CrfFaqPosteriors.run(sizes.get(i), problems.get(i), plan.sampling(),
          plan.truthSampling());
      err.printf(Locale.ROOT, "figure 6: N = %d: %s%n", u.n(), posteriorLine(u.rows()));
      err.flush();
      return u;
    });
    List<CrfFaqPosteriors.Row> fig6 = fig6Units.stream().flatMap(u -> u.rows().stream()).toList();
    OutputFiles.write(dir.resolve(FIG6_CSV), CrfFaqPosteriors.csv(fig6));
    int drawsPerSet = plan.sampling().chains() * plan.sampling().perChain();
    double floor = model.features().size() * CramerVonMises.nullQuantile99(drawsPerSet, drawsPerSet);
    OutputFiles.write(dir.resolve("fig-6-cvm-vs-n.png"), CrfFaqPosteriors.png(fig6, floor, "Figure 6: CVM of bl-mp "
        + "and lv-cd against " + CrfFaqPosteriors.TRUTH + ", " + model.features().size() + " parameters, "
        + drawsPerSet + " draws"));
    CrfFaqPosteriors.Unit smallest = fig6Units.get(0);
    CrfFaqPosteriors.Unit largest = fig6Units.get(fig6Units.size() - 1);
    List<CrfFaqPosteriors.Marginal> marginals = new ArrayList<>(CrfFaqPosteriors.marginals(smallest));
    if (largest != smallest) {
      marginals.addAll(CrfFaqPosteriors.marginals(largest));
    }
    OutputFiles.write(dir.resolve(MARGINALS_CSV), CrfFaqPosteriors.marginalsCsv(marginals));
    if (!marginals.isEmpty()) {
      OutputFiles.write(dir.resolve("fig-7-marginals-n" + smallest.n() + ".png"), CrfFaqPosteriors.histograms(
          smallest, marginals, "Figure 7: worst and best marginals, N = " + smallest.n()));
      if (largest != smallest) {
        OutputFiles.write(dir.resolve("fig-8-marginals-n" + largest.n() + ".png"), CrfFaqPosteriors.histograms(
            largest, marginals, "Figure 8: worst and best marginals, N = " + largest.n()));
      }
    }
    double fig6Seconds = seconds(s6);

    // Prediction on the held-out documents, trained on the largest N.
    long s9 = System.nanoTime();
    CrfProblem trained = problems.get(problems.size() - 1);
    int largestN = sizes.get(sizes.size() - 1);
    CrfData test = data.heldOut(largestN, plan.testDocuments());
    List<CrfFaqPredictions.Row> prediction = parallel(progress, "predictors", CrfFaqPredictions.METHODS.size(), threads,
        false, i -> CrfFaqPredictions.run(i, trained, test, plan.prediction(), seed));
    OutputFiles.write(dir.resolve(PREDICTION_CSV), CrfFaqPredictions.csv(prediction));
    double predictionSeconds = seconds(s9);
    OutputFiles.write(dir.resolve(DOCUMENTS_CSV), documentsCsv(data, largestN, test.size()));

    List<PaperClaim> claims = CrfFaqClaims.claims(fig5, fig6, prediction);
    double total = seconds(t0);
    var context = new CrfFaqReport.Context(seed, threads, asked.quick(), plan, data, features, fig5Data, sizes,
        model, floor, test, trained.map().lambda().length, new CrfFaqReport.Timing(total, fig5Seconds, fig6Seconds,
            predictionSeconds, processCpuSeconds(), loadAtStart,
            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
    OutputFiles.write(dir.resolve("report.md"), CrfFaqReport.markdown(context, fig5, fig6, marginals, prediction,
        claims));
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(CrfFaqReport.summary(context, fig5, fig6,
        marginals, prediction, claims)));
    if (journal != null) {
      journal.complete();
    }
    CrfFaqReport.print(o, context, fig5, fig6, prediction, claims);
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, documents.csv, fig-5..8 CSV and PNG, prediction.csv%n",
        dir);
    o.printf(Locale.ROOT, "total %.1f s wall (figure 5 %.1f s, figures 6-8 %.1f s, prediction %.1f s), %.1f s process "
        + "CPU on %d thread(s)%n", total, fig5Seconds, fig6Seconds, predictionSeconds,
        context.timing().processCpuSeconds(), threads);
  }

  /** The asked N that leave at least one held-out document (the rest are dropped and the report says so). */
  List<Integer> usableSizes(int documents) {
    List<Integer> out = plan.sizes().stream().filter(n -> n < documents).toList();
    if (out.isEmpty()) {
      throw new org.occam.data.InvalidInputException("--sizes " + plan.sizes() + ": only " + documents
          + " documents, and at least one must be held out");
    }
    return out;
  }

  /** The inputs in a seeded order (Figure 5 adds their features in this order). */
  static List<String> inputOrder(List<String> inputs, long seed) {
    int[] p = CrfFaqData.shuffle(inputs.size(), RandomStreams.taskSeed(seed, 5));
    List<String> out = new ArrayList<>();
    for (int i : p) {
      out.add(inputs.get(i));
    }
    return out;
  }

  /** Runs n tasks on the threads, the last first when {@code largestFirst} (they cost most). */
  private static <T> List<T> parallel(ProgressSink progress, String name, int n, int threads, boolean largestFirst,
      IntFunction<T> task) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = largestFirst ? n - 1 - i : i;
    }
    try (ProgressSink.Task t = progress.start(name, n)) {
      AtomicInteger done = new AtomicInteger();
      return Parallel.map(order, threads, "crf-faq", i -> {
        T r = task.apply(i);
        if (t.listener() != null) {
          t.listener().accept(done.incrementAndGet());
        }
        return r;
      });
    }
  }

  private static String faqCounts(CrfFaqData data) {
    List<String> parts = new ArrayList<>();
    for (String f : CrfFaqData.FILES) {
      String faq = f.substring(0, f.length() - ".tsv".length());
      parts.add(data.documentsOf(faq) + " from " + faq);
    }
    return String.join(", ", parts);
  }

  private static String scoreLine(List<CrfFaqScores.Row> rows) {
    List<String> parts = new ArrayList<>();
    for (CrfFaqScores.Row r : rows) {
      parts.add(String.format(Locale.ROOT, "%s %.4f (%.1f s)", r.method(), r.perLine(), r.seconds()));
    }
    return String.join(", ", parts);
  }

  private static String posteriorLine(List<CrfFaqPosteriors.Row> rows) {
    List<String> parts = new ArrayList<>();
    for (CrfFaqPosteriors.Row r : rows) {
      parts.add(r.failed() ? r.method() + " failed (" + r.note() + ")" : String.format(Locale.ROOT,
          "%s CVM %s (%.1f s%s)", r.method(), Double.isFinite(r.cvm()) ? String.format(Locale.ROOT, "%.4g", r.cvm())
              : "-", r.seconds(), r.converged() ? "" : ", not converged"));
    }
    return String.join(", ", parts);
  }

  /** Every document: its FAQ, lines, and role (training rank, Figure 5, held out, unused). */
  private static String documentsCsv(CrfFaqData data, int largest, int tested) {
    StringBuilder b = new StringBuilder("position,document,faq,lines,questions,training,figure5,heldOut\n");
    for (int p = 0; p < data.size(); p++) {
      CrfData.Sequence s = data.documents().sequences().get(data.order()[p]);
      int questions = 0;
      for (int l : s.labels()) {
        questions += l == 0 ? 1 : 0;
      }
      b.append(p).append(',').append(s.id()).append(',').append(data.faqs().get(data.order()[p])).append(',')
          .append(s.length()).append(',').append(questions).append(',').append(p < largest).append(',')
          .append(p < CrfFaqPlan.FIG5_DOCUMENTS).append(',').append(p >= largest && p < largest + tested)
          .append('\n');
    }
    return b.toString();
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) * 1e-9;
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
