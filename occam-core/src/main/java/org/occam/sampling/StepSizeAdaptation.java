package org.occam.sampling;

/**
 * Robbins–Monro tuning of an HMC step size toward a target acceptance rate (Robbins &amp; Monro
 * 1951; Andrieu &amp; Thoms 2008, "A tutorial on adaptive MCMC", section 4): after each transition
 * with acceptance probability {@code a_t = min(1, e^{−ΔH})},
 *
 * <pre>  ln ε_{t+1} = ln ε_t + γ_t (a_t − a*),   γ_t = γ₀ / (t + 1)^κ</pre>
 *
 * <p>Acceptance falls as ε grows, so this drives the mean acceptance to a*. With {@code κ ∈ (½, 1]}
 * the gains satisfy Σγ = ∞, Σγ² &lt; ∞ and ε converges for a fixed target; with {@code κ = 0} (a
 * constant gain) ε keeps tracking a target that drifts, as an annealed one does. The default a* =
 * 0.9 is the high acceptance Chen &amp; Welling ask of their AIS ground truth; 0.65 is the optimum
 * for long trajectories in high dimension (Beskos et al. 2013).
 *
 * <p>Adapting from a chain's own history and using the result in that same chain makes each
 * kernel π-invariant but the sequence of kernels depend on the past states. That is harmless for
 * an MCMC average once adaptation stops (or diminishes), but <em>not</em> for an annealed
 * importance weight: see {@link ParameterSpaceAis} for how the AIS
 * target tunes ε in a separate pilot run instead.
 */
public final class StepSizeAdaptation {
  private final double targetAcceptance;
  private final double gain;
  private final double decay;
  private double logStepSize;
  private long updates;

  /**
   * @param initialStepSize ε₀ &gt; 0
   * @param targetAcceptance a* in (0, 1)
   * @param gain γ₀ &gt; 0
   * @param decay κ in [0, 1]
   */
  public StepSizeAdaptation(double initialStepSize, double targetAcceptance, double gain, double decay) {
    if (!(initialStepSize > 0) || !Double.isFinite(initialStepSize)) {
      throw new IllegalArgumentException("the initial step size must be positive and finite, got " + initialStepSize);
    }
    if (!(targetAcceptance > 0 && targetAcceptance < 1)) {
      throw new IllegalArgumentException("the target acceptance must be in (0, 1), got " + targetAcceptance);
    }
    if (!(gain > 0) || !(decay >= 0 && decay <= 1)) {
      throw new IllegalArgumentException("need gain > 0 and decay in [0, 1], got " + gain + " and " + decay);
    }
    this.targetAcceptance = targetAcceptance;
    this.gain = gain;
    this.decay = decay;
    this.logStepSize = Math.log(initialStepSize);
  }

  /** The step size to use next. */
  public double stepSize() {
    return Math.exp(logStepSize);
  }

  /**
   * Moves ε after a transition.
   *
   * @param acceptanceProbability {@code min(1, e^{−ΔH})} of that transition, in [0, 1] (a NaN,
   *     from a trajectory that could not be evaluated, counts as 0)
   */
  public void update(double acceptanceProbability) {
    double a = Double.isNaN(acceptanceProbability) ? 0.0 : Math.min(1.0, Math.max(0.0, acceptanceProbability));
    double g = decay == 0 ? gain : gain / Math.pow(updates + 1, decay);
    logStepSize += g * (a - targetAcceptance);
    updates++;
  }

  /** a*. */
  public double targetAcceptance() {
    return targetAcceptance;
  }

  /** The number of updates so far. */
  public long updates() {
    return updates;
  }

  @Override
  public String toString() {
    return "StepSizeAdaptation[target=" + targetAcceptance + ", gain=" + gain + ", decay=" + decay + ", stepSize="
        + stepSize() + "]";
  }
}
