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
import org.occam.report.UnitJournal;
import org.occam.report.UnitLog;
import java.util.Map;
import org.apache.commons.rng.SplittableUniformRandomProvider;
import org.occam.dag.AncestralSampler;
import org.occam.dag.BealExample;
import org.occam.dag.DagMethod;
import org.occam.dag.DagScorer;
import org.occam.dag.StructureRanker;
import org.occam.data.Dataset;
import org.occam.experiments.ProgressSink;
import org.occam.math.RandomStreams;
import java.io.Serializable;
import org.occam.dag.DagScoreSettings;
import org.occam.dag.DagStructure;
import org.occam.dag.methods.DagMethods;
import org.occam.report.DagRanking;
import org.occam.task.LocalTaskRunner;
import org.occam.task.TaskJob;
import org.occam.task.TaskListener;
import org.occam.task.TaskOutcome;

/**
 * Part two of {@link BealExperiment}: the scoring repeated for many true parameter sets drawn from
 * the prior (Beal 2003, Tables 6.2 and 6.5, Figures 6.5 and 6.9): how often each score ranks the
 * true structure first, its median rank, and VB against each other score.
 */
final class BealPartTwo {
  private final BealExperiment e;
  final List<DagMethod> methods = new ArrayList<>(BealExperiment.BASE_METHODS);
  /** ranks[method][instance][size], alias-corrected and not. */
  private final int[][][] ranksC;
  private final int[][][] ranksU;
  static final String INSTANCES_HEADER = "instance,n,method,trueRank,trueRankUncorrected\n";
  final StringBuilder instancesCsv = new StringBuilder(INSTANCES_HEADER);
  final StringBuilder successCsv = new StringBuilder("n");
  final StringBuilder vsCsv = new StringBuilder("other,corrected,vbWorsePct,samePct,vbBetterPct\n");
  final List<String[]> table65 = new ArrayList<>();
  final List<String[]> table62 = new ArrayList<>();
  final Map<String, double[]> vsCorrected = new LinkedHashMap<>();
  /** success[method][size]: instances whose true structure the method ranks first. */
  final double[][] success;
  final double[][] medianRank;
  /** Every structure's scores per (instance, size) when AIS runs in part two, else null. */
  private final AisAgreement.UnitScores[][] unitScores;
  /** Each score against AIS per instance, when AIS runs in part two, else null. */
  AisAgreement agreement;
  double seconds;
  double scoreSeconds;

  BealPartTwo(BealExperiment e) {
    this.e = e;
    if (e.instanceAis() && !e.aisSizes().isEmpty()) {
      methods.add(DagMethod.AIS);
    }
    int sizes = e.sizes().size();
    ranksC = new int[methods.size()][e.instances()][sizes];
    ranksU = new int[methods.size()][e.instances()][sizes];
    success = new double[methods.size()][sizes];
    medianRank = new double[methods.size()][sizes];
    unitScores = methods.contains(DagMethod.AIS) ? new AisAgreement.UnitScores[e.instances()][sizes] : null;
  }

  /** Draws the instances from {@code stream} and scores them, then the tables. */
  BealPartTwo run(SplittableUniformRandomProvider stream, ProgressSink progress) {
    return run(stream, progress, null, new PrintWriter(java.io.Writer.nullWriter()));
  }

