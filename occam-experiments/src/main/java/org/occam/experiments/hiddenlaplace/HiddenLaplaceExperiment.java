package org.occam.experiments.hiddenlaplace;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.rng.UniformRandomProvider;
import org.occam.data.Dataset;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.experiments.ProgressSink;
import org.occam.math.RandomStreams;
import org.occam.mrf.BoltzmannMachine;
import org.occam.mrf.ExactSampler;
import org.occam.mrf.MrfAnnealedImportanceSampling;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.MrfScoreSettings;
import org.occam.mrf.PairwiseGraph;
import org.occam.mrf.hidden.HiddenMap;
import org.occam.mrf.hidden.HiddenMrfData;
import org.occam.mrf.methods.MrfMethods;
import org.occam.rbm.RbmCsvReader;
import org.occam.rbm.RbmData;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmParameterAis;
import org.occam.rbm.RbmProblem;
import org.occam.rbm.methods.RbmMethods;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import org.occam.sampling.ParameterSpaceAis;

/**
 * Part (a) of issue 15's experiment: random Boltzmann machines with hidden units, on a small loopy
 * graph and on RBMs, at data sizes N from 10 to 10,000, scored by map, bic-map, laplace-exact and
 * bp-lr (through the MRF registry's hidden-variable methods) and by AIS over the parameters; the
 * mean |score − ais| per method against N, as Parise &amp; Welling's Figure 3. Every model's
 * parameters are uniform in ±{@value #PARAMETER_SCALE}; a data set of size N is the first N of the
 * model's exact samples, the hidden columns blanked. Each (model, N) is one task with its own seed,
 * kept in the journal as it finishes, so the numbers do not depend on the thread count or on an
 * interruption. Part (b): word sets of a document-word file (by default its 5 most frequent words
 * with K = 1…5 and its 100 most frequent with K = 1…9, each on the first 100 documents), where Chen
 * &amp; Welling's {@code laplace}, this issue's {@code bp-lr} and {@code laplace-exact} are set against
 * {@code ais-pd} (the RBM registry's methods), with bp-lr's contrastive Bethe likelihood beside the
 * exact one at its point.
 *
 * <pre>{@code
 * new HiddenLaplaceExperiment(HiddenLaplaceExperiment.Settings.quick(1, 2)).run(dir, ProgressSink.none(), out,
 *     null, err);
 * }</pre>
 */
public final class HiddenLaplaceExperiment {
  /** The half-width of the uniform distribution of every true parameter. */
  static final double PARAMETER_SCALE = 1.5;
  /** The scores compared with ais, in the report's order. */
  static final List<String> COMPARED = List.of("map", "bic-map", "laplace-exact", "bp-lr");
  static final List<Integer> DEFAULT_SIZES = List.of(10, 30, 100, 300, 1000, 3000, 10_000);
  static final List<Integer> QUICK_SIZES = List.of(30, 300);

  /**
   * One kind of model: a graph and which of its vertices are hidden.
   *
   * @param name as in the outputs
   */
  record Kind(String name, PairwiseGraph graph, boolean[] hidden) {
    int hiddenCount() {
      int h = 0;
      for (boolean b : hidden) {
        h += b ? 1 : 0;
      }
      return h;
    }
  }

  /** Two triangles sharing the edge 0–2 with a tail 3–4: the loopy graph of the hidden-variable tests. */
  static PairwiseGraph loopyGraph() {
    return new PairwiseGraph(5, new int[][] {{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 0}, {3, 4}});
  }

  /** The complete bipartite graph of V visible units (0…V−1) and K hidden units. */
  static PairwiseGraph rbmGraph(int visible, int hidden) {
    int[][] edges = new int[visible * hidden][];
    for (int i = 0; i < visible; i++) {
      for (int k = 0; k < hidden; k++) {
        edges[i * hidden + k] = new int[] {i, visible + k};
      }
    }
    return new PairwiseGraph(visible + hidden, edges);
  }

