package org.occam.experiments.beal;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.occam.dag.StructureRanker;
import org.occam.dag.methods.DagMethods;
import org.occam.data.Dataset;
import org.occam.report.DagRanking;
import org.occam.task.LocalTaskRunner;
import org.occam.task.TaskRunner;
import java.util.Locale;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.BipartiteStructureClass;
import org.occam.dag.DagAnnealingTarget;
import org.occam.dag.DagMethod;
import org.occam.dag.DagModel;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.data.InvalidInputException;
import org.occam.evidence.EvidenceEstimate;
import org.occam.experiments.ProgressSink;
import org.occam.math.RandomStreams;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.UnitJournal;
import org.occam.report.Tables;

/**
 * Beal (2003), chapter 6, sections 6.4–6.5, on fresh data. Part one ({@link BealPartOne}) scores
 * all 136 structures at the nested sizes on data from the chapter's true model with every score
 * including AIS (Tables 6.1, 6.3, 6.4; Figures 6.2, 6.3, 6.12). Part two ({@link BealPartTwo})
 * repeats the scoring without AIS for many true parameter sets drawn from the prior (Tables 6.2,
 * 6.5; Figures 6.5, 6.9). Writes CSV tables, PNG figures, {@code summary.json} and {@code report.md}
 * ({@link BealReport}, beside the chapter's printed numbers); {@link BealFigures} and
 * {@link BealOutputs} write the rest.
 *
 * <pre>{@code
 * new BealExperiment(BealSettings.defaults(1, 2).asQuick()).run(dir, ProgressSink.none(), out);
 * }</pre>
 */
public final class BealExperiment {
  static final List<DagMethod> BASE_METHODS = DagMethod.parseList("map,bic,bicp,cs,cs-dagger,vb");
  static final List<Integer> QUICK_SIZES = List.of(40, 160, 640);

  /** What becomes of a failed task's results, for the command's failure line. */
  public static final String FAILED_RESULTS = "a failed structure scores NaN and ranks last; a failed (instance,"
      + " size) counts as not ranking the true structure first";

  private final BealSettings asked;
  private final List<Integer> ns;
  private final List<Integer> aisNs;
  private final int nInstances;
  private final DagAnnealingTarget.Settings ais;
  private final DagAnnealingTarget.Settings otherAis;
  private final DagScoreSettings settings;
  private final DagModel truth = BealExample.trueModel();
  private final List<DagStructure> structures;
  private final int trueIndex;
  private TaskRunner runner;
  private final List<String> failures = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

  /** Resolves the defaults and checks the settings (IllegalArgumentException naming the option). */
  public BealExperiment(BealSettings s) {
    this.asked = s;
    boolean quick = s.quick();
    ns = (s.sizes() != null ? s.sizes() : quick ? QUICK_SIZES : Arrays.stream(BealExample.SIZES).boxed().toList())
        .stream().distinct().sorted().toList();
    if (ns.isEmpty() || ns.get(0) < 1) {
      throw new InvalidInputException("--sizes needs positive numbers, got " + ns);
    }
    aisNs = s.aisSizes() == null ? ns : s.aisSizes().stream().filter(n -> n > 0).toList();
    for (int n : aisNs) {
      if (!ns.contains(n)) {
        throw new InvalidInputException("--ais-sizes " + n + " is not one of --sizes " + ns);
      }
    }
    nInstances = s.instances() != null ? s.instances() : quick ? 3 : 106;
    if (nInstances < 0) {
      throw new InvalidInputException("--instances must be >= 0, got " + nInstances);
    }
    if (s.threads() < 1) {
      throw new InvalidInputException("--threads must be >= 1, got " + s.threads());
    }
    int k = s.aisSteps() != null ? s.aisSteps() : quick ? 500 : DagAnnealingTarget.Settings.DEFAULT_STEPS;
    int g = s.aisRuns() != null ? s.aisRuns() : quick ? 2 : DagAnnealingTarget.Settings.DEFAULT_RUNS;
    ais = new DagAnnealingTarget.Settings(k, DagAnnealingTarget.Settings.DEFAULT_SCHEDULE_E, g,
        DagAnnealingTarget.Proposal.ROW_SWEEP, !s.aisFixedStrength(), s.aisStrength());
    otherAis = new DagAnnealingTarget.Settings(k, DagAnnealingTarget.Settings.DEFAULT_SCHEDULE_E, g,
        DagAnnealingTarget.Proposal.ROW_SWEEP, s.aisFixedStrength(), s.aisStrength());
    settings = new DagScoreSettings(DagScoreSettings.DEFAULT_RESTARTS, DagScoreSettings.DEFAULT_MAX_ITERATIONS,
        DagScoreSettings.DEFAULT_TOLERANCE_PER_DATUM, DagScoreSettings.defaults().configurationLimit(), null)
        .withAis(ais).withRestartRule("--restarts", s.restarts(), DagScoreSettings.DEFAULT_RESTARTS_UNTIL_BEST,
            DagScoreSettings.DEFAULT_MAX_RESTARTS, DagScoreSettings.DEFAULT_REFINE_MARGIN)
        .withAccelerations(s.vbAcceleration(), s.emAcceleration());
    var cls = new BipartiteStructureClass(BealExample.hiddenVariables(), BealExample.observedVariables());
    structures = cls.structures();
    trueIndex = cls.indexOf(truth.structure());
  }

