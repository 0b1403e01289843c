package org.occam.experiments.wellingparise;

import org.occam.experiments.PaperClaim;
import static org.occam.experiments.wellingparise.WellingPariseFigures.fmt;
import static org.occam.experiments.wellingparise.WellingPariseFigures.number;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.sampling.MarkovChains;
import org.occam.sampling.SamplerSettings;

/**
 * The {@code report.md} and {@code summary.json} of a {@link WellingPariseExperiment} run: every
 * figure's numbers beside the paper's claim, with the verdicts of {@link WellingPariseClaims}, the
 * convergence of the samplers, the run's speed beside the paper's, and the choices made where the
 * paper is silent.
 */
final class WellingPariseReport {
  /** The grid's parameters: a field per vertex and a coupling per edge. */
  private static final int PARAMETERS = WellingPariseDesign.GRID.vertexCount() + WellingPariseDesign.GRID.edgeCount();

  private WellingPariseReport() {}

  /**
   * Figure 3's pick.
   *
   * @param meanCvm bl-mp's mean CVM over the sets at this (model, N)
   * @param setCvm bl-mp's CVM in the set drawn
   */
  record Worst(int model, int n, int set, double meanCvm, double setCvm, List<WellingPariseHistograms.Panel> panels) {}

  /** The run's timing. */
  record Timing(double totalSeconds, double unitsWallSeconds, double processCpuSeconds, int units, int resumedUnits,
      double loadAtStart, double loadAtEnd) {}

  /**
   * What the report needs besides the figures.
   *
   * @param nullFloor 65 × the 99% quantile of one parameter's CVM between two sets of this size from
   *     the same distribution: a sum below it is not a resolved difference
   */
  record Context(long seed, WellingParisePlan plan, int threads, boolean quick, double nullFloor, Worst worst,
      Timing timing) {}

