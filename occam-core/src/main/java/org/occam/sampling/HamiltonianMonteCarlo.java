package org.occam.sampling;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * Hamiltonian (hybrid) Monte Carlo (Duane, Kennedy, Pendleton &amp; Roweth 1987; Neal 2011,
 * "MCMC using Hamiltonian dynamics", Handbook of MCMC, ch. 5) for a differentiable density π on
 * ℝ^d, with an identity mass matrix. One transition draws a momentum {@code p ~ N(0, I)}, follows
 * {@code H(x, p) = −ln π(x) + ½ pᵀp} for L leapfrog steps of size ε (Neal's eqns 5.18–5.20),
 *
 * <pre>
 *   p ← p + (ε/2) ∇ln π(x);   L times { x ← x + ε p;  p ← p + ε ∇ln π(x) }, the last momentum step halved
 * </pre>
 *
 * <p>and accepts the end point with probability {@code min(1, exp(H(x, p) − H(x', p')))}. The
 * leapfrog map is reversible and volume preserving, so with this Metropolis correction every
 * transition leaves π invariant for any fixed ε and L. A trajectory that reaches a non-finite
 * density or gradient is stopped and rejected.
 *
 * <p>The sampler keeps the current state (x, ln π(x), ∇ln π(x)); a transition costs L density
 * evaluations (the gradient at x is kept from the previous one) and allocates nothing. Step-size
 * tuning is the caller's: see {@link StepSizeAdaptation}.
 *
 * <p><b>Contract used by annealing targets:</b> when {@link #transition} returns {@code true}, the
 * last call it made to {@link LogDensity#valueAndGradient} was at the accepted state, so a density
 * can keep by-products of its last evaluation (say the log likelihood inside a tempered density)
 * and adopt them on acceptance.
 *
 * <p>Example (a standard normal in 3 dimensions):
 *
 * <pre>{@code
 * HamiltonianMonteCarlo hmc = new HamiltonianMonteCarlo(3, 10, RandomStreams.fromSeed(1));
 * LogDensity normal = (x, g) -> { double s = 0; for (int i = 0; i < 3; i++) { g[i] = -x[i]; s -= 0.5 * x[i] * x[i]; } return s; };
 * hmc.setState(new double[3], normal);
 * double[] x = new double[3];
 * for (int t = 0; t < 1000; t++) { hmc.transition(normal, 0.3); hmc.position(x); }
 * }</pre>
 */
public final class HamiltonianMonteCarlo {
  /** A log density known up to a constant, with its gradient. */
  @FunctionalInterface
  public interface LogDensity {
    /**
     * {@code ln π(x)} up to an additive constant, with {@code ∇ln π(x)} written into {@code gradOut}.
     *
     * @param x the point. Not modified.
     * @param gradOut length d. Modified: every component is written.
     * @return {@code ln π(x)}; −∞ or NaN outside the support (the move is rejected)
     */
    double valueAndGradient(double[] x, double[] gradOut);
  }

  private final int dimension;
  private final int leapfrogSteps;
  private final UniformRandomProvider rng;
  private final ZigguratSampler.NormalizedGaussian normal;
  private final double[] x;
  private final double[] gradient;
  private double logDensity = Double.NaN;
  private final double[] proposal;
  private final double[] proposalGradient;
  private final double[] momentum;
  private double lastAcceptanceProbability = Double.NaN;
  private double lastEnergyError = Double.NaN;
  private long accepted;
  private long proposed;
  private long evaluations;

  /**
   * @param dimension d ≥ 1
   * @param leapfrogSteps L ≥ 1
   * @param rng the caller's stream (momenta and acceptance draws)
   */
  public HamiltonianMonteCarlo(int dimension, int leapfrogSteps, UniformRandomProvider rng) {
    if (dimension < 1 || leapfrogSteps < 1) {
      throw new IllegalArgumentException("HMC needs dimension >= 1 and leapfrogSteps >= 1, got " + dimension
          + " and " + leapfrogSteps);
    }
    this.dimension = dimension;
    this.leapfrogSteps = leapfrogSteps;
    this.rng = rng;
    this.normal = ZigguratSampler.NormalizedGaussian.of(rng);
    x = new double[dimension];
    gradient = new double[dimension];
    proposal = new double[dimension];
    proposalGradient = new double[dimension];
    momentum = new double[dimension];
  }

  /**
   * Moves to {@code start}, evaluating the density there.
   *
   * @param start length d. Not modified.
   * @throws IllegalArgumentException if the density or its gradient is not finite there
   */
  public void setState(double[] start, LogDensity density) {
    requireDimension(start);
    System.arraycopy(start, 0, x, 0, dimension);
    logDensity = density.valueAndGradient(x, gradient);
    evaluations++;
    requireFinite();
  }

  /**
   * Moves to {@code start} with its log density and gradient already known (no evaluation), as
   * when an annealing chain re-weights its cached log likelihood for the next temperature.
   *
   * @param start length d. Not modified.
   * @param startGradient {@code ∇ln π(start)}, length d. Not modified.
   * @throws IllegalArgumentException if the value or the gradient is not finite
   */
  public void setState(double[] start, double startLogDensity, double[] startGradient) {
    requireDimension(start);
    requireDimension(startGradient);
    System.arraycopy(start, 0, x, 0, dimension);
    System.arraycopy(startGradient, 0, gradient, 0, dimension);
    logDensity = startLogDensity;
    requireFinite();
  }

  /**
   * One transition: a fresh momentum, L leapfrog steps of size ε, and the Metropolis test.
   *
   * @param density the same π the state was set with (or whose value and gradient were given)
   * @param stepSize ε &gt; 0
   * @return whether the proposal was accepted (the state is unchanged otherwise)
   * @throws IllegalStateException before {@link #setState}
   */
  public boolean transition(LogDensity density, double stepSize) {
    if (!(stepSize > 0) || !Double.isFinite(stepSize)) {
      throw new IllegalArgumentException("the step size must be positive and finite, got " + stepSize);
    }
    if (Double.isNaN(logDensity)) {
      throw new IllegalStateException("set a state before the first transition");
    }
    proposed++;
    double kinetic = 0;
    for (int i = 0; i < dimension; i++) {
      double p = normal.sample();
      momentum[i] = p;
      kinetic += p * p;
      proposal[i] = x[i];
      proposalGradient[i] = gradient[i];
    }
    double startEnergy = -logDensity + 0.5 * kinetic;
    double half = 0.5 * stepSize;
    for (int i = 0; i < dimension; i++) {
      momentum[i] += half * proposalGradient[i];
    }
    double proposalLogDensity = Double.NaN;
    for (int step = 1; step <= leapfrogSteps; step++) {
      for (int i = 0; i < dimension; i++) {
        proposal[i] += stepSize * momentum[i];
      }
      proposalLogDensity = density.valueAndGradient(proposal, proposalGradient);
      evaluations++;
      if (!isFinite(proposalLogDensity, proposalGradient)) {
        return reject(Double.POSITIVE_INFINITY);
      }
      double scale = step == leapfrogSteps ? half : stepSize;
      for (int i = 0; i < dimension; i++) {
        momentum[i] += scale * proposalGradient[i];
      }
    }
    kinetic = 0;
    for (int i = 0; i < dimension; i++) {
      kinetic += momentum[i] * momentum[i];
    }
    double energyError = -proposalLogDensity + 0.5 * kinetic - startEnergy;
    if (!Double.isFinite(energyError)) {
      return reject(Double.POSITIVE_INFINITY);
    }
    lastEnergyError = energyError;
    lastAcceptanceProbability = energyError <= 0 ? 1.0 : Math.exp(-energyError);
    if (energyError <= 0 || rng.nextDouble() < lastAcceptanceProbability) {
      System.arraycopy(proposal, 0, x, 0, dimension);
      System.arraycopy(proposalGradient, 0, gradient, 0, dimension);
      logDensity = proposalLogDensity;
      accepted++;
      return true;
    }
    return false;
  }

  private boolean reject(double energyError) {
    lastEnergyError = energyError;
    lastAcceptanceProbability = 0.0;
    return false;
  }

  private static boolean isFinite(double value, double[] g) {
    if (!Double.isFinite(value)) {
      return false;
    }
    for (double gi : g) {
      if (!Double.isFinite(gi)) {
        return false;
      }
    }
    return true;
  }

  private void requireDimension(double[] a) {
    if (a.length != dimension) {
      throw new IllegalArgumentException("expected a vector of length " + dimension + ", got " + a.length);
    }
  }

  private void requireFinite() {
    if (!isFinite(logDensity, gradient)) {
      double bad = logDensity;
      logDensity = Double.NaN;
      throw new IllegalArgumentException("the log density or its gradient is not finite at the state (ln π = " + bad + ")");
    }
  }

  /** d. */
  public int dimension() {
    return dimension;
  }

  /** L. */
  public int leapfrogSteps() {
    return leapfrogSteps;
  }

  /**
   * The current state.
   *
   * @param out length d. Modified.
   */
  public void position(double[] out) {
    System.arraycopy(x, 0, out, 0, dimension);
  }

  /**
   * ∇ln π at the current state.
   *
   * @param out length d. Modified.
   */
  public void gradient(double[] out) {
    System.arraycopy(gradient, 0, out, 0, dimension);
  }

  /** ln π at the current state. */
  public double logDensity() {
    return logDensity;
  }

  /**
   * {@code min(1, exp(−ΔH))} of the last transition (0 for a divergent trajectory; NaN before the
   * first): a less noisy acceptance signal than the accept/reject outcome, for step-size tuning.
   */
  public double lastAcceptanceProbability() {
    return lastAcceptanceProbability;
  }

  /** ΔH = H(end) − H(start) of the last trajectory (+∞ for a divergent one; NaN before the first). */
  public double lastEnergyError() {
    return lastEnergyError;
  }

  /** Transitions accepted so far. */
  public long accepted() {
    return accepted;
  }

  /** Transitions made so far. */
  public long proposed() {
    return proposed;
  }

  /** Density evaluations so far (L per transition, plus one per evaluating {@link #setState}). */
  public long evaluations() {
    return evaluations;
  }
}
