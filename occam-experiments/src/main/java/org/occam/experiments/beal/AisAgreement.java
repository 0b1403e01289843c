package org.occam.experiments.beal;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Part two with AIS ({@code --instance-ais}): how often each score picks the structure that AIS (the
 * best available evidence) ranks first, where AIS ranks the true structure, and, for every
 * (instance, size) where VB picks another structure than AIS, by how many nats and which part of VB
 * made it (issue 16, point 1).
 *
 * <p>Write VB's score of a structure s as {@code VB(s) = B(s) + c(s)}, B the uncorrected bound and c
 * the alias correction, and AIS's as {@code AIS(s) = B(s) + g(s)}, g the bound's gap as AIS measures
 * it. Where VB picks v and AIS picks a, the two margins add up to the two parts:
 * {@code [AIS(a) − AIS(v)] + [VB(v) − VB(a)] = [g(a) − g(v)] + [c(v) − c(a)]}: the gap part is how
 * much more of a's evidence than of v's the bound leaves out, the alias part how much more the
 * correction adds to v than to a.
 */
final class AisAgreement {
  /**
   * One (instance, size)'s scores of every structure.
   *
   * @param logEvidence [method][structure], as ranked (alias-corrected where the method corrects)
   * @param vbUncorrected VB's uncorrected bound per structure
   * @param aisStdError AIS's standard error per structure (NaN where it has none)
   */
  record UnitScores(double[][] logEvidence, double[] vbUncorrected, double[] aisStdError) implements Serializable {}

  /**
   * An (instance, size) where VB and AIS pick different structures.
   *
   * @param aisMargin AIS(a) − AIS(v), ≥ 0
   * @param aisMarginStdError the margin's standard error from the two AIS estimates' errors
   * @param vbMargin VB(v) − VB(a), ≥ 0
   * @param gapPart g(a) − g(v)
   * @param aliasPart c(v) − c(a)
   */
  record Disagreement(int instance, int n, int aisChoice, int vbChoice, double aisMargin, double aisMarginStdError,
      double vbMargin, double gapPart, double aliasPart) {}

  /** Per method: the (instance, size) pairs where it picks AIS's structure. */
  final int[] agree;
  /** (instance, size) pairs with AIS scores. */
  int pairs;
  /** Pairs where AIS ranks the true structure first. */
  int aisTruthFirst;
  /** AIS's rank of the true structure per pair. */
  final List<Integer> aisTrueRanks = new ArrayList<>();
  final List<Disagreement> vbDisagreements = new ArrayList<>();
  final StringBuilder csv = new StringBuilder("instance,n,method,choice,aisChoice,agrees,aisBelowAisChoice\n");
  final StringBuilder scoresCsv = new StringBuilder("instance,n,structure,method,logEvidence,uncorrected,stdError\n");
  private final List<String> methods;
  private final int ais;
  private final int vb;

  /** @param methods the part-two methods' labels, AIS and VB among them */
  AisAgreement(List<String> methods) {
    this.methods = List.copyOf(methods);
    this.ais = methods.indexOf("ais");
    this.vb = methods.indexOf("vb");
    if (ais < 0 || vb < 0) {
      throw new IllegalArgumentException("AIS agreement needs ais and vb among " + methods);
    }
    agree = new int[methods.size()];
  }

  /** The structure ranked first (the lowest index among ties; NaN scores never). */
  static int choice(double[] scores) {
    int best = -1;
    for (int s = 0; s < scores.length; s++) {
      if (!Double.isNaN(scores[s]) && (best < 0 || scores[s] > scores[best])) {
        best = s;
      }
    }
    return best;
  }

  /** The rank of structure t: 1 + the structures scored strictly higher (NaN ranks last). */
  static int rank(double[] scores, int t) {
    if (Double.isNaN(scores[t])) {
      return scores.length;
    }
    int r = 1;
    for (double v : scores) {
      r += v > scores[t] ? 1 : 0;
    }
    return r;
  }