  /**
   * As above, keeping each (instance, size) in {@code journal} as it is done and printing its line
   * to {@code err}; those found in the journal (a resumed run's) are not scored again. Every
   * instance has its own stream and every scoring its own seed, so the tables are those of an
   * uninterrupted run.
   */
  BealPartTwo run(SplittableUniformRandomProvider stream, ProgressSink progress, UnitJournal journal,
      PrintWriter err) {
    long p2 = System.nanoTime();
    Map<String, JsonNode> before = new HashMap<>();
    for (JsonNode u : BealUnits.of(journal, 2)) {
      before.put(u.path("instance").asInt() + "/" + u.path("n").asInt(), u);
    }
    int nInstances = e.instances();
    List<Integer> ns = e.sizes();
    List<SplittableUniformRandomProvider> instanceStreams =
        nInstances == 0 ? List.of() : RandomStreams.split(stream, nInstances);
    // every (instance, size) not kept is a task: the instance's stream state (its parameters and
    // rows are drawn again from it, as here), the size; the largest sizes start first
    List<Unit> units = new ArrayList<>();
    for (int i = 0; i < nInstances; i++) {
      byte[] state = RandomStreams.state(instanceStreams.get(i));
      for (int si = 0; si < ns.size(); si++) {
        JsonNode kept = before.get(i + "/" + ns.get(si));
        if (kept != null) {
          keep(i, si, kept);
        } else {
          units.add(new Unit(i, si, state));
        }
      }
    }
    int[] order = java.util.stream.IntStream.range(0, units.size()).boxed()
        .sorted(java.util.Comparator.comparingInt((Integer u) -> -units.get(u).sizeIndex()).thenComparingInt(u -> u))
        .mapToInt(Integer::intValue).toArray();
    var inputs = new UnitInputs(e.structures(), e.trueIndex(), methods.stream().map(DagMethod::label).toList(),
        e.scoreSettings(), e.seed(), ns);
    var job = new TaskJob<>("experiment beal, part 2", inputs, units,
        units.stream().map(u -> "part 2, instance " + (u.instance() + 1) + ", n = " + ns.get(u.sizeIndex())).toList(),
        order, BealPartTwo::scoreUnit);
    List<TaskOutcome<UnitResult>> outcomes;
    try (ProgressSink.Task task = progress.start("part 2, instances x sizes", (long) nInstances * ns.size());
        UnitLog log = new UnitLog(journal, err, (long) nInstances * ns.size(), before.size())) {
      int kept = before.size();
      outcomes = e.runner().run(job, new TaskListener<>() {
        @Override
        public void progress(int done) {
          var l = task.listener();
          if (l != null) {
            l.accept(kept + done);
          }
        }

        @Override
        public void finished(TaskOutcome<UnitResult> o) {
          if (!o.failed()) {
            Unit u = units.get(o.index());
            journal(log, u.instance(), ns.get(u.sizeIndex()), o.result());
          }
        }
      });
    }
    for (TaskOutcome<UnitResult> o : outcomes) {
      Unit u = units.get(o.index());
      if (o.failed()) {
        e.failed(o.describeFailure());
        for (int a = 0; a < methods.size(); a++) {
          ranksC[a][u.instance()][u.sizeIndex()] = Integer.MAX_VALUE; // never first; the failure is reported
          ranksU[a][u.instance()][u.sizeIndex()] = Integer.MAX_VALUE;
        }
        continue;
      }
      UnitResult r = o.result();
      r.failures().forEach(e::failed);
      for (int a = 0; a < methods.size(); a++) {
        ranksC[a][u.instance()][u.sizeIndex()] = r.ranksC()[a];
        ranksU[a][u.instance()][u.sizeIndex()] = r.ranksU()[a];
      }
      if (unitScores != null) {
        unitScores[u.instance()][u.sizeIndex()] = r.scores();
      }
      scoreSeconds += r.scoreSeconds();
    }
    instancesCsv.setLength(0);
    instancesCsv.append(INSTANCES_HEADER);
    for (int i = 0; i < nInstances; i++) {
      for (int si = 0; si < ns.size(); si++) {
        for (int a = 0; a < methods.size(); a++) {
          instancesCsv.append(i + 1).append(',').append(ns.get(si)).append(',').append(methods.get(a).label())
              .append(',').append(ranksC[a][i][si]).append(',').append(ranksU[a][i][si]).append('\n');
        }
      }
    }
    if (unitScores != null) {
      agreement = new AisAgreement(methods.stream().map(DagMethod::label).toList());
      for (int i = 0; i < nInstances; i++) {
        for (int si = 0; si < ns.size(); si++) {
          if (unitScores[i][si] != null) { // null: the (instance, size) failed, as reported
            agreement.add(i + 1, ns.get(si), e.trueIndex(), unitScores[i][si]);
          }
        }
      }
    }
    seconds = (System.nanoTime() - p2) * 1e-9;
    successTable();
    vbAgainstOthers();
    return this;
  }

