package org.occam.experiments.chenwelling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.rbm.RbmMethod;

/**
 * The findings of Chen &amp; Welling (2013) checked against a run, each with a verdict computed from
 * its numbers: how well the Laplace evidence and cross-validation choose K (Figures 1–2), and how
 * close each method comes to the reference evidence (Figures 4, 6 and 7). For {@link ChenWellingReport}.
 */
final class ChenWellingClaims {
  private ChenWellingClaims() {}

  /**
   * @param stopped the Laplace scores at the largest N whose fine-tuning did not converge
   * @param scored all Laplace scores at the largest N
   */
  static ChenWellingReport.Claim selection(List<ChenWellingFigures.ChoiceSummary> s, int trueK, int stopped, int scored) {
    ChenWellingFigures.ChoiceSummary lapFirst = first(s, "laplace");
    ChenWellingFigures.ChoiceSummary lapLast = last(s, "laplace");
    ChenWellingFigures.ChoiceSummary cvFirst = first(s, ChenWellingScoring.CV);
    ChenWellingFigures.ChoiceSummary cvLast = last(s, ChenWellingScoring.CV);
    Map<String, Object> num = new LinkedHashMap<>();
    if (lapFirst == null || cvFirst == null) {
      return new ChenWellingReport.Claim("1-2", "Laplace's chosen K approaches the true K as N grows; cross-validation's does not",
          PAPER_SELECTION, "not checked", "Both laplace and cv are needed.", num);
    }
    boolean laplaceApproaches = lapLast.meanAbsError() <= 1 && lapLast.meanAbsError() <= lapFirst.meanAbsError();
    boolean cvWorse = cvLast.meanAbsError() > lapLast.meanAbsError();
    String verdict = laplaceApproaches && cvWorse ? "agrees" : laplaceApproaches || cvWorse ? "partly agrees"
        : "disagrees";
    String e = String.format(Locale.ROOT, "Over %d models with K* = %d: at the smallest N = %d Laplace chooses K = "
        + "%.2f +- %.2f on average (mean |K - K*| = %.2f) and cv %.2f +- %.2f (%.2f); at the largest N = %d Laplace "
        + "chooses %.2f +- %.2f (%.2f, %d of %d models exactly K*) and cv %.2f +- %.2f (%.2f, %d of %d). ",
        lapLast.models(), trueK, lapFirst.n(), lapFirst.meanK(), lapFirst.sdK(), lapFirst.meanAbsError(),
        cvFirst.meanK(), cvFirst.sdK(), cvFirst.meanAbsError(), lapLast.n(), lapLast.meanK(), lapLast.sdK(),
        lapLast.meanAbsError(), lapLast.correct(), lapLast.models(), cvLast.meanK(), cvLast.sdK(),
        cvLast.meanAbsError(), cvLast.correct(), cvLast.models());
    e += laplaceApproaches ? "Laplace approaches the true K (mean |K - K*| at most 1 at the largest N and no larger "
        + "than at the smallest). " : "Laplace does not approach the true K by this test (mean |K - K*| at most 1 at "
        + "the largest N and no larger than at the smallest). ";
    e += cvWorse ? "Cross-validation ends farther from K* than Laplace" : "Cross-validation ends at least as close to "
        + "K* as Laplace";
    e += cvLast.meanK() > trueK ? String.format(Locale.ROOT, " and over-estimates it on average (%.2f > %d), as the "
        + "paper says.", cvLast.meanK(), trueK) : String.format(Locale.ROOT, " and does not over-estimate it on "
        + "average (%.2f <= %d).", cvLast.meanK(), trueK);
    e += lapFirst.meanK() < trueK ? " At the smallest N Laplace prefers fewer hidden units than K*, as the paper says "
        + "(\"prefers simple structures when the training set is small\")." : "";
    if (stopped > 0) {
      e += String.format(Locale.ROOT, " At the largest N, %d of %d Laplace scores did not converge in fine-tuning (see "
          + "Convergence for by how much): where fine-tuning stopped short of the minimum of ℓ or ran far from the PCD "
          + "estimate their evidence can be far too low, which biases Laplace's choice towards the K where it did "
          + "not.", stopped, scored);
    }
    num.put("laplaceNotConvergedLargestN", stopped);
    num.put("trueK", trueK);
    num.put("smallestN", lapFirst.n());
    num.put("largestN", lapLast.n());
    num.put("laplaceMeanKSmallestN", lapFirst.meanK());
    num.put("laplaceMeanKLargestN", lapLast.meanK());
    num.put("laplaceMeanAbsErrorSmallestN", lapFirst.meanAbsError());
    num.put("laplaceMeanAbsErrorLargestN", lapLast.meanAbsError());
    num.put("cvMeanKSmallestN", cvFirst.meanK());
    num.put("cvMeanKLargestN", cvLast.meanK());
    num.put("cvMeanAbsErrorSmallestN", cvFirst.meanAbsError());
    num.put("cvMeanAbsErrorLargestN", cvLast.meanAbsError());
    num.put("laplaceApproaches", laplaceApproaches);
    num.put("cvFartherThanLaplace", cvWorse);
    return new ChenWellingReport.Claim("1-2", "Laplace's chosen K approaches the true K as N grows; cross-validation's does not",
        PAPER_SELECTION, verdict, e, num);
  }

