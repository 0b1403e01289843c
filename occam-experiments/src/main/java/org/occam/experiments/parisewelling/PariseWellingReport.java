package org.occam.experiments.parisewelling;

import org.occam.experiments.PaperClaim;
import static org.occam.experiments.parisewelling.PariseWellingClaims.BIC;
import static org.occam.experiments.parisewelling.PariseWellingClaims.BP;
import static org.occam.experiments.parisewelling.PariseWellingClaims.EG;
import static org.occam.experiments.parisewelling.PariseWellingClaims.LE;
import static org.occam.experiments.parisewelling.PariseWellingClaims.LR;
import static org.occam.experiments.parisewelling.PariseWellingClaims.MAP;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.mrf.MrfScoreSettings;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The {@code report.md} of {@code occam experiment parise-welling}: the paper's three findings of
 * section 4.1 ({@link PariseWellingClaims}), each checked against this run's numbers, then the figures' tables, the speed and the choices made
 * where the paper is vague.
 */
final class PariseWellingReport {
  private PariseWellingReport() {}

  /**
   * Wall and CPU time of a run.
   *
   * @param processCpuSeconds the JVM's CPU time (NaN where not reported)
   * @param taskSeconds the pairs' wall times summed (more than the CPU time when the cores are shared)
   */
  record Timing(double totalSeconds, double scoringWallSeconds, double processCpuSeconds, double taskSeconds,
      double aisSeconds, int pairs, int sequencePairs, int threads, double loadAtStart, double loadAtEnd) {}

  /**
   * What a run was.
   *
   * @param notConverged per score and reason (e.g. {@code bp-lr(line_search_failed)}), the number of
   *     pairs where its optimiser or final BP run did not converge
   */
  record Context(long seed, int structures, List<Double> strengthsTimes4, List<Integer> sizes, int sequences,
      PariseWellingDesign.Model picked, int trueEdgesAsked, int aisSteps, int aisRuns,
      ParameterSpaceAis.Settings ais, MrfScoreSettings settings, Timing timing,
      Map<String, Integer> notConverged) {}

  /**
   * Means over each point's group of pairs of quantities behind the findings.
   *
   * @param bias the BP-LR bias in λMP in posterior standard deviations
   * @param betheLogZ |N (log Z − log Z_Bethe)| at λMP, nats
   * @param mapMinusLaplace map − laplace-exact (signed), nats: the O(1) terms MAP leaves out
   */
  record Diagnostics(double[] bias, double[] betheLogZ, double[] mapMinusLaplace) {
    static Diagnostics of(List<List<PariseWellingScoring.Scored>> groups) {
      int points = groups.size();
      double[] bias = new double[points];
      double[] logZ = new double[points];
      double[] map = new double[points];
      for (int i = 0; i < points; i++) {
        List<PariseWellingScoring.Scored> g = groups.get(i);
        for (PariseWellingScoring.Scored s : g) {
          bias[i] += s.bpBiasPosteriorSd() / g.size();
          logZ[i] += Math.abs(s.exactGradLogZPart()) / g.size();
          map[i] += (s.score("map") - s.score("laplace-exact")) / g.size();
        }
      }
      return new Diagnostics(bias, logZ, map);
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("bpBiasPosteriorSd", Arrays.stream(bias).boxed().toList());
      m.put("betheLogZPartNats", Arrays.stream(betheLogZ).boxed().toList());
      m.put("mapMinusLaplaceExactNats", Arrays.stream(mapMinusLaplace).boxed().toList());
      return m;
    }
  }

  /**
   * A run's figures.
   *
   * @param fig3Exact Figure 3's groups, BP-based scores against Laplace-Exact instead of AIS
   * @param fig4Exact the same for Figure 4
   * @param signedBicGapSmallN mean (BIC-ML − AIS)/N per number of edges along the sequences at the
   *     smallest N
   * @param fig3Strong Figure 3 at the strongest d
   * @param fig3StrongExact the same against Laplace-Exact
   */
  record Results(Map<Integer, PariseWellingFigures.Panel> fig2, PariseWellingFigures.Panel fig3,
      PariseWellingFigures.Panel fig4, PariseWellingFigures.Panel fig3Exact, PariseWellingFigures.Panel fig4Exact,
      Diagnostics fig3Diagnostics, Diagnostics fig4Diagnostics, double[] signedBicGapSmallN,
      PariseWellingFigures.Panel fig3Strong, PariseWellingFigures.Panel fig3StrongExact,
      Diagnostics fig3StrongDiagnostics) {
    int smallN() {
      return (int) fig3.x()[0];
    }

    int largeN() {
      return (int) fig3.x()[fig3.x().length - 1];
    }
  }


