package org.occam.experiments.crffaq;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.crf.CrfData;
import org.occam.crf.CrfModel;
import org.occam.experiments.PaperClaim;
import org.occam.report.ResultJson;
import org.occam.report.Tables;

/**
 * The {@code report.md}, {@code summary.json} and printed tables of a {@link CrfFaqExperiment} run:
 * every part's numbers beside the papers' claims ({@link CrfFaqClaims}), the data and the choices
 * made where the papers are silent, and the run's speed beside the papers'.
 */
final class CrfFaqReport {
  private CrfFaqReport() {}

  /** The run's timing, in seconds. */
  record Timing(double total, double figure5, double figures6to8, double prediction, double processCpuSeconds,
      double loadAtStart, double loadAtEnd) {}

  /**
   * What the report needs besides the rows.
   *
   * @param features Figure 5's features in the order added
   * @param fig5Data Figure 5's documents
   * @param sizes the N of Figure 6 that were run
   * @param model the model of Figures 6–8 and the prediction table
   * @param floor the CVM noise floor (parameters × the 99% null quantile of one parameter's score)
   * @param test the held-out documents
   * @param parameters the model's number of parameters
   */
  record Context(long seed, int threads, boolean quick, CrfFaqPlan plan, CrfFaqData data, List<String> features,
      CrfData fig5Data, List<Integer> sizes, CrfModel model, double floor, CrfData test, int parameters,
      Timing timing) {}

