package org.occam.dag;

import java.util.Arrays;
import org.occam.math.GammaFunctions;

/**
 * Variational Bayesian EM for a discrete DAG with hidden variables (Beal 2003, section 6.3.4).
 * The VBM step sets {@code q(θ_jl) = Dir(λ_jl + N_jl)} (6.41); the VBE step is exact inference
 * with the sub-normalised parameters {@code ln θ̃_jlk = ψ(λ_jlk + N_jlk) − ψ(λ⁰_jl + N_jl)}
 * (6.43–6.45). After each VBE step the lower bound is
 *
 * <pre>  F = Σ_i ln Z̃_i − Σ_jl KL( Dir(λ_jl + N_jl) ‖ Dir(λ_jl) )</pre>
 *
 * <p>with N the counts that produced θ̃ (docs/notes/dag-scores.md). F ≤ ln p(y | m) always, and F never
 * decreases from one iteration to the next. A run starts by one ordinary E step at the given
 * parameters (so that VBEM and EM share initial conditions, as in Beal's experiments) and stops
 * after {@code maxIterations} VBE steps or when F changes by less than
 * {@code tolerancePerDatum · n}.
 */
public final class VariationalBayesEm {
  /**
   * @param maxIterations the most VBE steps
   * @param tolerancePerDatum the convergence threshold on the change of F, per datum
   */
  public record Settings(int maxIterations, double tolerancePerDatum) {
    public Settings {
      if (maxIterations < 1) {
        throw new IllegalArgumentException("maxIterations must be >= 1, got " + maxIterations);
      }
      if (!(tolerancePerDatum >= 0)) {
        throw new IllegalArgumentException("tolerancePerDatum must be >= 0, got " + tolerancePerDatum);
      }
    }

    /** Beal's settings: 1000 iterations, 10⁻⁶ per datum. */
    public static Settings beal() {
      return new Settings(1000, 1e-6);
    }
  }

  /**
   * The outcome of one VBEM run.
   *
   * <p>Its arrays are not copied (they are large or read in hot loops): they belong to this record;
   * callers read them and never modify them.
   *
   * @param posteriorCounts N: the variational posterior is {@code q(θ_jl) = Dir(λ_jl + N_jl)}
   * @param lowerBound F at the final iteration
   * @param iterations the number of VBE steps
   * @param converged whether the change fell below the tolerance before the iteration limit
   * @param trace F after every VBE step
   */
  public record Run(double[] posteriorCounts, double lowerBound, int iterations, boolean converged,
      double[] trace) {}

  private VariationalBayesEm() {}

  /** Runs VBEM from an initial E step at {@code initialTheta} (not modified). */
  public static Run run(HiddenStateEnumeration data, DirichletPrior prior, double[] initialTheta,
      Settings settings) {
    DagStructure s = data.structure();
    double tol = settings.tolerancePerDatum() * data.dataSize();
    double[] counts = new double[s.tableSize()];
    double[] next = new double[s.tableSize()];
    double[] thetaTilde = new double[s.tableSize()];
    data.eStep(initialTheta, counts);
    double[] trace = new double[settings.maxIterations()];
    double bound = 0;
    boolean converged = false;
    int it = 0;
    while (true) {
      double kl = subNormalisedParameters(s, prior, counts, thetaTilde);
      double logZ = data.eStep(thetaTilde, next);
      bound = logZ - kl;
      trace[it++] = bound;
      if ((it > 1 && Math.abs(bound - trace[it - 2]) < tol) || it >= settings.maxIterations()) {
        converged = it > 1 && Math.abs(bound - trace[it - 2]) < tol;
        break;
      }
      double[] swap = counts;
      counts = next;
      next = swap;
    }
    return new Run(counts, bound, it, converged, Arrays.copyOf(trace, it));
  }

  /**
   * Writes θ̃ = exp(ψ(λ + N) − ψ(λ⁰ + N_l)) per row (6.45) into {@code out} (modified) and returns
   * {@code Σ_jl KL(Dir(λ_jl + N_jl) ‖ Dir(λ_jl))} for the same counts: both need ψ(λ + N), so one
   * pass evaluates each special function once per entry.
   */
  static double subNormalisedParameters(DagStructure s, DirichletPrior prior, double[] counts, double[] out) {
    double kl = 0;
    for (int j = 0; j < s.size(); j++) {
      int k = s.cardinality(j);
      double lambda = prior.lambda(j);
      double logGammaLambda = GammaFunctions.logGamma(lambda);
      double logGammaTotalPrior = GammaFunctions.logGamma(k * lambda);
      for (int l = 0; l < s.parentConfigurations(j); l++) {
        int from = s.offset(j) + l * k;
        double total = k * lambda;
        for (int x = 0; x < k; x++) {
          total += counts[from + x];
        }
        double psiTotal = GammaFunctions.digamma(total);
        // KL(Dir(a) || Dir(λ)) = lnΓ(a⁰) − lnΓ(kλ) + Σ_x [lnΓ(λ) − lnΓ(a_x) + (a_x − λ)(ψ(a_x) − ψ(a⁰))]
        kl += GammaFunctions.logGamma(total) - logGammaTotalPrior;
        for (int x = 0; x < k; x++) {
          double n = counts[from + x];
          double a = lambda + n;
          double logTilde = GammaFunctions.digamma(a) - psiTotal;
          out[from + x] = Math.exp(logTilde);
          kl += logGammaLambda - GammaFunctions.logGamma(a) + n * logTilde;
        }
      }
    }
    return kl;
  }
}