  /** Adds one (instance, size), instance counted from 1. */
  void add(int instance, int n, int trueIndex, UnitScores u) {
    pairs++;
    double[] a = u.logEvidence()[ais];
    int aisChoice = choice(a);
    int trueRank = rank(a, trueIndex);
    aisTrueRanks.add(trueRank);
    aisTruthFirst += trueRank == 1 ? 1 : 0;
    for (int m = 0; m < methods.size(); m++) {
      int c = choice(u.logEvidence()[m]);
      agree[m] += c == aisChoice ? 1 : 0;
      csv.append(instance).append(',').append(n).append(',').append(methods.get(m)).append(',').append(c)
          .append(',').append(aisChoice).append(',').append(c == aisChoice).append(',')
          .append(BealExperiment.fmt(c < 0 || aisChoice < 0 ? Double.NaN : a[aisChoice] - a[c])).append('\n');
    }
    for (int s = 0; s < a.length; s++) {
      for (int m = 0; m < methods.size(); m++) {
        double uncorrected = m == vb ? u.vbUncorrected()[s] : u.logEvidence()[m][s];
        scoresCsv.append(instance).append(',').append(n).append(',').append(s).append(',').append(methods.get(m))
            .append(',').append(full(u.logEvidence()[m][s])).append(',').append(full(uncorrected)).append(',')
            .append(m == ais ? full(u.aisStdError()[s]) : "").append('\n');
      }
    }
    int v = choice(u.logEvidence()[vb]);
    if (v != aisChoice && v >= 0 && aisChoice >= 0) {
      double[] vbScore = u.logEvidence()[vb];
      double[] bound = u.vbUncorrected();
      double gapA = a[aisChoice] - bound[aisChoice];
      double gapV = a[v] - bound[v];
      double aliasA = vbScore[aisChoice] - bound[aisChoice];
      double aliasV = vbScore[v] - bound[v];
      double se = Math.hypot(nanToZero(u.aisStdError()[aisChoice]), nanToZero(u.aisStdError()[v]));
      vbDisagreements.add(new Disagreement(instance, n, aisChoice, v, a[aisChoice] - a[v], se,
          vbScore[v] - vbScore[aisChoice], gapA - gapV, aliasV - aliasA));
    }
  }

  /** Every digit, so that the choices can be recomputed from the file; empty for a failed score. */
  private static String full(double v) {
    return Double.isFinite(v) ? Double.toString(v) : "";
  }

  private static double nanToZero(double x) {
    return Double.isNaN(x) ? 0 : x;
  }

  /** The median of AIS's ranks of the true structure. */
  double medianAisTrueRank() {
    if (aisTrueRanks.isEmpty()) {
      return Double.NaN;
    }
    int[] r = aisTrueRanks.stream().mapToInt(Integer::intValue).sorted().toArray();
    return r.length % 2 == 1 ? r[r.length / 2] : 0.5 * (r[r.length / 2 - 1] + r[r.length / 2]);
  }