  static String markdown(Context c, List<CrfFaqScores.Row> fig5, List<CrfFaqPosteriors.Row> fig6,
      List<CrfFaqPosteriors.Marginal> marginals, List<CrfFaqPredictions.Row> prediction, List<PaperClaim> claims) {
    CrfFaqPlan p = c.plan();
    StringBuilder b = new StringBuilder();
    b.append("# CRFs on the newsgroup FAQs: Parise & Welling (2006) Figure 5, Welling & Parise (UAI 2006) Figures "
        + "6-8 and Bayesian prediction\n\n");
    b.append(String.format(Locale.ROOT, "Seed %d, %d thread(s)%s.%n%n", c.seed(), c.threads(), c.quick()
        ? ", reduced run (--quick): fewer documents, features, draws and AIS temperatures; not the papers' sizes"
        : ""));
    b.append("## Data\n\n");
    CrfFaqData d = c.data();
    b.append(String.format(Locale.ROOT, "- %d documents: the question and answer lines (head lines dropped, as the "
        + "papers binarise the problem) of two FAQs, %s, each cut into documents of %d lines (a shorter last one "
        + "kept); label question = spin -1, answer = +1; inputs: the 24 binary line features.%n", d.size(),
        faqs(d), CrfFaqData.LINES));
    b.append("- The labels are derived by rules from the FAQs' layout, not hand-labelled as McCallum et al.'s "
        + "(data/SOURCES.md): a line's label can be wrong where the layout misleads the rules.\n");
    b.append("- The papers use 48 hand-labelled FAQ files truncated at 100 lines; ours are two FAQs cut into "
        + "100-line documents.\n");
    b.append(String.format(Locale.ROOT, "- A seeded shuffle of the documents (`taskSeed(seed, 0)`) orders them: "
        + "the training set of size N is the first N (nested), the held-out documents follow the largest N; "
        + "documents.csv lists every document's role.%n%n"));

    b.append("## Figure 5 (Parise & Welling 2006, section 4.2): scores of nested models on two documents\n\n");
    List<String> docs = c.fig5Data().sequences().stream().map(CrfData.Sequence::id).toList();
    b.append(String.format(Locale.ROOT, "Documents %s (the first %d of the seeded order; %d lines). Models: the state "
        + "features t_i g_a(x_i) of %d inputs added one by one in a seeded order (`taskSeed(seed, 5)`), then their "
        + "transition features t_i t_{i+1} g_a(x_i) in the same order: %d models, tied parameters, prior N(0, I). "
        + "Each scored by map, bic-map, laplace-exact (on a chain also BP-LR) and ais (%d temperatures, G = %d "
        + "runs, one HMC move of 10 leapfrog steps per temperature, exact log Z(x) by forward-backward)%s. The "
        + "paper plots the score divided by its N = 2 documents; we plot and tabulate the score per line (that "
        + "divided by %d more).%n%n", String.join(" and ", docs), docs.size(), c.fig5Data().positions(),
        p.fig5Inputs(), p.fig5Models(), p.aisSteps(), p.aisRuns(), p.aisSteps() >= 10_000
            && p.aisRuns() >= 10 ? " (the papers' 10^4 and G = 10)" : " (fewer than the 10^4 temperatures and G = 10 "
            + "of Occam's ais, to fit the time: 10^4 x 10 costs about 24 CPU seconds per model here, measured, so "
            + "the 48 models would take about 20 CPU minutes)", c.fig5Data().positions() / docs.size()));
    b.append("| features | added | map | bic-map | laplace-exact | ais | ais s.e. | ais seconds |\n");
    b.append("|---:|---|---:|---:|---:|---:|---:|---:|\n");
    for (int k = 1; k <= p.fig5Models(); k++) {
      int kk = k;
      List<CrfFaqScores.Row> r = fig5.stream().filter(x -> x.features() == kk).toList();
      if (r.isEmpty()) {
        continue;
      }
      CrfFaqScores.Row ais = row5(r, "ais");
      b.append("| ").append(k).append(" | ").append(r.get(0).added());
      for (String m : CrfFaqScores.METHODS) {
        CrfFaqScores.Row x = row5(r, m);
        b.append(" | ").append(x == null ? "-" : f4(x.perLine()));
      }
      b.append(" | ").append(ais == null ? "-" : g3(ais.stdError() / ais.lines())).append(" | ")
          .append(ais == null ? "-" : String.format(Locale.ROOT, "%.1f", ais.seconds())).append(" |\n");
    }
    Map<String, Double> diff = CrfFaqScores.meanAbsoluteDifference(fig5);
    b.append("\nMean |score - ais| per line over the models: ");
    List<String> parts = new ArrayList<>();
    diff.forEach((m, v) -> parts.add(m + " " + g3(v)));
    b.append(String.join(", ", parts)).append(". Figure: fig-5-scores.png (CSV: fig-5-scores.csv).\n\n");

    b.append("## Figures 6-8 (Welling & Parise 2006, section 7): posteriors against N\n\n");
    b.append(String.format(Locale.ROOT, "Model: %d tied parameters (state and transition features of %d inputs%s), "
        + "prior N(0, I). N = %s training documents%s. Per N, one set each of %s (random-walk Metropolis-Hastings "
        + "with the exact likelihood by forward-backward, proposals shaped by the Laplace covariance: the ground "
        + "truth, as the paper's; warm-up %d, at most %d transitions per chain after it), bl-mp (the Laplace "
        + "Gaussian at the MAP point, untied covariance projected to the tied parameters, as the paper's 199 -> 48), "
        + "lv-cd (brief Langevin with one Gibbs sweep of the chain per gradient) and hmc (exact gradients, scored "
        + "against mh as a check of the ground truth: both target the exact posterior), each of %d draws over %d "
        + "chain(s) (warm-up %d, at most %d transitions per chain after it for bl-mp, lv-cd and hmc; the paper's "
        + "sets are larger, so the CVM scale differs from its axis). "
        + "The CVM score (UAI eqn 23) is summed over the parameters; two sets of this size from one distribution "
        + "stay below %s (99%%, summed per-parameter quantiles).%n%n", c.parameters(), c.model().features().size() / 2,
        c.model().features().size() == 2 * CrfFaqPlan.INPUTS ? ", the papers' 48" : "; the papers' 48 in the full "
            + "run", c.sizes(), c.sizes().equals(p.sizes()) ? "" : " (the asked " + p.sizes() + " reduced to those "
            + "leaving a held-out document)", CrfFaqPosteriors.TRUTH, p.truthSampling().warmup(),
        p.truthSampling().maxTransitions(), p.sampling().samples(), p.sampling().chains(),
        p.sampling().warmup(), p.sampling().maxTransitions(), g3(c.floor())));
    b.append("| N | bl-mp CVM | lv-cd CVM | hmc CVM (check) | mh seconds | bl-mp seconds | lv-cd seconds | hmc seconds "
        + "| converged (mh, bl-mp, lv-cd, hmc) | mh MPSRF | notes |\n"
        + "|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|\n");
    for (int n : CrfFaqPosteriors.sizes(fig6)) {
      CrfFaqPosteriors.Row t = CrfFaqPosteriors.at(fig6, CrfFaqPosteriors.TRUTH, n);
      CrfFaqPosteriors.Row bl = CrfFaqPosteriors.at(fig6, CrfFaqPosteriors.BL_MP, n);
      CrfFaqPosteriors.Row lv = CrfFaqPosteriors.at(fig6, CrfFaqPosteriors.LV_CD, n);
      CrfFaqPosteriors.Row hm = CrfFaqPosteriors.at(fig6, CrfFaqPosteriors.CHECK, n);
      List<String> notes = new ArrayList<>();
      for (CrfFaqPosteriors.Row r : List.of(t, bl, lv, hm)) {
        if (r.failed()) {
          notes.add(r.method() + ": " + r.note());
        }
      }
      b.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s | %s | %s, %s, %s, %s | %s | %s |%n", n,
          g3(bl.cvm()), g3(lv.cvm()), g3(hm.cvm()), s1(t.seconds()), s1(bl.seconds()), s1(lv.seconds()),
          s1(hm.seconds()), yes(t.converged()), yes(bl.converged()), yes(lv.converged()), yes(hm.converged()),
          g3(t.mpsrf()), String.join("; ", notes)));
    }
    b.append("\nFigure: fig-6-cvm-vs-n.png (CSV: fig-6-cvm-vs-n.csv).\n\n");
    b.append("Figures 7 and 8: each method's worst- and best-fitting marginal by the univariate CVM score at the "
        + "smallest and the largest N, the method outlined over the ground truth's histogram (fig-7-*.png, "
        + "fig-8-*.png; every parameter's score in fig-7-8-marginals.csv).\n\n");
    b.append("| N | method | worst parameter | its CVM | best parameter | its CVM |\n|---:|---|---|---:|---|---:|\n");
    for (int n : marginals.stream().mapToInt(CrfFaqPosteriors.Marginal::n).distinct().sorted().toArray()) {
      for (String m : CrfFaqPosteriors.COMPARED) {
        List<CrfFaqPosteriors.Marginal> wb = CrfFaqPosteriors.worstAndBest(marginals, m, n);
        if (wb.size() == 2) {
          b.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s |%n", n, m, wb.get(0).parameter(),
              g3(wb.get(0).cvm()), wb.get(1).parameter(), g3(wb.get(1).cvm())));
        }
      }
    }
    b.append("\n## Prediction (Welling & Parise 2006, section 5)\n\n");
    b.append(String.format(Locale.ROOT, "Trained on the N = %d training documents (the model above, its MAP point "
        + "and Laplace posterior), tested on %d held-out documents (%d lines); S = %d posterior samples for vote, "
        + "weighted-vote and super-graph. The paper reports about 1.5%% error for MAP on its FAQ files.%n%n",
        c.sizes().get(c.sizes().size() - 1), c.test().size(), c.test().positions(), p.prediction().samples()));
    b.append("| method | label error | wrong lines | held-out lines | seconds | note |\n"
        + "|---|---:|---:|---:|---:|---|\n");
    for (CrfFaqPredictions.Row r : prediction) {
      b.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %s | %s |%n", r.method(), r.failed() ? "-"
          : String.format(Locale.ROOT, "%.2f%%", 100 * r.errorRate()), r.errors(), r.positions(), s1(r.seconds()),
          r.note()));
    }
    b.append("| paper (map) | about 1.5% | | | | other FAQ files, hand labels |\n\n");
    b.append("Why ours differs from the paper's 1.5%: different FAQs (sed and lsof cut into 100-line documents, not "
        + "the paper's 48 files), labels derived by rules from the layout (not McCallum's hand labels), and the 24 "
        + "line features extracted by our own rules from the text (their definitions follow McCallum et al. but "
        + "not their code).\n\n");

    b.append("## The papers' findings, checked\n\n");
    for (PaperClaim cl : claims) {
      b.append("- ").append(cl.title()).append(" (paper: ").append(cl.paper()).append("): **").append(cl.verdict())
          .append("**. ").append(cl.evidence()).append(".\n");
    }
    Timing t = c.timing();
    b.append("\n## Speed\n\n");
    b.append(String.format(Locale.ROOT, "Total %.1f s wall: Figure 5 %.1f s, Figures 6-8 %.1f s, prediction %.1f s; "
        + "%.1f s process CPU on %d thread(s); load average %.1f at start, %.1f at end (a shared machine). The UAI "
        + "paper reports about 5 hours per N for lv-cd and 2 minutes for bl-mp.%n", t.total(), t.figure5(),
        t.figures6to8(), t.prediction(), t.processCpuSeconds(), c.threads(), t.loadAtStart(), t.loadAtEnd()));
    double[] aisSeconds = fig5.stream().filter(r -> r.method().equals(CrfFaqScores.AIS)).mapToDouble(
        CrfFaqScores.Row::seconds).toArray();
    if (aisSeconds.length > 0) {
      b.append(String.format(Locale.ROOT, "AIS (%d temperatures x G = %d) took %.1f s wall per model on average, "
          + "%.1f s for the largest (%d features), on one thread each.%n", p.aisSteps(), p.aisRuns(),
          java.util.Arrays.stream(aisSeconds).average().orElse(Double.NaN), aisSeconds[aisSeconds.length - 1],
          p.fig5Models()));
    }
    b.append("\n## Seeds\n\nDocuments shuffled with `taskSeed(seed, 0)`; Figure 5's input order with "
        + "`taskSeed(seed, 5)` and model k with `taskSeed(seed, 5, k)`; Figure 6's problem at N with "
        + "`taskSeed(seed, 6, N)` and method j of (mh, bl-mp, lv-cd, hmc) with `taskSeed(problemSeed, j)`; predictor i "
        + "with `taskSeed(seed, 9, i)`. The numbers do not depend on the thread count.\n");
    return b.toString();
  }

  static Map<String, Object> summary(Context c, List<CrfFaqScores.Row> fig5, List<CrfFaqPosteriors.Row> fig6,
      List<CrfFaqPosteriors.Marginal> marginals, List<CrfFaqPredictions.Row> prediction, List<PaperClaim> claims) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("experiment", "crf-faq");
    m.put("seed", c.seed());
    m.put("threads", c.threads());
    m.put("quick", c.quick());
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("documents", c.data().size());
    for (String f : CrfFaqData.FILES) {
      String faq = f.substring(0, f.length() - ".tsv".length());
      data.put(faq, c.data().documentsOf(faq));
    }
    data.put("linesPerDocument", CrfFaqData.LINES);
    data.put("labels", "rule-derived (data/SOURCES.md)");
    m.put("data", data);
    Map<String, Object> f5 = new LinkedHashMap<>();
    f5.put("documents", c.fig5Data().sequences().stream().map(CrfData.Sequence::id).toList());
    f5.put("lines", c.fig5Data().positions());
    f5.put("features", c.features());
    f5.put("aisSteps", c.plan().aisSteps());
    f5.put("aisRuns", c.plan().aisRuns());
    f5.put("plotted", "log evidence per line");
    Map<String, Object> curves = new LinkedHashMap<>();
    for (String meth : CrfFaqScores.METHODS) {
      curves.put(meth, CrfFaqScores.curve(fig5, meth));
    }
    f5.put("perLine", curves);
    f5.put("meanAbsDiffPerLineFromAis", CrfFaqScores.meanAbsoluteDifference(fig5));
    m.put("figure5", f5);
    List<Object> f6 = new ArrayList<>();
    for (CrfFaqPosteriors.Row r : fig6) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("n", r.n());
      o.put("method", r.method());
      o.put("cvm", finite(r.cvm()));
      o.put("seconds", finite(r.seconds()));
      o.put("converged", r.converged());
      o.put("note", r.note());
      f6.add(o);
    }
    m.put("figure6", ResultJson.object("parameters", c.parameters(), "truth", CrfFaqPosteriors.TRUTH, "noiseFloor",
        finite(c.floor()), "rows", f6));
    List<Object> f78 = new ArrayList<>();
    for (int n : marginals.stream().mapToInt(CrfFaqPosteriors.Marginal::n).distinct().sorted().toArray()) {
      for (String meth : CrfFaqPosteriors.COMPARED) {
        List<CrfFaqPosteriors.Marginal> wb = CrfFaqPosteriors.worstAndBest(marginals, meth, n);
        if (wb.size() == 2) {
          Map<String, Object> o = new LinkedHashMap<>();
          o.put("n", n);
          o.put("method", meth);
          o.put("worst", wb.get(0).parameter());
          o.put("worstCvm", wb.get(0).cvm());
          o.put("best", wb.get(1).parameter());
          o.put("bestCvm", wb.get(1).cvm());
          f78.add(o);
        }
      }
    }
    m.put("figures7and8", f78);
    List<Object> pr = new ArrayList<>();
    for (CrfFaqPredictions.Row r : prediction) {
      Map<String, Object> o = new LinkedHashMap<>();
      o.put("method", r.method());
      o.put("errorRate", finite(r.errorRate()));
      o.put("errors", r.errors());
      o.put("positions", r.positions());
      o.put("seconds", finite(r.seconds()));
      o.put("note", r.note());
      pr.add(o);
    }
    m.put("prediction", ResultJson.object("testDocuments", c.test().size(), "paperMapErrorRate",
        CrfFaqPredictions.PAPER_MAP_ERROR, "rows", pr));
    m.put("claims", PaperClaim.toJson(claims));
    Timing t = c.timing();
    Map<String, Object> time = new LinkedHashMap<>();
    time.put("totalSeconds", t.total());
    time.put("figure5Seconds", t.figure5());
    time.put("figures6to8Seconds", t.figures6to8());
    time.put("predictionSeconds", t.prediction());
    time.put("processCpuSeconds", finite(t.processCpuSeconds()));
    time.put("loadAtStart", finite(t.loadAtStart()));
    time.put("loadAtEnd", finite(t.loadAtEnd()));
    m.put("timing", time);
    return m;
  }

  static void print(PrintWriter o, Context c, List<CrfFaqScores.Row> fig5, List<CrfFaqPosteriors.Row> fig6,
      List<CrfFaqPredictions.Row> prediction, List<PaperClaim> claims) {
    o.printf("%nFigure 5: log evidence per line on %d documents, by number of features%n", c.fig5Data().size());
    List<String[]> rows = new ArrayList<>();
    for (int k = 1; k <= c.plan().fig5Models(); k++) {
      int kk = k;
      List<CrfFaqScores.Row> r = fig5.stream().filter(x -> x.features() == kk).toList();
      List<String> cells = new ArrayList<>(List.of(Integer.toString(k)));
      for (String m : CrfFaqScores.METHODS) {
        CrfFaqScores.Row x = row5(r, m);
        cells.add(x == null ? "-" : f4(x.perLine()));
      }
      rows.add(cells.toArray(new String[0]));
    }
    List<String> h = new ArrayList<>(List.of("features"));
    h.addAll(CrfFaqScores.METHODS);
    Tables.print(o, h.toArray(new String[0]), rows);
    o.printf("%nFigure 6: CVM against %s by N%n", CrfFaqPosteriors.TRUTH);
    rows = new ArrayList<>();
    for (int n : CrfFaqPosteriors.sizes(fig6)) {
      rows.add(new String[] {Integer.toString(n), g3(CrfFaqPosteriors.at(fig6, CrfFaqPosteriors.BL_MP, n).cvm()),
          g3(CrfFaqPosteriors.at(fig6, CrfFaqPosteriors.LV_CD, n).cvm()),
          g3(CrfFaqPosteriors.at(fig6, CrfFaqPosteriors.CHECK, n).cvm())});
    }
    Tables.print(o, new String[] {"N", "bl-mp", "lv-cd", "hmc (check)"}, rows);
    o.printf("%nLabel error on %d held-out documents%n", c.test().size());
    rows = new ArrayList<>();
    for (CrfFaqPredictions.Row r : prediction) {
      rows.add(new String[] {r.method(), r.failed() ? "-" : String.format(Locale.ROOT, "%.2f%%", 100 * r.errorRate()),
          s1(r.seconds())});
    }
    Tables.print(o, new String[] {"method", "error", "seconds"}, rows);
    o.printf("%nThe papers' findings, checked against this run:%n");
    for (PaperClaim cl : claims) {
      o.printf("- %s: %s. %s%n", cl.title(), cl.verdict(), cl.evidence());
    }
  }

  private static CrfFaqScores.Row row5(List<CrfFaqScores.Row> rows, String method) {
    return rows.stream().filter(r -> r.method().equals(method)).findFirst().orElse(null);
  }

  private static String faqs(CrfFaqData d) {
    List<String> parts = new ArrayList<>();
    for (String f : CrfFaqData.FILES) {
      String faq = f.substring(0, f.length() - ".tsv".length());
      parts.add(faq + " (" + d.documentsOf(faq) + " documents)");
    }
    return String.join(" and ", parts);
  }

  private static Object finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  static String f4(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4f", v) : "-";
  }

  static String g3(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3g", v) : "-";
  }

  private static String s1(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : "-";
  }

  private static String yes(boolean b) {
    return b ? "yes" : "no";
  }
}
