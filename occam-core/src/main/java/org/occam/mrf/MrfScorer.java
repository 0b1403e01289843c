package org.occam.mrf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.evidence.EvidenceEstimate;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Lbfgs;

/**
 * Scores one fully observed Boltzmann-machine structure with the Laplace family of Parise &amp;
 * Welling, "Bayesian model scoring in Markov random fields" (NIPS 2006, eqn 8 and section 4), in the
 * notation of {@code notes/laplace-family.md} (F = V + E parameters, N rows, prior N(0, σ0² I)):
 *
 * <pre>
 *   map             = L(λMP) + log p(λMP)                                        exact
 *   bic-ml          = L(λML) − (F/2) log N                                       exact
 *   bic-map         = L(λMP) − (F/2) log N                                       exact
 *   laplace-exact   = L(λMP) + log p(λMP) + (F/2) log 2π − ½ log det(N C + Λ⁻¹)   exact λMP, log Z, C
 *   bp-lr           = the same with log Z_Bethe and C_LR, at λMP_BP                 BP gradients from PMM
 *   bp-lr-exactgrad = the same with log Z_Bethe and C_LR, at λMP                    exact gradients
 * </pre>
 *
 * <p>Work is shared between the methods asked for: each optimum is found once ({@link Lbfgs} on
 * {@link MrfLikelihood}), the pseudo-moment-matching (PMM) point once, the exact covariance once. λMP
 * and λML use exact gradients and start from the PMM point ({@link MrfScoreSettings#exactStart()});
 * λMP_BP uses BP gradients from a warm-started engine and starts from the PMM point, as the paper
 * does. The reported {@code seconds} of a method is the time of all the work it used, shared or not.
 *
 * <p><b>λML when the data are on the boundary.</b> The exact ML point exists only when f̄ is in the
 * interior of the marginal polytope. When a node mean is 0 or 1 or an edge cell is empty (fewer than
 * 10⁻⁶ observations), some parameter goes to ±∞ while L increases to its supremum. Then λML is taken
 * to be the ML point for the data with {@code c/N} added to every edge cell
 * ({@link MrfScoreSettings#mlPseudoObservations()} = c pseudo-observations per cell, a mixture with
 * the uniform distribution, which is always interior), and L is evaluated on the real data there. L
 * there falls short of its supremum by about c per empty cell (0.001 by default), so BIC-ML is
 * slightly below the limit it is defined by. The diagnostics say so ({@code mlOnBoundary},
 * {@code mlEmptyCells}, {@code mlSmoothing}). On a loopy graph f̄ can also lie on a face of the
 * marginal polytope that is not a facet of the local polytope; that is not detected, and shows as
 * large parameters ({@code maxAbsParameter}) and possibly {@code converged = false}.
 *
 * <p><b>A not positive definite.</b> With an exact C, A = N C + Λ⁻¹ is always positive definite.
 * With linear response at an unstable BP fixed point it may not be; then the score uses
 * {@code log |det A|} from the eigenvalues and the diagnostics carry {@code positiveDefinite = false},
 * {@code hessianNotPositiveDefinite = true} and the smallest eigenvalue ({@link PosteriorPrecision}).
 * The score is never NaN.
 *
 * <p>Every result's diagnostics include {@code converged} and the optimiser's
 * {@code optimiserConverged}, {@code reason}, {@code iterations}, {@code evaluations} and
 * {@code gradientNormPerRow} (‖∇‖∞ of the negative log
 * posterior divided by N, which L-BFGS minimises so that its tolerances do not depend on N), the
 * log Z used, L and log p at the point and the point λ itself; the Laplace scores add
 * log det A and A's extreme eigenvalues; the BP scores add BP's convergence at the scored point
 * (iterations, final message change) and the count of non-converged BP runs during the optimisation.
 * {@code converged} is the optimiser's for the exact scores; for the BP scores it is true only if
 * both the optimiser and the final BP run converged. The scores are deterministic: no seed.
 *
 * <pre>{@code
 * MrfData data = MrfData.of(graph, dataset);
 * List<EvidenceEstimate> scores = MrfScorer.score(graph, data,
 *     MrfMethod.parseList("map,bic-ml,bp-lr,laplace-exact"), MrfScoreSettings.defaults());
 * }</pre>
 */
