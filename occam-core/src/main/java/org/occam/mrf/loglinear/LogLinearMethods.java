package org.occam.mrf.loglinear;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.occam.evidence.Accuracy;
import org.occam.evidence.AnnealedWeights;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.EvidenceMethod;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.PosteriorPrecision;
import org.occam.sampling.ParameterSpaceAis;

/**
 * The evidence methods for general log-linear models with a Gaussian prior on λ — the exact-inference
 * members of the Boltzmann machine's family (Parise &amp; Welling 2006, section 4), on any hierarchical
 * model with any number of states — in the order help texts list them. Each is one class here and one
 * line in {@link #REGISTRY}. On a binary pairwise model they give the Boltzmann machine's numbers.
 */
public final class LogLinearMethods {
  /** The settings the optimiser-based scores read. */
  static final List<String> OPTIMISER_SETTINGS = List.of("model", "priorSigma", "optimiser", "mlPseudoObservations",
      "inference");

  public static final MethodRegistry<LogLinearProblem> REGISTRY = new MethodRegistry<>("log-linear MRF", List.of(
      new Map_(), new BicMl(), new BicMap(), new LogLinearBpLr(), new LaplaceExact(), new Ais(), new Quadrature(),
      new Exact()));

  private LogLinearMethods() {}

  /** The method of that name (case-insensitive). */
  public static EvidenceMethod<LogLinearProblem> get(String name) {
    return REGISTRY.get(name);
  }

  /** A comma-separated list of names. */
  public static List<EvidenceMethod<LogLinearProblem>> parseList(String list) {
    return REGISTRY.parseList(list);
  }

  /** The methods scored when none are named. */
  public static final String DEFAULT_METHODS = "map,bic-ml,bic-map,laplace-exact";

  /** A named list, or {@link #DEFAULT_METHODS} when {@code list} is null. */
  public static List<EvidenceMethod<LogLinearProblem>> parseListOrDefault(String list) {
    return parseList(list == null ? DEFAULT_METHODS : list);
  }

  /** The scores at λMP; a subclass gives the score there. */
  private abstract static class AtMap implements EvidenceMethod<LogLinearProblem> {
    @Override
    public List<String> settings() {
      return OPTIMISER_SETTINGS;
    }

    abstract double score(LogLinearProblem problem, LogLinearProblem.Fit fit, Map<String, Object> diag);

    /** Extra seconds beyond the MAP fit's. */
    double extraSeconds(LogLinearProblem problem) {
      return 0;
    }

    @Override
    public EvidenceEstimate estimate(LogLinearProblem problem) {
      problem.requireExactInference();
      Map<String, Object> set = problem.settingsMap();
      set.put("point", "exact MAP (L-BFGS, then Newton steps)");
      Map<String, Object> diag = problem.diagnostics();
      LogLinearProblem.Fit fit = problem.map();
      fit.describe(diag);
      diag.put("logPrior", fit.logPrior());
      double score = score(problem, fit, diag);
      return new EvidenceEstimate(name(), score, OptionalDouble.empty(), fit.seconds() + extraSeconds(problem), set,
          OptionalLong.empty(), diag);
    }
  }

  /** {@code map}: L(λMP) + log p(λMP). */
  static final class Map_ extends AtMap {
    @Override
    public String name() {
      return "map";
    }

    @Override
    public String description() {
      return "L(λMP) + log p(λMP) at the exact MAP point: a reference, not an evidence estimate";
    }

    @Override
    public Accuracy accuracy() {
      return Accuracy.reference("the unnormalised log posterior at its mode: above the evidence by the posterior's"
          + " log volume");
    }

    @Override
    double score(LogLinearProblem problem, LogLinearProblem.Fit fit, Map<String, Object> diag) {
      return fit.logPosterior();
    }
  }

  /** {@code bic-map}: L(λMP) − (F/2) log N. */
  static final class BicMap extends AtMap {
    @Override
    public String name() {
      return "bic-map";
    }

    @Override
    public String description() {
      return "L(λMP) − (F/2) log N at the exact MAP point";
    }

    @Override
    public Accuracy accuracy() {
      return Accuracy.approximate(2.5, "drops the O(1) terms of the evidence: a few nats on the reference models");
    }