  private static boolean[] hiddenFrom(int v, int first) {
    boolean[] h = new boolean[v];
    Arrays.fill(h, first, v, true);
    return h;
  }

  /**
   * The kinds: the loopy graph with vertex 2 (on both triangles) hidden, and with 2 and 4 hidden;
   * RBMs of 4 visible units with 1, 2 and 3 hidden units.
   */
  static List<Kind> kinds() {
    boolean[] one = new boolean[5];
    one[2] = true;
    boolean[] two = one.clone();
    two[4] = true;
    return List.of(new Kind("loopy-h1", loopyGraph(), one), new Kind("loopy-h2", loopyGraph(), two),
        new Kind("rbm-4x1", rbmGraph(4, 1), hiddenFrom(5, 4)), new Kind("rbm-4x2", rbmGraph(4, 2), hiddenFrom(6, 4)),
        new Kind("rbm-4x3", rbmGraph(4, 3), hiddenFrom(7, 4)));
  }

  /**
   * One word set of part (b).
   *
   * @param words the most frequent words (columns) used
   * @param hiddenUnits the K scored, ascending
   */
  public record WordSet(int words, List<Integer> hiddenUnits) {
    public WordSet {
      hiddenUnits = hiddenUnits.stream().distinct().sorted().toList();
      if (words < 1) {
        throw new InvalidInputException("a word set needs at least one word, got " + words);
      }
      if (hiddenUnits.isEmpty() || hiddenUnits.get(0) < 1) {
        throw new InvalidInputException("hidden units must be positive numbers, got " + hiddenUnits);
      }
    }
  }

  /** The default word sets: 5 words with K = 1…5, 100 words with K = 1…9. */
  static final List<WordSet> DEFAULT_WORD_SETS = List.of(new WordSet(5, List.of(1, 2, 3, 4, 5)),
      new WordSet(100, List.of(1, 2, 3, 4, 5, 6, 7, 8, 9)));

  /**
   * What to run.
   *
   * @param models random models per kind (part a)
   * @param sizes the data sizes N (part a)
   * @param aisSteps temperatures of AIS (Beal's schedule), over the parameters in both parts
   * @param aisRuns AIS runs averaged
   * @param restarts seeded starts of each MAP fit
   * @param data the document-word file of part (b), or null to skip part (b)
   * @param wordSets part (b)'s word sets, in order
   * @param documents part (b)'s first rows
   */
  public record Settings(boolean quick, int models, List<Integer> sizes, int aisSteps, int aisRuns, int restarts,
      Path data, List<WordSet> wordSets, int documents, long seed, int threads) {
    public Settings {
      sizes = sizes.stream().distinct().sorted().toList();
      wordSets = List.copyOf(wordSets);
      if (models < 1 || aisSteps < 1 || aisRuns < 1 || restarts < 1 || threads < 1 || documents < 1) {
        throw new InvalidInputException("models, AIS steps and runs, restarts, documents and threads must be >= 1");
      }
      if (sizes.isEmpty() || sizes.get(0) < 1) {
        throw new InvalidInputException("--sizes needs positive numbers, got " + sizes);
      }
      if (wordSets.stream().map(WordSet::words).distinct().count() < wordSets.size()) {
        throw new InvalidInputException("each word set needs its own number of words, got " + wordSets);
      }
    }

    /**
     * The defaults: 10 models per kind, N = 10…10,000, AIS with K = 2,000 of Beal's schedule and G = 10
     * runs, 5 restarts, part (b) on the first 100 documents, {@link #DEFAULT_WORD_SETS}; with
     * {@code quick}: 2 models, N = 30 and 300, K = 300, G = 4, 2 restarts, part (b) on the 5 words
     * with K = 1, 2. Non-null arguments win: {@code hiddenUnits} replaces the 5-word set's K and
     * {@code wideHiddenUnits} the 100-word set's (an empty list drops that set).
     */
    public static Settings of(boolean quick, Integer models, List<Integer> sizes, Integer aisSteps, Integer aisRuns,
        Integer restarts, Path data, List<Integer> hiddenUnits, List<Integer> wideHiddenUnits, long seed,
        int threads) {
      if (data != null && !java.nio.file.Files.isRegularFile(data)) {
        throw new org.occam.data.InvalidInputException(data + ": no such file (--data, part b's document-word file)");
      }
      return new Settings(quick, models != null ? models : quick ? 2 : 10,
          sizes != null ? sizes : quick ? QUICK_SIZES : DEFAULT_SIZES,
          aisSteps != null ? aisSteps : quick ? 300 : 2000, aisRuns != null ? aisRuns : quick ? 4 : 10,
          restarts != null ? restarts : quick ? 2 : HiddenMap.Settings.DEFAULT_RESTARTS, data,
          wordSets(quick, hiddenUnits, wideHiddenUnits), 100, seed, threads);
    }

    private static List<WordSet> wordSets(boolean quick, List<Integer> narrow, List<Integer> wide) {
      List<WordSet> sets = new ArrayList<>();
      List<Integer> k5 = narrow != null ? narrow : quick ? List.of(1, 2) : DEFAULT_WORD_SETS.get(0).hiddenUnits();
      if (!k5.isEmpty()) {
        sets.add(new WordSet(DEFAULT_WORD_SETS.get(0).words(), k5));
      }
      List<Integer> k100 = wide != null ? wide : quick ? List.of() : DEFAULT_WORD_SETS.get(1).hiddenUnits();
      if (!k100.isEmpty()) {
        sets.add(new WordSet(DEFAULT_WORD_SETS.get(1).words(), k100));
      }
      return sets;
    }

    /** --quick without part (b). */
    public static Settings quick(long seed, int threads) {
      return of(true, null, null, null, null, null, null, null, null, seed, threads);
    }
  }

