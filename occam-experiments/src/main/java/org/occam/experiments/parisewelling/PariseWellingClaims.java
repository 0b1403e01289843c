package org.occam.experiments.parisewelling;

import org.occam.experiments.PaperClaim;
import org.occam.report.ResultJson;
import static org.occam.experiments.parisewelling.PariseWellingReport.at;
import static org.occam.experiments.parisewelling.PariseWellingReport.average;
import static org.occam.experiments.parisewelling.PariseWellingReport.nats;
import static org.occam.experiments.parisewelling.PariseWellingReport.sci;
import static org.occam.experiments.parisewelling.PariseWellingReport.spearman;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The three findings of Parise &amp; Welling (2006), section 4.1, each checked against a run's
 * numbers with a verdict computed from them (nothing written in advance of the run): for
 * {@link PariseWellingReport} and the console.
 */
final class PariseWellingClaims {
  private PariseWellingClaims() {}

  static final String BIC = "bic-ml";
  static final String MAP = "map";
  static final String BP = "bp-lr";
  static final String EG = "bp-lr-exactgrad";
  static final String LR = PariseWellingScoring.LAPLACE_LR;
  static final String LE = "laplace-exact";



  /** The three findings. */
  static List<PaperClaim> claims(PariseWellingReport.Results r) {
    return List.of(smallN(r), largeN(r), strength(r));
  }

  private static PaperClaim smallN(PariseWellingReport.Results r) {
    PariseWellingFigures.Panel fig3 = r.fig3();
    PariseWellingFigures.Panel fig2 = r.fig2().get(r.smallN());
    int n = r.smallN();
    int last = fig3.x().length - 1;
    double bp = at(fig3, BP, 0);
    double rBic = at(fig3, BIC, 0) / bp;
    double rMap = at(fig3, MAP, 0) / bp;
    double noise = fig3.aisStdErrorPerRow()[0];
    double rBicSeq = average(fig2, BIC) / average(fig2, BP);
    double rMapSeq = average(fig2, MAP) / average(fig2, BP);
    int twoOrders = (rBic >= 30 ? 1 : 0) + (rMap >= 30 ? 1 : 0);
    String verdict = twoOrders == 2 ? "agrees" : twoOrders == 1 ? "partly agrees" : "disagrees";
    StringBuilder e = new StringBuilder(String.format(Locale.ROOT, "At N = %d (Figure 3, the true structures) the mean "
        + "|score - AIS|/N is %s for BIC-ML, %s for MAP and %s for BP-LR: BIC-ML is %.0f times and MAP %.0f times "
        + "farther from AIS than BP-LR (10^%.1f and 10^%.1f; the paper: about 10^2; this check asks for at least 30 "
        + "times). Along the Figure 2 sequences at N = %d (averaged over the 11 positions) the factors are %.0f and "
        + "%.0f. BP-LR-ExactGrad is at %s, Laplace-Exact at %s. ", n, sci(at(fig3, BIC, 0)), sci(at(fig3, MAP, 0)),
        sci(bp), rBic, rMap, Math.log10(rBic), Math.log10(rMap), n, rBicSeq, rMapSeq, sci(at(fig3, EG, 0)),
        sci(at(fig3, LE, 0))));
    double[] occam = r.fig3Diagnostics().mapMinusLaplace();
    e.append(String.format(Locale.ROOT, "MAP leaves out the O(1) terms (F/2) log 2pi - 1/2 log det A, which here "
        + "average %+.2f nats at N = %d and %+.1f nats at N = %d%s. ", occam[0], n, occam[last], r.largeN(),
        Math.abs(occam[0]) < 0.2 * Math.abs(occam[last]) ? ": they nearly cancel at the smallest N, so MAP is close "
            + "to AIS there by coincidence of this prior and model size" : ""));
    if (bp < 2 * noise) {
      e.append(String.format(Locale.ROOT, "BP-LR's difference is within twice the AIS noise floor (mean AIS standard "
          + "error/N %s), so its true error may be smaller and the factors are lower bounds.", sci(noise)));
    } else {
      e.append(String.format(Locale.ROOT, "The AIS noise floor (mean standard error/N) is %s, %.1f times below "
          + "BP-LR's difference, so the difference is resolved.", sci(noise), bp / noise));
    }
    Map<String, Object> num = new LinkedHashMap<>();
    num.put("n", n);
    num.put("bicMlOverBpLr", rBic);
    num.put("mapOverBpLr", rMap);
    num.put("bicMlOverBpLrSequences", rBicSeq);
    num.put("mapOverBpLrSequences", rMapSeq);
    num.put("bpLrMeanAbsDiffPerN", bp);
    num.put("aisNoiseFloorPerN", noise);
    num.put("mapMinusLaplaceExactNats", occam[0]);
    return new PaperClaim("BP-LR about two orders of magnitude closer to AIS than BIC-ML and MAP at small N",
        "\"all BP-LR methods are about two orders of magnitude more accurate than methods that ignore the O(1) term "
            + "based on C\" (Figure 3)", verdict, e.toString(), num);
  }