public final class MrfScorer {
  /** A cell with fewer than this many observations counts as empty for the λML boundary test. */
  static final double EMPTY_CELL_OBSERVATIONS = 1e-6;

  private MrfScorer() {}

  /**
   * Scores a structure.
   *
   * @param graph the structure
   * @param data the data's statistics for that graph
   * @param methods the scores wanted, in the order reported (each at most once is sensible; repeats
   *     are recomputed from the shared work)
   * @throws IllegalArgumentException if the data are for another graph, the list is empty, or it
   *     names a method this class does not compute ({@code ais}, {@code quadrature}), before any work
   */
  public static List<EvidenceEstimate> score(PairwiseGraph graph, MrfData data, List<MrfMethod> methods,
      MrfScoreSettings settings) {
    Objects.requireNonNull(settings, "settings");
    if (!data.graph().equals(graph)) {
      throw new IllegalArgumentException("the data's statistics are for " + data.graph() + ", not for " + graph);
    }
    if (methods.isEmpty()) {
      throw new IllegalArgumentException("no methods given (known: " + MrfMethod.names() + ")");
    }
    for (MrfMethod m : methods) {
      if (!m.handledByScorer()) {
        throw new IllegalArgumentException("method '" + m.label() + "' is not handled by MrfScorer (it is a separate "
            + "estimator); MrfScorer computes map, bic-ml, bic-map, bp-lr, bp-lr-exactgrad, laplace-exact");
      }
    }
    Run run = new Run(graph, data, settings);
    List<EvidenceEstimate> out = new ArrayList<>();
    for (MrfMethod m : methods) {
      out.add(run.estimate(m));
    }
    return out;
  }

  /**
   * The number of empty cells of the empirical marginals (node cells x_i = 0 and x_i = 1 and the four
   * cells of each edge) with fewer than {@link #EMPTY_CELL_OBSERVATIONS} observations: 0 iff f̄ is in
   * the interior of the local polytope.
   */
  static int emptyCells(PairwiseGraph graph, double[] means, double rows) {
    int v = graph.vertexCount();
    double threshold = EMPTY_CELL_OBSERVATIONS / rows;
    int empty = 0;
    for (int i = 0; i < v; i++) {
      empty += (means[i] < threshold ? 1 : 0) + (1 - means[i] < threshold ? 1 : 0);
    }
    for (int e = 0; e < graph.edgeCount(); e++) {
      double qi = means[graph.edgeFrom(e)];
      double qj = means[graph.edgeTo(e)];
      double xi = means[v + e];
      double[] cells = {1 - qi - qj + xi, qj - xi, qi - xi, xi};
      for (double c : cells) {
        empty += c < threshold ? 1 : 0;
      }
    }
    return empty;
  }

  /** One optimisation's outcome, with the objective's pieces at the optimum. */
  private record Fit(Lbfgs.Result result, MrfLikelihood.Evaluation atOptimum, String start, double seconds,
      int bpCalls, int bpNonConvergedCalls) {
    double[] lambda() {
      return result.x();
    }

    void describe(Map<String, Object> diag) {
      diag.put("optimiserConverged", result.converged());
      diag.put("reason", result.reason().name().toLowerCase(Locale.ROOT));
      diag.put("iterations", result.iterations());
      diag.put("evaluations", result.evaluations());
      diag.put("gradientNormPerRow", result.gradientNorm());
      diag.put("start", start);
    }
  }

  /** Linear response at a point, with the posterior precision it gives. */
  private record BetheLaplace(BeliefPropagationResult bp, LinearResponse lr, PosteriorPrecision precision,
      double seconds) {}

  /** The shared work of one {@link #score} call, computed on first use. */
  private static final class Run {
    private final PairwiseGraph graph;
    private final MrfData data;
    private final MrfScoreSettings settings;
    private final GaussianPrior prior;
    private final double rows;
    private final double[] means;
    private final int f;

