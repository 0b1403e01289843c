package org.occam.experiments.chenwelling;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.occam.rbm.Rbm;
import org.occam.rbm.RbmLaplace;
import org.occam.rbm.RbmMethod;
import org.occam.report.Tables;

/**
 * The {@code report.md} of {@code occam experiment chen-welling}: the paper's findings, each checked
 * against this run's numbers with a verdict computed from them, then every figure's table, the
 * speed and the choices made where the paper is vague or our data differ.
 */
final class ChenWellingReport {
  private ChenWellingReport() {}

  /**
   * One data subset of Figures 4, 6 or 7.
   *
   * @param seed the seed of the accepted draw
   * @param draws how many draws it took to have every word in a document
   */
  record SubsetInfo(String figure, long n, int words, long seed, int draws, int distinct) {}

  /** What a run was. */
  record Context(long seed, Path data, List<String> fewWords, long documents, int vocabulary,
      EnumSet<ChenWellingDesign.Part> parts, ChenWellingPlan plan,
      ChenWellingExperiment.Seeds seeds, List<SubsetInfo> subsets, List<Rbm> trueModels,
      List<ChenWellingExperiment.PartTiming> timings, double totalSeconds, int threads, double loadAtStart,
      double loadAtEnd, boolean quick) {
    boolean has(ChenWellingDesign.Part p) {
      return parts.contains(p);
    }
  }

  /**
   * One of the paper's findings against this run.
   *
   * @param verdict "agrees", "partly agrees", "disagrees" or "not checked"
   * @param evidence the numbers behind the verdict, as sentences
   */
  record Claim(String figure, String title, String paper, String verdict, String evidence,
      Map<String, Object> numbers) {}

  /**
   * A run's numbers: Figures 1–2's choices, and per evidence figure its points and each method's
   * closeness to the reference.
   */
  record Results(List<ChenWellingFigures.Choice> choices, List<ChenWellingFigures.ChoiceSummary> choiceSummaries,
      Map<String, List<ChenWellingFigures.Point>> points, Map<String, List<ChenWellingFigures.Closeness>> closeness,
      List<Claim> claims, List<Convergence> convergence) {
    static Results of(List<ChenWellingScoring.Row> rows, Context c) {
      String ref = c.plan().reference();
      List<ChenWellingFigures.Choice> choices = ChenWellingFigures.choices(figure(rows, "1-2"));
      List<ChenWellingFigures.ChoiceSummary> summaries = ChenWellingFigures.choiceSummaries(choices,
          c.plan().trueHidden());
      Map<String, List<ChenWellingFigures.Point>> points = new LinkedHashMap<>();
      Map<String, List<ChenWellingFigures.Closeness>> closeness = new LinkedHashMap<>();
      for (String f : List.of("4", "6", "7")) {
        List<ChenWellingScoring.Row> r = figure(rows, f);
        if (!r.isEmpty()) {
          List<ChenWellingFigures.Point> p = ChenWellingFigures.points(r, ref);
          points.put(f, p);
          closeness.put(f, ChenWellingFigures.closeness(p, ref));
        }
      }
      List<Claim> claims = new ArrayList<>();
      if (!summaries.isEmpty()) {
        long largest = summaries.get(summaries.size() - 1).n();
        List<ChenWellingScoring.Row> last = figure(rows, "1-2").stream()
            .filter(x -> x.n() == largest && x.method().equals(RbmMethod.LAPLACE.label())).toList();
        int stopped = (int) last.stream().filter(x -> !x.converged()).count();
        claims.add(ChenWellingClaims.selection(summaries, c.plan().trueHidden(), stopped, last.size()));
      }
      for (var e : closeness.entrySet()) {
        claims.add(ChenWellingClaims.evidence(e.getKey(), e.getValue(), ref));
        if (e.getValue().stream().anyMatch(x -> ChenWellingClaims.SAMPLE_BASED.contains(x.method()))) {
          claims.add(ChenWellingClaims.mcmcFarther(e.getKey(), e.getValue(), ref));
        }
      }
      List<ChenWellingFigures.Point> fig7 = points.get("7");
      if (fig7 != null && fig7.stream().anyMatch(x -> ChenWellingClaims.BRIDGES.contains(x.method()))) {
        claims.add(ChenWellingClaims.bridgesFail(fig7, ref, c.vocabulary()));
      }
      return new Results(choices, summaries, points, closeness, claims, Convergence.of(rows));
    }
  }

