package org.occam.experiments.parisewelling;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.occam.report.OutputFiles;

/**
 * The figures of {@link PariseWellingExperiment} (Parise &amp; Welling 2006, Figures 1–4): the
 * groups of (structure, data) pairs behind each point, their panels, and the figures' CSV and PNG
 * files. Figures 3 and 4 are also drawn against Laplace-Exact instead of AIS: no AIS noise, the
 * BP-based scores' own error.
 */
final class PariseWellingPanels {
  private static final List<String> BP_BASED = List.of("bp-lr", "bp-lr-exactgrad", PariseWellingScoring.LAPLACE_LR);
  private static final String N_LABEL = "N (number of data cases, log scale)";

  private final PariseWellingExperiment e;
  private final PariseWellingTasks design;
  private final Map<PariseWellingScoring.Task, PariseWellingScoring.Scored> byTask;
  private final String trueLabel;
  final Map<Integer, PariseWellingFigures.Panel> fig2 = new LinkedHashMap<>();
  final List<List<PariseWellingScoring.Scored>> fig3Groups = new ArrayList<>();
  final List<List<PariseWellingScoring.Scored>> fig4Groups = new ArrayList<>();
  final List<List<PariseWellingScoring.Scored>> fig3StrongGroups = new ArrayList<>();
  final PariseWellingFigures.Panel fig3;
  final PariseWellingFigures.Panel fig4;
  final PariseWellingFigures.Panel fig3Exact;
  final PariseWellingFigures.Panel fig4Exact;
  final PariseWellingFigures.Panel fig3Strong;
  final PariseWellingFigures.Panel fig3StrongExact;

  PariseWellingPanels(PariseWellingExperiment e, PariseWellingTasks design,
      Map<PariseWellingScoring.Task, PariseWellingScoring.Scored> byTask) {
    this.e = e;
    this.design = design;
    this.byTask = byTask;
    String d = PariseWellingFigures.number(e.strengths().get(e.sequenceStrengthIndex()));
    trueLabel = "true model " + Integer.bitCount(design.pickedModel().mask()) + " edges, d = " + d + "/4";
    for (int n : smallestAndLargest()) {
      fig2.put(n, sequencePanel(n));
    }
    for (int n : e.sizes()) {
      fig3Groups.add(group(e.sequenceStrengthIndex(), n));
    }
    for (int di = 0; di < e.strengths().size(); di++) {
      fig4Groups.add(group(di, e.nMax()));
    }
    int strongest = e.strengths().size() - 1;
    for (int n : e.sizes()) {
      fig3StrongGroups.add(group(strongest, n));
    }
    double[] nx = e.sizes().stream().mapToDouble(Integer::doubleValue).toArray();
    double[] dx = e.strengths().stream().mapToDouble(Double::doubleValue).toArray();
    String fig3Title = "Figure 3: mean |score - AIS|/N of the true structure, " + e.structures() + " models with d = "
        + d + "/4";
    String fig4Title = "Figure 4: mean |score - AIS|/N of the true structure, " + e.structures() + " models per d, N = "
        + e.nMax();
    List<String> compared = PariseWellingScoring.COMPARED;
    fig3 = PariseWellingFigures.panel(fig3Title, N_LABEL, nx, fig3Groups::get, compared, PariseWellingScoring.AIS);
    fig4 = PariseWellingFigures.panel(fig4Title, "edge strength d*4", dx, fig4Groups::get, compared,
        PariseWellingScoring.AIS);
    fig3Exact = PariseWellingFigures.panel(fig3Title, N_LABEL, nx, fig3Groups::get, BP_BASED, "laplace-exact");
    fig4Exact = PariseWellingFigures.panel(fig4Title, "edge strength d*4", dx, fig4Groups::get, BP_BASED,
        "laplace-exact");
    String strongTitle = "Figure 3 at the strongest d: mean |score - AIS|/N of the true structure, " + e.structures()
        + " models with d = " + PariseWellingFigures.number(e.strengths().get(strongest)) + "/4";
    fig3Strong = PariseWellingFigures.panel(strongTitle, N_LABEL, nx, fig3StrongGroups::get, compared,
        PariseWellingScoring.AIS);
    fig3StrongExact = PariseWellingFigures.panel(strongTitle, N_LABEL, nx, fig3StrongGroups::get, BP_BASED,
        "laplace-exact");
  }