    private double[] pmm;
    private double pmmSeconds;
    private Fit exactMap;
    private Fit ml;
    private int mlEmptyCells;
    private double mlSmoothing;
    private Fit bpMap;
    private MrfLikelihood betheObjective;
    private PosteriorPrecision exactPrecision;
    private double exactPrecisionSeconds;
    private BetheLaplace betheAtBpMap;
    private BetheLaplace betheAtExactMap;

    Run(PairwiseGraph graph, MrfData data, MrfScoreSettings settings) {
      this.graph = graph;
      this.data = data;
      this.settings = settings;
      this.prior = settings.prior();
      this.rows = data.rows();
      this.means = data.featureMeans();
      this.f = data.featureCount();
    }

    EvidenceEstimate estimate(MrfMethod m) {
      Map<String, Object> set = new LinkedHashMap<>(settings.toMap());
      Map<String, Object> diag = new LinkedHashMap<>();
      diag.put("features", f);
      diag.put("rows", rows);
      double penalty = 0.5 * f * Math.log(rows);
      double value;
      double seconds;
      switch (m) {
        case MAP, BIC_MAP -> {
          Fit fit = exactMap();
          set.put("point", "exact MAP (L-BFGS, exact gradients)");
          set.put("logZ", "exact");
          describePoint(fit, diag, "exact");
          diag.put("converged", fit.result().converged());
          MrfLikelihood.Evaluation e = fit.atOptimum();
          if (m == MrfMethod.MAP) {
            value = e.logPosterior();
          } else {
            diag.put("penalty", penalty);
            value = e.logLikelihood() - penalty;
          }
          seconds = fit.seconds();
        }
        case BIC_ML -> {
          Fit fit = ml();
          set.put("point", "exact ML (L-BFGS, exact gradients)");
          set.put("logZ", "exact");
          describePoint(fit, diag, "exact");
          diag.remove("logPrior");
          diag.put("converged", fit.result().converged());
          diag.put("mlOnBoundary", mlEmptyCells > 0);
          diag.put("mlEmptyCells", mlEmptyCells);
          diag.put("mlSmoothing", mlSmoothing);
          diag.put("penalty", penalty);
          value = fit.atOptimum().logLikelihood() - penalty;
          seconds = fit.seconds();
        }
        case LAPLACE_EXACT -> {
          Fit fit = exactMap();
          PosteriorPrecision a = exactPrecision(fit);
          set.put("point", "exact MAP (L-BFGS, exact gradients)");
          set.put("logZ", "exact");
          set.put("covariance", "exact (junction tree)");
          describePoint(fit, diag, "exact");
          diag.put("converged", fit.result().converged());
          describePrecision(a, diag);
          value = fit.atOptimum().logPosterior() + a.laplaceCorrection();
          seconds = fit.seconds() + exactPrecisionSeconds;
        }
        case BP_LR -> {
          Fit fit = bpMap();
          BetheLaplace b = betheAtBpMap(fit);
          set.put("point", "BP MAP (L-BFGS, BP gradients, from PMM)");
          set.put("logZ", "Bethe");
          set.put("covariance", "linear response");
          describePoint(fit, diag, "bethe");
          diag.put("bpCalls", fit.bpCalls());
          diag.put("bpNonConvergedCalls", fit.bpNonConvergedCalls());
          describeBethe(b, diag);
          diag.put("converged", fit.result().converged() && b.bp().converged());
          describePrecision(b.precision(), diag);
          MrfLikelihood.Evaluation e = fit.atOptimum();
          value = e.logPosterior() + b.precision().laplaceCorrection();
          seconds = fit.seconds() + b.seconds();
        }
        case BP_LR_EXACTGRAD -> {
          Fit fit = exactMap();
          BetheLaplace b = betheAtExactMap(fit);
          set.put("point", "exact MAP (L-BFGS, exact gradients)");
          set.put("logZ", "Bethe");
          set.put("covariance", "linear response");
          double logLikelihood = MrfLikelihood.logLikelihood(rows, means, fit.lambda(), b.bp().logZ());
          double logPrior = prior.logDensity(fit.lambda());
          fit.describe(diag);
          diag.put("logZ", b.bp().logZ());
          diag.put("logZExact", fit.atOptimum().inference().logZ());
          diag.put("logLikelihood", logLikelihood);
          diag.put("logPrior", logPrior);
          describeBethe(b, diag);
          diag.put("converged", fit.result().converged() && b.bp().converged());
          describePrecision(b.precision(), diag);
          putLambda(fit.lambda(), diag);
          value = logLikelihood + logPrior + b.precision().laplaceCorrection();
          seconds = fit.seconds() + b.seconds();
        }
        default -> throw new IllegalArgumentException("method '" + m.label() + "' is not handled by MrfScorer");
      }
      return new EvidenceEstimate(m.label(), value, OptionalDouble.empty(), seconds, set, OptionalLong.empty(), diag);
    }