  /**
   * One method's rows in one part that did not converge or have no value.
   *
   * @param rows the method's rows in the part
   * @param notConverged rows whose optimiser or sampler did not report convergence
   * @param noValue rows without a score (laplace0 with an indefinite Hessian)
   * @param maxFineTuningDistance the largest ‖λMP − λ_PCD‖₂ among the rows (NaN if none has one)
   * @param maxFineTuningRemaining the largest estimate of ℓ(λMP) − min ℓ in nats among the rows
   *     where it is defined (NaN if none has one)
   * @param indefinite rows whose fine-tuning ended where the Hessian of ℓ is not positive definite
   */
  record Convergence(String figure, String method, int rows, int notConverged, int noValue,
      double maxFineTuningDistance, double maxFineTuningRemaining, int indefinite) {
    static List<Convergence> of(List<ChenWellingScoring.Row> rows) {
      Map<String, int[]> counts = new LinkedHashMap<>();
      Map<String, Double> moved = new LinkedHashMap<>();
      Map<String, Double> remaining = new LinkedHashMap<>();
      for (ChenWellingScoring.Row r : rows) {
        String key = r.figure() + "\t" + r.method();
        int[] c = counts.computeIfAbsent(key, x -> new int[4]);
        c[0]++;
        c[1] += r.converged() ? 0 : 1;
        c[2] += Double.isFinite(r.perDocument()) ? 0 : 1;
        if (Double.isFinite(r.fineTuningDistance())) {
          moved.merge(key, r.fineTuningDistance(), Math::max);
          if (Double.isFinite(r.fineTuningRemaining())) {
            remaining.merge(key, r.fineTuningRemaining(), Math::max);
          } else if (!r.converged()) {
            c[3]++;
          }
        }
      }
      List<Convergence> out = new ArrayList<>();
      for (var e : counts.entrySet()) {
        String[] key = e.getKey().split("\t");
        int[] c = e.getValue();
        out.add(new Convergence(key[0], key[1], c[0], c[1], c[2], moved.getOrDefault(e.getKey(), Double.NaN),
            remaining.getOrDefault(e.getKey(), Double.NaN), c[3]));
      }
      return out;
    }
  }

  static List<ChenWellingScoring.Row> figure(List<ChenWellingScoring.Row> rows, String figure) {
    return rows.stream().filter(r -> r.figure().equals(figure)).toList();
  }

  // ------------------------------------------------------------------ markdown

  static String markdown(Context c, Results r) {
    return new Sections(c, r, c.plan(), new StringBuilder("# Chen & Welling (2013), reproduced\n\n")).write();
  }

  /** The report's sections, written into {@code b} (a record only to name the inputs once). */
  private record Sections(Context c, Results r, ChenWellingPlan p, StringBuilder b) {
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