  private static PaperClaim largeN(PariseWellingReport.Results r) {
    PariseWellingFigures.Panel fig3 = r.fig3();
    PariseWellingFigures.Panel exact = r.fig3Exact();
    int last = fig3.x().length - 1;
    int nSmall = r.smallN();
    int nLarge = r.largeN();
    Degradation g = Degradation.of(fig3, exact);
    double ratioSmall = g.ratioSmall();
    double ratioLarge = g.ratioLarge();
    double egRatioLarge = at(fig3, EG, last) / at(fig3, LE, last);
    double noise = g.noise();
    double[] bpNats = fig3.curve(BP).meanNats();
    double[] leNats = fig3.curve(LE).meanNats();
    double[] egNats = fig3.curve(EG).meanNats();
    double[] ownPerRow = g.ownPerRow();
    double[] ownNats = exact.curve(BP).meanNats();
    boolean bpDegrades = g.degrades();
    boolean exactHold = at(fig3, LE, last) < at(fig3, LE, 0) && at(fig3, EG, last) < at(fig3, EG, 0)
        && egRatioLarge <= 2;
    Strong strong = strong(r);
    String verdict = !bpDegrades ? (strong.degrades() ? "partly agrees" : "disagrees")
        : exactHold ? "agrees" : "partly agrees";
    StringBuilder e = new StringBuilder(String.format(Locale.ROOT, "Against AIS (Figure 3): BP-LR's mean |score - AIS| "
        + "is %.2f times Laplace-Exact's at N = %d and %.2f times at N = %d (in nats: BP-LR %s -> %s, Laplace-Exact "
        + "%s -> %s, BP-LR-ExactGrad %s -> %s; AIS standard error at N = %d: %s nats). ", ratioSmall, nSmall,
        ratioLarge, nLarge, nats(bpNats[0]), nats(bpNats[last]), nats(leNats[0]), nats(leNats[last]),
        nats(egNats[0]), nats(egNats[last]), nLarge, nats(noise * nLarge)));
    e.append(String.format(Locale.ROOT, "Against Laplace-Exact (no AIS noise): BP-LR's own error |BP-LR - "
        + "Laplace-Exact| grows from %s to %s nats but falls per data case from %s to %s. ", nats(ownNats[0]),
        nats(ownNats[last]), sci(ownPerRow[0]), sci(ownPerRow[last])));
    e.append(bpDegrades ? "So BP-LR degrades as N grows. "
        : "So BP-LR does not deteriorate here: neither is its distance from AIS at least 2 times Laplace-Exact's "
            + "and doubled since the smallest N (above twice the AIS noise floor), nor does its own error per data "
            + "case grow with N. ");
    StringBuilder bias = new StringBuilder();
    double[] b = r.fig3Diagnostics().bias();
    for (int i = 0; i <= last; i++) {
      bias.append(i == 0 ? "" : ", ").append((int) fig3.x()[i]).append(": ")
          .append(String.format(Locale.ROOT, "%.2f", b[i]));
    }
    e.append("The BP bias in λMP, in posterior standard deviations, averages ").append(bias)
        .append(String.format(Locale.ROOT, "; the paper conjectures the breakdown comes when it nears 1, which at "
            + "this d, if the bias grows as sqrt(N), would be near N = %.0f. ",
            nLarge / Math.max(1e-12, b[last] * b[last])));
    double lrOwn = exact.curve(LR).meanNats()[last];
    double betheLarge = r.fig3Diagnostics().betheLogZ()[last];
    e.append(String.format(Locale.ROOT, "At N = %d BP-LR-ExactGrad is %.2f times Laplace-Exact against AIS (%s); "
        + "its Bethe log Z contributes |N (log Z - log Z_Bethe)| = %s nats on average, and with the exact log Z "
        + "instead (laplace-lr, linear-response C only) it is %s nats from Laplace-Exact%s.", nLarge, egRatioLarge,
        egRatioLarge <= 2 ? "close, as the paper says" : "not the same", nats(betheLarge), nats(lrOwn),
        lrOwn < 0.25 * ownNats[last] ? ": linear response itself does not break down, as the paper concludes"
            : ": linear response contributes a good part of the error, unlike the paper's conclusion"));
    e.append(' ').append(strong.text());
    Map<String, Object> num = new LinkedHashMap<>();
    num.put("strongestD", strong.numbers());
    num.put("bpLrOverLaplaceExactSmallN", ratioSmall);
    num.put("bpLrOverLaplaceExactLargeN", ratioLarge);
    num.put("exactGradOverLaplaceExactLargeN", egRatioLarge);
    num.put("bpLrMeanAbsDiffNats", List.of(bpNats[0], bpNats[last]));
    num.put("laplaceExactMeanAbsDiffNats", List.of(leNats[0], leNats[last]));
    num.put("bpLrMinusLaplaceExactNats", List.of(ownNats[0], ownNats[last]));
    num.put("bpLrMinusLaplaceExactPerN", List.of(ownPerRow[0], ownPerRow[last]));
    num.put("aisNoiseFloorPerNLargeN", noise);
    num.put("bpBiasPosteriorSdByN", Arrays.stream(b).boxed().toList());
    num.put("laplaceLrMinusLaplaceExactNatsLargeN", lrOwn);
    num.put("bpLrDegrades", bpDegrades);
    num.put("exactGradientScoresHold", exactHold);
    return new PaperClaim("BP-LR degrades at large N; BP-LR-ExactGrad and Laplace-Exact do not",
        "\"as we increase N, BP-LR based on λMP computed using BP significantly deteriorates. This does not happen "
            + "with both BP-LR methods based on λMP computed using exact gradients\" (Figure 3)",
        verdict, e.toString(), num);
  }