    private void describePoint(Fit fit, Map<String, Object> diag, String logZKind) {
      fit.describe(diag);
      MrfLikelihood.Evaluation e = fit.atOptimum();
      diag.put("logZ", e.inference().logZ());
      diag.put("logZMethod", logZKind);
      diag.put("logLikelihood", e.logLikelihood());
      diag.put("logPrior", e.logPrior());
      putLambda(fit.lambda(), diag);
    }

    private static void putLambda(double[] lambda, Map<String, Object> diag) {
      double max = 0;
      for (double l : lambda) {
        max = Math.max(max, Math.abs(l));
      }
      diag.put("maxAbsParameter", max);
      diag.put("lambda", Arrays.stream(lambda).boxed().toList());
    }

    private static void describePrecision(PosteriorPrecision a, Map<String, Object> diag) {
      diag.put("logDetA", a.logDeterminant());
      diag.put("positiveDefinite", a.positiveDefinite());
      diag.put("hessianNotPositiveDefinite", !a.positiveDefinite());
      if (a.singular()) {
        diag.put("hessianSingular", true);
      }
      diag.put("smallestEigenvalue", a.smallestEigenvalue());
      diag.put("largestEigenvalue", a.largestEigenvalue());
    }

    private static void describeBethe(BetheLaplace b, Map<String, Object> diag) {
      diag.put("bpConverged", b.bp().converged());
      diag.put("bpIterations", b.bp().iterations());
      diag.put("bpMaxMessageChange", b.bp().maxMessageChange());
      diag.put("linearResponsePositiveDefinite", b.lr().precisionPositiveDefinite());
      b.lr().smallestPrecisionEigenvalue().ifPresent(x -> diag.put("linearResponseSmallestEigenvalue", x));
    }

    /** The PMM parameters of the smoothed data: the start of every optimisation. */
    private double[] pmm() {
      if (pmm == null) {
        long t0 = System.nanoTime();
        pmm = PseudoMomentMatching.fit(graph, means, settings.pmmCellPseudoCount()).parameters();
        pmmSeconds = (System.nanoTime() - t0) * 1e-9;
      }
      return pmm;
    }

    private Fit optimise(MrfLikelihood objective, boolean fromPmm) {
      long t0 = System.nanoTime();
      double[] start = fromPmm ? pmm() : new double[f];
      int bpCallsBefore = objective.bpCalls();
      int bpNonConvergedBefore = objective.bpNonConvergedCalls();
      // Per row, so that the optimiser's tolerances mean the same at every N: the gradient is then
      // f̄ − E[f] − λ/(N σ0²), a moment mismatch, and the value O(1), well above its rounding error.
      DifferentiableFunction perRow = (x, g) -> {
        double value = objective.valueAndGradient(x, g);
        for (int a = 0; a < g.length; a++) {
          g[a] /= rows;
        }
        return value / rows;
      };
      Lbfgs.Result r = new Lbfgs(settings.optimiser()).minimize(perRow, start);
      int bpCalls = objective.bpCalls() - bpCallsBefore;
      int bpNonConverged = objective.bpNonConvergedCalls() - bpNonConvergedBefore;
      MrfLikelihood.Evaluation e = objective.evaluate(r.x());
      double seconds = (System.nanoTime() - t0) * 1e-9 + (fromPmm ? pmmSeconds : 0);
      return new Fit(r, e, fromPmm ? "pmm" : "zero", seconds, bpCalls, bpNonConverged);
    }