  /** One (kind, model, N) to score. */
  record Task(int kind, int model, int n) {}

  /**
   * One task's scores.
   *
   * @param scores every compared method's and ais's log evidence
   * @param seconds the same methods' wall seconds
   */
  record Row(Task task, String kind, int hidden, int features, Map<String, Double> scores, double aisStdError,
      Map<String, Double> seconds, boolean laplacePositiveDefinite, boolean bpLrPositiveDefinite,
      boolean bpLrConverged, double bpLrSmallestEigenvalue, double betheExcess) {
    double absDiff(String method) {
      return Math.abs(scores.get(method) - scores.get("ais"));
    }
  }

  /** Part (b)'s methods: Chen &amp; Welling's laplace, this bp-lr and laplace-exact, then ais-pd. */
  static final List<String> RBM_METHODS = List.of("laplace", "bp-lr", "laplace-exact", "ais-pd");

  /**
   * One (word set, K) of part (b).
   *
   * @param positiveDefinite per method that reports it, whether A was positive definite
   * @param betheExcess bp-lr's contrastive Bethe log-likelihood minus the exact one at its point
   */
  record RbmRow(int words, int hiddenUnits, Map<String, Double> scores, double aisPdStdError,
      Map<String, Double> seconds, Map<String, Boolean> converged, Map<String, Boolean> positiveDefinite,
      double betheExcess) {}

  private final Settings settings;
  private final List<Kind> kinds = kinds();

  public HiddenLaplaceExperiment(Settings settings) {
    this.settings = settings;
  }

  List<Task> tasks() {
    List<Task> out = new ArrayList<>();
    for (int k = 0; k < kinds.size(); k++) {
      for (int m = 0; m < settings.models(); m++) {
        for (int n : settings.sizes()) {
          out.add(new Task(k, m, n));
        }
      }
    }
    return out;
  }

