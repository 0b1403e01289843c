package org.occam.mrf.loglinear;

import org.occam.mrf.LoopyBeliefPropagation;

/**
 * The outcome of a {@link LogLinearBeliefPropagation} run: factor and variable beliefs, the feature
 * means read from them, the Bethe approximation to log Z, and the convergence diagnostics. When BP
 * did not converge the beliefs are those of the last sweep and {@link #converged()} is false; nothing
 * is thrown and nothing is replaced by a sentinel. Immutable (accessors return copies).
 */
public final class LogLinearBpResult {
  private final LogLinearFactorGraph graph;
  private final LoopyBeliefPropagation.Settings settings;
  private final double[] lambda;
  private final double[][] factorBeliefs;
  private final double[][] variableBeliefs;
  private final double[] means;
  private final double logZ;
  private final boolean converged;
  private final int iterations;
  private final double maxMessageChange;

  LogLinearBpResult(LogLinearFactorGraph graph, LoopyBeliefPropagation.Settings settings, double[] lambda,
      double[][] factorBeliefs, double[][] variableBeliefs, double[] means, double logZ, boolean converged,
      int iterations, double maxMessageChange) {
    this.graph = graph;
    this.settings = settings;
    this.lambda = lambda;
    this.factorBeliefs = factorBeliefs;
    this.variableBeliefs = variableBeliefs;
    this.means = means;
    this.logZ = logZ;
    this.converged = converged;
    this.iterations = iterations;
    this.maxMessageChange = maxMessageChange;
  }

  public LogLinearFactorGraph graph() {
    return graph;
  }

  public LoopyBeliefPropagation.Settings settings() {
    return settings;
  }

  /** The parameters BP ran at. */
  public double[] parameters() {
    return lambda.clone();
  }

  /**
   * {@code log Z_Bethe = −F_Bethe(b) = Σ_g [E_{b_g} log ψ_g + H(b_g)] − Σ_v (d_v − 1) H(b_v)} at the
   * final beliefs: equal to log Z on a factor graph without cycles at convergence.
   */
  public double logZ() {
    return logZ;
  }

  /** E_BP[f]: each feature from the belief of the factor that owns its term (a fresh array). */
  public double[] featureMeans() {
    return means.clone();
  }

  /** b_g over factor g's cells (row-major over its variables, last fastest; a fresh array). */
  public double[] factorBelief(int g) {
    return factorBeliefs[g].clone();
  }

  double[] factorBeliefShared(int g) {
    return factorBeliefs[g];
  }

  /** b_v over variable v's states (a fresh array). */
  public double[] variableBelief(int v) {
    return variableBeliefs[v].clone();
  }

  double[] variableBeliefShared(int v) {
    return variableBeliefs[v];
  }

  /** Whether the largest message residual fell below the tolerance within the iteration cap. */
  public boolean converged() {
    return converged;
  }

  /** Sweeps performed; equal to {@code maxIterations} when BP did not converge. */
  public int iterations() {
    return iterations;
  }

  /** The largest undamped message residual of the last sweep (log-ratio units, {@code log m(s)/m(0)}). */
  public double maxMessageChange() {
    return maxMessageChange;
  }

  @Override
  public String toString() {
    return "LogLinearBpResult[" + settings + ", converged=" + converged + ", iterations=" + iterations
        + ", maxMessageChange=" + maxMessageChange + ", logZ=" + logZ + "]";
  }
}
