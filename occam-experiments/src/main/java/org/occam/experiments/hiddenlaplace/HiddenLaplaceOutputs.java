package org.occam.experiments.hiddenlaplace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.rbm.RbmData;
import org.occam.report.LinePlot;
import org.occam.report.Summaries;

/**
 * The outputs of {@link HiddenLaplaceExperiment}: a task's journal entry and line, scores.csv, the
 * figure's points (mean |score − ais| per method, per kind and pooled, against N), its CSV and PNG,
 * and report.md.
 */
final class HiddenLaplaceOutputs {
  /** The group of every kind together. */
  static final String ALL = "all";

  private HiddenLaplaceOutputs() {}

  /** A task's journal entry. */
  static Map<String, Object> json(HiddenLaplaceExperiment.Row r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kindIndex", r.task().kind());
    m.put("model", r.task().model());
    m.put("n", r.task().n());
    m.put("kind", r.kind());
    m.put("hidden", r.hidden());
    m.put("features", r.features());
    m.put("scores", r.scores());
    m.put("aisStdError", r.aisStdError());
    m.put("seconds", r.seconds());
    m.put("laplaceExactPositiveDefinite", r.laplacePositiveDefinite());
    m.put("bpLrPositiveDefinite", r.bpLrPositiveDefinite());
    m.put("bpLrConverged", r.bpLrConverged());
    m.put("bpLrSmallestEigenvalue", r.bpLrSmallestEigenvalue());
    m.put("betheExcess", r.betheExcess());
    return m;
  }

  /** A journal entry back ({@link #json}). */
  static HiddenLaplaceExperiment.Row read(JsonNode u) {
    Map<String, Double> scores = new LinkedHashMap<>();
    u.get("scores").fields().forEachRemaining(e -> scores.put(e.getKey(), e.getValue().asDouble()));
    Map<String, Double> seconds = new LinkedHashMap<>();
    u.get("seconds").fields().forEachRemaining(e -> seconds.put(e.getKey(), e.getValue().asDouble()));
    return new HiddenLaplaceExperiment.Row(new HiddenLaplaceExperiment.Task(u.get("kindIndex").asInt(),
        u.get("model").asInt(), u.get("n").asInt()), u.get("kind").asText(), u.get("hidden").asInt(),
        u.get("features").asInt(), scores, u.get("aisStdError").asDouble(), seconds,
        u.get("laplaceExactPositiveDefinite").asBoolean(), u.get("bpLrPositiveDefinite").asBoolean(),
        u.get("bpLrConverged").asBoolean(), u.get("bpLrSmallestEigenvalue").asDouble(),
        u.get("betheExcess").asDouble());
  }

  /** A task's progress line. */
  static String line(HiddenLaplaceExperiment.Row r) {
    return String.format(Locale.ROOT, "%s model %d N = %d: ais %.3f ± %.3f, laplace-exact %+.3f, bp-lr %+.3f%s",
        r.kind(), r.task().model(), r.task().n(), r.scores().get("ais"), r.aisStdError(),
        r.scores().get("laplace-exact") - r.scores().get("ais"), r.scores().get("bp-lr") - r.scores().get("ais"),
        r.bpLrPositiveDefinite() ? "" : " (bp-lr: A not positive definite)");
  }

  static String scoresCsv(List<HiddenLaplaceExperiment.Row> rows) {
    StringBuilder b = new StringBuilder("kind,model,n,hidden,features");
    for (String m : HiddenLaplaceExperiment.COMPARED) {
      b.append(',').append(m);
    }
    b.append(",ais,aisStdError,laplaceExactPositiveDefinite,bpLrPositiveDefinite,bpLrConverged,"
        + "bpLrSmallestEigenvalue,betheExcess,secondsLaplaceExact,secondsBpLr,secondsAis\n");
    for (HiddenLaplaceExperiment.Row r : rows) {
      b.append(r.kind()).append(',').append(r.task().model()).append(',').append(r.task().n()).append(',')
          .append(r.hidden()).append(',').append(r.features());
      for (String m : HiddenLaplaceExperiment.COMPARED) {
        b.append(',').append(r.scores().get(m));
      }
      b.append(',').append(r.scores().get("ais")).append(',').append(r.aisStdError()).append(',')
          .append(r.laplacePositiveDefinite()).append(',').append(r.bpLrPositiveDefinite()).append(',')
          .append(r.bpLrConverged()).append(',').append(r.bpLrSmallestEigenvalue()).append(',')
          .append(r.betheExcess()).append(',').append(r.seconds().get("laplace-exact")).append(',').append(r.seconds().get("bp-lr")).append(',')
          .append(r.seconds().get("ais")).append('\n');
    }
    return b.toString();
  }