    /** How the run was made and on which data. */
    private void intro() {
      b.append(String.format(Locale.ROOT, "Made by `occam experiment chen-welling%s` with seed %d on %d thread(s) in "
          + "%.1f s; parts %s. Prior N(0, %s^2 I) on every weight and bias, as in the paper.%n%n",
          c.quick() ? " --quick" : "", c.seed(), c.threads(), c.totalSeconds(),
          String.join(", ", c.parts().stream().map(ChenWellingDesign.Part::label).toList()),
          Tables.number(ChenWellingPlan.PRIOR_SIGMA)));
      if (c.has(ChenWellingDesign.Part.FIGURE_4) || c.has(ChenWellingDesign.Part.FIGURE_6)
          || c.has(ChenWellingDesign.Part.FIGURE_7)) {
        b.append(String.format(Locale.ROOT, "Data of Figures 4, 6 and 7: `%s` (%d documents, %d words). **The paper "
            + "used the 20 Newsgroups matrix with 100 words, which is not available here**; these are State of the "
            + "Union chunks of 100 words, a sparser matrix, so the numbers are not the paper's and only the "
            + "comparisons between methods carry over. The 5 most frequent words: %s.%n%n", c.data(), c.documents(),
            c.vocabulary(), String.join(", ", c.fewWords())));
        b.append(String.format(Locale.ROOT, "Scores of Figures 4, 6 and 7: %s, each run %d time(s) with its own seed; "
            + "%s%s. Differences are per document: (score - %s) / N.%n%n",
            String.join(", ", p.scores().stream().map(RbmMethod::label).toList()), p.repeats(),
            p.aisPdAsked() ? String.format(Locale.ROOT, "ais-pd once per data set and K, asked for G = %d runs of %d "
                + "temperatures", p.aisPd().runs(), p.aisPd().steps()) : "no ais-pd",
            p.reference().equals(RbmMethod.AIS_PD.label()) ? "" : "; **the reference is " + p.reference()
                + ", not ais-pd** (ais-pd left out of this run)", p.reference()));
        if (p.scores().stream().anyMatch(RbmMethod::sampleBased)) {
          var post = p.posterior();
          b.append(String.format(Locale.ROOT, "The MCMC-based estimators (Figures 4, 6 and 7, panels (b): "
              + "`*-mcmc.png`) share one posterior run per data set, K and repeat: %s with one Gibbs step per "
              + "iteration (CD-1), %d chains started over-dispersed around lambdaMP, at least %d draws kept after %d "
              + "warm-up steps per chain, thinned at about the autocorrelation time but at most %d steps per draw "
              + "(a chain that needs more is reported as not converged), converged when the MPSRF is below 1.1 (the "
              + "paper's; each score's note gives its chains' MPSRF, autocorrelation time tau, thinning and "
              + "effective draws). The draws are doubled, up to %d, until independent draws of the run's shape "
              + "would give an MPSRF of at most %s: the MPSRF of even independent draws grows with the parameters "
              + "per draw (10 chains of 100 independent draws of K = 9's 59 parameters on 5 words give about 1.11), "
              + "and on 100 words even the paper's 10,000 draws give about 1.16 at K = 9 (1,009 parameters), so "
              + "there no run of the paper's size can meet its threshold. Figure 7 therefore keeps a fixed budget: "
              + "%d draws after %d warm-up steps and at most %d steps per chain in all (thinning 10,000 draws at "
              + "the 100-word chains' tau of about 1,300 steps would take about an hour of CPU per run); its "
              + "MCMC-based scores are not expected to converge; step %s on the scale that whitens the Laplace Gaussian N(lambdaMP, A^-1) (A's "
              + "diagonal where F is too large for the full matrix); ln p(D | lambda) %s; %d prior draws for the "
              + "bridge estimators (the paper: 10,000; it kept 10,000 draws thinned every 500 steps). The chains stay in the mode of lambdaMP, as the paper's "
              + "do, so these estimate one mode's evidence.%n%n", post.sampler(), post.sampling().chains(),
              post.sampling().samples(), post.sampling().warmup(), ChenWellingPlan.MAX_STEPS_PER_DRAW,
              p.maxPosteriorDraws(), Tables.number(ChenWellingPlan.INDEPENDENT_MPSRF_TARGET),
              ChenWellingPlan.POSTERIOR_DRAWS, ChenWellingPlan.FIG7_WARMUP, ChenWellingPlan.FIG7_MAX_TRANSITIONS,
              Tables.number(post.langevinStep()),
              post.betheLikelihood() ? "by the Bethe free energy (loopy BP)" : "exact (log Z by enumeration)",
              post.priorDraws()));
        }
      }
    }