  private LinkedHashSet<Integer> smallestAndLargest() {
    return new LinkedHashSet<>(List.of(e.sizes().get(0), e.nMax()));
  }

  /** Figure 2 at N: mean |score − AIS|/N per number of edges over the nested sequences. */
  private PariseWellingFigures.Panel sequencePanel(int n) {
    int[][] seqs = design.seqs();
    double[] edges = new double[PariseWellingDesign.PAIRS + 1];
    for (int k = 0; k < edges.length; k++) {
      edges[k] = k;
    }
    return PariseWellingFigures.panel("Figure 2: mean |score - AIS|/N over " + seqs.length + " nested sequences, "
        + trueLabel + ", N = " + n, "number of edges (nested models)", edges, k -> {
          List<PariseWellingScoring.Scored> group = new ArrayList<>();
          for (int[] seq : seqs) {
            group.add(byTask.get(new PariseWellingScoring.Task(design.picked(), seq[k], n)));
          }
          return group;
        }, PariseWellingScoring.COMPARED, PariseWellingScoring.AIS);
  }

  /** The true structures of the models with strength index {@code di}, at N. */
  private List<PariseWellingScoring.Scored> group(int di, int n) {
    int strengths = e.strengths().size();
    List<PariseWellingScoring.Scored> group = new ArrayList<>();
    for (int s = 0; s < e.structures(); s++) {
      group.add(byTask.get(new PariseWellingScoring.Task(s * strengths + di, design.masks()[s], n)));
    }
    return group;
  }

  /** Writes Figures 1–4 as CSV and PNG. */
  void write(Path dir) {
    StringBuilder fig1Csv = new StringBuilder();
    for (int n : smallestAndLargest()) {
      fig1Csv.append(PariseWellingOutputs.sequenceFigure(dir, n, design.seqs()[0], design.picked(), byTask, trueLabel,
          fig1Csv.length() == 0));
    }
    OutputFiles.write(dir.resolve("fig-1-sequence.csv"), fig1Csv.toString());
    StringBuilder fig2Csv = new StringBuilder();
    for (var p : fig2.entrySet()) {
      String part = p.getValue().csv("edges", "n,", p.getKey() + ",");
      fig2Csv.append(fig2Csv.length() == 0 ? part : part.substring(part.indexOf('\n') + 1));
      OutputFiles.write(dir.resolve("fig-2-abs-diff-vs-edges-n" + p.getKey() + ".png"), p.getValue().png(false));
    }
    OutputFiles.write(dir.resolve("fig-2-abs-diff-vs-edges.csv"), fig2Csv.toString());
    OutputFiles.write(dir.resolve("fig-3-abs-diff-vs-n.csv"), fig3.csv("n", "", ""));
    OutputFiles.write(dir.resolve("fig-3-abs-diff-vs-n.png"), fig3.png(true));
    OutputFiles.write(dir.resolve("fig-3-strongest-d-abs-diff-vs-n.csv"), fig3Strong.csv("n", "", ""));
    OutputFiles.write(dir.resolve("fig-3-strongest-d-abs-diff-vs-n.png"), fig3Strong.png(true));
    OutputFiles.write(dir.resolve("fig-4-abs-diff-vs-d.csv"), fig4.csv("d4", "", ""));
    OutputFiles.write(dir.resolve("fig-4-abs-diff-vs-d.png"), fig4.png(false));
  }

  /** The report's numbers, with the signed BIC gap of the sequences at the smallest N. */
  PariseWellingReport.Results results(double[] signedBicGapSmallN) {
    return new PariseWellingReport.Results(fig2, fig3, fig4, fig3Exact, fig4Exact,
        PariseWellingReport.Diagnostics.of(fig3Groups), PariseWellingReport.Diagnostics.of(fig4Groups),
        signedBicGapSmallN, fig3Strong, fig3StrongExact, PariseWellingReport.Diagnostics.of(fig3StrongGroups));
  }
}
