package org.occam.mrf;

import org.occam.data.InvalidInputException;
import java.util.List;
import java.util.Objects;
import org.occam.evidence.EvidenceEstimate;
import org.occam.evidence.MethodRegistry;
import org.occam.mrf.methods.MrfMethods;

/**
 * Scores one fully observed Boltzmann-machine structure with the Laplace family of Parise &amp;
 * Welling, "Bayesian model scoring in Markov random fields" (NIPS 2006, eqn 8 and section 4), in the
 * notation of {@code docs/notes/laplace-family.md} (F = V + E parameters, N rows, prior N(0, σ0² I)):
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
 * <p>Work is shared between the methods asked for: each optimum is found once ({@link org.occam.math.Lbfgs} on
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
    if (methods.isEmpty()) {
      throw new InvalidInputException("no methods given (known: " + MrfMethod.names() + ")");
    }
    for (MrfMethod m : methods) {
      if (!m.handledByScorer()) {
        throw new InvalidInputException("method '" + m.label() + "' is not handled by MrfScorer (it is a separate "
            + "estimator); MrfScorer computes map, bic-ml, bic-map, bp-lr, bp-lr-exactgrad, laplace-exact");
      }
    }
    return MethodRegistry.estimateAll(new MrfProblem(graph, data, settings, 0),
        methods.stream().map(m -> MrfMethods.get(m.label())).toList());
  }
}