  static String markdown(Context c, Results r, List<PaperClaim> claims) {
    return new Sections(c, r, claims, r.smallN(), r.largeN(), c.picked(), c.timing(), new StringBuilder()).write();
  }

  /** The report's sections, written into {@code b} (a record only to name the inputs once). */
  private record Sections(Context c, Results r, List<PaperClaim> claims, int nMin, int nMax,
      PariseWellingDesign.Model p, Timing t, StringBuilder b) {
    String write() {
      intro();
      findings();
      figures();
      convergence();
      speed();
      choices();
      files();
      return b.toString();
    }

    /** The heading and how the run was made. */
    private void intro() {
      b.append("# Parise & Welling (2006), section 4.1, reproduced\n\n");
      b.append(String.format(Locale.ROOT, "Made by `occam experiment parise-welling` with seed %d on %d thread(s) in "
          + "%.1f s. %d random structures on 5 nodes x %d edge strengths d = %s/4 = %d models, %d exact samples each; "
          + "data set sizes N = %s (nested: the first N samples). Scores: map, bic-ml, bic-map, bp-lr, "
          + "bp-lr-exactgrad, laplace-exact and laplace-lr (see below), with a Gaussian prior N(0, %s^2 I) on every "
          + "parameter (the paper does not state its prior). AIS: K = %d temperatures of Beal's schedule, G = %d runs, "
          + "one HMC transition of %d leapfrog steps per temperature, exact log Z, step size tuned in a pilot run and "
          + "frozen.%n%n", c.seed(), t.threads(), t.totalSeconds(), c.structures(), c.strengthsTimes4().size(),
          joinNumbers(c.strengthsTimes4()), c.structures() * c.strengthsTimes4().size(), nMax, c.sizes(),
          PariseWellingFigures.number(c.settings().priorSigma()), c.aisSteps(), c.aisRuns(), c.ais().leapfrogSteps()));
      b.append(String.format(Locale.ROOT, "Figures 1 and 2 use model %d: structure %d with %d edges (%s), d = %s/4 "
          + "(%s). Its %d nested sequences are in `sequences.csv`.%n%n", p.index(), p.structure(),
          Integer.bitCount(p.mask()), PariseWellingDesign.edgeList(p.mask()),
          PariseWellingFigures.number(p.strengthTimes4()), Integer.bitCount(p.mask()) == c.trueEdgesAsked()
              ? "the first structure with " + c.trueEdgesAsked() + " edges"
              : "no structure has " + c.trueEdgesAsked() + " edges; the first with the closest count", c.sequences()));
      b.append("All differences are |score - AIS| / N (score per data case), the unit of the paper's Figure 1 and, by "
          + "their axis ranges, of Figures 2-4 (Figure 2's axes span 0-0.35 at N = 50 and 0-0.009 at N = 10000). The "
          + "AIS noise floor is the mean AIS standard error / N over the same pairs: a score closer to AIS than about "
          + "that is not resolved from it. `laplace-lr` is not in the paper: the Laplace approximation with the exact "
          + "λMP and log Z and the linear-response C, i.e. BP-LR-ExactGrad with the exact instead of the Bethe log Z "
          + "(the other reading of the paper's definition; it isolates linear response).\n\n");
    }

    /** The paper's findings, each with its verdict and numbers. */
    private void findings() {
      b.append("## The paper's findings against this run\n\n");
      for (PaperClaim cl : claims) {
        b.append("### ").append(cl.title()).append(": **").append(cl.verdict()).append("**\n\n");
        b.append("Paper: ").append(cl.paper()).append(".\n\n");
        b.append(cl.evidence()).append("\n\n");
      }
      b.append("Other statements of section 4.1:\n\n");
      double[] gap = r.signedBicGapSmallN();
      int negative = 0;
      for (double v : gap) {
        negative += v < 0 ? 1 : 0;
      }
      b.append(String.format(Locale.ROOT, "- \"BIC-ML tends to over-penalize model complexity\": at N = %d, the mean "
          + "(BIC-ML - AIS)/N along the sequences is negative at %d of %d positions, %s at 0 edges and %s at 10 edges "
          + "(%s with complexity).%n", nMin, negative, gap.length, sci(gap[0]), sci(gap[gap.length - 1]),
          gap[gap.length - 1] < gap[0] ? "more negative" : "not more negative"));
      PariseWellingFigures.Panel large = r.fig2().get(nMax);
      b.append(String.format(Locale.ROOT, "- \"At large N … BP-LR does slightly worse than the BIC-ML\" (Figure 2): along "
          + "the sequences at N = %d, BP-LR averages %s and BIC-ML %s per data case (%s).%n", nMax,
          sci(average(large, BP)), sci(average(large, BIC)),
          average(large, BP) > average(large, BIC) ? "BP-LR worse, as the paper says" : "BP-LR better: disagrees"));
      b.append("- \"the latter two methods [BP-LR-ExactGrad and Laplace-Exact] perform identically\" (Figure 3): the "
          + "ratio of their mean differences from AIS per N is ");
      for (int i = 0; i < r.fig3().x().length; i++) {
        b.append(i == 0 ? "" : ", ").append((int) r.fig3().x()[i]).append(": ")
            .append(String.format(Locale.ROOT, "%.2f", at(r.fig3(), EG, i) / at(r.fig3(), LE, i)));
      }
      b.append("; for laplace-lr (exact log Z) ");
      for (int i = 0; i < r.fig3().x().length; i++) {
        b.append(i == 0 ? "" : ", ").append((int) r.fig3().x()[i]).append(": ")
            .append(String.format(Locale.ROOT, "%.2f", at(r.fig3(), LR, i) / at(r.fig3(), LE, i)));
      }
      b.append(".\n\n");
    }

    /** Figures 1–4 as tables. */
    private void figures() {
      b.append("## Figure 1: score/N along nested sequence 1\n\n");
      b.append(String.format(Locale.ROOT, "`fig-1-sequence-n%d.png`, `fig-1-sequence-n%d.png`, data in "
          + "`fig-1-sequence.csv`. AIS error bars are +-1 standard error of the G-run estimate (`scores.csv` also has "
          + "the standard deviation of the single runs, `aisRunSd`).%n%n", nMin, nMax));
      for (var e : r.fig2().entrySet()) {
        b.append(String.format(Locale.ROOT, "## Figure 2: mean |score - AIS|/N against the number of edges, N = %d, "
            + "over %d sequences%n%n", e.getKey(), c.sequences()));
        table(b, "edges", e.getValue(), false);
      }
      b.append(String.format(Locale.ROOT, "## Figure 3: mean |score - AIS|/N of the true structure against N, d = %s/4, "
          + "%d models%n%n", PariseWellingFigures.number(p.strengthTimes4()), c.structures()));
      table(b, "N", r.fig3(), false);
      b.append("In nats (mean |score - AIS|; last column the mean AIS standard error):\n\n");
      table(b, "N", r.fig3(), true);
      b.append("Against Laplace-Exact instead of AIS (no AIS noise), in nats, with the mean BP bias in posterior "
          + "standard deviations and the mean |N (log Z - log Z_Bethe)| at λMP:\n\n");
      exactTable(b, "N", r.fig3Exact(), r.fig3Diagnostics());
      b.append(String.format(Locale.ROOT, "## Figure 4: mean |score - AIS|/N of the true structure against d, N = %d, "
          + "%d models per d%n%n", nMax, c.structures()));
      table(b, "d*4", r.fig4(), false);
      b.append("Against Laplace-Exact instead of AIS, in nats:\n\n");
      exactTable(b, "d*4", r.fig4Exact(), r.fig4Diagnostics());
    }

    /** What did not converge. */
    private void convergence() {
      b.append("## Convergence\n\n");
      StringBuilder nc = new StringBuilder();
      for (var e : c.notConverged().entrySet()) {
        nc.append(nc.length() == 0 ? "" : ", ").append(e.getKey()).append(": ").append(e.getValue());
      }
      if (nc.length() == 0) {
        b.append(String.format(Locale.ROOT, "Every score's optimiser and final BP run reported convergence on all %d"
            + " pairs. (A fit counts a line search that failed within %s nats of the optimum, by the Newton"
            + " decrement, as converged: the objective's precision (BP's tolerance, rounding) limits how far it can be"
            + " resolved.)%n%n", t.pairs(), PariseWellingFigures.number(org.occam.mrf.hidden.HiddenMap
                .NEWTON_DECREMENT_LIMIT)));
        return;
      }
      b.append(String.format(Locale.ROOT, "Pairs (of %d) where a score's optimiser or final BP run did not report "
          + "convergence, by score and reason: %s; every other score converged on every pair. They are kept in every "
          + "mean; `scores.csv` lists them per pair (`notConverged`).%n%n", t.pairs(), nc));
    }

    /** The run's speed and load. */
    private void speed() {
      b.append("## Speed\n\n");
      b.append(String.format(Locale.ROOT, "- Total: %.1f s of wall time on %d thread(s) (limit: 600 s; %s). Scoring "
          + "and AIS of the %d (structure, data) pairs took %.1f s of wall time; the process used %.1f CPU s. The "
          + "rest is sampling the data, the figures and the files.%n", t.totalSeconds(), t.threads(),
          t.totalSeconds() < 600 ? "met" : "NOT met", t.pairs(), t.scoringWallSeconds(), t.processCpuSeconds()));
      b.append(String.format(Locale.ROOT, "- AIS (G = %d runs of K = %d) on every pair: %.2f s of wall time per "
          + "estimate on average (%.1f s summed; the scores take the rest of the %.1f s summed over pairs).%n",
          c.aisRuns(), c.aisSteps(), t.aisSeconds() / t.pairs(), t.aisSeconds(), t.taskSeconds()));
      b.append(String.format(Locale.ROOT, "- AIS runs only where a figure needs it: %d pairs for Figures 1-2 (every "
          + "distinct structure of the %d sequences at N = %d and N = %d), then the true structure of each model at "
          + "every N for d = %s/4 (Figure 3) and at N = %d for every d (Figure 4), shared pairs once.%n",
          t.sequencePairs(), c.sequences(), nMin, nMax, PariseWellingFigures.number(p.strengthTimes4()), nMax));
      b.append(String.format(Locale.ROOT, "- The machine's load average was %.1f at the start and %.1f at the end "
          + "(other jobs share the cores); process CPU s / threads = %.1f s is about what this run needs on idle "
          + "cores.%n%n", t.loadAtStart(), t.loadAtEnd(), t.processCpuSeconds() / t.threads()));
    }

    /** The choices made where the paper is vague. */
    private void choices() {
      b.append("## Choices where the paper is vague\n\n");
      b.append("- Structures: each of the 10 possible edges present with probability 1/2, independently (the paper: "
          + "\"50 different random structures\"). Empty and complete graphs are allowed.\n");
      b.append("- Weights: uniform on [-d-e, -d] u [d, d+e] with e = 0.1/4 (the extracted text reads [-d, -d+e] u [d, "
          + "d+e]; we take the symmetric reading), on 0/1 variables with features x_i and x_i x_j, as in the paper's "
          + "appendix A. On 0/1 variables these are weak couplings (d = 2/4 is a spin coupling of 0.125).\n");
      b.append("- One parameter set per (structure, d): \"6 different sets of parameters\" with d varied over 6 "
          + "values.\n");
      b.append("- Sizes: N = " + c.sizes() + "; the paper plots Figure 3 on a linear axis from 0 to 10000 without "
          + "listing its N.\n");
      b.append("- Nested sequences: from the empty graph, the true edges in random order, then the false edges in "
          + "random order (11 models, 0-10 edges); sequence q uses its own random stream. The paper's Figure 2 "
          + "averages 50 such sequences around one true model with 6 edges.\n");
      b.append("- Prior: N(0, " + PariseWellingFigures.number(c.settings().priorSigma()) + "^2 I) on all parameters, "
          + "for the scores and AIS alike.\n");
      b.append("- BP-LR-ExactGrad uses the Bethe log Z at the exact λMP (so it differs from Laplace-Exact by the "
          + "Bethe error N (log Z - log Z_Bethe) as well as by linear response); `laplace-lr` is the other reading, "
          + "with the exact log Z.\n");
      b.append("- Error bars: Figures 2-4 show +-1 standard error of the mean over the group; Figure 1's AIS bars "
          + "are +-1 standard error of the G-run estimate.\n\n");
    }

    /** The files written. */
    private void files() {
      b.append("## Files\n\n");
      b.append("- `scores.csv`: every (model, structure, N) pair with every score in nats, AIS with its standard "
          + "error, the single-run spread and ESS, the BP bias in posterior standard deviations, the Bethe log-Z part "
          + "of BP-LR-ExactGrad and the scores that did not converge\n");
      b.append("- `fig-1-sequence.csv` and `fig-1-sequence-n*.png`; `fig-2-abs-diff-vs-edges.csv` and `.png` per N; "
          + "`fig-3-abs-diff-vs-n.csv`/`.png`; `fig-3-strongest-d-abs-diff-vs-n.csv`/`.png` (Figure 3 at the strongest d);"
          + " `fig-4-abs-diff-vs-d.csv`/`.png`\n");
      b.append("- `models.csv` (every true model's structure and λ), `sequences.csv`, `summary.json` (settings, "
          + "figures, verdicts, timings)\n");
    }
  }

