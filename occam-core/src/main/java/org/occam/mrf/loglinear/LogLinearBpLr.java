package org.occam.mrf.loglinear;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.evidence.Accuracy;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.math.DifferentiableFunction;
import org.occam.math.Lbfgs;
import org.occam.mrf.GaussianPrior;
import org.occam.mrf.MrfProblem;
import org.occam.mrf.NewtonToMode;
import org.occam.mrf.PosteriorPrecision;

/**
 * {@code bp-lr} for log-linear models: the Bethe–Laplace score of Parise &amp; Welling (2006,
 * section 4) on any hierarchical model with any number of states, with loopy BP on the generators'
 * factor graph ({@link LogLinearBeliefPropagation}) in place of exact inference, so that it scores
 * models far too large to enumerate:
 *
 * <ul>
 *   <li>λMP_BP maximises the Bethe log posterior {@code N (λᵀf̄ − log Z_Bethe(λ)) + log p(λ)} by L-BFGS
 *       per row, with the gradient {@code f̄ − E_BP[f] − λ/(N σ0²)} (exact for the Bethe objective at a
 *       BP fixed point), one BP engine warm-started from call to call;</li>
 *   <li>it starts at the pseudo-moment-matching point of the smoothed data
 *       ({@link LogLinearBetheFreeEnergy#fixedPointParameters}) when every term of two or more variables
 *       is in one generator only, and from λ = 0 otherwise (the diagnostics' {@code start} says which);</li>
 *   <li>the score is {@code L_Bethe(λ) + log p(λ) + (F/2) log 2π − ½ log det A} with
 *       {@code A = N C_LR + I/σ0²}, C_LR the linear response at λMP_BP ({@link LogLinearLinearResponse}).</li>
 * </ul>
 *
 * <p>On a factor graph without cycles BP is exact, and bp-lr is laplace-exact; on a binary pairwise
 * model it is the Boltzmann machine's {@code bp-lr}. As there, when L-BFGS stops without converging
 * the Newton decrement with the linear-response A decides whether the point counts as the optimum.
 */
public final class LogLinearBpLr implements EvidenceMethod<LogLinearProblem>, LogLinearProblem.WithoutExactInference {
  /**
   * The fit behind one estimate.
   *
   * @param lambda λMP_BP
   * @param result L-BFGS's result (per row)
   * @param start {@code pmm} or {@code zero}
   * @param bp BP at λMP_BP
   * @param lr linear response there
   * @param precision A = N C_LR + I/σ0²
   * @param newtonDecrement ½ gᵀA⁻¹g when L-BFGS did not converge, else NaN
   * @param bpCalls BP runs of the optimisation
   * @param bpNonConvergedCalls those that hit the iteration cap
   * @param logLikelihood L_Bethe(λMP_BP)
   * @param logPrior log p(λMP_BP)
   * @param linearResponseSeconds the time of C_LR and A (of the total {@code seconds})
   * @param seconds the whole fit's time
   */
  public record Fit(double[] lambda, Lbfgs.Result result, String start, LogLinearBpResult bp,
      LogLinearLinearResponse lr, PosteriorPrecision precision, double newtonDecrement, int bpCalls,
      int bpNonConvergedCalls, double logLikelihood, double logPrior, double linearResponseSeconds, double seconds) {
    /** L-BFGS converged, or a Newton step would gain at most {@link LogLinearProblem#DECREMENT_LIMIT} nats. */
    public boolean optimumReached() {
      return result.converged() || newtonDecrement <= LogLinearProblem.DECREMENT_LIMIT;
    }
  }

  @Override
  public String name() {
    return "bp-lr";
  }

  @Override
  public String description() {
    return "Bethe–Laplace: BP-gradient MAP from PMM, Bethe log Z, linear response (Parise & Welling 2006), on the"
        + " generators' factor graph";
  }