  /**
   * One point of the figure.
   *
   * @param group a kind's name or {@link #ALL}
   * @param meanNats mean |score − ais| over the group's tasks at this N
   * @param semNats its standard error over the tasks
   * @param meanAisStdError the mean AIS standard error (the noise floor)
   */
  record Point(String group, int n, String method, double meanNats, double semNats, double meanAisStdError,
      int count) {
    Map<String, Object> json() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("group", group);
      m.put("n", n);
      m.put("method", method);
      m.put("meanAbsDiffNats", meanNats);
      m.put("stdErrorNats", semNats);
      m.put("meanAisStdError", meanAisStdError);
      m.put("count", count);
      return m;
    }
  }

  static List<Point> figure(List<HiddenLaplaceExperiment.Row> rows, List<String> kinds, List<Integer> sizes) {
    List<String> groups = new ArrayList<>(kinds);
    groups.add(ALL);
    List<Point> out = new ArrayList<>();
    for (String g : groups) {
      for (int n : sizes) {
        List<HiddenLaplaceExperiment.Row> in = rows.stream().filter(r -> r.task().n() == n
            && (g.equals(ALL) || r.kind().equals(g))).toList();
        double[] se = in.stream().mapToDouble(HiddenLaplaceExperiment.Row::aisStdError).toArray();
        for (String m : HiddenLaplaceExperiment.COMPARED) {
          double[] d = in.stream().mapToDouble(r -> r.absDiff(m)).toArray();
          out.add(new Point(g, n, m, Summaries.mean(d), Summaries.standardErrorOfMean(d), Summaries.mean(se),
              d.length));
        }
      }
    }
    return out;
  }

  static String figureCsv(List<Point> points) {
    StringBuilder b = new StringBuilder("group,n,method,meanAbsDiffNats,stdErrorNats,meanAbsDiffPerN,meanAisStdError,"
        + "count\n");
    for (Point p : points) {
      b.append(p.group()).append(',').append(p.n()).append(',').append(p.method()).append(',').append(p.meanNats())
          .append(',').append(p.semNats()).append(',').append(p.meanNats() / p.n()).append(',')
          .append(p.meanAisStdError()).append(',').append(p.count()).append('\n');
    }
    return b.toString();
  }

  private static Point point(List<Point> points, String group, int n, String method) {
    for (Point p : points) {
      if (p.group().equals(group) && p.n() == n && p.method().equals(method)) {
        return p;
      }
    }
    throw new IllegalStateException("no point " + group + " " + n + " " + method);
  }

  /** Mean |score − ais| / N of every kind together against N, log-log, with the AIS noise floor. */
  static byte[] png(List<Point> points, List<Integer> sizes) {
    double[] x = sizes.stream().mapToDouble(Integer::doubleValue).toArray();
    List<LinePlot.Series> series = new ArrayList<>();
    for (String m : HiddenLaplaceExperiment.COMPARED) {
      series.add(positive(m, x, sizes.stream().mapToDouble(n -> point(points, ALL, n, m).meanNats() / n).toArray()));
    }
    series.add(positive("AIS std error (noise floor)", x, sizes.stream()
        .mapToDouble(n -> point(points, ALL, n, "map").meanAisStdError() / n).toArray()));
    return LinePlot.png("Boltzmann machines with hidden units: |score - AIS| / N (all kinds)", "N",
        "mean |score - AIS| / N (log scale)", series, true, true, 900, 560);
  }

  private static LinePlot.Series positive(String name, double[] x, double[] y) {
    List<double[]> kept = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      if (y[i] > 0 && Double.isFinite(y[i])) {
        kept.add(new double[] {x[i], y[i]});
      }
    }
    return new LinePlot.Series(name, kept.stream().mapToDouble(p -> p[0]).toArray(),
        kept.stream().mapToDouble(p -> p[1]).toArray());
  }

  /** The pooled table: N, then mean |score − ais| (nats) per method, then the AIS noise floor. */
  static String pooledTable(List<Point> points, List<Integer> sizes) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%n| N | %s | AIS std error |%n|---|%s---|%n",
        String.join(" | ", HiddenLaplaceExperiment.COMPARED), "---|".repeat(HiddenLaplaceExperiment.COMPARED.size())));
    for (int n : sizes) {
      b.append("| ").append(n);
      for (String m : HiddenLaplaceExperiment.COMPARED) {
        Point p = point(points, ALL, n, m);
        b.append(String.format(Locale.ROOT, " | %.3f ± %.3f", p.meanNats(), p.semNats()));
      }
      b.append(String.format(Locale.ROOT, " | %.3f |%n", point(points, ALL, n, "map").meanAisStdError()));
    }
    return b.toString();
  }

  static String report(HiddenLaplaceExperiment.Settings s, List<HiddenLaplaceExperiment.Kind> kinds,
      List<HiddenLaplaceExperiment.Row> rows, List<Point> points, double seconds) {
    StringBuilder b = new StringBuilder("# Boltzmann machines with hidden units: Laplace-family scores against AIS\n\n");
    b.append(String.format(Locale.ROOT, "Issue 15, point 6(a)%s. %d random models per kind, parameters uniform in"
        + " ±%.1f; N = %s (the first N of each model's exact samples, hidden columns blanked); AIS over the"
        + " parameters with K = %d temperatures of Beal's schedule and G = %d runs; MAP points the best of %d seeded"
        + " starts; seed %d, %d thread(s), %.0f s in all. Kinds: ", s.quick() ? " (--quick)" : "", s.models(),
        HiddenLaplaceExperiment.PARAMETER_SCALE, s.sizes(), s.aisSteps(), s.aisRuns(), s.restarts(), s.seed(),
        s.threads(), seconds));
    List<String> described = new ArrayList<>();
    for (HiddenLaplaceExperiment.Kind k : kinds) {
      described.add(String.format(Locale.ROOT, "%s (%d variables, %d hidden, %d edges)", k.name(),
          k.graph().vertexCount(), k.hiddenCount(), k.graph().edgeCount()));
    }
    b.append(String.join(", ", described)).append(".\n\n");
    b.append("## Mean |score − ais| (nats), every kind together\n");
    b.append(pooledTable(points, s.sizes()));
    b.append("\nPer kind and N in fig-a.csv (also per data case); fig-a.png plots the pooled means per data case."
        + " A difference from AIS below its standard error is not resolved by this run.\n\n");
    b.append("## Which approximation is closer to AIS\n\nMean |score − ais| ± its standard error; \"Bethe excess\" is the"
        + " mean of bp-lr's contrastive Bethe log-likelihood minus the exact one at bp-lr's point.\n\n"
        + "| kind | N | laplace-exact | bp-lr | closer | Bethe excess |\n|---|---|---|---|---|---|\n");
    for (HiddenLaplaceExperiment.Kind k : kinds) {
      for (int n : s.sizes()) {
        Point l = point(points, k.name(), n, "laplace-exact");
        Point bp = point(points, k.name(), n, "bp-lr");
        String closer = Math.abs(l.meanNats() - bp.meanNats()) <= Math.hypot(l.semNats(), bp.semNats())
            ? "neither (within a standard error)" : l.meanNats() < bp.meanNats() ? "laplace-exact" : "bp-lr";
        double excess = Summaries.mean(rows.stream().filter(r -> r.kind().equals(k.name()) && r.task().n() == n)
            .mapToDouble(HiddenLaplaceExperiment.Row::betheExcess).toArray());
        b.append(String.format(Locale.ROOT, "| %s | %d | %.3f ± %.3f | %.3f ± %.3f | %s | %.3f |%n", k.name(), n,
            l.meanNats(), l.semNats(), bp.meanNats(), bp.semNats(), closer, excess));
      }
    }
    b.append(betheFinding(rows, kinds, s.sizes()));
    long laplaceNotPd = rows.stream().filter(r -> !r.laplacePositiveDefinite()).count();
    long bpNotPd = rows.stream().filter(r -> !r.bpLrPositiveDefinite()).count();
    long bpNotConverged = rows.stream().filter(r -> !r.bpLrConverged()).count();
    b.append(String.format(Locale.ROOT, "%n## Positive definiteness of A%n%nA was not positive definite for"
        + " laplace-exact in %d of %d tasks and for bp-lr (linear response) in %d of %d; bp-lr did not converge"
        + " (optimiser or BP) in %d.%n", laplaceNotPd, rows.size(), bpNotPd, rows.size(), bpNotConverged));
    double[] bpSeconds = rows.stream().mapToDouble(r -> r.seconds().get("bp-lr")).toArray();
    double[] exactSeconds = rows.stream().mapToDouble(r -> r.seconds().get("laplace-exact")).toArray();
    double[] aisSeconds = rows.stream().mapToDouble(r -> r.seconds().get("ais")).toArray();
    b.append(String.format(Locale.ROOT, "%n## Time%n%nMean seconds per task: bp-lr %.3f, laplace-exact %.3f, ais"
        + " %.3f.%n", Summaries.mean(bpSeconds), Summaries.mean(exactSeconds), Summaries.mean(aisSeconds)));
    return b.toString();
  }

  /**
   * What part (a) shows about bp-lr: at each N the mean Bethe excess over the loopy kinds (the trees,
   * where BP is exact and bp-lr is laplace-exact, left out) and bp-lr's mean signed distance from ais.
   */
  static String betheFinding(List<HiddenLaplaceExperiment.Row> rows, List<HiddenLaplaceExperiment.Kind> kinds,
      List<Integer> sizes) {
    // the graphs are connected, so one with fewer edges than vertices is a tree
    List<String> trees = kinds.stream().filter(k -> k.graph().edgeCount() < k.graph().vertexCount())
        .map(HiddenLaplaceExperiment.Kind::name).toList();
    StringBuilder b = new StringBuilder("\nOn the loopy kinds (all but " + (trees.isEmpty() ? "none" : String.join(
        ", ", trees)) + ", trees, where bp-lr is laplace-exact) the mean Bethe excess at N =");
    List<String> parts = new ArrayList<>();
    for (int n : sizes) {
      double[] excess = rows.stream().filter(r -> r.task().n() == n && !trees.contains(r.kind()))
          .mapToDouble(HiddenLaplaceExperiment.Row::betheExcess).toArray();
      double[] bpOff = rows.stream().filter(r -> r.task().n() == n && !trees.contains(r.kind()))
          .mapToDouble(r -> r.scores().get("bp-lr") - r.scores().get("ais")).toArray();
      parts.add(String.format(Locale.ROOT, " %d: %.2f nats (bp-lr − ais %+.2f)", n, Summaries.mean(excess),
          Summaries.mean(bpOff)));
    }
    b.append(String.join(";", parts)).append(". The contrastive Bethe objective overstates the likelihood by an"
        + " amount that grows in proportion to N (it is a sum over the rows of the Bethe error in log Z), and its"
        + " maximiser moves to where that error is large, so bp-lr drifts above the evidence as N grows while"
        + " laplace-exact, with the same Gaussian at the exact mode, does not.\n");
    return b.toString();
  }

  /** Part (b)'s journal entry. */
  static Map<String, Object> json(HiddenLaplaceExperiment.RbmRow r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("part", "b");
    m.put("words", r.words());
    m.put("hiddenUnits", r.hiddenUnits());
    m.put("scores", r.scores());
    m.put("aisPdStdError", r.aisPdStdError());
    m.put("seconds", r.seconds());
    m.put("converged", r.converged());
    m.put("positiveDefinite", r.positiveDefinite());
    m.put("betheExcess", r.betheExcess());
    return m;
  }

  static HiddenLaplaceExperiment.RbmRow readRbm(JsonNode u) {
    Map<String, Double> scores = new LinkedHashMap<>();
    u.get("scores").fields().forEachRemaining(e -> scores.put(e.getKey(), e.getValue().asDouble()));
    Map<String, Double> seconds = new LinkedHashMap<>();
    u.get("seconds").fields().forEachRemaining(e -> seconds.put(e.getKey(), e.getValue().asDouble()));
    Map<String, Boolean> converged = new LinkedHashMap<>();
    u.get("converged").fields().forEachRemaining(e -> converged.put(e.getKey(), e.getValue().asBoolean()));
    Map<String, Boolean> pd = new LinkedHashMap<>();
    u.get("positiveDefinite").fields().forEachRemaining(e -> pd.put(e.getKey(), e.getValue().asBoolean()));
    return new HiddenLaplaceExperiment.RbmRow(u.get("words").asInt(), u.get("hiddenUnits").asInt(), scores,
        u.get("aisPdStdError").asDouble(), seconds, converged, pd, u.get("betheExcess").asDouble());
  }

  static String line(HiddenLaplaceExperiment.RbmRow r) {
    return String.format(Locale.ROOT, "RBM %d words, K = %d: ais-pd %.3f ± %.3f, laplace %+.3f, bp-lr %+.3f%s,"
        + " laplace-exact %+.3f", r.words(), r.hiddenUnits(), r.scores().get("ais-pd"), r.aisPdStdError(), diff(r, "laplace"),
        diff(r, "bp-lr"), Boolean.FALSE.equals(r.converged().get("bp-lr")) ? " (not converged)" : "",
        diff(r, "laplace-exact"));
  }

  private static double diff(HiddenLaplaceExperiment.RbmRow r, String method) {
    return r.scores().get(method) - r.scores().get("ais-pd");
  }

  /** Part (b): per K and method, the log evidence, its difference from ais-pd, convergence, definiteness, seconds. */
  static String rbmCsv(List<HiddenLaplaceExperiment.RbmRow> rows) {
    StringBuilder b = new StringBuilder("words,hiddenUnits,method,logEvidence,diffFromAisPd,aisPdStdError,converged,"
        + "positiveDefinite,seconds,betheExcess\n");
    for (HiddenLaplaceExperiment.RbmRow r : rows) {
      for (String m : HiddenLaplaceExperiment.RBM_METHODS) {
        Boolean pd = r.positiveDefinite().get(m);
        b.append(r.words()).append(',').append(r.hiddenUnits()).append(',').append(m).append(',').append(r.scores().get(m)).append(',')
            .append(diff(r, m)).append(',').append(r.aisPdStdError()).append(',').append(r.converged().get(m))
            .append(',').append(pd == null ? "" : pd.toString()).append(',').append(r.seconds().get(m)).append(',')
          .append(m.equals("bp-lr") ? String.valueOf(r.betheExcess()) : "").append('\n');
      }
    }
    return b.toString();
  }

  /** Part (b)'s figure for one word set: score − ais-pd against K per method, ais-pd's standard error as bars. */
  static byte[] rbmPng(int words, List<HiddenLaplaceExperiment.RbmRow> rows) {
    List<HiddenLaplaceExperiment.RbmRow> set = rows.stream().filter(r -> r.words() == words).toList();
    double[] k = set.stream().mapToDouble(HiddenLaplaceExperiment.RbmRow::hiddenUnits).toArray();
    List<LinePlot.Series> series = new ArrayList<>();
    for (String m : List.of("laplace", "bp-lr", "laplace-exact")) {
      series.add(new LinePlot.Series(m, k, set.stream().mapToDouble(r -> diff(r, m)).toArray(),
          set.stream().mapToDouble(HiddenLaplaceExperiment.RbmRow::aisPdStdError).toArray()));
    }
    series.add(new LinePlot.Series("ais-pd", k, new double[k.length]));
    return LinePlot.png("RBMs on the " + words + " most frequent words: score - ais-pd", "K (hidden units)",
        "score - ais-pd (nats)", series, false, false, 900, 560);
  }

  /** Part (b)'s section of the report (and of the command's output). */
  static String rbmReport(HiddenLaplaceExperiment.Settings s, Map<HiddenLaplaceExperiment.WordSet, RbmData> data,
      List<HiddenLaplaceExperiment.RbmRow> rows) {
    StringBuilder b = new StringBuilder("\n## Part (b): RBMs on words, Chen & Welling's laplace beside bp-lr and"
        + " laplace-exact\n\n");
    if (data.isEmpty()) {
      return b.append("Not run (no data file given).\n").toString();
    }
    b.append(String.format(Locale.ROOT, "The most frequent words of the first %d documents of %s; score − ais-pd in"
        + " nats (ais-pd with K = %d, G = %d); * marks a score that says it did not converge, ! one whose A is not"
        + " positive definite. \"Bethe excess\" is bp-lr's contrastive Bethe log-likelihood minus the exact"
        + " log-likelihood at bp-lr's point: what the Bethe approximation adds to the likelihood there.%n",
        s.documents(), s.data(), s.aisSteps(), s.aisRuns()));
    for (Map.Entry<HiddenLaplaceExperiment.WordSet, RbmData> set : data.entrySet()) {
      List<String> names = set.getValue().columnNames();
      b.append(String.format(Locale.ROOT, "%n### %d words (%s)%n%n| K | ais-pd | laplace | bp-lr | laplace-exact |"
          + " Bethe excess | seconds (laplace, bp-lr, laplace-exact, ais-pd) |%n|---|---|---|---|---|---|---|%n",
          names.size(), names.size() <= 10 ? String.join(", ", names) : String.join(", ", names.subList(0, 5))
          + ", …"));
      for (HiddenLaplaceExperiment.RbmRow r : rows) {
        if (r.words() != set.getKey().words()) {
          continue;
        }
        b.append(String.format(Locale.ROOT, "| %d | %.2f ± %.2f", r.hiddenUnits(), r.scores().get("ais-pd"),
            r.aisPdStdError()));
        for (String m : List.of("laplace", "bp-lr", "laplace-exact")) {
          b.append(String.format(Locale.ROOT, " | %+.2f%s%s", diff(r, m), Boolean.FALSE.equals(r.converged().get(m))
              ? "*" : "", Boolean.FALSE.equals(r.positiveDefinite().get(m)) ? "!" : ""));
        }
        b.append(String.format(Locale.ROOT, " | %.2f | %.1f, %.1f, %.1f, %.1f |%n", r.betheExcess(),
            r.seconds().get("laplace"), r.seconds().get("bp-lr"), r.seconds().get("laplace-exact"),
            r.seconds().get("ais-pd")));
      }
    }
    b.append(rbmFindings(rows));
    return b.toString();
  }

  /** Part (b)'s summary: which score is closest to ais-pd how often, and how bp-lr fared. */
  static String rbmFindings(List<HiddenLaplaceExperiment.RbmRow> rows) {
    if (rows.isEmpty()) {
      return "";
    }
    Map<String, Integer> closest = new LinkedHashMap<>();
    Map<String, List<Double>> abs = new LinkedHashMap<>();
    for (String m : List.of("laplace", "bp-lr", "laplace-exact")) {
      closest.put(m, 0);
      abs.put(m, new ArrayList<>());
    }
    for (HiddenLaplaceExperiment.RbmRow r : rows) {
      String best = null;
      for (String m : closest.keySet()) {
        abs.get(m).add(Math.abs(diff(r, m)));
        if (best == null || Math.abs(diff(r, m)) < Math.abs(diff(r, best))) {
          best = m;
        }
      }
      closest.merge(best, 1, Integer::sum);
    }
    StringBuilder b = new StringBuilder("\nClosest to ais-pd, over the ").append(rows.size()).append(" (word set, K):");
    List<String> parts = new ArrayList<>();
    for (String m : closest.keySet()) {
      double[] d = abs.get(m).stream().mapToDouble(Double::doubleValue).toArray();
      parts.add(String.format(Locale.ROOT, " %s %d times (mean |score − ais-pd| %.2f nats, largest %.2f)", m,
          closest.get(m), Summaries.mean(d), java.util.Arrays.stream(d).max().orElse(Double.NaN)));
    }
    b.append(String.join(";", parts)).append(".");
    long bpNotConverged = rows.stream().filter(r -> Boolean.FALSE.equals(r.converged().get("bp-lr"))).count();
    long bpNotPd = rows.stream().filter(r -> Boolean.FALSE.equals(r.positiveDefinite().get("bp-lr"))).count();
    long exactNotPd = rows.stream().filter(r -> Boolean.FALSE.equals(r.positiveDefinite().get("laplace-exact")))
        .count();
    long laplaceNotPd = rows.stream().filter(r -> Boolean.FALSE.equals(r.positiveDefinite().get("laplace"))).count();
    b.append(String.format(Locale.ROOT, " A was not positive definite for laplace in %d, bp-lr in %d and laplace-exact"
        + " in %d; bp-lr did not converge in %d.%n", laplaceNotPd, bpNotPd, exactNotPd, bpNotConverged));
    long inflated = rows.stream().filter(r -> r.betheExcess() > 1).count();
    long inflatedClosest = rows.stream().filter(r -> r.betheExcess() > 1 && Math.abs(diff(r, "bp-lr"))
        <= Math.min(Math.abs(diff(r, "laplace")), Math.abs(diff(r, "laplace-exact")))).count();
    b.append(String.format(Locale.ROOT, "%nbp-lr's Bethe excess is above 1 nat in %d of the %d; in %d of those it is"
        + " nevertheless the closest score, which is then a cancellation of errors (the excess against the Gaussian's"
        + " and the fit's), not accuracy. With one hidden unit the graph is a star, BP is exact and bp-lr equals"
        + " laplace-exact.%n", inflated, rows.size(), inflatedClosest));
    return b.toString();
  }
}