  /**
   * The test of "BP-LR degrades with N" on one Figure 3 panel: against AIS, BP-LR at least 2 times
   * Laplace-Exact's distance at the largest N, doubled since the smallest and above twice the AIS
   * noise floor; or its own error |BP-LR − Laplace-Exact| per data case not falling with N.
   */
  record Degradation(double ratioSmall, double ratioLarge, double noise, double[] ownPerRow, boolean degrades) {
    static Degradation of(PariseWellingFigures.Panel fig, PariseWellingFigures.Panel exact) {
      int last = fig.x().length - 1;
      double small = at(fig, BP, 0) / at(fig, LE, 0);
      double large = at(fig, BP, last) / at(fig, LE, last);
      double noise = fig.aisStdErrorPerRow()[last];
      double[] own = exact.curve(BP).meanPerRow();
      boolean againstAis = large >= 2 && large >= 2 * small && at(fig, BP, last) > 2 * noise;
      return new Degradation(small, large, noise, own, againstAis || own[last] >= own[0]);
    }
  }

  /** Figure 3 at the strongest d: whether BP-LR degrades with N there, in words and numbers. */
  record Strong(boolean degrades, String text, Map<String, Object> numbers) {}

  /**
   * The same tests as at the paper's d, on the true structures at the strongest d, where the BP bias
   * in λMP is largest: the regime in which the paper conjectures the breakdown (bias near one
   * posterior standard deviation).
   */
  static Strong strong(PariseWellingReport.Results r) {
    PariseWellingFigures.Panel fig = r.fig3Strong();
    PariseWellingFigures.Panel exact = r.fig3StrongExact();
    int last = fig.x().length - 1;
    Degradation g = Degradation.of(fig, exact);
    double ratioSmall = g.ratioSmall();
    double ratioLarge = g.ratioLarge();
    double[] ownPerRow = g.ownPerRow();
    double[] bpNats = fig.curve(BP).meanNats();
    double[] leNats = fig.curve(LE).meanNats();
    double[] ownNats = exact.curve(BP).meanNats();
    double[] bias = r.fig3StrongDiagnostics().bias();
    double[] bethe = r.fig3StrongDiagnostics().betheLogZ();
    boolean ownGrows = ownPerRow[last] >= ownPerRow[0];
    boolean degrades = g.degrades();
    StringBuilder byN = new StringBuilder();
    for (int i = 0; i <= last; i++) {
      byN.append(i == 0 ? "" : "; ").append(String.format(Locale.ROOT, "N = %d: BP-LR %s, Laplace-Exact %s, "
          + "|BP-LR - Laplace-Exact| %s nats (%s per data case), bias %.2f SD, Bethe log Z part %s",
          (int) fig.x()[i], nats(bpNats[i]), nats(leNats[i]), nats(ownNats[i]), sci(ownPerRow[i]), bias[i],
          nats(bethe[i])));
    }
    String text = String.format(Locale.ROOT, "At the strongest d = %s/4 (Figure 3 again, `fig-3-strongest-d-abs-diff-vs-n"
        + ".png`), where the BP bias reaches %.2f posterior standard deviations at N = %d, mean |score - AIS| in nats: %s. "
        + "BP-LR is %.2f times Laplace-Exact's distance from AIS at the smallest N and %.2f times at the largest; its own "
        + "error per data case %s from %s to %s. %s", PariseWellingFigures.number(strongestTimes4(r)), bias[last], (int) fig.x()[last], byN, ratioSmall, ratioLarge,
        ownGrows ? "grows" : "falls", sci(ownPerRow[0]), sci(ownPerRow[last]), degrades
            ? "So in the regime of the paper's conjecture BP-LR does degrade with N, and the error is mostly the"
                + " Bethe log Z multiplied by N: the finding is a matter of coupling strength, and the paper's d = 0.5/4"
                + " is too weak for it here."
            : "So BP-LR does not degrade with N even here.");
    Map<String, Object> num = new LinkedHashMap<>();
    num.put("bpLrOverLaplaceExact", List.of(ratioSmall, ratioLarge));
    num.put("bpLrMinusLaplaceExactPerN", Arrays.stream(ownPerRow).boxed().toList());
    num.put("bpBiasPosteriorSdByN", Arrays.stream(bias).boxed().toList());
    num.put("degrades", degrades);
    return new Strong(degrades, text, num);
  }