  @Override
  public Accuracy accuracy() {
    return Accuracy.approximate(0.04, "exact on factor graphs without cycles, where it is laplace-exact; on loopy"
        + " graphs the Bethe error grows with N and the couplings");
  }

  @Override
  public List<String> settings() {
    return List.of("model", "priorSigma", "optimiser", "bp", "pmmCellPseudoCount", "point", "logZ", "covariance",
        "inference");
  }

  @Override
  public EvidenceEstimate estimate(LogLinearProblem problem) {
    Fit fit = fit(problem);
    Map<String, Object> set = problem.settingsMap();
    set.put("inference", "loopy BP on the generators' factor graph");
    set.put("bp", problem.settings().bp().toString());
    set.put("pmmCellPseudoCount", problem.settings().pmmCellPseudoCount());
    set.put("point", "BP MAP (L-BFGS, BP gradients, from " + fit.start() + ")");
    set.put("logZ", "Bethe");
    set.put("covariance", "linear response");
    Map<String, Object> diag = problem.diagnostics();
    diag.put("optimiserConverged", fit.result().converged());
    if (Double.isFinite(fit.newtonDecrement())) {
      diag.put("newtonDecrement", fit.newtonDecrement());
    }
    diag.put("reason", fit.result().reason().name().toLowerCase(Locale.ROOT));
    diag.put("iterations", fit.result().iterations());
    diag.put("evaluations", fit.result().evaluations());
    diag.put("gradientNormPerRow", fit.result().gradientNorm());
    diag.put("start", fit.start());
    diag.put("logZ", fit.bp().logZ());
    diag.put("logZMethod", "bethe");
    diag.put("logLikelihood", fit.logLikelihood());
    diag.put("logPrior", fit.logPrior());
    MrfProblem.putLambda(fit.lambda(), diag);
    diag.put("bpCalls", fit.bpCalls());
    diag.put("bpNonConvergedCalls", fit.bpNonConvergedCalls());
    diag.put("bpConverged", fit.bp().converged());
    diag.put("bpIterations", fit.bp().iterations());
    diag.put("bpMaxMessageChange", fit.bp().maxMessageChange());
    diag.put("linearResponseSeconds", fit.linearResponseSeconds());
    diag.put("betheExtraCoordinates", fit.bp().graph().extraCoordinates());
    diag.put("linearResponsePositiveDefinite", fit.lr().precisionPositiveDefinite());
    fit.lr().smallestPrecisionEigenvalue().ifPresent(x -> diag.put("linearResponseSmallestEigenvalue", x));
    diag.put("converged", fit.optimumReached() && fit.bp().converged());
    MrfProblem.describePrecision(fit.precision(), diag);
    betheExcess(problem, fit, diag);
    if (!fit.precision().positiveDefinite()) {
      diag.put("converged", false);
      diag.put("failure", "the linear-response posterior precision at λMP_BP is not positive definite");
    }
    return new EvidenceEstimate(name(), fit.logLikelihood() + fit.logPrior() + fit.precision().laplaceCorrection(),
        OptionalDouble.empty(), fit.seconds(), set, OptionalLong.empty(), diag);
  }

  /** Exact inference is run to measure the Bethe excess only when it costs at most this many table entries. */
  static final double EXCESS_CHECK_ENTRIES = 1e6;