  /** An (instance, size) scored before an interruption, as {@link #scoreInstance} would have recorded it. */
  private void keep(int i, int si, JsonNode u) {
    int n = e.sizes().get(si);
    for (int a = 0; a < methods.size(); a++) {
      DagMethod m = methods.get(a);
      JsonNode r = u.path("ranks").path(m.label());
      ranksC[a][i][si] = r.path(0).asInt();
      ranksU[a][i][si] = r.path(1).asInt();
    }
    if (unitScores != null) {
      JsonNode sc = u.path("scores");
      double[][] logEvidence = new double[methods.size()][];
      for (int a = 0; a < methods.size(); a++) {
        logEvidence[a] = numbers(sc.path("logEvidence").path(a));
      }
      unitScores[i][si] = new AisAgreement.UnitScores(logEvidence, numbers(sc.path("vbUncorrected")),
          numbers(sc.path("aisStdError")));
    }
    scoreSeconds += PreviousRun.number(u.get("scoreSeconds"));
  }

  private static double[] numbers(JsonNode list) {
    double[] v = new double[list.size()];
    for (int k = 0; k < v.length; k++) {
      v[k] = PreviousRun.number(list.get(k));
    }
    return v;
  }

  /** What every (instance, size) task shares. */
  record UnitInputs(List<DagStructure> structures, int trueIndex, List<String> methods, DagScoreSettings settings,
      long seed, List<Integer> sizes) implements Serializable {}

  /** One (instance, size): the instance's stream before its parameters and rows were drawn, the size's index. */
  record Unit(int instance, int sizeIndex, byte[] instanceStream) implements Serializable {}

  /**
   * The true structure's ranks per method (alias-corrected and not), the scores' seconds, failed
   * structures, and every structure's scores when AIS is among the methods (else null).
   */
  record UnitResult(int[] ranksC, int[] ranksU, double scoreSeconds, List<String> failures,
      AisAgreement.UnitScores scores) implements Serializable {}

  /**
   * The observed rows of the first {@code instances} instances of part two of {@code experiment beal --seed
   * seed}, {@code rows} of each (a size's data are the first n of them), for measurements on the experiment's
   * own data: part two's stream is the second split off the seed, each instance's parameters and rows are
   * drawn from its own split of that, as {@link #scoreUnit} draws them.
   */
  static List<int[][]> instanceRows(long seed, int instances, int rows) {
    SplittableUniformRandomProvider partTwo = RandomStreams.split(RandomStreams.fromSeed(seed), 2).get(1);
    var truth = BealExample.trueModel().structure();
    List<int[][]> out = new ArrayList<>();
    for (SplittableUniformRandomProvider rng : RandomStreams.split(partTwo, instances)) {
      double[] theta = DagScorer.randomParameters(truth, rng);
      out.add(AncestralSampler.sampleObserved(truth, theta, rows, rng));
    }
    return out;
  }