    /** The paper's findings, each with its verdict and numbers. */
    private void findings() {
      b.append("## The paper's findings against this run\n\n");
      for (Claim cl : r.claims()) {
        b.append("### ").append(cl.title()).append(": **").append(cl.verdict()).append("**\n\n");
        b.append("Paper: ").append(cl.paper()).append(".\n\n").append(cl.evidence()).append("\n\n");
      }
      if (r.claims().isEmpty()) {
        b.append("No part that makes a comparison ran.\n\n");
      }
    }

    /** The figures as tables: the choice of K, then the evidence of each figure. */
    private void figures() {
      if (!r.choiceSummaries().isEmpty()) {
        b.append(String.format(Locale.ROOT, "## Figures 1-2: choosing K (%d random RBMs, V = %d, K* = %d)%n%n",
            p.models(), ChenWellingDesign.VISIBLE, p.trueHidden()));
        b.append(String.format(Locale.ROOT, "K in %s chosen by the highest Laplace evidence and by the highest mean "
            + "held-out log-likelihood of %d-fold cross-validation. `fig-2-chosen-k.png`, `fig-2-chosen-k.csv`, "
            + "`choices.csv`; Figure 1 (`fig-1-*.png`, `fig-1-typical.csv`) is model 0 at N = %d.%n%n",
            ChenWellingPlan.joinedK(p.candidates()), p.cv().folds(),
            p.sizes().get(p.sizes().size() - 1)));
        b.append("| N | method | models | mean K | sd K | mean abs(K - K*) | K = K* |\n|---|---|---|---|---|---|---|\n");
        for (ChenWellingFigures.ChoiceSummary s : r.choiceSummaries()) {
          b.append(String.format(Locale.ROOT, "| %d | %s | %d | %.2f | %.2f | %.2f | %d |%n", s.n(), s.method(),
              s.models(), s.meanK(), s.sdK(), s.meanAbsError(), s.correct()));
        }
        b.append('\n');
      }
      for (var e : r.points().entrySet()) {
        evidenceSection(b, e.getKey(), e.getValue(), r.closeness().get(e.getKey()), c);
      }
    }