  static String markdown(Context c, List<WellingPariseFigures.Point> fig2, List<WellingPariseFigures.Point> fig4,
      List<WellingPariseFigures.Point> fig5, List<PaperClaim> claims) {
    WellingParisePlan p = c.plan();
    StringBuilder b = new StringBuilder();
    b.append("# Welling & Parise (2006), section 7: Bethe-Laplace posteriors on 5x5 grids\n\n");
    b.append(String.format(Locale.ROOT, "Seed %d, %d thread(s)%s. Every sample set of bl-mp, bl-bp, lv-cd and mc-bp "
        + "is scored by the Cramer-von Mises score (UAI eqn 23, summed over the 65 parameters) against an HMC set of "
        + "the same size drawn with exact (junction-tree) gradients on the same data; the figures average the score "
        + "over the sets and models at each point.%n%n", c.seed(), c.threads(), c.quick() ? ", reduced run (--quick)"
        : ""));
    b.append("## Design\n\n");
    b.append("- Model: a 5x5 grid Boltzmann machine (25 variables, 40 edges, 65 parameters). The paper's variables are "
        + "spins (+-1); the parameters are drawn in that spin form (fields h, couplings J) and converted exactly to "
        + "Occam's 0/1 form with `BoltzmannMachine.fromSpins` (w = 4J, theta_i = 2h_i - 2 sum_j J_ij), so the "
        + "posteriors, draws and scores are over the 0/1 parameters lambda = (theta, w), under Occam's prior "
        + "N(0, I) on lambda.\n");
    b.append(String.format(Locale.ROOT, "- Figure 2: %d model(s) with h and J i.i.d. N(0, 0.25) (the paper: 5); data "
        + "by exact junction-tree sampling, %d rows per model, a data set of size N being the first N (nested); "
        + "N = %s.%n", p.models(), p.largestSize(), p.sizes()));
    b.append(String.format(Locale.ROOT, "- Figures 4 and 5: one model per d, J uniform on [-(d+e), -d] u [d, d+e], "
        + "e = 0.1/4, d = {%s}/4, h = 0 (Figure 4) and h = 1 (Figure 5), at N = %d (the paper does not say which N; "
        + "this run's choice).%n", String.join(", ", p.strengths().stream().map(WellingPariseFigures::number)
        .toList()), p.strengthSize()));
    b.append(String.format(Locale.ROOT, "- Sample sets: %d per method and point, each of %d kept draws over %d "
        + "chains (warm-up %d transitions per chain, at most %d transitions after it). The paper uses 10 sets of "
        + "10,000 draws (5 restarts of the samplers): this run uses %s, to fit the time budget (%s). The CVM "
        + "score of eqn 23 grows with the set size, so its scale is not the paper's; compare methods, not numbers "
        + "with the paper's axis.%n", p.sets(), p.sampling().samples(), p.sampling().chains(), p.sampling().warmup(),
        p.sampling().maxTransitions(), p.sets() == 10 && p.sampling().samples() == 10_000 ? "the paper's sizes"
            : p.sets() + " set(s) of " + p.sampling().samples() + " draws", c.quick() ? "--quick: about a minute"
            : "the whole run within about 60 minutes of 2 cores"));
    b.append(String.format(Locale.ROOT, "- Noise floor: two sets of this size from the same distribution score below "
        + "%s with 99%% probability per parameter summed over the 65 (a conservative level: sums of quantiles); a "
        + "score near it is not a resolved difference.%n", fmt(c.nullFloor())));
    b.append("- Seeds: unit (figure, model, N, set) samples with `RandomStreams.taskSeed(seed, figure, model, N, "
        + "set)`, method k of (hmc, bl-mp, bl-bp, lv-cd, mc-bp) with `taskSeed(unitSeed, k)`; the numbers do not "
        + "depend on the thread count.\n\n");

    b.append("## The paper's findings against this run\n\n");
    for (PaperClaim cl : claims) {
      b.append("### ").append(cl.title()).append("\n\n");
      b.append("- Paper: ").append(cl.paper()).append('\n');
      b.append("- Here: **").append(cl.verdict()).append("**. ").append(cl.evidence()).append("\n\n");
    }

    b.append("## Figure 2: CVM against HMC as N grows\n\n");
    table(b, "N", fig2);
    b.append(String.format(Locale.ROOT, "Mean +- standard error over the models and sets. Noise floor (two sets from "
        + "one distribution, 99%%, summed over the parameters): %s.%n%n", fmt(c.nullFloor())));
    Worst w = c.worst();
    b.append("## Figure 3: bl-mp against HMC where bl-mp scores worst\n\n");
    if (w == null) {
      b.append("bl-mp gave no draws in any set of Figure 2 (see the CSV's `note`), so there is no Figure 3.\n\n");
    } else {
      b.append(String.format(Locale.ROOT, "Model %d at N = %d has bl-mp's largest mean CVM (%s); its set %d (CVM %s) "
          + "is drawn again with the same seeds. `fig-3-histograms.png` shows HMC (filled) and bl-mp (outline) for "
          + "the %d parameters bl-mp fits worst (univariate CVM): ", w.model(), w.n(), fmt(w.meanCvm()), w.set(),
          fmt(w.setCvm()), w.panels().size()));
      List<String> ps = new ArrayList<>();
      for (WellingPariseHistograms.Panel panel : w.panels()) {
        ps.add(panel.parameter() + " (" + fmt(panel.cvm()) + ")");
      }
      b.append(String.join(", ", ps)).append(". The paper's Figure 3 shows non-Gaussian tails at N = 5000 as the "
          + "cause of bl-mp's rise there.\n\n");
    }
    b.append("## Figure 4: CVM against HMC as the coupling grows, biases 0\n\n");
    table(b, "d*4", fig4);
    b.append("## Figure 5: CVM against HMC as the coupling grows, biases 1\n\n");
    table(b, "d*4", fig5);

    b.append("## Convergence\n\n");
    b.append("| method | sample sets | no draws (failed) | not converged | largest MPSRF | BP runs not converged |\n"
        + "|---|---|---|---|---|---|\n");
    for (String m : WellingPariseDesign.METHODS) {
      int rows = 0;
      int nc = 0;
      int failed = 0;
      long bp = 0;
      double mpsrf = Double.NaN;
      for (List<WellingPariseFigures.Point> f : List.of(fig2, fig4, fig5)) {
        for (WellingPariseFigures.Point pt : f) {
          if (pt.method().equals(m)) {
            rows += pt.rows();
            nc += pt.notConverged();
            failed += pt.failed();
            bp += pt.bpNotConverged();
            mpsrf = Double.isNaN(mpsrf) ? pt.maxMpsrf() : Math.max(mpsrf, Double.isNaN(pt.maxMpsrf()) ? mpsrf
                : pt.maxMpsrf());
          }
        }
      }
      b.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %s | %d |%n", m, rows + failed, failed, nc,
          fmt(mpsrf), bp));
    }
    b.append("\nA chain set counts as converged when its MPSRF is below 1.1 and it was not stopped at the transition "
        + "cap (the paper's threshold); sets that did not converge are kept in every mean and flagged in the CSV "
        + "files (`converged`). A method that gave no draws (its error in the CSV's `note`) is left out of the "
        + "means.");
    SamplerSettings sampling = p.sampling();
    double floor = MarkovChains.independentDrawsMpsrf(sampling.chains(), sampling.perChain(), PARAMETERS);
    b.append(String.format(Locale.ROOT, " Independent draws of a set's shape (%d chains of %d draws of %d parameters) "
        + "give an MPSRF of about %s, as the sets of bl-mp and bl-bp, independent by construction, show", sampling.chains(),
        sampling.perChain(), PARAMETERS, fmt(floor)));
    b.append(floor < SamplerSettings.MPSRF_THRESHOLD ? "."
        : ": above 1.1, so no set of this size meets the threshold however well its chains mix (more draws, "
            + "--draws, would).");
    int hmcSets = 0;
    int hmcNot = 0;
    for (List<WellingPariseFigures.Point> f : List.of(fig2, fig4, fig5)) {
      for (WellingPariseFigures.Point pt : f) {
        if (pt.method().equals(WellingPariseDesign.HMC)) {
          hmcSets += pt.rows();
          hmcNot += pt.notConverged();
        }
      }
    }
    if (hmcNot > 0) {
      b.append(String.format(Locale.ROOT, " HMC, the ground truth, did not converge in %d of its %d sets: the scores "
          + "against those sets are rough (more draws or transitions, --draws and --max-transitions, tighten them).",
          hmcNot, hmcSets));
    }
    b.append("\n\n");

    Timing t = c.timing();
    b.append("## Speed\n\n");
    b.append(String.format(Locale.ROOT, "- Total: %.1f s of wall time on %d thread(s) (%d units%s; %.1f s for the "
        + "units); the process used %.1f CPU s. The machine's load average was %.1f at the start and %.1f at the "
        + "end.%n", t.totalSeconds(), c.threads(), t.units(), t.resumedUnits() > 0 ? ", " + t.resumedUnits()
        + " resumed from the journal" : "", t.unitsWallSeconds(), t.processCpuSeconds(), t.loadAtStart(),
        t.loadAtEnd()));
    b.append("- Mean wall time of one sample set per method (from the CSV files): ");
    List<String> sp = new ArrayList<>();
    for (String m : WellingPariseDesign.METHODS) {
      double s = 0;
      int rows = 0;
      for (List<WellingPariseFigures.Point> f : List.of(fig2, fig4, fig5)) {
        for (WellingPariseFigures.Point pt : f) {
          if (pt.method().equals(m)) {
            s += pt.meanSeconds() * pt.rows();
            rows += pt.rows();
          }
        }
      }
      sp.add(m + " " + fmt(s / rows) + " s");
    }
    b.append(String.join(", ", sp)).append(".\n");
    b.append("- The paper (MATLAB): LV-CD and MC-BP took 6-16 hours per N (10 sets of 10,000 draws, 5 models), "
        + "BL-MP and BL-BP under 2 minutes.\n\n");

    b.append("## Files\n\n");
    b.append("- `" + WellingPariseExperiment.FIG2_CSV + "`, `" + WellingPariseExperiment.FIG4_CSV + "`, `"
        + WellingPariseExperiment.FIG5_CSV + "`: one row per model, N or d, method and sample set (cvm, seconds, "
        + "converged, mpsrf, BP runs not converged, draws, seed); every number above is computed from them\n");
    b.append("- `fig-2-cvm-vs-n.png`, `fig-4-cvm-vs-d-bias0.png`, `fig-5-cvm-vs-d-bias1.png`: mean CVM +-1 standard "
        + "error\n");
    b.append("- `" + WellingPariseExperiment.FIG3_CSV + "` and `fig-3-histograms.png`: Figure 3's histograms\n");
    b.append("- `models.csv` (every true model, spin and 0/1 form), `summary.json` (settings, figures, verdicts, "
        + "timings)\n");
    return b.toString();
  }

  private static void table(StringBuilder b, String x, List<WellingPariseFigures.Point> points) {
    b.append("| ").append(x).append(" |");
    for (String m : WellingPariseDesign.COMPARED) {
      b.append(' ').append(m).append(" |");
    }
    b.append(" BP runs not converged (bl-bp, mc-bp) | hmc s/set |\n|---|").append("---|".repeat(WellingPariseDesign.COMPARED.size()
        + 2)).append('\n');
    for (double v : WellingPariseFigures.xs(points)) {
      b.append("| ").append(number(v)).append(" |");
      long bp = 0;
      for (String m : WellingPariseDesign.COMPARED) {
        WellingPariseFigures.Point p = WellingPariseFigures.at(points, m, v);
        b.append(' ').append(cell(p)).append(" |");
        bp += p == null || !WellingPariseDesign.BP_COUNTED.contains(m) ? 0 : p.bpNotConverged();
      }
      WellingPariseFigures.Point h = WellingPariseFigures.at(points, WellingPariseDesign.HMC, v);
      b.append(' ').append(bp).append(" | ").append(h == null ? "-" : fmt(h.meanSeconds())).append(" |\n");
    }
    b.append('\n');
  }

  /** {@code mean +- se}, or the mean alone. */
  static String cell(WellingPariseFigures.Point p) {
    if (p == null) {
      return "-";
    }
    return Double.isFinite(p.stdError()) ? fmt(p.meanCvm()) + " +- " + fmt(p.stdError()) : fmt(p.meanCvm());
  }

  static Map<String, Object> summary(Context c, List<WellingPariseFigures.Point> fig2,
      List<WellingPariseFigures.Point> fig4, List<WellingPariseFigures.Point> fig5,
      List<PaperClaim> claims) {
    WellingParisePlan p = c.plan();
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("experiment", "Welling & Parise (2006) section 7");
    root.put("seed", c.seed());
    root.put("quick", c.quick());
    Map<String, Object> design = new LinkedHashMap<>();
    design.put("grid", "5x5");
    design.put("parameters", 65);
    design.put("models", p.models());
    design.put("sizes", p.sizes());
    design.put("strengthsTimes4", p.strengths());
    design.put("strengthSize", p.strengthSize());
    design.put("sets", p.sets());
    design.put("draws", p.sampling().samples());
    design.put("chains", p.sampling().chains());
    design.put("warmup", p.sampling().warmup());
    design.put("maxTransitions", p.sampling().maxTransitions());
    design.put("parameterisation", "drawn as spins (+-1), converted with BoltzmannMachine.fromSpins to 0/1");
    root.put("design", design);
    root.put("nullFloor", c.nullFloor());
    Map<String, Object> figs = new LinkedHashMap<>();
    figs.put("figure2", points(fig2));
    figs.put("figure4", points(fig4));
    figs.put("figure5", points(fig5));
    Worst w = c.worst();
    Map<String, Object> f3 = new LinkedHashMap<>();
    if (w != null) {
      f3.put("model", w.model());
      f3.put("n", w.n());
      f3.put("set", w.set());
      f3.put("meanCvm", w.meanCvm());
      f3.put("setCvm", w.setCvm());
      f3.put("parameters", w.panels().stream().map(WellingPariseHistograms.Panel::parameter).toList());
    }
    figs.put("figure3", f3);
    root.put("figures", figs);
    root.put("claims", PaperClaim.toJson(claims));
    Timing t = c.timing();
    Map<String, Object> timing = new LinkedHashMap<>();
    timing.put("totalSeconds", t.totalSeconds());
    timing.put("unitsWallSeconds", t.unitsWallSeconds());
    timing.put("processCpuSeconds", t.processCpuSeconds());
    timing.put("units", t.units());
    timing.put("resumedUnits", t.resumedUnits());
    timing.put("threads", c.threads());
    timing.put("loadAverageAtStart", t.loadAtStart());
    timing.put("loadAverageAtEnd", t.loadAtEnd());
    root.put("timing", timing);
    return root;
  }

  private static List<Object> points(List<WellingPariseFigures.Point> points) {
    List<Object> out = new ArrayList<>();
    for (WellingPariseFigures.Point p : points) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("x", p.x());
      m.put("method", p.method());
      m.put("meanCvm", p.meanCvm());
      m.put("stdError", p.stdError());
      m.put("rows", p.rows());
      m.put("meanSeconds", p.meanSeconds());
      m.put("notConverged", p.notConverged());
      m.put("bpNotConverged", p.bpNotConverged());
      m.put("maxMpsrf", p.maxMpsrf());
      m.put("failed", p.failed());
      out.add(m);
    }
    return out;
  }
}