  /**
   * Where exact inference is cheap, the exact log-likelihood at the BP point and the Bethe excess
   * (the Bethe L minus the exact L there, {@code N (log Z − log Z_Bethe)}), which the reports warn
   * about above 1 nat; and the generators that share two or more variables, where the factor graph's
   * Bethe entropy subtracts each shared variable's entropy instead of the shared set's, so it
   * counts their mutual information as entropy (on Titanic's Class*Sex*Survived,Sex*Age*Survived, a
   * decomposable model, 206 nats).
   */
  private static void betheExcess(LogLinearProblem problem, Fit fit, Map<String, Object> diag) {
    List<int[]> generators = problem.structure().generators();
    List<String> overlapping = new java.util.ArrayList<>();
    for (int a = 0; a < generators.size(); a++) {
      for (int b = a + 1; b < generators.size(); b++) {
        int[] shared = LogLinearJunctionTree.intersection(generators.get(a), generators.get(b));
        if (shared.length >= 2) {
          overlapping.add(String.join("*", problem.structure().names(shared)));
        }
      }
    }
    if (!overlapping.isEmpty()) {
      diag.put("generatorsSharingSeveralVariables", overlapping);
    }
    LogLinearStructure s = problem.structure();
    if (s.jointStates() > EXCESS_CHECK_ENTRIES
        && LogLinearJunctionTree.shape(s).tableEntries() > EXCESS_CHECK_ENTRIES) {
      return;
    }
    double logZ = problem.inference().run(fit.lambda(), false).logZ();
    double exact = problem.logLikelihood(problem.data().means(), fit.lambda(), logZ);
    diag.put("exactLogLikelihood", exact);
    diag.put("betheLikelihoodExcess", fit.logLikelihood() - exact);
  }

  /** λMP_BP and the Bethe–Laplace pieces there (no enumeration of the joint states). */
  public static Fit fit(LogLinearProblem problem) {
    long t0 = System.nanoTime();
    LogLinearStructure structure = problem.structure();
    LogLinearFactorGraph graph = new LogLinearFactorGraph(structure);
    LogLinearBeliefPropagation engine = new LogLinearBeliefPropagation(graph, problem.settings().bp());
    double rows = problem.data().rows();
    double[] means = problem.data().means();
    GaussianPrior prior = problem.prior();
    double precisionValue = prior.precision();
    double[] start;
    String startName;
    if (graph.extraCoordinates() == 0) {
      // the pseudo-count is a fraction of the sample per cell, as for the Boltzmann machine's PMM
      double[] smoothed = problem.data().smoothed(problem.settings().pmmCellPseudoCount() * rows).means();
      start = LogLinearBetheFreeEnergy.fixedPointParameters(graph, smoothed);
      startName = "pmm";
    } else {
      start = new double[structure.featureCount()];
      startName = "zero";
    }
    int[] calls = new int[2];
    DifferentiableFunction perRow = (lambda, g) -> {
      if (DifferentiableFunction.outsideDomain(lambda, g)) {
        return Double.POSITIVE_INFINITY;
      }
      LogLinearBpResult bp = engine.run(lambda);
      calls[0]++;
      if (!bp.converged()) {
        calls[1]++;
      }
      double[] model = bp.featureMeans();
      double dot = 0;
      for (int a = 0; a < g.length; a++) {
        g[a] = -(means[a] - model[a]) + precisionValue * lambda[a] / rows;
        dot += lambda[a] * means[a];
      }
      return -(dot - bp.logZ()) - prior.logDensity(lambda) / rows;
    };
    Lbfgs.Result r = new Lbfgs(problem.settings().optimiser()).minimize(perRow, start);
    double[] lambda = r.x();
    LogLinearBpResult bp = engine.run(lambda);
    long t1 = System.nanoTime();
    LogLinearLinearResponse lr = LogLinearLinearResponse.compute(bp);
    PosteriorPrecision a = PosteriorPrecision.of(lr.covarianceMatrix(), rows, prior);
    double lrSeconds = (System.nanoTime() - t1) * 1e-9;
    double decrement = Double.NaN;
    if (!r.converged()) {
      decrement = a.newtonDecrement(NewtonToMode.gradient(lambda, bp.featureMeans(), rows, means, prior));
    }
    double logLikelihood = problem.logLikelihood(means, lambda, bp.logZ());
    return new Fit(lambda, r, startName, bp, lr, a, decrement, calls[0], calls[1], logLikelihood,
        prior.logDensity(lambda), lrSeconds, (System.nanoTime() - t0) * 1e-9);
  }
}