    Fit exactMap() {
      if (exactMap == null) {
        exactMap = optimise(MrfLikelihood.exact(data, prior), settings.exactStart() == MrfScoreSettings.Start.PMM);
      }
      return exactMap;
    }

    Fit ml() {
      if (ml == null) {
        mlEmptyCells = emptyCells(graph, means, rows);
        MrfData target = data;
        mlSmoothing = 0;
        if (mlEmptyCells > 0) {
          mlSmoothing = settings.mlPseudoObservations() / rows;
          target = new MrfData(graph, rows, PseudoMomentMatching.smoothedMeans(graph, means, mlSmoothing));
        }
        Fit fit = optimise(MrfLikelihood.exact(target), settings.exactStart() == MrfScoreSettings.Start.PMM);
        if (mlEmptyCells > 0) {
          // L on the real data at the smoothed-data optimum
          MrfLikelihood.Evaluation onTarget = fit.atOptimum();
          double logLikelihood = MrfLikelihood.logLikelihood(rows, means, fit.lambda(), onTarget.inference().logZ());
          fit = new Fit(fit.result(), new MrfLikelihood.Evaluation(logLikelihood, 0, onTarget.inference()),
              fit.start(), fit.seconds(), 0, 0);
        }
        ml = fit;
      }
      return ml;
    }

    private MrfLikelihood bethe() {
      if (betheObjective == null) {
        betheObjective = MrfLikelihood.bethe(data, prior, settings.bp());
      }
      return betheObjective;
    }

    Fit bpMap() {
      if (bpMap == null) {
        bpMap = optimise(bethe(), true);
      }
      return bpMap;
    }

    private PosteriorPrecision exactPrecision(Fit fit) {
      if (exactPrecision == null) {
        long t0 = System.nanoTime();
        BoltzmannMachine model = new BoltzmannMachine(graph, fit.lambda());
        exactPrecision = PosteriorPrecision.of(exactCovariance(model, settings.threads()), rows, prior);
        exactPrecisionSeconds = (System.nanoTime() - t0) * 1e-9;
      }
      return exactPrecision;
    }

    /**
     * The junction-tree covariance; enumeration when the tree is too wide but V is small enough
     * (as {@link ExactInference#exact} falls back).
     */
    private static double[][] exactCovariance(BoltzmannMachine model, int threads) {
      try {
        return ExactInference.covariance(model, threads);
      } catch (IllegalArgumentException tooWide) {
        if (model.variableCount() <= ExactEnumeration.MAX_VARIABLES) {
          return ExactEnumeration.run(model, true).covariance();
        }
        throw tooWide;
      }
    }

    private BetheLaplace betheAtBpMap(Fit fit) {
      if (betheAtBpMap == null) {
        long t0 = System.nanoTime();
        // the evaluation at the optimum was the BP objective's last (warm-started) run
        BeliefPropagationResult bp = (BeliefPropagationResult) fit.atOptimum().inference();
        betheAtBpMap = linearResponse(bp, t0);
      }
      return betheAtBpMap;
    }

    private BetheLaplace betheAtExactMap(Fit fit) {
      if (betheAtExactMap == null) {
        long t0 = System.nanoTime();
        BeliefPropagationResult bp = (BeliefPropagationResult) bethe().evaluate(fit.lambda()).inference();
        betheAtExactMap = linearResponse(bp, t0);
      }
      return betheAtExactMap;
    }

    private BetheLaplace linearResponse(BeliefPropagationResult bp, long t0) {
      LinearResponse lr = LinearResponse.compute(bp);
      PosteriorPrecision a = PosteriorPrecision.of(lr.covarianceMatrix(), rows, prior);
      return new BetheLaplace(bp, lr, a, (System.nanoTime() - t0) * 1e-9);
    }
  }
}