  private static final String PAPER_SELECTION = "\"our Bayesian method prefers simple structures when the training "
      + "set is small and approaches the true model with more data. In contrast, the 10-fold CV tends to "
      + "overestimate that number\" (Figure 2)";

  private static ChenWellingFigures.ChoiceSummary first(List<ChenWellingFigures.ChoiceSummary> s, String m) {
    return s.stream().filter(x -> x.method().equals(m)).findFirst().orElse(null);
  }

  private static ChenWellingFigures.ChoiceSummary last(List<ChenWellingFigures.ChoiceSummary> s, String m) {
    return s.stream().filter(x -> x.method().equals(m)).reduce((a, b) -> b).orElse(null);
  }

  static ChenWellingReport.Claim evidence(String figure, List<ChenWellingFigures.Closeness> cl, String ref) {
    String title = "Figure " + figure + ": Laplace closest to " + ref + "; MAP and ML-BIC over-penalise";
    String paper = switch (figure) {
      case "4" -> "\"Both Laplace0 and Laplace provide very accurate estimation of p(D) for different sizes of the "
          + "training set. ML-BIC and MAP over penalize due to the absence of the second order term\" (Figure 4)";
      case "6" -> "\"The Laplace methods again provide the most accurate scores\" (Figure 6)";
      default -> "\"MAP and ML-BIC suffer seriously from the increasing number of parameters\"; \"Laplace and "
          + "Laplace0 fit the AIS-p(D) curve very well\" (Figure 7)";
    };
    Map<String, Object> num = new LinkedHashMap<>();
    ChenWellingFigures.Closeness closest = null;
    for (ChenWellingFigures.Closeness c : cl) {
      if (c.points() > 0 && (closest == null || c.meanAbsDiff() < closest.meanAbsDiff())) {
        closest = c;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("points", c.points());
      m.put("missing", c.missing());
      m.put("meanAbsDiffPerDocument", c.meanAbsDiff());
      m.put("meanSignedDiffPerDocument", c.meanSignedDiff());
      m.put("below", c.below());
      num.put(c.method(), m);
    }
    if (closest == null) {
      return new ChenWellingReport.Claim(figure, title, paper, "not checked", "No method was scored at a point where " + ref
          + " has a value.", num);
    }
    StringBuilder e = new StringBuilder("Mean |score - " + ref + "| per document over the points: ");
    for (ChenWellingFigures.Closeness c : cl) {
      e.append(String.format(Locale.ROOT, "%s %s (signed %s, below at %d of %d points%s); ", c.method(),
          ChenWellingReport.sci(c.meanAbsDiff()), ChenWellingReport.signed(c.meanSignedDiff()), c.below(),
          c.points(), c.missing() > 0 ? ", no value at " + c.missing() : ""));
    }
    e.setLength(e.length() - 2);
    e.append(". ");
    List<String> checks = new ArrayList<>();
    int held = 0;
    boolean laplaceFamily = closest.method().equals(RbmMethod.LAPLACE.label())
        || closest.method().equals(RbmMethod.LAPLACE0.label());
    // the check needs a Laplace method other than the reference with at least one point
    boolean hasLaplace = cl.stream().anyMatch(c -> c.points() > 0 && (c.method().equals(RbmMethod.LAPLACE.label())
        || c.method().equals(RbmMethod.LAPLACE0.label())));
    if (hasLaplace) {
      checks.add("closest");
      held += laplaceFamily ? 1 : 0;
      e.append(String.format(Locale.ROOT, "The closest is %s%s. ", closest.method(),
          laplaceFamily ? ", a Laplace method, as the paper says" : ", not a Laplace method"));
    }
    for (String m : List.of(RbmMethod.MAP.label(), RbmMethod.ML_BIC.label())) {
      ChenWellingFigures.Closeness c = cl.stream().filter(x -> x.method().equals(m)).findFirst().orElse(null);
      if (c == null || c.points() == 0) {
        continue;
      }
      checks.add(m);
      boolean over = c.meanSignedDiff() < 0 && 2 * c.below() > c.points();
      held += over ? 1 : 0;
      e.append(String.format(Locale.ROOT, "%s %s (%s below %s on average and at %d of %d points). ", m,
          over ? "over-penalises" : "does not over-penalise", over ? "it lies" : "it does not lie mostly", ref,
          c.below(), c.points()));
    }
    if (!ref.equals(RbmMethod.AIS_PD.label())) {
      e.append("The reference here is " + ref + ", not ais-pd: the verdict says how the scores sit against " + ref
          + ", not against the ground truth.");
    }
    String verdict = checks.isEmpty() ? "not checked" : held == checks.size() ? "agrees"
        : held > 0 ? "partly agrees" : "disagrees";
    num.put("closest", closest.method());
    num.put("checks", checks.size());
    num.put("held", held);
    return new ChenWellingReport.Claim(figure, title, paper, verdict, e.toString().trim(), num);
  }

  /** The MCMC-based estimators of the paper, in its order. */
  static final List<String> SAMPLE_BASED = List.of(RbmMethod.HARMONIC1.label(), RbmMethod.HARMONIC4.label(),
      RbmMethod.BRIDGE_GEO.label(), RbmMethod.BRIDGE_OPT.label(), RbmMethod.DIC.label());
  /** The bridge estimators. */
  static final List<String> BRIDGES = List.of(RbmMethod.BRIDGE_GEO.label(), RbmMethod.BRIDGE_OPT.label());
  /**
   * A bridge estimate "fails" when it is this many nats per document from the yardstick (or has no
   * value): 0.5 per document is 50 nats on the paper's 100 documents, where Laplace's whole error is
   * a few nats.
   */
  static final double BRIDGE_FAILURE_PER_DOCUMENT = 0.5;

  /**
   * "The MCMC-based estimators are farther from AIS-p(D) than Laplace": each sample-based method's
   * mean |score − reference| per document over the figure's points against Laplace's. A method with
   * no value at any point counts as farther. Not checked where the reference is Laplace itself or
   * Laplace has no point.
   */
  static ChenWellingReport.Claim mcmcFarther(String figure, List<ChenWellingFigures.Closeness> cl, String ref) {
    String title = "Figure " + figure + ": the MCMC-based estimators are farther from " + ref + " than Laplace";
    String paper = "\"MCMC methods work well on small training sets, although they are still inferior to the Laplace "
        + "methods\" (Figure 4); \"those algorithms depending on only posterior samples show inferior performance to "
        + "the Laplace method\" (Figure 7)";
    Map<String, Object> num = new LinkedHashMap<>();
    ChenWellingFigures.Closeness laplace = cl.stream().filter(c -> c.method().equals(RbmMethod.LAPLACE.label()))
        .findFirst().orElse(null);
    List<ChenWellingFigures.Closeness> mcmc = cl.stream().filter(c -> SAMPLE_BASED.contains(c.method())).toList();
    if (laplace == null || laplace.points() == 0 || mcmc.isEmpty()) {
      return new ChenWellingReport.Claim(figure, title, paper, "not checked", "Needs laplace and at least one of "
          + String.join(", ", SAMPLE_BASED) + " scored where " + ref + " has a value (and " + ref + " not laplace).",
          num);
    }
    num.put("laplaceMeanAbsDiffPerDocument", laplace.meanAbsDiff());
    StringBuilder e = new StringBuilder(String.format(Locale.ROOT, "Mean |score - %s| per document: laplace %s",
        ref, ChenWellingReport.sci(laplace.meanAbsDiff())));
    int farther = 0;
    for (ChenWellingFigures.Closeness c : mcmc) {
      boolean f = c.points() == 0 || c.meanAbsDiff() > laplace.meanAbsDiff();
      farther += f ? 1 : 0;
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("meanAbsDiffPerDocument", c.meanAbsDiff());
      m.put("points", c.points());
      m.put("fartherThanLaplace", f);
      num.put(c.method(), m);
      e.append(String.format(Locale.ROOT, ", %s %s%s", c.method(), c.points() == 0 ? "no value"
          : ChenWellingReport.sci(c.meanAbsDiff()), f ? " (farther)" : " (closer)"));
    }
    e.append(String.format(Locale.ROOT, ". %d of %d MCMC-based estimators are farther from %s than Laplace.",
        farther, mcmc.size(), ref));
    num.put("farther", farther);
    num.put("estimators", mcmc.size());
    String verdict = farther == mcmc.size() ? "agrees" : farther > 0 ? "partly agrees" : "disagrees";
    return new ChenWellingReport.Claim(figure, title, paper, verdict, e.toString(), num);
  }

  /**
   * "The bridge estimators fail on the 100-word model": at the largest K of Figure 7 where a bridge
   * estimator was scored, its distance per document from the reference (from laplace where the
   * reference has no value there), against {@link #BRIDGE_FAILURE_PER_DOCUMENT}.
   *
   * @param vocabulary V of Figure 7
   */
  static ChenWellingReport.Claim bridgesFail(List<ChenWellingFigures.Point> points, String ref, int vocabulary) {
    String title = "Figure 7: the bridge estimators fail on the " + vocabulary + "-word model";
    String paper = "\"Even worse are the bridge sampling methods which completely fail, because in the high "
        + "dimensional parameter space (~1k parameters when K = 9) the likelihood of samples from the prior "
        + "distribution has a variance that is too large\" (Figure 7)";
    Map<String, Object> num = new LinkedHashMap<>();
    int largest = points.stream().filter(p -> BRIDGES.contains(p.method())).mapToInt(ChenWellingFigures.Point::k)
        .max().orElse(0);
    if (largest == 0) {
      return new ChenWellingReport.Claim("7", title, paper, "not checked", "No bridge estimator was scored.", num);
    }
    List<ChenWellingFigures.Point> at = points.stream().filter(p -> p.k() == largest).toList();
    double refValue = valueOf(at, ref);
    String yardstick = ref;
    if (!Double.isFinite(refValue)) {
      yardstick = RbmMethod.LAPLACE.label();
      refValue = valueOf(at, yardstick);
    }
    int parameters = vocabulary * largest + vocabulary + largest;
    num.put("k", largest);
    num.put("parameters", parameters);
    num.put("yardstick", yardstick);
    num.put("failurePerDocument", BRIDGE_FAILURE_PER_DOCUMENT);
    if (!Double.isFinite(refValue)) {
      return new ChenWellingReport.Claim("7", title, paper, "not checked", "Neither " + ref + " nor laplace has a "
          + "value at K = " + largest + ".", num);
    }
    StringBuilder e = new StringBuilder(String.format(Locale.ROOT, "At K = %d (%d parameters), per document against "
        + "%s: ", largest, parameters, yardstick));
    int failed = 0;
    int scored = 0;
    for (String m : BRIDGES) {
      if (at.stream().noneMatch(p -> p.method().equals(m))) {
        continue;
      }
      scored++;
      double d = valueOf(at, m) - refValue;
      boolean fail = !Double.isFinite(d) || Math.abs(d) > BRIDGE_FAILURE_PER_DOCUMENT;
      failed += fail ? 1 : 0;
      Map<String, Object> mm = new LinkedHashMap<>();
      mm.put("minusYardstickPerDocument", d);
      mm.put("failed", fail);
      num.put(m, mm);
      e.append(String.format(Locale.ROOT, "%s %s (%s); ", m, Double.isFinite(d) ? ChenWellingReport.signed(d)
          : "no value", fail ? "fails" : "within " + BRIDGE_FAILURE_PER_DOCUMENT));
    }
    double laplaceDiff = valueOf(at, RbmMethod.LAPLACE.label()) - refValue;
    if (!yardstick.equals(RbmMethod.LAPLACE.label()) && Double.isFinite(laplaceDiff)) {
      e.append(String.format(Locale.ROOT, "laplace %s; ", ChenWellingReport.signed(laplaceDiff)));
      num.put("laplaceMinusYardstickPerDocument", laplaceDiff);
    }
    e.setLength(e.length() - 2);
    e.append(String.format(Locale.ROOT, ". A bridge estimate fails here when it is more than %.1f nats per document "
        + "off (or has no value).", BRIDGE_FAILURE_PER_DOCUMENT));
    if (parameters < 900) {
      e.append(" This run's largest K has far fewer than the paper's ~1,000 parameters.");
    }
    num.put("failed", failed);
    num.put("scored", scored);
    String verdict = scored == 0 ? "not checked" : failed == scored ? "agrees" : failed > 0 ? "partly agrees"
        : "disagrees";
    return new ChenWellingReport.Claim("7", title, paper, verdict, e.toString(), num);
  }

  /** The mean per document of a method at a point list (NaN if absent). */
  private static double valueOf(List<ChenWellingFigures.Point> at, String method) {
    return at.stream().filter(p -> p.method().equals(method)).mapToDouble(ChenWellingFigures.Point::meanPerDocument)
        .findFirst().orElse(Double.NaN);
  }
}
