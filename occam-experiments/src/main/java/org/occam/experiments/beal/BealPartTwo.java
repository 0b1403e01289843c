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
  final StringBuilder instancesCsv = new StringBuilder("instance,n,method,trueRank,trueRankUncorrected\n");
  final StringBuilder successCsv = new StringBuilder("n");
  final StringBuilder vsCsv = new StringBuilder("other,corrected,vbWorsePct,samePct,vbBetterPct\n");
  final List<String[]> table65 = new ArrayList<>();
  final List<String[]> table62 = new ArrayList<>();
  final Map<String, double[]> vsCorrected = new LinkedHashMap<>();
  /** success[method][size]: instances whose true structure the method ranks first. */
  final double[][] success;
  final double[][] medianRank;
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
    try (ProgressSink.Task task = progress.start("part 2, instances x sizes", (long) nInstances * ns.size());
        UnitLog log = new UnitLog(journal, err, (long) nInstances * ns.size(), before.size())) {
      int done = 0;
      for (int i = 0; i < nInstances; i++) {
        SplittableUniformRandomProvider rng = instanceStreams.get(i);
        double[] theta = DagScorer.randomParameters(e.truth().structure(), rng);
        int[][] rows = AncestralSampler.sampleObserved(e.truth().structure(), theta, ns.get(ns.size() - 1), rng);
        for (int si = 0; si < ns.size(); si++) {
          JsonNode kept = before.get(i + "/" + ns.get(si));
          if (kept != null) {
            keep(i, si, kept);
          } else {
            scoreInstance(i, si, rows, log);
          }
          var l = task.listener();
          if (l != null) {
            l.accept(++done);
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
      instancesCsv.append(i + 1).append(',').append(n).append(',').append(m.label()).append(',')
          .append(ranksC[a][i][si]).append(',').append(ranksU[a][i][si]).append('\n');
    }
    scoreSeconds += PreviousRun.number(u.get("scoreSeconds"));
  }

  private void scoreInstance(int i, int si, int[][] rows, UnitLog log) {
    int n = e.sizes().get(si);
    Dataset d = Dataset.of(BealExample.observedVariables(), Arrays.copyOf(rows, n));
    List<StructureRanker.Scored> scored = e.score("part 2, instance " + (i + 1) + ", n = " + n, d, methods,
        e.scoreSettings(), e.seed() + 1000L * (i + 1) + n, null);
    for (int a = 0; a < methods.size(); a++) {
      DagMethod m = methods.get(a);
      ranksC[a][i][si] = StructureRanker.ranks(scored, m, true)[e.trueIndex()];
      ranksU[a][i][si] = StructureRanker.ranks(scored, m, false)[e.trueIndex()];
      scoreSeconds += scored.stream().mapToDouble(x -> x.estimate(m).seconds()).sum();
      instancesCsv.append(i + 1).append(',').append(n).append(',').append(m.label()).append(',')
          .append(ranksC[a][i][si]).append(',').append(ranksU[a][i][si]).append('\n');
    }
    Map<String, Object> unit = new LinkedHashMap<>();
    unit.put("part", 2);
    unit.put("instance", i);
    unit.put("n", n);
    Map<String, Object> ranks = new LinkedHashMap<>();
    List<String> parts = new ArrayList<>();
    double seconds = 0;
    for (int a = 0; a < methods.size(); a++) {
      ranks.put(methods.get(a).label(), List.of(ranksC[a][i][si], ranksU[a][i][si]));
      parts.add(methods.get(a).label() + " " + ranksC[a][i][si]);
      DagMethod m = methods.get(a);
      seconds += scored.stream().mapToDouble(x -> x.estimate(m).seconds()).sum();
    }
    unit.put("ranks", ranks);
    unit.put("scoreSeconds", seconds);
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