    @Override
    double score(LogLinearProblem problem, LogLinearProblem.Fit fit, Map<String, Object> diag) {
      diag.put("penalty", problem.penalty());
      return fit.logLikelihood() - problem.penalty();
    }
  }

  /** {@code laplace-exact}: Laplace at λMP with exact log Z and covariance. */
  static final class LaplaceExact extends AtMap {
    @Override
    public String name() {
      return "laplace-exact";
    }

    @Override
    public String description() {
      return "Laplace at the exact MAP point with exact log Z and covariance (Parise & Welling eqn 8)";
    }

    @Override
    public Accuracy accuracy() {
      return Accuracy.approximate(0.04, "the Gaussian approximation of a posterior that is skewed at small N: its"
          + " error falls as 1/N");
    }

    @Override
    double score(LogLinearProblem problem, LogLinearProblem.Fit fit, Map<String, Object> diag) {
      PosteriorPrecision a = problem.precision();
      diag.put("logDetA", a.logDeterminant());
      diag.put("positiveDefinite", a.positiveDefinite());
      diag.put("smallestEigenvalue", a.smallestEigenvalue());
      diag.put("largestEigenvalue", a.largestEigenvalue());
      if (!a.positiveDefinite()) {
        diag.put("converged", false);
        diag.put("failure", "the posterior precision at λMP is not positive definite");
      }
      return fit.logPosterior() + a.laplaceCorrection();
    }

    @Override
    double extraSeconds(LogLinearProblem problem) {
      return problem.precisionSeconds();
    }
  }

  /** {@code bic-ml}: L(λML) − (F/2) log N. */
  static final class BicMl implements EvidenceMethod<LogLinearProblem> {
    @Override
    public String name() {
      return "bic-ml";
    }

    @Override
    public String description() {
      return "L(λML) − (F/2) log N at the exact maximum-likelihood point";
    }

    @Override
    public Accuracy accuracy() {
      return Accuracy.approximate(2.5, "drops the O(1) terms of the evidence: a few nats on the reference models");
    }

    @Override
    public List<String> settings() {
      return OPTIMISER_SETTINGS;
    }

    @Override
    public EvidenceEstimate estimate(LogLinearProblem problem) {
      problem.requireExactInference();
      Map<String, Object> set = problem.settingsMap();
      set.put("point", "exact ML (L-BFGS)");
      Map<String, Object> diag = problem.diagnostics();
      LogLinearProblem.Fit fit = problem.ml();
      fit.describe(diag);
      int empty = problem.data().emptyCells();
      diag.put("mlOnBoundary", empty > 0);
      diag.put("mlEmptyCells", empty);
      diag.put("mlSmoothing", empty > 0 ? problem.settings().mlPseudoObservations() / problem.data().rows() : 0.0);
      diag.put("penalty", problem.penalty());
      return new EvidenceEstimate(name(), fit.logLikelihood() - problem.penalty(), OptionalDouble.empty(),
          fit.seconds(), set, OptionalLong.empty(), diag);
    }
  }

  /** {@code ais}: annealed importance sampling over λ with HMC moves and exact log Z. */
  static final class Ais implements EvidenceMethod<LogLinearProblem> {
    @Override
    public String name() {
      return "ais";
    }

    /** The Boltzmann machine's ais, whose engine and contract this is, on log-linear features. */
    private static final EvidenceMethod<org.occam.mrf.MrfProblem> SAME = org.occam.mrf.methods.MrfMethods.get("ais");

    @Override
    public String description() {
      return SAME.description();
    }

    @Override
    public Accuracy accuracy() {
      return SAME.accuracy();
    }

    @Override
    public List<String> settings() {
      return List.of("prior", "steps", "runs", "leapfrogSteps");
    }

    @Override
    public EvidenceEstimate estimate(LogLinearProblem problem) {
      problem.requireExactInference();
      return AnnealedWeights.check(new ParameterSpaceAis("ais", problem.parameterLikelihood(), problem.aisSettings())
          .estimate(problem.seed(), problem.settings().threads()));
    }
  }

  /** {@code quadrature}: numerical integration over λ, for models of at most three parameters. */
  static final class Quadrature implements EvidenceMethod<LogLinearProblem> {
    @Override
    public String name() {
      return "quadrature";
    }

