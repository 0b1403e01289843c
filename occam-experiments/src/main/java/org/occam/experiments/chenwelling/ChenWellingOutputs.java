package org.occam.experiments.chenwelling;

import static org.occam.experiments.chenwelling.ChenWellingFigures.precise;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmMethod;
import org.occam.report.OutputFiles;
import org.occam.report.ResultJson;
import org.occam.report.Tables;

/** The files and the terminal output of {@code occam experiment chen-welling}. */
final class ChenWellingOutputs {
  /** The order of the parts and of the methods in {@code scores.csv}; others follow by name. */
  private static final List<String> FIGURES = List.of("1-2", "4", "6", "7");
  private static final List<String> METHODS = List.of("laplace", "laplace0", "map", "ml-bic", "harmonic1",
      "harmonic4", "bridge-geo", "bridge-opt", "dic", "ais-pd", ChenWellingScoring.CV);

  private ChenWellingOutputs() {}

  static void write(Path dir, List<ChenWellingScoring.Row> rows, ChenWellingReport.Results r,
      ChenWellingReport.Context c) {
    OutputFiles.write(dir.resolve("scores.csv"), scoresCsv(rows));
    int trueK = c.plan().trueHidden();
    if (c.has(ChenWellingDesign.Part.FIGURES_1_2)) {
      OutputFiles.write(dir.resolve("choices.csv"), choicesCsv(r.choices(), trueK));
      OutputFiles.write(dir.resolve("fig-2-chosen-k.csv"), choiceSummaryCsv(r.choiceSummaries(),
          trueK));
      OutputFiles.write(dir.resolve("fig-2-chosen-k.png"), ChenWellingPlots.choicePng("Figure 2: the chosen K over "
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
      OutputFiles.write(dir.resolve(name + ".csv"), pointsCsv(f, e.getValue(), ref));
      // the paper's panels: (a) the single-point methods, (b) Laplace beside the MCMC-based estimators
      List<ChenWellingFigures.Point> single = e.getValue().stream().filter(p -> !sampleBased(p.method())).toList();
      List<ChenWellingFigures.Point> mcmc = e.getValue().stream().filter(p -> sampleBased(p.method())
          || p.method().equals(ref) || p.method().equals(RbmMethod.LAPLACE.label())).toList();
      OutputFiles.write(dir.resolve(name + ".png"), ChenWellingPlots.evidencePng(title, single, ref, byN));
      if (e.getValue().stream().anyMatch(p -> sampleBased(p.method()))) {
        OutputFiles.write(dir.resolve(name + "-mcmc.png"), ChenWellingPlots.evidencePng(title
            + " (b): MCMC-based", mcmc, ref, byN));
      }
      OutputFiles.write(dir.resolve("fig-" + f + "-distance-from-" + ref + ".png"), ChenWellingPlots.distancePng(
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
    OutputFiles.write(dir.resolve("summary.json"), ResultJson.write(ChenWellingSummary.summary(c, r)));
  }

  /** Every row, by part, model, N, K, method and run. */
  static String scoresCsv(List<ChenWellingScoring.Row> rows) {
    List<ChenWellingScoring.Row> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.<ChenWellingScoring.Row>comparingInt(x -> order(FIGURES, x.figure()))
        .thenComparingInt(ChenWellingScoring.Row::model).thenComparingLong(ChenWellingScoring.Row::n)
        .thenComparingInt(ChenWellingScoring.Row::k).thenComparingInt(x -> order(METHODS, x.method()))
        .thenComparing(ChenWellingScoring.Row::method).thenComparingInt(ChenWellingScoring.Row::run));
    StringBuilder b = new StringBuilder("figure,model,n,k,method,run,logEvidence,perDocument,stdError,"
        + "perDocumentStdError,converged,fineTuningDistance,fineTuningRemaining,note,seconds,seed\n");
    for (ChenWellingScoring.Row r : sorted) {
      b.append(r.figure()).append(',').append(r.figure().equals("1-2") ? Integer.toString(r.model()) : "")
          .append(',').append(r.n()).append(',').append(r.k()).append(',').append(r.method()).append(',')
          .append(r.run()).append(',').append(ChenWellingFigures.precise(r.logEvidence())).append(',')
          .append(ChenWellingFigures.precise(r.perDocument())).append(',')
          .append(ChenWellingFigures.precise(r.stdError())).append(',')
          .append(ChenWellingFigures.precise(r.perDocumentStdError())).append(',').append(r.converged()).append(',')
          .append(ChenWellingFigures.fmt(r.fineTuningDistance())).append(',')
          .append(ChenWellingFigures.fmt(r.fineTuningRemaining())).append(',').append(r.note().replace(',', ';'))
          .append(',').append(String.format(Locale.ROOT, "%.3f", r.seconds())).append(',').append(r.seed()).append('\n');
    }
    return b.toString();
  }

  /** Whether a method is one of the MCMC-based estimators (harmonic1 … dic). */
  static boolean sampleBased(String method) {
    return java.util.Arrays.stream(RbmMethod.values()).anyMatch(m -> m.sampleBased() && m.label().equals(method));
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
    OutputFiles.write(dir.resolve("fig-1-laplace.png"), ChenWellingPlots.linePng("Figure 1 (top): Laplace log "
        + "evidence per item, model 0, N = " + n, "laplace", l[0], l[1], null, "log evidence / N (nats)"));
    double[][] v = columns(cv, Math.sqrt(folds));
    OutputFiles.write(dir.resolve("fig-1-cv.png"), ChenWellingPlots.linePng("Figure 1 (bottom): " + folds
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

  /** fig-2-chosen-k.csv. */
  static String choiceSummaryCsv(List<ChenWellingFigures.ChoiceSummary> summaries, int trueK) {
    StringBuilder b = new StringBuilder("n,method,models,meanChosenK,sdChosenK,meanAbsErrorFromTrueK,correct,trueK\n");
    for (ChenWellingFigures.ChoiceSummary s : summaries) {
      b.append(s.n()).append(',').append(s.method()).append(',').append(s.models()).append(',')
          .append(precise(s.meanK())).append(',').append(precise(s.sdK())).append(',')
          .append(precise(s.meanAbsError())).append(',').append(s.correct()).append(',').append(trueK).append('\n');
    }
    return b.toString();
  }

  /** choices.csv. */
  static String choicesCsv(List<ChenWellingFigures.Choice> choices, int trueK) {
    StringBuilder b = new StringBuilder("model,n,method,chosenK,trueK\n");
    for (ChenWellingFigures.Choice c : choices) {
      b.append(c.model()).append(',').append(c.n()).append(',').append(c.method()).append(',').append(c.chosenK())
          .append(',').append(trueK).append('\n');
    }
    return b.toString();
  }

  /** fig-4/6/7 CSVs. */
  static String pointsCsv(String figure, List<ChenWellingFigures.Point> points, String reference) {
    StringBuilder b = new StringBuilder("figure,n,k,method,runs,finiteRuns,meanPerDocument,sdPerDocument,"
        + "meanStdErrorPerDocument,minus_" + reference + "\n");
    for (ChenWellingFigures.Point p : points) {
      b.append(figure).append(',').append(p.n()).append(',').append(p.k()).append(',').append(p.method()).append(',')
          .append(p.runs()).append(',').append(p.finiteRuns()).append(',').append(precise(p.meanPerDocument()))
          .append(',').append(precise(p.sdPerDocument())).append(',').append(precise(p.meanStdErrorPerDocument()))
          .append(',').append(precise(p.minusReference())).append('\n');
    }
    return b.toString();
  }

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
