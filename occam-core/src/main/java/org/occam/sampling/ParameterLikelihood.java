package org.occam.sampling;

import java.util.Map;
import org.occam.math.DifferentiableFunction;

/**
 * The exact log likelihood {@code L(λ) = ln p(D | λ)} of a model's F parameters for fixed data D
 * of N items, which {@link ParameterSpaceAis} anneals toward. The model knows how to evaluate L and
 * ∇L; the annealer only needs F, N (its step size scales as {@code (1/σ0² + τN/4)^(−1/2)}) and one
 * evaluator per chain.
 */
public interface ParameterLikelihood {
  /** F, the dimension of λ. */
  int dimension();

  /** N, the number of data items (with multiplicity). */
  double dataCount();

  /**
   * A fresh evaluator of {@code L(λ)} with {@code ∇L(λ)} written into its gradient argument, for
   * one chain. It may keep scratch space, so each chain (and so each thread) gets its own. It
   * returns a non-finite value where L cannot be evaluated (say a non-finite λ); HMC rejects such
   * a point.
   */
  DifferentiableFunction newEvaluator();

  /**
   * What an estimate should report about the model and its exact engine, in order (data size,
   * parameters, how log Z is computed…); copied into the estimate's diagnostics first.
   */
  default Map<String, Object> describe() {
    return Map.of();
  }
}