  private static void table(StringBuilder b, String x, PariseWellingFigures.Panel p, boolean inNats) {
    b.append("| ").append(x).append(" |");
    for (PariseWellingFigures.Curve c : p.curves()) {
      b.append(' ').append(c.method()).append(" |");
    }
    b.append(" AIS s.e. |\n|---|").append("---|".repeat(p.curves().size() + 1)).append('\n');
    for (int i = 0; i < p.x().length; i++) {
      b.append("| ").append(PariseWellingFigures.number(p.x()[i])).append(" |");
      for (PariseWellingFigures.Curve c : p.curves()) {
        b.append(' ').append(inNats ? nats(c.meanNats()[i]) : sci(c.meanPerRow()[i])).append(" |");
      }
      double se = p.aisStdErrorPerRow()[i];
      b.append(' ').append(inNats ? nats(se * p.x()[i]) : sci(se)).append(" |\n");
    }
    b.append('\n');
  }

  private static void exactTable(StringBuilder b, String x, PariseWellingFigures.Panel p, Diagnostics d) {
    b.append("| ").append(x).append(" |");
    for (PariseWellingFigures.Curve c : p.curves()) {
      b.append(" abs(").append(c.method()).append(" - laplace-exact) |");
    }
    b.append(" BP bias (sd) | Bethe log-Z part |\n|---|").append("---|".repeat(p.curves().size() + 2)).append('\n');
    for (int i = 0; i < p.x().length; i++) {
      b.append("| ").append(PariseWellingFigures.number(p.x()[i])).append(" |");
      for (PariseWellingFigures.Curve c : p.curves()) {
        b.append(' ').append(nats(c.meanNats()[i])).append(" |");
      }
      b.append(String.format(Locale.ROOT, " %.3f | %s |%n", d.bias()[i], nats(d.betheLogZ()[i])));
    }
    b.append('\n');
  }

