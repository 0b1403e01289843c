package org.occam.dag;

import org.occam.math.Dirichlet;

/**
 * The complete-data marginal likelihood of a discrete DAG under independent Dirichlet priors,
 * Beal's eqn (6.9) (the BDe score with these hyperparameters):
 *
 * <pre>  ln p(z | m) = Σ_jl [ lnΓ(λ⁰_jl) − lnΓ(λ⁰_jl + N_jl) + Σ_k ( lnΓ(λ_jlk + N_jlk) − lnΓ(λ_jlk) ) ]</pre>
 *
 * <p>Counts may be fractional, which is how the Cheeseman–Stutz score uses it (6.32).
 */
public final class CompleteDataEvidence {
  private CompleteDataEvidence() {}

  /** {@code ln p(z | m)} for flat counts N in the structure's layout. */
  public static double logEvidence(DagStructure s, DirichletPrior prior, double[] counts) {
    double sum = 0;
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        sum += Dirichlet.logMarginal(prior.lambda(j), counts, s.offset(j) + l * k, k);
      }
    }
    return sum;
  }

  /** {@code ln p(z | θ) = Σ N_jlk ln θ_jlk}, skipping zero counts (so θ = 0 with N = 0 is fine). */
  public static double logLikelihood(double[] theta, double[] counts) {
    double sum = 0;
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] != 0) {
        sum += counts[i] * Math.log(theta[i]);
      }
    }
    return sum;
  }
}