  private static double strongestTimes4(PariseWellingReport.Results r) {
    double[] d = r.fig4().x();
    return d[d.length - 1];
  }

  private static PaperClaim strength(PariseWellingReport.Results r) {
    PariseWellingFigures.Panel fig4 = r.fig4();
    int last = fig4.x().length - 1;
    double noise = fig4.aisStdErrorPerRow()[last];
    StringBuilder e = new StringBuilder("Figure 4 at N = " + r.largeN() + ": ");
    int degrading = 0;
    Map<String, Object> num = new LinkedHashMap<>();
    for (String m : List.of(BP, EG, LR, LE)) {
      double first = at(fig4, m, 0);
      double end = at(fig4, m, last);
      double rho = spearman(fig4.x(), fig4.curve(m).meanPerRow());
      boolean degrades = end >= 2 * first && rho > 0 && end > 2 * noise;
      if (m.equals(BP) || m.equals(EG)) {
        degrading += degrades ? 1 : 0;
      }
      e.append(String.format(Locale.ROOT, "%s goes from %s at d = %s/4 to %s at d = %s/4 (%.1f times, rank "
          + "correlation with d %.2f)%s; ", m, sci(first), PariseWellingFigures.number(fig4.x()[0]), sci(end),
          PariseWellingFigures.number(fig4.x()[last]), end / first, rho, degrades ? ", degrading" : ", not degrading"));
      num.put(m, ResultJson.object("first", first, "last", end, "spearman", rho, "degrades", degrades));
    }
    e.setLength(e.length() - 2);
    e.append(String.format(Locale.ROOT, ". (Degrading: at the largest d at least 2 times the smallest d's, rank "
        + "correlation > 0 and above twice the AIS noise floor, here %s.) ", sci(noise)));
    PariseWellingReport.Diagnostics dg = r.fig4Diagnostics();
    double own = r.fig4Exact().curve(BP).meanNats()[last];
    double lrOwn = r.fig4Exact().curve(LR).meanNats()[last];
    boolean lrDegrades = (Boolean) ((Map<?, ?>) num.get(LR)).get("degrades");
    e.append(String.format(Locale.ROOT, "At d = %s/4, BP-LR is %s nats from Laplace-Exact on average, the Bethe log Z "
        + "alone %s nats (|N (log Z - log Z_Bethe)| at the exact λMP), and linear response with the exact log Z "
        + "(laplace-lr) %s nats. The BP bias in λMP grows from %.2f to %.2f posterior standard deviations over the "
        + "d range. ", PariseWellingFigures.number(fig4.x()[last]), nats(own), nats(dg.betheLogZ()[last]),
        nats(lrOwn), dg.bias()[0], dg.bias()[last]));
    if (dg.betheLogZ()[last] >= 0.5 * own && lrOwn < 0.25 * own) {
      e.append("So the BP-based scores degrade with d mainly through the Bethe free energy, whose error is "
          + "multiplied by N, not through linear response. ");
    }
    boolean egBetter = at(fig4, EG, last) < 0.5 * at(fig4, BP, last);
    e.append(String.format(Locale.ROOT, "The paper's exact-gradient scores improve on BP-LR at large d (\"one can "
        + "improve performance by having a more accurate estimate of λMP\"); here BP-LR-ExactGrad (Bethe log Z) %s "
        + "(%s against %s), and laplace-lr (exact log Z) %s.", egBetter ? "does" : "does not", sci(at(fig4, EG, last)),
        sci(at(fig4, BP, last)), lrDegrades ? "degrades too" : "does not degrade"));
    num.put("aisNoiseFloorPerNLargestD", noise);
    num.put("bpBiasPosteriorSdByD", Arrays.stream(dg.bias()).boxed().toList());
    num.put("betheLogZPartNatsByD", Arrays.stream(dg.betheLogZ()).boxed().toList());
    String verdict = degrading == 2 ? "agrees" : degrading == 1 ? "partly agrees" : "disagrees";
    return new PaperClaim("Every BP-based score degrades with the edge strength d",
        "\"As expected all BP based methods deteriorate with increasing d\" (Figure 4)", verdict, e.toString(), num);
  }
}
