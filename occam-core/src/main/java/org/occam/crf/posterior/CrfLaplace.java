package org.occam.crf.posterior;

import java.util.Arrays;
import java.util.Map;
import org.occam.crf.CrfProblem;
import org.occam.mrf.PosteriorPrecision;
import org.occam.sampling.Whitening;

/**
 * The Laplace approximation N(λMP, A⁻¹) of a CRF posterior that every CRF sampler starts from:
 * the exact MAP point and {@code A = Σ_n C_{x_n} + Λ⁻¹} ({@link CrfProblem#precision()}), as the
 * whitening of the Markov chains ({@link Whitening}) and as the record in their diagnostics.
 */
final class CrfLaplace {
  private CrfLaplace() {}

  /** λ = λMP + R⁻ᵀ u with A = R Rᵀ. */
  static Whitening whitening(CrfProblem problem) {
    return Whitening.of(problem.map().lambda(), problem.precision().matrix(), problem.prior().precision());
  }

  /** The MAP fit's and the precision's diagnostics, under names that do not clash with the chains'. */
  static void describe(CrfProblem problem, Map<String, Object> diag) {
    CrfProblem.Fit fit = problem.map();
    PosteriorPrecision a = problem.precision();
    diag.put("mapConverged", fit.converged());
    diag.put("mapNewtonDecrement", fit.newtonDecrement());
    diag.put("mapSeconds", fit.seconds());
    diag.put("precisionPositiveDefinite", a.positiveDefinite());
    diag.put("precisionSmallestEigenvalue", a.smallestEigenvalue());
    diag.put("precisionSeconds", problem.precisionSeconds());
  }

  /** The time the MAP point and A took (counted once per problem; they are cached). */
  static double seconds(CrfProblem problem) {
    return problem.map().seconds() + problem.precisionSeconds();
  }


  /** A list copy of an array, for diagnostics. */
  static java.util.List<Double> boxed(double[] a) {
    return Arrays.stream(a).boxed().toList();
  }
}