  /** For summary.json. */
  Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("pairs", pairs);
    Map<String, Integer> same = new LinkedHashMap<>();
    for (int a = 0; a < methods.size(); a++) {
      same.put(methods.get(a), agree[a]);
    }
    m.put("picksAisChoice", same);
    m.put("aisRanksTruthFirst", aisTruthFirst);
    m.put("aisTrueRanks", aisTrueRanks);
    List<Map<String, Object>> d = new ArrayList<>();
    for (Disagreement x : vbDisagreements) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("instance", x.instance());
      e.put("n", x.n());
      e.put("aisChoice", x.aisChoice());
      e.put("vbChoice", x.vbChoice());
      e.put("aisMargin", x.aisMargin());
      e.put("aisMarginStdError", x.aisMarginStdError());
      e.put("vbMargin", x.vbMargin());
      e.put("gapPart", x.gapPart());
      e.put("aliasPart", x.aliasPart());
      d.add(e);
    }
    m.put("vbDisagreements", d);
    return m;
  }

  /** The report's section. */
  String markdown(int trueIndex) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "## Each score against AIS, per instance (%d (instance, size) pairs)%n%n",
        pairs));
    b.append("AIS is the best available evidence: a score that picks AIS's structure agrees with it whatever the "
        + "truth. `instances-scores.csv` has every structure's score per instance, size and method; "
        + "`ais-agreement.csv` each method's choice beside AIS's.\n\n| method | picks AIS's structure |\n|---|---|\n");
    for (int m = 0; m < methods.size(); m++) {
      if (m != ais) {
        b.append(String.format(Locale.ROOT, "| %s | %d of %d (%s%%) |%n", methods.get(m), agree[m], pairs,
            BealExperiment.pct(100.0 * agree[m] / Math.max(1, pairs))));
      }
    }
    b.append(String.format(Locale.ROOT, "%nAIS ranks the true structure (index %d) first in %d of %d pairs; its "
        + "median rank under AIS is %s (ranks: %s).%n%n", trueIndex, aisTruthFirst, pairs,
        medianAisTrueRank() % 1 == 0 ? Integer.toString((int) medianAisTrueRank()) : medianAisTrueRank(),
        aisTrueRanks));
    if (vbDisagreements.isEmpty()) {
      b.append("VB picks AIS's structure in every pair.\n\n");
      return b.toString();
    }
    b.append("Where VB picks another structure (v) than AIS (a): AIS's margin AIS(a) − AIS(v) with its standard "
        + "error, VB's margin VB(v) − VB(a), and the two parts they add up to: the bound's gap, g(a) − g(v) with "
        + "g = AIS − the uncorrected bound, and the alias correction, c(v) − c(a) with c = VB − the uncorrected "
        + "bound. A margin under two standard errors is within AIS's noise.\n\n"
        + "| instance | n | AIS's a | VB's v | AIS margin | ± se | VB margin | gap part | alias part | made by |\n"
        + "|---|---|---|---|---|---|---|---|---|---|\n");
    int noise = 0;
    int byGap = 0;
    for (Disagreement x : vbDisagreements) {
      boolean withinNoise = x.aisMargin() < 2 * x.aisMarginStdError();
      noise += withinNoise ? 1 : 0;
      boolean gap = Math.abs(x.gapPart()) >= Math.abs(x.aliasPart());
      byGap += gap ? 1 : 0;
      b.append(String.format(Locale.ROOT, "| %d | %d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %s%s |%n",
          x.instance(), x.n(), x.aisChoice(), x.vbChoice(), x.aisMargin(), x.aisMarginStdError(), x.vbMargin(),
          x.gapPart(), x.aliasPart(), gap ? "bound gap" : "alias correction", withinNoise ? " (AIS noise)" : ""));
    }
    double[] margins = vbDisagreements.stream().mapToDouble(Disagreement::aisMargin).sorted().toArray();
    b.append(String.format(Locale.ROOT, "%nOf the %d disagreements, the bound's gap is the larger part in %d and the "
        + "alias correction in %d; %d are within two of AIS's standard errors. AIS's margins: median %.2f, largest "
        + "%.2f nats.%n%n", vbDisagreements.size(), byGap, vbDisagreements.size() - byGap, noise,
        margins[margins.length / 2], margins[margins.length - 1]));
    return b.toString();
  }

  /** The scores of a unit as plain lists, for the journal. */
  static Map<String, Object> toJournal(UnitScores u) {
    Map<String, Object> m = new LinkedHashMap<>();
    List<List<Double>> e = new ArrayList<>();
    for (double[] row : u.logEvidence()) {
      e.add(Arrays.stream(row).boxed().toList());
    }
    m.put("logEvidence", e);
    m.put("vbUncorrected", Arrays.stream(u.vbUncorrected()).boxed().toList());
    m.put("aisStdError", Arrays.stream(u.aisStdError()).boxed().toList());
    return m;
  }
}
