package org.occam.experiments.chenwelling;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.Tables;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmMethod;

/** The files and the terminal output of {@code occam experiment chen-welling}. */
final class ChenWellingOutputs {
  /** The order of the parts and of the methods in {@code scores.csv}; others follow by name. */
  private static final List<String> FIGURES = List.of("1-2", "4", "6", "7");
  private static final List<String> METHODS = List.of("laplace", "laplace0", "map", "ml-bic", "ais-pd",
      ChenWellingScoring.CV);

  private ChenWellingOutputs() {}

  static void write(Path dir, List<ChenWellingScoring.Row> rows, ChenWellingReport.Results r,
      ChenWellingReport.Context c) {
    OutputFiles.write(dir.resolve("scores.csv"), scoresCsv(rows));
    int trueK = c.plan().trueHidden();
    if (c.has(ChenWellingDesign.Part.FIGURES_1_2)) {
      OutputFiles.write(dir.resolve("choices.csv"), ChenWellingFigures.choicesCsv(r.choices(), trueK));
      OutputFiles.write(dir.resolve("fig-2-chosen-k.csv"), ChenWellingFigures.choiceSummaryCsv(r.choiceSummaries(),
          trueK));
      OutputFiles.write(dir.resolve("fig-2-chosen-k.png"), ChenWellingFigures.choicePng("Figure 2: the chosen K over "
          + c.plan().models() + " random RBMs (V = " + ChenWellingDesign.VISIBLE + ", K* = " + trueK + ")",
          r.choiceSummaries(), trueK));
      typical(dir, rows, c);
      OutputFiles.write(dir.resolve("models.csv"), modelsCsv(c.trueModels()));
    }
    String ref = c.plan().reference();
    for (var e : r.points().entrySet()) {
      String f = e.getKey();
      boolean byN = f.equals("4");
      String name = "fig-" + f + (byN ? "-evidence-vs-n" : "-evidence-vs-k");
      String title = switch (f) {
        case "4" -> "Figure 4: log evidence per document, 5 words, K = " + c.plan().fig4Hidden();
        case "6" -> "Figure 6: log evidence per document, 5 words, N = " + e.getValue().get(0).n();
        default -> "Figure 7: log evidence per document, " + c.vocabulary() + " words, N = " + e.getValue().get(0).n();
      };
      OutputFiles.write(dir.resolve(name + ".csv"), ChenWellingFigures.pointsCsv(f, e.getValue(), ref));
      OutputFiles.write(dir.resolve(name + ".png"), ChenWellingFigures.evidencePng(title, e.getValue(), ref, byN));
      OutputFiles.write(dir.resolve("fig-" + f + "-distance-from-" + ref + ".png"), ChenWellingFigures.distancePng(
          title.replace("log evidence per document", "distance from " + ref + " per document"), e.getValue(), ref,
          byN));
    }
    if (!c.subsets().isEmpty()) {
      StringBuilder b = new StringBuilder("figure,n,words,seed,draws,distinctRows\n");
      for (ChenWellingReport.SubsetInfo s : c.subsets()) {
        b.append(s.figure()).append(',').append(s.n()).append(',').append(s.words()).append(',').append(s.seed())
            .append(',').append(s.draws()).append(',').append(s.distinct()).append('\n');
      }
      OutputFiles.write(dir.resolve("subsets.csv"), b.toString());
    }
    OutputFiles.write(dir.resolve("report.md"), ChenWellingReport.markdown(c, r));
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(summary(c, r)));
  }

  /** Every row, by part, model, N, K, method and run. */
  static String scoresCsv(List<ChenWellingScoring.Row> rows) {
    List<ChenWellingScoring.Row> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.<ChenWellingScoring.Row>comparingInt(x -> order(FIGURES, x.figure()))
        .thenComparingInt(ChenWellingScoring.Row::model).thenComparingLong(ChenWellingScoring.Row::n)
        .thenComparingInt(ChenWellingScoring.Row::k).thenComparingInt(x -> order(METHODS, x.method()))
        .thenComparing(ChenWellingScoring.Row::method).thenComparingInt(ChenWellingScoring.Row::run));
    StringBuilder b = new StringBuilder("figure,model,n,k,method,run,logEvidence,perDocument,stdError,"
        + "perDocumentStdError,converged,fineTuningDistance,note,seconds,seed\n");
    for (ChenWellingScoring.Row r : sorted) {
      b.append(r.figure()).append(',').append(r.figure().equals("1-2") ? Integer.toString(r.model()) : "")
          .append(',').append(r.n()).append(',').append(r.k()).append(',').append(r.method()).append(',')
          .append(r.run()).append(',').append(ChenWellingFigures.precise(r.logEvidence())).append(',')
          .append(ChenWellingFigures.precise(r.perDocument())).append(',')
          .append(ChenWellingFigures.precise(r.stdError())).append(',')
          .append(ChenWellingFigures.precise(r.perDocumentStdError())).append(',').append(r.converged()).append(',')
          .append(ChenWellingFigures.fmt(r.fineTuningDistance())).append(',').append(r.note().replace(',', ';'))
          .append(',')
          .append(String.format(Locale.ROOT, "%.3f", r.seconds())).append(',').append(r.seed()).append('\n');
    }
    return b.toString();
  }

  private static int order(List<String> known, String s) {
    int i = known.indexOf(s);
    return i < 0 ? known.size() : i;
  }

  /** Figure 1: model 0 at the largest N, Laplace per item and the cross-validation fold mean ± sd per K. */
  private static void typical(Path dir, List<ChenWellingScoring.Row> rows, ChenWellingReport.Context c) {
    long n = c.plan().sizes().get(c.plan().sizes().size() - 1);
    int folds = c.plan().cv().folds();
    List<ChenWellingScoring.Row> lap = new ArrayList<>();
    List<ChenWellingScoring.Row> cv = new ArrayList<>();
    for (ChenWellingScoring.Row r : ChenWellingReport.figure(rows, "1-2")) {
      if (r.model() == 0 && r.n() == n) {
        (r.method().equals(ChenWellingScoring.CV) ? cv : lap).add(r);
      }
    }
    lap.sort(Comparator.comparingInt(ChenWellingScoring.Row::k));
    cv.sort(Comparator.comparingInt(ChenWellingScoring.Row::k));
    StringBuilder b = new StringBuilder("model,n,k,method,perDocument,sdPerDocument\n");
    for (ChenWellingScoring.Row r : lap) {
      b.append("0,").append(n).append(',').append(r.k()).append(',').append(r.method()).append(',')
          .append(ChenWellingFigures.precise(r.perDocument())).append(",\n");
    }
    for (ChenWellingScoring.Row r : cv) {
      b.append("0,").append(n).append(',').append(r.k()).append(',').append(r.method()).append(',')
          .append(ChenWellingFigures.precise(r.perDocument())).append(',')
          .append(ChenWellingFigures.precise(r.perDocumentStdError() * Math.sqrt(folds))).append('\n');
    }
    OutputFiles.write(dir.resolve("fig-1-typical.csv"), b.toString());
    double[][] l = columns(lap, 1);
    OutputFiles.write(dir.resolve("fig-1-laplace.png"), ChenWellingFigures.linePng("Figure 1 (top): Laplace log "
        + "evidence per item, model 0, N = " + n, "laplace", l[0], l[1], null, "log evidence / N (nats)"));
    double[][] v = columns(cv, Math.sqrt(folds));
    OutputFiles.write(dir.resolve("fig-1-cv.png"), ChenWellingFigures.linePng("Figure 1 (bottom): " + folds
        + "-fold cross-validation, model 0, N = " + n, "held-out log-likelihood per item (fold mean +-1 sd)", v[0],
        v[1], v[2], "nats per item"));
  }

  /** K, the per-item values (finite only) and their standard errors times {@code scale}. */
  private static double[][] columns(List<ChenWellingScoring.Row> rows, double scale) {
    List<ChenWellingScoring.Row> finite = rows.stream().filter(r -> Double.isFinite(r.perDocument())).toList();
    double[][] out = new double[3][finite.size()];
    for (int i = 0; i < finite.size(); i++) {
      out[0][i] = finite.get(i).k();
      out[1][i] = finite.get(i).perDocument();
      double se = finite.get(i).perDocumentStdError();
      out[2][i] = Double.isFinite(se) ? se * scale : 0;
    }
    return out;
  }

  static String modelsCsv(List<Rbm> models) {
    StringBuilder b = new StringBuilder("model,visible,hidden,lambda\n");
    for (int m = 0; m < models.size(); m++) {
      Rbm rbm = models.get(m);
      StringBuilder l = new StringBuilder();
      for (double v : rbm.parameters()) {
        l.append(l.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.6f", v));
      }
      b.append(m).append(',').append(rbm.visibleCount()).append(',').append(rbm.hiddenCount()).append(',').append(l)
          .append('\n');
    }
    return b.toString();
  }

  static Map<String, Object> summary(ChenWellingReport.Context c, ChenWellingReport.Results r) {
    ChenWellingPlan p = c.plan();
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Chen & Welling (2013), Figures 1-2, 4, 6 and 7");
    root.put("seed", c.seed());
    root.put("quick", c.quick());
    root.put("parts", c.parts().stream().map(ChenWellingDesign.Part::label).toList());
    root.put("threads", c.threads());
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("file", c.data().toString());
    data.put("documents", c.documents());
    data.put("words", c.vocabulary());
    data.put("fewWords", c.fewWords());
    data.put("note", "State of the Union chunks; the paper used 20 Newsgroups (not available)");
    root.put("data", data);
    Map<String, Object> design = new LinkedHashMap<>();
    design.put("models", p.models());
    design.put("visible", ChenWellingDesign.VISIBLE);
    design.put("trueHidden", p.trueHidden());
    design.put("sizes", p.sizes());
    design.put("candidates", Arrays.stream(p.candidates()).boxed().toList());
    design.put("fig4Sizes", p.fig4Sizes());
    design.put("fig4Hidden", p.fig4Hidden());
    design.put("fig6Hidden", Arrays.stream(p.fig6Hidden()).boxed().toList());
    design.put("fig7Hidden", Arrays.stream(p.fig7Hidden()).boxed().toList());
    design.put("fig7LaplaceHidden", Arrays.stream(p.fig7LaplaceHidden()).boxed().toList());
    design.put("methods", p.scores().stream().map(RbmMethod::label).toList());
    design.put("aisPd", p.aisPdAsked());
    design.put("reference", p.reference());
    design.put("repeats", p.repeats());
    root.put("design", design);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("laplace", p.laplace().toMap());
    settings.put("figures12Laplace", p.small().toMap());
    settings.put("figures12CrossValidation", p.cv().toMap());
    Map<String, Object> ais = new LinkedHashMap<>();
    ais.put("runs", p.aisPd().runs());
    ais.put("steps", p.aisPd().steps());
    ais.put("note", "asked of ais-pd; passed to RbmScorer once it takes ais-pd settings");
    settings.put("aisPd", ais);
    root.put("settings", settings);
    ChenWellingExperiment.Seeds s = c.seeds();
    Map<String, Object> seeds = new LinkedHashMap<>();
    seeds.put("figures12Laplace", s.fig12Laplace());
    seeds.put("figures12CrossValidation", s.fig12Cv());
    seeds.put("figure4Subsets", s.fig4Subsets());
    seeds.put("figure4Scores", s.fig4Scores());
    seeds.put("figure6Subset", s.fig6Subset());
    seeds.put("figure6Scores", s.fig6Scores());
    seeds.put("figure7Subset", s.fig7Subset());
    seeds.put("figure7Scores", s.fig7Scores());
    seeds.put("rule", "task seed = SplitMix64 hash of the part's seed and the task's (model, N, K, run, group); "
        + "the models and samples of Figures 1-2 come from streams split off --seed's stream first");
    root.put("seeds", seeds);
    Map<String, Object> figures = new LinkedHashMap<>();
    if (!r.choiceSummaries().isEmpty()) {
      List<Object> list = new ArrayList<>();
      for (ChenWellingFigures.ChoiceSummary cs : r.choiceSummaries()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", cs.n());
        m.put("method", cs.method());
        m.put("models", cs.models());
        m.put("meanChosenK", cs.meanK());
        m.put("sdChosenK", cs.sdK());
        m.put("meanAbsErrorFromTrueK", cs.meanAbsError());
        m.put("correct", cs.correct());
        list.add(m);
      }
      figures.put("1-2", Map.of("chosenK", list));
    }
    for (var e : r.closeness().entrySet()) {
      List<Object> list = new ArrayList<>();
      for (ChenWellingFigures.Closeness cl : e.getValue()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("method", cl.method());
        m.put("points", cl.points());
        m.put("missing", cl.missing());
        m.put("meanAbsDiffPerDocument", cl.meanAbsDiff());
        m.put("meanSignedDiffPerDocument", cl.meanSignedDiff());
        m.put("below", cl.below());
        list.add(m);
      }
      figures.put(e.getKey(), Map.of("closeness", list));
    }
    root.put("figures", figures);
    List<Object> claims = new ArrayList<>();
    for (ChenWellingReport.Claim cl : r.claims()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("figure", cl.figure());
      m.put("claim", cl.title());
      m.put("paper", cl.paper());
      m.put("verdict", cl.verdict());
      m.put("evidence", cl.evidence());
      m.put("numbers", cl.numbers());
      claims.add(m);
    }
    root.put("claims", claims);
    root.put("subsets", c.subsets().stream().map(x -> Map.of("figure", x.figure(), "n", x.n(), "seed", x.seed(),
        "draws", x.draws(), "distinctRows", x.distinct())).toList());
    Map<String, Object> timing = new LinkedHashMap<>();
    timing.put("totalSeconds", c.totalSeconds());
    List<Object> parts = new ArrayList<>();
    for (ChenWellingExperiment.PartTiming t : c.timings()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("figure", t.figure());
      m.put("tasks", t.tasks());
      m.put("wallSeconds", t.wallSeconds());
      m.put("summedTaskSeconds", t.taskSeconds());
      parts.add(m);
    }
    timing.put("parts", parts);
    timing.put("loadAverageAtStart", c.loadAtStart());
    timing.put("loadAverageAtEnd", c.loadAtEnd());
    root.put("timing", timing);
    return root;
  }

  /** The terminal: Figure 2's table, each evidence figure's closeness and the verdicts. */
  static void print(PrintWriter o, ChenWellingReport.Results r, ChenWellingReport.Context c) {
    if (!r.choiceSummaries().isEmpty()) {
      o.printf(Locale.ROOT, "%nFigure 2: the chosen K over %d models (K* = %d)%n", c.plan().models(),
          c.plan().trueHidden());
      List<String[]> rows = new ArrayList<>();
      for (ChenWellingFigures.ChoiceSummary s : r.choiceSummaries()) {
        rows.add(new String[] {Long.toString(s.n()), s.method(), String.format(Locale.ROOT, "%.2f", s.meanK()),
            String.format(Locale.ROOT, "%.2f", s.sdK()), s.correct() + "/" + s.models()});
      }
      Tables.print(o, new String[] {"N", "method", "mean K", "sd K", "K = K*"}, rows);
    }
    for (var e : r.closeness().entrySet()) {
      o.printf(Locale.ROOT, "%nFigure %s: closeness to %s per document%n", e.getKey(), c.plan().reference());
      List<String[]> rows = new ArrayList<>();
      for (ChenWellingFigures.Closeness cl : e.getValue()) {
        rows.add(new String[] {cl.method(), Integer.toString(cl.points()), ChenWellingReport.sci(cl.meanAbsDiff()),
            ChenWellingReport.signed(cl.meanSignedDiff()), cl.below() + "/" + cl.points()});
      }
      Tables.print(o, new String[] {"method", "points", "mean |diff|", "mean diff", "below"}, rows);
    }
    o.printf("%nThe paper's findings, checked against this run:%n");
    for (ChenWellingReport.Claim cl : r.claims()) {
      o.printf("- %s: %s. %s%n", cl.title(), cl.verdict(), cl.evidence());
    }
  }
}