  /**
   * Scores every structure on one instance at one size, one structure after another (the task is
   * the unit of parallel work): the instance's parameters and rows drawn again from its stream.
   */
  static UnitResult scoreUnit(UnitInputs in, Unit u) {
    SplittableUniformRandomProvider rng = RandomStreams.restore(u.instanceStream());
    var truth = BealExample.trueModel().structure();
    double[] theta = DagScorer.randomParameters(truth, rng);
    List<Integer> ns = in.sizes();
    int[][] rows = AncestralSampler.sampleObserved(truth, theta, ns.get(ns.size() - 1), rng);
    int n = ns.get(u.sizeIndex());
    Dataset d = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, n));
    List<StructureRanker.Scored> scored = StructureRanker.scoreWith(in.structures(), d, 1.0,
        in.methods().stream().map(DagMethods::get).toList(), in.settings(), in.seed() + 1000L * (u.instance() + 1) + n,
        LocalTaskRunner.of(1), null, i -> false, null);
    int k = in.methods().size();
    int[] c = new int[k];
    int[] un = new int[k];
    double seconds = 0;
    for (int a = 0; a < k; a++) {
      String m = in.methods().get(a);
      c[a] = StructureRanker.ranks(scored, m, true)[in.trueIndex()];
      un[a] = StructureRanker.ranks(scored, m, false)[in.trueIndex()];
      seconds += scored.stream().mapToDouble(x -> x.estimate(m).seconds()).sum();
    }
    String where = "part 2, instance " + (u.instance() + 1) + ", n = " + n + ": ";
    return new UnitResult(c, un, seconds, DagRanking.failures(scored).stream().map(f -> where + f).toList(),
        in.methods().contains(DagMethod.AIS.label()) ? scores(scored, in.methods()) : null);
  }

  /** Every structure's scores per method, VB's uncorrected bound and AIS's standard errors. */
  private static AisAgreement.UnitScores scores(List<StructureRanker.Scored> scored, List<String> methods) {
    double[][] logEvidence = new double[methods.size()][scored.size()];
    double[] bound = new double[scored.size()];
    double[] se = new double[scored.size()];
    for (StructureRanker.Scored x : scored) {
      int s = x.index(); // the structure's index in the class, as the true index is
      for (int a = 0; a < methods.size(); a++) {
        logEvidence[a][s] = x.estimate(methods.get(a)).logEvidence();
      }
      Object uncorrected = x.estimate(DagMethod.VB).diagnostics().get("uncorrectedLogEvidence");
      bound[s] = uncorrected instanceof Number v ? v.doubleValue() : Double.NaN;
      se[s] = x.estimate(DagMethod.AIS).stdError().orElse(Double.NaN);
    }
    return new AisAgreement.UnitScores(logEvidence, bound, se);
  }

  /** Keeps a scored (instance, size) in the journal and prints its line. */
  private void journal(UnitLog log, int i, int n, UnitResult r) {
    Map<String, Object> unit = new LinkedHashMap<>();
    unit.put("part", 2);
    unit.put("instance", i);
    unit.put("n", n);
    Map<String, Object> ranks = new LinkedHashMap<>();
    List<String> parts = new ArrayList<>();
    for (int a = 0; a < methods.size(); a++) {
      ranks.put(methods.get(a).label(), List.of(r.ranksC()[a], r.ranksU()[a]));
      parts.add(methods.get(a).label() + " " + r.ranksC()[a]);
    }
    unit.put("ranks", ranks);
    unit.put("scoreSeconds", r.scoreSeconds());
    if (r.scores() != null) {
      unit.put("scores", AisAgreement.toJournal(r.scores()));
    }
    log.finished(unit, "part 2, instance " + (i + 1) + ", n = " + n + ": true structure ranks "
        + String.join(", ", parts));
  }

  /** Table 6.5 and Figures 6.5, 6.9: firsts and median ranks per method and size. */
  private void successTable() {
    int nInstances = e.instances();
    List<Integer> ns = e.sizes();
    for (DagMethod m : methods) {
      successCsv.append(',').append(m.label());
    }
    successCsv.append(",instances\n");
    for (int si = 0; si < ns.size(); si++) {
      String[] line = new String[methods.size() + 1];
      line[0] = Integer.toString(ns.get(si));
      successCsv.append(ns.get(si));
      for (int a = 0; a < methods.size(); a++) {
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
  }

  /** Table 6.2: VB against each other score, over all instances and sizes. */
  private void vbAgainstOthers() {
    int vb = methods.indexOf(DagMethod.VB);
    for (boolean corrected : new boolean[] {false, true}) {
      int[][][] rk = corrected ? ranksC : ranksU;
      for (int a = 0; a < methods.size(); a++) {
        DagMethod m = methods.get(a);
        if (a == vb || m == DagMethod.MAP) {
          continue;
        }
        double[] p = worseSameBetter(rk[vb], rk[a]);
        if (corrected) {
          vsCorrected.put(m.label(), p);
        }
        vsCsv.append(m.label()).append(',').append(corrected).append(',').append(fmt(p[0])).append(',')
            .append(fmt(p[1])).append(',').append(fmt(p[2])).append('\n');
        table62.add(new String[] {m.label() + (corrected ? "" : "*"), pct(p[0]), pct(p[1]), pct(p[2])});
      }
    }
  }

  /** % of (instance, size) pairs where VB ranks the true structure worse, the same, better. */
  private double[] worseSameBetter(int[][] vb, int[][] other) {
    double worse = 0;
    double same = 0;
    double better = 0;
    for (int i = 0; i < e.instances(); i++) {
      for (int si = 0; si < e.sizes().size(); si++) {
        int v = vb[i][si];
        int w = other[i][si];
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
    return new double[] {100 * worse / total, 100 * same / total, 100 * better / total};
  }

  /** Table 6.5's header: n and the methods. */
  String[] header65() {
    String[] h = new String[methods.size() + 1];
    h[0] = "n";
    for (int a = 0; a < methods.size(); a++) {
      h[a + 1] = methods.get(a).label();
    }
    return h;
  }

  private static double median(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
  }
}
