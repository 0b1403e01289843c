package org.occam.experiments.parisewelling;

import org.occam.experiments.PaperClaim;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.evidence.EvidenceEstimate;
import org.occam.mrf.MrfMethod;
import org.occam.report.LinePlot;
import org.occam.report.OutputFiles;

/** The files of {@code occam experiment parise-welling} other than the figures' own CSVs and the report. */
final class PariseWellingOutputs {
  private PariseWellingOutputs() {}

  /**
   * Figure 1 at one N: writes {@code fig-1-sequence-n<N>.png} and returns its rows of
   * {@code fig-1-sequence.csv} (score/N of every method along the sequence).
   *
   * @param withHeader whether to start with the CSV header
   */
  static String sequenceFigure(Path dir, int n, int[] seq, int picked,
      Map<PariseWellingScoring.Task, PariseWellingScoring.Scored> byTask, String trueLabel, boolean withHeader) {
    List<String> compared = PariseWellingScoring.COMPARED;
    StringBuilder csv = new StringBuilder();
    if (withHeader) {
      csv.append("n,sequence,edges,mask,edgeList");
      for (String m : compared) {
        csv.append(',').append(m);
      }
      csv.append(",ais,aisStdError\n");
    }
    List<String> plotted = PariseWellingFigures.PLOTTED;
    double[] x = new double[seq.length];
    double[][] y = new double[plotted.size() + 1][seq.length];
    double[] err = new double[seq.length];
    for (int e = 0; e < seq.length; e++) {
      PariseWellingScoring.Scored s = byTask.get(new PariseWellingScoring.Task(picked, seq[e], n));
      x[e] = e;
      csv.append(n).append(",1,").append(e).append(',').append(seq[e]).append(',')
          .append(PariseWellingDesign.edgeList(seq[e]));
      for (String m : compared) {
        csv.append(',').append(precise(s.score(m) / n));
      }
      csv.append(',').append(precise(s.score(PariseWellingScoring.AIS) / n)).append(',')
          .append(precise(s.aisStdError() / n)).append('\n');
      for (int a = 0; a < plotted.size(); a++) {
        y[a][e] = s.score(plotted.get(a)) / n;
      }
      y[plotted.size()][e] = s.score(PariseWellingScoring.AIS) / n;
      err[e] = s.aisStdError() / n;
    }
    List<LinePlot.Series> series = new ArrayList<>();
    for (int a = 0; a < plotted.size(); a++) {
      series.add(new LinePlot.Series(plotted.get(a), x, y[a]));
    }
    series.add(new LinePlot.Series("ais (+-1 s.e.)", x, y[plotted.size()], err));
    OutputFiles.write(dir.resolve("fig-1-sequence-n" + n + ".png"), LinePlot.png("Figure 1: score/N along nested "
        + "sequence 1, " + trueLabel + ", N = " + n, "number of edges (nested models)", "score / N", series, false,
        false, 900, 560));
    return csv.toString();
  }

  /** One row per (model, structure, N) pair: every score in nats, AIS's diagnostics, the BP ones. */
  static String scoresCsv(List<PariseWellingScoring.Scored> scored, List<PariseWellingDesign.Model> models) {
    StringBuilder b = new StringBuilder("model,structure,d4,trueMask,mask,edges,isTrue,n");
    for (String m : PariseWellingScoring.COMPARED) {
      b.append(',').append(m);
    }
    b.append(",ais,aisStdError,aisRunSd,aisEss,bpBiasPosteriorSd,exactGradLogZPart,notConverged,seconds\n");
    for (PariseWellingScoring.Scored s : scored) {
      PariseWellingScoring.Task t = s.task();
      PariseWellingDesign.Model m = models.get(t.model());
      b.append(t.model()).append(',').append(m.structure()).append(',')
          .append(PariseWellingFigures.number(m.strengthTimes4())).append(',').append(m.mask()).append(',')
          .append(t.mask()).append(',').append(Integer.bitCount(t.mask())).append(',').append(t.mask() == m.mask())
          .append(',').append(t.n());
      for (String method : PariseWellingScoring.COMPARED) {
        b.append(',').append(precise(s.score(method)));
      }
      EvidenceEstimate a = s.estimate(MrfMethod.AIS);
      b.append(',').append(precise(a.logEvidence())).append(',').append(precise(s.aisStdError())).append(',')
          .append(precise(runSd(a))).append(',')
          .append(PariseWellingFigures.fmt(((Number) a.diagnostics().get("effectiveSampleSize")).doubleValue()))
          .append(',').append(PariseWellingFigures.fmt(s.bpBiasPosteriorSd())).append(',')
          .append(precise(s.exactGradLogZPart())).append(',').append(s.notConverged()).append(',')
          .append(PariseWellingFigures.fmt(s.seconds())).append('\n');
    }
    return b.toString();
  }