  /** The true parameters of model m of kind k: uniform in ±{@link #PARAMETER_SCALE}. */
  double[] trueParameters(int k, int m) {
    PairwiseGraph g = kinds.get(k).graph();
    UniformRandomProvider rng = RandomStreams.fromSeed(RandomStreams.taskSeed(settings.seed(), 1, k, m));
    double[] lambda = new double[g.vertexCount() + g.edgeCount()];
    for (int a = 0; a < lambda.length; a++) {
      lambda[a] = PARAMETER_SCALE * (2 * rng.nextDouble() - 1);
    }
    return lambda;
  }

  /** The first N exact samples of the task's model, hidden columns blanked. */
  HiddenMrfData data(Task t) {
    Kind kind = kinds.get(t.kind());
    UniformRandomProvider rng = RandomStreams.fromSeed(RandomStreams.taskSeed(settings.seed(), 2, t.kind(),
        t.model()));
    int[][] rows = ExactSampler.of(new BoltzmannMachine(kind.graph(), trueParameters(t.kind(), t.model())))
        .sample(settings.sizes().get(settings.sizes().size() - 1), rng);
    int[][] x = Arrays.copyOf(rows, t.n());
    double[] counts = new double[t.n()];
    Arrays.fill(counts, 1);
    for (int[] row : x) {
      for (int i = 0; i < row.length; i++) {
        if (kind.hidden()[i]) {
          row[i] = Dataset.MISSING;
        }
      }
    }
    return HiddenMrfData.ofRows(kind.graph(), kind.hidden(), x, counts);
  }

  Row score(Task t) {
    Kind kind = kinds.get(t.kind());
    ParameterSpaceAis.Settings ais = MrfAnnealedImportanceSampling.defaultSettings().withSteps(settings.aisSteps())
        .withRuns(settings.aisRuns());
    HiddenMrfData data = data(t);
    MrfProblem problem = new MrfProblem(data, MrfScoreSettings.defaults(), RandomStreams.taskSeed(settings.seed(), 3,
        t.kind(), t.model(), t.n()), ais, HiddenMap.Settings.defaults().withRestarts(settings.restarts()));
    List<String> methods = new ArrayList<>(COMPARED);
    methods.add("ais");
    List<EvidenceEstimate> e = problem.estimate(MrfMethods.HIDDEN.parseList(String.join(",", methods)));
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Double> seconds = new LinkedHashMap<>();
    for (int i = 0; i < methods.size(); i++) {
      scores.put(methods.get(i), e.get(i).logEvidence());
      seconds.put(methods.get(i), e.get(i).seconds());
    }
    EvidenceEstimate laplace = e.get(methods.indexOf("laplace-exact"));
    EvidenceEstimate bp = e.get(methods.indexOf("bp-lr"));
    return new Row(t, kind.name(), kind.hiddenCount(), data.featureCount(), scores,
        e.get(methods.indexOf("ais")).stdError().orElse(Double.NaN), seconds,
        Boolean.TRUE.equals(laplace.diagnostics().get("positiveDefinite")),
        Boolean.TRUE.equals(bp.diagnostics().get("positiveDefinite")), bp.converged(),
        ((Number) bp.diagnostics().get("smallestEigenvalue")).doubleValue(), betheExcess(bp));
  }

  /** bp-lr's contrastive Bethe log-likelihood minus the exact one at its point (NaN if not reported). */
  static double betheExcess(EvidenceEstimate bpLr) {
    return bpLr.diagnostics().get("betheLikelihoodExcess") instanceof Number x ? x.doubleValue() : Double.NaN;
  }

  /** Part (b)'s data for one word set: the most frequent words of the first documents. */
  RbmData rbmData(WordSet set) {
    return RbmCsvReader.read(settings.data(), RbmCsvReader.Selection.mostFrequent(set.words()), null)
        .head(settings.documents());
  }