    /** What did not converge. */
    private void convergence() {
      b.append("## Convergence\n\n");
      b.append("Rows of `scores.csv` whose optimiser or sampler did not report convergence, and rows without a value; "
          + "they are kept in every mean and choice (a score without a value is left out). The fine-tuning (L-BFGS "
          + "from the PCD estimate, then Newton's method in a trust region where L-BFGS ends more than "
          + RbmLaplace.FINE_TUNING_TOLERANCE + " nats above the minimum) has converged when the Newton decrement "
          + "½ gᵀA⁻¹g at its end, the estimate of how far ℓ(λMP) is above the minimum of ℓ (`fineTuningRemaining`, in "
          + "nats), is at most " + RbmLaplace.FINE_TUNING_TOLERANCE + "; where the Hessian A is not positive "
          + "definite there the end is no minimum and has no such estimate. The `note` column says why a row did "
          + "not converge, and `fineTuningDistance` how far fine-tuning moved λ from the PCD estimate "
          + "(‖λMP − λ_PCD‖₂; the prior's scale is σ0 = 1 per parameter): importance-sampled fine-tuning that runs "
          + "far from the samples' λ_PCD can end at a much worse λ.\n\n");
      b.append("| part | method | rows | not converged | no value | largest fine-tuning distance | largest nats left to "
          + "the minimum | ended where A is indefinite |\n|---|---|---|---|---|---|---|---|\n");
      for (Convergence cv : r.convergence()) {
        b.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %s | %s | %d |%n", cv.figure(), cv.method(),
            cv.rows(), cv.notConverged(), cv.noValue(), sci(cv.maxFineTuningDistance()),
            sci(cv.maxFineTuningRemaining()), cv.indefinite()));
      }
      b.append('\n');
    }

    /** The run's speed and load. */
    private void speed() {
      b.append("## Speed\n\n");
      for (ChenWellingExperiment.PartTiming t : c.timings()) {
        b.append(String.format(Locale.ROOT, "- Part %s: %d tasks, %.1f s of wall time, %.1f s summed over tasks "
            + "(about the CPU time).%n", t.figure(), t.tasks(), t.wallSeconds(), t.taskSeconds()));
      }
      b.append(String.format(Locale.ROOT, "- Total %.1f s on %d thread(s); the load average was %.1f at the start and "
          + "%.1f at the end (other jobs share the cores).%n%n", c.totalSeconds(), c.threads(), c.loadAtStart(),
          c.loadAtEnd()));
    }

    /** The choices made where the paper is vague, and the deviations. */
    private void choices() {
      b.append("## Choices where the paper is vague, and deviations\n\n");
      if (c.has(ChenWellingDesign.Part.FIGURES_1_2)) {
        b.append(String.format(Locale.ROOT, "- Figures 1-2: %d random RBMs (the paper: 50) and PCD of %d updates "
            + "(the paper's Laplace method: 10,000 in our library's defaults) for every Laplace score and every "
            + "cross-validation fold; fine-tuning from T = %d samples (%d chains x %d, burn-in %d, thinning %d). Each "
            + "model and N needs %d Laplace scores and %d fold trainings; the defaults (10 models, 2,000 updates) keep "
            + "this part to about a quarter of an hour on 2 cores, leaving room for ais-pd in Figure 7 within an "
            + "hour. Sizes N = %s; the paper's Figure 1 has 625K "
            + "samples and it does not list the sizes of Figure 2. The true models' parameters are in "
            + "`models.csv`.%n", p.models(), p.small().training().iterations(), p.small().sampleCount(),
            p.small().sampleChains(), p.small().samplesPerChain(), p.small().burnIn(), p.small().thinning(),
            p.candidates().length, p.candidates().length * p.cv().folds(), p.sizes()));
        b.append("- Cross-validation trains each fold with the same PCD settings as the Laplace method (MAP, sigma0 = "
            + "1) and computes log Z exactly (min(V, K) <= 10); all K of a model and N share the same folds. PCD is "
            + "stochastic: at large N the differences in held-out log-likelihood between K (10^-3 nats per item and "
            + "less) can be below PCD's optimisation error, which then decides cross-validation's choice.\n");
        b.append("- Figure 1 shows one Laplace score per K (the paper: the mean and sd of 100 runs) and the fold "
            + "mean +- sd of cross-validation.\n");
      }
      if (!c.subsets().isEmpty()) {
        b.append("- Subsets: random documents without replacement, redrawn until every word occurs in at least one "
            + "document (the paper's constraint of section 4.1, applied in Figure 7 too so that no word column is "
            + "constant); `subsets.csv` lists each accepted seed and the number of draws.\n");
        b.append(String.format(Locale.ROOT, "- The paper ran each method 100 times per setting; here %d time(s), "
            + "with the sd over runs as error bars. ais-pd's budget (G = %d, %d temperatures) is below the paper's "
            + "100 runs to fit the time budget.%n", p.repeats(), p.aisPd().runs(), p.aisPd().steps()));
        b.append("- The MCMC-based estimators of the paper's lower panels (harmonic mean, bridge sampling, DIC) are "
            + "not run here; they would be new `method` rows in `scores.csv` and the figures' CSVs.\n");
      }
      b.append('\n');
    }

    /** The files written. */
    private void files() {
      b.append("## Files\n\n");
      b.append("- `scores.csv`: every score: figure, model, N, K, method, run, log evidence, per document, standard "
          + "error, converged, fine-tuning distance, fine-tuning's nats left to the minimum, note, seconds, seed (cv "
          + "rows: mean held-out log-likelihood per item and its standard "
          + "error over folds)\n");
      b.append("- `choices.csv`, `fig-2-chosen-k.csv`/`.png`, `fig-1-typical.csv`, `fig-1-laplace.png`, "
          + "`fig-1-cv.png`, `models.csv` (Figures 1-2)\n");
      b.append("- `fig-4-evidence-vs-n.csv`/`.png`, `fig-6-evidence-vs-k.csv`/`.png`, `fig-7-evidence-vs-k.csv`/`.png`; "
          + "`fig-{4,6,7}-distance-from-" + c.plan().reference() + ".png` (the distances on a log scale); "
          + "`fig-{4,6,7}-*-mcmc.png` (panels (b): Laplace beside the MCMC-based estimators, when they ran); "
          + "`subsets.csv`\n");
      b.append("- `summary.json`: settings, seeds, the numbers above, verdicts and timings\n");
    }
  }

  private static void evidenceSection(StringBuilder b, String figure, List<ChenWellingFigures.Point> points,
      List<ChenWellingFigures.Closeness> closeness, Context c) {
    String ref = c.plan().reference();
    boolean byN = figure.equals("4");
    b.append("## Figure ").append(figure).append(switch (figure) {
      case "4" -> ": evidence per document against N (5 words, K = " + c.plan().fig4Hidden() + ")";
      case "6" -> ": evidence per document against K (5 words, N = " + firstN(points) + ")";
      default -> ": evidence per document against K (" + c.vocabulary() + " words, N = " + firstN(points) + ")";
    }).append("\n\n");
    List<String> methods = new ArrayList<>();
    for (ChenWellingFigures.Point p : points) {
      if (!methods.contains(p.method())) {
        methods.add(p.method());
      }
    }
    b.append("Mean over runs of log evidence / N (").append(ref).append(" +- its standard error / N):\n\n| ")
        .append(byN ? "N" : "K").append(" |");
    for (String m : methods) {
      b.append(' ').append(m).append(" |");
    }
    b.append("\n|---|").append("---|".repeat(methods.size())).append('\n');
    Map<String, Map<String, ChenWellingFigures.Point>> rows = new LinkedHashMap<>();
    for (ChenWellingFigures.Point p : points) {
      rows.computeIfAbsent(byN ? Long.toString(p.n()) : Integer.toString(p.k()), x -> new LinkedHashMap<>())
          .put(p.method(), p);
    }
    for (var e : rows.entrySet()) {
      b.append("| ").append(e.getKey()).append(" |");
      for (String m : methods) {
        ChenWellingFigures.Point p = e.getValue().get(m);
        String cell = p == null || !Double.isFinite(p.meanPerDocument()) ? "-"
            : String.format(Locale.ROOT, "%.4f", p.meanPerDocument());
        if (p != null && m.equals(ref) && Double.isFinite(p.meanStdErrorPerDocument())) {
          cell += String.format(Locale.ROOT, " +- %.4f", p.meanStdErrorPerDocument());
        }
        b.append(' ').append(cell).append(" |");
      }
      b.append('\n');
    }
    b.append("\nCloseness to ").append(ref).append(" over the points where both have a value:\n\n");
    b.append("| method | points | mean abs(diff) / N | mean diff / N | below | no value |\n|---|---|---|---|---|---|\n");
    for (ChenWellingFigures.Closeness cl : closeness) {
      b.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %d | %d |%n", cl.method(), cl.points(),
          sci(cl.meanAbsDiff()), signed(cl.meanSignedDiff()), cl.below(), cl.missing()));
    }
    b.append('\n');
  }

  private static long firstN(List<ChenWellingFigures.Point> points) {
    return points.isEmpty() ? 0 : points.get(0).n();
  }

  /** Three significant digits, e.g. {@code 0.0123}; "-" for NaN. */
  static String sci(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3g", v) : "-";
  }

  /** Three significant digits with a sign. */
  static String signed(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%+.3g", v) : "-";
  }
}