  static String modelsCsv(List<PariseWellingDesign.Model> models) {
    StringBuilder b = new StringBuilder("model,structure,d4,mask,edges,edgeList,lambda\n");
    for (PariseWellingDesign.Model m : models) {
      StringBuilder l = new StringBuilder();
      for (double v : m.parameters()) {
        l.append(l.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.6f", v));
      }
      b.append(m.index()).append(',').append(m.structure()).append(',')
          .append(PariseWellingFigures.number(m.strengthTimes4())).append(',').append(m.mask()).append(',')
          .append(Integer.bitCount(m.mask())).append(',').append(PariseWellingDesign.edgeList(m.mask())).append(',')
          .append(l).append('\n');
    }
    return b.toString();
  }

  static String sequencesCsv(int[][] seqs) {
    StringBuilder b = new StringBuilder("sequence,edges,mask,edgeList\n");
    for (int q = 0; q < seqs.length; q++) {
      for (int e = 0; e < seqs[q].length; e++) {
        b.append(q + 1).append(',').append(e).append(',').append(seqs[q][e]).append(',')
            .append(PariseWellingDesign.edgeList(seqs[q][e])).append('\n');
      }
    }
    return b.toString();
  }

  /** The standard deviation of the G single-run log weights (the spread behind "error bars over 10 runs"). */
  static double runSd(EvidenceEstimate ais) {
    @SuppressWarnings("unchecked")
    List<Number> w = (List<Number>) ais.diagnostics().get("logWeights");
    double[] v = w.stream().mapToDouble(Number::doubleValue).toArray();
    return org.occam.report.Summaries.standardDeviation(v);
  }

  static Map<String, Object> summary(PariseWellingReport.Context c, PariseWellingReport.Results r,
      List<PaperClaim> claims, int[][] seqs, int modelCount) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Parise & Welling (2006) section 4.1");
    root.put("seed", c.seed());
    Map<String, Object> design = new LinkedHashMap<>();
    design.put("variables", PariseWellingDesign.VARIABLES);
    design.put("structures", c.structures());
    design.put("structureDraw", "each of the 10 possible edges present with probability 1/2");
    design.put("strengthsTimes4", c.strengthsTimes4());
    design.put("weightWidth", PariseWellingDesign.WEIGHT_WIDTH);
    design.put("biases", "U[-1, 1]");
    design.put("weights", "uniform on [-d-e, -d] u [d, d+e], 0/1 variables");
    design.put("sizes", c.sizes());
    design.put("samplesPerModel", c.sizes().get(c.sizes().size() - 1));
    design.put("sequences", c.sequences());
    PariseWellingDesign.Model p = c.picked();
    Map<String, Object> picked = new LinkedHashMap<>();
    picked.put("model", p.index());
    picked.put("structure", p.structure());
    picked.put("mask", p.mask());
    picked.put("edges", Integer.bitCount(p.mask()));
    picked.put("edgeList", PariseWellingDesign.edgeList(p.mask()));
    picked.put("d4", p.strengthTimes4());
    picked.put("lambda", Arrays.stream(p.parameters()).boxed().toList());
    design.put("sequenceModel", picked);
    design.put("firstSequenceMasks", Arrays.stream(seqs[0]).boxed().toList());
    design.put("models", modelCount);
    root.put("design", design);
    root.put("scoreSettings", c.settings().toMap());
    root.put("ais", c.ais().toMap());
    root.put("aisPairs", "every distinct structure of the sequences at the smallest and largest N (Figures 1-2), "
        + "the true structure at every N for the sequence strength (Figure 3) and at the largest N for every "
        + "strength (Figure 4)");
    Map<String, Object> figs = new LinkedHashMap<>();
    Map<String, Object> f2 = new LinkedHashMap<>();
    for (var e : r.fig2().entrySet()) {
      f2.put("n=" + e.getKey(), panelMap(e.getValue()));
    }
    figs.put("figure2", f2);
    figs.put("figure3", panelMap(r.fig3()));
    figs.put("figure4", panelMap(r.fig4()));
    figs.put("figure3AgainstLaplaceExact", panelMap(r.fig3Exact()));
    figs.put("figure4AgainstLaplaceExact", panelMap(r.fig4Exact()));
    figs.put("figure3Diagnostics", r.fig3Diagnostics().toMap());
    figs.put("figure4Diagnostics", r.fig4Diagnostics().toMap());
    root.put("figures", figs);
    root.put("claims", PaperClaim.toJson(claims));
    root.put("notConverged", c.notConverged());
    PariseWellingReport.Timing t = c.timing();
    Map<String, Object> timing = new LinkedHashMap<>();
    timing.put("totalSeconds", t.totalSeconds());
    timing.put("underTenMinutes", t.totalSeconds() < 600);
    timing.put("scoringAndAisWallSeconds", t.scoringWallSeconds());
    timing.put("processCpuSeconds", t.processCpuSeconds());
    timing.put("idleCoresEstimateSeconds", t.processCpuSeconds() / t.threads());
    timing.put("summedPairSeconds", t.taskSeconds());
    timing.put("summedAisSeconds", t.aisSeconds());
    timing.put("pairs", t.pairs());
    timing.put("aisEstimates", t.pairs());
    timing.put("sequencePairs", t.sequencePairs());
    timing.put("threads", t.threads());
    timing.put("loadAverageAtStart", t.loadAtStart());
    timing.put("loadAverageAtEnd", t.loadAtEnd());
    root.put("timing", timing);
    return root;
  }

  private static Map<String, Object> panelMap(PariseWellingFigures.Panel p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("x", Arrays.stream(p.x()).boxed().toList());
    m.put("count", Arrays.stream(p.counts()).boxed().toList());
    m.put("meanAisStdErrorPerN", Arrays.stream(p.aisStdErrorPerRow()).boxed().toList());
    Map<String, Object> curves = new LinkedHashMap<>();
    for (PariseWellingFigures.Curve c : p.curves()) {
      Map<String, Object> curve = new LinkedHashMap<>();
      curve.put("meanAbsDiffPerN", Arrays.stream(c.meanPerRow()).boxed().toList());
      curve.put("stdErrorPerN", Arrays.stream(c.semPerRow()).boxed().toList());
      curve.put("meanAbsDiffNats", Arrays.stream(c.meanNats()).boxed().toList());
      curves.put(c.method(), curve);
    }
    m.put("curves", curves);
    return m;
  }

  /** Enough digits that differences of scores near −3·10⁴ keep their 10⁻⁶. */
  static String precise(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.12g", v) : "";
  }
}