  RbmRow scoreRbm(RbmData d, int k) {
    RbmProblem problem = new RbmProblem(new RbmLaplace(d), k, RbmLaplace.Settings.defaults(),
        RbmParameterAis.defaultSettings().withSteps(settings.aisSteps()).withRuns(settings.aisRuns()),
        RandomStreams.taskSeed(settings.seed(), 4, d.visibleCount(), k), 1, s -> { });
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Double> seconds = new LinkedHashMap<>();
    Map<String, Boolean> converged = new LinkedHashMap<>();
    Map<String, Boolean> pd = new LinkedHashMap<>();
    double se = Double.NaN;
    double excess = Double.NaN;
    for (String m : RBM_METHODS) {
      EvidenceEstimate e = RbmMethods.get(m).estimate(problem);
      scores.put(m, e.logEvidence());
      seconds.put(m, e.seconds());
      converged.put(m, e.converged());
      if (e.diagnostics().get("positiveDefinite") instanceof Boolean b) {
        pd.put(m, b);
      }
      if (m.equals("ais-pd")) {
        se = e.stdError().orElse(Double.NaN);
      }
      if (m.equals("bp-lr")) {
        excess = betheExcess(e);
      }
    }
    return new RbmRow(d.visibleCount(), k, scores, se, seconds, converged, pd, excess);
  }