    @Override
    public String description() {
      return "numerical integration over λ (at most 3 parameters): a ground truth for tiny models";
    }

    @Override
    public Accuracy accuracy() {
      return Accuracy.exact(1e-6, "a tensor trapezoid rule on a box of ±10 posterior standard deviations");
    }

    @Override
    public List<String> settings() {
      return List.of("prior", "rule", "halfWidth", "pointsPerAxis");
    }

    @Override
    public EvidenceEstimate estimate(LogLinearProblem problem) {
      problem.requireExactInference();
      if (problem.structure().featureCount() > org.occam.sampling.ParameterQuadrature.MAX_PARAMETERS) {
        throw new org.occam.data.InvalidInputException("quadrature integrates over at most "
            + org.occam.sampling.ParameterQuadrature.MAX_PARAMETERS + " parameters, but this model has F = "
            + problem.structure().featureCount() + "; use ais instead");
      }
      LogLinearInference engine = problem.inference();
      double rows = problem.data().rows();
      return org.occam.sampling.ParameterQuadrature.estimate(problem.parameterLikelihood(), lambda -> {
        double[][] c = engine.run(lambda, true).covariance();
        for (double[] row : c) {
          for (int j = 0; j < row.length; j++) {
            row[j] *= rows;
          }
        }
        return c;
      }, org.occam.sampling.ParameterQuadrature.Settings.defaults().withPriorSigma(problem.settings().priorSigma()));
    }
  }

  /**
   * {@code exact}: the closed-form evidence of a decomposable model under the hyper-Dirichlet prior
   * (Dawid &amp; Lauritzen 1993), {@link DecomposableEvidence}. A different prior from the other
   * methods' Gaussian on λ, so its numbers are not theirs; it scores graphical models only (the
   * generators are the cliques of a chordal interaction graph).
   */
  static final class Exact implements EvidenceMethod<LogLinearProblem>, LogLinearProblem.WithoutExactInference {
    @Override
    public String name() {
      return DecomposableEvidence.METHOD;
    }

    @Override
    public String description() {
      return "closed-form evidence of a decomposable model under the hyper-Dirichlet prior --prior dirichlet:α"
          + " (Dawid & Lauritzen 1993)";
    }

    @Override
    public Accuracy accuracy() {
      return Accuracy.exact(1e-9, "a closed form over cliques and separators (under its own prior)");
    }

    @Override
    public List<String> settings() {
      return List.of("prior");
    }

    @Override
    public EvidenceEstimate estimate(LogLinearProblem problem) {
      LogLinearStructure s = problem.structure();
      org.occam.mrf.PairwiseGraph graph = s.interactionGraph();
      ChordalGraph chordal = ChordalGraph.tryOf(graph).orElseThrow(() -> new org.occam.data.InvalidInputException(
          "method exact needs a decomposable model, and the graph of " + s.generatorString() + " is not chordal: it"
          + " has the chordless cycle " + ChordalGraph.chordlessCycle(graph).map(c -> String.join("-",
          s.names(c))).orElse("?")));
      java.util.Set<java.util.List<Integer>> cliques = new java.util.HashSet<>();
      java.util.List<String> cliqueNames = new java.util.ArrayList<>();
      for (int c = 0; c < chordal.cliqueCount(); c++) {
        int[] members = ChordalGraph.members(chordal.clique(c));
        cliques.add(java.util.Arrays.stream(members).boxed().toList());
        cliqueNames.add(String.join("*", s.names(members)));
      }
      java.util.Set<java.util.List<Integer>> generators = new java.util.HashSet<>();
      for (int[] g : s.generators()) {
        generators.add(java.util.Arrays.stream(g).boxed().toList());
      }
      if (!cliques.equals(generators)) {
        throw new org.occam.data.InvalidInputException("method exact needs a graphical model, whose generators are"
            + " the cliques of its graph; " + s.generatorString() + " is not (the graphical model of its graph is "
            + String.join(",", cliqueNames) + ")");
      }
      return new DecomposableEvidence(problem.dataset(), problem.dirichletAlpha()).estimate(graph);
    }
  }
}