  static double at(PariseWellingFigures.Panel p, String m, int i) {
    return p.curve(m).meanPerRow()[i];
  }

  /** The mean of a curve over all its x. */
  static double average(PariseWellingFigures.Panel p, String m) {
    return org.occam.report.Summaries.mean(p.curve(m).meanPerRow());
  }

  /** Spearman's rank correlation (mid-ranks for ties). */
  static double spearman(double[] x, double[] y) {
    double[] rx = ranks(x);
    double[] ry = ranks(y);
    double mx = org.occam.report.Summaries.mean(rx);
    double my = org.occam.report.Summaries.mean(ry);
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < x.length; i++) {
      sxy += (rx[i] - mx) * (ry[i] - my);
      sxx += (rx[i] - mx) * (rx[i] - mx);
      syy += (ry[i] - my) * (ry[i] - my);
    }
    return sxx == 0 || syy == 0 ? 0 : sxy / Math.sqrt(sxx * syy);
  }

  private static double[] ranks(double[] v) {
    double[] r = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      double below = 0;
      double equal = 0;
      for (double w : v) {
        below += w < v[i] ? 1 : 0;
        equal += w == v[i] ? 1 : 0;
      }
      r[i] = below + (equal + 1) / 2;
    }
    return r;
  }

  private static String joinNumbers(List<Double> v) {
    List<String> parts = new ArrayList<>();
    for (double d : v) {
      parts.add(PariseWellingFigures.number(d));
    }
    return "{" + String.join(", ", parts) + "}";
  }

  static String sci(double v) {
    return PariseWellingExperiment.sci(v);
  }

  static String nats(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3g", v) : "-";
  }
}
