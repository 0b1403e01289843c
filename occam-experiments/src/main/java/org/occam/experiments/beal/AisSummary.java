package org.occam.experiments.beal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.occam.dag.DagMethod;
import org.occam.dag.StructureRanker;
import org.occam.evidence.EvidenceEstimate;

/**
 * Beal's AIS diagnostics at one data set size (Tables 6.3 and 6.4): how often single runs and the
 * G-run average fall below the VB lower bound (uncorrected VB*, and VB corrected for aliases — AIS
 * itself samples every alias and needs no correction), the Metropolis–Hastings rejection rate per
 * quarter of the schedule, and the true structure's rank under each single run.
 */
final class AisSummary {
  double singleBelowVbUncorrected;
  double singleBelowVb;
  double averagedBelowVbUncorrected;
  double averagedBelowVb;
  double rejection;
  final double[] rejectionByQuarter = new double[4];
  double meanStdError;
  int[] runRanks;

  private AisSummary() {}

  static AisSummary of(List<StructureRanker.Scored> scored, int trueIndex) {
    AisSummary a = new AisSummary();
    int structures = scored.size();
    int runs = runWeights(scored.get(0).estimate(DagMethod.AIS)).length;
    double[][] weights = new double[structures][];
    int single = 0;
    int singleC = 0;
    int avg = 0;
    int avgC = 0;
    for (int s = 0; s < structures; s++) {
      EvidenceEstimate ais = scored.get(s).estimate(DagMethod.AIS);
      EvidenceEstimate vb = scored.get(s).estimate(DagMethod.VB);
      double vbU = BealExperiment.uncorrected(vb);
      double vbC = vb.logEvidence();
      weights[s] = runWeights(ais);
      for (double w : weights[s]) {
        single += w < vbU ? 1 : 0;
        singleC += w < vbC ? 1 : 0;
      }
      avg += ais.logEvidence() < vbU ? 1 : 0;
      avgC += ais.logEvidence() < vbC ? 1 : 0;
      @SuppressWarnings("unchecked")
      List<Number> acc = (List<Number>) ais.diagnostics().get("acceptanceByQuarter");
      for (int q = 0; q < 4; q++) {
        a.rejectionByQuarter[q] += 100 * (1 - acc.get(q).doubleValue()) / structures;
      }
      a.meanStdError += ais.stdError().orElse(Double.NaN) / structures; // NaN for one run, which has no standard error
    }
    a.singleBelowVbUncorrected = 100.0 * single / (structures * runs);
    a.singleBelowVb = 100.0 * singleC / (structures * runs);
    a.averagedBelowVbUncorrected = 100.0 * avg / structures;
    a.averagedBelowVb = 100.0 * avgC / structures;
    a.rejection = (a.rejectionByQuarter[0] + a.rejectionByQuarter[1] + a.rejectionByQuarter[2]
        + a.rejectionByQuarter[3]) / 4;
    a.runRanks = new int[runs];
    for (int r = 0; r < runs; r++) {
      int higher = 0;
      for (int s = 0; s < structures; s++) {
        if (weights[s][r] > weights[trueIndex][r]) {
          higher++;
        }
      }
      a.runRanks[r] = higher + 1;
    }
    return a;
  }

  private static double[] runWeights(EvidenceEstimate ais) {
    @SuppressWarnings("unchecked")
    List<Number> w = (List<Number>) ais.diagnostics().get("logWeights");
    return w.stream().mapToDouble(Number::doubleValue).toArray();
  }

  Map<String, Object> toMap(double seconds) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("singleRunBelowVbUncorrectedPct", singleBelowVbUncorrected);
    m.put("singleRunBelowVbPct", singleBelowVb);
    m.put("averagedBelowVbUncorrectedPct", averagedBelowVbUncorrected);
    m.put("averagedBelowVbPct", averagedBelowVb);
    m.put("rejectionPct", rejection);
    m.put("rejectionPctByQuarter", List.of(rejectionByQuarter[0], rejectionByQuarter[1], rejectionByQuarter[2],
        rejectionByQuarter[3]));
    m.put("meanStdError", meanStdError);
    m.put("trueRankBySingleRun", java.util.Arrays.stream(runRanks).boxed().toList());
    m.put("cpuSeconds", seconds);
    return m;
  }
}