  /**
   * Runs into {@code dir}, keeping each task in {@code journal} (null: nothing kept) as it finishes
   * and printing its line to {@code err}; tasks found in the journal are not run again.
   */
  public void run(Path dir, ProgressSink progress, PrintWriter out, UnitJournal journal, PrintWriter err) {
    long t0 = System.nanoTime();
    List<Task> tasks = tasks();
    Map<Task, Row> done = new LinkedHashMap<>();
    Map<List<Integer>, RbmRow> rbmDone = new LinkedHashMap<>();
    if (journal != null) {
      for (JsonNode u : journal.finished()) {
        if (u.has("part") && u.get("part").asText().equals("b")) {
          RbmRow r = HiddenLaplaceOutputs.readRbm(u);
          rbmDone.put(List.of(r.words(), r.hiddenUnits()), r);
        } else {
          Row r = HiddenLaplaceOutputs.read(u);
          done.put(r.task(), r);
        }
      }
    }
    Map<WordSet, RbmData> rbmData = new LinkedHashMap<>();
    if (settings.data() != null) {
      for (WordSet set : settings.wordSets()) {
        rbmData.put(set, rbmData(set));
      }
    }
    int units = tasks.size() + rbmData.keySet().stream().mapToInt(w -> w.hiddenUnits().size()).sum();
    out.printf(Locale.ROOT, "hidden-laplace (a): %d kinds x %d models, N = %s, %d tasks; AIS K = %d of Beal's"
        + " schedule, G = %d; %d restarts; seed %d, %d thread(s)%n", kinds.size(), settings.models(),
        settings.sizes(), tasks.size(), settings.aisSteps(), settings.aisRuns(), settings.restarts(),
        settings.seed(), settings.threads());
    out.flush();
    List<Row> rows = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
    List<RbmRow> rbmRows = new ArrayList<>();
    try (ProgressSink.Task bar = progress.start("hidden-laplace", units - done.size() - rbmDone.size());
        UnitLog log = new UnitLog(journal, err, units, done.size() + rbmDone.size())) {
      List<Future<RbmRow>> rbmFutures = new ArrayList<>();
      for (Map.Entry<WordSet, RbmData> set : rbmData.entrySet()) {
        // the largest K first: they take longest, and the pool then fills the gaps with the rest
        List<Integer> largestFirst = new ArrayList<>(set.getKey().hiddenUnits());
        java.util.Collections.reverse(largestFirst);
        for (int k : largestFirst) {
          RbmRow before = rbmDone.get(List.of(set.getKey().words(), k));
          rbmFutures.add(before != null ? java.util.concurrent.CompletableFuture.completedFuture(before)
              : pool.submit(() -> {
                RbmRow r = scoreRbm(set.getValue(), k);
                log.finished(HiddenLaplaceOutputs.json(r), HiddenLaplaceOutputs.line(r));
                return r;
              }));
        }
      }
      List<Future<Row>> futures = new ArrayList<>();
      for (Task t : tasks) {
        Row before = done.get(t);
        futures.add(before != null ? java.util.concurrent.CompletableFuture.completedFuture(before)
            : pool.submit(() -> {
              Row r = score(t);
              log.finished(HiddenLaplaceOutputs.json(r), HiddenLaplaceOutputs.line(r));
              return r;
            }));
      }
      int finished = 0;
      for (Future<Row> f : futures) {
        rows.add(f.get());
        if (bar.listener() != null) {
          bar.listener().accept(++finished);
        }
      }
      for (Future<RbmRow> f : rbmFutures) {
        rbmRows.add(f.get());
        if (bar.listener() != null) {
          bar.listener().accept(++finished);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    OutputFiles.write(dir.resolve("scores.csv"), HiddenLaplaceOutputs.scoresCsv(rows));
    List<HiddenLaplaceOutputs.Point> figure = HiddenLaplaceOutputs.figure(rows, kinds.stream().map(Kind::name)
        .toList(), settings.sizes());
    OutputFiles.write(dir.resolve("fig-a.csv"), HiddenLaplaceOutputs.figureCsv(figure));
    OutputFiles.write(dir.resolve("fig-a.png"), HiddenLaplaceOutputs.png(figure, settings.sizes()));
    rbmRows.sort(java.util.Comparator.comparingInt(RbmRow::words).thenComparingInt(RbmRow::hiddenUnits));
    if (!rbmData.isEmpty()) {
      OutputFiles.write(dir.resolve("fig-b.csv"), HiddenLaplaceOutputs.rbmCsv(rbmRows));
      for (WordSet set : rbmData.keySet()) {
        OutputFiles.write(dir.resolve("fig-b-" + set.words() + ".png"), HiddenLaplaceOutputs.rbmPng(set.words(),
            rbmRows));
      }
    }
    double seconds = (System.nanoTime() - t0) * 1e-9;
    String report = HiddenLaplaceOutputs.report(settings, kinds, rows, figure, seconds)
        + HiddenLaplaceOutputs.rbmReport(settings, rbmData, rbmRows);
    OutputFiles.write(dir.resolve("report.md"), report);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("settings", settingsMap());
    summary.put("tasks", rows.size());
    summary.put("figure", figure.stream().map(HiddenLaplaceOutputs.Point::json).toList());
    summary.put("partB", rbmRows.stream().map(HiddenLaplaceOutputs::json).toList());
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(summary));
    if (journal != null) {
      journal.complete();
    }
    out.print(HiddenLaplaceOutputs.pooledTable(figure, settings.sizes()));
    out.print(HiddenLaplaceOutputs.rbmReport(settings, rbmData, rbmRows));
    out.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, scores.csv, fig-a.csv, fig-a.png%s (%.1f s)%n", dir,
        rbmData.isEmpty() ? "" : ", fig-b.csv, " + String.join(", ", rbmData.keySet().stream()
            .map(w -> "fig-b-" + w.words() + ".png").toList()), seconds);
    out.flush();
  }

  Map<String, Object> settingsMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("quick", settings.quick());
    m.put("models", settings.models());
    m.put("sizes", settings.sizes());
    m.put("aisSteps", settings.aisSteps());
    m.put("aisRuns", settings.aisRuns());
    m.put("restarts", settings.restarts());
    m.put("seed", settings.seed());
    m.put("threads", settings.threads());
    m.put("parameterScale", PARAMETER_SCALE);
    m.put("data", settings.data() == null ? null : settings.data().toString());
    m.put("documents", settings.documents());
    m.put("wordSets", settings.wordSets().stream().map(w -> ResultJson.object("words", w.words(), "hiddenUnits",
        w.hiddenUnits())).toList());
    return m;
  }
}