  /**
   * Runs both parts into {@code dir} (an existing folder; files in it are replaced), printing the
   * tables to {@code o}.
   */
  public void run(Path dir, ProgressSink progress, PrintWriter o) {
    run(dir, progress, o, null, new PrintWriter(java.io.Writer.nullWriter()));
  }

  /**
   * As above, keeping each unit — a size of part one, an (instance, size) of part two — in {@code
   * journal} as it is done and printing its line to {@code err}; the units found in the journal (a
   * resumed run's) are not scored again. Every scoring has its own seed, so the outputs are those
   * of an uninterrupted run. The journal is removed once the outputs are written.
   *
   * @param journal the run's journal, or null to keep nothing
   */
  public void run(Path dir, ProgressSink progress, PrintWriter o, UnitJournal journal, PrintWriter err) {
    long t0 = System.nanoTime();
    List<SplittableUniformRandomProvider> streams = RandomStreams.split(RandomStreams.fromSeed(seed()), 2);
    o.printf(Locale.ROOT, "Beal (2003) chapter 6: %d structures, sizes %s, AIS at %s (K = %d, G = %d, %s), "
        + "%d instances, %s, seed %d, %s%n", structures.size(), ns, aisNs.isEmpty() ? "none" : aisNs,
        ais.steps(), ais.runs(), ais.scaledStrength() ? "alpha = " + asked.aisStrength() + " + n*tau/L_j"
            : "fixed alpha = " + asked.aisStrength(), nInstances, settings.restartRuleText(), seed(), runner().description());

    int[][] rows = AncestralSampler.sampleObserved(truth.structure(), truth.parameters().orElseThrow(),
        ns.get(ns.size() - 1), streams.get(0));
    BealPartOne one = new BealPartOne(this, progress, journal, err).run(rows);
    printPartOne(o, one);
    BealPartTwo two = new BealPartTwo(this).run(streams.get(1), progress, journal, err);
    if (nInstances > 0) {
      o.printf("%nTable 6.5: times out of %d instances that each score ranks the true structure first%n", nInstances);
      Tables.print(o, two.header65(), two.table65);
      o.printf("%nTable 6.2: VB against the others, %% of %d (instance, size) pairs (* = uncorrected)%n",
          nInstances * ns.size());
      Tables.print(o, new String[] {"than", "VB worse", "same", "VB better"}, two.table62);
    }
    if (two.agreement != null) {
      o.printf("%nAgainst AIS: of %d (instance, size) pairs, each score picks AIS's structure in", two.agreement.pairs);
      for (int a = 0; a < two.methods.size(); a++) {
        if (two.methods.get(a) != DagMethod.AIS) {
          o.printf(" %s %d", two.methods.get(a).label(), two.agreement.agree[a]);
        }
      }
      o.printf("; AIS ranks the true structure first in %d (report.md: each disagreement of VB's)%n",
          two.agreement.aisTruthFirst);
    }

    BealFigures.write(dir, this, one, two);
    BealOutputs.writeTables(dir, this, one, two);
    double total = (System.nanoTime() - t0) * 1e-9;
    long scoresPerMethod = (long) nInstances * ns.size() * structures.size();
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(BealOutputs.summary(this, one, two, total,
        scoresPerMethod)));
    OutputFiles.write(dir.resolve("report.md"), BealReport.markdown(ns, aisNs, nInstances, ais.runs(), ais.steps(),
        ais, settings, seed(), runner().parallelism(), runner().description(), one.rankByMethod, one.table64, header64(), one.strengthRows, two.methods,
        two.success, two.vsCorrected, total, two.seconds, scoresPerMethod, one.aisSecondsAt480,
        two.agreement == null ? "" : two.agreement.markdown(trueIndex)));
    if (journal != null && failures.isEmpty()) {
      journal.complete();
    }
    o.printf(Locale.ROOT, "%nwrote %s: report.md, summary.json, table-6.*.csv, scores.csv, fig-6.*.png%n", dir);
    o.printf(Locale.ROOT, "total %.1f s (part two %.1f s for %d scores per method)%n", total, two.seconds,
        scoresPerMethod);
  }

  private void printPartOne(PrintWriter o, BealPartOne one) {
    o.printf("%nTable 6.1: rank of the true structure among %d (alias-corrected; uncorrected in brackets where "
        + "different; AIS needs no correction)%n", structures.size());
    Tables.print(o, one.header61(), one.table61);
    if (!one.table64.isEmpty()) {
      o.printf("%nTable 6.4 (and 6.3): AIS below the VB bound, Metropolis-Hastings rejections, true rank by single runs%n");
      Tables.print(o, header64(), one.table64);
    }
    if (asked.compareStrength() && !one.strengthRows.isEmpty()) {
      o.printf("%nAIS proposal strength: scaled against fixed%n");
      Tables.print(o, BealReport.STRENGTH_HEADER, one.strengthRows);
    }
  }

  private String[] header64() {
    int g = ais.runs();
    return new String[] {"n", "AIS1<VB*%", "AIS1<VB%", "AIS" + g + "<VB*%", "AIS" + g + "<VB%", "MH rej%",
        "true rank per run", "AIS seconds"};
  }

  List<Integer> sizes() {
    return ns;
  }

  List<Integer> aisSizes() {
    return aisNs;
  }

  int instances() {
    return nInstances;
  }

  boolean instanceAis() {
    return asked.instanceAis();
  }

  boolean compareStrength() {
    return asked.compareStrength();
  }

  DagAnnealingTarget.Settings ais() {
    return ais;
  }

  DagAnnealingTarget.Settings otherAis() {
    return otherAis;
  }

  /**
   * Runs the structure scorings on {@code r} instead of the local pool of {@code threads}
   * (a Spark runner, say); the numbers are the same.
   */
  public BealExperiment withRunner(TaskRunner r) {
    this.runner = java.util.Objects.requireNonNull(r, "runner");
    return this;
  }

  /** How the structure scorings run. */
  TaskRunner runner() {
    if (runner == null) {
      runner = LocalTaskRunner.of(asked.threads());
    }
    return runner;
  }

  /**
   * Every structure scored by every method at one data set, as tasks on {@link #runner()}; the
   * structures whose scoring failed are kept with NaN scores (last in every rank) and named in
   * {@link #failures()}.
   *
   * @param what the data set, for the failures' keys ("part 2, instance 3, n = 40")
   */
  List<StructureRanker.Scored> score(String what, Dataset d, List<DagMethod> methods, DagScoreSettings s, long seed,
      java.util.function.IntConsumer progress) {
    var scored = StructureRanker.scoreWith(structures, d, 1.0,
        methods.stream().map(m -> DagMethods.get(m.label())).toList(), s, seed, runner(), progress, i -> false, null);
    for (String f : DagRanking.failures(scored)) {
      failures.add(what + ": " + f);
    }
    return scored;
  }

  /**
   * Every structure scored on each of several data sets, as one job on {@link #runner()} (see
   * {@link StructureRanker#scoreEach}); the failures are kept as by {@link #score}, each named with its
   * data set's label.
   */
  List<List<StructureRanker.Scored>> scoreEach(List<StructureRanker.Batch> batches,
      java.util.function.IntConsumer progress) {
    var scored = StructureRanker.scoreEach(structures, 1.0, batches, runner(), progress);
    for (int b = 0; b < batches.size(); b++) {
      for (String f : DagRanking.failures(scored.get(b))) {
        failures.add(batches.get(b).label() + ": " + f);
      }
    }
    return scored;
  }

  /** Records a failed task of the run (a structure's scoring, or a whole unit's). */
  void failed(String what) {
    failures.add(what);
  }

  /** The structure scorings that failed in the run, each with its data set, structure and failure. */
  public List<String> failures() {
    return List.copyOf(failures);
  }

  DagScoreSettings scoreSettings() {
    return settings;
  }

  long seed() {
    return asked.seed();
  }

  int threads() {
    return asked.threads();
  }

  DagModel truth() {
    return truth;
  }

  List<DagStructure> structures() {
    return structures;
  }

  int trueIndex() {
    return trueIndex;
  }

  static double uncorrected(EvidenceEstimate e) {
    Object u = e.diagnostics().get("uncorrectedLogEvidence");
    return u instanceof Number x ? x.doubleValue() : e.logEvidence();
  }

  static String fmt(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "";
  }

  static String pct(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
